#!/usr/bin/env python3
"""log-prefix.py PANEL_LOG REPLAY_LOG: whether the replay's JSON Lines log
begins with the panel's, line for line, times aside (the panel's clock is the
kernel's, the replay's the trace's) and the serial console's CRs aside.
Prints how many lines matched, or the first that differs (exit 1)."""
import json
import sys


def events(path):
    lines = []
    for line in open(path, errors="replace"):
        line = line.strip()
        if not line.startswith("{"):
            continue
        entry = json.loads(line)
        entry.pop("t", None)
        lines.append(json.dumps(entry, sort_keys=True))
    return lines


panel, replay = events(sys.argv[1]), events(sys.argv[2])
if not panel:
    sys.exit(f"{sys.argv[1]} has no log lines")
if replay[:len(panel)] != panel:
    for i, (a, b) in enumerate(zip(panel, replay)):
        if a != b:
            sys.exit(f"line {i + 1}: the panel logged {a}, the replay {b}")
    sys.exit(f"the replay logged {len(replay)} lines, the panel {len(panel)}")
print(f"{len(panel)} lines as the panel logged them (times aside)")
