/// The pages of keys the on-screen keyboard shows (`KeyboardView`).
public enum KeyboardLayout: Equatable, Sendable {
    /// QWERTY letters, with shift.
    case letters
    /// Hebrew letters (the Israeli standard layout, SI 1452): no shift, as
    /// Hebrew has no capitals. Shown when `KeyboardView.letterLayouts` lists it.
    case hebrew
    /// Digits and common punctuation: the "123" page.
    case numbers
    /// More symbols: the "#+=" page.
    case symbols
    /// Digits only, for `KeyboardType.numberPad`.
    case numberPad
    /// Digits and the decimal separator, for `KeyboardType.decimalPad`.
    case decimalPad

    /// The page a keyboard of `type` opens on.
    public static func first(for type: KeyboardType) -> KeyboardLayout {
        switch type {
        case .default: return .letters
        case .numberPad: return .numberPad
        case .decimalPad: return .decimalPad
        }
    }

    /// Every page, in the order `KeyboardView` stores them.
    public static let all: [KeyboardLayout] = [.letters, .numbers, .symbols, .numberPad, .decimalPad, .hebrew]

    @usableFromInline var index: Int {
        switch self {
        case .letters: return 0
        case .numbers: return 1
        case .symbols: return 2
        case .numberPad: return 3
        case .decimalPad: return 4
        case .hebrew: return 5
        }
    }

    /// Whether the page types a language's letters: one of the pages the
    /// globe key cycles through (`KeyboardView.letterLayouts`).
    public var isLetters: Bool { self == .letters || self == .hebrew }

    /// Whether the keys are a phone-style pad of four columns rather than ten.
    public var isPad: Bool { self == .numberPad || self == .decimalPad }
}

/// One key of the on-screen keyboard: what it does, what it shows and where it is.
public struct KeyboardKey: Equatable {
    /// What pressing the key does.
    public enum Role: Equatable, Sendable {
        /// Types `KeyboardKey.text` (or `KeyboardKey.shiftedText` while shifted).
        case character
        /// Shift for one letter; tapped twice quickly, caps lock.
        case shift
        /// Deletes backward; held, it repeats.
        case backspace
        case space
        /// Types `"\n"`, as UIKit's keyboard does.
        case returnKey
        /// Shows another page of keys.
        case layoutSwitch(KeyboardLayout)
        /// Hides the keyboard: the first responder resigns.
        case hide
        /// The globe key: the next language's letters (`KeyboardView.letterLayouts`),
        /// UIKit's input mode switch. Only letter pages have it, and only when
        /// the keyboard has more than one language.
        case nextLanguage
        /// An empty place in the grid: drawn as nothing, typing nothing.
        case spacer
    }

    public var role: Role
    /// What the key types, and shows, unshifted ("" for keys that type nothing).
    public var text: String
    /// What it types, and shows, while shift or caps lock is on.
    public var shiftedText: String
    /// The word or symbol on a function key.
    public var label: String
    /// Where the key is, in the keyboard's bounds; set by the keyboard's layout pass.
    public internal(set) var frame: Rect = .zero
    /// The row it is in, 0 at the top.
    public internal(set) var row = 0
    /// The key's width in key widths (a letter is 1).
    @usableFromInline var width: Double

    @usableFromInline init(
        _ role: Role, text: String = "", shiftedText: String? = nil, label: String = "", width: Double = 1
    ) {
        self.role = role
        self.text = text
        self.shiftedText = shiftedText ?? text
        self.label = label
        self.width = width
    }

    /// The hide key's label: Material Icons' `keyboard_hide` (U+E31A), drawn
    /// in the theme's `keySymbolFont` (the text fonts have no keyboard glyph).
    public static let hideSymbol = "\u{E31A}"
    /// The globe key's label: Material Icons' `language` (U+E894), in `keySymbolFont`.
    public static let languageSymbol = "\u{E894}"

    @usableFromInline static func character(_ text: String, width: Double = 1) -> KeyboardKey {
        KeyboardKey(.character, text: text, width: width)
    }

