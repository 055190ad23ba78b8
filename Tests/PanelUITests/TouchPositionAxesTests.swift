import PanelTesting
import PanelUI
import Testing

// Touch axes as wired (issue 33): a device's position read from the axes a
// board names (TouchDeviceDescription.positionAxes), for the three
// protocols, and the one warning for position axes that never move.

private func axis(_ minimum: Int32, _ maximum: Int32, value: Int32 = 0) -> AbsoluteAxisInfo {
    AbsoluteAxisInfo(value: value, minimum: minimum, maximum: maximum)
}

/// A single-touch panel whose finger is on ABS_Z/ABS_RX (0…2047) while the
/// ABS_X/ABS_Y it also declares (0…32767) never move, as an eGalax through hid-generic.
private func zrxPanel(wired: Bool, pressure: Bool = false) -> TouchDeviceDescription {
    var device = TouchDeviceDescription(name: "eGalax Inc. USB TouchController")
    device.properties = 1 << UInt32(InputProperty.direct)
    device.keys = [KeyCode.touch]
    device.setAxis(AbsoluteAxis.x, axis(0, 32767))
    device.setAxis(AbsoluteAxis.y, axis(0, 32767))
    device.setAxis(0x02, axis(0, 2047))
    device.setAxis(0x03, axis(0, 2047))
    if pressure { device.setAxis(AbsoluteAxis.pressure, axis(0, 255)) }
    if wired { device.positionAxes = TouchPositionAxes(x: 0x02, y: 0x03) }
    return device
}

/// The decoder tests' event script (TouchDecoderTests), with a single-touch tap.
extension Script {
    /// A single-touch tap: down at (`x`, `y`) on the given axes, one move, up.
    mutating func tap(x: Int32, y: Int32, on axes: (UInt16, UInt16) = (0x02, 0x03)) {
        key(KeyCode.touch, 1)
        abs(axes.0, x)
        abs(axes.1, y)
        report()
        abs(axes.0, x + 3)
        report()
        key(KeyCode.touch, 0)
        report()
    }
}

private func frames(_ events: [InputEvent], _ decoder: TouchDecoder) -> [TouchFrame] {
    var frames: [TouchFrame] = []
    for event in events where decoder.decode(event) { frames.append(decoder.frame) }
    return frames
}

/// A decoder with its own warnings.
private func watched(_ device: TouchDeviceDescription) throws -> (TouchDecoder, RuntimeWarnings) {
    let decoder = try TouchDecoder(device: device)
    let warnings = RuntimeWarnings()
    decoder.warnings = warnings
    return (decoder, warnings)
}

