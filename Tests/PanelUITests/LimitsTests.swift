import PanelTesting
import PanelUI
import Testing

// Issue 15, product rule 5: geometry that is not a number and capacities
// outgrown are handled without a crash, said once in the application's
// warnings, and lose no touch.

/// A run-loop target that counts how often it fired.
private final class Fired: RunLoopTarget {
    var count = 0
    func runLoopDidFire(_ handle: TimerHandle) { count += 1 }
}

@Suite("Limits: non-finite geometry and capacities")
struct LimitsTests {
    // MARK: Geometry that is not finite

    @Test(
        "A view whose geometry becomes NaN or infinite is neither drawn nor hit, and one warning says so",
        arguments: ["center", "bounds", "transform", "huge"])
    func nonFiniteGeometry(_ property: String) {
        let driver = TouchDriver(screen: Size(width: 200, height: 100))
        let broken = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "broken")
        broken.backgroundColor = Color(red: 255, green: 0, blue: 0)
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "child")
        broken.addSubview(child)
        let healthy = View(frame: Rect(x: 100, y: 0, width: 100, height: 100), name: "healthy")
        healthy.backgroundColor = Color(red: 0, green: 255, blue: 0)
        driver.window.addSubview(broken)
        driver.window.addSubview(healthy)
        let zero = 0.0
        switch property {
        case "center": broken.center = Point(x: 1 / zero * 0, y: 50) // NaN, as 0/0 gives
        case "bounds": broken.bounds = Rect(x: 0, y: 0, width: 1 / zero, height: 100)
        case "transform": broken.transform = AffineTransform(scaleX: 1 / zero, y: 1)
        default: broken.frame = Rect(x: -1e300, y: 1e300, width: 1e300, height: 1e300) // finite, far beyond any screen
        }
        let canvas = ControlCanvas(width: 200, height: 100)
        Renderer().draw(driver.window, into: canvas.framebuffer) // traps before the fix
        #expect(
            canvas.framebuffer.baseAddress.load(fromByteOffset: (50 * 200 + 150) * 4, as: UInt32.self) == 0xFF00_FF00)
        #expect(driver.window.hitTest(Point(x: 20, y: 20), with: nil) !== child)
        #expect(driver.window.hitTest(Point(x: 150, y: 50), with: nil) === healthy)
        driver.tap(at: Point(x: 20, y: 20))
        if property != "huge" {
            let warnings = driver.application.warnings.said.filter { $0.kind == .nonFiniteGeometry }
            #expect(warnings.count == 1)
            #expect(warnings.first?.message.contains("'broken'") == true)
        }
        // Fixed geometry brings it back.
        broken.transform = .identity
        broken.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        broken.center = Point(x: 50, y: 50)
        #expect(driver.window.hitTest(Point(x: 20, y: 20), with: nil) === child)
    }

    @Test("A NaN touch location hits nothing and does not trap")
    func nanHitPoint() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(View(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        #expect(window.hitTest(Point(x: .nan, y: 10), with: nil) == nil)
    }

    // MARK: Capacities

    @Test("Timers past the run loop's capacity: the table grows, every timer fires, one warning")
    func timerCapacity() {
        let loop = RunLoop(manualClock: ManualClock(), capacity: 4)
        let fired = Fired()
        for i in 0..<100 { loop.schedule(after: Double(i) * 0.01, target: fired) }
        #expect(loop.pendingTimerCount == 100)
        #expect(loop.capacity >= 100)
        loop.advance(to: 10)
        #expect(fired.count == 100)
        #expect(loop.warnings.said.map(\.kind) == [.timerCapacity])
        #expect(loop.pendingTimerCount == 0)
    }

    @Test("Next-turn requests past the capacity: all run, one warning")
    func nextTurnCapacity() {
        let loop = RunLoop(manualClock: ManualClock(), capacity: 2)
        let fired = Fired()
        for _ in 0..<10 { loop.performOnNextTurn(target: fired) }
        loop.performNextTurnWork()
        #expect(fired.count == 10)
        #expect(loop.warnings.hasSaid(.nextTurnCapacity))
    }

    @Test("A NaN or infinite delay neither traps nor fires early")
    func oddTimerDelays() {
        let loop = RunLoop(manualClock: ManualClock())
        let fired = Fired()
        loop.schedule(after: .nan, target: fired)
        let never = loop.schedule(after: .infinity, target: fired)
        loop.advance(to: 1)
        #expect(fired.count == 1)
        #expect(loop.isScheduled(never))
    }

    @Test("Rule 5: a full input queue drops the oldest frame, says so once, and no touch stays down")
    func inputQueueOverflow() {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()), inputQueueCapacity: 4)
        let driver = TouchDriver(application: application)
        let recorder = MessageRecorder()
        driver.window.addSubview(
            RecordingView("pad", frame: Rect(x: 0, y: 0, width: 800, height: 480), recorder: recorder))
        // A device that floods: 20 frames arrive before the app takes a turn.
        for i in 0..<20 {
            var frame = TouchFrame(timestamp: Double(i) * 0.001)
            frame.append(TouchContact(id: 1, x: 100 + Double(i), y: 100))
            application.enqueue(frame)
        }
        application.enqueue(TouchFrame(timestamp: 0.05)) // the finger lifts: the newest frame
        application.runTurn()
        #expect(application.droppedInputFrames == 17)
        #expect(application.warnings.said.map(\.kind) == [.inputQueueFull])
        #expect(application.touchDispatcher.liveTouches.isEmpty)
        #expect(recorder.messages.first?.hasPrefix("pad touchesBegan") == true)
        #expect(recorder.messages.last?.hasPrefix("pad touchesEnded") == true)
    }

    @Test("Rule 5: a key press dropped from a full queue is gone; the touch frame queued in its place is a touch")
    func droppedPressLeavesNoTrace() {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()), inputQueueCapacity: 2)
        let driver = TouchDriver(application: application)
        let keys = KeyView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "keys")
        driver.window.addSubview(keys)
        #expect(keys.becomeFirstResponder())
        application.enqueue(keyPress(30, .began, "a")) // the oldest: dropped twice over by the frames
        var down = TouchFrame(timestamp: 0.01)
        down.append(TouchContact(id: 1, x: 50, y: 50))
        application.enqueue(down)
        application.enqueue(TouchFrame(timestamp: 0.02)) // takes the dropped press's entry
        application.runTurn()
        #expect(application.droppedInputFrames == 1)
        #expect(keys.presses.isEmpty)
        #expect(application.touchDispatcher.touchesSeen == 1)
        #expect(application.touchDispatcher.liveTouches.isEmpty)
    }

    @Test("More fingers than the touch pool: the extra ones are ignored and said once; all end")
    func touchPoolOverflow() {
        let driver = TouchDriver()
        let application = driver.application
        // Three devices of 16 fingers each: 48 contacts for 32 touches.
        for source in 0..<3 {
            var frame = TouchFrame(timestamp: 0.01)
            for finger in 0..<16 {
                frame.append(TouchContact(id: Int32(finger), x: Double(source * 200 + finger * 10), y: 100))
            }
            application.enqueue(frame, source: source)
        }
        application.runTurn()
        #expect(application.touchDispatcher.liveTouches.count == TouchDispatcher.capacity)
        #expect(application.warnings.said.map(\.kind) == [.touchCapacity])
        for source in 0..<3 { application.enqueue(TouchFrame(timestamp: 0.02), source: source) }
        application.runTurn()
        #expect(application.touchDispatcher.liveTouches.isEmpty)
    }
}
