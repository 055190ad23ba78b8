#!/usr/bin/env python3
"""Writes the synthetic scroll traces in this folder (run it from anywhere).

Protocol B, one finger, on the 800x480 panel of synthetic_protoB_syn-dropped.evemu
(same header), frames every 10 ms. Each trace drives assets/scenes/scroll.json;
README.md says what each one holds and what its replay shows.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "synthetic_protoB_syn-dropped.evemu")

NAMES = {(3, 0x39): "ABS_MT_TRACKING_ID", (3, 0x35): "ABS_MT_POSITION_X", (3, 0x36): "ABS_MT_POSITION_Y",
         (1, 0x14a): "BTN_TOUCH", (3, 0): "ABS_X", (3, 1): "ABS_Y"}


def header():
    lines = []
    with open(SOURCE) as f:
        for line in f:
            if line.startswith("E:"):
                break
            lines.append(line)
    return "".join(lines)


class Trace:
    def __init__(self):
        self.lines = []
        self.last = None
        self.tracking = 200

    def event(self, t, type_, code, value):
        name = NAMES[(type_, code)]
        family = "EV_ABS" if type_ == 3 else "EV_KEY"
        text = "-001" if value == -1 else "%04d" % value
        self.lines.append("E: %.6f %04x %04x %s\t# %s / %-18s %d" % (t, type_, code, text, family, name, value))

    def syn(self, t):
        delta = "" if self.last is None else " +%dms" % round((t - self.last) * 1000)
        self.lines.append("E: %.6f 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------%s" % (t, delta))
        self.last = t

    def down(self, t, x, y):
        self.tracking += 1
        self.event(t, 3, 0x39, self.tracking)
        self.event(t, 3, 0x35, x)
        self.event(t, 3, 0x36, y)
        self.event(t, 1, 0x14a, 1)
        self.event(t, 3, 0, x)
        self.event(t, 3, 1, y)
        self.syn(t)

    def move(self, t, x, y):
        self.event(t, 3, 0x35, x)
        self.event(t, 3, 0x36, y)
        self.event(t, 3, 0, x)
        self.event(t, 3, 1, y)
        self.syn(t)

    def up(self, t):
        self.event(t, 3, 0x39, -1)
        self.event(t, 1, 0x14a, 0)
        self.syn(t)

    def drag(self, t, x, y, dx, dy, frames, hold=0.0):
        """Down at (x, y) at t, still for `hold` seconds, then `frames` moves of (dx, dy) 10 ms apart, then the lift."""
        self.down(t, x, y)
        t += hold
        for i in range(1, frames + 1):
            self.move(t + 0.01 * i, round(x + dx * i), round(y + dy * i))
        end = t + 0.01 * (frames + 1)
        self.up(end)
        return end

    def idle(self, t):
        """An empty frame: nothing changes, but the replay's clock runs to t (a deceleration's end)."""
        self.syn(t)

    def write(self, name):
        with open(os.path.join(HERE, name + ".evemu"), "w") as f:
            f.write(header())
            f.write("\n".join(self.lines) + "\n")


OK = (210, 355)      # the button "ok" in the vertical list
GO = (600, 355)      # the button "go" in the feed (touchesShouldCancel: always)
STRIP = (300, 220)   # the horizontal pager "strip" inside the list

t = Trace()
t.down(0.0, *OK)
t.up(0.06)
t.write("scroll_tap-button")

t = Trace()
end = t.drag(0.0, OK[0], OK[1], 0, -12, 20)
t.idle(end + 5)
t.write("scroll_drag-from-button")

t = Trace()
t.drag(0.0, OK[0], OK[1], 0, -10, 15, hold=0.3)
t.write("scroll_hold-then-drag")

t = Trace()
end = t.drag(0.0, GO[0], GO[1], 0, -10, 15, hold=0.3)
t.idle(end + 5)
t.write("scroll_hold-then-drag-cancels")

t = Trace()
end = t.drag(0.0, STRIP[0], STRIP[1], -15, 0.5, 14)
end = t.drag(end + 1.5, STRIP[0] - 90, STRIP[1], 0.5, -12, 15)
t.idle(end + 5)
t.write("scroll_nested")
