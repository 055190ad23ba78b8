import PanelTesting
import PanelUI
import Testing

// The screen's idle timer (docs/backlight.md): brightness through the
// backlight driver, dim and blank after the policy's times without input,
// the wake touch swallowed whole, isIdleTimerDisabled, the state's targets,
// all on the manual clock. R14: nothing polls; the timer is the only one.

/// A backlight that remembers what the screen told it.
final class FakeBacklight: Backlight {
    var brightness = 1.0 { didSet { writes.append("brightness \(brightness)") } }
    var isOn = true { didSet { writes.append(isOn ? "on" : "off") } }
    var writes: [String] = []
}

/// A display that records its blank hook's calls.
final class FakeBlanking: DisplayBlanking {
    var calls: [Bool] = []
    func setBlanked(_ blanked: Bool) { calls.append(blanked) }
    var isBlanked: Bool { calls.last ?? false }
}

/// A target for the screen's state changes: records each state it is told of.
final class StateWatcher: LifetimeTracked {
    lazy var lifetime = Lifetime(of: self)
    var states: [PanelUI.Screen.IdleState] = []
    func screenChanged(_ screen: PanelUI.Screen) { states.append(screen.idleState) }
}

/// An 800 × 480 screen with a button (its touchUpInside counted), a view with
/// a tap recognizer (its fires counted) and a recording view, the fake
/// drivers installed and `policy` set (dim after 10 s to 0.2, blank after 30 s).
final class IdleFixture {
    let driver = TouchDriver()
    let backlight = FakeBacklight()
    let blanking = FakeBlanking()
    let button = Button(frame: Rect(x: 20, y: 20, width: 120, height: 60), name: "button", title: "Go")
    let tapped = View(frame: Rect(x: 200, y: 20, width: 200, height: 200), name: "tapped")
    let recorder = MessageRecorder()
    let recording: RecordingView
    let tap = TapGestureRecognizer(name: "tap")
    var buttonUps = 0
    var taps = 0

    var screen: PanelUI.Screen { driver.application.screen }
    var buttonCenter: Point { Point(x: 80, y: 50) }
    var tappedCenter: Point { Point(x: 300, y: 120) }
    var recordingCenter: Point { Point(x: 600, y: 300) }

    init(policy: IdlePolicy = IdlePolicy(dimAfter: 10, dimBrightness: 0.2, blankAfter: 30)) {
        recording = RecordingView("recording", frame: Rect(x: 500, y: 200, width: 200, height: 200), recorder: recorder)
        driver.window.addSubview(button)
        driver.window.addSubview(tapped)
        driver.window.addSubview(recording)
        tapped.addGestureRecognizer(tap)
        button.addAction(for: .touchUpInside) { [unowned self] _ in buttonUps += 1 }
        tap.addAction { [unowned self] recognizer in if recognizer.state == .ended { taps += 1 } }
        screen.backlight = backlight
        screen.blanking = blanking
        screen.brightness = 0.8
        screen.idlePolicy = policy
        backlight.writes.removeAll()
    }

    /// Taps the button, the tapped view and the recording view, each after 0.5 s.
    func tapAll() {
        driver.tap(at: buttonCenter, after: 0.5)
        driver.tap(at: tappedCenter, after: 0.5)
        driver.tap(at: recordingCenter, after: 0.5)
        driver.advance(by: 0.5) // the tap recognizer's double-tap window, resets
    }
}

@Suite("The idle timer: dim, blank, and the swallowed wake touch")
struct IdleTimerTests {
    @Test("after dimAfter seconds without input the screen is dimmed and the backlight at the dim level")
    func dimsAfterTheDimTime() {
        let f = IdleFixture()
        #expect(f.screen.idleState == .awake)
        #expect(f.backlight.brightness == 0.8)
        f.driver.wait(9.9)
        #expect(f.screen.idleState == .awake)
        f.driver.wait(0.1)
        #expect(f.screen.idleState == .dimmed)
        #expect(abs(f.backlight.brightness - 0.2) < 1e-12)
        #expect(f.backlight.isOn)
        #expect(f.blanking.calls.isEmpty, "dimming leaves the display on")
        #expect(f.screen.brightness == 0.8, "brightness keeps the awake level")
    }

