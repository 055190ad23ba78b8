#!/usr/bin/env python3
"""Writes the synthetic quirk traces in this folder (run it from anywhere).

egalax_single-touch_abs-z-rx.evemu: an eGalax USB controller shaped as the
recording in issue 33 describes it: ABS_X/ABS_Y declared (0...32767) that never
move, the finger on ABS_Z and ABS_RX (0...2047). That is what hid-input makes of
a report descriptor with two X/Y pairs when it gives a usage whose axis is
taken the next free one (find_next_zero_bit in hidinput_configure_usage; in
current kernels only with HID_QUIRK_INCREMENT_USAGE_ON_DUPLICATE). One contact, down
while BTN_TOUCH is held, each tip switch change preceded by its MSC_SCAN,
frames every 10 ms with a few units of jitter. README.md says what it holds.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

NAME = "eGalax Inc. USB TouchController"
# code: (name, value at start, min, max)
AXES = {0x00: ("ABS_X", 0, 0, 32767), 0x01: ("ABS_Y", 0, 0, 32767),
        0x02: ("ABS_Z", 0, 0, 2047), 0x03: ("ABS_RX", 0, 0, 2047)}
SCAN_TIP_SWITCH = 0xD0042   # HID usage Digitizer / Tip Switch


def header():
    lines = ["# EVEMU 1.3",
             "# Kernel: 6.1.0-synthetic (written by Tests/Traces/Quirks/make-traces.py for PanelKit's tests)",
             "# Input device name: \"%s\"" % NAME,
             "# Input device ID: bus 0x03 vendor 0xeef product 0x01 version 0x100",
             "# Supported events:",
             "#   Event type 0 (EV_SYN)",
             "#     Event code 0 (SYN_REPORT)",
             "#     Event code 1 (SYN_CONFIG)",
             "#     Event code 2 (SYN_MT_REPORT)",
             "#     Event code 3 (SYN_DROPPED)",
             "#   Event type 1 (EV_KEY)",
             "#     Event code 330 (BTN_TOUCH)",
             "#   Event type 3 (EV_ABS)"]
    for code, (name, value, minimum, maximum) in sorted(AXES.items()):
        lines += ["#     Event code %d (%s)" % (code, name),
                  "#       Value   %6d" % value,
                  "#       Min     %6d" % minimum,
                  "#       Max     %6d" % maximum,
                  "#       Fuzz         0",
                  "#       Flat         0",
                  "#       Resolution   0"]
    lines += ["#   Event type 4 (EV_MSC)",
              "#     Event code 4 (MSC_SCAN)",
              "# Properties:",
              "#   Property  type 1 (INPUT_PROP_DIRECT)",
              "N: " + NAME,
              "I: 0003 0eef 0001 0100",
              "P: 02 00 00 00 00 00 00 00",
              "B: 00 1b 00 00 00 00 00 00 00"]
    # EV_KEY: 96 bytes; BTN_TOUCH (330) is bit 2 of byte 41.
    keys = [0] * 96
    keys[330 // 8] |= 1 << (330 % 8)
    for i in range(0, 96, 8):
        lines.append("B: 01 " + " ".join("%02x" % b for b in keys[i:i + 8]))
    lines += ["B: 02 00 00 00 00 00 00 00 00",
              "B: 03 0f 00 00 00 00 00 00 00",
              "B: 04 10 00 00 00 00 00 00 00",
              "B: 05 00 00 00 00 00 00 00 00",
              "B: 11 00 00 00 00 00 00 00 00",
              "B: 12 00 00 00 00 00 00 00 00",
              "B: 14 00 00 00 00 00 00 00 00",
              "B: 15 00 00 00 00 00 00 00 00",
              "B: 15 00 00 00 00 00 00 00 00"]
    for code, (name, value, minimum, maximum) in sorted(AXES.items()):
        lines.append("A: %02x %d %d 0 0 0" % (code, minimum, maximum))
    lines += ["################################",
              "#      Waiting for events      #",
              "################################"]
    return "\n".join(lines) + "\n"


class Trace:
    def __init__(self):
        self.lines = []
        self.last = None
        self.z = AXES[2][1]
        self.rx = AXES[3][1]

    def event(self, t, type_, code, value, name):
        family = {1: "EV_KEY", 3: "EV_ABS", 4: "EV_MSC"}[type_]
        self.lines.append("E: %.6f %04x %04x %04d\t# %s / %-18s %d" % (t, type_, code, value, family, name, value))

    def syn(self, t):
        delta = "" if self.last is None else " +%dms" % round((t - self.last) * 1000)
        self.lines.append("E: %.6f 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------%s" % (t, delta))
        self.last = t

    def position(self, t, z, rx):
        # The kernel passes on only the values that changed.
        if z != self.z:
            self.event(t, 3, 0x02, z, "ABS_Z")
            self.z = z
        if rx != self.rx:
            self.event(t, 3, 0x03, rx, "ABS_RX")
            self.rx = rx

    def touch(self, t, down, z=None, rx=None):
        self.event(t, 4, 0x04, SCAN_TIP_SWITCH, "MSC_SCAN")
        self.event(t, 1, 0x14A, 1 if down else 0, "BTN_TOUCH")
        if z is not None:
            self.position(t, z, rx)
        self.syn(t)

    def move(self, t, z, rx):
        self.position(t, z, rx)
        self.syn(t)

    def stroke(self, t, points):
        """Down at the first point, through the others 10 ms apart, lifted 10 ms after the last."""
        self.touch(t, True, *points[0])
        for i, (z, rx) in enumerate(points[1:], 1):
            self.move(t + 0.01 * i, z, rx)
        end = t + 0.01 * len(points)
        self.touch(end, False)
        return end

    def write(self, name):
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header())
            f.write("\n".join(self.lines) + "\n")


def egalax():
    trace = Trace()
    jitter = [(0, 0), (2, -1), (1, 1), (-1, 2)]
    # On an 800x480 screen, 2048 units a side: (x, y) in points is (z * 800 / 2048, rx * 480 / 2048).
    # Tap 1 at (200, 120): z 512, rx 512.
    t = trace.stroke(0.0, [(512 + dx, 512 + dy) for dx, dy in jitter])
    # Tap 2 at (600, 240): z 1536, rx 1024.
    t = trace.stroke(t + 0.3, [(1536 + dx, 1024 + dy) for dx, dy in jitter])
    # A drag along y 360 (rx 1536) from x 100 (z 256) to x 700 (z 1792), 16 steps of 96 units (37.5 points).
    t = trace.stroke(t + 0.3, [(256 + 96 * i, 1536) for i in range(17)])
    # Tap 3 at (400, 60): z 1024, rx 256.
    trace.stroke(t + 0.3, [(1024 + dx, 256 + dy) for dx, dy in jitter])
    trace.write("egalax_single-touch_abs-z-rx.evemu")


if __name__ == "__main__":
    egalax()
