import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

// A text field measured and drawn with FreeType: its caret positions come
// from the same shaping as the drawing (kerning included), and typing,
// moving the caret and deleting allocate nothing per key, drawing included,
// once the field's text is past Swift's 15-byte small strings.

@Suite("TextField with FreeType")
struct TextFieldTypingTests {
    @Test(
        "Caret positions are FreeType's pen positions: the whole text's width at the end, a combining mark adding none")
    func penPositions() throws {
        let text = try makeRenderer()
        var positions: [Double] = []
        let font = Font(name: "DejaVuSans", size: 20) // kerns A–V in its `kern` table
        text.penPositions("AVe\u{301}", font: font, into: &positions)
        #expect(positions.count == 5)
        #expect(positions[0] == 0)
        #expect(positions[4] == text.measure("AVe\u{301}", font: font, width: nil).width)
        #expect(positions[3] == positions[4]) // U+0301 combines: no advance of its own
        #expect(
            positions[2] < text.measure("A", font: font, width: nil).width
                + text.measure("V", font: font, width: nil).width) // kerned
    }

    @Test("Pen positions measured again (read back from the layout cache) are the same as shaping the text afresh")
    func penPositionsFromTheCache() throws {
        let fresh = try makeRenderer()
        let cached = try makeRenderer()
        let texts = [
            "Volume 62%", "AVe\u{301}", "fjord  ", " ", "", "a\r\nb", "tab\there", "zero\u{200B}width",
            "ctrl\u{7}bell", "👨‍👩‍👧 family", "Ünïcödé ÀÉÎ", String(repeating: "wide ", count: 40)
        ]
        for size in [12.0, 20] {
            let font = Font.system(size: size)
            for text in texts {
                var first: [Double] = []
                var again: [Double] = []
                var reference: [Double] = []
                cached.penPositions(text, font: font, into: &first)
                // A new text between the two, laid out afresh: the second is read with the renderer's layout holding that one.
                var between: [Double] = []
                cached.penPositions(text + "!", font: font, into: &between)
                cached.penPositions(text, font: font, into: &again)
                fresh.penPositions(text, font: font, into: &reference)
                #expect(first == reference && again == reference, "'\(text)' at \(size): \(again) against \(reference)")
                // A fresh renderer must shape: measured once, its own cache now holds the text too.
                fresh.removeAllCachedGlyphs()
            }
        }
    }

    @Test("0 allocations per key press typed into a field drawn with FreeType each frame")
    func noAllocationsPerKeyWithDrawing() throws {
        let (field, driver, renderer, display) = try editingField("Wi-Fi password for the kitchen")
        let app = driver.application
        let keys = [
            Press(key: Key(keyCode: 30, characters: "a"), phase: .began),
            Press(key: Key(keyCode: 26, characters: "ü"), phase: .began),
            Press(keyCode: KeyCode.left, phase: .began),
            Press(keyCode: KeyCode.right, phase: .began),
            Press(keyCode: KeyCode.backspace, phase: .began),
            Press(keyCode: KeyCode.backspace, phase: .began),
            Press(keyCode: KeyCode.home, phase: .began),
            Press(keyCode: KeyCode.end, phase: .began)
        ]
        let perKey = allocationsPerKey(keys, app: app, renderer: renderer, window: driver.window, display: display)
        #expect(field.text == "Wi-Fi password for the kitchen")
        #expect(perKey == [UInt64](repeating: 0, count: keys.count))
    }
}