    @Test(
        "after blankAfter seconds it is blank: the display's blank hook called, the backlight off, nothing pending on the loop"
    )
    func blanksAfterTheBlankTime() {
        let f = IdleFixture()
        f.driver.wait(29.99)
        #expect(f.screen.idleState == .dimmed)
        f.driver.wait(0.01)
        #expect(f.screen.idleState == .blank)
        #expect(f.blanking.calls == [true])
        #expect(!f.backlight.isOn)
        #expect(f.backlight.writes.last == "off", "the light goes off")
        #expect(f.driver.application.displayLink.isPaused)
        // R14: blank, the loop has nothing to wake for but input.
        #expect(f.driver.application.runLoop.isIdle)
        f.driver.wait(3600)
        #expect(f.screen.idleState == .blank)
        #expect(f.blanking.calls == [true])
    }

    @Test("a tap on a blank screen wakes it and does nothing else; the next tap acts")
    func wakeTapIsSwallowed() {
        let f = IdleFixture()
        f.driver.wait(31)
        #expect(f.screen.idleState == .blank)
        f.driver.tap(at: f.buttonCenter)
        #expect(f.screen.idleState == .awake)
        #expect(f.blanking.calls == [true, false])
        #expect(f.backlight.isOn && f.backlight.brightness == 0.8)
        #expect(f.buttonUps == 0, "the button's touchUpInside target is not called")
        #expect(!f.button.isHighlighted && !f.button.isTracking)
        f.driver.tap(at: f.buttonCenter, after: 0.5)
        #expect(f.buttonUps == 1, "the next tap is a tap")
    }

    @Test("the wake tap fires no recognizer and reaches no view, not even touchesBegan or touchesCancelled")
    func wakeTapReachesNothing() {
        let f = IdleFixture()
        f.driver.wait(31)
        f.driver.tap(at: f.tappedCenter)
        f.driver.advance(by: 0.5)
        #expect(f.taps == 0)
        #expect(f.tap.state == .possible)
        f.driver.tap(at: f.tappedCenter, after: 0.5)
        f.driver.advance(by: 0.5)
        #expect(f.taps == 1)

        f.driver.wait(31)
        #expect(f.screen.idleState == .blank)
        f.driver.tap(at: f.recordingCenter)
        #expect(f.recorder.messages.isEmpty)
        f.driver.tap(at: f.recordingCenter, after: 0.5)
        #expect(f.recorder.messages.count == 2) // began and ended of the second tap
    }

    @Test("a finger held through the wake stays swallowed through its moves and lift, with every finger that joins it")
    func heldWakeTouchStaysSwallowed() {
        let f = IdleFixture()
        f.driver.wait(31)
        f.driver.down(1, at: f.buttonCenter)
        #expect(f.screen.idleState == .awake)
        for step in 1...20 { f.driver.move(1, to: Point(x: 80 + Double(step), y: 50), after: 0.05) }
        f.driver.down(2, at: f.recordingCenter) // a second finger joins the wake touch
        f.driver.move(2, to: Point(x: 610, y: 300))
        f.driver.up(1)
        f.driver.move(2, to: Point(x: 620, y: 300))
        f.driver.up(2)
        #expect(f.buttonUps == 0)
        #expect(!f.button.isTracking)
        #expect(f.recorder.messages.isEmpty)
        #expect(f.driver.application.touchDispatcher.liveTouches.isEmpty)
        #expect(f.driver.application.touchDispatcher.touchesSeen == 0, "the tracker never saw a finger")
        // Once every finger is up, the next touch is a new sequence, delivered.
        f.driver.down(3, at: f.recordingCenter, after: 0.1)
        f.driver.up(3)
        #expect(f.recorder.messages.count == 2)
    }

