import PanelTesting
import PanelUI
import Testing

// G1–G12 and G20 of docs/touch-rules.md: how recognizers and
// views share touches. The recognizers here follow a script, so each test
// shows one rule between recognizers, not the details of a standard recognizer.

/// A recognizer that records what it receives and changes state on a script.
class ScriptedRecognizer: GestureRecognizer {
    enum Script {
        /// Discrete: recognized when its last touch lifts without the test stepping in.
        case recognizeOnLift
        /// Continuous: began on the first move, changed on later moves, ended at lift.
        case beginOnMove
        /// The test sets the state itself.
        case manual
    }

    let script: Script
    let recorder: MessageRecorder
    var resets = 0
    /// Its own progress: while it waits on a requirement its `state` reads `.possible` (G8).
    var hasMoved = false

    init(_ name: String, _ script: Script, recorder: MessageRecorder) {
        self.script = script
        self.recorder = recorder
        super.init(name: name)
        addAction { [recorder] recognizer in recorder.record("\(recognizer.name) action \(recognizer.state)") }
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        recorder.record(name, "touchesBegan", touches)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        recorder.record(name, "touchesMoved", touches)
        if script == .beginOnMove { state = hasMoved ? .changed : .began }
        hasMoved = true
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        recorder.record(name, "touchesEnded", touches)
        guard touches.count == numberOfTouches else { return } // the last finger lifted
        switch script {
        case .recognizeOnLift: state = .recognized
        case .beginOnMove: state = hasMoved ? .ended : .failed
        case .manual: break
        }
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        recorder.record(name, "touchesCancelled", touches)
        if script != .manual { state = hasMoved ? .cancelled : .failed }
    }

    override func reset() {
        resets += 1
        hasMoved = false
    }
}

/// Answers the delegate questions from its settings.
final class ScriptedDelegate: GestureRecognizerDelegate {
    lazy var lifetime = Lifetime(of: self)
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    var requireFailureOf: GestureRecognizer?
    var asked: [String] = []

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        asked.append("shouldBegin \(gestureRecognizer.name)")
        return shouldBegin
    }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { other === requireFailureOf }
}

/// Every state change, failures included, through the application's gesture observer.
final class StateLog: GestureStateObserver {
    var lines: [String] = []
    /// Every change, the resets to `.possible` included.
    var all: [String] = []
    func gestureRecognizer(_ recognizer: GestureRecognizer, didChangeStateTo state: GestureRecognizer.State) {
        all.append("\(recognizer.name) \(state)")
        guard state != .possible else { return }
        lines.append("\(recognizer.name) \(state)")
    }
}

extension GestureRecognizer.State: CustomStringConvertible {
    public var description: String {
        switch self {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }
}

@Suite("Gesture rules")
struct GestureRulesTests {
    let recorder = MessageRecorder()
    let driver = TouchDriver()
    let states = StateLog()
    let outer: RecordingView
    let inner: RecordingView

    init() {
        driver.application.gestureObserver = states
        outer = RecordingView("outer", frame: Rect(x: 0, y: 0, width: 400, height: 400), recorder: recorder)
        inner = RecordingView("inner", frame: Rect(x: 100, y: 100, width: 100, height: 100), recorder: recorder)
        driver.window.addSubview(outer)
        outer.addSubview(inner)
    }

