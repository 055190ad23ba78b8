import PanelImage
import PanelTesting
import Testing

@testable import PanelUI

// A key typed into a long text costs what it costs in a short one (issue 34
// row 18): UIKit's text fields type in amortised O(1). Counted as the Unicode
// scalars the field hands its text driver (measured and drawn) and the
// grapheme boundaries it walks, never as time.

/// A text driver that draws nothing and counts every scalar it is given:
/// each one 10 points wide, except that "V" after "A" kerns 3 points closer
/// (so measuring a piece must carry the kerning into what follows).
final class CountingTextDriver: TextRendering {
    var scalars = 0

    func measure(_ text: String, font: Font, width: Double?) -> Size {
        var positions: [Double] = []
        penPositions(text, font: font, into: &positions)
        return Size(width: positions[positions.count - 1], height: font.size * 1.25)
    }

    func draw(
        _ text: String, font: Font, color: Color, in rect: Rect, alignment: TextAlignment,
        lineBreak: LineBreakMode, clip: Rect, alpha: Double, into framebuffer: Framebuffer
    ) {
        for _ in text.unicodeScalars { scalars += 1 }
    }

    func penPositions(_ text: String, font: Font, into positions: inout [Double]) {
        positions.removeAll(keepingCapacity: true)
        var pen = 0.0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            scalars += 1
            if previous == "A" && scalar == "V" { pen -= 3 }
            positions.append(pen)
            // Combining marks (U+0300...U+036F) take no room.
            if !(0x300...0x36F).contains(scalar.value) { pen += 10 }
            previous = scalar
        }
        positions.append(pen)
    }
}

@Suite("TextField: typing into a long text")
struct TextFieldLongTextTests {
    /// `length` characters of words, with kerning pairs ("AV") among them.
    static func words(_ length: Int) -> String {
        let sentence = "AVid typing into a long field "
        var text = String(repeating: sentence, count: length / sentence.count + 1)
        text.removeLast(text.count - length)
        return text
    }

    /// A field holding `length` characters, drawn with a counting driver, editing with its caret at the end.
    static func editingField(length: Int, secure: Bool = false) -> (
        TouchDriver, TextField, Renderer, HeadlessDisplay, CountingTextDriver
    ) {
        let driver = TouchDriver(screen: Size(width: 320, height: 120))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44), name: "field", text: words(length))
        field.isSecureTextEntry = secure
        driver.window.addSubview(field)
        let text = CountingTextDriver()
        let renderer = Renderer(textRenderer: text)
        let display = HeadlessDisplay(width: 320, height: 120)
        renderer.draw(driver.window, into: display.framebuffer)
        _ = field.becomeFirstResponder()
        renderer.draw(driver.window, into: display.framebuffer)
        return (driver, field, renderer, display, text)
    }

    /// Scalars measured and drawn, and boundaries walked, per key over `keys`
    /// keys typed (and drawn) at the end of a `length`-character text.
    static func costPerKey(length: Int, secure: Bool = false, keys: Int = 20) -> (scalars: Int, work: Int) {
        let (driver, field, renderer, display, text) = editingField(length: length, secure: secure)
        let typed = ["a", "V", "e\u{301}", " "]
        let scalarsBefore = text.scalars
        let workBefore = field.textWork
        for k in 0..<keys {
            let characters = typed[k % typed.count]
            driver.application.sendPress(Press(key: Key(keyCode: 30, characters: characters), phase: .began))
            renderer.draw(driver.window, into: display.framebuffer)
        }
        #expect(field.text.count == length + keys)
        return ((text.scalars - scalarsBefore) / keys, (field.textWork - workBefore) / keys)
    }

    // Issue 34 row 18: typing into a field holding 16,000 characters cost
    // O(length) a key (1.9 ms in release), so typing was O(n²). UIKit's is
    // amortised O(1): ten times the text may not cost ten times a key.
    @Test(
        "A key typed at the end of 16,000 characters costs no more than at the end of 1,600 (scalars measured and drawn, boundaries walked)",
        arguments: [false, true])
    func keyCostDoesNotGrowWithTheText(secure: Bool) {
        let short = Self.costPerKey(length: 1_600, secure: secure)
        let long = Self.costPerKey(length: 16_000, secure: secure)
        #expect(
            long.scalars <= short.scalars * 2, "per key: \(short.scalars) scalars at 1,600, \(long.scalars) at 16,000")
        #expect(long.work <= short.work * 2, "per key: \(short.work) steps at 1,600, \(long.work) at 16,000")
        // A field's width of text, not the text: the part in view and the clusters around the edit.
        #expect(long.scalars < 400)
    }

    // Issue 34 row 18: laid out around the edit, the field places its caret
    // exactly where laying out the whole text puts it.
    @Test(
        "Edits laid out around the caret give the boundaries and positions of the whole text laid out afresh",
        arguments: [false, true])
    func editsMatchAWholeLayout(secure: Bool) {
        let (driver, field, renderer, display, _) = Self.editingField(length: 1_200, secure: secure)
        let edits: [(caret: Int?, insert: String?)] = [
            (nil, "AV"), (nil, "e"), (nil, "\u{301}"), (nil, nil), (600, "V"), (599, "A"), (nil, nil), (nil, nil),
            (0, "V"), (1, nil), (nil, "🇫"), (nil, "🇷"), (nil, "👨"), (nil, "\u{200D}👩"), (nil, nil), (1_000, "x y z"),
            (1_000, nil), (nil, "a\u{301}\u{302}")
        ]
        for edit in edits {
            if let caret = edit.caret { field.caretPosition = caret }
            if let insert = edit.insert { field.insertText(insert) } else { field.deleteBackward() }
            renderer.draw(driver.window, into: display.framebuffer)
            let fresh = TextField(frame: field.frame, text: field.text)
            fresh.isSecureTextEntry = secure
            driver.window.addSubview(fresh)
            fresh.layoutTextIfNeeded()
            #expect(field.boundaries == fresh.boundaries, "after \(edit)")
            #expect(field.boundaryPositions == fresh.boundaryPositions, "after \(edit)")
            #expect(field.displayedText == fresh.displayedText, "after \(edit)")
            fresh.removeFromSuperview()
        }
    }
}
