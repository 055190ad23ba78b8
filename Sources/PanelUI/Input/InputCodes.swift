// Names for the codes of linux/input-event-codes.h that touch decoding uses.
// They are ABI, so the core spells them out instead of importing C headers;
// PanelImageTests checks them against the kernel's header.

/// Event types (`EV_*`).
public enum EventType {
    /// `EV_SYN`: frame boundaries and `SYN_DROPPED`.
    public static let synchronization: UInt16 = 0x00
    /// `EV_KEY`: keys and buttons, `BTN_TOUCH` among them.
    public static let key: UInt16 = 0x01
    /// `EV_REL`: relative axes (mice).
    public static let relative: UInt16 = 0x02
    /// `EV_ABS`: absolute axes, the touch positions.
    public static let absolute: UInt16 = 0x03
    /// `EV_MSC`: miscellaneous, such as `MSC_TIMESTAMP`.
    public static let miscellaneous: UInt16 = 0x04
    /// `EV_SW`: switches.
    public static let switchState: UInt16 = 0x05
    /// `EV_LED`
    public static let led: UInt16 = 0x11
    /// `EV_SND`
    public static let sound: UInt16 = 0x12
    /// `EV_REP`: autorepeat settings.
    public static let autorepeat: UInt16 = 0x14
    /// `EV_FF`: force feedback.
    public static let forceFeedback: UInt16 = 0x15
    /// `EV_PWR`
    public static let power: UInt16 = 0x16
    /// `EV_FF_STATUS`
    public static let forceFeedbackStatus: UInt16 = 0x17
    /// `EV_MAX`: the highest type number the kernel defines.
    public static let maximum: UInt16 = 0x1f

    /// Whether the kernel defines `type`.
    public static func isKnown(_ type: UInt16) -> Bool {
        switch type {
        case synchronization, key, relative, absolute, miscellaneous, switchState,
            led, sound, autorepeat, forceFeedback, power, forceFeedbackStatus:
            return true
        default:
            return false
        }
    }
}

/// Codes of `EV_SYN` events (`SYN_*`).
public enum SynchronizationCode {
    /// `SYN_REPORT`: the end of one frame of device state.
    public static let report: UInt16 = 0
    /// `SYN_CONFIG`
    public static let config: UInt16 = 1
    /// `SYN_MT_REPORT`: the end of one contact in multitouch protocol A.
    public static let multitouchReport: UInt16 = 2
    /// `SYN_DROPPED`: the kernel's buffer overran and events were lost.
    public static let dropped: UInt16 = 3
}

/// Codes of `EV_ABS` events (`ABS_*`).
public enum AbsoluteAxis {
    /// `ABS_X`
    public static let x: UInt16 = 0x00
    /// `ABS_Y`
    public static let y: UInt16 = 0x01
    /// `ABS_PRESSURE`
    public static let pressure: UInt16 = 0x18
    /// `ABS_MT_SLOT`: selects the slot that the following `ABS_MT_*` events update (protocol B).
    public static let multitouchSlot: UInt16 = 0x2f
    /// `ABS_MT_TOUCH_MAJOR`: the contact's long axis, in surface units.
    public static let multitouchTouchMajor: UInt16 = 0x30
    /// `ABS_MT_TOUCH_MINOR`
    public static let multitouchTouchMinor: UInt16 = 0x31
    /// `ABS_MT_WIDTH_MAJOR`
    public static let multitouchWidthMajor: UInt16 = 0x32
    /// `ABS_MT_WIDTH_MINOR`
    public static let multitouchWidthMinor: UInt16 = 0x33
    /// `ABS_MT_ORIENTATION`
    public static let multitouchOrientation: UInt16 = 0x34
    /// `ABS_MT_POSITION_X`
    public static let multitouchPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`
    public static let multitouchPositionY: UInt16 = 0x36
    /// `ABS_MT_TOOL_TYPE`
    public static let multitouchToolType: UInt16 = 0x37
    /// `ABS_MT_BLOB_ID`
    public static let multitouchBlobID: UInt16 = 0x38
    /// `ABS_MT_TRACKING_ID`: a contact's identity; -1 lifts the contact in its slot.
    public static let multitouchTrackingID: UInt16 = 0x39
    /// `ABS_MT_PRESSURE`
    public static let multitouchPressure: UInt16 = 0x3a
    /// `ABS_MT_DISTANCE`
    public static let multitouchDistance: UInt16 = 0x3b
    /// `ABS_CNT`: one past the highest axis code.
    public static let count: UInt16 = 0x40
}

/// Codes of `EV_KEY` events that touch devices use (`BTN_*`).
public enum KeyCode {
    /// `BTN_LEFT`: some single-touch panels report contact as a left click.
    public static let buttonLeft: UInt16 = 0x110
    /// `BTN_TOOL_FINGER`
    public static let toolFinger: UInt16 = 0x145
    /// `BTN_TOUCH`: contact with the surface.
    public static let touch: UInt16 = 0x14a
    /// `BTN_TOOL_DOUBLETAP`
    public static let toolDoubleTap: UInt16 = 0x14d
    /// `KEY_MAX`
    public static let maximum: UInt16 = 0x2ff
}

/// Keyboard keys a text field edits with (`KEY_*`).
extension KeyCode {
    /// `KEY_BACKSPACE`
    public static let backspace: UInt16 = 14
    /// `KEY_ENTER`: return.
    public static let enter: UInt16 = 28
    /// `KEY_KPENTER`: the keypad's enter.
    public static let keypadEnter: UInt16 = 96
    /// `KEY_HOME`
    public static let home: UInt16 = 102
    /// `KEY_LEFT`
    public static let left: UInt16 = 105
    /// `KEY_RIGHT`
    public static let right: UInt16 = 106
    /// `KEY_END`
    public static let end: UInt16 = 107
}

/// Device properties (`INPUT_PROP_*`).
public enum InputProperty {
    /// `INPUT_PROP_POINTER`: needs a pointer on screen (touchpads).
    public static let pointer: UInt16 = 0x00
    /// `INPUT_PROP_DIRECT`: a touch screen, where the finger touches what it means.
    public static let direct: UInt16 = 0x01
    /// `INPUT_PROP_MAX`
    public static let maximum: UInt16 = 0x1f
}
