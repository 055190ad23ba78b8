/// One key of non-touch input: a key of a USB keyboard, a `gpio-keys` button
/// beside the panel, a rotary encoder's push (R9). UIKit's `UIPress`, one at a
/// time: `Responder.pressesBegan(_:with:)` and its siblings get each press
/// on its own, first responder first.
public struct Press: Equatable {
    /// UIKit's `UIPress.Phase`, without the analog `changed` and `stationary`.
    public enum Phase: Equatable { case began, ended, cancelled }

    public var phase: Phase
    /// The key, with the characters the board's keyboard layout gives it
    /// (xkbcommon on Linux); its `keyCode` is the evdev `KEY_*` code.
    public var key: Key
    /// A repeat the device sent while the key is held, at its own rate
    /// (`EV_KEY` value 2): another `began` for the same key.
    public var isRepeat: Bool
    /// The input device it came from, as numbered by the host (as for touches).
    public var source: Int

    public init(key: Key, phase: Phase, isRepeat: Bool = false, source: Int = 0) {
        self.key = key
        self.phase = phase
        self.isRepeat = isRepeat
        self.source = source
    }

    /// A press of `keyCode` with no characters.
    public init(keyCode: UInt16, phase: Phase) {
        self.init(key: Key(keyCode: keyCode), phase: phase)
    }

    /// The evdev key code (`KEY_*`).
    public var keyCode: UInt16 { key.keyCode }
}

/// A key and what it types: UIKit's `UIKey`.
public struct Key: Equatable {
    /// The evdev key code (`KEY_*` in linux/input-event-codes.h).
    public var keyCode: UInt16
    /// What the key types with the modifiers held: `"A"` with shift, `"ß"` on a
    /// German layout, `""` for keys that type nothing (arrows, shift). At most
    /// a few bytes, so the string is stored inline and never allocates.
    public var characters: String
    /// What it types with no modifier held.
    public var charactersIgnoringModifiers: String
    public var modifierFlags: KeyModifierFlags

    public init(
        keyCode: UInt16, characters: String = "", charactersIgnoringModifiers: String = "",
        modifierFlags: KeyModifierFlags = []
    ) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
    }
}

/// The modifier keys held with a key: UIKit's `UIKeyModifierFlags`, same bits.
public struct KeyModifierFlags: OptionSet, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (and AltGr, which also picks the layout's third level).
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// The Super/Meta/Windows key.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}

/// Something that takes typed text: UIKit's `UIKeyInput`. The first
/// responder's `Responder.keyInput` receives what the on-screen keyboard
/// and hardware keys type.
public protocol KeyInput: AnyObject {
    /// Whether there is text to delete.
    var hasText: Bool { get }
    /// Inserts `text` at the caret, replacing the selection; `"\n"` is return.
    func insertText(_ text: String)
    /// Deletes the grapheme cluster before the caret, or the selection.
    func deleteBackward()
    /// The on-screen keyboard to show for it.
    var keyboardType: KeyboardType { get }
}

/// Which on-screen keyboard a text input wants: UIKit's `UIKeyboardType`, the
/// cases a panel needs.
public enum KeyboardType: Equatable, Sendable {
    /// Letters, with numbers and symbols a key away.
    case `default`
    /// Digits only: a PIN, a quantity.
    case numberPad
    /// Digits and the decimal separator: a temperature, a price.
    case decimalPad
}
