#!/usr/bin/env python3
"""Helpers for scripts/vm-test, standard library only (no PIL).

  images.py size IMAGE                       prints "W H" (PPM P6 or PNG)
  images.py stats IMAGE                      prints size, distinct colours, non-black pixels
  images.py compare A B MAX_CHANNEL MAX_FRACTION
        pixels whose largest channel difference exceeds MAX_CHANNEL count as
        different; passes (exit 0) when at most MAX_FRACTION of all pixels differ
  images.py differ A B MIN_FRACTION           exit 0 when at least MIN_FRACTION of pixels differ
  images.py readback TRACE RECORDED           the (type, code, value) events of an evemu
        trace against those evemu-record read back from the device
  images.py midtouch TRACE                    the trace cut after the frame in the middle of its
        longest stretch with a finger down (for the unplug test): the finger is
        still down when the cut trace ends
  images.py actions HEADLESS VM [all]         the action lines (with "all": touch, responder
        and action lines) of two JSON Lines logs, without their times
  images.py flood-down TRACE                 one finger down at the centre of the trace device's axes
  images.py flood TRACE FRAMES               FRAMES moves of that finger, then its lift, all at
        time 0 (evemu-play writes them without pausing): the SYN_DROPPED check
  images.py tap TRACE X Y [W H]               a whole trace (the device's description, then a
        tap at screen point X, Y of a W x H screen, default 800x480): the VT switch check
  images.py down TRACE X Y [W H]              the same with the finger left down: the read-error check
  images.py gestures TRACE W H GESTURE...     a whole trace of gestures on the trace's device for a
        W x H screen, each "tap X Y @T" or "swipe X1 Y1 X2 Y2 SECONDS @T" (a finger
        down at T, moved every 10 ms in a straight line, lifted where it ends;
        a short swipe is a fling): the fling check
  images.py edid HEX                          the preferred (first detailed) timing of an EDID
        given as hex: "WxH@REFRESH WxHmm"
  images.py black IMAGE                      exit 0 when every pixel is black (a blanked display)
  images.py idle-board BOARD NAME DIM BLANK MIN MAX DIM_BRIGHTNESS [WAKE_TOUCH]
        BOARD (a board file) renamed NAME, with "display.backlight" ("auto", raw levels MIN to
        MAX) and "idle" (dim after DIM s to DIM_BRIGHTNESS, blank after BLANK s, and the dimmed
        screen's wake touch, "swallow" or "deliver", when given): the blanking check
"""
import json
import re
import struct
import sys
import zlib


def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            while data[pos:pos + 1] not in (b"\n", b""):
                pos += 1
            continue
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    if fields[0] != b"P6":
        raise ValueError(f"{path}: not a binary PPM (P6)")
    w, h, maxval = int(fields[1]), int(fields[2]), int(fields[3])
    if maxval != 255:
        raise ValueError(f"{path}: PPM maxval {maxval}, expected 255")
    pixels = data[pos + 1:pos + 1 + w * h * 3]
    if len(pixels) != w * h * 3:
        raise ValueError(f"{path}: truncated PPM ({len(pixels)} of {w * h * 3} bytes)")
    return w, h, pixels


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read (depth {depth}, colour {colour})")
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = w * bpp
    out = bytearray()
    prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if bpp == 3:
            out += line
        else:
            for x in range(w):
                out += line[x * 4:x * 4 + 3]
    return w, h, bytes(out)


def read_image(path):
    with open(path, "rb") as f:
        head = f.read(2)
    return read_ppm(path) if head == b"P6" else read_png(path)


