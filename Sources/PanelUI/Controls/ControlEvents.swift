/// The events a control sends actions for (C1), with UIKit's bit values.
public struct ControlEvents: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A finger landed in the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A finger landed again quickly: the touch's `tapCount` is above 1 (R13).
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// The finger moved and is still inside (bounds grown by the touch margin, C4).
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// The finger moved and is still outside.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// The finger came back inside.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// The finger left.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// The finger lifted inside: a button's press.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// The finger lifted outside: the press was abandoned.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The system took the touch away: a device vanished, or a recognizer won it.
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed: a slider moved, a switch flipped.
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's main action: a button's tap, a slider's or switch's change.
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)

    /// A text field began editing: it became first responder.
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// A text field's text changed by editing (not by setting `text`).
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text field stopped editing: it resigned first responder.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// Return ended a text field's editing.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

    public static let allTouchEvents = ControlEvents(rawValue: 0x0000_0FFF)
    public static let allEditingEvents = ControlEvents(rawValue: 0x000F_0000)
    public static let allEvents = ControlEvents(rawValue: 0xFFFF_FFFF)
}

/// How a control looks and behaves (C2). `.normal` is the empty set.
public struct ControlState: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let normal: ControlState = []
    /// A finger is down and inside.
    public static let highlighted = ControlState(rawValue: 1 << 0)
    /// `isEnabled` is false: the control takes no touches.
    public static let disabled = ControlState(rawValue: 1 << 1)
    public static let selected = ControlState(rawValue: 1 << 2)
}
