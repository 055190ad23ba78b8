import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

// The on-screen keyboard's pages and states on a 480x272 panel (the smallest
// board's), the keyboard at its preferred height at the bottom.

@Suite("Golden images: the on-screen keyboard", .serialized)
struct KeyboardGoldenTests {
    /// This suite's own FreeType renderer (a glyph cache belongs to one thread).
    let text = makeTextRenderer()

    /// A 480x272 window with the keyboard at the bottom, driven by real touches.
    func keyboardOnScreen() -> (TouchDriver, KeyboardView) {
        let driver = TouchDriver(screen: Size(width: 480, height: 272))
        driver.window.backgroundColor = Theme.standard.background
        let height = KeyboardView.preferredHeight(forScreenHeight: 272)
        let keyboard = KeyboardView(frame: Rect(x: 0, y: 272 - height, width: 480, height: height))
        driver.window.addSubview(keyboard)
        return (driver, keyboard)
    }

    func check(_ driver: TouchDriver, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let display = HeadlessDisplay(width: 480, height: 272)
        Renderer(textRenderer: text).draw(driver.window, into: display.framebuffer)
        let result = GoldenImage.check(display.framebuffer, named: name)
        #expect(result.passed, "\(result)", sourceLocation: sourceLocation)
    }

    @Test("the letters page, unshifted, shifted and in caps lock")
    func letters() {
        let (driver, keyboard) = keyboardOnScreen()
        check(driver, "keyboard-letters")
        keyboard.shiftState = .on
        check(driver, "keyboard-shifted")
        keyboard.shiftState = .capsLock
        check(driver, "keyboard-caps-lock")
    }

    @Test("the numbers page and the symbols page")
    func numbersAndSymbols() {
        let (driver, keyboard) = keyboardOnScreen()
        keyboard.layout = .numbers
        check(driver, "keyboard-numbers")
        keyboard.layout = .symbols
        check(driver, "keyboard-symbols")
    }

    @Test("the number pad and the decimal pad")
    func pads() {
        let (driver, keyboard) = keyboardOnScreen()
        keyboard.keyboardType = .numberPad
        check(driver, "keyboard-number-pad")
        keyboard.keyboardType = .decimalPad
        check(driver, "keyboard-decimal-pad")
    }

    @Test("a finger on a key of the top row: the key highlighted, its preview balloon above it")
    func previewBalloon() throws {
        let (driver, keyboard) = keyboardOnScreen()
        let key = try #require(keyboard.keys.first { $0.text == "e" })
        driver.down(1, at: keyboard.convert(key.frame.center, to: nil))
        check(driver, "keyboard-preview-balloon")
        driver.up(1)
    }
}
