import PanelUI

/// Reads fuzz input as a touch device and a stream of kernel events.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    mutating func int16() -> Int16 { Int16(bitPattern: uint16()) }
}

/// The decoder fed random kernel event streams for a random device (protocol
/// B slots, protocol A, single touch), through the whole input path into an
/// application whose one view covers the screen. Invariant: every touch that
/// begins ends or is cancelled exactly once, `SYN_DROPPED` included, and at
/// the end (the device gone) nothing is left open.
enum DecoderCheck {
    static let screen = Size(width: 320, height: 200)

    static func device(_ input: inout ByteReader) -> TouchDeviceDescription {
        var device = TouchDeviceDescription(name: "fuzz")
        let kind = input.byte() % 3
        // Small ranges, empty ones included, and a start value (H2's slot) anywhere.
        let maxX = Int32(input.uint16() % 5000)
        let maxY = Int32(input.uint16() % 5000)
        let minX = Int32(input.int16() % 50)
        let minY = Int32(input.int16() % 50)
        switch kind {
        case 0, 1:
            device.setAxis(AbsoluteAxis.multitouchPositionX, AbsoluteAxisInfo(minimum: minX, maximum: maxX))
            device.setAxis(AbsoluteAxis.multitouchPositionY, AbsoluteAxisInfo(minimum: minY, maximum: maxY))
            if kind == 0 {
                let slots = Int32(input.byte() % 20)
                device.setAxis(
                    AbsoluteAxis.multitouchSlot,
                    AbsoluteAxisInfo(
                        value: Int32(input.byte() % 24) - 2, minimum: 0, maximum: slots, fuzz: 0, flat: 0, resolution: 0
                    ))
                device.setAxis(AbsoluteAxis.multitouchTrackingID, AbsoluteAxisInfo(minimum: 0, maximum: 65535))
            } else if input.byte() & 1 == 1 {
                device.setAxis(AbsoluteAxis.multitouchTrackingID, AbsoluteAxisInfo(minimum: 0, maximum: 65535))
            }
            device.setAxis(AbsoluteAxis.multitouchPressure, AbsoluteAxisInfo(minimum: 0, maximum: 255))
        default:
            device.setAxis(AbsoluteAxis.x, AbsoluteAxisInfo(minimum: minX, maximum: maxX))
            device.setAxis(AbsoluteAxis.y, AbsoluteAxisInfo(minimum: minY, maximum: maxY))
            device.keys = input.byte() & 1 == 1 ? [KeyCode.touch] : [KeyCode.buttonLeft]
        }
        return device
    }

    /// The next event: mostly the ones a touch panel sends, sometimes anything.
    static func event(_ input: inout ByteReader, time: inout Double) -> InputEvent {
        let kind = input.byte()
        let a = input.byte()
        let value = Int32(input.int16())
        func abs(_ code: UInt16, _ value: Int32) -> InputEvent {
            InputEvent(time: time, type: EventType.absolute, code: code, value: value)
        }
        switch kind % 16 {
        case 0, 1:
            time += Double(a) / 1000
            return InputEvent(
                time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: a == 255 ? 1 : 0)
        case 2:
            return InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.dropped, value: 0)
        case 3:
            return InputEvent(
                time: time, type: EventType.synchronization, code: SynchronizationCode.multitouchReport, value: 0)
        case 4: return abs(AbsoluteAxis.multitouchSlot, Int32(a % 24) - 2)
        case 5: return abs(AbsoluteAxis.multitouchTrackingID, a < 64 ? -1 : Int32(a % 40))
        case 6, 7: return abs(AbsoluteAxis.multitouchPositionX, value)
        case 8, 9: return abs(AbsoluteAxis.multitouchPositionY, value)
        case 10: return abs(a & 1 == 0 ? AbsoluteAxis.x : AbsoluteAxis.y, value)
        case 11:
            return InputEvent(
                time: time, type: EventType.key, code: a & 1 == 0 ? KeyCode.touch : KeyCode.buttonLeft,
                value: Int32(a >> 1 & 1))
        case 12: return abs(a & 1 == 0 ? AbsoluteAxis.multitouchPressure : AbsoluteAxis.pressure, value)
        case 13: return abs(AbsoluteAxis.multitouchTouchMajor, value)
        default:
            return InputEvent(
                time: time, type: UInt16(a % 0x20), code: UInt16(truncatingIfNeeded: value), value: Int32(input.int16())
            )
        }
    }

    static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzViolation) {
        var input = ByteReader(bytes: bytes)
        let device = device(&input)
        let path: TouchInputPath
        do throws(TouchDeviceError) {
            path = try TouchInputPath(device: device, screenSize: screen)
        } catch {
            return // a device the decoder refuses (an empty range): refused, not crashed
        }
        let application = Application(runLoop: RunLoop(manualClock: ManualClock(now: 0)))
        let probe = PhaseProbe()
        let window = Window(frame: Rect(origin: .zero, size: screen))
        let view = ProbeView(frame: Rect(origin: .zero, size: screen), name: "surface", probe: probe)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        application.addWindow(window)

        var time = 0.0
        var events = 0
        while !input.isAtEnd && events < 20_000 {
            let event = event(&input, time: &time)
            path.feed(event, to: application)
            events += 1
            for i in 0..<path.frame.count {
                for j in 0..<i where path.frame[i].id == path.frame[j].id {
                    throw FuzzViolation("a frame holds the contact id \(path.frame[i].id) twice")
                }
            }
        }
        // The device goes away: as a replay ends.
        application.runLoop.advance(to: time + 5)
        application.cancelTouches()
        application.runTurn()
        try finalChecks(application, probe: probe, states: nil)
    }

    /// What must hold once every finger is up and time has run out.
    static func finalChecks(_ application: Application, probe: PhaseProbe, states: StateProbe?) throws(FuzzViolation) {
        if let first = probe.violations.first { throw FuzzViolation(first + " (\(probe.violations.count) violations)") }
        if let first = states?.violations.first { throw FuzzViolation(first) }
        if probe.openCount != 0 {
            throw FuzzViolation(
                "\(probe.openCount) touches began in a view and never ended or were cancelled there "
                    + "(\(probe.began) began, \(probe.finished) finished)")
        }
        if !application.touchDispatcher.liveTouches.isEmpty {
            throw FuzzViolation("\(application.touchDispatcher.liveTouches.count) touches still live at the end")
        }
    }
}
