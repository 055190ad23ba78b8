/// The absolute axes a touch device reports a contact's position on, when
/// they are not its protocol's own (`ABS_MT_POSITION_X/Y`, or `ABS_X/Y` for a
/// single touch): a board file's `touch.axes`, for controllers wired so.
///
/// Some USB controllers (eGalax among them, through `hid-generic`) declare
/// `ABS_X`/`ABS_Y` that never move and report the finger on `ABS_Z` and
/// `ABS_RX`, where HID's input mapping put a second pair of X and Y usages.
///
/// Two multitouch axes (`ABS_MT_*`) make a multitouch device, read per
/// contact (protocol B when the device has `ABS_MT_SLOT`, else A); two others
/// make a single-touch one, down while `BTN_TOUCH` (or `BTN_LEFT`) is held.
/// Set on a `TouchDeviceDescription` (`TouchDeviceDescription.positionAxes`),
/// they are what the decoder reads and the transform normalizes.
@frozen
public struct TouchPositionAxes: Equatable, Sendable {
    /// The `ABS_*` code of the axis read as the sensor's x.
    public var x: UInt16
    /// The `ABS_*` code of the axis read as the sensor's y.
    public var y: UInt16

    @inlinable
    public init(x: UInt16, y: UInt16) {
        self.x = x
        self.y = y
    }

    /// A multitouch protocol's own: `ABS_MT_POSITION_X/Y`.
    public static let multitouch = TouchPositionAxes(
        x: AbsoluteAxis.multitouchPositionX, y: AbsoluteAxis.multitouchPositionY)
    /// A single-touch device's own: `ABS_X/Y`.
    public static let singleTouch = TouchPositionAxes(x: AbsoluteAxis.x, y: AbsoluteAxis.y)

    /// Whether both are per-contact multitouch axes (`ABS_MT_*`).
    @inlinable
    public var isMultitouch: Bool { AbsoluteAxis.isMultitouch(x) && AbsoluteAxis.isMultitouch(y) }

    /// "ABS_Z and ABS_RX": for messages.
    public var names: String { AbsoluteAxis.describe(x) + " and " + AbsoluteAxis.describe(y) }
}

/// The kernel's names of the absolute axes (`linux/input-event-codes.h`), for
/// board files and messages. PanelImageTests checks them against libevdev's.
extension AbsoluteAxis {
    /// Whether `code` is a per-contact multitouch axis (`ABS_MT_SLOT` and above).
    @inlinable
    public static func isMultitouch(_ code: UInt16) -> Bool { code >= multitouchSlot && code < count }

    /// The kernel's name of axis `code` (`ABS_RX` for 3), or nil for a code it
    /// names none (0x0b, or 64 and above).
    public static func name(of code: UInt16) -> String? {
        switch code {
        case 0x00: return "ABS_X"
        case 0x01: return "ABS_Y"
        case 0x02: return "ABS_Z"
        case 0x03: return "ABS_RX"
        case 0x04: return "ABS_RY"
        case 0x05: return "ABS_RZ"
        case 0x06: return "ABS_THROTTLE"
        case 0x07: return "ABS_RUDDER"
        case 0x08: return "ABS_WHEEL"
        case 0x09: return "ABS_GAS"
        case 0x0a: return "ABS_BRAKE"
        case 0x10: return "ABS_HAT0X"
        case 0x11: return "ABS_HAT0Y"
        case 0x12: return "ABS_HAT1X"
        case 0x13: return "ABS_HAT1Y"
        case 0x14: return "ABS_HAT2X"
        case 0x15: return "ABS_HAT2Y"
        case 0x16: return "ABS_HAT3X"
        case 0x17: return "ABS_HAT3Y"
        case 0x18: return "ABS_PRESSURE"
        case 0x19: return "ABS_DISTANCE"
        case 0x1a: return "ABS_TILT_X"
        case 0x1b: return "ABS_TILT_Y"
        case 0x1c: return "ABS_TOOL_WIDTH"
        case 0x20: return "ABS_VOLUME"
        case 0x21: return "ABS_PROFILE"
        case 0x28: return "ABS_MISC"
        case 0x2e: return "ABS_RESERVED"
        case 0x2f: return "ABS_MT_SLOT"
        case 0x30: return "ABS_MT_TOUCH_MAJOR"
        case 0x31: return "ABS_MT_TOUCH_MINOR"
        case 0x32: return "ABS_MT_WIDTH_MAJOR"
        case 0x33: return "ABS_MT_WIDTH_MINOR"
        case 0x34: return "ABS_MT_ORIENTATION"
        case 0x35: return "ABS_MT_POSITION_X"
        case 0x36: return "ABS_MT_POSITION_Y"
        case 0x37: return "ABS_MT_TOOL_TYPE"
        case 0x38: return "ABS_MT_BLOB_ID"
        case 0x39: return "ABS_MT_TRACKING_ID"
        case 0x3a: return "ABS_MT_PRESSURE"
        case 0x3b: return "ABS_MT_DISTANCE"
        case 0x3c: return "ABS_MT_TOOL_X"
        case 0x3d: return "ABS_MT_TOOL_Y"
        default: return nil
        }
    }

    /// The code of the axis the kernel names `name` (`"ABS_RX"` is 3), or nil.
    public static func code(named name: String) -> UInt16? {
        for code in 0..<count {
            if sameBytes(self.name(of: code), name) { return code }
        }
        return nil
    }

    /// The axis's name, or its code in hex (`0x0b`) where the kernel names none.
    public static func describe(_ code: UInt16) -> String {
        if let name = name(of: code) { return name }
        let hex = String(code, radix: 16)
        return (hex.utf8.count < 2 ? "0x0" : "0x") + hex
    }

    /// Every axis code the kernel names, in code order.
    public static var namedCodes: [UInt16] {
        var codes: [UInt16] = []
        for code in 0..<count where name(of: code) != nil { codes.append(code) }
        return codes
    }

    /// Whether the axis measures something other than where a contact is
    /// (pressure, size, distance, orientation, tool, identity): never
    /// suggested as a position.
    public static func isContactAttribute(_ code: UInt16) -> Bool {
        switch code {
        case pressure, 0x19, 0x1c, 0x28, multitouchSlot, multitouchTouchMajor, multitouchTouchMinor,
            multitouchWidthMajor,
            multitouchWidthMinor, multitouchOrientation, multitouchToolType, multitouchBlobID, multitouchTrackingID,
            multitouchPressure, multitouchDistance:
            return true
        default:
            return false
        }
    }
}
