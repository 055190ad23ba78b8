import PanelImage
import PanelTesting
import PanelUI
import Testing

/// Counts display-link frames.
final class FrameCounter: DisplayLinkTarget {
    var frames: [Double] = []
    var onFire: ((DisplayLink) -> Void)?
    func displayLinkDidFire(_ link: DisplayLink) {
        frames.append(link.timestamp)
        onFire?(link)
    }
}

extension TouchDriver {
    /// Moves the manual clock on by `seconds`, firing timers (display-link frames) on the way.
    func wait(_ seconds: Double) {
        application.runLoop.advance(to: clock.now + seconds)
    }
}

@Suite("The display link: one clock for every animation")
struct DisplayLinkTests {
    @Test("it fires every 1/60 s on the run loop's clock while a target is registered, and schedules nothing once idle")
    func firesOnlyWhileRegistered() {
        let driver = TouchDriver()
        let link = driver.application.displayLink
        #expect(!link.isActive)
        #expect(driver.application.runLoop.isIdle)
        let counter = FrameCounter()
        link.add(counter)
        driver.wait(0.1)
        #expect(counter.frames.count == 6)
        #expect(abs(counter.frames[0] - 1.0 / 60) < 1e-9)
        link.remove(counter)
        #expect(driver.application.runLoop.isIdle, "an idle screen schedules nothing")
        driver.wait(1)
        #expect(counter.frames.count == 6)
    }

    @Test("a target added during a frame first fires in the next one; one removed during a frame stops at once")
    func changesDuringAFrame() {
        let driver = TouchDriver()
        let link = driver.application.displayLink
        let first = FrameCounter()
        let second = FrameCounter()
        first.onFire = { link in if link.frameCount == 1 { link.add(second) } else { link.remove(second) } }
        link.add(first)
        driver.wait(1.0 / 60 + 1e-9)
        #expect(first.frames.count == 1 && second.frames.isEmpty)
        driver.wait(1.0 / 60)
        #expect(first.frames.count == 2 && second.frames.isEmpty, "removed by the first before its turn")
        link.remove(first)
    }

    @Test("a display-paced link schedules no timers: the host fires it per page flip")
    func pacedByTheDisplay() {
        let driver = TouchDriver()
        let link = driver.application.displayLink
        link.isPacedByDisplay = true
        let counter = FrameCounter()
        link.add(counter)
        #expect(driver.application.runLoop.isIdle)
        #expect(link.isActive)
        link.fire(at: 5)
        #expect(counter.frames == [5])
        link.remove(counter)
    }
}

@Suite("View.animate: model values at once, presentation values on screen")
struct AnimationTests {
    func scene() -> (TouchDriver, View) {
        let driver = TouchDriver(screen: Size(width: 120, height: 80))
        driver.window.backgroundColor = .black
        let box = View(frame: Rect(x: 0, y: 20, width: 40, height: 40), name: "box")
        box.backgroundColor = Color(rgb: 0xE05020)
        driver.window.addSubview(box)
        return (driver, box)
    }

    @Test("the model changes at once; the presentation follows the ease-in-out curve on the display link")
    func modelAtOncePresentationOverTime() {
        let (driver, box) = scene()
        View.animate(withDuration: 1, options: .curveLinear) {
            box.center = Point(x: 100, y: 40)
        }
        #expect(box.center == Point(x: 100, y: 40))
        #expect(box.presentation.center == Point(x: 20, y: 40))
        #expect(box.isAnimating)
        driver.wait(0.5)
        #expect(abs(box.presentation.center.x - 60) < 1e-6)
        driver.wait(0.6)
        #expect(!box.isAnimating)
        #expect(box.presentation.center == box.center)
        #expect(!driver.application.displayLink.isActive)
        #expect(driver.application.runLoop.isIdle, "an idle screen uses no CPU")
    }

    @Test("golden images: frames at fixed clock times, mid-move, mid-fade and mid-colour")
    func goldenMidAnimationFrames() {
        let (driver, box) = scene()
        let display = HeadlessDisplay(width: 120, height: 80, format: .xrgb8888)
        let renderer = Renderer()
        renderer.draw(driver.window, into: display.framebuffer)
        View.animate(withDuration: 0.4) {
            box.center = Point(x: 90, y: 40)
            box.alpha = 0.25
            box.backgroundColor = Color(rgb: 0x20A0E0)
        }
        for (time, name) in [(0.1, "animation-t0.1"), (0.2, "animation-t0.2"), (0.5, "animation-end")] {
            driver.application.runLoop.advance(to: time)
            renderer.render(driver.window, into: display.framebuffer)
            // The incremental frames equal a full redraw of the same instant.
            let full = HeadlessDisplay(width: 120, height: 80, format: .xrgb8888)
            renderer.draw(driver.window, into: full.framebuffer)
            #expect(pixelDifferences(display, full) == "", "\(name)")
            expectGolden(display, name)
        }
    }

