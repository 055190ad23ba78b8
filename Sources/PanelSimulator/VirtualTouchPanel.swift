import PanelUI

/// The simulator's touch screen: a multitouch protocol B panel (slots and
/// tracking ids) whose axes span the panel in pixels, with the direct
/// property of a touch screen. It writes the kernel events a driver built on
/// `input_mt` writes for the same fingers, only the values that changed,
/// with `BTN_TOUCH` and the single-touch `ABS_X`/`ABS_Y` emulation, each
/// frame closed by `SYN_REPORT`.
///
/// Events go into a fixed buffer (`events`, `eventCount`); nothing allocates
/// after init.
public struct VirtualTouchPanel {
    public static let name = "PanelKit Simulator Touch"
    /// Slots the panel declares (`ABS_MT_SLOT` 0...9, like common panels); the mouse uses two.
    public static let slotCount = 10
    /// `BUS_VIRTUAL`, as uinput devices report.
    public static let busVirtual: UInt16 = 0x06
    /// Room for one frame of every slot changing, plus the trailer.
    public static let eventCapacity = 8 * slotCount + 8

    /// The description the decoder and an evemu recording use.
    public static func description(width: Int, height: Int) -> TouchDeviceDescription {
        var device = TouchDeviceDescription(name: name)
        device.busType = busVirtual
        device.properties = 1 << UInt32(InputProperty.direct)
        device.keys = [KeyCode.touch]
        let x = AbsoluteAxisInfo(minimum: 0, maximum: Int32(width - 1))
        let y = AbsoluteAxisInfo(minimum: 0, maximum: Int32(height - 1))
        device.setAxis(AbsoluteAxis.x, x)
        device.setAxis(AbsoluteAxis.y, y)
        device.setAxis(AbsoluteAxis.multitouchSlot, AbsoluteAxisInfo(minimum: 0, maximum: Int32(slotCount - 1)))
        device.setAxis(AbsoluteAxis.multitouchPositionX, x)
        device.setAxis(AbsoluteAxis.multitouchPositionY, y)
        device.setAxis(AbsoluteAxis.multitouchTrackingID, AbsoluteAxisInfo(minimum: 0, maximum: 65535))
        return device
    }

    struct Slot {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
    }

    var slots: InlineArray<10, Slot>
    /// The slot the last `ABS_MT_SLOT` selected; the description starts at 0.
    var currentSlot: Int32 = 0
    var nextTrackingID: Int32 = 0
    var isTouching = false
    var emulatedX: Int32 = 0
    var emulatedY: Int32 = 0
    var frameTime = 0.0

    /// The current frame's events, `0 ..< eventCount`.
    public internal(set) var events: ContiguousArray<InputEvent>
    public internal(set) var eventCount = 0

    public init() {
        slots = InlineArray(repeating: Slot())
        events = ContiguousArray(repeating: InputEvent(time: 0, type: 0, code: 0, value: 0), count: Self.eventCapacity)
    }

    /// Whether a finger is down in `slot`.
    public func isDown(slot: Int) -> Bool { slots[slot].trackingID >= 0 }

    /// Starts a frame at `time`: clears `events`.
    public mutating func beginFrame(time: Double) {
        eventCount = 0
        frameTime = time
    }

    /// Puts a finger down in `slot` at sensor position `(x, y)`, or moves the one there.
    public mutating func setContact(slot: Int, x: Int32, y: Int32) {
        if slots[slot].trackingID < 0 {
            select(slot)
            slots[slot].trackingID = nextTrackingID
            nextTrackingID = (nextTrackingID + 1) & 0xffff
            append(EventType.absolute, AbsoluteAxis.multitouchTrackingID, slots[slot].trackingID)
            slots[slot].x = x
            slots[slot].y = y
            append(EventType.absolute, AbsoluteAxis.multitouchPositionX, x)
            append(EventType.absolute, AbsoluteAxis.multitouchPositionY, y)
            return
        }
        // As the kernel does, an unchanged value is not sent again.
        if slots[slot].x != x {
            select(slot)
            slots[slot].x = x
            append(EventType.absolute, AbsoluteAxis.multitouchPositionX, x)
        }
        if slots[slot].y != y {
            select(slot)
            slots[slot].y = y
            append(EventType.absolute, AbsoluteAxis.multitouchPositionY, y)
        }
    }

    /// Lifts the finger in `slot`, if one is down.
    public mutating func liftContact(slot: Int) {
        guard slots[slot].trackingID >= 0 else { return }
        select(slot)
        slots[slot].trackingID = -1
        append(EventType.absolute, AbsoluteAxis.multitouchTrackingID, -1)
    }

    /// Ends the frame: `BTN_TOUCH` when the first finger lands or the last
    /// lifts, the pointer emulation (the lowest slot's finger) and
    /// `SYN_REPORT`. A frame in which nothing changed sends nothing.
    /// Returns `eventCount`.
    @discardableResult
    public mutating func endFrame() -> Int {
        var first = -1
        for index in 0..<Self.slotCount where slots[index].trackingID >= 0 {
            first = index
            break
        }
        let touching = first >= 0
        if touching != isTouching {
            isTouching = touching
            append(EventType.key, KeyCode.touch, touching ? 1 : 0)
        }
        if touching {
            if slots[first].x != emulatedX {
                emulatedX = slots[first].x
                append(EventType.absolute, AbsoluteAxis.x, emulatedX)
            }
            if slots[first].y != emulatedY {
                emulatedY = slots[first].y
                append(EventType.absolute, AbsoluteAxis.y, emulatedY)
            }
        }
        if eventCount > 0 { append(EventType.synchronization, SynchronizationCode.report, 0) }
        return eventCount
    }

    mutating func select(_ slot: Int) {
        guard currentSlot != Int32(slot) else { return }
        currentSlot = Int32(slot)
        append(EventType.absolute, AbsoluteAxis.multitouchSlot, currentSlot)
    }

    mutating func append(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        precondition(eventCount < events.count, "VirtualTouchPanel: frame too long")
        events[eventCount] = InputEvent(time: frameTime, type: type, code: code, value: value)
        eventCount += 1
    }
}
