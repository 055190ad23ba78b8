import PanelTesting
import PanelUI
import Testing

// TextField (UITextField): editing follows first-responder status, its
// control events and delegate vetoes, the caret on grapheme boundaries,
// taps and the loupe, the caret's blink timer, hardware keys through the
// application's press path, and no allocation per key once editing began.

/// A monospaced text driver: every Unicode scalar is 10 points wide, so
/// caret positions are easy to reason about. Draws nothing; allocates nothing.
final class MonospaceText: TextRendering {
    static let advance = 10.0

    func measure(_ text: String, font: Font, width: Double?) -> Size {
        var count = 0
        for _ in text.unicodeScalars { count += 1 }
        return Size(width: Double(count) * Self.advance, height: font.size)
    }

    func draw(
        _ text: String, font: Font, color: Color, in rect: Rect, alignment: TextAlignment,
        lineBreak: LineBreakMode, clip: Rect, alpha: Double, into framebuffer: Framebuffer
    ) {}

    func penPositions(_ text: String, font: Font, into positions: inout [Double]) {
        positions.removeAll(keepingCapacity: true)
        var pen = 0.0
        positions.append(pen)
        for _ in text.unicodeScalars {
            pen += Self.advance
            positions.append(pen)
        }
    }
}

/// Records a text field's editing events and its delegate's calls in one
/// list, in order, and answers the delegate's questions as told.
final class EditingLog: TextFieldDelegate {
    lazy var lifetime = Lifetime(of: self)
    var lines: [String] = []
    var allowsBegin = true
    var allowsEnd = true
    var allowsChange = true
    var allowsReturn = true
    var recording = true

    init(_ field: TextField) {
        field.delegate = self
        let named: [(ControlEvents, String)] = [
            (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
            (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
            (.primaryActionTriggered, "primaryActionTriggered")
        ]
        for (event, name) in named {
            field.addAction(for: event) { _ in if self.recording { self.lines.append(name) } }
        }
    }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        note("shouldBegin")
        return allowsBegin
    }
    func textFieldDidBeginEditing(_ textField: TextField) { note("didBegin") }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        note("shouldEnd")
        return allowsEnd
    }
    func textFieldDidEndEditing(_ textField: TextField) { note("didEnd") }
    func textField(
        _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
        replacementString string: String
    ) -> Bool {
        if recording {
            let text = textField.text
            let from = text.distance(from: text.startIndex, to: range.lowerBound)
            let to = text.distance(from: text.startIndex, to: range.upperBound)
            lines.append("shouldChange \(from)..<\(to) \"\(string)\"")
        }
        return allowsChange
    }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        note("shouldReturn")
        return allowsReturn
    }

    func note(_ line: String) { if recording { lines.append(line) } }
}

/// A view that records the presses that reach it up the responder chain.
final class PressRecordingView: View {
    var presses: [String] = []
    override func pressesBegan(_ press: Press, with event: Event) { presses.append("began \(press.keyCode)") }
    override func pressesEnded(_ press: Press, with event: Event) { presses.append("ended \(press.keyCode)") }
}

@Suite("TextField")
struct TextFieldTests {
    let driver = TouchDriver()
    let parent: PressRecordingView
    /// 300 × 48 at (100, 100); its text starts 12 pt in (the theme's padding),
    /// so boundary k of ASCII text is at window x 112 + 10k.
    let field: TextField
    let other: TextField

    init() {
        parent = PressRecordingView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        driver.window.addSubview(parent)
        field = TextField(frame: Rect(x: 100, y: 100, width: 300, height: 48), name: "name")
        other = TextField(frame: Rect(x: 100, y: 200, width: 300, height: 48), name: "other")
        parent.addSubview(field)
        parent.addSubview(other)
        driver.window.layoutIfNeeded(measuringTextWith: MonospaceText())
    }

