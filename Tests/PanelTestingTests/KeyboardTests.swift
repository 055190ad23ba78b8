import PanelKit
import PanelTesting
import PanelUI
import Testing

// The on-screen keyboard, typed on through real touches (AppTester's
// `type`, `tapKey` and single touches), into a stand-in for a text field.

/// Takes text as a text field would, and keeps it: the keyboard's tests type
/// into it. A tap makes it first responder. It stands in for `TextField`
/// (point these tests at it by making `makeField` build one).
final class TypingTarget: View, KeyInput {
    var text = ""
    var keyboardType: KeyboardType

    init(_ name: String, frame: Rect, keyboardType: KeyboardType = .default) {
        self.keyboardType = keyboardType
        super.init(frame: frame, name: name)
        backgroundColor = Color(rgb: 0x2A313C)
        // Room up front, so typing allocates nothing (the allocation test).
        text.reserveCapacity(256)
    }

    override var canBecomeFirstResponder: Bool { true }
    override var keyInput: (any KeyInput)? { self }
    var hasText: Bool { !text.isEmpty }
    func insertText(_ typed: String) { text.append(typed) }
    func deleteBackward() { if !text.isEmpty { text.removeLast() } }

    override func touchesEnded(_ touches: TouchSet, with event: Event) { becomeFirstResponder() }
}

/// A responder that takes no text: first responder on a tap, with a custom
/// input view (UIKit's `inputView`) when it is given one.
final class TapResponder: View {
    let customInputView: View?

    init(_ name: String, frame: Rect, inputView: View? = nil) {
        customInputView = inputView
        super.init(frame: frame, name: name)
    }

    override var canBecomeFirstResponder: Bool { true }
    override var inputView: View? { customInputView }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { becomeFirstResponder() }
}

/// A form: three fields at the top (default, number pad, decimal pad), one
/// near the bottom the keyboard covers, and a scroll view on the right with
/// a field the keyboard covers too.
final class FormAppDelegate: ApplicationDelegate {
    var window: Window?

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        let root = View(frame: window.bounds, name: "root")
        root.backgroundColor = Theme.standard.background
        root.addSubview(TypingTarget("name", frame: Rect(x: 20, y: 20, width: 300, height: 40)))
        root.addSubview(
            TypingTarget("pin", frame: Rect(x: 20, y: 70, width: 300, height: 40), keyboardType: .numberPad))
        root.addSubview(
            TypingTarget("amount", frame: Rect(x: 20, y: 120, width: 300, height: 40), keyboardType: .decimalPad))
        root.addSubview(TypingTarget("low", frame: Rect(x: 20, y: 400, width: 300, height: 40)))
        root.addSubview(TapResponder("plain", frame: Rect(x: 20, y: 170, width: 140, height: 40)))
        root.addSubview(
            TapResponder(
                "picker", frame: Rect(x: 180, y: 170, width: 140, height: 40),
                inputView: View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "wheel")))
        let form = ScrollView(frame: Rect(x: 420, y: 20, width: 360, height: 360), name: "form")
        form.contentSize = Size(width: 360, height: 900)
        form.addSubview(TypingTarget("formField", frame: Rect(x: 20, y: 300, width: 300, height: 40)))
        root.addSubview(form)
        window.addSubview(root)
        application.addWindow(window)
        self.window = window
        return true
    }
}

func field(_ app: AppTester, _ name: String) -> TypingTarget {
    guard let field = app.view(named: name) as? TypingTarget else { fatalError("no field named \(name)") }
    return field
}

/// `app`'s keyboard, slid all the way up.
@discardableResult
func showKeyboard(_ app: AppTester, for name: String) -> KeyboardView? {
    app.tap(name)
    app.advance(by: 0.5)
    return app.keyboard
}