    @Test("a tap on a dimmed screen is swallowed by default; with swallowsWakeTouchWhenDimmed false it wakes and acts")
    func dimmedWakeTouch() {
        let f = IdleFixture()
        f.driver.wait(11)
        #expect(f.screen.idleState == .dimmed)
        f.driver.tap(at: f.buttonCenter)
        #expect(f.screen.idleState == .awake)
        #expect(f.backlight.brightness == 0.8)
        #expect(f.buttonUps == 0)
        #expect(f.blanking.calls.isEmpty, "a dimmed screen never was blank")

        let g = IdleFixture(
            policy: IdlePolicy(dimAfter: 10, dimBrightness: 0.2, blankAfter: 30, swallowsWakeTouchWhenDimmed: false))
        g.driver.wait(11)
        #expect(g.screen.idleState == .dimmed)
        g.driver.tap(at: g.buttonCenter)
        #expect(g.screen.idleState == .awake)
        #expect(g.buttonUps == 1, "delivered: the wake tap is a tap")
        // A blank screen's wake touch is swallowed whatever the policy says.
        g.driver.wait(31)
        g.driver.tap(at: g.buttonCenter)
        #expect(g.buttonUps == 1)
    }

    @Test("input keeps the screen awake: each frame starts the idle time again")
    func inputKeepsItAwake() {
        let f = IdleFixture()
        for _ in 0..<10 {
            f.driver.wait(8)
            f.driver.tap(at: f.recordingCenter)
        }
        #expect(f.screen.idleState == .awake)
        #expect(f.recorder.messages.count == 20)
        f.driver.wait(9.9)
        #expect(f.screen.idleState == .awake)
        f.driver.wait(0.2)
        #expect(f.screen.idleState == .dimmed)
    }

    @Test("H3: a finger resting on the panel sends nothing but holds the screen awake; its lift starts the idle time")
    func restingFingerHoldsItAwake() {
        let f = IdleFixture()
        f.driver.down(1, at: f.recordingCenter)
        f.driver.wait(120)
        #expect(f.screen.idleState == .awake)
        f.driver.up(1)
        #expect(f.recorder.messages.count == 2) // began, ended: the touch itself is delivered
        f.driver.wait(9.9)
        #expect(f.screen.idleState == .awake)
        f.driver.wait(0.2)
        #expect(f.screen.idleState == .dimmed)
    }

    @Test("isIdleTimerDisabled holds the screen awake and wakes it; enabled again, the idle time counts from then")
    func idleTimerDisabled() {
        let f = IdleFixture()
        f.driver.application.isIdleTimerDisabled = true
        f.driver.wait(3600)
        #expect(f.screen.idleState == .awake)
        #expect(f.driver.application.runLoop.isIdle, "no timer while disabled")
        f.driver.application.isIdleTimerDisabled = false
        f.driver.wait(9.9)
        #expect(f.screen.idleState == .awake)
        f.driver.wait(0.2)
        #expect(f.screen.idleState == .dimmed)
        // Disabling wakes a dimmed screen, with no touch to swallow.
        f.driver.application.isIdleTimerDisabled = true
        #expect(f.screen.idleState == .awake)
        #expect(f.backlight.brightness == 0.8)
        f.driver.tap(at: f.buttonCenter)
        #expect(f.buttonUps == 1)
    }

    @Test("the app sets the policy at run time: it wakes the screen, counts from then, and .never stops the timer")
    func policyAtRunTime() {
        let f = IdleFixture()
        f.driver.wait(31)
        #expect(f.screen.idleState == .blank)
        f.screen.idlePolicy = IdlePolicy(blankAfter: 5)
        #expect(f.screen.idleState == .awake)
        #expect(f.blanking.calls == [true, false])
        f.driver.wait(4.9)
        #expect(f.screen.idleState == .awake, "no dim in this policy")
        f.driver.wait(0.2)
        #expect(f.screen.idleState == .blank)
        f.screen.idlePolicy = .never
        f.driver.wait(3600)
        #expect(f.screen.idleState == .awake)
        #expect(f.driver.application.runLoop.isIdle)
    }

    @Test("wake() lights the screen for an app with something to show, and swallows nothing")
    func wakeFromTheApp() {
        let f = IdleFixture()
        f.driver.wait(31)
        f.screen.wake()
        #expect(f.screen.idleState == .awake)
        f.driver.tap(at: f.buttonCenter)
        #expect(f.buttonUps == 1)
    }