    func recognizer(_ name: String, _ script: ScriptedRecognizer.Script, on view: View) -> ScriptedRecognizer {
        let recognizer = ScriptedRecognizer(name, script, recorder: recorder)
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    let insideInner = Point(x: 150, y: 150)

    @Test("G1: a touch goes to the recognizers of its hit-test view and all its ancestors, before the view itself")
    func recognizersSeeTouchesFirst() {
        _ = recognizer("innerPan", .manual, on: inner)
        _ = recognizer("outerPan", .manual, on: outer)
        let sibling = View(frame: Rect(x: 300, y: 300, width: 50, height: 50), name: "sibling")
        outer.addSubview(sibling)
        _ = recognizer("siblingPan", .manual, on: sibling)
        driver.down(1, at: insideInner)
        #expect(recorder.messages == ["innerPan touchesBegan 1", "outerPan touchesBegan 1", "inner touchesBegan 1"])
    }

    @Test("G1, Touch.gestureRecognizers lists the recognizers that receive the touch, nearest first")
    func touchListsItsRecognizers() {
        let near = recognizer("near", .manual, on: inner)
        let far = recognizer("far", .manual, on: outer)
        final class Probe: View {
            var names: [String] = []
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                names = touches.first!.gestureRecognizers.map(\.name)
            }
        }
        let probe = Probe(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "probe")
        inner.addSubview(probe)
        driver.down(1, at: Point(x: 115, y: 115))
        #expect(probe.names == [near.name, far.name])
    }

    @Test("G2: a subclass receives its own touchesBegan, Moved and Ended with the touches it tracks")
    func subclassReceivesTouches() {
        _ = recognizer("custom", .manual, on: outer)
        driver.down(1, at: Point(x: 10, y: 10))
        driver.move(1, to: Point(x: 20, y: 10))
        driver.up(1)
        #expect(
            recorder.messages.filter { $0.hasPrefix("custom") } == [
                "custom touchesBegan 1", "custom touchesMoved 1", "custom touchesEnded 1"
            ])
    }

