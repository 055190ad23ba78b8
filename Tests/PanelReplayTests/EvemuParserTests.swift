import Glibc
import PanelTrace
import PanelUI
import Testing

// The evemu trace reader: the recordings' header and events, and one clear
// `<path>:<line>: <message>` error for each way a file can be wrong.

private let scrollDown = "edt-EP0430M09_protoB_2finger-scroll-down.evemu"
private let touchRelease = "edt-EP0430M09_protoB_2finger-touch-release.evemu"

/// Parses `text` as if it were the file `path`.
private func parse(_ text: String, path: String = "bad.evemu") -> Result<Trace, TraceError> {
    parse(bytes: Array(text.utf8), path: path)
}

private func parse(bytes: [UInt8], path: String = "bad.evemu") -> Result<Trace, TraceError> {
    bytes.withUnsafeBytes { buffer in
        do throws(TraceError) {
            return .success(try EvemuFormat.parse(buffer, path: path))
        } catch {
            return .failure(error)
        }
    }
}

/// The error's one-line description, or a note that parsing succeeded.
private func failure(_ text: String) -> String {
    switch parse(text) {
    case .success: "parsed without error"
    case .failure(let error): error.description
    }
}

/// A minimal description: 4 lines, so the first event is line 5.
private let header = """
    N: Test panel
    I: 0018 0000 0000 0000
    A: 35 0 799 0 0 0
    A: 36 0 479 0 0 0

    """

