import PanelTesting
import PanelUI
import Testing

// Issue 15: whatever an app's code frees, and whenever, the runtime never
// reaches freed memory. Each test frees something at the worst moment and
// cites the rule whose behaviour it keeps. `scripts/asan-test` runs them under
// AddressSanitizer, where a use-after-free fails the run even if it happens
// not to crash.

/// Counts its calls; the target or delegate a test frees.
private final class Counter: LifetimeTracked {
    lazy var lifetime = Lifetime(of: self)
    var calls = 0
    func fire(_ sender: Control) { calls += 1 }
    func fire(_ recognizer: GestureRecognizer) { calls += 1 }
}

/// Says when it is freed.
private final class DeinitFlag {
    var freed = false
}

private final class WatchedView: View {
    let flag: DeinitFlag
    init(frame: Rect, name: String, flag: DeinitFlag) {
        self.flag = flag
        super.init(frame: frame, name: name)
    }
    deinit { flag.freed = true }
}

private final class DelegateThatAnswers: GestureRecognizerDelegate {
    lazy var lifetime = Lifetime(of: self)
    var asked = 0
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        asked += 1
        return true
    }
}

@Suite("Memory safety: what app code frees never dangles")
struct MemorySafetyTests {
    // MARK: Targets and delegates

    @Test("C3: a control whose target was freed does nothing on a tap, as UIKit's weak target")
    func freedControlTarget() {
        let driver = TouchDriver()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "button")
        driver.window.addSubview(button)
        var counter: Counter? = Counter()
        button.addTarget(counter!, action: Counter.fire, for: .touchUpInside)
        #expect(button.allTargets.count == 1)
        counter = nil
        #expect(button.allTargets.isEmpty)
        driver.tap(at: Point(x: 50, y: 50)) // reads freed memory before the fix
        // A live target added afterwards still fires; the dead entry is dropped on removal.
        let live = Counter()
        button.addTarget(live, action: Counter.fire, for: .touchUpInside)
        driver.tap(at: Point(x: 50, y: 50), after: 1)
        #expect(live.calls == 1)
        button.removeTarget(live)
        #expect(button.actions.isEmpty)
    }

    @Test("G4: a recognizer whose target was freed fires nothing")
    func freedRecognizerTarget() {
        let driver = TouchDriver()
        let tap = TapGestureRecognizer()
        driver.window.addGestureRecognizer(tap)
        var counter: Counter? = Counter()
        tap.addTarget(counter!, action: Counter.fire)
        counter = nil
        driver.tap(at: Point(x: 10, y: 10))
        driver.advance(by: 1)
        #expect(tap.state == .possible)
    }

    @Test("G5, G6: a delegate freed mid-gesture reads nil and the defaults apply")
    func freedDelegateMidGesture() {
        let driver = TouchDriver()
        let pan = PanGestureRecognizer()
        let pinch = PinchGestureRecognizer()
        driver.window.addGestureRecognizer(pan)
        driver.window.addGestureRecognizer(pinch)
        var delegate: DelegateThatAnswers? = DelegateThatAnswers()
        pan.delegate = delegate
        driver.frame {
            $0.down(1, at: Point(x: 100, y: 100))
            $0.down(2, at: Point(x: 200, y: 100))
        }
        driver.frame {
            $0.move(1, to: Point(x: 130, y: 100))
            $0.move(2, to: Point(x: 260, y: 100))
        }
        #expect(pan.delegate != nil)
        delegate = nil
        #expect(pan.delegate == nil)
        for step in 1...5 {
            let x = Double(step) * 20
            driver.frame {
                $0.move(1, to: Point(x: 130 + x, y: 100))
                $0.move(2, to: Point(x: 260 + 2 * x, y: 100))
            }
        }
        driver.frame {
            $0.up(1)
            $0.up(2)
        }
        driver.advance(by: 1)
        #expect(pan.state == .possible && pinch.state == .possible)
        #expect(driver.application.touchDispatcher.liveTouches.isEmpty)
    }

    // MARK: Views freed with work pending

    @Test("G2, G3: a view freed with a long press pending: the timer fires on nothing, and nothing stays pending")
    func viewFreedWithLongPressPending() {
        let driver = TouchDriver()
        let flag = DeinitFlag()
        var container: View? = WatchedView(
            frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "container", flag: flag)
        let child = View(frame: Rect(x: 50, y: 50, width: 50, height: 50), name: "child")
        container!.addSubview(child)
        driver.window.addSubview(container!)
        let press = LongPressGestureRecognizer()
        let counter = Counter()
        press.addTarget(counter, action: Counter.fire)
        container!.addGestureRecognizer(press)

        driver.down(1, at: Point(x: 60, y: 60)) // lands on the child; the container's press starts its timer
        #expect(driver.application.runLoop.pendingTimerCount == 1)
        container!.removeFromSuperview()
        container = nil
        #expect(flag.freed)
        #expect(press.view == nil)
        driver.advance(by: 1) // past the press duration
        #expect(counter.calls == 0 || press.view == nil)
        driver.up(1)
        driver.advance(by: 1)
        #expect(press.state == .possible)
        #expect(driver.application.runLoop.pendingTimerCount == 0)
        #expect(driver.application.touchDispatcher.liveTouches.isEmpty)
    }

    @Test(
        "R5: an override that removes its own subview during hit-testing sees the old hierarchy; the next touch the new one"
    )
    func hitTestOverrideRemovesSubview() {
        final class Shedding: View {
            var shed = false
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                if !shed, let first = subviews.first {
                    shed = true
                    first.removeFromSuperview() // freed here: nothing else holds it
                    frame = Rect(x: 0, y: 0, width: 400, height: 400)
                }
                return super.hitTest(point, with: event)
            }
        }
        let driver = TouchDriver()
        let recorder = MessageRecorder()
        let shedding = Shedding(frame: Rect(x: 0, y: 0, width: 300, height: 300), name: "shedding")
        shedding.addSubview(RecordingView("leaf", frame: Rect(x: 0, y: 0, width: 100, height: 100), recorder: recorder))
        driver.window.addSubview(shedding)
        driver.tap(at: Point(x: 20, y: 20))
        #expect(shedding.subviews.isEmpty)
        recorder.clear()
        driver.tap(at: Point(x: 20, y: 20), after: 1)
        #expect(recorder.messages.isEmpty) // the leaf is gone for the next touch
        #expect(shedding.frame.width == 400)
        #expect(driver.window.hitTest(Point(x: 350, y: 350), with: nil) === shedding)
    }

    @Test("C3: an action that removes the control that sent it: the other actions still run, then the control goes")
    func actionRemovesItsControl() {
        let driver = TouchDriver()
        let flag = DeinitFlag()
        final class FlaggedButton: Button {
            var flag: DeinitFlag?
            deinit { flag?.freed = true }
        }
        var button: FlaggedButton? = FlaggedButton(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "button")
        button!.flag = flag
        driver.window.addSubview(button!)
        var order: [String] = []
        button!.addAction(for: .touchUpInside) { control in
            order.append("remove")
            control.removeFromSuperview()
        }
        button!.addAction(for: .touchUpInside) { _ in order.append("second") }
        button = nil
        driver.tap(at: Point(x: 50, y: 50))
        #expect(order == ["remove", "second"])
        driver.advance(by: 1)
        #expect(flag.freed)
        #expect(driver.window.subviews.isEmpty)
    }

    @Test(
        "G4: an action that adds a recognizer to its own view and removes itself: the new one sees the next touch, not this one"
    )
    func actionAddsRecognizer() {
        let driver = TouchDriver()
        let first = TapGestureRecognizer(name: "first")
        var added: TapGestureRecognizer?
        var secondFired = 0
        first.addAction { recognizer in
            guard added == nil, let view = recognizer.view else { return }
            let second = TapGestureRecognizer(name: "second")
            second.addAction { _ in secondFired += 1 }
            view.addGestureRecognizer(second)
            view.removeGestureRecognizer(recognizer)
            added = second
        }
        driver.window.addGestureRecognizer(first)
        driver.tap(at: Point(x: 10, y: 10))
        driver.advance(by: 1)
        #expect(added != nil && secondFired == 0)
        driver.tap(at: Point(x: 10, y: 10), after: 1)
        driver.advance(by: 1)
        #expect(secondFired == 1)
    }

    @Test("Drawing: a draw override that removes views and moves itself changes the next frame, not this one")
    func drawOverrideChangesHierarchy() {
        final class Restless: View {
            override func draw(_ rect: Rect, in context: GraphicsContext) {
                superview?.subviews.last?.removeFromSuperview()
                center = Point(x: center.x + 1, y: center.y)
            }
        }
        let canvas = ControlCanvas(width: 100, height: 100)
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        for i in 0..<4 { window.addSubview(Restless(frame: Rect(x: Double(i) * 10, y: 0, width: 10, height: 10))) }
        Renderer().draw(window, into: canvas.framebuffer)
        Renderer().draw(window, into: canvas.framebuffer)
        #expect(window.subviews.count < 4)
    }

    // MARK: Back references

    @Test("R8: a window outliving its application, and a view its controller, end their chains instead of dangling")
    func backLinksClear() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var application: Application? = Application()
        application!.addWindow(window)
        #expect(window.next === application)
        application = nil
        #expect(window.next == nil)

        let root: View
        do {
            let controller = ViewController()
            root = controller.view
            window.addSubview(root)
            #expect(root.next === controller)
        }
        #expect(root.next === window)
    }

    @Test("The renderer keeps its text renderer alive: one made inline does not dangle")
    func rendererRetainsTextRenderer() {
        final class CountingText: TextRendering {
            var draws = 0
            func measure(_ text: String, font: Font, width: Double?) -> Size { Size(width: 10, height: 10) }
            func draw(
                _ text: String, font: Font, color: Color, in rect: Rect, alignment: TextAlignment,
                lineBreak: LineBreakMode, clip: Rect, alpha: Double, into framebuffer: Framebuffer
            ) { draws += 1 }
        }
        let renderer = Renderer(textRenderer: CountingText())
        let canvas = ControlCanvas(width: 100, height: 40)
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        window.addSubview(Label(frame: Rect(x: 0, y: 0, width: 100, height: 40), text: "hello"))
        renderer.draw(window, into: canvas.framebuffer)
        #expect((renderer.textRenderer as? CountingText)?.draws == 1)
    }

    @Test("An application freed while its recognizers live: they lose their dispatcher instead of dangling")
    func recognizerOutlivesApplication() {
        let tap = TapGestureRecognizer()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.addGestureRecognizer(tap)
        do {
            let driver = TouchDriver(application: Application(runLoop: RunLoop(manualClock: ManualClock())))
            driver.window.addSubview(view)
            driver.tap(at: Point(x: 10, y: 10))
            driver.advance(by: 1)
            view.removeFromSuperview()
        }
        tap.state = .failed // goes nowhere: no dispatcher
        #expect(tap.touches.isEmpty)
    }
}

