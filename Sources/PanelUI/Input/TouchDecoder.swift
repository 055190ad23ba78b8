/// Why a `TouchDecoder` cannot decode a device: what is wrong and what was expected.
public struct TouchDeviceError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Turns kernel input events into `TouchFrame`s: one frame per `SYN_REPORT`,
/// holding every finger on the surface in device units (H1–H5).
///
/// Feed events in order to `decode(_:)`. When it returns true, `frame` holds
/// the finished frame until the next one completes. All storage is sized at init;
/// decoding never allocates.
///
/// - Protocol B (slots): contact ids are the device's tracking ids (H2). The slot
///   at start-up is the description's `ABS_MT_SLOT` value, never assumed 0.
///   Slot state persists between frames, since a still finger sends nothing (H3).
///   The legacy `ABS_X/ABS_Y/BTN_TOUCH` events that such devices also send are ignored.
/// - Protocol A (anonymous contacts): every frame lists all contacts again. Contacts
///   keep their id across frames by the device's `ABS_MT_TRACKING_ID` when it sends
///   one, otherwise by nearest neighbour within `maximumMatchDistanceFraction` of
///   the larger axis span. New contacts get fresh ids from a counter.
/// - Single touch: one contact while `BTN_TOUCH` (or `BTN_LEFT`, for devices without
///   `BTN_TOUCH`) is down, with a new id for every press.
///
/// `SYN_DROPPED` (H4): every event up to and including the next `SYN_REPORT` is
/// ignored; the frame after that is the device's re-synced state and is flagged
/// `TouchFrame.isResynchronized`. Coordinates are clamped into the declared axis
/// range, and contacts farther outside it than `ghostMarginFraction` of the span are
/// ghosts, left out of the frame (H5).
///
/// Position comes from the description's `TouchDeviceDescription.touchPositionAxes`:
/// the protocol's own axes, or those a board wires it to (`touch.axes`). A
/// device whose position axes never move while its touches go down and up
/// (`stillPositionTouchLimit` times), while another absolute axis does, is
/// said once (`RuntimeWarning.Kind.stillTouchPosition`): every touch lands at
/// one place, and the warning names the axes that moved and the key to set.
package final class TouchDecoder {
    /// The most protocol-B slots tracked; events for higher slots are ignored.
    package static let maximumSlotCount = 64
    /// A contact more than this fraction of the axis span outside the declared range
    /// is a ghost (H5). Real panels overshoot by a few units at the edges; a tenth of
    /// the span is far beyond that and still catches the wild values of a glitch.
    package static let ghostMarginFraction = 0.10
    /// Protocol A contacts farther apart than this fraction of the larger axis span
    /// between two frames are different fingers. A quarter of the panel in one frame
    /// (10 ms at 100 Hz) is faster than any swipe, yet two fingers rarely sit closer
    /// than that when one lifts and another lands in the same frame.
    package static let maximumMatchDistanceFraction = 0.25
    /// Lifts after which position axes that never left their value at start,
    /// while another absolute axis moved, are said. One or two still touches
    /// can be a finger landing where the last one left off; three are not.
    package static let stillPositionTouchLimit = 3

    /// How the device reports touches.
    package let touchProtocol: TouchProtocol
    // The decoder's state skips the dynamic exclusivity check: it changes only
    // inside `decode(_:)`, one field or slot at a time, and the one call out
    // (a warning, which may reach app code) holds no access to it.

    /// The last completed frame: the fingers on the surface, in device units,
    /// stamped with its `SYN_REPORT`'s time.
    @exclusivity(unchecked) public internal(set) var frame = TouchFrame()
    /// How many `SYN_DROPPED` events the device sent: each one lost events (H4).
    @exclusivity(unchecked) public internal(set) var droppedEventBursts = 0
    /// Contacts left out because the device put them in a slot it did not
    /// declare, or a frame held more than `TouchFrame.capacity`.
    @exclusivity(unchecked) public internal(set) var ignoredContacts = 0
    /// Where the first ignored contact is said (once); the application's, set
    /// by `TouchInputPath.feed(_:to:)` or by the host.
    @exclusivity(unchecked) public var warnings: RuntimeWarnings?

    /// The device's name, for what the decoder says about it.
    package let deviceName: String
    /// The `ABS_*` codes read as the position (the description's `TouchDeviceDescription.touchPositionAxes`).
    package let positionAxes: TouchPositionAxes
    @usableFromInline let xCode: UInt16
    @usableFromInline let yCode: UInt16
    @usableFromInline let xBounds: AxisBounds
    @usableFromInline let yBounds: AxisBounds
    /// Set from `SYN_DROPPED` to the next `SYN_REPORT`: those events are ignored.
    @exclusivity(unchecked) @usableFromInline var isDiscardingUntilReport = false
    @exclusivity(unchecked) @usableFromInline var nextFrameIsResynchronized = false

    // Protocol B.
    @exclusivity(unchecked) @usableFromInline var slots: InlineArray<64, SlotState>
    @usableFromInline let slotCount: Int
    /// -1 while the device points at a slot beyond `slotCount`.
    @exclusivity(unchecked) @usableFromInline var currentSlot: Int

    // Protocol A.
    @exclusivity(unchecked) @usableFromInline var pendingContact = AnonymousContact()
    @exclusivity(unchecked) @usableFromInline var reportedContacts: InlineArray<16, AnonymousContact>
    @exclusivity(unchecked) @usableFromInline var reportedCount = 0
    @exclusivity(unchecked) @usableFromInline var touchReleasedInFrame = false
    /// The device tracking id behind each contact of `frame` (-1: none).
    @exclusivity(unchecked) @usableFromInline var previousTrackingIDs: InlineArray<16, Int32>
    @exclusivity(unchecked) @usableFromInline var nextContactID: Int32 = 0
    @usableFromInline let maximumMatchDistanceSquared: Double

    // Single touch.
    @usableFromInline let buttonCode: UInt16
    @exclusivity(unchecked) @usableFromInline var isButtonDown = false
    @exclusivity(unchecked) @usableFromInline var singleContactID: Int32 = -1
    @exclusivity(unchecked) @usableFromInline var singleX: Int32
    @exclusivity(unchecked) @usableFromInline var singleY: Int32
    @exclusivity(unchecked) @usableFromInline var singlePressure: Int32

    // Watching for position axes that never move (until both have, or it is said).
    /// Lifts seen while a position axis had not yet left its value at start.
    @exclusivity(unchecked) public internal(set) var stillPositionTouches = 0
    @exclusivity(unchecked) @usableFromInline var isWatchingPosition = true
    /// Bit 0: x left its value at start; bit 1: y did.
    @exclusivity(unchecked) @usableFromInline var positionAxesMoved: UInt8 = 0
    /// Bit `code`: that absolute axis (not the position's, slot or tracking id) left its value at start.
    @exclusivity(unchecked) @usableFromInline var otherAxesMoved: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var wasTouching = false
    /// Protocol A: a `SYN_MT_REPORT` closed a contact (with or without a position) in this frame.
    @exclusivity(unchecked) @usableFromInline var anonymousContactInFrame = false
    /// Each axis's value at start, by code.
    @usableFromInline let axisStartValues: InlineArray<64, Int32>

    /// Prepares a decoder for `device`.
    ///
    /// - Throws: `TouchDeviceError` when the device reports no touch axes, or
    ///   declares a position or slot axis whose range is empty.
    package init(device: TouchDeviceDescription) throws(TouchDeviceError) {
        guard let touchProtocol = device.touchProtocol else {
            throw TouchDeviceError(message: "device \"\(device.name)\" " + device.noTouchReason)
        }
        let isMultitouch = touchProtocol != .singleTouch
        let positionAxes = device.touchPositionAxes
        let xCode = positionAxes.x
        let yCode = positionAxes.y
        let xName = AbsoluteAxis.describe(xCode)
        let yName = AbsoluteAxis.describe(yCode)
        // touchProtocol guarantees both axes exist.
        let xAxis = device.axis(xCode) ?? AbsoluteAxisInfo(minimum: 0, maximum: 0)
        let yAxis = device.axis(yCode) ?? AbsoluteAxisInfo(minimum: 0, maximum: 0)
        for (name, axis) in [(xName, xAxis), (yName, yAxis)] where axis.maximum < axis.minimum {
            throw TouchDeviceError(
                message: "device \"\(device.name)\" declares \(name) range "
                    + "\(axis.minimum)...\(axis.maximum): expected minimum <= maximum")
        }

        var slotCount = 0
        var startSlot = -1
        if touchProtocol == .multitouchSlots, let slotAxis = device.axis(AbsoluteAxis.multitouchSlot) {
            guard slotAxis.maximum >= 0 else {
                throw TouchDeviceError(
                    message: "device \"\(device.name)\" declares ABS_MT_SLOT maximum "
                        + "\(slotAxis.maximum): expected at least one slot (maximum >= 0)")
            }
            slotCount = min(Int(slotAxis.maximum) + 1, TouchDecoder.maximumSlotCount)
            // H2: the device says which slot the next events address.
            startSlot = (0..<slotCount).contains(Int(slotAxis.value)) ? Int(slotAxis.value) : -1
        }

        let xBounds = AxisBounds(xAxis)
        let yBounds = AxisBounds(yAxis)
        self.touchProtocol = touchProtocol
        self.deviceName = device.name
        self.positionAxes = positionAxes
        self.xCode = xCode
        self.yCode = yCode
        var starts = InlineArray<64, Int32>(repeating: 0)
        for code in 0..<Int(AbsoluteAxis.count) { starts[code] = device.axis(UInt16(code))?.value ?? 0 }
        self.axisStartValues = starts
        self.xBounds = xBounds
        self.yBounds = yBounds
        self.slotCount = slotCount
        self.currentSlot = startSlot
        // The description only knows the current slot's values; the others start
        // from the same guess and are overwritten as soon as a finger lands.
        let pressure = device.axis(isMultitouch ? AbsoluteAxis.multitouchPressure : AbsoluteAxis.pressure)
        self.slots = InlineArray(
            repeating: SlotState(
                trackingID: -1, x: xAxis.value, y: yAxis.value,
                pressure: pressure?.value ?? 0,
                touchMajor: device.axis(AbsoluteAxis.multitouchTouchMajor)?.value ?? 0))
        self.reportedContacts = InlineArray(repeating: AnonymousContact())
        self.previousTrackingIDs = InlineArray(repeating: -1)
        let matchDistance =
            TouchDecoder.maximumMatchDistanceFraction
            * max(xBounds.maximum - xBounds.minimum, yBounds.maximum - yBounds.minimum)
        self.maximumMatchDistanceSquared = matchDistance * matchDistance
        self.buttonCode = device.hasKey(KeyCode.touch) ? KeyCode.touch : KeyCode.buttonLeft
        self.singleX = xAxis.value
        self.singleY = yAxis.value
        self.singlePressure = pressure?.value ?? 0
    }

    /// Feeds one event. Returns true when it completed a frame (at every
    /// `SYN_REPORT` outside a drop, even when nothing changed); `frame` then holds it.
    package func decode(_ event: InputEvent) -> Bool {
        if event.type == EventType.synchronization {
            return synchronize(event)
        }
        if isDiscardingUntilReport { return false }
        if isWatchingPosition && event.type == EventType.absolute { watchAxis(event) }
        switch touchProtocol {
        case .multitouchSlots: updateSlot(event)
        case .multitouchAnonymous: updateAnonymousContact(event)
        case .singleTouch: updateSingleTouch(event)
        }
        return false
    }

    // MARK: - Frames

    @usableFromInline func synchronize(_ event: InputEvent) -> Bool {
        switch event.code {
        case SynchronizationCode.report:
            if isDiscardingUntilReport {
                // This report ends the lost stretch; the events after it re-sync (H4).
                isDiscardingUntilReport = false
                nextFrameIsResynchronized = true
                return false
            }
            // Value 1 marks the kernel's own frame releasing every key as the
            // device goes away (input_dev_release_keys): a lift in it is not the
            // finger's, so the touches it ends are cancelled, as after a drop.
            if event.value == 1 { nextFrameIsResynchronized = true }
            completeFrame(at: event.time)
            return true
        case SynchronizationCode.dropped:
            droppedEventBursts += 1
            isDiscardingUntilReport = true
            // A protocol A frame cut by the drop is incomplete: forget its contacts.
            pendingContact = AnonymousContact()
            reportedCount = 0
            touchReleasedInFrame = false
            anonymousContactInFrame = false
            return false
        case SynchronizationCode.multitouchReport:
            if !isDiscardingUntilReport && touchProtocol == .multitouchAnonymous {
                closePendingContact()
            }
            return false
        default:
            return false
        }
    }

    @usableFromInline func completeFrame(at time: Double) {
        let isResynchronized = nextFrameIsResynchronized
        nextFrameIsResynchronized = false
        // Whether a finger is down by the device's own signals, whatever its position says.
        let touching = isWatchingPosition && isContactDown
        guard touchProtocol != .multitouchAnonymous else {
            // Protocol A matches the new contacts against the last frame's: build it aside.
            var next = TouchFrame(timestamp: time)
            next.isResynchronized = isResynchronized
            collectAnonymousContacts(into: &next)
            frame = next
            if isWatchingPosition { watchTouch(touching) }
            return
        }
        // Slots and the single touch are the device's whole state: the frame is rebuilt in place.
        frame.removeAll()
        frame.timestamp = time
        frame.isResynchronized = isResynchronized
        var ignored = 0
        if touchProtocol == .multitouchSlots {
            collectSlots(into: &frame, ignored: &ignored)
        } else {
            collectSingleTouch(into: &frame)
        }
        // Said once the frame is complete: the warnings' handler is app code, which may read it.
        if ignored > 0 {
            ignoredContacts += ignored - 1
            ignoreContact("more than \(TouchFrame.capacity) fingers in one frame: the extra ones are ignored")
        }
        if isWatchingPosition { watchTouch(touching) }
    }

    // MARK: - Position axes that never move

    /// Whether the device has a finger down: a button held, a slot with a
    /// tracking id, a protocol A contact in the frame being completed.
    @usableFromInline var isContactDown: Bool {
        switch touchProtocol {
        case .singleTouch:
            return isButtonDown
        case .multitouchSlots:
            for index in 0..<slotCount where slots[index].trackingID >= 0 { return true }
            return false
        case .multitouchAnonymous:
            return !touchReleasedInFrame && (reportedCount > 0 || anonymousContactInFrame)
        }
    }

    /// Notes which absolute axes left their value at start; stops watching
    /// once both position axes have.
    @usableFromInline func watchAxis(_ event: InputEvent) {
        let code = event.code
        guard code < AbsoluteAxis.count, event.value != axisStartValues[Int(code)] else { return }
        if code == xCode {
            positionAxesMoved |= 1
        } else if code == yCode {
            positionAxesMoved |= 2
        } else if code != AbsoluteAxis.multitouchSlot && code != AbsoluteAxis.multitouchTrackingID {
            otherAxesMoved |= 1 << UInt64(code)
        }
        if positionAxesMoved == 3 { isWatchingPosition = false }
    }

    /// Counts a lift; at `stillPositionTouchLimit` lifts with a position
    /// axis still at its start while another axis moved, says so once.
    /// Called once the frame is complete: the warnings' handler may read it.
    @usableFromInline func watchTouch(_ touching: Bool) {
        defer { wasTouching = touching }
        guard wasTouching && !touching else { return }
        stillPositionTouches += 1
        guard stillPositionTouches >= TouchDecoder.stillPositionTouchLimit, otherAxesMoved != 0 else { return }
        isWatchingPosition = false
        warnings?.warnOnce(.stillTouchPosition, stillPositionMessage())
    }

    /// What `watchTouch(_:)` says: the device, the still axes and their
    /// value, the axes that moved, and `touch.axes` with the moved ones as an example.
    func stillPositionMessage() -> String {
        let xStill = positionAxesMoved & 1 == 0
        let yStill = positionAxesMoved & 2 == 0
        var moved = ""
        var movedCount = 0
        var candidates: [UInt16] = []
        for code in 0..<AbsoluteAxis.count where otherAxesMoved & (1 << UInt64(code)) != 0 {
            moved += (moved.isEmpty ? "" : ", ") + AbsoluteAxis.describe(code)
            movedCount += 1
            if !AbsoluteAxis.isContactAttribute(code) { candidates.append(code) }
        }
        let xStart = String(axisStartValues[Int(xCode)])
        let yStart = String(axisStartValues[Int(yCode)])
        var text = "touch device \"" + deviceName + "\": "
        if xStill && yStill {
            text += "its position axes " + positionAxes.names + " never left " + xStart + ", " + yStart
        } else {
            let (role, code, start) = xStill ? ("x", xCode, xStart) : ("y", yCode, yStart)
            text += "its " + role + " position axis " + AbsoluteAxis.describe(code) + " never left " + start
        }
        text += " through " + String(stillPositionTouches) + " touches, while " + moved + " moved: "
        text +=
            xStill && yStill
            ? "every touch lands at one point"
            : "every touch lands on one " + (xStill ? "vertical" : "horizontal") + " line"
        text += ". If the panel reports its position on "
        // The moved axes, in code order, where a still one was: an example, not a certainty.
        var example = positionAxes
        let needed = (xStill ? 1 : 0) + (yStill ? 1 : 0)
        if candidates.count == needed {
            var next = 0
            if xStill {
                example.x = candidates[next]
                next += 1
            }
            if yStill { example.y = candidates[next] }
        }
        let fits =
            candidates.count == needed
            && AbsoluteAxis.isMultitouch(example.x) == AbsoluteAxis.isMultitouch(example.y)
        text += movedCount > 1 ? "those" : "that"
        text +=
            ", name them in the board file's touch.axes, e.g. \"axes\": {\"x\": \""
            + (fits ? AbsoluteAxis.describe(example.x) : "ABS_…") + "\", \"y\": \""
            + (fits ? AbsoluteAxis.describe(example.y) : "ABS_…")
            + "\"} (swapAxes if x and y turn out the other way round)"
        return text
    }

    // MARK: - Protocol B

    @usableFromInline func updateSlot(_ event: InputEvent) {
        // Keys (the legacy BTN_TOUCH) and ABS_X/ABS_Y duplicate the slots: ignored.
        guard event.type == EventType.absolute else { return }
        if event.code == AbsoluteAxis.multitouchSlot {
            currentSlot = (0..<slotCount).contains(Int(event.value)) ? Int(event.value) : -1
            return
        }
        let slot = currentSlot
        guard slot >= 0 else {
            if event.code == AbsoluteAxis.multitouchTrackingID && event.value >= 0 {
                ignoreContact(
                    "the touch device put a finger in a slot beyond the \(slotCount) it declares (ABS_MT_SLOT maximum, at most \(TouchDecoder.maximumSlotCount)): that finger is ignored"
                )
            }
            return
        }
        // The position's axes first: a board may wire it to any multitouch axis.
        if event.code == xCode {
            slots[slot].x = event.value
            return
        }
        if event.code == yCode {
            slots[slot].y = event.value
            return
        }
        switch event.code {
        case AbsoluteAxis.multitouchTrackingID:
            // A new id without -1 in between simply replaces the contact: the
            // old id vanishes from the frame and the new one appears.
            slots[slot].trackingID = event.value < 0 ? -1 : event.value
        case AbsoluteAxis.multitouchPressure: slots[slot].pressure = event.value
        case AbsoluteAxis.multitouchTouchMajor: slots[slot].touchMajor = event.value
        default: break
        }
    }

    /// Counts in `ignored` the contacts that did not fit, for the caller to say.
    @usableFromInline func collectSlots(into next: inout TouchFrame, ignored: inout Int) {
        for index in 0..<slotCount {
            let slot = slots[index]
            guard slot.trackingID >= 0,
                let x = xBounds.accept(slot.x), let y = yBounds.accept(slot.y),
                // A confused controller may repeat an id in two slots; ids must stay unique.
                next.contact(withID: slot.trackingID) == nil
            else { continue }
            if !next.append(
                TouchContact(
                    id: slot.trackingID, x: x, y: y, pressure: Double(slot.pressure),
                    majorRadius: Double(slot.touchMajor) / 2))
            {
                ignored += 1
            }
        }
    }

    @usableFromInline func ignoreContact(_ message: @autoclosure () -> String) {
        ignoredContacts += 1
        warnings?.warnOnce(.contactCapacity, message())
    }

    // MARK: - Protocol A

    @usableFromInline func updateAnonymousContact(_ event: InputEvent) {
        if event.type == EventType.key {
            if event.code == KeyCode.touch && event.value == 0 { touchReleasedInFrame = true }
            return
        }
        guard event.type == EventType.absolute else { return }
        if AbsoluteAxis.isMultitouch(event.code) { pendingContact.hasValues = true }
        if event.code == xCode {
            pendingContact.x = event.value
            pendingContact.hasX = true
            return
        }
        if event.code == yCode {
            pendingContact.y = event.value
            pendingContact.hasY = true
            return
        }
        switch event.code {
        case AbsoluteAxis.multitouchTrackingID: pendingContact.trackingID = event.value < 0 ? -1 : event.value
        case AbsoluteAxis.multitouchPressure: pendingContact.pressure = event.value
        case AbsoluteAxis.multitouchTouchMajor: pendingContact.touchMajor = event.value
        default: break
        }
    }

    /// `SYN_MT_REPORT`: the pending values form one contact, if they hold a position.
    @usableFromInline func closePendingContact() {
        if pendingContact.hasValues { anonymousContactInFrame = true }
        if pendingContact.hasX && pendingContact.hasY {
            if reportedCount < TouchFrame.capacity {
                reportedContacts[reportedCount] = pendingContact
                reportedCount += 1
            } else {
                ignoreContact("more than \(TouchFrame.capacity) fingers in one frame: the extra ones are ignored")
            }
        }
        pendingContact = AnonymousContact()
    }

    @usableFromInline func collectAnonymousContacts(into next: inout TouchFrame) {
        // Values not closed by SYN_MT_REPORT are not a contact in protocol A.
        pendingContact = AnonymousContact()
        defer {
            reportedCount = 0
            touchReleasedInFrame = false
            anonymousContactInFrame = false
        }
        if touchReleasedInFrame { return }

        // The frame's contacts, ghosts left out (H5), ids still to be assigned.
        var current = InlineArray<16, TouchContact>(repeating: TouchContact(id: -1, x: 0, y: 0))
        var currentTrackingIDs = InlineArray<16, Int32>(repeating: -1)
        var currentCount = 0
        for index in 0..<reportedCount {
            let reported = reportedContacts[index]
            guard let x = xBounds.accept(reported.x), let y = yBounds.accept(reported.y) else { continue }
            current[currentCount] = TouchContact(
                id: -1, x: x, y: y, pressure: Double(reported.pressure),
                majorRadius: Double(reported.touchMajor) / 2)
            currentTrackingIDs[currentCount] = reported.trackingID
            currentCount += 1
        }

        let previousCount = frame.count
        var previousTaken = InlineArray<16, Bool>(repeating: false)

        // The device's own tracking ids decide where it sends them.
        for index in 0..<currentCount where currentTrackingIDs[index] >= 0 {
            for previous in 0..<previousCount
            where !previousTaken[previous] && previousTrackingIDs[previous] == currentTrackingIDs[index] {
                current[index].id = frame[previous].id
                previousTaken[previous] = true
                break
            }
        }

        // Otherwise the closest pairs first, each finger matched at most once.
        while true {
            var bestCurrent = -1
            var bestPrevious = -1
            var bestDistanceSquared = maximumMatchDistanceSquared
            for index in 0..<currentCount where current[index].id < 0 && currentTrackingIDs[index] < 0 {
                for previous in 0..<previousCount
                where !previousTaken[previous] && previousTrackingIDs[previous] < 0 {
                    let dx = current[index].x - frame[previous].x
                    let dy = current[index].y - frame[previous].y
                    let distanceSquared = dx * dx + dy * dy
                    if distanceSquared <= bestDistanceSquared {
                        bestDistanceSquared = distanceSquared
                        bestCurrent = index
                        bestPrevious = previous
                    }
                }
            }
            if bestCurrent < 0 { break }
            current[bestCurrent].id = frame[bestPrevious].id
            previousTaken[bestPrevious] = true
        }

        for index in 0..<currentCount {
            if current[index].id < 0 {
                current[index].id = nextContactID
                nextContactID = nextContactID == Int32.max ? 0 : nextContactID + 1
            }
            next.append(current[index])
            previousTrackingIDs[index] = currentTrackingIDs[index]
        }
    }

    // MARK: - Single touch

    @usableFromInline func updateSingleTouch(_ event: InputEvent) {
        if event.type == EventType.key {
            guard event.code == buttonCode else { return }
            if event.value != 0 && !isButtonDown {
                // Each press is a new finger, with a new id.
                isButtonDown = true
                singleContactID = singleContactID == Int32.max ? 0 : singleContactID + 1
            } else if event.value == 0 {
                isButtonDown = false
            }
            return
        }
        guard event.type == EventType.absolute else { return }
        if event.code == xCode {
            singleX = event.value
        } else if event.code == yCode {
            singleY = event.value
        } else if event.code == AbsoluteAxis.pressure {
            singlePressure = event.value
        }
    }

    @usableFromInline func collectSingleTouch(into next: inout TouchFrame) {
        guard isButtonDown, let x = xBounds.accept(singleX), let y = yBounds.accept(singleY) else { return }
        next.append(TouchContact(id: singleContactID, x: x, y: y, pressure: Double(singlePressure)))
    }
}

