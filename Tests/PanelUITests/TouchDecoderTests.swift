import PanelTesting
import PanelUI
import Testing

// Rules H1–H5 of docs/touch-rules.md, on event sequences built
// here. The recorded traces are decoded in PanelReplayTests/TraceDecodingTests.

// MARK: - Devices

private func axis(_ minimum: Int32, _ maximum: Int32, value: Int32 = 0) -> AbsoluteAxisInfo {
    AbsoluteAxisInfo(value: value, minimum: minimum, maximum: maximum)
}

/// An 800x480 protocol B panel that, like most, also sends the legacy single-touch events.
private func slotDevice(slots: Int32 = 5, currentSlot: Int32 = 0) -> TouchDeviceDescription {
    var device = TouchDeviceDescription(name: "slots")
    device.keys = [KeyCode.touch]
    device.setAxis(AbsoluteAxis.x, axis(0, 799))
    device.setAxis(AbsoluteAxis.y, axis(0, 479))
    device.setAxis(AbsoluteAxis.multitouchSlot, axis(0, slots - 1, value: currentSlot))
    device.setAxis(AbsoluteAxis.multitouchPositionX, axis(0, 799))
    device.setAxis(AbsoluteAxis.multitouchPositionY, axis(0, 479))
    device.setAxis(AbsoluteAxis.multitouchTrackingID, axis(0, 65535))
    device.setAxis(AbsoluteAxis.multitouchPressure, axis(0, 255))
    device.setAxis(AbsoluteAxis.multitouchTouchMajor, axis(0, 255))
    return device
}

/// An 800x480 protocol A panel, optionally with tracking ids.
private func anonymousDevice(trackingIDs: Bool = false) -> TouchDeviceDescription {
    var device = TouchDeviceDescription(name: "anonymous")
    device.keys = [KeyCode.touch]
    device.setAxis(AbsoluteAxis.multitouchPositionX, axis(0, 799))
    device.setAxis(AbsoluteAxis.multitouchPositionY, axis(0, 479))
    if trackingIDs { device.setAxis(AbsoluteAxis.multitouchTrackingID, axis(0, 65535)) }
    return device
}

/// A 4096x4096 resistive single-touch panel.
private func singleTouchDevice(button: UInt16 = KeyCode.touch, x: Int32 = 0, y: Int32 = 0) -> TouchDeviceDescription {
    var device = TouchDeviceDescription(name: "single")
    device.keys = [button]
    device.setAxis(AbsoluteAxis.x, axis(0, 4095, value: x))
    device.setAxis(AbsoluteAxis.y, axis(0, 4095, value: y))
    return device
}

// MARK: - Event scripts

/// Builds an event stream frame by frame; each `report()` closes a frame 10 ms after the last.
struct Script {
    var time = 0.0
    var events: [InputEvent] = []

    mutating func abs(_ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: time, type: EventType.absolute, code: code, value: value))
    }
    mutating func key(_ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: time, type: EventType.key, code: code, value: value))
    }
    mutating func sync(_ code: UInt16) {
        events.append(InputEvent(time: time, type: EventType.synchronization, code: code, value: 0))
    }
    mutating func report(after seconds: Double = 0.010) {
        sync(SynchronizationCode.report)
        time += seconds
    }
    /// Protocol B: select `slot` and set its tracking id and position.
    mutating func finger(slot: Int32, id: Int32, x: Int32, y: Int32) {
        abs(AbsoluteAxis.multitouchSlot, slot)
        abs(AbsoluteAxis.multitouchTrackingID, id)
        abs(AbsoluteAxis.multitouchPositionX, x)
        abs(AbsoluteAxis.multitouchPositionY, y)
    }
    /// Protocol A: one contact, closed by SYN_MT_REPORT.
    mutating func contact(x: Int32, y: Int32, trackingID: Int32? = nil) {
        if let trackingID { abs(AbsoluteAxis.multitouchTrackingID, trackingID) }
        abs(AbsoluteAxis.multitouchPositionX, x)
        abs(AbsoluteAxis.multitouchPositionY, y)
        sync(SynchronizationCode.multitouchReport)
    }
}

/// Feeds every event and returns the frames completed, in order.
private func decode(_ events: [InputEvent], with decoder: TouchDecoder) -> [TouchFrame] {
    var frames: [TouchFrame] = []
    for event in events where decoder.decode(event) {
        frames.append(decoder.frame)
    }
    return frames
}