    /// A letter that types its upper case while shifted (ASCII letters only: that is all QWERTY has).
    @usableFromInline static func letter(_ text: String) -> KeyboardKey {
        var upper = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let shifted = value >= 0x61 && value <= 0x7A ? value - 0x20 : value
            upper.unicodeScalars.append(Unicode.Scalar(shifted) ?? scalar)
        }
        return KeyboardKey(.character, text: text, shiftedText: upper)
    }
}

extension KeyboardLayout {
    /// The rows of keys of this page, top to bottom. Built once, when the
    /// keyboard is made; a letter page gains the globe key when the keyboard
    /// has more than one language (`hasLanguageKey`).
    @usableFromInline func makeRows(decimalSeparator: String, hasLanguageKey: Bool = false) -> [[KeyboardKey]] {
        // By scalar, not Character: Embedded Swift has no grapheme tables, and every key is one scalar.
        func characters(_ text: String, width: Double = 1) -> [KeyboardKey] {
            var keys: [KeyboardKey] = []
            for scalar in text.unicodeScalars {
                var one = ""
                one.unicodeScalars.append(scalar)
                keys.append(.character(one, width: width))
            }
            return keys
        }
        func letters(_ text: String) -> [KeyboardKey] {
            var keys: [KeyboardKey] = []
            for key in characters(text) { keys.append(.letter(key.text)) }
            return keys
        }
        let backspace = KeyboardKey(.backspace, label: "⌫", width: 1.5)
        func bottomRow(switchTo other: KeyboardLayout, label: String) -> [KeyboardKey] {
            // The globe key takes its width from the space bar: every row stays 10 keys wide.
            let globe = isLetters && hasLanguageKey
            var row = [KeyboardKey(.layoutSwitch(other), label: label, width: 1.25)]
            if globe { row.append(KeyboardKey(.nextLanguage, label: KeyboardKey.languageSymbol, width: 1.25)) }
            row.append(KeyboardKey(.hide, label: KeyboardKey.hideSymbol, width: 1.25))
            row.append(KeyboardKey(.space, text: " ", label: "space", width: globe ? 3.75 : 5))
            row.append(KeyboardKey(.returnKey, text: "\n", label: "return", width: 2.5))
            return row
        }
        switch self {
        case .letters:
            return [
                letters("qwertyuiop"),
                letters("asdfghjkl"),
                [KeyboardKey(.shift, label: "⇧", width: 1.5)] + letters("zxcvbnm") + [backspace],
                bottomRow(switchTo: .numbers, label: "123")
            ]
        case .hebrew:
            return [
                characters("/'קראטוןםפ"),
                characters("שדגכעיחלךף"),
                characters("זסבהנמצתץ") + [KeyboardKey(.backspace, label: "⌫", width: 1)],
                bottomRow(switchTo: .numbers, label: "123")
            ]
        case .numbers:
            return [
                characters("1234567890"),
                characters("-/:;()$&@\""),
                [KeyboardKey(.layoutSwitch(.symbols), label: "#+=", width: 1.5)] + characters(".,?!'", width: 1.4) + [
                    backspace
                ],
                bottomRow(switchTo: .letters, label: "ABC")
            ]
        case .symbols:
            return [
                characters("[]{}#%^*+="),
                characters("_\\|~<>€£¥•"),
                [KeyboardKey(.layoutSwitch(.numbers), label: "123", width: 1.5)] + characters(".,?!'", width: 1.4) + [
                    backspace
                ],
                bottomRow(switchTo: .letters, label: "ABC")
            ]
        case .numberPad, .decimalPad:
            let corner = self == .decimalPad ? KeyboardKey.character(decimalSeparator) : KeyboardKey(.spacer)
            return [
                characters("123") + [KeyboardKey(.backspace, label: "⌫")],
                characters("456") + [KeyboardKey(.returnKey, text: "\n", label: "return")],
                characters("789") + [KeyboardKey(.hide, label: KeyboardKey.hideSymbol)],
                [corner, .character("0"), KeyboardKey(.spacer, width: 2)]
            ]
        }
    }
}
