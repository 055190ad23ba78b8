import PanelTesting
import PanelUI
import Testing

// R9–R11 and R13: first responder, multiple and exclusive touch, tap count.

@Suite("Delivery rules")
struct DeliveryRulesTests {
    let recorder = MessageRecorder()
    let driver = TouchDriver()

    func addView(_ name: String, _ frame: Rect) -> RecordingView {
        let view = RecordingView(name, frame: frame, recorder: recorder)
        driver.window.addSubview(view)
        return view
    }

    // MARK: R9

    final class KeyView: View {
        var accepts = true
        var resigns = true
        var presses: [String] = []
        override var canBecomeFirstResponder: Bool { accepts }
        override var canResignFirstResponder: Bool { resigns }
        override func pressesBegan(_ press: Press, with event: Event) {
            presses.append("\(name) began \(press.keyCode) touches \(event.allTouches.count)")
        }
        override func pressesEnded(_ press: Press, with event: Event) {
            presses.append("\(name) ended \(press.keyCode)")
        }
    }

    @Test("R9: first responder: defaults, become, resign, and refusal on either side")
    func firstResponder() {
        #expect(!View().canBecomeFirstResponder)
        #expect(View().canResignFirstResponder)
        let a = KeyView(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "a")
        let b = KeyView(frame: Rect(x: 20, y: 0, width: 10, height: 10), name: "b")
        #expect(!a.becomeFirstResponder()) // not in a window: no application to hold it
        driver.window.addSubview(a)
        driver.window.addSubview(b)
        #expect(a.becomeFirstResponder() && a.isFirstResponder)
        a.resigns = false
        #expect(!b.becomeFirstResponder())
        #expect(a.isFirstResponder && !b.isFirstResponder)
        a.resigns = true
        #expect(b.becomeFirstResponder() && b.isFirstResponder && !a.isFirstResponder)
        #expect(b.resignFirstResponder() && !b.isFirstResponder)
        b.accepts = false
        #expect(!b.becomeFirstResponder())
        #expect(!View().becomeFirstResponder())
    }

    @Test("R9: non-touch input such as hardware keys goes to the first responder")
    func pressesGoToFirstResponder() {
        let a = KeyView(frame: .zero, name: "a")
        let b = KeyView(frame: .zero, name: "b")
        driver.window.addSubview(a)
        driver.window.addSubview(b)
        b.becomeFirstResponder()
        driver.application.sendPress(Press(keyCode: 28, phase: .began))
        driver.application.sendPress(Press(keyCode: 28, phase: .ended))
        #expect(b.presses == ["b began 28 touches 0", "b ended 28"])
        #expect(a.presses.isEmpty)
    }

    // MARK: R10

