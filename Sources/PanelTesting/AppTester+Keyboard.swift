import PanelUI
import Testing

/// Typing on the on-screen keyboard, as a user would: every key is a real
/// tap (a finger down and up on the key), through the touch tracker and the
/// keyboard's own touch handling.
///
/// ```swift
/// app.tap("password")                 // the field becomes first responder; the keyboard slides up
/// app.type("Hello, world")            // shift, "123" and "ABC" are tapped as needed
/// app.type("שלום")                     // the globe key too, with `letterLayouts` [.letters, .hebrew]
/// #expect(field.text == "Hello, world")
/// app.tapKey(.hide)
/// ```
extension AppTester {
    /// The on-screen keyboard while it is shown (or sliding up); nil otherwise.
    public var keyboard: KeyboardView? {
        application.keyboardPresenter.visibleInputView as? KeyboardView
    }

    /// The frame, in window points, of the key on the page shown that types
    /// `text` as things stand (shifted or not); nil when there is none.
    public func frameOfKey(typing text: String) -> Rect? {
        guard let keyboard else { return nil }
        let keys = keyboard.keys
        for i in keys.indices
        where keys[i].role == .character
            && (keyboard.isShifted ? keys[i].shiftedText : keys[i].text) == text
        {
            return frameInWindow(of: keys[i], on: keyboard)
        }
        return nil
    }

    /// The frame, in window points, of the first key with `role` on the page shown; nil when there is none.
    public func frameOfKey(_ role: KeyboardKey.Role) -> Rect? {
        guard let keyboard else { return nil }
        let keys = keyboard.keys
        for i in keys.indices where keys[i].role == role { return frameInWindow(of: keys[i], on: keyboard) }
        return nil
    }

    /// Taps the first key with `role` on the page shown (shift, backspace,
    /// space, return, a page switch, hide). A missing key is a test issue.
    public func tapKey(_ role: KeyboardKey.Role, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let frame = frameOfKey(role) else {
            Issue.record(
                Comment(
                    rawValue: missingKeyboardMessage
                        ?? "the keyboard's \(keyboard?.layout ?? .letters) page has no \(role) key"),
                sourceLocation: sourceLocation)
            return
        }
        tap(at: frame.center)
    }

    /// Types `text` on the on-screen keyboard, one tap per key, switching
    /// pages and pressing shift as a user would. The keyboard must be shown
    /// (a text input is first responder); a character no page has is a test
    /// issue, and typing stops there.
    public func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let message = missingKeyboardMessage {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        for scalar in text.unicodeScalars {
            var character = ""
            character.unicodeScalars.append(scalar)
            var typed = false
            // A character is at most two page switches and a shift away.
            for _ in 0..<5 {
                guard let keyboard, let index = keyboard.nextKeyIndex(toType: character) else { break }
                let key = keyboard.keys[index]
                tap(at: frameInWindow(of: key, on: keyboard).center)
                if key.role != .shift && key.role.switchesLayout == false {
                    typed = true
                    break
                }
            }
            if !typed {
                Issue.record(
                    Comment(
                        rawValue: "the on-screen keyboard has no key that types \"\(character)\" "
                            + "(in \"\(text)\"); its pages: the letters of `letterLayouts`, numbers and symbols, or a number pad"
                    ),
                    sourceLocation: sourceLocation)
                return
            }
        }
    }

    var missingKeyboardMessage: String? {
        keyboard == nil
            ? "no on-screen keyboard is shown: make a text input first responder first (tap a text field)" : nil
    }

    func frameInWindow(of key: KeyboardKey, on keyboard: KeyboardView) -> Rect {
        let origin = keyboard.convert(Point(x: key.frame.minX, y: key.frame.minY), to: nil)
        return Rect(x: origin.x, y: origin.y, width: key.frame.width, height: key.frame.height)
    }
}

extension KeyboardKey.Role {
    var switchesLayout: Bool {
        if case .layoutSwitch = self { return true }
        return self == .nextLanguage
    }
}

extension KeyboardView {
    /// The index in `keys` of the key to tap next towards typing
    /// `character`: the key that types it, or shift, or the switch to the
    /// page that has it. Nil when no page the keyboard can reach has it.
    public func nextKeyIndex(toType character: String) -> Int? {
        let keys = self.keys
        if character == "\n" { return keys.firstIndex { $0.role == .returnKey } }
        if character == " ", let space = keys.firstIndex(where: { $0.role == .space }) { return space }
        if let index = keys.firstIndex(where: {
            $0.role == .character && (isShifted ? $0.shiftedText : $0.text) == character
        }) {
            return index
        }
        if layout == .letters,
            keys.contains(where: { $0.role == .character && ($0.text == character || $0.shiftedText == character) })
        {
            return keys.firstIndex { $0.role == .shift }
        }
        let reachable: [KeyboardLayout] = layout.isPad ? [] : letterLayouts + [.numbers, .symbols]
        guard
            let target = reachable.first(where: { page in
                page != layout
                    && self.keys(of: page).contains {
                        $0.role == .character && ($0.text == character || $0.shiftedText == character)
                    }
            })
        else { return nil }
        if target.isLetters {
            // Another language: its globe key from a letter page, else "ABC" back to the letters first.
            if layout.isLetters { return keys.firstIndex { $0.role == .nextLanguage } }
            return keys.firstIndex { $0.role == .layoutSwitch(.letters) }
        }
        if let direct = keys.firstIndex(where: { $0.role == .layoutSwitch(target) }) { return direct }
        return keys.firstIndex { $0.role == .layoutSwitch(.numbers) }
    }
}
