import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

// TextField's looks: its states side by side, a field being edited (caret,
// text scrolled to it) and the loupe a held finger shows.

@Suite("Text field golden images", .serialized)
struct TextFieldGoldenTests {
    let text = makeTextRenderer()

    /// `fields` in a window of `size` on a manual-clock application, drawn
    /// after `setUp` (which may begin editing or drive touches).
    func drawn(_ size: Size, _ fields: [TextField], _ setUp: (TouchDriver) -> Void = { _ in }) -> HeadlessDisplay {
        let driver = TouchDriver(screen: size)
        driver.window.backgroundColor = Theme.standard.background
        for field in fields { driver.window.addSubview(field) }
        let display = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
        let renderer = Renderer(textRenderer: text)
        renderer.draw(driver.window, into: display.framebuffer) // measures text with the real fonts
        setUp(driver)
        renderer.draw(driver.window, into: display.framebuffer)
        return display
    }

    func field(_ y: Double, _ name: String, text: String = "", placeholder: String = "") -> TextField {
        TextField(frame: Rect(x: 12, y: y, width: 236, height: 44), name: name, text: text, placeholder: placeholder)
    }

    @Test("A text field's states: placeholder, text, secure, right-aligned, long text from its start, disabled")
    func states() {
        let placeholder = field(12, "placeholder", placeholder: "Network name")
        let plain = field(64, "text", text: "Living room")
        let secure = field(116, "secure", text: "hunter2")
        secure.isSecureTextEntry = true
        let right = field(168, "right", text: "21.5 °C")
        right.textAlignment = .right
        let long = field(220, "long", text: "A name much longer than the field is wide")
        let disabled = field(272, "disabled", text: "Disabled")
        disabled.isEnabled = false
        let display = drawn(Size(width: 260, height: 328), [placeholder, plain, secure, right, long, disabled])
        let result = GoldenImage.check(display.framebuffer, named: "text-field-states")
        #expect(result.passed, "\(result)")
    }

    @Test("Editing: the border, the caret, and long text scrolled so the caret at its end shows")
    func editing() {
        let short = field(12, "short", text: "Héllo, wörld")
        let long = field(64, "long", text: "A name much longer than the field is wide")
        let display = drawn(Size(width: 260, height: 120), [short, long]) { _ in
            long.becomeFirstResponder()
        }
        let result = GoldenImage.check(display.framebuffer, named: "text-field-editing")
        #expect(result.passed, "\(result)")
    }

    @Test("The loupe: a finger held on the field magnifies the caret under it")
    func loupe() {
        checkLoupe(text: "Living room", fingerX: 80, golden: "text-field-loupe")
    }

    @Test("The loupe over mixed text: the caret at a stop inside the Hebrew word, magnified where it is drawn")
    func loupeOverRightToLeftText() {
        checkLoupe(text: "abc אבג def", fingerX: 70, golden: "text-field-loupe-right-to-left")
    }

    /// A finger held on a field showing `text`, at `fingerX`, until the loupe shows: the picture is `golden`.
    func checkLoupe(text: String, fingerX: Double, golden: String) {
        let held = field(76, "held", text: text)
        held.inputView = View() // no keyboard: the picture is the loupe's
        let display = drawn(Size(width: 260, height: 132), [held]) { driver in
            driver.down(1, at: Point(x: fingerX, y: 98))
            driver.advance(by: 0.6)
            #expect(held.isShowingLoupe)
        }
        let result = GoldenImage.check(display.framebuffer, named: golden)
        #expect(result.passed, "\(result)")
    }
}