    @Test("targets and actions are told of every change, in order; a freed target is skipped")
    func observers() {
        let f = IdleFixture()
        var watcher: StateWatcher? = StateWatcher()
        var seen: [PanelUI.Screen.IdleState] = []
        f.screen.addTarget(watcher!, action: StateWatcher.screenChanged)
        f.screen.addAction { seen.append($0.idleState) }
        f.driver.wait(31)
        f.driver.tap(at: f.buttonCenter)
        #expect(watcher?.states == [.dimmed, .blank, .awake])
        #expect(seen == [.dimmed, .blank, .awake])
        watcher = nil
        f.driver.wait(11)
        #expect(seen == [.dimmed, .blank, .awake, .dimmed])
        f.screen.removeTarget(nil)
        f.driver.wait(20)
        #expect(seen.count == 4)
    }

    @Test(
        "brightness: clamped to 0…1; set while awake it goes to the backlight, set while dimmed it waits for the wake")
    func brightness() {
        let f = IdleFixture()
        f.screen.brightness = 1.7
        #expect(f.screen.brightness == 1 && f.backlight.brightness == 1)
        f.screen.brightness = -1
        #expect(f.screen.brightness == 0 && f.backlight.brightness == 0)
        f.screen.brightness = 0.5
        f.driver.wait(11)
        #expect(abs(f.backlight.brightness - 0.2) < 1e-12)
        f.screen.brightness = 0.9
        #expect(abs(f.backlight.brightness - 0.2) < 1e-12, "still dimmed")
        f.driver.tap(at: f.buttonCenter)
        #expect(f.backlight.brightness == 0.9)
        // A brightness below the dim level stays where it is when the screen dims.
        f.screen.brightness = 0.1
        f.driver.wait(11)
        #expect(f.screen.idleState == .dimmed)
        #expect(f.backlight.brightness == 0.1)
    }

    @Test("the wake redraws every window whole; while blank the display link is paused and an animation does not step")
    func wakeRedrawsAndTheLinkPauses() {
        let f = IdleFixture()
        let counter = FrameCounter()
        f.driver.wait(31)
        f.driver.window.clearDirtyRect()
        f.driver.application.displayLink.add(counter)
        f.driver.wait(1)
        #expect(counter.frames.isEmpty, "no frame while blank")
        f.driver.tap(at: f.buttonCenter)
        #expect(f.driver.window.dirtyRect == f.driver.window.bounds)
        f.driver.wait(0.1)
        #expect(counter.frames.count == 6)
        f.driver.application.displayLink.remove(counter)
    }

    @Test("a device that vanishes during the wake touch ends the swallow")
    func vanishingDeviceEndsTheSwallow() {
        let f = IdleFixture()
        f.driver.wait(31)
        f.driver.down(1, at: f.buttonCenter)
        f.driver.deviceVanished()
        f.driver.tap(at: f.buttonCenter, after: 0.5)
        #expect(f.buttonUps == 1)
    }

    @Test("without a policy nothing dims and the run loop stays idle (the default)")
    func noPolicyNoTimer() {
        let driver = TouchDriver()
        #expect(driver.application.screen.idlePolicy == .never)
        driver.wait(86_400)
        #expect(driver.application.screen.idleState == .awake)
        #expect(driver.application.runLoop.isIdle)
    }

    @Test("Rule 3: with the idle timer armed, input frames allocate nothing, the wake touch included")
    func noAllocationPerFrame() {
        let f = IdleFixture()
        func stroke(counting: Bool) -> [UInt64] {
            var perFrame: [UInt64] = []
            perFrame.reserveCapacity(64)
            func frame(_ body: () -> Void) {
                if counting { perFrame.append(AllocationCounter.count(body)) } else { body() }
            }
            // On the window's background: the recording view's log would allocate its lines.
            frame { f.driver.down(1, at: Point(x: 100, y: 400)) }
            for step in 1...20 { frame { f.driver.move(1, to: Point(x: 100 + Double(step), y: 400)) } }
            frame { f.driver.up(1) }
            return perFrame
        }
        _ = stroke(counting: false)
        let awake = stroke(counting: true)
        #expect(awake.allSatisfy { $0 == 0 }, "allocations per frame while awake: \(awake)")
        // The wake touch on a blank screen: swallowed frames allocate nothing either.
        f.driver.wait(31)
        _ = stroke(counting: false)
        f.driver.wait(31)
        #expect(f.screen.idleState == .blank)
        let swallowed = stroke(counting: true)
        #expect(swallowed.dropFirst().allSatisfy { $0 == 0 }, "allocations per swallowed frame: \(swallowed)")
    }
}
