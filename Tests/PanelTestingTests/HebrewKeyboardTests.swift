import PanelKit
import PanelTesting
import PanelUI
import Testing

// A text field typed into in Hebrew, on the on-screen keyboard, through real
// taps: the globe key goes to the Hebrew letters, "123" to the digits, and
// the field shows the text right to left, shaped by HarfBuzz in Noto Sans Hebrew.

/// A note field at the top of the screen, and a keyboard that types English and Hebrew.
final class HebrewNoteAppDelegate: ApplicationDelegate {
    var window: Window?
    let note = TextField(frame: Rect(x: 20, y: 20, width: 440, height: 44), name: "note")

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        window.backgroundColor = Theme.standard.background
        window.addSubview(note)
        application.addWindow(window)
        application.keyboardPresenter.systemKeyboard.letterLayouts = [.letters, .hebrew]
        self.window = window
        return true
    }
}

@Suite("The on-screen keyboard in Hebrew")
struct HebrewKeyboardTests {
    @Test("Typing Hebrew with numbers and Latin: the globe key switches languages, the text is what was typed")
    func typesHebrew() throws {
        let app = try AppTester(HebrewNoteAppDelegate.self, screenSize: Size(width: 480, height: 272))
        let note = try #require(app.delegate(as: HebrewNoteAppDelegate.self)?.note)
        app.tap("note")
        app.advance(by: 0.5)
        let keyboard = try #require(app.keyboard)
        #expect(keyboard.layout == .letters)
        #expect(keyboard.keys.contains { $0.role == .nextLanguage })
        app.type("שלום 123 Wi-Fi")
        #expect(note.text == "שלום 123 Wi-Fi")
        app.type("ם")
        #expect(keyboard.layout == .hebrew) // the language last typed in
        app.tapKey(.backspace)
        app.advance(by: 0.3) // the caret's blink phase is part of the picture: a fixed time
        #expect(app.assertSnapshot(named: "keyboard-hebrew").passed)
    }

    @Test("With one language there is no globe key, and the space bar is as wide as before")
    func oneLanguageHasNoGlobe() {
        let keyboard = KeyboardView(frame: Rect(x: 0, y: 0, width: 480, height: 200))
        #expect(!keyboard.keys.contains { $0.role == .nextLanguage })
        keyboard.letterLayouts = [.letters, .hebrew]
        #expect(keyboard.keys.contains { $0.role == .nextLanguage })
        keyboard.layout = .numbers
        #expect(!keyboard.keys.contains { $0.role == .nextLanguage })
        keyboard.letterLayouts = [.numbers] // not a language: QWERTY alone
        #expect(keyboard.letterLayouts == [.letters])
    }
}
