/// What `EVIOCGABS` reports for one absolute axis (`struct input_absinfo`).
@frozen
public struct AbsoluteAxisInfo: Equatable, Sendable {
    /// The axis value when the description was taken, for `ABS_MT_SLOT` the current slot.
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre; 0 when the device does not say.
    public var resolution: Int32

    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// Which of the kernel's ways of reporting touches a device uses (H1).
public enum TouchProtocol: Equatable, Sendable {
    /// Multitouch protocol B: slots (`ABS_MT_SLOT`) and tracking ids.
    case multitouchSlots
    /// Multitouch protocol A: anonymous contacts, each closed by `SYN_MT_REPORT`.
    case multitouchAnonymous
    /// One contact on `ABS_X`/`ABS_Y`, down while `BTN_TOUCH` (or `BTN_LEFT`) is held.
    case singleTouch
}

/// A touch device's capabilities: what evdev's ioctls report, or an evemu
/// recording's `N:`/`I:`/`P:`/`B:`/`A:` lines describe.
public struct TouchDeviceDescription: Equatable {
    public var name: String
    public var busType: UInt16 = 0
    public var vendor: UInt16 = 0
    public var product: UInt16 = 0
    public var version: UInt16 = 0
    /// Bit `n` set means `INPUT_PROP` `n` is set.
    public var properties: UInt32 = 0
    /// Supported `EV_KEY` codes, for the few a touch device has.
    public var keys: [UInt16] = []
    /// Indexed by `ABS_*` code; `nil` where the device lacks that axis.
    public var absoluteAxes: [AbsoluteAxisInfo?] = Array(repeating: nil, count: Int(AbsoluteAxis.count))

    public init(name: String) {
        self.name = name
    }

    public func axis(_ code: UInt16) -> AbsoluteAxisInfo? {
        Int(code) < absoluteAxes.count ? absoluteAxes[Int(code)] : nil
    }

    public mutating func setAxis(_ code: UInt16, _ info: AbsoluteAxisInfo?) {
        absoluteAxes[Int(code)] = info
    }

    public func hasKey(_ code: UInt16) -> Bool { keys.contains(code) }

    public func hasProperty(_ property: UInt16) -> Bool { properties & (1 << UInt32(property)) != 0 }

    /// How the device reports touches, or `nil` when it is no touch device at all.
    public var touchProtocol: TouchProtocol? {
        if axis(AbsoluteAxis.multitouchPositionX) != nil && axis(AbsoluteAxis.multitouchPositionY) != nil {
            return axis(AbsoluteAxis.multitouchSlot) != nil ? .multitouchSlots : .multitouchAnonymous
        }
        if axis(AbsoluteAxis.x) != nil && axis(AbsoluteAxis.y) != nil
            && (hasKey(KeyCode.touch) || hasKey(KeyCode.buttonLeft)) {
            return .singleTouch
        }
        return nil
    }
}