    @Test("hit-testing during an animation goes to the model frame, as UIKit's")
    func hitTestingUsesTheModel() {
        let (driver, box) = scene()
        View.animate(withDuration: 1, options: .allowUserInteraction) {
            box.center = Point(x: 100, y: 40)
        }
        driver.wait(0.5)
        let window = driver.window
        #expect(window.hitTest(Point(x: 100, y: 40), with: nil) === box, "where the model is")
        #expect(window.hitTest(Point(x: 60, y: 40), with: nil) === window, "not where it is drawn")
    }

    @Test("without .allowUserInteraction touches pass through animating views until the end")
    func interactionOffWhileAnimating() {
        let (driver, box) = scene()
        View.animate(withDuration: 1) { box.alpha = 0.5 }
        #expect(driver.window.hitTest(Point(x: 20, y: 40), with: nil) === driver.window)
        driver.wait(1.1)
        #expect(driver.window.hitTest(Point(x: 20, y: 40), with: nil) === box)
    }

    @Test(
        "an interrupted animation with .beginFromCurrentState starts from the presentation; the first completes unfinished"
    )
    func interruptedFromCurrentState() {
        let (driver, box) = scene()
        var firstFinished: Bool?
        View.animate(
            withDuration: 1, options: .curveLinear, animations: { box.center = Point(x: 100, y: 40) },
            completion: { firstFinished = $0 })
        driver.wait(0.5)
        let shown = box.presentation.center
        #expect(abs(shown.x - 60) < 1e-6)
        var secondFinished: Bool?
        View.animate(
            withDuration: 1, options: [.curveLinear, .beginFromCurrentState],
            animations: { box.center = Point(x: 20, y: 40) }, completion: { secondFinished = $0 })
        #expect(firstFinished == nil, "on a later turn")
        driver.application.runTurn()
        #expect(firstFinished == false)
        #expect(box.presentation.center == shown, "no jump")
        driver.wait(0.5)
        let elapsed = driver.application.displayLink.timestamp - 0.5
        #expect(abs(box.presentation.center.x - (60 - 40 * elapsed)) < 1e-6, "from 60 to 20 in a second")
        driver.wait(0.6)
        #expect(secondFinished == true)
        #expect(box.presentation.center == Point(x: 20, y: 40))
    }

    @Test(
        "without .beginFromCurrentState an interrupted property starts from its model value: the first animation's end")
    func interruptedFromModel() {
        let (driver, box) = scene()
        View.animate(withDuration: 1, options: .curveLinear) { box.center = Point(x: 100, y: 40) }
        driver.wait(0.5)
        View.animate(withDuration: 1, options: .curveLinear) { box.center = Point(x: 20, y: 40) }
        #expect(box.presentation.center == Point(x: 100, y: 40))
        driver.wait(2)
    }

    @Test("a delay shows the start value until it passes; completion runs once, after the end")
    func delayAndCompletion() {
        let (driver, box) = scene()
        var completions: [Bool] = []
        View.animate(
            withDuration: 0.5, delay: 0.5, options: .curveLinear,
            animations: { box.alpha = 0 }, completion: { completions.append($0) })
        driver.wait(0.4)
        #expect(box.presentation.alpha == 1)
        driver.wait(0.35)
        #expect(abs(box.presentation.alpha - 0.5) < 0.05)
        #expect(completions.isEmpty)
        driver.wait(0.5)
        #expect(completions == [true])
    }

    @Test("a block that changes nothing completes on the next turn, finished")
    func emptyBlockCompletes() {
        let (driver, box) = scene()
        var done: Bool?
        View.animate(withDuration: 1, animations: { _ = box }, completion: { done = $0 })
        #expect(done == nil, "never inside View.animate")
        driver.wait(0)
        #expect(done == true)
    }

    @Test("a completion may start the next animation (chained moves)")
    func chainedAnimations() {
        let (driver, box) = scene()
        View.animate(
            withDuration: 0.2, animations: { box.center.x = 60 },
            completion: { _ in
                View.animate(withDuration: 0.2) { box.center.x = 100 }
            })
        driver.wait(0.25)
        #expect(box.isAnimating)
        driver.wait(0.25)
        #expect(!box.isAnimating && box.presentation.center.x == 100)
    }