    /// A key that types `characters`.
    func type(_ characters: String, keyCode: UInt16 = 30) {
        driver.application.sendPress(Press(key: Key(keyCode: keyCode, characters: characters), phase: .began))
        driver.application.sendPress(Press(key: Key(keyCode: keyCode, characters: characters), phase: .ended))
    }

    func press(_ keyCode: UInt16) {
        driver.application.sendPress(Press(keyCode: keyCode, phase: .began))
        driver.application.sendPress(Press(keyCode: keyCode, phase: .ended))
    }

    func x(ofBoundary k: Int) -> Double { 112 + 10 * Double(k) }

    // MARK: Editing and first responder

    @Test(
        "A tap begins editing; typing sends editingChanged; resigning ends editing, with the delegate told in UIKit's order"
    )
    func editingEventOrder() {
        let log = EditingLog(field)
        driver.tap(at: Point(x: 200, y: 124))
        #expect(field.isEditing && field.isFirstResponder)
        field.insertText("a")
        field.deleteBackward()
        #expect(field.resignFirstResponder())
        #expect(!field.isEditing && !field.isFirstResponder)
        #expect(
            log.lines == [
                "shouldBegin", "didBegin", "editingDidBegin",
                "shouldChange 0..<0 \"a\"", "editingChanged",
                "shouldChange 0..<1 \"\"", "editingChanged",
                "shouldEnd", "didEnd", "editingDidEnd"
            ])
    }

    @Test("Another responder taking first responder ends the field's editing")
    func anotherResponderEndsEditing() {
        let log = EditingLog(field)
        #expect(field.becomeFirstResponder())
        log.lines.removeAll()
        #expect(other.becomeFirstResponder())
        #expect(!field.isEditing && other.isEditing)
        #expect(driver.application.firstResponder === other)
        #expect(log.lines == ["shouldEnd", "didEnd", "editingDidEnd"])
    }

    @Test("Leaving the window ends editing and gives first-responder status back")
    func leavingWindowEndsEditing() {
        let log = EditingLog(field)
        field.becomeFirstResponder()
        field.removeFromSuperview()
        #expect(!field.isEditing)
        #expect(driver.application.firstResponder == nil)
        #expect(log.lines.suffix(2) == ["didEnd", "editingDidEnd"])
    }

    @Test("Delegate veto: shouldBeginEditing false keeps the field from editing, by tap or by call")
    func vetoBegin() {
        let log = EditingLog(field)
        log.allowsBegin = false
        driver.tap(at: Point(x: 200, y: 124))
        #expect(!field.becomeFirstResponder())
        #expect(!field.isEditing && !field.isFirstResponder)
        #expect(log.lines == ["shouldBegin", "shouldBegin"])
    }

    @Test("Delegate veto: shouldEndEditing false keeps the field first responder")
    func vetoEnd() {
        let log = EditingLog(field)
        field.becomeFirstResponder()
        log.allowsEnd = false
        #expect(!field.resignFirstResponder())
        #expect(!other.becomeFirstResponder())
        #expect(field.isEditing && field.isFirstResponder)
    }

    @Test("Delegate veto: shouldChangeCharacters false leaves the text unchanged and sends no editingChanged")
    func vetoChange() {
        field.text = "keep"
        let log = EditingLog(field)
        field.becomeFirstResponder()
        log.allowsChange = false
        log.lines.removeAll()
        field.insertText("x")
        field.deleteBackward()
        type("y")
        press(KeyCode.backspace)
        #expect(field.text == "keep")
        #expect(field.caretPosition == 4)
        #expect(!log.lines.contains("editingChanged"))
        #expect(
            log.lines == [
                "shouldChange 4..<4 \"x\"", "shouldChange 3..<4 \"\"",
                "shouldChange 4..<4 \"y\"", "shouldChange 3..<4 \"\""
            ])
    }

    @Test(
        "Return: shouldReturn false ignores it; true sends editingDidEndOnExit and primaryActionTriggered, then resigns"
    )
    func returnKey() {
        let log = EditingLog(field)
        field.becomeFirstResponder()
        log.allowsReturn = false
        log.lines.removeAll()
        field.insertText("\n")
        #expect(field.isEditing)
        #expect(log.lines == ["shouldReturn"])

        log.allowsReturn = true
        log.lines.removeAll()
        press(KeyCode.enter)
        #expect(!field.isEditing && !field.isFirstResponder)
        #expect(
            log.lines == [
                "shouldReturn", "editingDidEndOnExit", "primaryActionTriggered",
                "shouldEnd", "didEnd", "editingDidEnd"
            ])
        #expect(field.text.isEmpty)
    }

    @Test("The keypad's enter is return too")
    func keypadEnter() {
        let log = EditingLog(field)
        field.becomeFirstResponder()
        press(KeyCode.keypadEnter)
        #expect(!field.isEditing)
        #expect(log.lines.contains("editingDidEndOnExit"))
    }

    @Test(
        "Setting text sends no event and puts the caret at the end; keyInput is the field; editing events have UIKit's bits"
    )
    func programmaticText() {
        let log = EditingLog(field)
        field.text = "abc"
        #expect(log.lines.isEmpty)
        #expect(field.caretPosition == 3)
        #expect(field.keyInput === field)
        #expect(field.hasText)
        #expect(
            ControlEvents.allEditingEvents == [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit])
        #expect(
            ControlEvents.editingDidBegin.rawValue == 0x1_0000 && ControlEvents.editingDidEndOnExit.rawValue == 0x8_0000
        )
    }

    @Test("A disabled field cannot become first responder; accessibilityActivate begins editing")
    func enabledAndActivate() {
        field.isEnabled = false
        #expect(!field.becomeFirstResponder())
        #expect(!field.accessibilityActivate())
        field.isEnabled = true
        #expect(field.canBecomeFocused)
        field.becomeFirstResponder()
        field.isEnabled = false // disabling ends editing
        #expect(!field.isEditing && !field.isFirstResponder)
        field.isEnabled = true
        #expect(field.accessibilityActivate())
        #expect(field.isEditing)
    }

    @Test("clearsOnBeginEditing empties the field as editing begins")
    func clearsOnBegin() {
        field.text = "old"
        field.clearsOnBeginEditing = true
        field.becomeFirstResponder()
        #expect(field.text.isEmpty && field.caretPosition == 0)
    }

    // MARK: Graphemes

    @Test("The caret moves by grapheme cluster over e + U+0301, a flag and a ZWJ family")
    func graphemeCaret() {
        let decomposed = "e\u{301}"
        let flag = "\u{1F1E9}\u{1F1EA}" // 🇩🇪: two regional indicators
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}" // 👨‍👩‍👧‍👦, 25 bytes
        field.text = "a" + decomposed + flag + family + "z"
        field.becomeFirstResponder()
        #expect(field.caretPosition == 5)
        var offsets: [Int] = []
        for _ in 0..<6 {
            press(KeyCode.left)
            offsets.append(field.text.utf8.distance(from: field.text.startIndex, to: field.selectedRange.lowerBound))
        }
        #expect(offsets == [1 + 3 + 8 + 25, 1 + 3 + 8, 1 + 3, 1, 0, 0])
        press(KeyCode.end)
        #expect(field.caretPosition == 5)
        press(KeyCode.home)
        #expect(field.caretPosition == 0)
        press(KeyCode.right)
        press(KeyCode.right)
        #expect(field.caretPosition == 2)
        #expect(field.text[field.text.startIndex..<field.selectedRange.lowerBound] == "a" + decomposed)
    }

    @Test("Backspace deletes one grapheme cluster: the whole family, the whole flag, e with its accent")
    func graphemeDelete() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        field.text = "e\u{301}\u{1F1EB}\u{1F1F7}" + family
        field.becomeFirstResponder()
        field.deleteBackward()
        #expect(field.text == "e\u{301}\u{1F1EB}\u{1F1F7}")
        field.deleteBackward()
        #expect(field.text == "e\u{301}")
        field.deleteBackward()
        #expect(field.text.isEmpty)
        #expect(!field.hasText)
        field.deleteBackward() // nothing left: no change, no crash
        #expect(field.text.isEmpty)
    }

    @Test("An insertion that joins a cluster around the caret leaves the caret after the joined cluster")
    func insertionJoinsCluster() {
        field.text = "\u{1F1EA}x" // a lone regional indicator, then x
        field.becomeFirstResponder()
        field.caretPosition = 0
        field.insertText("\u{1F1E9}") // pairs with the one after it: 🇩🇪
        #expect(field.text == "\u{1F1E9}\u{1F1EA}x")
        #expect(field.caretPosition == 1)
        field.text = "e"
        field.insertText("\u{301}") // combines with e
        #expect(field.caretPosition == 1)
        #expect(field.text.utf8.distance(from: field.text.startIndex, to: field.selectedRange.lowerBound) == 3)
    }

    @Test("Insert and delete at the caret, in the middle of the text")
    func insertDeleteAtCaret() {
        field.text = "hllo"
        field.becomeFirstResponder()
        field.caretPosition = 1
        field.insertText("e")
        #expect(field.text == "hello" && field.caretPosition == 2)
        press(KeyCode.right)
        field.insertText(", ")
        #expect(field.text == "hel, lo" && field.caretPosition == 5)
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.text == "hello" && field.caretPosition == 3)
    }

    @Test("A selection is replaced by what is typed, and deleted whole by backspace")
    func selectionReplaced() {
        field.text = "one two"
        field.becomeFirstResponder()
        let text = field.text
        field.selectedRange = text.index(text.startIndex, offsetBy: 4)..<text.endIndex
        field.insertText("2")
        #expect(field.text == "one 2")
        field.selectedRange = field.text.startIndex..<field.text.index(after: field.text.startIndex)
        field.deleteBackward()
        #expect(field.text == "ne 2")
    }

    // MARK: Touches

    @Test("A tap places the caret at the nearest grapheme boundary; the first tap also begins editing")
    func tapToPlace() {
        field.text = "abcdef"
        driver.tap(at: Point(x: x(ofBoundary: 2) + 4, y: 124))
        #expect(field.isEditing)
        #expect(field.caretPosition == 2)
        driver.tap(at: Point(x: x(ofBoundary: 4) - 3, y: 124), after: 1)
        #expect(field.caretPosition == 4)
        driver.tap(at: Point(x: 390, y: 124), after: 1) // past the end
        #expect(field.caretPosition == 6)
        driver.tap(at: Point(x: 101, y: 124), after: 1) // in the padding before the start
        #expect(field.caretPosition == 0)
    }

    @Test(
        "The first tap on long text places the caret where the finger was on the text as drawn, before editing scrolled it"
    )
    func firstTapOnLongText() {
        field.text = String(repeating: "w", count: 40) // 400 pt: drawn from its start while not editing
        driver.tap(at: Point(x: x(ofBoundary: 5), y: 124))
        #expect(field.isEditing)
        #expect(field.caretPosition == 5)
        #expect(field.textOriginX == field.textRect.minX) // scrolled back to show the caret
    }

    @Test("Holding a finger shows the loupe, which follows the finger and moves the caret; lifting hides it")
    func loupe() {
        field.text = "abcdefghij"
        driver.down(1, at: Point(x: x(ofBoundary: 3), y: 124))
        driver.advance(by: 0.3)
        #expect(!field.isShowingLoupe)
        driver.advance(by: 0.3)
        #expect(field.isShowingLoupe)
        #expect(field.isEditing) // a hold on a field not being edited begins editing too
        #expect(field.caretPosition == 3)
        #expect(field.loupe.frame.midX == field.caretX.rounded())
        #expect(field.loupe.frame.maxY < 0) // above the field
        driver.move(1, to: Point(x: x(ofBoundary: 7) + 2, y: 124))
        #expect(field.caretPosition == 7)
        #expect(field.loupe.frame.midX == field.caretX.rounded())
        driver.up(1)
        #expect(!field.isShowingLoupe)
        #expect(field.caretPosition == 7)
    }

    @Test("A finger that moves before the loupe's delay does not show it")
    func dragBeforeLoupe() {
        field.text = "abc"
        driver.down(1, at: Point(x: 150, y: 124))
        driver.move(1, to: Point(x: 180, y: 124))
        driver.advance(by: 1)
        #expect(!field.isShowingLoupe)
        driver.up(1)
    }

    // MARK: Caret blink

    @Test("The caret blinks on a run-loop timer only while editing in a window; no timer otherwise")
    func caretBlink() {
        let runLoop = driver.application.runLoop
        let displayLink = driver.application.displayLink
        // The run loop's timers apart from the display link's (the keyboard slides on it).
        var fieldTimers: Int { runLoop.pendingTimerCount - (displayLink.wantsFrames ? 1 : 0) }
        #expect(fieldTimers == 0)
        field.text = "abc"
        #expect(fieldTimers == 0)
        field.becomeFirstResponder()
        #expect(field.isCaretBlinking)
        #expect(fieldTimers == 1)
        #expect(field.isCaretVisible)
        driver.advance(by: 0.51)
        #expect(!field.isCaretVisible)
        driver.advance(by: 0.5)
        #expect(field.isCaretVisible)
        driver.advance(by: 0.5)
        #expect(!field.isCaretVisible)
        type("d") // typing shows the caret solid and starts the blink over
        #expect(field.isCaretVisible)
        driver.advance(by: 0.3)
        #expect(field.isCaretVisible)
        field.resignFirstResponder()
        #expect(!field.isCaretBlinking)
        #expect(fieldTimers == 0)
        field.becomeFirstResponder()
        field.removeFromSuperview()
        #expect(fieldTimers == 0)
    }

    // MARK: Hardware keys

    @Test(
        "Hardware keys edit through the application's press path: characters, backspace, arrows, home and end, queued in order"
    )
    func hardwareKeys() {
        field.becomeFirstResponder()
        for character in ["H", "e", "l", "l", "o"] { type(character) }
        #expect(field.text == "Hello")
        press(KeyCode.backspace)
        press(KeyCode.left)
        type("!")
        #expect(field.text == "Hel!l")
        press(KeyCode.home)
        type("¡")
        press(KeyCode.end)
        type("ü")
        #expect(field.text == "¡Hel!lü")

        // Through the input queue, with a repeat.
        let app = driver.application
        app.enqueue(Press(key: Key(keyCode: KeyCode.backspace), phase: .began))
        app.enqueue(Press(key: Key(keyCode: KeyCode.backspace), phase: .began, isRepeat: true))
        app.enqueue(Press(key: Key(keyCode: KeyCode.backspace), phase: .ended))
        app.enqueue(Press(key: Key(keyCode: 31, characters: "s"), phase: .began))
        app.runTurn()
        #expect(field.text == "¡Hel!s")
        #expect(parent.presses.isEmpty)
    }

    @Test(
        "Keys the field does not edit with go on up the responder chain, and nothing reaches the field when it is not editing"
    )
    func otherKeysGoUp() {
        field.becomeFirstResponder()
        press(1) // KEY_ESC: types nothing
        driver.application.sendPress(
            Press(key: Key(keyCode: 30, characters: "a", modifierFlags: .control), phase: .began))
        #expect(parent.presses == ["began 1", "ended 1", "began 30"])
        #expect(field.text.isEmpty)
    }

    // MARK: Scrolling

    @Test("Text wider than the field scrolls to keep the caret in view, and back when the caret returns to the start")
    func scrollsToCaret() {
        field.becomeFirstResponder()
        for _ in 0..<40 { type("w") } // 400 pt of text in a 276 pt text rect
        #expect(field.caretX <= field.textRect.maxX)
        #expect(field.caretX >= field.textRect.maxX - 3)
        #expect(field.textOriginX < field.textRect.minX)
        press(KeyCode.home)
        #expect(field.textOriginX == field.textRect.minX)
        #expect(field.caretX == field.textRect.minX)
        press(KeyCode.end)
        #expect(field.textOriginX < field.textRect.minX)
        field.resignFirstResponder() // a field not being edited shows its text's start
        #expect(field.textOriginX == field.textRect.minX)
    }

    @Test("Right and centre alignment place text that fits; secure text is measured as bullets, one per grapheme")
    func alignmentAndSecure() {
        field.text = "ab"
        field.textAlignment = .right
        #expect(field.textOriginX == field.textRect.maxX - 20)
        field.textAlignment = .center
        #expect(field.textOriginX == field.textRect.midX - 10)
        field.isSecureTextEntry = true
        field.text = "e\u{301}\u{1F1E9}\u{1F1EA}x"
        #expect(field.displayedText == "\u{2022}\u{2022}\u{2022}")
        #expect(field.textWidth == 30)
    }

    // MARK: Allocations

    /// Warms the field up with the keys `body` presses, then counts them once more.
    func allocationsPerKeys(_ body: () -> Void) -> UInt64 {
        AllocationCounter.count(warmUpRuns: 3, body)
    }

    @Test("0 allocations per key press after warm-up: typing past 15 bytes, moving the caret, deleting")
    func noAllocationsPerKey() {
        field.text = "a text longer than fifteen bytes"
        field.becomeFirstResponder()
        let app = driver.application
        let a = Press(key: Key(keyCode: 30, characters: "a"), phase: .began)
        let aUp = Press(key: Key(keyCode: 30, characters: "a"), phase: .ended)
        let accented = Press(key: Key(keyCode: 39, characters: "é"), phase: .began)
        let backspace = Press(keyCode: KeyCode.backspace, phase: .began)
        let left = Press(keyCode: KeyCode.left, phase: .began)
        let right = Press(keyCode: KeyCode.right, phase: .began)
        let home = Press(keyCode: KeyCode.home, phase: .began)
        let end = Press(keyCode: KeyCode.end, phase: .began)
        let allocations = allocationsPerKeys {
            app.sendPress(a)
            app.sendPress(aUp)
            app.sendPress(accented)
            app.sendPress(left)
            app.sendPress(a)
            app.sendPress(right)
            app.sendPress(backspace)
            app.sendPress(backspace)
            app.sendPress(backspace)
            app.sendPress(home)
            app.sendPress(end)
            // Through the input queue, as a keyboard device delivers them.
            app.enqueue(a)
            app.enqueue(aUp)
            app.enqueue(backspace)
            app.runTurn()
            driver.advance(by: 0.6) // the blink timer fires
        }
        #expect(field.text == "a text longer than fifteen bytes")
        #expect(allocations == 0)
    }

    @Test("The allocation count can fail: a delegate that builds a string per key is caught")
    func allocationCountCanFail() {
        final class Concatenating: TextFieldDelegate {
            lazy var lifetime = Lifetime(of: self)
            var last = ""
            func textField(
                _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                replacementString string: String
            ) -> Bool {
                last = textField.text + string // a new string over 15 bytes: allocates
                return true
            }
        }
        let delegate = Concatenating()
        field.delegate = delegate
        field.text = "a text longer than fifteen bytes"
        field.becomeFirstResponder()
        let app = driver.application
        let a = Press(key: Key(keyCode: 30, characters: "a"), phase: .began)
        let backspace = Press(keyCode: KeyCode.backspace, phase: .began)
        let allocations = allocationsPerKeys {
            app.sendPress(a)
            app.sendPress(backspace)
        }
        #expect(allocations > 0)
    }
}