    @Test(
        "G3: a continuous gesture goes began, changed, ended; actions fire on each; reset to possible on the next turn")
    func continuousStates() {
        let pan = recognizer("pan", .beginOnMove, on: outer)
        driver.down(1, at: Point(x: 10, y: 10))
        driver.move(1, to: Point(x: 30, y: 10))
        driver.move(1, to: Point(x: 50, y: 10))
        #expect(pan.state == .changed)
        driver.frame { $0.up(1) }
        // The action saw `.ended`; the reset came after the event, at the end of the loop's turn.
        #expect(
            recorder.messages.filter { $0.contains("action") } == [
                "pan action began", "pan action changed", "pan action ended"
            ])
        #expect(states.lines == ["pan began", "pan changed", "pan ended"])
        #expect(pan.state == .possible)
        #expect(pan.resets == 1)
    }

    @Test("G3: a discrete gesture goes possible to recognized; a failure fires no action")
    func discreteStates() {
        let tap = recognizer("tap", .recognizeOnLift, on: outer)
        driver.tap(at: Point(x: 10, y: 10))
        #expect(recorder.messages.filter { $0.contains("action") } == ["tap action ended"])
        driver.advance(by: 0.01)
        #expect(tap.state == .possible)
        let manual = recognizer("manual", .manual, on: outer)
        driver.down(2, at: Point(x: 10, y: 10), after: 1)
        manual.state = .failed
        #expect(manual.state == .failed)
        #expect(!recorder.messages.contains("manual action failed"))
    }

    @Test("G4: any number of targets and actions, added and removed")
    func targetsAndActions() {
        final class Target: LifetimeTracked {
            lazy var lifetime = Lifetime(of: self)
            var calls: [String] = []
            func first(_ r: GestureRecognizer) { calls.append("first \(r.state)") }
            func second(_ r: GestureRecognizer) { calls.append("second \(r.state)") }
        }
        let tap = recognizer("tap", .recognizeOnLift, on: outer)
        let a = Target()
        let b = Target()
        tap.addTarget(a, action: Target.first)
        tap.addTarget(a, action: Target.second)
        tap.addTarget(b, action: Target.first)
        driver.tap(at: Point(x: 10, y: 10))
        #expect(a.calls == ["first ended", "second ended"])
        #expect(b.calls == ["first ended"])
        tap.removeTarget(a)
        driver.tap(at: Point(x: 300, y: 300), after: 1)
        #expect(a.calls.count == 2)
        #expect(b.calls.count == 2)
    }

    @Test("G5: once one recognizer begins, the others on those touches fail")
    func exclusion() {
        let first = recognizer("first", .beginOnMove, on: inner)
        let second = recognizer("second", .beginOnMove, on: outer)
        driver.down(1, at: insideInner)
        driver.move(1, to: Point(x: 160, y: 150))
        #expect(first.state == .began)
        #expect(second.state == .failed)
    }

    @Test("G5: shouldRecognizeSimultaneously from either side's delegate lets both run")
    func simultaneous() {
        for side in 0..<2 {
            let driver = TouchDriver()
            let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
            driver.window.addSubview(view)
            let pinch = ScriptedRecognizer("pinch", .beginOnMove, recorder: recorder)
            let rotation = ScriptedRecognizer("rotation", .beginOnMove, recorder: recorder)
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            let delegate = ScriptedDelegate()
            delegate.simultaneous = true
            (side == 0 ? pinch : rotation).delegate = delegate
            driver.down(1, at: Point(x: 10, y: 10))
            driver.move(1, to: Point(x: 30, y: 10))
            #expect(pinch.state == .began && rotation.state == .began)
        }
    }

    @Test("G6: shouldBegin is asked when a recognizer would leave possible; no means failed, and no action")
    func shouldBegin() {
        let pan = recognizer("pan", .beginOnMove, on: outer)
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = false
        pan.delegate = delegate
        driver.down(1, at: Point(x: 10, y: 10))
        #expect(delegate.asked.isEmpty)
        driver.move(1, to: Point(x: 30, y: 10))
        #expect(delegate.asked == ["shouldBegin pan"])
        #expect(pan.state == .failed)
        #expect(!recorder.messages.contains { $0.contains("action") })
    }

    @Test("G7: shouldReceive(touch) false: the recognizer never sees that touch")
    func shouldReceive() {
        let pan = recognizer("pan", .manual, on: outer)
        let delegate = ScriptedDelegate()
        delegate.shouldReceive = false
        pan.delegate = delegate
        driver.down(1, at: Point(x: 10, y: 10))
        driver.up(1)
        #expect(!recorder.messages.contains { $0.hasPrefix("pan") })
        #expect(recorder.messages == ["outer touchesBegan 1", "outer touchesEnded 1"])
    }

    @Test(
        "G8: require(toFail:) makes a recognizer wait: it recognizes when the other fails, and fails when the other recognizes"
    )
    func staticFailureRequirement() {
        let single = recognizer("single", .recognizeOnLift, on: outer)
        let double = recognizer("double", .manual, on: outer)
        single.require(toFail: double)
        driver.tap(at: Point(x: 10, y: 10))
        #expect(single.state == .possible) // waiting for `double`
        double.state = .failed
        #expect(single.state == .ended)
        #expect(recorder.messages.contains("single action ended"))

        driver.advance(by: 1) // both reset
        driver.tap(2, at: Point(x: 10, y: 10))
        #expect(single.state == .possible)
        double.state = .recognized
        #expect(single.state == .failed)
    }

    @Test("G8: a continuous gesture that begins and ends while it waits still reports began, then ended")
    func pendingContinuousGesture() {
        let pan = recognizer("pan", .beginOnMove, on: outer)
        let gate = recognizer("gate", .manual, on: outer)
        pan.require(toFail: gate)
        driver.down(1, at: Point(x: 10, y: 10))
        driver.move(1, to: Point(x: 40, y: 10))
        driver.up(1)
        #expect(!recorder.messages.contains { $0.contains("pan action") })
        gate.state = .failed
        #expect(recorder.messages.filter { $0.contains("pan action") } == ["pan action began", "pan action ended"])
    }

    @Test("G8: the delegate's shouldRequireFailure(of:) sets up a requirement per attempt")
    func dynamicFailureRequirement() {
        let single = recognizer("single", .recognizeOnLift, on: outer)
        let other = recognizer("other", .manual, on: outer)
        let delegate = ScriptedDelegate()
        delegate.requireFailureOf = other
        single.delegate = delegate
        driver.tap(at: Point(x: 10, y: 10))
        #expect(single.state == .possible)
        other.state = .failed
        #expect(single.state == .ended)
        driver.advance(by: 1)
        delegate.requireFailureOf = nil
        driver.tap(2, at: Point(x: 10, y: 10))
        // No requirement this time: `single` recognizes at once, and excludes `other` (G5).
        #expect(states.lines == ["other failed", "single ended", "other failed", "single ended"])
    }

    @Test("G8: a subclass's shouldBeRequiredToFail(by:) makes others wait for it")
    func subclassFailureRequirement() {
        final class Gatekeeper: GestureRecognizer {
            override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { true }
        }
        let single = recognizer("single", .recognizeOnLift, on: outer)
        let gate = Gatekeeper(name: "gate")
        outer.addGestureRecognizer(gate)
        driver.tap(at: Point(x: 10, y: 10))
        #expect(single.state == .possible)
        gate.state = .failed
        #expect(single.state == .ended)
    }

    @Test("G9: canPrevent and canBePrevented, overridden, keep a recognizer from failing")
    func canPrevent() {
        final class Unstoppable: ScriptedRecognizer {
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        final class Gentle: ScriptedRecognizer {
            override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
        }
        let unstoppable = Unstoppable("unstoppable", .beginOnMove, recorder: recorder)
        inner.addGestureRecognizer(unstoppable)
        let winner = recognizer("winner", .manual, on: outer)
        driver.down(1, at: insideInner)
        winner.state = .began
        driver.move(1, to: Point(x: 170, y: 150))
        #expect(unstoppable.state == .began && winner.state == .began)

        let driver2 = TouchDriver()
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        driver2.window.addSubview(view)
        let gentle = Gentle("gentle", .manual, recorder: recorder)
        let bystander = ScriptedRecognizer("bystander", .beginOnMove, recorder: recorder)
        view.addGestureRecognizer(gentle)
        view.addGestureRecognizer(bystander)
        driver2.down(1, at: Point(x: 10, y: 10))
        gentle.state = .began
        #expect(bystander.state == .possible) // not failed by the gentle one's beginning
        driver2.move(1, to: Point(x: 40, y: 10))
        #expect(bystander.state == .began) // nor kept from beginning after it
    }

    @Test(
        "G10 worked example: tapping B under A's tap recognizer gives B touchesBegan then touchesCancelled, never touchesEnded"
    )
    func cancelsTouchesInView() {
        _ = recognizer("tap", .recognizeOnLift, on: outer)
        driver.tap(at: insideInner)
        #expect(
            recorder.messages == [
                "tap touchesBegan 1", "inner touchesBegan 1", "tap touchesEnded 1", "inner touchesCancelled 1",
                "tap action ended"
            ])
        #expect(!recorder.messages.contains("inner touchesEnded 1"))
    }

    @Test("G10: with cancelsTouchesInView false the view keeps its touches")
    func keepsTouchesInView() {
        let tap = recognizer("tap", .recognizeOnLift, on: outer)
        tap.cancelsTouchesInView = false
        tap.delaysTouchesEnded = false
        driver.tap(at: insideInner)
        #expect(recorder.messages.contains("inner touchesEnded 1"))
        #expect(!recorder.messages.contains("inner touchesCancelled 1"))
    }

    @Test("G10: a continuous gesture cancels the view's touches when it begins, and the view hears nothing more")
    func beganCancelsView() {
        _ = recognizer("pan", .beginOnMove, on: outer)
        driver.down(1, at: insideInner)
        driver.move(1, to: Point(x: 170, y: 150))
        driver.move(1, to: Point(x: 190, y: 150))
        driver.up(1)
        #expect(
            recorder.messages.filter { $0.hasPrefix("inner") } == ["inner touchesBegan 1", "inner touchesCancelled 1"])
    }

    @Test("G11: delaysTouchesBegan: if the gesture is recognized the view never sees the touch")
    func delaysBeganRecognized() {
        let tap = recognizer("tap", .recognizeOnLift, on: outer)
        tap.delaysTouchesBegan = true
        driver.down(1, at: insideInner)
        driver.move(1, to: Point(x: 151, y: 150))
        #expect(!recorder.messages.contains { $0.hasPrefix("inner") })
        driver.up(1)
        #expect(!recorder.messages.contains { $0.hasPrefix("inner") })
        #expect(recorder.messages.contains("tap action ended"))
    }

    @Test("G11: delaysTouchesBegan: if the gesture fails the held messages are delivered in order")
    func delaysBeganFailed() {
        let manual = recognizer("manual", .manual, on: outer)
        manual.delaysTouchesBegan = true
        driver.down(1, at: insideInner)
        driver.move(1, to: Point(x: 151, y: 150))
        #expect(!recorder.messages.contains { $0.hasPrefix("inner") })
        manual.state = .failed
        #expect(recorder.messages.filter { $0.hasPrefix("inner") } == ["inner touchesBegan 1", "inner touchesMoved 1"])
        driver.up(1)
        #expect(recorder.messages.last == "inner touchesEnded 1")
    }

    @Test("G12: delaysTouchesEnded (default true): touchesEnded waits until the recognizer fails")
    func delaysEnded() {
        let manual = recognizer("manual", .manual, on: outer)
        #expect(manual.delaysTouchesEnded && !manual.delaysTouchesBegan && manual.cancelsTouchesInView)
        driver.tap(at: insideInner)
        #expect(recorder.messages.filter { $0.hasPrefix("inner") } == ["inner touchesBegan 1"])
        manual.state = .failed
        #expect(recorder.messages.filter { $0.hasPrefix("inner") } == ["inner touchesBegan 1", "inner touchesEnded 1"])
    }

    @Test("G12: a touch whose end was held can still be cancelled when the gesture is recognized")
    func delayedEndCancelled() {
        let manual = recognizer("manual", .manual, on: outer)
        driver.tap(at: insideInner)
        manual.state = .recognized
        #expect(
            recorder.messages.filter { $0.hasPrefix("inner") } == ["inner touchesBegan 1", "inner touchesCancelled 1"])
        driver.advance(by: 0.1)
        #expect(driver.application.touchDispatcher.liveTouches.isEmpty)
    }

    @Test("G20: a view vetoes a recognizer through its own gestureRecognizerShouldBegin(_:)")
    func viewVeto() {
        final class Vetoing: RecordingView {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
                gestureRecognizer.name != "parentTap"
            }
        }
        let button = Vetoing("button", frame: Rect(x: 10, y: 10, width: 50, height: 50), recorder: recorder)
        outer.addSubview(button)
        _ = recognizer("parentTap", .recognizeOnLift, on: outer)
        driver.tap(at: Point(x: 20, y: 20))
        #expect(states.lines == ["parentTap failed"])
        #expect(
            recorder.messages.filter { $0.hasPrefix("button") } == ["button touchesBegan 1", "button touchesEnded 1"])
        driver.advance(by: 1)
        driver.tap(2, at: Point(x: 300, y: 300)) // elsewhere the tap works
        #expect(recorder.messages.contains("parentTap action ended"))
    }

    @Test("Disabling a recognizer mid-gesture cancels it")
    func disablingCancels() {
        let pan = recognizer("pan", .beginOnMove, on: outer)
        driver.down(1, at: Point(x: 10, y: 10))
        driver.move(1, to: Point(x: 40, y: 10))
        pan.isEnabled = false
        #expect(pan.state == .cancelled)
        #expect(recorder.messages.last == "pan action cancelled")
    }
}

@Suite("Gesture state observer")
struct GestureStateObserverTests {
    @Test("G3: the observer hears the reset to possible, so two failures in a row are two gestures")
    func resetIsAnnounced() {
        let driver = TouchDriver()
        let pan = PanGestureRecognizer(name: "pan")
        driver.window.addGestureRecognizer(pan)
        let log = StateLog()
        driver.application.gestureObserver = log
        driver.tap(at: Point(x: 10, y: 10))
        driver.advance(by: 1)
        driver.tap(at: Point(x: 10, y: 10), after: 1)
        driver.advance(by: 1)
        #expect(log.all == ["pan failed", "pan possible", "pan failed", "pan possible"])
    }
}
