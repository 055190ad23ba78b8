import PanelLog
import PanelTesting
import PanelUI
import Testing

// The `textField` key of scene files and the `text` lines of the log
// (docs/scene-files.md#text-fields).

@Suite("Text fields in scene files")
struct TextFieldSceneTests {
    static let json = """
        {"views": [
          {"name": "ssid", "frame": [40, 40, 300, 48], "textField": {"placeholder": "Network name", "text": "Home"}},
          {"name": "password", "frame": [40, 120, 300, 48],
           "textField": {"placeholder": "Password", "secure": true, "size": 20, "alignment": "center"}},
          {"name": "pin", "frame": [40, 200, 160, 48], "textField": {"keyboardType": "numberPad", "alignment": "right"}}
        ]}
        """

    @Test("The keys build a TextField: text, placeholder, secure, keyboardType, size, alignment")
    func keys() throws {
        let scene = try SceneFiles.parse(Self.json).build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let ssid = try #require(scene.view(named: "ssid") as? TextField)
        let password = try #require(scene.view(named: "password") as? TextField)
        let pin = try #require(scene.view(named: "pin") as? TextField)
        #expect(ssid.text == "Home" && ssid.placeholder == "Network name" && !ssid.isSecureTextEntry)
        #expect(ssid.font == Theme.standard.bodyFont)
        #expect(password.isSecureTextEntry && password.font.size == 20 && password.textAlignment == .center)
        #expect(pin.keyboardType == .numberPad && pin.textAlignment == .right && ssid.keyboardType == .default)
    }

    @Test("Editing logs text lines: begin, changed, return, end; a secure field logs its length, never its text")
    func textLines() throws {
        let sink = MemorySink()
        let driver = TouchDriver()
        let scene = try SceneFiles.parse(Self.json).build(log: ReplayLog(sink: sink, clock: driver.clock))
        let app = driver.application
        app.addWindow(scene.window)
        let ssid = try #require(scene.view(named: "ssid") as? TextField)
        let password = try #require(scene.view(named: "password") as? TextField)
        ssid.becomeFirstResponder()
        app.sendPress(Press(key: Key(keyCode: 30, characters: "ä"), phase: .began))
        app.sendPress(Press(keyCode: KeyCode.enter, phase: .began))
        password.becomeFirstResponder()
        for character in ["p", "w", "\u{1F511}"] {
            app.sendPress(Press(key: Key(keyCode: 25, characters: character), phase: .began))
        }
        password.resignFirstResponder()
        scene.log.writer.flush()
        let lines = sink.lines.filter { $0.contains(#""type":"text""#) }.map { line in
            // Leave the time out.
            line.replacing(#/"t":[0-9.]+,/#, with: "")
        }
        #expect(
            lines == [
                #"{"type":"text","field":"ssid","event":"begin","text":"Home"}"#,
                #"{"type":"text","field":"ssid","event":"changed","text":"Homeä"}"#,
                #"{"type":"text","field":"ssid","event":"return","text":"Homeä"}"#,
                #"{"type":"text","field":"ssid","event":"end","text":"Homeä"}"#,
                #"{"type":"text","field":"password","event":"begin","length":0}"#,
                #"{"type":"text","field":"password","event":"changed","length":1}"#,
                #"{"type":"text","field":"password","event":"changed","length":2}"#,
                #"{"type":"text","field":"password","event":"changed","length":3}"#,
                #"{"type":"text","field":"password","event":"end","length":3}"#
            ])
        #expect(sink.lines.contains { $0.contains(#""control":"ssid","event":"primaryActionTriggered""#) })
    }

    @Test("Typing into a logged field allocates nothing per key, its text lines included")
    func loggedTypingAllocatesNothing() throws {
        let sink = CountingSink()
        let driver = TouchDriver()
        let scene = try SceneFiles.parse(Self.json).build(log: ReplayLog(sink: sink, clock: driver.clock))
        let app = driver.application
        app.addWindow(scene.window)
        let ssid = try #require(scene.view(named: "ssid") as? TextField)
        let password = try #require(scene.view(named: "password") as? TextField)
        ssid.text = "The network down the hall"
        password.text = "a password of some length"
        let typeKey = Press(key: Key(keyCode: 30, characters: "a"), phase: .began)
        let backspace = Press(keyCode: KeyCode.backspace, phase: .began)
        for field in [ssid, password] {
            field.becomeFirstResponder()
            let allocations = AllocationCounter.count(warmUpRuns: 3) {
                app.sendPress(typeKey)
                app.sendPress(backspace)
            }
            #expect(allocations == 0, "\(field.name)")
        }
        scene.log.writer.flush()
        #expect(sink.lineCount > 0)
    }

    @Test("Bad textField keys are errors naming the file, the key and the fix")
    func errors() {
        func view(_ body: String) -> String { #"{"views": [{"name": "f", "frame": [0, 0, 100, 40], "# + body + "}]}" }
        #expect(
            sceneError(view(#""textField": {"keyboardType": "phone"}"#))?.hasSuffix(
                #"views[0].textField.keyboardType: expected "default", "numberPad" or "decimalPad""#) == true)
        #expect(
            sceneError(view(#""textField": {"alignment": "justified"}"#))?.hasSuffix(
                #"views[0].textField.alignment: expected "left", "center" or "right""#) == true)
        #expect(
            sceneError(view(#""textField": {"size": 0}"#))?.contains(
                "views[0].textField.size: a font size must be above 0") == true)
        #expect(
            sceneError(view(#""textField": {"secret": true}"#))?.contains(
                "views[0].textField.secret: unknown key 'secret'") == true)
        #expect(
            sceneError(view(#""textField": {}, "label": {"text": "x"}"#))?.contains(
                "views[0].textField: a view is one kind (control, label, stack, scroll, segmented, stepper, progress, pageControl, textField, gauge, picker, grid), not both 'label' and 'textField'"
            ) == true)
        #expect(
            sceneError(view(#""textField": {}, "touches": "log""#))?.contains("'touches' is for plain views") == true)
        #expect(sceneError(view(#""textField": {"secure": true}"#)) == nil)
        #expect(sceneError(view(#""textField": 3"#))?.hasPrefix("bad.json:1:") == true)
    }
}