/// One protocol B slot: the device's state for it, kept between frames (H3).
@usableFromInline struct SlotState {
    /// -1 while the slot is empty.
    @usableFromInline var trackingID: Int32
    @usableFromInline var x: Int32
    @usableFromInline var y: Int32
    @usableFromInline var pressure: Int32
    @usableFromInline var touchMajor: Int32
}

/// One protocol A contact while its values arrive, before `SYN_MT_REPORT`.
@usableFromInline struct AnonymousContact {
    @usableFromInline var x: Int32 = 0
    @usableFromInline var y: Int32 = 0
    @usableFromInline var hasX = false
    @usableFromInline var hasY = false
    /// Any `ABS_MT_*` value arrived for it, position or not.
    @usableFromInline var hasValues = false
    /// -1 when the device sends no tracking id.
    @usableFromInline var trackingID: Int32 = -1
    @usableFromInline var pressure: Int32 = 0
    @usableFromInline var touchMajor: Int32 = 0
}

/// A position axis's declared range, for clamping and ghost rejection (H5).
@usableFromInline struct AxisBounds {
    @usableFromInline let minimum: Double
    @usableFromInline let maximum: Double
    /// How far outside the range a value may be and still count as a real contact.
    @usableFromInline let ghostMargin: Double

    @usableFromInline init(_ axis: AbsoluteAxisInfo) {
        minimum = Double(axis.minimum)
        maximum = Double(axis.maximum)
        ghostMargin = (maximum - minimum) * TouchDecoder.ghostMarginFraction
    }

    /// The value clamped into the range, or nil for a ghost.
    @inline(__always)
    @usableFromInline func accept(_ raw: Int32) -> Double? {
        let value = Double(raw)
        if value < minimum { return minimum - value > ghostMargin ? nil : minimum }
        if value > maximum { return value - maximum > ghostMargin ? nil : maximum }
        return value
    }
}