    @Test("a view not in an application's window changes at once, and its completion runs on the next turn")
    func outsideAWindowJumps() {
        let runLoop = RunLoop(clock: ManualClock())
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var done: Bool?
        View.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { done = $0 })
        #expect(view.presentation.alpha == 0 && !view.isAnimating)
        #expect(done == nil)
        runLoop.advance(to: runLoop.now)
        #expect(done == true)
    }

    @Test("a spring overshoots with damping below 1 and ends exactly on the value")
    func springCurve() {
        let bouncy = TimingCurve.spring(damping: 0.3, initialVelocity: 0)
        var peak = 0.0
        for i in 0...100 { peak = max(peak, bouncy.progress(at: Double(i) / 100)) }
        #expect(peak > 1.1)
        #expect(bouncy.progress(at: 1) == 1)
        let critical = TimingCurve.spring(damping: 1, initialVelocity: 0)
        for i in 0...100 { #expect(critical.progress(at: Double(i) / 100) <= 1 + 1e-9) }
        #expect(abs(critical.progress(at: 0.999) - 1) < 0.002, "settled within 0.1 % (plus a frame) at the duration")
    }

    @Test("a spring's initial velocity is UIKit's: whole distances per second, whatever the duration")
    func springVelocityPerSecond() {
        let (driver, box) = scene()
        driver.application.displayLink.frameInterval = 0.001
        View.animate(
            withDuration: 2, usingSpringWithDamping: 1, initialSpringVelocity: 1,
            animations: {
                box.center = Point(x: 120, y: 40) // 100 points
            })
        driver.wait(0.0101)
        let moved = box.presentation.center.x - 20
        #expect(abs(moved - 1) < 0.1, "about 100 points/s × 10 ms, not twice that: \(moved)")
        driver.wait(2)
    }

    @Test("the Bézier curves are Core Animation's: ease-in-out is symmetric, ease-in slow at the start")
    func bezierCurves() {
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-6)
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.25) + TimingCurve.easeInOut.progress(at: 0.75) - 1) < 1e-6)
        #expect(TimingCurve.easeIn.progress(at: 0.25) < 0.25)
        #expect(TimingCurve.easeOut.progress(at: 0.25) > 0.25)
        // (0.42, 0, 0.58, 1) at x = 0.25: y ≈ 0.1291 (solved independently).
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.25) - 0.12916) < 5e-4)
    }

    @Test("transforms interpolate decomposed: a quarter turn stays the same size halfway")
    func transformsTurn() {
        let (driver, box) = scene()
        View.animate(withDuration: 1, options: .curveLinear) {
            box.transform = AffineTransform(rotationAngle: .pi / 2)
        }
        driver.wait(0.5)
        let t = box.presentation.transform
        #expect(abs(t.a * t.a + t.b * t.b - 1) < 1e-9)
        #expect(abs(arcTangent(t.b, t.a) - .pi / 4) < 1e-3)
        driver.wait(0.6)
    }

    @Test("twenty concurrent view animations allocate nothing per frame")
    func noAllocationPerFrame() {
        let driver = TouchDriver(screen: Size(width: 400, height: 200))
        var views: [View] = []
        for i in 0..<20 {
            let view = View(frame: Rect(x: Double(i % 10) * 40, y: Double(i / 10) * 100, width: 30, height: 30))
            view.backgroundColor = Color(rgb: 0x336699)
            driver.window.addSubview(view)
            views.append(view)
        }
        let display = HeadlessDisplay(width: 400, height: 200, format: .xrgb8888)
        let renderer = Renderer()
        renderer.draw(driver.window, into: display.framebuffer)
        View.animate(withDuration: 10, options: .allowUserInteraction) {
            for (i, view) in views.enumerated() {
                view.center.y += 60
                view.alpha = 0.5
                view.transform = AffineTransform(rotationAngle: Double(i) * 0.1)
            }
        }
        driver.wait(0.1) // warm up: storage reserved, table patched once
        let step = 1.0 / 60
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            driver.wait(step)
            renderer.render(driver.window, into: display.framebuffer)
        }
        #expect(allocations == 0)
        #expect(driver.application.viewAnimator.runningCount == 20)
        withExtendedLifetime(display) {}
    }
}

@Suite("Libm-free exponential and logarithm")
struct ExponentialTests {
    @Test(
        "e^x and ln x agree with known values to 1e-12 relative",
        arguments: [-20.0, -1, -0.001, 0, 0.5, 1, 2.302585092994046, 30, 700])
    func exponentialAndLogarithm(_ x: Double) {
        let e = exponential(x)
        #expect(abs(naturalLogarithm(e) - x) <= 1e-12 * max(1, abs(x)))
        if x == 1 { #expect(abs(e - 2.718281828459045) < 1e-15) }
        if x == 0 { #expect(e == 1) }
    }

    @Test("UIKit's rates: 0.998 per millisecond over a second leaves 0.998^1000")
    func ratePower() {
        #expect(abs(power(0.998, 1000) - 0.13506452) < 1e-7)
        #expect(abs(naturalLogarithm(0.99) - (-0.01005033585350145)) < 1e-15)
    }
}