private func ids(_ frame: TouchFrame) -> [Int32] {
    (0..<frame.count).map { frame[$0].id }
}

private func positions(_ frame: TouchFrame) -> [Point] {
    (0..<frame.count).map { Point(x: frame[$0].x, y: frame[$0].y) }
}

// MARK: - Tests

@Suite("Touch decoder")
struct TouchDecoderTests {
    // MARK: H1 protocols

    @Test("H1: protocol B reports every slot holding a tracking id as a contact at its position")
    func protocolBContacts() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        #expect(decoder.touchProtocol == .multitouchSlots)
        var script = Script()
        script.finger(slot: 0, id: 10, x: 100, y: 200)
        script.finger(slot: 1, id: 11, x: 300, y: 400)
        script.abs(AbsoluteAxis.multitouchPressure, 77)
        script.abs(AbsoluteAxis.multitouchTouchMajor, 30)
        script.report()
        script.abs(AbsoluteAxis.multitouchSlot, 0)
        script.abs(AbsoluteAxis.multitouchTrackingID, -1)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.count == 2)
        #expect(ids(frames[0]) == [10, 11])
        #expect(positions(frames[0]) == [Point(x: 100, y: 200), Point(x: 300, y: 400)])
        #expect(frames[0][1].pressure == 77)
        #expect(frames[0][1].majorRadius == 15, "majorRadius is half of ABS_MT_TOUCH_MAJOR")
        #expect(ids(frames[1]) == [11])
    }

    @Test(
        "H2, rule 5: fingers in undeclared slots and past a frame's 16 contacts are counted and said once, not dropped silently"
    )
    func ignoredContactsAreSaid() throws {
        let decoder = try TouchDecoder(device: slotDevice(slots: 32))
        let warnings = RuntimeWarnings()
        decoder.warnings = warnings
        var script = Script()
        for slot in Int32(0)..<20 { script.finger(slot: slot, id: 100 + slot, x: 10 * slot, y: 100) }
        script.finger(slot: 40, id: 999, x: 5, y: 5) // the device declared 32 slots
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.last?.count == TouchFrame.capacity)
        #expect(decoder.ignoredContacts == 5)
        #expect(warnings.said.count == 1 && warnings.said[0].kind == .contactCapacity)
    }

    @Test("H1: protocol B ignores the legacy ABS_X/ABS_Y/BTN_TOUCH events it also sends")
    func protocolBIgnoresLegacyEvents() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 5, x: 100, y: 100)
        script.key(KeyCode.touch, 1)
        script.abs(AbsoluteAxis.x, 700)
        script.abs(AbsoluteAxis.y, 400)
        script.report()
        script.key(KeyCode.touch, 0)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(positions(frames[0]) == [Point(x: 100, y: 100)])
        #expect(ids(frames[1]) == [5], "BTN_TOUCH 0 does not lift a slot; TRACKING_ID -1 does")
    }

    @Test("H1: protocol A closes one contact per SYN_MT_REPORT and the frame at SYN_REPORT")
    func protocolAContacts() throws {
        let decoder = try TouchDecoder(device: anonymousDevice())
        #expect(decoder.touchProtocol == .multitouchAnonymous)
        var script = Script()
        script.contact(x: 100, y: 100)
        script.contact(x: 600, y: 300)
        script.key(KeyCode.touch, 1)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.count == 1)
        #expect(positions(frames[0]) == [Point(x: 100, y: 100), Point(x: 600, y: 300)])
        #expect(Set(ids(frames[0])).count == 2, "each contact gets its own id")
    }

    @Test("H1: protocol A ignores a SYN_MT_REPORT without a position, and values no SYN_MT_REPORT closed")
    func protocolAEmptyReport() throws {
        let decoder = try TouchDecoder(device: anonymousDevice())
        var script = Script()
        script.sync(SynchronizationCode.multitouchReport)
        script.contact(x: 100, y: 100)
        script.abs(AbsoluteAxis.multitouchPositionY, 50) // Y alone: no position
        script.sync(SynchronizationCode.multitouchReport)
        script.abs(AbsoluteAxis.multitouchPositionX, 400) // never closed
        script.abs(AbsoluteAxis.multitouchPositionY, 400)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(positions(frames[0]) == [Point(x: 100, y: 100)])
    }

    @Test("H1: a protocol A frame without contacts, or with BTN_TOUCH 0, lifts every finger")
    func protocolALift() throws {
        let decoder = try TouchDecoder(device: anonymousDevice())
        var script = Script()
        script.contact(x: 100, y: 100)
        script.report()
        script.sync(SynchronizationCode.multitouchReport)
        script.report()
        script.contact(x: 100, y: 100)
        script.report()
        script.contact(x: 100, y: 100)
        script.key(KeyCode.touch, 0)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.map(\.count) == [1, 0, 1, 0])
    }

    @Test("H1: single touch reports one contact while BTN_TOUCH is down, with a new id for each press")
    func singleTouchPresses() throws {
        let decoder = try TouchDecoder(device: singleTouchDevice())
        #expect(decoder.touchProtocol == .singleTouch)
        var script = Script()
        script.key(KeyCode.touch, 1)
        script.abs(AbsoluteAxis.x, 1000)
        script.abs(AbsoluteAxis.y, 2000)
        script.report()
        script.abs(AbsoluteAxis.x, 1010)
        script.report()
        script.key(KeyCode.touch, 0)
        script.report()
        script.abs(AbsoluteAxis.x, 3000) // hovering moves do not touch
        script.report()
        script.key(KeyCode.touch, 1)
        script.report()
        script.key(KeyCode.touch, 0)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.map(\.count) == [1, 1, 0, 0, 1, 0])
        #expect(positions(frames[1]) == [Point(x: 1010, y: 2000)])
        #expect(positions(frames[4]) == [Point(x: 3000, y: 2000)])
        #expect(frames[0][0].id == frames[1][0].id)
        #expect(frames[4][0].id != frames[0][0].id)
    }

    @Test("H1: single touch uses BTN_LEFT when the device has no BTN_TOUCH")
    func singleTouchLeftButton() throws {
        let decoder = try TouchDecoder(device: singleTouchDevice(button: KeyCode.buttonLeft))
        var script = Script()
        script.abs(AbsoluteAxis.x, 100)
        script.abs(AbsoluteAxis.y, 200)
        script.key(KeyCode.buttonLeft, 1)
        script.report()
        script.key(KeyCode.buttonLeft, 0)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.map(\.count) == [1, 0])
        #expect(positions(frames[0]) == [Point(x: 100, y: 200)])
    }

    @Test("H1: single touch starts from the positions in the device description")
    func singleTouchInitialPosition() throws {
        let decoder = try TouchDecoder(device: singleTouchDevice(x: 1234, y: 567))
        var script = Script()
        script.key(KeyCode.touch, 1)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(positions(frames[0]) == [Point(x: 1234, y: 567)])
    }

    @Test("H1: a device without touch axes is refused with a message naming what was expected")
    func refusesDeviceWithoutTouchAxes() {
        var keyboard = TouchDeviceDescription(name: "X")
        keyboard.setAxis(AbsoluteAxis.x, axis(0, 100))
        keyboard.setAxis(AbsoluteAxis.y, axis(0, 100)) // no BTN_TOUCH or BTN_LEFT
        #expect(
            throws: TouchDeviceError(
                message: "device \"X\" reports no touch axes: expected "
                    + "ABS_MT_POSITION_X/Y, or ABS_X/Y with BTN_TOUCH or BTN_LEFT (it has ABS_X, ABS_Y)")
        ) {
            try TouchDecoder(device: keyboard)
        }
        // A touch button with its position on other axes: the board file's touch.axes is the fix.
        var egalax = TouchDeviceDescription(name: "Z")
        egalax.keys = [KeyCode.touch]
        egalax.setAxis(0x02, axis(0, 2047))
        egalax.setAxis(0x03, axis(0, 2047))
        #expect(
            throws: TouchDeviceError(
                message: "device \"Z\" reports no touch axes: expected "
                    + "ABS_MT_POSITION_X/Y, or ABS_X/Y with BTN_TOUCH or BTN_LEFT (it has ABS_Z, ABS_RX; a panel that reports "
                    + "its position on other axes needs them named in the board file's touch.axes)")
        ) {
            try TouchDecoder(device: egalax)
        }
    }

    @Test("H1: a position axis with an empty range is refused")
    func refusesEmptyRange() {
        var device = slotDevice()
        device.setAxis(AbsoluteAxis.multitouchPositionX, axis(800, 0))
        #expect(
            throws: TouchDeviceError(
                message: "device \"slots\" declares ABS_MT_POSITION_X range 800...0: "
                    + "expected minimum <= maximum")
        ) {
            try TouchDecoder(device: device)
        }
    }

    // MARK: H2 tracking ids and slots

    @Test("H2: the starting slot comes from the device, not 0")
    func startingSlotFromDevice() throws {
        let decoder = try TouchDecoder(device: slotDevice(currentSlot: 3))
        var script = Script()
        // No ABS_MT_SLOT: these go to slot 3.
        script.abs(AbsoluteAxis.multitouchTrackingID, 4711)
        script.abs(AbsoluteAxis.multitouchPositionX, 100)
        script.abs(AbsoluteAxis.multitouchPositionY, 100)
        script.report()
        script.finger(slot: 0, id: 4712, x: 500, y: 300)
        script.report()
        script.abs(AbsoluteAxis.multitouchSlot, 3)
        script.abs(AbsoluteAxis.multitouchTrackingID, -1)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(ids(frames[0]) == [4711])
        #expect(ids(frames[1]) == [4712, 4711], "slot 0 listed before slot 3, and 4711 was not overwritten")
        #expect(ids(frames[2]) == [4712], "lifting slot 3 lifts 4711")
    }

    @Test("H2: tracking ids are arbitrary non-negative numbers and become the contact ids")
    func arbitraryTrackingIDs() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 65535, x: 10, y: 10)
        script.finger(slot: 1, id: 0, x: 20, y: 20)
        script.finger(slot: 2, id: 13, x: 30, y: 30)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(ids(frames[0]) == [65535, 0, 13])
    }

    @Test("H5: a tracking id repeated in two slots is reported once, from the lower slot")
    func repeatedTrackingID() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 9, x: 100, y: 100)
        script.finger(slot: 1, id: 9, x: 300, y: 300)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(ids(frames[0]) == [9])
        #expect(positions(frames[0]) == [Point(x: 100, y: 100)])
    }

    @Test("H2: a slot whose tracking id changes without -1 ends one contact and starts another")
    func trackingIDReplacedInSlot() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 7, x: 100, y: 100)
        script.report()
        script.finger(slot: 0, id: 8, x: 400, y: 300)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(ids(frames[0]) == [7])
        #expect(ids(frames[1]) == [8])
        #expect(frames[1].contact(withID: 7) == nil)
    }

    @Test("H2: events for a slot beyond the slot axis are ignored until a valid ABS_MT_SLOT")
    func outOfRangeSlot() throws {
        let decoder = try TouchDecoder(device: slotDevice(slots: 2))
        var script = Script()
        script.finger(slot: 5, id: 99, x: 100, y: 100)
        script.abs(AbsoluteAxis.multitouchPositionX, 200)
        script.report()
        script.finger(slot: 1, id: 3, x: 300, y: 300)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames[0].isEmpty)
        #expect(ids(frames[1]) == [3])
        #expect(positions(frames[1]) == [Point(x: 300, y: 300)])
    }

    @Test("H2: a starting slot beyond the slot axis ignores events until a valid ABS_MT_SLOT")
    func outOfRangeStartingSlot() throws {
        let decoder = try TouchDecoder(device: slotDevice(slots: 2, currentSlot: 9))
        var script = Script()
        script.abs(AbsoluteAxis.multitouchTrackingID, 1)
        script.report()
        script.finger(slot: 0, id: 2, x: 1, y: 1)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames[0].isEmpty)
        #expect(ids(frames[1]) == [2])
    }

    // MARK: H3 still fingers

    @Test("H3: a still finger stays in every frame, however long it sends nothing; only TRACKING_ID -1 lifts it")
    func stillFingerIsNotLifted() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 1, x: 100, y: 100)
        script.finger(slot: 1, id: 2, x: 500, y: 100)
        script.report(after: 5.0)
        // Five seconds later, only finger 2 moves.
        script.abs(AbsoluteAxis.multitouchPositionX, 510)
        script.report(after: 30.0)
        script.report() // an empty frame, half a minute on
        script.abs(AbsoluteAxis.multitouchSlot, 0)
        script.abs(AbsoluteAxis.multitouchTrackingID, -1)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.map(ids) == [[1, 2], [1, 2], [1, 2], [2]])
        #expect(positions(frames[2]) == [Point(x: 100, y: 100), Point(x: 510, y: 100)])
    }

    @Test("H3: every SYN_REPORT completes a frame stamped with its time, even when nothing changed")
    func everyReportCompletesAFrame() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        let report = InputEvent(time: 12.5, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)
        #expect(decoder.decode(report))
        #expect(decoder.frame.timestamp == 12.5)
        #expect(decoder.frame.isEmpty)
        let move = InputEvent(time: 12.6, type: EventType.absolute, code: AbsoluteAxis.multitouchPositionX, value: 3)
        #expect(!decoder.decode(move))
        #expect(decoder.frame.timestamp == 12.5, "the frame changes only at SYN_REPORT")
    }

    // MARK: H4 SYN_DROPPED

    @Test("H4: SYN_DROPPED drops events until SYN_REPORT and flags the next frame as resynchronized")
    func synDropped() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 100, x: 200, y: 200)
        script.finger(slot: 1, id: 101, x: 600, y: 300)
        script.report()
        script.sync(SynchronizationCode.dropped)
        script.abs(AbsoluteAxis.multitouchSlot, 1)
        script.abs(AbsoluteAxis.multitouchPositionY, 450) // lost with its frame: must not count
        script.abs(AbsoluteAxis.multitouchTrackingID, -1)
        script.report() // ends the drop: no frame
        // The resync: 100 has lifted meanwhile, 101 moved along x.
        script.abs(AbsoluteAxis.multitouchSlot, 0)
        script.abs(AbsoluteAxis.multitouchTrackingID, -1)
        script.abs(AbsoluteAxis.multitouchSlot, 1)
        script.abs(AbsoluteAxis.multitouchPositionX, 580)
        script.report()
        script.abs(AbsoluteAxis.multitouchPositionX, 570)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.count == 3, "the SYN_REPORT that ends the drop completes no frame")
        #expect(frames.map(\.isResynchronized) == [false, true, false])
        #expect(ids(frames[1]) == [101])
        #expect(positions(frames[1]) == [Point(x: 580, y: 300)])
        #expect(decoder.droppedEventBursts == 1)
    }

    @Test("H4: SYN_DROPPED discards a protocol A frame in progress")
    func synDroppedProtocolA() throws {
        let decoder = try TouchDecoder(device: anonymousDevice())
        var script = Script()
        script.contact(x: 100, y: 100)
        script.report()
        script.contact(x: 700, y: 400)
        script.sync(SynchronizationCode.dropped)
        script.contact(x: 300, y: 300)
        script.report()
        script.contact(x: 110, y: 100)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.count == 2)
        #expect(positions(frames[1]) == [Point(x: 110, y: 100)])
        #expect(frames[1].isResynchronized)
        #expect(frames[1][0].id == frames[0][0].id)
    }

    @Test("H4: droppedEventBursts counts every SYN_DROPPED, also during a drop")
    func countsDrops() throws {
        let decoder = try TouchDecoder(device: singleTouchDevice())
        var script = Script()
        script.sync(SynchronizationCode.dropped)
        script.sync(SynchronizationCode.dropped)
        script.report()
        script.sync(SynchronizationCode.dropped)
        script.report()
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(decoder.droppedEventBursts == 3)
        #expect(frames.count == 1)
        #expect(frames[0].isResynchronized)
    }

    // MARK: H5 bad data

    @Test("H5: coordinates outside the axis range are clamped into it")
    func clampsCoordinates() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 1, x: -20, y: 500) // 20 and 20 units out: within 10%
        script.finger(slot: 1, id: 2, x: 830, y: -5)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(positions(frames[0]) == [Point(x: 0, y: 479), Point(x: 799, y: 0)])
    }

    @Test("H5: a contact more than 10% of the span outside the range is a ghost, left out while it stays out")
    func rejectsGhosts() throws {
        let decoder = try TouchDecoder(device: slotDevice())
        var script = Script()
        script.finger(slot: 0, id: 1, x: 400, y: 240)
        script.finger(slot: 1, id: 2, x: 799 + 81, y: 240) // 81 > 79.9 units out
        script.report()
        script.abs(AbsoluteAxis.multitouchPositionY, -48) // still out, on the other axis too
        script.report()
        script.abs(AbsoluteAxis.multitouchPositionX, 799 + 79)
        script.abs(AbsoluteAxis.multitouchPositionY, -47) // both within 10%: real again
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames.map(ids) == [[1], [1], [1, 2]])
        #expect(positions(frames[2])[1] == Point(x: 799, y: 0))
    }

    @Test("H5: ghosts are left out of single-touch and protocol A frames too")
    func rejectsGhostsOtherProtocols() throws {
        let single = try TouchDecoder(device: singleTouchDevice())
        var script = Script()
        script.key(KeyCode.touch, 1)
        script.abs(AbsoluteAxis.x, 9000)
        script.report()
        #expect(decode(script.events, with: single).map(\.count) == [0])

        let anonymous = try TouchDecoder(device: anonymousDevice())
        script = Script()
        script.contact(x: 100, y: 100)
        script.contact(x: 100, y: 1000)
        script.report()
        #expect(decode(script.events, with: anonymous).map(positions) == [[Point(x: 100, y: 100)]])
    }

    // MARK: Protocol A matching

    @Test("H1: protocol A keeps each finger's id across frames while the fingers move")
    func protocolAMatchingKeepsIDs() throws {
        let decoder = try TouchDecoder(device: anonymousDevice())
        var script = Script()
        script.contact(x: 100, y: 100)
        script.report()
        script.contact(x: 110, y: 104)
        script.contact(x: 600, y: 300) // lands
        script.report()
        script.contact(x: 590, y: 296) // listed first now
        script.contact(x: 120, y: 108)
        script.report()
        script.contact(x: 580, y: 292) // the first finger lifted
        script.report()
        let frames = decode(script.events, with: decoder)
        let first = frames[0][0].id
        let second = try #require(frames[1].count == 2 ? frames[1][1].id : nil)
        #expect(first != second)
        #expect(ids(frames[1]) == [first, second])
        #expect(ids(frames[2]) == [second, first])
        #expect(ids(frames[3]) == [second])
    }

    @Test("H1: protocol A pairs the closest fingers first when two move at once")
    func protocolAGlobalNearestPairs() throws {
        let decoder = try TouchDecoder(device: anonymousDevice())
        var script = Script()
        script.contact(x: 100, y: 100)
        script.contact(x: 160, y: 100)
        script.report()
        // The left finger moved 40 right, the right one 10 right. Greedy per contact in
        // list order would hand (140) to the nearer right finger (distance 20); the closest
        // pair overall is (170, right) at 10, which leaves (140, left) at 40.
        script.contact(x: 140, y: 100)
        script.contact(x: 170, y: 100)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(ids(frames[1]) == ids(frames[0]))
    }

    @Test("H1: a protocol A contact farther than a quarter of the panel from every finger is a new finger")
    func protocolAJumpIsNewFinger() throws {
        let decoder = try TouchDecoder(device: anonymousDevice())
        var script = Script()
        script.contact(x: 100, y: 100)
        script.report()
        script.contact(x: 100 + 201, y: 100) // a quarter of 799 is 199.75
        script.report()
        script.contact(x: 100 + 201 + 199, y: 100)
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames[1][0].id != frames[0][0].id)
        #expect(frames[2][0].id == frames[1][0].id)
    }

    @Test("H1: protocol A follows the device's tracking ids when it sends them, however far the finger moved")
    func protocolATrackingIDs() throws {
        let decoder = try TouchDecoder(device: anonymousDevice(trackingIDs: true))
        var script = Script()
        script.contact(x: 100, y: 100, trackingID: 40)
        script.contact(x: 700, y: 400, trackingID: 41)
        script.report()
        // They swapped places: distance would pair them the wrong way round.
        script.contact(x: 700, y: 400, trackingID: 40)
        script.contact(x: 100, y: 100, trackingID: 41)
        script.report()
        script.contact(x: 100, y: 100, trackingID: 42) // 41 lifted, 42 landed where it was
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(ids(frames[1]) == ids(frames[0]))
        #expect(frames[1][0].x == 700)
        #expect(!ids(frames[0]).contains(frames[2][0].id))
    }

    // MARK: Capacity and allocation

    @Test("A frame holds at most 16 contacts; the rest are dropped")
    func frameCapacity() throws {
        let decoder = try TouchDecoder(device: slotDevice(slots: 20))
        var script = Script()
        for slot in Int32(0)..<20 {
            script.finger(slot: slot, id: 1000 + slot, x: 10 * slot, y: 10)
        }
        script.report()
        let frames = decode(script.events, with: decoder)
        #expect(frames[0].count == TouchFrame.capacity)
        #expect(ids(frames[0]) == (1000..<1016).map { Int32($0) })
    }

    @Test("Slot storage is capped at 64 slots")
    func slotCap() throws {
        let decoder = try TouchDecoder(device: slotDevice(slots: 1000))
        var script = Script()
        script.finger(slot: 63, id: 1, x: 1, y: 1)
        script.finger(slot: 64, id: 2, x: 2, y: 2)
        script.report()
        #expect(decode(script.events, with: decoder).map(ids) == [[1]])
    }

    @Test("Decoding allocates nothing after init, in every protocol")
    func decodeDoesNotAllocate() throws {
        var slots = Script()
        for round in Int32(0)..<50 {
            slots.finger(slot: round % 5, id: round, x: 10 * round, y: 5 * round)
            slots.report()
            if round == 20 {
                slots.sync(SynchronizationCode.dropped)
                slots.report()
            }
        }
        var anonymous = Script()
        for round in Int32(0)..<50 {
            anonymous.contact(x: 10 * round, y: 100)
            anonymous.contact(x: 700 - 10 * round, y: 300)
            anonymous.report()
        }
        var single = Script()
        for round in Int32(0)..<50 {
            single.key(KeyCode.touch, round % 2)
            single.abs(AbsoluteAxis.x, 50 * round)
            single.report()
        }
        let cases = [
            (try TouchDecoder(device: slotDevice()), slots.events),
            (try TouchDecoder(device: anonymousDevice()), anonymous.events),
            (try TouchDecoder(device: singleTouchDevice()), single.events)
        ]
        for (decoder, events) in cases {
            // Count the second of two identical runs: the first instantiates generic
            // metadata (the buffer's iterator, for one), once per process.
            var allocations: UInt64 = 0
            var completed = 0
            for _ in 0..<2 {
                completed = 0
                allocations = events.withUnsafeBufferPointer { buffer in
                    AllocationCounter.count {
                        for event in buffer where decoder.decode(event) { completed += 1 }
                    }
                }
            }
            #expect(allocations == 0, "\(decoder.touchProtocol)")
            #expect(completed > 40)
        }
    }
}

