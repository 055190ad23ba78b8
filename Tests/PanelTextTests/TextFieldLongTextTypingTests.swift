import PanelImage
import PanelTesting
import PanelText
import Testing

@testable import PanelUI

// Typing into a 16,000-character field drawn with FreeType (issue 34 row
// 18): each edit is laid out around the caret with FreeType's own shaping and
// kerning, lands the caret where laying out the whole text puts it, and
// allocates nothing per key, drawing included.

@Suite("TextField with FreeType: a long text")
struct TextFieldLongTextTypingTests {
    @Test(
        "Typing into 16,000 characters: caret positions as a whole layout gives them, and 0 allocations per key, drawn each frame",
        arguments: [false, true])
    func typingIntoALongText(secure: Bool) throws {
        let text = try makeRenderer()
        let driver = TouchDriver(screen: Size(width: 320, height: 120))
        let sentence = "AVAST, Ye typed into a long field. "
        var long = String(repeating: sentence, count: 16_000 / sentence.count + 1)
        long.removeLast(long.count - 16_000)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44), name: "field", text: long)
        field.isSecureTextEntry = secure
        driver.window.addSubview(field)
        let display = HeadlessDisplay(width: 320, height: 120)
        let renderer = Renderer(textRenderer: text)
        renderer.draw(driver.window, into: display.framebuffer)
        #expect(field.becomeFirstResponder())
        renderer.draw(driver.window, into: display.framebuffer)
        let app = driver.application
        let keys = [
            Press(key: Key(keyCode: 47, characters: "V"), phase: .began),
            Press(key: Key(keyCode: 30, characters: "A"), phase: .began),
            Press(key: Key(keyCode: 26, characters: "ü"), phase: .began),
            Press(keyCode: KeyCode.backspace, phase: .began),
            Press(key: Key(keyCode: 21, characters: "y"), phase: .began),
            Press(key: Key(keyCode: 57, characters: " "), phase: .began)
        ]
        func typeEachKey() -> [UInt64] {
            keys.map { key in
                AllocationCounter.count {
                    app.sendPress(key)
                    renderer.draw(driver.window, into: display.framebuffer)
                }
            }
        }
        // Warm: shaping picks glyphs by their neighbours (Inter's contextual
        // forms), so the first rounds meet glyphs FreeType renders once.
        for _ in 0..<4 { _ = typeEachKey() }
        let perKey = typeEachKey()
        #expect(perKey == [UInt64](repeating: 0, count: keys.count))
        #expect(field.text.count == 16_000 + 5 * 4)

        // Where the whole text, laid out afresh, puts every boundary.
        let fresh = TextField(frame: field.frame, text: field.text)
        fresh.isSecureTextEntry = secure
        driver.window.addSubview(fresh)
        fresh.layoutTextIfNeeded()
        #expect(field.boundaries == fresh.boundaries)
        #expect(field.boundaryPositions == fresh.boundaryPositions)
        #expect(field.displayedText == fresh.displayedText)
        // The end of the text shows where the caret is: inked pixels in the field.
        #expect(
            inkBounds(
                display.framebuffer, background: opaque(field.theme.surface, in: display.framebuffer),
                in: Rect(x: 20, y: 20, width: 280, height: 24)) != nil)
    }
}