/// `count` valid events, 10 ms apart from `start`.
private func events(_ count: Int, start: Double = 0) -> String {
    var text = ""
    for index in 0..<count {
        let micros = Int((start + Double(index) * 0.01) * 1_000_000 + 0.5)
        let fraction = String(micros % 1_000_000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        text += "E: \(micros / 1_000_000).\(padded) 0000 0000 0000\n"
    }
    return text
}

@Suite("evemu traces")
struct EvemuParserTests {
    // MARK: The recorded traces

    @Test("Reads the EP0430M09 description: name, id, axes, INPUT_PROP_DIRECT and BTN_TOUCH")
    func recordedHeader() throws {
        let device = try Trace.load(path: TracePaths.url(scrollDown)).device
        #expect(device.name == "EP0430M09")
        #expect(device.busType == 0x18)
        #expect(device.vendor == 0 && device.product == 0 && device.version == 0)
        #expect(device.axis(AbsoluteAxis.multitouchPositionX)?.minimum == 0)
        #expect(device.axis(AbsoluteAxis.multitouchPositionX)?.maximum == 1279)
        #expect(device.axis(AbsoluteAxis.multitouchPositionY)?.maximum == 767)
        #expect(device.axis(AbsoluteAxis.x)?.maximum == 1279)
        #expect(device.axis(AbsoluteAxis.y)?.maximum == 767)
        #expect(device.axis(AbsoluteAxis.multitouchSlot)?.maximum == 4)
        #expect(device.axis(AbsoluteAxis.multitouchTrackingID)?.maximum == 65535)
        #expect(device.axis(AbsoluteAxis.multitouchPressure) == nil)
        #expect(device.properties == 1 << UInt32(InputProperty.direct))
        #expect(device.hasProperty(InputProperty.direct))
        #expect(device.keys == [KeyCode.touch])
        #expect(device.touchProtocol == .multitouchSlots)
    }

    @Test(
        "Reads every E: line: 695 and 58 events, each with its line number",
        arguments: [
            (scrollDown, 695, 104), (touchRelease, 58, 104)
        ])
    func recordedEvents(name: String, count: Int, firstEventLine: Int) throws {
        let trace = try Trace.load(path: TracePaths.url(name))
        #expect(trace.path == TracePaths.url(name))
        #expect(trace.events.count == count)
        #expect(trace.eventLines.count == count)
        #expect(trace.eventLines.first == firstEventLine)
        #expect(trace.eventLines == Array(firstEventLine..<(firstEventLine + count)))
        #expect(trace.events.last?.type == EventType.synchronization)
        #expect(trace.events.last?.code == SynchronizationCode.report)
    }

    @Test(
        "H2: the starting slot and other axis values come from the comment header's Value lines",
        arguments: [
            (scrollDown, Int32(3), Int32(274), Int32(349)),
            (touchRelease, Int32(0), Int32(608), Int32(126)),
            ("synthetic_protoB_start-slot-3.evemu", Int32(3), Int32(0), Int32(0))
        ])
    func headerValues(name: String, slot: Int32, x: Int32, y: Int32) throws {
        let device = try Trace.load(path: TracePaths.url(name)).device
        #expect(device.axis(AbsoluteAxis.multitouchSlot)?.value == slot)
        #expect(device.axis(AbsoluteAxis.x)?.value == x)
        #expect(device.axis(AbsoluteAxis.y)?.value == y)
    }

    @Test("Reads event fields: seconds with microseconds, hex type and code, decimal values such as -001")
    func eventFields() throws {
        let trace = try Trace.load(path: TracePaths.url(touchRelease))
        #expect(trace.events[0] == InputEvent(time: 0.000001, type: 3, code: 0x39, value: 1))
        #expect(trace.events[7] == InputEvent(time: 0.000001, type: 1, code: 0x14a, value: 1))
        #expect(trace.events[11] == InputEvent(time: 0.031808, type: 3, code: 0x2f, value: 0))
        let lifts = trace.events.filter { $0.code == AbsoluteAxis.multitouchTrackingID && $0.value == -1 }
        #expect(lifts.count == 2)
        #expect(trace.events.last?.time == 0.527810)
    }

    @Test("Reads every synthetic trace, with the protocol its description declares")
    func syntheticTraces() throws {
        let expected: [(name: String, touchProtocol: TouchProtocol, events: Int)] = [
            ("synthetic_protoA_two-fingers.evemu", .multitouchAnonymous, 88),
            ("synthetic_single-touch_tap-and-drag.evemu", .singleTouch, 94),
            ("synthetic_single-touch_btn-left.evemu", .singleTouch, 13),
            ("synthetic_protoB_syn-dropped.evemu", .multitouchSlots, 49),
            ("synthetic_protoB_start-slot-3.evemu", .multitouchSlots, 37)
        ]
        for (name, touchProtocol, count) in expected {
            let trace = try Trace.load(path: TracePaths.url(name))
            #expect(trace.device.touchProtocol == touchProtocol, "\(name)")
            #expect(trace.events.count == count, "\(name)")
        }
    }

    @Test("A BTN_LEFT-only device's B: 01 lines give exactly that key, and no properties")
    func leftButtonKeys() throws {
        let device = try Trace.load(path: TracePaths.url("synthetic_single-touch_btn-left.evemu")).device
        #expect(device.keys == [KeyCode.buttonLeft])
        #expect(device.properties == 0)
        #expect(device.axis(AbsoluteAxis.x)?.maximum == 1023)
        #expect(device.axis(AbsoluteAxis.y)?.maximum == 599)
    }

    // MARK: Format details

    @Test("Ignores comments after fields, blank lines, and CRLF line ends; keeps '#' in the device name")
    func commentsAndLineEnds() throws {
        let text =
            "# EVEMU 1.3\r\nN: Panel #2\r\nI: 0003 0eef 7777 0100   # USB\r\n\r\n"
            + "A: 35 0 4095 4 0 10\r\nA: 36 0 4095 4 0 10\r\n   \r\nE: 1.500000 0003 0035 -001\t# EV_ABS\r\n"
        let trace = try parse(text).get()
        #expect(trace.device.name == "Panel #2")
        #expect(trace.device.busType == 3 && trace.device.vendor == 0x0eef && trace.device.product == 0x7777)
        #expect(trace.device.version == 0x100)
        #expect(
            trace.device.axis(AbsoluteAxis.multitouchPositionX)
                == AbsoluteAxisInfo(minimum: 0, maximum: 4095, fuzz: 4, flat: 0, resolution: 10))
        #expect(trace.events == [InputEvent(time: 1.5, type: 3, code: 0x35, value: -1)])
        #expect(trace.eventLines == [8])
    }

    @Test("Accepts L: and S: lines, and format 1.1 A: lines without a resolution")
    func olderAndRarerLines() throws {
        let text =
            "N: Old\nI: 0011 0001 0001 ab41\nA: 00 0 1023 0 0\nA: 01 0 767 0 0\nL: 00 1\nS: 05 0\n"
            + events(1)
        let device = try parse(text).get().device
        #expect(device.axis(AbsoluteAxis.x) == AbsoluteAxisInfo(minimum: 0, maximum: 1023))
        #expect(device.version == 0xab41)
    }

    @Test("P: lines and B: lines of one type continue each other's bitmasks")
    func bitmasksConcatenate() throws {
        let text =
            "N: Masks\nI: 0000 0000 0000 0000\n"
            + "P: 03 00 00 00 00 00 00 00\nP: 00 00 00 00 00 00 00 00\n"
            + "B: 01 00 00 00 00 00 00 00 00\nB: 02 ff 00 00 00 00 00 00 00\n" // EV_REL bits: no keys
            + "B: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\n"
            + "B: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 01 00 00 00 00 00\n" // byte 34 bit 0: 0x110
            + "B: 01 00 04 00 00 00 00 00 00\n" // byte 41 bit 2: 0x14a
            + "A: 00 0 9 0 0 0\nA: 01 0 9 0 0 0\n" + events(1)
        let device = try parse(text).get().device
        #expect(device.properties == 0b11)
        #expect(device.keys == [KeyCode.buttonLeft, KeyCode.touch])
    }

    @Test("A TraceError describes itself as one line: <path>:<line>: <message>")
    func errorDescription() {
        let error = TraceError(path: "a/b.evemu", line: 12, message: "expected x, found y")
        #expect(error.description == "a/b.evemu:12: expected x, found y")
    }

    // MARK: Errors

    @Test("Error: a missing file names the path, line 0 and the system's reason")
    func missingFile() {
        #expect(
            throws: TraceError(
                path: "/nonexistent/trace.evemu", line: 0,
                message: "cannot open: No such file or directory")
        ) {
            try Trace.load(path: "/nonexistent/trace.evemu")
        }
    }

    @Test("Error: a directory cannot be read as a trace")
    func directoryIsNotATrace() {
        let directory = TracePaths.url("")
        #expect(
            throws: TraceError(
                path: directory, line: 0, message: "cannot read: it is a folder, not a regular file; give a file")
        ) {
            try Trace.load(path: directory)
        }
    }

    @Test("Error: an E: line cut short names its line and the four fields expected")
    func truncatedEventLine() {
        let text = header + events(37) + "E: 0.500000 0003 0035\n"
        #expect(failure(text) == "bad.evemu:42: expected 'E: <seconds> <type> <code> <value>' (4 fields), found 3")
        #expect(
            failure(header + "E: 0.5\n")
                == "bad.evemu:5: expected 'E: <seconds> <type> <code> <value>' (4 fields), found 1")
        #expect(
            failure(header + "E: 0.5 0003 0035 1 7\n")
                == "bad.evemu:5: expected 'E: <seconds> <type> <code> <value>' (4 fields), found 5")
    }

    @Test("Error: a file that ends after the device description has no events")
    func descriptionWithoutEvents() {
        #expect(
            failure(header) == "bad.evemu:4: no events: expected 'E: <seconds> <type> <code> <value>' "
                + "lines after the device description")
    }

    @Test("Error: events without a device description, or a description cut short")
    func missingDescription() {
        #expect(
            failure(events(2)) == "bad.evemu:1: event before the device description is complete: "
                + "expected 'N: <device name>', 'I:' and 'A:' lines before the first 'E:' line")
        #expect(
            failure("N: Panel\n" + events(1)) == "bad.evemu:2: event before the device description is "
                + "complete: expected 'I: <bus> <vendor> <product> <version>' before the first 'E:' line")
        #expect(
            failure("N: Panel\nI: 0 0 0 0\n" + events(1)) == "bad.evemu:3: event before the device "
                + "description is complete: expected 'A: <code> <min> <max> <fuzz> <flat> <resolution>' axis "
                + "lines before the first 'E:' line")
        #expect(
            failure("# EVEMU 1.3\n# only comments\n") == "bad.evemu:2: file ends before the device "
                + "description is complete: expected 'N: <device name>', 'I:' and 'A:' lines")
        #expect(
            failure("") == "bad.evemu:1: empty file; expected an evemu recording: 'N:', 'I:' and 'A:' "
                + "lines describing the device, then 'E:' event lines")
    }

    @Test("Error: description lines with the wrong number of fields say how many they need")
    func wrongFieldCounts() {
        #expect(
            failure("N: P\nI: 0018 0000\n")
                == "bad.evemu:2: expected 'I: <bus> <vendor> <product> <version>' (4 hex fields), found 2")
        #expect(
            failure("N: P\nP: 02 00 00\n")
                == "bad.evemu:2: expected 'P:' and 8 hex bytes of the INPUT_PROP bitmask, found 3 fields")
        #expect(
            failure("N: P\nB: 03 03 00 00 00 00 80 60\n")
                == "bad.evemu:2: expected 'B: <type>' and 8 hex bytes of its code bitmask (9 fields), found 8")
        #expect(
            failure("N: P\nI: 0 0 0 0\nA: 35 0 1279\n")
                == "bad.evemu:3: expected 'A: <code> <min> <max> <fuzz> <flat> <resolution>' (6 fields), found 3")
        #expect(failure("N: P\nL: 01\n") == "bad.evemu:2: expected 'L: <code> <state>' (2 fields), found 1")
        #expect(failure("N:   \n") == "bad.evemu:1: expected 'N: <device name>', found an empty name")
    }

    @Test("Error: an unknown event type is named in hex, with where the valid ones are defined")
    func unknownEventType() {
        let text = header + events(2) + "E: 0.100000 0099 0000 0\n"
        #expect(
            failure(text) == "bad.evemu:7: unknown event type 0x0099; expected one of "
                + "linux/input-event-codes.h's EV_* types")
    }

    @Test("Error: a value that is not a number names the field expected and what was found")
    func nonNumericValues() {
        #expect(
            failure(header + "E: 0.1 0003 zz 5\n")
                == "bad.evemu:5: expected an event code in hexadecimal (at most 0xffff), found 'zz'")
        #expect(
            failure(header + "E: 0.1 0003 10000 5\n")
                == "bad.evemu:5: expected an event code in hexadecimal (at most 0xffff), found '10000'")
        #expect(
            failure(header + "E: 0.1x 0003 0035 5\n")
                == "bad.evemu:5: expected a timestamp '<seconds>.<microseconds>', found '0.1x'")
        #expect(
            failure(header + "E: -1.0 0003 0035 5\n")
                == "bad.evemu:5: expected a timestamp '<seconds>.<microseconds>', found '-1.0'")
        #expect(
            failure(header + "E: 0.1 0003 0035 five\n")
                == "bad.evemu:5: expected the event value as a decimal integer, found 'five'")
        #expect(
            failure(header + "E: 0.1 0003 0035 2147483648\n")
                == "bad.evemu:5: expected the event value as a decimal integer, found '2147483648'")
        #expect(
            failure("N: P\nI: 0018 zzzz 0000 0000\n")
                == "bad.evemu:2: expected vendor id in hexadecimal (at most 0xffff), found 'zzzz'")
        #expect(
            failure("N: P\nP: 02 00 00 100 00 00 00 00\n")
                == "bad.evemu:2: expected a property bitmask byte in hexadecimal (at most 0xff), found '100'")
        #expect(
            failure("N: P\nI: 0 0 0 0\nA: 35 0 max 0 0 0\n")
                == "bad.evemu:3: expected the axis maximum as a decimal integer, found 'max'")
        #expect(
            failure("N: P\nI: 0 0 0 0\nA: 40 0 1 0 0 0\n")
                == "bad.evemu:3: expected an axis code in hexadecimal (at most 0x3f), found '40'")
        #expect(
            failure("N: P\nB: 20 00 00 00 00 00 00 00 00\n")
                == "bad.evemu:2: expected an event type in hexadecimal (at most 0x1f), found '20'")
    }

    @Test("Error: a timestamp earlier than the one before names both times and the earlier line")
    func timestampGoesBack() {
        let text = header + "E: 0.500000 0003 0035 1\nE: 0.500000 0000 0000 0\nE: 0.499999 0003 0035 2\n"
        #expect(
            failure(text) == "bad.evemu:7: timestamp 0.499999 is earlier than 0.500000 on line 6; "
                + "expected events in recording order")
    }

    @Test("Error: a line with an unknown prefix lists the prefixes expected")
    func unknownPrefix() {
        #expect(
            failure("N: P\nX: 1 2 3\n") == "bad.evemu:2: unknown line prefix 'X:'; expected '#', 'N:', "
                + "'I:', 'P:', 'B:', 'A:', 'L:', 'S:' or 'E:'")
        #expect(
            failure("N: P\nhello\n") == "bad.evemu:2: unrecognized line 'hello'; expected a line starting "
                + "with '#', 'N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:' or 'E:'")
    }

    @Test("Error: description lines out of order: before the name, twice, or after the events")
    func descriptionOrder() {
        #expect(
            failure("I: 0 0 0 0\nN: P\n")
                == "bad.evemu:1: 'I:' line before the device name; expected 'N: <device name>' first")
        #expect(
            failure("N: P\nN: Q\n") == "bad.evemu:2: second 'N:' line; expected one device description per recording")
        #expect(
            failure(header + "A: 35 0 1 0 0 0\n")
                == "bad.evemu:5: second 'A:' line for axis 0x35; expected one line per axis")
        #expect(
            failure(header + events(1) + "A: 00 0 1 0 0 0\n") == "bad.evemu:6: 'A:' line after the first "
                + "event; expected the device description (N:, I:, P:, B:, A:) before any 'E:' line")
    }

    @Test("Never traps on a recording cut anywhere: every prefix gives a Trace or a TraceError")
    func truncatedPrefixes() throws {
        let full = try Trace.load(path: TracePaths.url(touchRelease))
        let bytes = try #require(readBytes(TracePaths.url(touchRelease)))
        var traces = 0
        var errors = 0
        for cut in 0...bytes.count {
            switch parse(bytes: Array(bytes[0..<cut])) {
            case .success(let trace):
                traces += 1
                #expect(trace.events.count <= full.events.count)
            case .failure(let error):
                errors += 1
                #expect(error.line >= 1)
            }
        }
        #expect(traces > 0 && errors > 0)
        #expect(
            try parse(bytes: bytes).get()
                == Trace(
                    path: "bad.evemu", device: full.device,
                    events: full.events, eventLines: full.eventLines))
    }

    @Test("Never traps on corrupted bytes: random damage gives a Trace or a TraceError")
    func corruptedBytes() throws {
        let original = try #require(readBytes(TracePaths.url(touchRelease)))
        var random = SplitMix(seed: 0x5eed)
        let alphabet = Array("0123456789abcdefxz-+.: #\t\nEABINPLS\r".utf8) + [0x00, 0xff, 0xc3]
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            switch parse(bytes: bytes) {
            case .success(let trace): #expect(trace.events.count == trace.eventLines.count)
            case .failure(let error): #expect(error.line >= 1 && error.line <= 161)
            }
        }
    }
}

/// The file's bytes, read with the C library: independent of the loader under test.
private func readBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}

/// A small deterministic random number generator, so the damage is the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
