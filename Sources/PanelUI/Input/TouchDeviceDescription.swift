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

    public init(
        value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
    ) {
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
    /// The axes the position is wired to, when they are not the protocol's
    /// own: a board's `touch.axes`, which the kernel cannot tell. `nil` reads
    /// `ABS_MT_POSITION_X/Y`, or `ABS_X/Y` on a single-touch device.
    public var positionAxes: TouchPositionAxes?

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
    /// With `positionAxes`, by those axes: two multitouch axes make protocol
    /// B (with `ABS_MT_SLOT`) or A, two others a single touch (with
    /// `BTN_TOUCH` or `BTN_LEFT`); `nil` when the device lacks one of them.
    public var touchProtocol: TouchProtocol? {
        if let wired = positionAxes {
            guard axis(wired.x) != nil && axis(wired.y) != nil else { return nil }
            if wired.isMultitouch {
                return axis(AbsoluteAxis.multitouchSlot) != nil ? .multitouchSlots : .multitouchAnonymous
            }
            return hasKey(KeyCode.touch) || hasKey(KeyCode.buttonLeft) ? .singleTouch : nil
        }
        if axis(AbsoluteAxis.multitouchPositionX) != nil && axis(AbsoluteAxis.multitouchPositionY) != nil {
            return axis(AbsoluteAxis.multitouchSlot) != nil ? .multitouchSlots : .multitouchAnonymous
        }
        if axis(AbsoluteAxis.x) != nil && axis(AbsoluteAxis.y) != nil
            && (hasKey(KeyCode.touch) || hasKey(KeyCode.buttonLeft))
        {
            return .singleTouch
        }
        return nil
    }

    /// The axes a contact's position is read from: `positionAxes` when
    /// set, else the protocol's own (`ABS_MT_POSITION_X/Y` on a device that
    /// has them, else `ABS_X/Y`).
    public var touchPositionAxes: TouchPositionAxes {
        if let positionAxes { return positionAxes }
        return axis(AbsoluteAxis.multitouchPositionX) != nil && axis(AbsoluteAxis.multitouchPositionY) != nil
            ? .multitouch : .singleTouch
    }

    /// Why `touchProtocol` is `nil`: what the device lacks, for an error
    /// that names it and its axes.
    public var noTouchReason: String {
        var axes = ""
        for code in 0..<AbsoluteAxis.count where axis(code) != nil {
            axes += (axes.isEmpty ? "" : ", ") + AbsoluteAxis.describe(code)
        }
        let has = axes.isEmpty ? "it has no absolute axes" : "it has " + axes
        guard let wired = positionAxes else {
            // A touch button with other axes: likely a panel wired to those.
            let hint =
                !axes.isEmpty && (hasKey(KeyCode.touch) || hasKey(KeyCode.buttonLeft))
                ? "; a panel that reports its position on other axes needs them named in the board file's touch.axes"
                : ""
            return "reports no touch axes: expected ABS_MT_POSITION_X/Y, or ABS_X/Y with BTN_TOUCH or BTN_LEFT (" + has
                + hint + ")"
        }
        for (role, code) in [("x", wired.x), ("y", wired.y)] where axis(code) == nil {
            return "has no " + AbsoluteAxis.describe(code) + ", the axis its position's " + role
                + " is wired to (the board's touch.axes); " + has
        }
        return "reports its position on " + wired.names + " (the board's touch.axes), single-touch axes, "
            + "but has neither BTN_TOUCH nor BTN_LEFT to say when a finger is down"
    }
}