@Suite("Device removal")
struct DeviceRemovalDecodingTests {
    @Test(
        "H4, rule 5: the kernel's release frame on unplug (SYN_REPORT value 1) cancels the touch, it does not lift it")
    func releaseFrameOnUnplugCancels() throws {
        var device = TouchDeviceDescription(name: "single")
        device.setAxis(AbsoluteAxis.x, AbsoluteAxisInfo(minimum: 0, maximum: 799))
        device.setAxis(AbsoluteAxis.y, AbsoluteAxisInfo(minimum: 0, maximum: 479))
        device.keys = [KeyCode.touch]
        let decoder = try TouchDecoder(device: device)
        func feed(_ type: UInt16, _ code: UInt16, _ value: Int32, at time: Double) -> Bool {
            decoder.decode(InputEvent(time: time, type: type, code: code, value: value))
        }
        _ = feed(EventType.absolute, AbsoluteAxis.x, 100, at: 0)
        _ = feed(EventType.absolute, AbsoluteAxis.y, 100, at: 0)
        _ = feed(EventType.key, KeyCode.touch, 1, at: 0)
        #expect(feed(EventType.synchronization, SynchronizationCode.report, 0, at: 0))
        #expect(decoder.frame.count == 1 && !decoder.frame.isResynchronized)
        // What the kernel sends as the device is unregistered.
        _ = feed(EventType.key, KeyCode.touch, 0, at: 0.5)
        #expect(feed(EventType.synchronization, SynchronizationCode.report, 1, at: 0.5))
        #expect(decoder.frame.count == 0)
        #expect(decoder.frame.isResynchronized) // the tracker cancels what vanished
    }
}
