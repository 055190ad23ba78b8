import PanelTesting
import PanelUI
import Testing

// Hardware keys through the application (R9): presses reach the first
// responder in order with touches, a key's end follows its began, and the
// screen's idle timer treats a key as it treats a touch.

/// A view that can be first responder and records the presses it gets.
final class KeyView: View {
    var presses: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ press: Press, with event: Event) {
        presses.append("\(name) began \(press.keyCode)\(press.isRepeat ? " repeat" : "") \(press.key.characters)")
    }
    override func pressesEnded(_ press: Press, with event: Event) { presses.append("\(name) ended \(press.keyCode)") }
    override func pressesCancelled(_ press: Press, with event: Event) {
        presses.append("\(name) cancelled \(press.keyCode)")
    }
}

func keyPress(_ code: UInt16, _ phase: Press.Phase, _ characters: String = "", isRepeat: Bool = false) -> Press {
    Press(
        key: Key(keyCode: code, characters: characters, charactersIgnoringModifiers: characters), phase: phase,
        isRepeat: isRepeat, source: 64)
}

@Suite("Presses: the first responder, a key's end at its began's responder, the idle timer")
struct PressDeliveryTests {
    func send(_ driver: TouchDriver, _ presses: Press...) {
        for press in presses { driver.application.enqueue(press) }
        driver.application.runTurn()
    }

    @Test("A key's repeats and end go to the responder its began went to, while it is still in the window")
    func endFollowsBegan() {
        let driver = TouchDriver()
        let first = KeyView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "first")
        let second = KeyView(frame: Rect(x: 100, y: 0, width: 100, height: 100), name: "second")
        driver.window.addSubview(first)
        driver.window.addSubview(second)
        #expect(first.becomeFirstResponder())
        send(driver, keyPress(30, .began, "a"))
        #expect(second.becomeFirstResponder())
        send(driver, keyPress(30, .began, "a", isRepeat: true), keyPress(30, .ended), keyPress(31, .began, "s"))
        #expect(first.presses == ["first began 30 a", "first began 30 repeat a", "first ended 30"])
        #expect(second.presses == ["second began 31 s"])
        // Its responder left the window: the end goes to the first responder as it is now.
        second.removeFromSuperview()
        #expect(first.becomeFirstResponder())
        send(driver, keyPress(31, .cancelled))
        #expect(first.presses.last == "first cancelled 31")
        #expect(second.presses == ["second began 31 s"])
    }

    @Test("A key on a blank screen wakes it and is dropped with its repeats and end; the next key types")
    func wakeKeyIsSwallowed() {
        let driver = TouchDriver()
        let field = KeyView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "field")
        driver.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        driver.application.screen.idlePolicy = IdlePolicy(blankAfter: 30)
        driver.wait(31)
        #expect(driver.application.screen.idleState == .blank)
        send(driver, keyPress(30, .began, "a"), keyPress(30, .began, "a", isRepeat: true), keyPress(30, .ended))
        #expect(driver.application.screen.idleState == .awake)
        #expect(field.presses.isEmpty)
        send(driver, keyPress(48, .began, "b"), keyPress(48, .ended))
        #expect(field.presses == ["field began 48 b", "field ended 48"])
    }

    @Test("Keys keep the screen awake: the idle time counts from the last key")
    func keysKeepTheScreenAwake() {
        let driver = TouchDriver()
        driver.application.screen.idlePolicy = IdlePolicy(blankAfter: 30)
        driver.wait(20)
        send(driver, keyPress(30, .began, "a"), keyPress(30, .ended))
        driver.wait(20)
        #expect(driver.application.screen.idleState == .awake)
        driver.wait(10)
        #expect(driver.application.screen.idleState == .blank)
    }

    @Test("Delivering presses allocates nothing after warm-up")
    func noAllocations() {
        final class CountingView: View {
            var count = 0
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ press: Press, with event: Event) { count += 1 }
            override func pressesEnded(_ press: Press, with event: Event) { count += 1 }
        }
        let driver = TouchDriver()
        let field = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "field")
        driver.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        driver.application.screen.idlePolicy = IdlePolicy(blankAfter: 30)
        let down = keyPress(30, .began, "a")
        let repeated = keyPress(30, .began, "a", isRepeat: true)
        let up = keyPress(30, .ended)
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            driver.application.enqueue(down)
            driver.application.enqueue(repeated)
            driver.application.enqueue(up)
            driver.application.runTurn()
        }
        #expect(field.count == 9)
        #expect(allocations == 0)
    }
}