@Suite("Touch axes as wired")
struct TouchPositionAxesTests {
    @Test("The kernel's axis names, both ways; codes it names none are written in hex")
    func names() {
        #expect(AbsoluteAxis.name(of: 0x02) == "ABS_Z" && AbsoluteAxis.name(of: 0x03) == "ABS_RX")
        #expect(AbsoluteAxis.code(named: "ABS_RX") == 3 && AbsoluteAxis.code(named: "ABS_MT_TOOL_Y") == 0x3d)
        #expect(AbsoluteAxis.code(named: "ABS_ZZ") == nil && AbsoluteAxis.code(named: "abs_z") == nil)
        #expect(AbsoluteAxis.describe(0x0b) == "0x0b" && AbsoluteAxis.describe(0x3f) == "0x3f")
        for code in AbsoluteAxis.namedCodes { #expect(AbsoluteAxis.code(named: AbsoluteAxis.describe(code)) == code) }
        #expect(AbsoluteAxis.namedCodes.count == 43)
    }

    @Test("Wired to ABS_Z/ABS_RX, a single-touch panel decodes and maps by those axes and their range")
    func singleTouchWired() throws {
        let device = zrxPanel(wired: true)
        #expect(device.touchProtocol == .singleTouch)
        #expect(device.touchPositionAxes == TouchPositionAxes(x: 2, y: 3))
        let path = try TouchInputPath(device: device, screenSize: Size(width: 800, height: 480))
        var script = Script()
        script.tap(x: 512, y: 1024)
        var points: [Point] = []
        for event in script.events where path.decode(event) {
            if path.frame.count == 1 { points.append(Point(x: path.frame[0].x, y: path.frame[0].y)) }
        }
        // 512 of 2048 across 800 points is 200; 1024 of 2048 down 480 is 240.
        #expect(points.first == Point(x: 200, y: 240))
        #expect(points.count == 2)
        // ABS_X and ABS_Y are not read at all now.
        let decoder = try TouchDecoder(device: device)
        var stray = Script()
        stray.key(KeyCode.touch, 1)
        stray.abs(0x02, 100)
        stray.abs(0x03, 200)
        stray.abs(AbsoluteAxis.x, 30000)
        stray.abs(AbsoluteAxis.y, 30000)
        stray.report()
        let frame = try #require(frames(stray.events, decoder).last)
        #expect(frame.count == 1 && frame[0].x == 100 && frame[0].y == 200)
    }

    @Test("Unwired, the same panel's touches all land at the origin: the bug this fixes")
    func singleTouchUnwired() throws {
        let path = try TouchInputPath(device: zrxPanel(wired: false), screenSize: Size(width: 800, height: 480))
        var script = Script()
        script.tap(x: 512, y: 1024)
        script.tap(x: 1500, y: 300)
        for event in script.events where path.decode(event) {
            if path.frame.count == 1 { #expect(path.frame[0].x == 0 && path.frame[0].y == 0) }
        }
    }

    @Test("Protocol B wired to other multitouch axes reads each slot's position from them")
    func protocolBWired() throws {
        var device = TouchDeviceDescription(name: "tool axes")
        device.keys = [KeyCode.touch]
        device.setAxis(AbsoluteAxis.multitouchSlot, axis(0, 4))
        device.setAxis(AbsoluteAxis.multitouchTrackingID, axis(0, 65535))
        device.setAxis(AbsoluteAxis.multitouchPositionX, axis(0, 99))
        device.setAxis(AbsoluteAxis.multitouchPositionY, axis(0, 99))
        device.setAxis(0x3c, axis(0, 799)) // ABS_MT_TOOL_X
        device.setAxis(0x3d, axis(0, 479)) // ABS_MT_TOOL_Y
        device.positionAxes = TouchPositionAxes(x: 0x3c, y: 0x3d)
        #expect(device.touchProtocol == .multitouchSlots)
        let decoder = try TouchDecoder(device: device)
        var script = Script()
        for (slot, id, x, y) in [(Int32(0), Int32(7), Int32(100), Int32(50)), (1, 8, 700, 400)] {
            script.abs(AbsoluteAxis.multitouchSlot, slot)
            script.abs(AbsoluteAxis.multitouchTrackingID, id)
            script.abs(0x3c, x)
            script.abs(0x3d, y)
            script.abs(AbsoluteAxis.multitouchPositionX, 1) // the other axes are not the position now
            script.abs(AbsoluteAxis.multitouchPositionY, 2)
        }
        script.report()
        let frame = try #require(frames(script.events, decoder).last)
        #expect(frame.count == 2)
        #expect(frame.contact(withID: 7).map { [$0.x, $0.y] } == [100, 50])
        #expect(frame.contact(withID: 8).map { [$0.x, $0.y] } == [700, 400])
        let transform = TouchTransform(device: device, screenSize: Size(width: 800, height: 480))
        #expect(transform.point(forDeviceX: 400, y: 240) == Point(x: 400, y: 240))
    }

    @Test("Protocol A wired to other multitouch axes closes contacts that hold those axes")
    func protocolAWired() throws {
        var device = TouchDeviceDescription(name: "anonymous tool axes")
        device.keys = [KeyCode.touch]
        device.setAxis(0x3c, axis(0, 799))
        device.setAxis(0x3d, axis(0, 479))
        device.positionAxes = TouchPositionAxes(x: 0x3c, y: 0x3d)
        #expect(device.touchProtocol == .multitouchAnonymous)
        let decoder = try TouchDecoder(device: device)
        var script = Script()
        for (x, y) in [(Int32(200), Int32(240)), (600, 250)] {
            script.abs(0x3c, x)
            script.abs(0x3d, y)
            script.sync(SynchronizationCode.multitouchReport)
        }
        script.report()
        let frame = try #require(frames(script.events, decoder).last)
        #expect(frame.count == 2)
        #expect([frame[0].x, frame[0].y, frame[1].x, frame[1].y] == [200, 240, 600, 250])
    }

    @Test("A device that lacks a wired axis, or a button for single-touch axes, is an error that says which")
    func wiredErrors() throws {
        var device = zrxPanel(wired: false)
        device.positionAxes = TouchPositionAxes(x: 0x02, y: 0x04)
        #expect(
            throws: TouchDeviceError(
                message: "device \"eGalax Inc. USB TouchController\" has no ABS_RY, the axis its "
                    + "position's y is wired to (the board's touch.axes); it has ABS_X, ABS_Y, ABS_Z, ABS_RX")
        ) {
            try TouchDecoder(device: device)
        }
        device.positionAxes = TouchPositionAxes(x: 0x02, y: 0x03)
        device.keys = []
        #expect(
            throws: TouchDeviceError(
                message: "device \"eGalax Inc. USB TouchController\" reports its position on ABS_Z and ABS_RX "
                    + "(the board's touch.axes), single-touch axes, but has neither BTN_TOUCH nor BTN_LEFT to say when a finger is down"
            )
        ) {
            try TouchDecoder(device: device)
        }
    }

