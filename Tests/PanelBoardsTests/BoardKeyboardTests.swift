import Foundation
import PanelBoards
import PanelJSON
import PanelKeys
import PanelKit
import PanelUI
import Testing

/// `goodBoard` with a `keyboard` section on its own line (line 9 of the file).
func boardWithKeyboard(_ keyboard: String) -> String {
    goodBoard.replacingOccurrences(of: "\"scale\": 1,", with: "\"scale\": 1,\n  \"keyboard\": " + keyboard + ",")
}

/// The error compiling the board's keymap gives, as printed.
func keymapError(_ keyboard: String) throws -> String? {
    let board = try parseBoard(boardWithKeyboard(keyboard))
    do {
        _ = try board.compileKeymap()
        return nil
    } catch {
        return error.description
    }
}

@Suite("Board files: the keyboard section")
struct BoardKeyboardTests {
    @Test("Without a keyboard section a board types US on a pc105")
    func defaults() throws {
        let board = try parseBoard(goodBoard)
        #expect(board.keymapNames == KeymapNames(model: "pc105", layout: "us"))
    }

    @Test("The layout comes from the board file: a German board types ü, ß and AltGr+Q's @")
    func germanBoard() throws {
        let board = try parseBoard(
            boardWithKeyboard(#"{"layout": "de", "variant": "nodeadkeys", "options": "ctrl:nocaps"}"#))
        #expect(
            board.keyboard.layout == "de" && board.keyboard.variant == "nodeadkeys"
                && board.keyboard.options == "ctrl:nocaps")
        let keys = KeyTranslator(keymap: try board.compileKeymap())
        #expect(keys.press(keyCode: 26, value: 1)?.key.characters == "ü")
        #expect(keys.press(keyCode: 12, value: 1)?.key.characters == "ß")
        _ = keys.press(keyCode: 100, value: 1) // AltGr
        #expect(keys.press(keyCode: 16, value: 1)?.key.characters == "@")
    }

    @Test(
        "A layout, variant, option or model xkbcommon cannot compile names the file, the field, the value and where valid ones are listed"
    )
    func unknownNames() throws {
        let layout = try keymapError(#"{"layout": "klingon"}"#)
        #expect(layout?.hasPrefix("boards/test-board.json:9:") == true)
        #expect(layout?.contains("keyboard.layout: xkbcommon has no keyboard layout 'klingon'") == true)
        #expect(layout?.contains("localectl list-x11-keymap-layouts") == true)
        #expect(layout?.contains("/usr/share/X11/xkb/rules/evdev.lst") == true)

        let variant = try keymapError(#"{"layout": "de", "variant": "qwertz-deluxe"}"#)
        #expect(
            variant?.contains("keyboard.variant: xkbcommon has no variant 'qwertz-deluxe' of the layout 'de'") == true)
        #expect(variant?.contains("localectl list-x11-keymap-variants de") == true)

        let option = try keymapError(#"{"layout": "us", "options": "ctrl:nocaps,caps:teleport"}"#)
        #expect(option?.contains("keyboard.options: xkbcommon has no keyboard option 'caps:teleport'") == true)

        let model = try keymapError(#"{"model": "pc1000"}"#)
        #expect(model?.contains("keyboard.model: xkbcommon has no keyboard model 'pc1000'") == true)
    }

    @Test("Names with spaces or an empty layout are errors when the file is read")
    func malformedNames() {
        #expect(
            breakage("\"scale\": 1,", "\"scale\": 1, \"keyboard\": {\"layout\": \"de fr\"},")?
                .contains("keyboard.layout: expected XKB names") == true)
        #expect(
            breakage("\"scale\": 1,", "\"scale\": 1, \"keyboard\": {\"layout\": \"\"},")?
                .contains("keyboard.layout: expected a name") == true)
        #expect(breakage("\"scale\": 1,", "\"scale\": 1, \"keyboard\": {\"layuot\": \"de\"},") != nil)
    }
}