@Suite("Memory safety: nothing the runtime holds outlives its owner")
struct NoLeakTests {
    @Test("A window, its views and its application are freed when the app lets go of them")
    func windowAndViewsAreFreed() {
        final class WatchedWindow: Window {
            var flag: DeinitFlag?
            deinit { flag?.freed = true }
        }
        let windowFreed = DeinitFlag()
        let viewFreed = DeinitFlag()
        do {
            let window = WatchedWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.flag = windowFreed
            let driver = TouchDriver(window: window)
            driver.window.addSubview(
                WatchedView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "view", flag: viewFreed))
            driver.tap(at: Point(x: 50, y: 50))
            // named: a temporary would free its pixels before the draw
            let canvas = ControlCanvas(width: 100, height: 100)
            Renderer().draw(driver.window, into: canvas.framebuffer)
        }
        #expect(windowFreed.freed)
        #expect(viewFreed.freed)
    }
}

extension NoLeakTests {
    @Test("An application freed with its windows: views with recognizers go last and reach nothing freed")
    func applicationFreedWithRecognizersInItsViews() {
        let flag = DeinitFlag()
        do {
            let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
            let driver = TouchDriver(application: application)
            let view = WatchedView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "view", flag: flag)
            view.addGestureRecognizer(LongPressGestureRecognizer())
            driver.window.addSubview(view)
            driver.down(1, at: Point(x: 10, y: 10)) // the press is engaged and its timer pending
        }
        #expect(flag.freed)
    }
}