    @Test(
        "Position axes that never move through three touches, while ABS_Z and ABS_RX do, are said once, naming the device, the axes and touch.axes"
    )
    func stillPositionSaidOnce() throws {
        let (decoder, warnings) = try watched(zrxPanel(wired: false))
        var script = Script()
        script.tap(x: 512, y: 1024)
        script.tap(x: 1500, y: 300)
        _ = frames(script.events, decoder)
        #expect(warnings.said.isEmpty, "two touches are not yet enough")
        script = Script()
        script.time = 1
        for i in 0..<5 { script.tap(x: 100 + Int32(i) * 300, y: 200) }
        _ = frames(script.events, decoder)
        #expect(warnings.said.count == 1)
        let warning = try #require(warnings.said.first)
        #expect(warning.kind == .stillTouchPosition)
        #expect(
            warning.message
                == "touch device \"eGalax Inc. USB TouchController\": its position axes ABS_X and ABS_Y never left 0, 0 "
                + "through 3 touches, while ABS_Z, ABS_RX moved: every touch lands at one point. If the panel reports its position on "
                + "those, name them in the board file's touch.axes, e.g. \"axes\": {\"x\": \"ABS_Z\", \"y\": \"ABS_RX\"} "
                + "(swapAxes if x and y turn out the other way round)")
        #expect(decoder.stillPositionTouches == 3)
    }

    @Test("One still axis is said with the line touches land on; pressure is named as moving but not suggested")
    func oneStillAxis() throws {
        var device = zrxPanel(wired: false, pressure: true)
        device.setAxis(AbsoluteAxis.y, axis(0, 2047, value: 100))
        let (decoder, warnings) = try watched(device)
        var script = Script()
        for i in 0..<3 {
            script.key(KeyCode.touch, 1)
            script.abs(0x02, 300 + Int32(i) * 500) // x on ABS_Z
            script.abs(AbsoluteAxis.y, 400 + Int32(i) * 200)
            script.abs(AbsoluteAxis.pressure, 90)
            script.report()
            script.key(KeyCode.touch, 0)
            script.abs(AbsoluteAxis.pressure, 0)
            script.report()
        }
        _ = frames(script.events, decoder)
        let message = try #require(warnings.said.first?.message)
        #expect(
            message.contains(
                "its x position axis ABS_X never left 0 through 3 touches, while ABS_Z, ABS_PRESSURE moved: "
                    + "every touch lands on one vertical line"), "\(message)")
        #expect(message.contains("\"axes\": {\"x\": \"ABS_Z\", \"y\": \"ABS_Y\"}"), "\(message)")
    }

    @Test("No warning when the position moves, when nothing else moves, or once the board wires the axes")
    func noFalseWarnings() throws {
        // A working single-touch panel tapped three times.
        var working = TouchDeviceDescription(name: "working")
        working.keys = [KeyCode.touch]
        working.setAxis(AbsoluteAxis.x, axis(0, 4095))
        working.setAxis(AbsoluteAxis.y, axis(0, 4095))
        working.setAxis(AbsoluteAxis.pressure, axis(0, 255))
        var script = Script()
        for i in 0..<4 {
            script.key(KeyCode.touch, 1)
            script.abs(AbsoluteAxis.x, 100 + Int32(i))
            script.abs(AbsoluteAxis.y, 200)
            script.abs(AbsoluteAxis.pressure, 50)
            script.report()
            script.key(KeyCode.touch, 0)
            script.abs(AbsoluteAxis.pressure, 0)
            script.report()
        }
        var (decoder, warnings) = try watched(working)
        _ = frames(script.events, decoder)
        #expect(warnings.said.isEmpty)

        // Three taps exactly where the panel's axes stood, nothing else moving: nothing to name.
        var still = TouchDeviceDescription(name: "still")
        still.keys = [KeyCode.touch]
        still.setAxis(AbsoluteAxis.x, axis(0, 4095, value: 7))
        still.setAxis(AbsoluteAxis.y, axis(0, 4095, value: 9))
        script = Script()
        for _ in 0..<4 {
            script.key(KeyCode.touch, 1)
            script.report()
            script.key(KeyCode.touch, 0)
            script.report()
        }
        (decoder, warnings) = try watched(still)
        _ = frames(script.events, decoder)
        #expect(warnings.said.isEmpty && decoder.stillPositionTouches == 4)

        // Wired: ABS_Z and ABS_RX are the position, and they move.
        (decoder, warnings) = try watched(zrxPanel(wired: true))
        script = Script()
        for i in 0..<4 { script.tap(x: 100 + Int32(i) * 300, y: 200) }
        _ = frames(script.events, decoder)
        #expect(warnings.said.isEmpty && decoder.stillPositionTouches == 0)
    }

    @Test("Protocol B slots whose positions never move, while the legacy ABS_X/ABS_Y do, are said and named")
    func stillSlots() throws {
        var device = TouchDeviceDescription(name: "slots")
        device.keys = [KeyCode.touch]
        device.setAxis(AbsoluteAxis.x, axis(0, 799))
        device.setAxis(AbsoluteAxis.y, axis(0, 479))
        device.setAxis(AbsoluteAxis.multitouchSlot, axis(0, 4))
        device.setAxis(AbsoluteAxis.multitouchTrackingID, axis(0, 65535))
        device.setAxis(AbsoluteAxis.multitouchPositionX, axis(0, 799))
        device.setAxis(AbsoluteAxis.multitouchPositionY, axis(0, 479))
        let (decoder, warnings) = try watched(device)
        var script = Script()
        for i in 0..<3 {
            script.abs(AbsoluteAxis.multitouchTrackingID, Int32(i))
            script.abs(AbsoluteAxis.x, 100 + Int32(i) * 100)
            script.abs(AbsoluteAxis.y, 200)
            script.report()
            script.abs(AbsoluteAxis.multitouchTrackingID, -1)
            script.report()
        }
        _ = frames(script.events, decoder)
        let message = try #require(warnings.said.first?.message)
        #expect(
            message.hasPrefix(
                "touch device \"slots\": its position axes ABS_MT_POSITION_X and ABS_MT_POSITION_Y never left 0, 0 "
                    + "through 3 touches, while ABS_X, ABS_Y moved"), "\(message)")
        #expect(message.contains("\"axes\": {\"x\": \"ABS_X\", \"y\": \"ABS_Y\"}"))
    }

    @Test("Protocol A contacts without a position still count as touches")
    func stillAnonymous() throws {
        var device = TouchDeviceDescription(name: "anonymous")
        device.keys = [KeyCode.touch]
        device.setAxis(AbsoluteAxis.multitouchPositionX, axis(0, 799))
        device.setAxis(AbsoluteAxis.multitouchPositionY, axis(0, 479))
        device.setAxis(0x3c, axis(0, 799))
        device.setAxis(0x3d, axis(0, 479))
        let (decoder, warnings) = try watched(device)
        var script = Script()
        for i in 0..<3 {
            script.abs(0x3c, 100 + Int32(i) * 100)
            script.abs(0x3d, 300)
            script.sync(SynchronizationCode.multitouchReport)
            script.report()
            script.key(KeyCode.touch, 0)
            script.sync(SynchronizationCode.multitouchReport)
            script.report()
        }
        _ = frames(script.events, decoder)
        let message = try #require(warnings.said.first?.message)
        #expect(message.contains("while ABS_MT_TOOL_X, ABS_MT_TOOL_Y moved"), "\(message)")
        #expect(message.contains("\"axes\": {\"x\": \"ABS_MT_TOOL_X\", \"y\": \"ABS_MT_TOOL_Y\"}"))
    }

    @Test("Rule 3: watching the axes allocates nothing per frame, before and after the warning")
    func watchingAllocatesNothing() throws {
        let (decoder, _) = try watched(zrxPanel(wired: false))
        var script = Script()
        for i in 0..<2 { script.tap(x: 100 + Int32(i) * 300, y: 200) }
        let warmUp = script.events
        script = Script()
        script.time = 1
        for i in 0..<6 { script.tap(x: 100 + Int32(i) * 300, y: 200) }
        for event in warmUp { _ = decoder.decode(event) }
        var allocations: [UInt64] = []
        for event in script.events {
            // The third lift builds the warning's text once: that frame is the only one that may allocate.
            let count = AllocationCounter.count { _ = decoder.decode(event) }
            if event.type == EventType.synchronization { allocations.append(count) }
        }
        #expect(allocations.count == 18)
        #expect(allocations.enumerated().allSatisfy { $0.offset == 2 || $0.element == 0 }, "\(allocations)")
    }
}