    @Test("R10: a view that is not multi-touch (the default) hears only its first touch")
    func singleTouchView() {
        let pad = addView("pad", Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(!pad.isMultipleTouchEnabled)
        driver.down(1, at: Point(x: 10, y: 10))
        driver.down(2, at: Point(x: 50, y: 50))
        driver.frame {
            $0.move(1, to: Point(x: 12, y: 10))
            $0.move(2, to: Point(x: 52, y: 50))
        }
        driver.up(2)
        driver.up(1)
        #expect(recorder.messages == ["pad touchesBegan 1", "pad touchesMoved 1", "pad touchesEnded 1"])
    }

    @Test("R10: two fingers landing together on a single-touch view: only one is delivered")
    func singleTouchViewSimultaneous() {
        _ = addView("pad", Rect(x: 0, y: 0, width: 400, height: 400))
        driver.frame {
            $0.down(1, at: Point(x: 10, y: 10))
            $0.down(2, at: Point(x: 50, y: 50))
        }
        #expect(recorder.messages == ["pad touchesBegan 1"])
    }

    @Test("R10: a multi-touch view hears every touch")
    func multiTouchView() {
        let pad = addView("pad", Rect(x: 0, y: 0, width: 400, height: 400))
        pad.isMultipleTouchEnabled = true
        driver.down(1, at: Point(x: 10, y: 10))
        driver.down(2, at: Point(x: 50, y: 50))
        #expect(recorder.messages == ["pad touchesBegan 1", "pad touchesBegan 2"])
    }

    @Test("R10: once its touch lifts, a single-touch view hears the next one")
    func singleTouchViewAfterLift() {
        _ = addView("pad", Rect(x: 0, y: 0, width: 400, height: 400))
        driver.tap(at: Point(x: 10, y: 10))
        driver.tap(at: Point(x: 300, y: 300), after: 1)
        #expect(recorder.messages.count == 4)
    }

    // MARK: R11

    @Test("R11: while an exclusive view tracks a touch, no other view in the window gets touches")
    func exclusiveViewBlocksOthers() {
        let exclusive = addView("exclusive", Rect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        _ = addView("other", Rect(x: 200, y: 0, width: 100, height: 100))
        driver.down(1, at: Point(x: 50, y: 50))
        driver.down(2, at: Point(x: 250, y: 50))
        driver.up(2)
        driver.up(1)
        driver.tap(3, at: Point(x: 250, y: 50), after: 1)
        #expect(
            recorder.messages == [
                "exclusive touchesBegan 1", "exclusive touchesEnded 1", "other touchesBegan 3", "other touchesEnded 3"
            ])
    }

    @Test("R11: a touch on an exclusive view does not begin while other views are tracking")
    func exclusiveViewWaitsForOthers() {
        let exclusive = addView("exclusive", Rect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        _ = addView("other", Rect(x: 200, y: 0, width: 100, height: 100))
        driver.down(1, at: Point(x: 250, y: 50))
        driver.down(2, at: Point(x: 50, y: 50))
        driver.up(2)
        driver.up(1)
        #expect(recorder.messages == ["other touchesBegan 1", "other touchesEnded 1"])
    }

    // MARK: R13

    @Test("R13: quick taps in one place count up; a slow or distant tap starts again at 1")
    func tapCount() {
        final class TapView: View {
            var counts: [Int] = []
            override func touchesEnded(_ touches: TouchSet, with event: Event) {
                counts.append(touches.first!.tapCount)
            }
        }
        let view = TapView(frame: Rect(x: 0, y: 0, width: 800, height: 480), name: "view")
        driver.window.addSubview(view)
        let settings = TapCountSettings()
        let p = Point(x: 100, y: 100)
        driver.tap(at: p)
        driver.tap(at: p, after: settings.maximumInterval * 0.5)
        driver.tap(at: Point(x: 105, y: 103), after: settings.maximumInterval * 0.5)
        driver.tap(at: p, after: settings.maximumInterval * 1.5) // too late
        driver.tap(at: Point(x: 100 + settings.maximumDistance * 2, y: 100), after: 0.05) // too far
        #expect(view.counts == [1, 2, 3, 1, 1])
    }

    @Test("R13: a drag is not a tap, so the touch after it starts at 1")
    func dragResetsTapCount() {
        final class TapView: View {
            var counts: [Int] = []
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                counts.append(touches.first!.tapCount)
            }
        }
        let view = TapView(frame: Rect(x: 0, y: 0, width: 800, height: 480), name: "view")
        driver.window.addSubview(view)
        driver.down(1, at: Point(x: 100, y: 100))
        driver.move(1, to: Point(x: 200, y: 100))
        driver.move(1, to: Point(x: 100, y: 100))
        driver.up(1)
        driver.tap(at: Point(x: 100, y: 100), after: 0.05)
        #expect(view.counts == [1, 1])
    }

    /// Defers its single-tap action until a second tap has become impossible,
    /// with a run-loop timer (R13's second half).
    final class SingleOrDoubleTapView: View, RunLoopTarget {
        var actions: [String] = []
        var pending: TimerHandle?
        override func touchesEnded(_ touches: TouchSet, with event: Event) {
            guard let touch = touches.first, let runLoop = application?.runLoop else { return }
            if touch.tapCount == 1 {
                pending = runLoop.schedule(after: TapCountSettings().maximumInterval, target: self)
            } else if touch.tapCount == 2 {
                if let pending { runLoop.cancel(pending) }
                actions.append("double at \(event.timestamp)")
            }
        }
        func runLoopDidFire(_ handle: TimerHandle) {
            actions.append("single at \(application!.runLoop.now)")
        }
    }

    @Test("R13: a view defers its single tap until a second tap becomes impossible (manual clock, no sleep)")
    func deferredSingleTap() {
        let view = SingleOrDoubleTapView(frame: Rect(x: 0, y: 0, width: 800, height: 480), name: "view")
        driver.window.addSubview(view)
        let interval = TapCountSettings().maximumInterval
        driver.tap(at: Point(x: 100, y: 100))
        let liftTime = driver.clock.now
        driver.advance(by: interval - 0.01)
        #expect(view.actions.isEmpty)
        driver.advance(by: 0.02)
        #expect(view.actions == ["single at \(liftTime + interval)"])

        view.actions = []
        driver.tap(at: Point(x: 100, y: 100), after: 1)
        driver.tap(at: Point(x: 100, y: 100), after: 0.1)
        driver.advance(by: 2)
        #expect(view.actions.count == 1 && view.actions[0].hasPrefix("double"))
    }
}