@Suite("On-screen keyboard")
struct KeyboardTests {
    @Test("a field becoming first responder slides the keyboard up from the bottom, over the app")
    func slidesUp() throws {
        let app = try AppTester(FormAppDelegate.self)
        #expect(app.keyboard == nil)
        app.tap("name")
        let keyboard = try #require(app.keyboard)
        #expect(
            keyboard.superview === app.window && app.window.subviews.last === keyboard,
            "the front view of the field's window")
        app.advance(by: 0.1)
        #expect(
            keyboard.presentation.center.y > keyboard.center.y + 10,
            "still sliding up: \(keyboard.presentation.center.y)")
        app.advance(by: 0.4)
        #expect(keyboard.frame == Rect(x: 0, y: 480 - 216, width: 800, height: 216))
        #expect(keyboard.presentation.center == keyboard.center)
    }

    @Test("\"Hello, world\" typed on the keyboard through touches, shift and the 123 page included")
    func helloWorld() throws {
        let app = try AppTester(FormAppDelegate.self)
        try #require(showKeyboard(app, for: "name") != nil)
        app.type("Hello, world")
        #expect(field(app, "name").text == "Hello, world")
        app.type("\n")
        #expect(field(app, "name").text == "Hello, world\n", "return types a newline, as UIKit's keyboard does")
    }

    @Test("shift types one capital and turns off; a double tap on shift is caps lock until shift is tapped again")
    func shiftAndCapsLock() throws {
        let app = try AppTester(FormAppDelegate.self)
        let keyboard = try #require(showKeyboard(app, for: "name"))
        app.tapKey(.shift)
        #expect(keyboard.shiftState == .on)
        app.tap(at: try #require(app.frameOfKey(typing: "A")).center)
        app.tap(at: try #require(app.frameOfKey(typing: "b")).center)
        #expect(field(app, "name").text == "Ab")
        #expect(keyboard.shiftState == .off)

        let shift = try #require(app.frameOfKey(.shift)).center
        app.doubleTap(at: shift)
        #expect(keyboard.shiftState == .capsLock)
        for letter in ["C", "D", "E"] { app.tap(at: try #require(app.frameOfKey(typing: letter)).center) }
        #expect(field(app, "name").text == "AbCDE")
        #expect(keyboard.shiftState == .capsLock)
        app.tapKey(.shift)
        #expect(keyboard.shiftState == .off)
        app.tap(at: try #require(app.frameOfKey(typing: "f")).center)
        #expect(field(app, "name").text == "AbCDEf")
    }

    @Test("two taps on shift further apart than the tap interval are shift on, then off: no caps lock")
    func slowShiftTaps() throws {
        let app = try AppTester(FormAppDelegate.self)
        let keyboard = try #require(showKeyboard(app, for: "name"))
        let shift = try #require(app.frameOfKey(.shift)).center
        app.doubleTap(at: shift, interval: 0.5)
        #expect(keyboard.shiftState == .off)
    }

    @Test("backspace held repeats on run-loop timers: first after 0.5 s, then every 0.1 s; the lift deletes no more")
    func backspaceRepeat() throws {
        let app = try AppTester(FormAppDelegate.self)
        try #require(showKeyboard(app, for: "name") != nil)
        app.type("abcdefghijklmnop")
        let name = field(app, "name")
        #expect(name.text == "abcdefghijklmnop")
        let backspace = try #require(app.frameOfKey(.backspace)).center
        app.beginTouch(1, at: backspace)
        app.advance(by: 0.45)
        #expect(name.text == "abcdefghijklmnop", "nothing before the delay")
        app.advance(by: 0.1) // 0.55 s: the first repeat
        #expect(name.text == "abcdefghijklmno")
        app.advance(by: 0.3) // 0.85 s: three more
        #expect(name.text == "abcdefghijkl")
        app.endTouch(1)
        #expect(name.text == "abcdefghijkl", "the lift after repeats deletes nothing more")
        app.advance(by: 1)
        #expect(name.text == "abcdefghijkl", "no repeat after the lift")

        app.tap(at: backspace)
        #expect(name.text == "abcdefghijk", "a tap deletes one")
    }

    @Test("a finger slid off backspace stops its repeat")
    func backspaceRepeatStopsOffTheKey() throws {
        let app = try AppTester(FormAppDelegate.self)
        try #require(showKeyboard(app, for: "name") != nil)
        app.type("abcdef")
        let name = field(app, "name")
        let backspace = try #require(app.frameOfKey(.backspace)).center
        app.beginTouch(1, at: backspace)
        app.advance(by: 0.55)
        #expect(name.text == "abcde")
        app.moveTouch(1, to: try #require(app.frameOfKey(typing: "m")).center)
        app.advance(by: 1)
        #expect(name.text == "abcde")
        app.endTouch(1)
        #expect(name.text == "abcdem", "the key lifted on types")
    }

    @Test("a slide across keys types only the key lifted on; one slid off the keyboard types nothing")
    func slideTypesOnlyTheLiftKey() throws {
        let app = try AppTester(FormAppDelegate.self)
        let keyboard = try #require(showKeyboard(app, for: "name"))
        let q = try #require(app.frameOfKey(typing: "q")).center
        let w = try #require(app.frameOfKey(typing: "w")).center
        let e = try #require(app.frameOfKey(typing: "e")).center
        app.beginTouch(1, at: q)
        #expect(keyboard.keys[try #require(keyboard.pressedKeyIndex)].text == "q")
        #expect(!keyboard.keyPreview.isHidden && keyboard.keyPreview.text == "q")
        app.moveTouch(1, to: w)
        app.moveTouch(1, to: e)
        #expect(keyboard.keyPreview.text == "e", "the balloon follows the finger")
        #expect(field(app, "name").text == "", "nothing typed while the finger is down")
        app.endTouch(1)
        #expect(field(app, "name").text == "e")
        #expect(keyboard.pressedKeyIndex == nil && keyboard.keyPreview.isHidden)

        app.beginTouch(1, at: q)
        app.moveTouch(1, to: Point(x: q.x, y: 100)) // up, off the keyboard
        app.endTouch(1)
        #expect(field(app, "name").text == "e")
    }

    @Test("two overlapping fingers type both keys in the order they landed, whichever lifts first")
    func overlappingFingers() throws {
        let app = try AppTester(FormAppDelegate.self)
        try #require(showKeyboard(app, for: "name") != nil)
        let a = try #require(app.frameOfKey(typing: "a")).center
        let l = try #require(app.frameOfKey(typing: "l")).center
        let name = field(app, "name")
        // a down, l down, a up, l up.
        app.beginTouch(1, at: a)
        app.beginTouch(2, at: l)
        app.endTouch(1)
        app.endTouch(2)
        #expect(name.text == "al")
        // a down, l down, l up first, then a: still "al".
        app.beginTouch(1, at: a)
        app.beginTouch(2, at: l)
        app.endTouch(2)
        app.endTouch(1)
        #expect(name.text == "alal")
        // Both landing in one frame: in the order the tracker numbered them.
        app.sendFrame {
            $0.down(1, at: a)
            $0.down(2, at: l)
        }
        app.sendFrame {
            $0.up(1)
            $0.up(2)
        }
        #expect(name.text == "alalal")
    }

    @Test("a cancelled touch types nothing")
    func cancelledTouch() throws {
        let app = try AppTester(FormAppDelegate.self)
        let keyboard = try #require(showKeyboard(app, for: "name"))
        app.beginTouch(1, at: try #require(app.frameOfKey(typing: "q")).center)
        app.application.cancelTouches()
        #expect(keyboard.pressedKeyIndex == nil && keyboard.keyPreview.isHidden)
        #expect(field(app, "name").text == "")
    }

    @Test("the number pad for .numberPad, with the decimal separator for .decimalPad")
    func numberPads() throws {
        let app = try AppTester(FormAppDelegate.self)
        let keyboard = try #require(showKeyboard(app, for: "pin"))
        #expect(keyboard.layout == .numberPad)
        #expect(app.frameOfKey(typing: ".") == nil)
        app.type("2580")
        #expect(field(app, "pin").text == "2580")

        showKeyboard(app, for: "amount")
        #expect(keyboard.layout == .decimalPad, "the same keyboard, another page")
        app.type("21.5")
        #expect(field(app, "amount").text == "21.5")

        showKeyboard(app, for: "name")
        #expect(keyboard.layout == .letters)
    }

    @Test("the hide key resigns the first responder and the keyboard slides down, out of the window")
    func hideKey() throws {
        let app = try AppTester(FormAppDelegate.self)
        let keyboard = try #require(showKeyboard(app, for: "name"))
        app.tapKey(.hide)
        #expect(app.application.firstResponder == nil)
        #expect(app.keyboard == nil)
        #expect(keyboard.superview === app.window, "still sliding down")
        app.advance(by: 0.5)
        #expect(keyboard.superview == nil)
        showKeyboard(app, for: "name")
        #expect(app.keyboard === keyboard, "made once, shown again")
    }

    @Test("a field the keyboard would cover moves up with the root view, and back when it hides")
    func rootViewMovesUp() throws {
        let app = try AppTester(FormAppDelegate.self)
        let root = try #require(app.view(named: "root"))
        let low = field(app, "low")
        showKeyboard(app, for: "low")
        let keyboard = try #require(app.keyboard)
        let lowFrame = low.convert(Point(x: 0, y: low.bounds.height), to: nil)
        #expect(lowFrame.y <= keyboard.frame.minY - 8, "the field's bottom sits above the keyboard: \(lowFrame.y)")
        #expect(root.frame.minY == -(440 + 8 - keyboard.frame.minY))
        app.type("hi")
        #expect(low.text == "hi")
        app.tapKey(.hide)
        app.advance(by: 0.5)
        #expect(root.frame.minY == 0)
    }

    @Test("a first responder with no keyInput hides the keyboard; one with an inputView shows that instead")
    func otherResponders() throws {
        let app = try AppTester(FormAppDelegate.self)
        let keyboard = try #require(showKeyboard(app, for: "name"))
        app.tap("plain")
        app.advance(by: 0.5)
        #expect(app.application.firstResponder === app.view(named: "plain"))
        #expect(app.keyboard == nil && keyboard.superview == nil)

        app.tap("picker")
        app.advance(by: 0.5)
        let wheel = try #require(app.view(named: "wheel"))
        #expect(app.application.keyboardPresenter.visibleInputView === wheel)
        #expect(
            wheel.frame == Rect(x: 0, y: 480 - 100, width: 800, height: 100),
            "at the bottom, its own height, as in UIKit")
        showKeyboard(app, for: "name")
        #expect(app.keyboard === keyboard)
        #expect(wheel.superview == nil, "the picker's view left when the keyboard replaced it")
    }

    @Test(
        "a field in a scroll view the keyboard would cover: the scroll view's inset grows and it scrolls the field into sight"
    )
    func scrollViewScrolls() throws {
        let app = try AppTester(FormAppDelegate.self)
        let form = try #require(app.view(named: "form") as? ScrollView)
        let root = try #require(app.view(named: "root"))
        let formField = field(app, "formField")
        showKeyboard(app, for: "formField")
        app.advance(by: 1) // the scroll view's own spring
        let keyboard = try #require(app.keyboard)
        let covered = 380 - keyboard.frame.minY
        #expect(form.contentInset.bottom == covered)
        #expect(root.frame.minY == 0, "the root view stays")
        let fieldBottom = formField.convert(Point(x: 0, y: formField.bounds.height), to: nil).y
        #expect(fieldBottom <= keyboard.frame.minY - 8 + 0.01, "the field sits above the keyboard: \(fieldBottom)")
        #expect(fieldBottom >= keyboard.frame.minY - 8 - 0.01, "scrolled the least needed: \(fieldBottom)")
        app.tapKey(.hide)
        app.advance(by: 1)
        #expect(form.contentInset.bottom == 0)
        #expect(form.contentOffset.y <= form.maximumContentOffset.y)
    }
}

@Suite("On-screen keyboard allocations")
struct KeyboardAllocationTests {
    @Test("0 allocations per key press once the keyboard exists: highlight, balloon, typing, shift")
    func keyPressAllocatesNothing() throws {
        let app = try AppTester(FormAppDelegate.self)
        try #require(showKeyboard(app, for: "name") != nil)
        let g = try #require(app.frameOfKey(typing: "g")).center
        let h = try #require(app.frameOfKey(typing: "h")).center
        let shift = try #require(app.frameOfKey(.shift)).center
        let allocations = app.frameAllocations { app in
            app.tap(at: shift) // shift on: the next key types a capital and turns it off
            app.tap(at: g)
            app.beginTouch(1, at: g)
            app.moveTouch(1, to: h) // the highlight and balloon follow
            app.beginTouch(2, at: g) // overlapping: h types first
            app.endTouch(1)
            app.endTouch(2)
        }
        #expect(allocations.allSatisfy { $0 == 0 }, "allocations per frame: \(allocations)")
        #expect(field(app, "name").text.hasSuffix("Ghg"))
    }

    @Test("0 allocations drawing a key press: the highlight and the balloon, then their removal")
    func drawingAKeyPressAllocatesNothing() throws {
        let app = try AppTester(FormAppDelegate.self)
        try #require(showKeyboard(app, for: "name") != nil)
        app.snapshot()
        let g = try #require(app.frameOfKey(typing: "g")).center
        // Each touch frame is drawn at the end of its turn, as on the panel.
        var drawn: [Int] = []
        drawn.reserveCapacity(16)
        let frames = app.app.frameDriver
        func press() {
            var presented = frames.framesPresented
            app.beginTouch(1, at: g)
            drawn.append(frames.framesPresented - presented)
            presented = frames.framesPresented
            app.endTouch(1)
            drawn.append(frames.framesPresented - presented)
        }
        press()
        press()
        let allocations = AllocationCounter.count { press() }
        #expect(allocations == 0)
        #expect(drawn.allSatisfy { $0 > 0 }, "each press redrew something")
        #expect(field(app, "name").text == "ggg")
    }
}
