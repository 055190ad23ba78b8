import PanelKeys
import PanelTesting
import PanelUI
import Testing

/// evdev key codes (linux/input-event-codes.h) the tests type.
enum KEY {
    static let one: UInt16 = 2, minus: UInt16 = 12, backspace: UInt16 = 14, q: UInt16 = 16, e: UInt16 = 18
    static let y: UInt16 = 21, leftBrace: UInt16 = 26, enter: UInt16 = 28, leftControl: UInt16 = 29
    static let a: UInt16 = 30, semicolon: UInt16 = 39, leftShift: UInt16 = 42, z: UInt16 = 44, c: UInt16 = 46
    static let leftAlt: UInt16 = 56, capsLock: UInt16 = 58, keypad1: UInt16 = 79, rightAlt: UInt16 = 100
    static let left: UInt16 = 105, leftMeta: UInt16 = 125
}

/// A keyboard over a compiled keymap, typed on as the kernel reports keys.
final class TestKeyboard {
    let translator: KeyTranslator
    init(_ names: KeymapNames = KeymapNames()) throws {
        translator = KeyTranslator(keymap: try Keymap.compiling(names))
    }
    func down(_ code: UInt16) -> Press? { translator.press(keyCode: code, value: 1) }
    func up(_ code: UInt16) -> Press? { translator.press(keyCode: code, value: 0) }
    /// Presses and lets go of `code` with `modifiers` held; the key's `began` press.
    func type(_ code: UInt16, holding modifiers: [UInt16] = []) -> Press? {
        for modifier in modifiers { _ = down(modifier) }
        let press = down(code)
        _ = up(code)
        for modifier in modifiers.reversed() { _ = up(modifier) }
        return press
    }
    func characters(_ code: UInt16, holding modifiers: [UInt16] = []) -> String? {
        type(code, holding: modifiers)?.key.characters
    }
}

@Suite("xkbcommon keymaps: key codes to characters through the board's layout")
struct KeymapTests {
    @Test("US: a key types its letter; shift types the capital; the key code is evdev's")
    func usLetters() throws {
        let keyboard = try TestKeyboard()
        let press = try #require(keyboard.type(KEY.a))
        #expect(press.phase == .began)
        #expect(press.keyCode == KEY.a)
        #expect(press.key.characters == "a")
        #expect(press.key.charactersIgnoringModifiers == "a")
        #expect(press.key.modifierFlags == [])
        let shifted = try #require(keyboard.type(KEY.a, holding: [KEY.leftShift]))
        #expect(shifted.key.characters == "A")
        #expect(shifted.key.charactersIgnoringModifiers == "a")
        #expect(shifted.key.modifierFlags == .shift)
        #expect(keyboard.characters(KEY.one, holding: [KEY.leftShift]) == "!")
    }

    @Test("Caps lock locks capitals until pressed again, and sets alphaShift")
    func capsLock() throws {
        let keyboard = try TestKeyboard()
        _ = keyboard.type(KEY.capsLock)
        let press = try #require(keyboard.type(KEY.a))
        #expect(press.key.characters == "A")
        #expect(press.key.modifierFlags == .alphaShift)
        // Caps lock does not shift digits.
        #expect(keyboard.characters(KEY.one) == "1")
        _ = keyboard.type(KEY.capsLock)
        #expect(keyboard.characters(KEY.a) == "a")
    }

    @Test("Control-C is \"c\" with the control flag, as in UIKit, not a control character")
    func control() throws {
        let keyboard = try TestKeyboard()
        let press = try #require(keyboard.type(KEY.c, holding: [KEY.leftControl]))
        #expect(press.key.characters == "c")
        #expect(press.key.modifierFlags == .control)
        #expect(keyboard.type(KEY.c, holding: [KEY.leftAlt])?.key.modifierFlags == .alternate)
        #expect(keyboard.type(KEY.c, holding: [KEY.leftMeta])?.key.modifierFlags == .command)
    }

    @Test("Return, backspace and arrows: UIKit's \\r and \\u{8}; arrows type nothing; the keypad is flagged")
    func specialKeys() throws {
        let keyboard = try TestKeyboard()
        #expect(keyboard.characters(KEY.enter) == "\r")
        #expect(keyboard.characters(KEY.backspace) == "\u{8}")
        #expect(keyboard.characters(KEY.left) == "")
        let keypad = try #require(keyboard.type(KEY.keypad1))
        #expect(keypad.key.modifierFlags.contains(.numericPad))
    }

    @Test("German layout: ü and ß from their own keys, y and z swapped")
    func german() throws {
        let keyboard = try TestKeyboard(KeymapNames(layout: "de"))
        #expect(keyboard.characters(KEY.leftBrace) == "ü")
        #expect(keyboard.characters(KEY.minus) == "ß")
        #expect(keyboard.characters(KEY.semicolon) == "ö")
        #expect(keyboard.characters(KEY.leftBrace, holding: [KEY.leftShift]) == "Ü")
        #expect(keyboard.characters(KEY.y) == "z")
        #expect(keyboard.characters(KEY.z) == "y")
    }

    @Test("AltGr picks the third level: AltGr+Q is @ and AltGr+E is € on the German layout")
    func altGr() throws {
        let keyboard = try TestKeyboard(KeymapNames(layout: "de"))
        let at = try #require(keyboard.type(KEY.q, holding: [KEY.rightAlt]))
        #expect(at.key.characters == "@")
        #expect(at.key.charactersIgnoringModifiers == "q")
        #expect(at.key.modifierFlags == .alternate)
        #expect(keyboard.characters(KEY.e, holding: [KEY.rightAlt]) == "€")
        // Let go of AltGr: plain letters again.
        #expect(keyboard.characters(KEY.q) == "q")
    }