def diff_fraction(a, b, max_channel):
    wa, ha, pa = read_image(a)
    wb, hb, pb = read_image(b)
    if (wa, ha) != (wb, hb):
        print(f"size differs: {a} is {wa}x{ha}, {b} is {wb}x{hb}")
        return None
    n = wa * ha
    different = 0
    worst = 0
    x0, y0, x1, y1 = wa, ha, -1, -1
    for i in range(0, n * 3, 3):
        d = max(abs(pa[i] - pb[i]), abs(pa[i + 1] - pb[i + 1]), abs(pa[i + 2] - pb[i + 2]))
        if d > worst:
            worst = d
        if d > max_channel:
            different += 1
            x, y = (i // 3) % wa, (i // 3) // wa
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
    # Where they are: the box around every differing pixel.
    where = f", all within x {x0}-{x1}, y {y0}-{y1}" if different else ""
    print(f"{different} of {n} pixels differ by more than {max_channel} per channel "
          f"({100.0 * different / n:.3f}%), largest channel difference {worst}{where}")
    return different / n


def num(text):
    # evemu writes event types and codes in hex ("0003 0035").
    return int(text, 16)


def events(path, recorded):
    out = []
    for line in open(path, errors="replace"):
        if line.startswith("@@VM"):
            continue
        parts = line.split()
        if len(parts) >= 5 and parts[0] == "E:":
            out.append((num(parts[2]), num(parts[3]), int(parts[4])))
    return out


ABS_MT_SLOT, ABS_MT_FIRST, ABS_MT_LAST = 0x2f, 0x30, 0x3d


def kernel_filter(trace_path, evs):
    """What the kernel's input core (drivers/input/input.c, 6.1) passes on to
    readers when uinput is fed these events: axis fuzz smoothing, repeated axis
    values and key states dropped, ABS_MT_SLOT sent only before a slot's first
    real change, empty SYN_REPORT frames and SYN_DROPPED dropped."""
    fuzz, absbits, has_slots = {}, set(), False
    for line in open(trace_path, errors="replace"):
        parts = line.split()
        if parts[:1] == ["A:"]:
            code = int(parts[1], 16)
            fuzz[code] = int(parts[4])
            absbits.add(code)
    has_slots = ABS_MT_SLOT in absbits
    absval, slots, keys = {}, {}, set()
    slot, sent_slot = 0, 0
    out, frame = [], []

    def defuzz(value, old, f):
        if f:
            if old - f // 2 < value < old + f // 2:
                return old
            if old - f < value < old + f:
                return (old * 3 + value) // 4
            if old - f * 2 < value < old + f * 2:
                return (old + value) // 2
        return value

    for t, c, v in evs:
        if t == 0:
            if c == 0:  # SYN_REPORT
                if frame:
                    out.extend(frame + [(0, 0, 0)])
                frame = []
            elif c == 2:  # SYN_MT_REPORT
                frame.append((t, c, v))
            continue
        if t == 1:
            if v == 2 or (v != 0) == (c in keys):
                continue
            keys.symmetric_difference_update({c})
            frame.append((t, c, v))
            continue
        if t == 3:
            if c == ABS_MT_SLOT:
                slot = v
                continue
            mt = ABS_MT_FIRST <= c <= ABS_MT_LAST
            if mt and not has_slots:
                frame.append((t, c, v))
                continue
            store = slots.setdefault(slot, {}) if mt else absval
            old = store.get(c, -1 if c == 0x39 else 0)
            v = defuzz(v, old, fuzz.get(c, 0))
            if v == old:
                continue
            store[c] = v
            if mt and slot != sent_slot:
                sent_slot = slot
                frame.append((3, ABS_MT_SLOT, slot))
            frame.append((t, c, v))
            continue
        frame.append((t, c, v))
    return out


def axis_ranges(header):
    """{code: {"Min": m, "Max": M}} for each absolute axis an evemu header describes."""
    ranges, code = {}, None
    for line in header.splitlines():
        m = re.match(r"#\s+Event code (\d+) \((ABS_[A-Z_]+)\)", line)
        if m:
            code = int(m.group(1))
            continue
        m = re.match(r"#\s+(Min|Max)\s+(-?\d+)", line)
        if m and code is not None:
            ranges.setdefault(code, {})[m.group(1)] = int(m.group(2))
    return ranges


def main(argv):
    cmd = argv[1]
    if cmd == "size":
        w, h, _ = read_image(argv[2])
        print(w, h)
    elif cmd == "stats":
        w, h, p = read_image(argv[2])
        colours = {p[i:i + 3] for i in range(0, len(p), 3)}
        nonblack = sum(1 for i in range(0, len(p), 3) if p[i:i + 3] != b"\0\0\0")
        print(f"{w}x{h}, {len(colours)} colours, {nonblack} non-black pixels")
    elif cmd == "rotate":
        # rotate IN OUT.ppm DEGREES: IN turned DEGREES clockwise (0, 90, 180,
        # 270), as a panel mounted so shows a UI drawn upright (DisplayRotation).
        w, h, p = read_image(argv[2])
        turns = int(argv[4]) // 90 % 4
        for _ in range(turns):
            out = bytearray(w * h * 3)
            # Clockwise: logical (x, y) lands on (h - 1 - y, x) of an h-wide image.
            for y in range(h):
                for x in range(w):
                    i = (y * w + x) * 3
                    j = (x * h + (h - 1 - y)) * 3
                    out[j:j + 3] = p[i:i + 3]
            w, h, p = h, w, bytes(out)
        with open(argv[3], "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (w, h) + p)
    elif cmd == "black":
        w, h, p = read_image(argv[2])
        nonblack = sum(1 for i in range(0, len(p), 3) if p[i:i + 3] != b"\0\0\0")
        print(f"{w}x{h}, {nonblack} non-black pixels")
        return 0 if nonblack == 0 else 1
    elif cmd == "idle-board":
        board = json.load(open(argv[2]))
        board["name"] = argv[3]
        board["description"] = board["description"] + "; with an idle timer for scripts/vm-test's blanking check"
        board["display"]["backlight"] = {"device": "auto", "minimum": int(argv[6]), "maximum": int(argv[7])}
        idle = {"dimAfter": float(argv[4]), "dimBrightness": float(argv[8]), "blankAfter": float(argv[5])}
        if len(argv) > 9:
            idle["dimmedWakeTouch"] = argv[9]
        # "idle" before "sources", as the docs order them.
        out = {}
        for key, value in board.items():
            if key == "sources":
                out["idle"] = idle
            out[key] = value
        print(json.dumps(out, indent=2))
    elif cmd == "compare":
        frac = diff_fraction(argv[2], argv[3], int(argv[4]))
        return 0 if frac is not None and frac <= float(argv[5]) else 1
    elif cmd == "differ":
        frac = diff_fraction(argv[2], argv[3], 0)
        return 0 if frac is not None and frac >= float(argv[4]) else 1
    elif cmd == "readback":
        sent = events(argv[2], False)
        want = kernel_filter(argv[2], sent)
        got = events(argv[3], True)
        if want == got:
            print(f"the {len(got)} events read back are exactly what the input core makes of the trace's "
                  f"{len(sent)} (fuzz, repeats and empty frames filtered)")
            return 0
        print(f"trace has {len(sent)} events, the input core should pass {len(want)}, read back {len(got)}")
        for i, (a, b) in enumerate(zip(want, got)):
            if a != b:
                print(f"first difference at event {i}: trace {a}, read back {b}")
                break
        return 1
    elif cmd == "midtouch":
        slot, ids, keys, a_frame = 0, {}, set(), False
        down_since, best, t0 = None, (0.0, 0.0), None
        for line in open(argv[2], errors="replace"):
            parts = line.split()
            if len(parts) < 5 or parts[0] != "E:":
                continue
            t, typ, code, value = float(parts[1]), num(parts[2]), num(parts[3]), int(parts[4])
            t0 = t if t0 is None else t0
            if typ == 1 and code in (0x14a, 0x110):  # BTN_TOUCH, BTN_LEFT
                keys = keys | {code} if value else keys - {code}
            elif typ == 3 and code == 0x2f:
                slot = value
            elif typ == 3 and code == 0x39:
                ids[slot] = value
            elif typ == 3 and code in (0x35, 0x36):
                a_frame = True
            elif typ == 0 and code == 2:
                a_frame = True
            if typ == 0 and code == 0:
                down = bool(keys) or any(v >= 0 for v in ids.values())
                if down and down_since is None:
                    down_since = t
                elif not down and down_since is not None:
                    if t - down_since > best[1] - best[0]:
                        best = (down_since, t)
                    down_since = None
                a_frame = False
        middle = (best[0] + best[1]) / 2
        lines = open(argv[2], errors="replace").read().splitlines()
        for i, line in enumerate(lines):
            parts = line.split()
            if len(parts) >= 5 and parts[0] == "E:" and num(parts[2]) == 0 and num(parts[3]) == 0 \
                    and float(parts[1]) >= middle:
                print("\n".join(lines[:i + 1]))
                return 0
        print(f"{argv[2]}: no touch found", file=sys.stderr)
        return 1
    elif cmd in ("flood-down", "flood"):
        # Synthetic events for the SYN_DROPPED check, for the trace's device:
        #   flood-down TRACE        one finger down at the centre of the axes;
        #   flood TRACE FRAMES      FRAMES moves of that finger (each past the
        #                           axes' fuzz), then the lift. All at time 0,
        #                           so evemu-play writes them without pausing.
        header = open(argv[2], errors="replace").read()
        mt = "(ABS_MT_POSITION_X)" in header
        xs, ys = (0x35, 0x36) if mt else (0x00, 0x01)
        cx, cy = 2048, 2048
        ranges = axis_ranges(header)
        if xs in ranges and ys in ranges:
            cx = (ranges[xs]["Min"] + ranges[xs]["Max"]) // 2
            cy = (ranges[ys]["Min"] + ranges[ys]["Max"]) // 2
        out = []
        def ev(t, c, v):
            out.append(f"E: 0.000000 {t:04x} {c:04x} {v:04d}")
        if cmd == "flood-down":
            if mt:
                ev(3, 0x2f, 0); ev(3, 0x39, 1)
            ev(1, 0x14a, 1)
            ev(3, xs, cx); ev(3, ys, cy)
            ev(0, 0, 0)
        else:
            for i in range(int(argv[3])):
                if mt:
                    ev(3, 0x2f, 0)
                d = 40 if i % 2 == 0 else -40
                ev(3, xs, cx + d); ev(3, ys, cy - d)
                ev(0, 0, 0)
            if mt:
                ev(3, 0x2f, 0); ev(3, 0x39, -1)
            ev(1, 0x14a, 0)
            ev(0, 0, 0)
        print("\n".join(out))
    elif cmd in ("tap", "down"):
        # tap TRACE X Y [W H]: one tap at screen point (X, Y) of a W x H
        # screen (default 800x480) on the trace's device, its axes mapped
        # linearly onto the screen (no calibration): down at time 0, up 0.1 s
        # later (a tap, not a long press). down: the finger stays down.
        header = open(argv[2], errors="replace").read()
        x, y = float(argv[3]), float(argv[4])
        w, h = (float(argv[5]), float(argv[6])) if len(argv) > 6 else (800.0, 480.0)
        mt = "(ABS_MT_POSITION_X)" in header
        xs, ys = (0x35, 0x36) if mt else (0x00, 0x01)
        ranges = axis_ranges(header)
        def axis(c, v, size):
            lo, hi = ranges[c]["Min"], ranges[c]["Max"]
            return round(lo + v / size * (hi - lo))
        dx, dy = axis(xs, x, w), axis(ys, y, h)
        out = [line for line in header.splitlines() if not line.startswith("E:")]
        def ev(t, ty, c, v):
            out.append(f"E: {t:.6f} {ty:04x} {c:04x} {v:04d}")
        if mt:
            ev(0, 3, 0x2f, 0); ev(0, 3, 0x39, 100)
        ev(0, 1, 0x14a, 1)
        ev(0, 3, xs, dx); ev(0, 3, ys, dy)
        if mt:
            ev(0, 3, 0x00, dx) if 0x00 in ranges else None
            ev(0, 3, 0x01, dy) if 0x01 in ranges else None
        ev(0, 0, 0, 0)
        if cmd == "tap":
            if mt:
                ev(0.1, 3, 0x2f, 0); ev(0.1, 3, 0x39, -1)
            ev(0.1, 1, 0x14a, 0)
            ev(0.1, 0, 0, 0)
        print("\n".join(out))
    elif cmd == "gestures":
        header = open(argv[2], errors="replace").read()
        w, h = float(argv[3]), float(argv[4])
        mt = "(ABS_MT_POSITION_X)" in header
        xs, ys = (0x35, 0x36) if mt else (0x00, 0x01)
        ranges = axis_ranges(header)
        def axis(c, v, size):
            lo, hi = ranges[c]["Min"], ranges[c]["Max"]
            return round(lo + v / size * (hi - lo))
        out = [line for line in header.splitlines() if not line.startswith("E:")]
        def ev(t, ty, c, v):
            out.append(f"E: {t:.6f} {ty:04x} {c:04x} {v:04d}")
        def at(t, x, y, down=None):
            if mt:
                ev(t, 3, 0x2f, 0)
                if down:
                    ev(t, 3, 0x39, 100)
            if down:
                ev(t, 1, 0x14a, 1)
            ev(t, 3, xs, axis(xs, x, w)); ev(t, 3, ys, axis(ys, y, h))
            if mt and 0x00 in ranges and 0x01 in ranges:
                ev(t, 3, 0x00, axis(0x00, x, w)); ev(t, 3, 0x01, axis(0x01, y, h))
            ev(t, 0, 0, 0)
        def lift(t):
            if mt:
                ev(t, 3, 0x2f, 0); ev(t, 3, 0x39, -1)
            ev(t, 1, 0x14a, 0)
            ev(t, 0, 0, 0)
        for gesture in argv[5:]:
            words = gesture.split()
            start = float(words[-1].lstrip("@"))
            if words[0] == "tap":
                at(start, float(words[1]), float(words[2]), down=True)
                lift(start + 0.1)
            elif words[0] == "swipe":
                x1, y1, x2, y2, seconds = (float(v) for v in words[1:6])
                steps = max(1, round(seconds / 0.01))
                at(start, x1, y1, down=True)
                for i in range(1, steps + 1):
                    at(start + i * 0.01, x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps)
                lift(start + steps * 0.01)
            else:
                raise SystemExit(f"images.py gestures: unknown gesture '{gesture}' (tap X Y @T, swipe X1 Y1 X2 Y2 SECONDS @T)")
        print("\n".join(out))
    elif cmd == "edid":
        d = bytes.fromhex(argv[2])
        if len(d) < 128 or d[:8] != bytes.fromhex("00ffffffffffff00"):
            print(f"not an EDID ({len(d)} bytes)")
            return 1
        t = d[54:72]  # the first detailed timing descriptor: the preferred mode
        clock = (t[0] | t[1] << 8) * 10000
        ha, hb = t[2] | (t[4] >> 4) << 8, t[3] | (t[4] & 15) << 8
        va, vb = t[5] | (t[7] >> 4) << 8, t[6] | (t[7] & 15) << 8
        mm_w, mm_h = t[12] | (t[14] >> 4) << 8, t[13] | (t[14] & 15) << 8
        print(f"{ha}x{va}@{clock / ((ha + hb) * (va + vb)):.2f} {mm_w}x{mm_h}mm")
    elif cmd == "actions":
        kinds = ("touch", "responder", "action") if argv[4:5] == ["all"] else ("action",)
        def load(path):
            lines = []
            for line in open(path, errors="replace"):
                line = line.strip()
                if not line.startswith("{"):
                    continue
                try:
                    obj = json.loads(line)
                except ValueError:
                    continue
                # Touch phases, responder messages and control actions; not the
                # headless summary line. Times differ between runs, so "t" is left out.
                if obj.get("type") in kinds:
                    obj.pop("t", None)
                    lines.append(json.dumps(obj, sort_keys=True))
            return lines
        a, b = load(argv[2]), load(argv[3])
        def count(lines):
            found = [json.loads(x)["type"] for x in lines]
            return ", ".join(f"{found.count(k)} {k}" for k in kinds)
        if a == b:
            print(f"all {len(a)} lines match ({count(a)})" if a else
                  f"no {'/'.join(kinds)} lines in either log (this proves little)")
            return 0
        print(f"headless has {len(a)} lines ({count(a)}), the VM {len(b)} ({count(b)})")
        for i in range(max(len(a), len(b))):
            x = a[i] if i < len(a) else "(none)"
            y = b[i] if i < len(b) else "(none)"
            if x != y:
                print(f"first difference at line {i}:\n  headless: {x}\n  vm:       {y}")
                break
        return 1
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
