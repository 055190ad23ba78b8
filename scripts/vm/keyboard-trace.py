#!/usr/bin/env python3
"""Writes an evemu trace of a USB keyboard typing TEXT (US positions), each key
down and up 50 ms apart, then, with --hold CODE, that key pressed and never let
go (the VM test unplugs the keyboard then). No EV_REP: the kernel does not
autorepeat the held key, so the VM's presses equal a headless replay's.

    scripts/vm/keyboard-trace.py "Hello, world" --hold 30 > keyboard.evemu
"""
import sys

KEY_MAX = 0x2ff
LETTERS = {c: code for c, code in zip("qwertyuiop", range(16, 26))}
LETTERS.update({c: code for c, code in zip("asdfghjkl", range(30, 39))})
LETTERS.update({c: code for c, code in zip("zxcvbnm", range(44, 51))})
DIGITS = {c: code for c, code in zip("1234567890", range(2, 12))}
PLAIN = {" ": 57, ",": 51, ".": 52, "/": 53, ";": 39, "'": 40, "-": 12, "=": 13, "\n": 28}
SHIFTED = {"!": 2, "@": 3, "?": 53, ":": 39, "_": 12, "+": 13}
SHIFT = 42


def keys_for(char):
    """(code, shifted) for a character on a US keyboard."""
    if char in LETTERS:
        return LETTERS[char], False
    if char.lower() in LETTERS:
        return LETTERS[char.lower()], True
    if char in DIGITS:
        return DIGITS[char], False
    if char in PLAIN:
        return PLAIN[char], False
    if char in SHIFTED:
        return SHIFTED[char], True
    sys.exit("keyboard-trace.py: no US key types %r" % char)


def description(name):
    lines = ["# EVEMU 1.3",
             "# Written by scripts/vm/keyboard-trace.py for PanelKit's tests: a USB keyboard, keys 1-255, no autorepeat",
             "N: " + name,
             "I: 0003 1d6b 0104 0111",
             "P: 00 00 00 00 00 00 00 00",
             "B: 00 03 00 00 00 00 00 00 00"]   # EV_SYN, EV_KEY
    bits = bytearray((KEY_MAX + 8) // 8)
    for code in range(1, 256):
        bits[code // 8] |= 1 << (code % 8)
    for i in range(0, len(bits), 8):
        lines.append("B: 01 " + " ".join("%02x" % b for b in bits[i:i + 8]))
    for kind in ("02", "03", "04", "05", "11", "12", "14", "15", "15"):
        lines.append("B: %s 00 00 00 00 00 00 00 00" % kind)
    return lines


def main():
    args = sys.argv[1:]
    hold = None
    if "--hold" in args:
        i = args.index("--hold")
        hold = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    lines = description("PanelKit test keyboard")
    time = 0.5
    events = []

    def key(code, value):
        nonlocal time
        events.append("E: %.6f 0001 %04x %04d" % (time, code, value))
        events.append("E: %.6f 0000 0000 0000" % time)
        time += 0.05

    for char in args[0]:
        code, shifted = keys_for(char)
        if shifted:
            key(SHIFT, 1)
        key(code, 1)
        key(code, 0)
        if shifted:
            key(SHIFT, 0)
    if hold is not None:
        key(hold, 1)
    print("\n".join(lines + events))


main()