    @Test("Ups end presses, repeats (value 2) are began presses marked isRepeat; modifiers do not repeat")
    func phasesAndRepeat() throws {
        let keyboard = try TestKeyboard()
        #expect(keyboard.down(KEY.a)?.phase == .began)
        let repeated = try #require(keyboard.translator.press(keyCode: KEY.a, value: 2))
        #expect(repeated.phase == .began && repeated.isRepeat && repeated.key.characters == "a")
        let ended = try #require(keyboard.up(KEY.a))
        #expect(ended.phase == .ended && !ended.isRepeat && ended.key.characters == "a")
        // An up or a repeat of a key that is not down is nothing.
        #expect(keyboard.up(KEY.a) == nil)
        #expect(keyboard.translator.press(keyCode: KEY.a, value: 2) == nil)
        _ = keyboard.down(KEY.leftShift)
        #expect(keyboard.translator.press(keyCode: KEY.leftShift, value: 2) == nil)
    }

    @Test("Cancelling a keyboard ends each key down as cancelled and lets go of its modifiers")
    func cancelAll() throws {
        let keyboard = try TestKeyboard()
        _ = keyboard.down(KEY.leftShift)
        _ = keyboard.down(KEY.a)
        var cancelled: [Press] = []
        keyboard.translator.cancelAll { cancelled.append($0) }
        #expect(cancelled.map(\.keyCode) == [KEY.a, KEY.leftShift])
        #expect(cancelled.allSatisfy { $0.phase == .cancelled })
        #expect(keyboard.translator.keysDown == 0)
        #expect(keyboard.characters(KEY.a) == "a")
    }

    @Test("A keymap saved as text (a board bundle's keymap file) loads and types the same")
    func keymapText() throws {
        let text = try Keymap.compiling(KeymapNames(layout: "de")).text
        let translator = KeyTranslator(keymap: try Keymap(text: text))
        _ = translator.press(keyCode: KEY.rightAlt, value: 1)
        #expect(translator.press(keyCode: KEY.e, value: 1)?.key.characters == "€")
    }

    @Test("Unknown layouts, variants, options and models are errors naming the field and the value, never US")
    func errors() {
        func failure(_ names: KeymapNames) -> KeymapError? {
            do {
                _ = try Keymap.compiling(names)
                return nil
            } catch { return error }
        }
        let layout = failure(KeymapNames(layout: "xx"))
        #expect(layout?.field == "layout" && layout?.value == "xx")
        #expect(layout?.message.contains("localectl list-x11-keymap-layouts") == true)
        let variant = failure(KeymapNames(layout: "de", variant: "bogus"))
        #expect(variant?.field == "variant" && variant?.value == "bogus")
        // xkbcommon only logs an unknown option and compiles without it: caught through its log.
        let option = failure(KeymapNames(layout: "de", options: "ctrl:nocaps,bogus:option"))
        #expect(option?.field == "options" && option?.value == "bogus:option")
        let model = failure(KeymapNames(model: "pc999"))
        #expect(model?.field == "model" && model?.value == "pc999")
        #expect(failure(KeymapNames(layout: "de", variant: "nodeadkeys", options: "ctrl:nocaps")) == nil)
    }

    @Test(
        "A keymap that fails, on each way it can, leaves nothing of xkbcommon's behind; one that loads frees all when dropped"
    )
    func failuresReleaseEverything() throws {
        let failing = [
            KeymapNames(layout: "xx"), // compiles to nothing
            KeymapNames(layout: "de", options: "ctrl:nocaps,bogus:option"), // compiles, but logged an error
            KeymapNames(model: "pc999")
        ] // refused before compiling
        for names in failing {
            func attempt() { _ = try? Keymap.compiling(names) }
            attempt() // warm-up: the runtime's metadata for these types stays
            #expect(AllocationCounter.unfreedBlocks(attempt) == 0, "\(names)")
        }
        let text = try Keymap.compiling(KeymapNames()).text
        func reload() { _ = try? Keymap(text: text) }
        func badText() { _ = try? Keymap(text: "xkb_keymap { nonsense }") }
        reload()
        badText()
        #expect(AllocationCounter.unfreedBlocks(reload) == 0)
        #expect(AllocationCounter.unfreedBlocks(badText) == 0)
    }

    @Test("Typing allocates nothing after warm-up: letters, shift, AltGr, repeats and ups")
    func noAllocations() throws {
        let keyboard = try TestKeyboard(KeymapNames(layout: "de"))
        let translator = keyboard.translator
        let codes: [UInt16] = [
            KEY.a, KEY.a, KEY.a, KEY.leftShift, KEY.leftBrace, KEY.leftBrace, KEY.leftShift,
            KEY.rightAlt, KEY.e, KEY.e, KEY.rightAlt, KEY.minus, KEY.minus
        ]
        let values: [Int32] = [1, 2, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0]
        var typed = 0
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            // Index loop: an unoptimized build allocates for `for-in` over an array.
            var i = 0
            while i < codes.count {
                if let press = translator.press(keyCode: codes[i], value: values[i]), !press.key.characters.isEmpty {
                    typed += 1
                }
                i += 1
            }
        }
        #expect(typed > 0)
        #expect(allocations == 0)
        // The counter sees this path's allocations when there are some: the keymap as text allocates.
        #expect(AllocationCounter.count { _ = translator.keymap.text } > 0)
    }
}
