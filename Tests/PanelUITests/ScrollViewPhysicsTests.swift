import PanelTesting
import PanelUI
import Testing

// Deceleration, rubber band, spring back and paging against the formulas in
// ScrollPhysics (docs/scrolling.md), on the manual clock.

/// Records the clock time of each delegate call that ends a phase.
final class TimedTranscript: ScrollViewDelegate {
    lazy var lifetime = Lifetime(of: self)
    let clock: ManualClock
    var endDraggingTime: Double?
    var endDeceleratingTime: Double?
    var velocity: Point?
    var offsetAtLift: Point?
    var offsets: [Point] = []

    init(clock: ManualClock) { self.clock = clock }

    func scrollViewDidScroll(_ scrollView: ScrollView) { offsets.append(scrollView.contentOffset) }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {
        self.velocity = velocity
        offsetAtLift = scrollView.contentOffset
        endDraggingTime = clock.now
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { endDeceleratingTime = clock.now }
}

/// A driver and a vertical scroll view (300x400, content 300x6000) whose display link runs at `frameInterval`.
struct FlingFixture {
    let driver = TouchDriver()
    let scrollView = ScrollView(frame: Rect(x: 100, y: 40, width: 300, height: 400), name: "list")
    let transcript: TimedTranscript

    init(rate: DecelerationRate, frameInterval: Double, contentHeight: Double = 6000) {
        scrollView.contentSize = Size(width: 300, height: contentHeight)
        scrollView.decelerationRate = rate
        transcript = TimedTranscript(clock: driver.clock)
        scrollView.delegate = transcript
        driver.window.addSubview(scrollView)
        driver.application.displayLink.frameInterval = frameInterval
    }

    /// A steady drag up at `speed` points per second (20 frames of 10 ms), lifted without stopping.
    func fling(speed: Double, from y: Double = 420) {
        let start = Point(x: 250, y: y)
        driver.down(1, at: start)
        for step in 1...20 { driver.move(1, to: Point(x: 250, y: y - speed * 0.01 * Double(step))) }
        driver.up(1)
    }

    func settle(limit: Double = 20) {
        var waited = 0.0
        while driver.application.displayLink.isActive && waited < limit {
            driver.advance(by: 0.01)
            waited += 0.01
        }
    }
}

@Suite("ScrollView: deceleration, rubber band and paging")
struct ScrollViewPhysicsTests {
    // MARK: Deceleration

    @Test("The time constant τ = -1/(1000 ln r): 0.4995 s for .normal, 0.0995 s for .fast")
    func timeConstants() {
        #expect(abs(DecelerationRate.normal.timeConstant - 0.49950) < 1e-4)
        #expect(abs(DecelerationRate.fast.timeConstant - 0.099499) < 1e-5)
        // The continuous distance v0·τ is within 0.1 % (.normal) and 0.5 % (.fast) of UIKit's discrete sum v0/1000 · r/(1-r).
        for rate in [DecelerationRate.normal, .fast] {
            let r = rate.rawValue
            let discrete = 1000.0 / 1000 * r / (1 - r)
            #expect(abs(rate.projectedDistance(velocity: 1000) - discrete) / discrete < 0.006)
        }
    }

    @Test(
        "A fling's distance and duration match UIKit's formulas within 1 % (.normal and .fast, 1 ms frames)",
        arguments: [
            (DecelerationRate.normal, 1500.0), (DecelerationRate.fast, 1500.0),
            (DecelerationRate.normal, 600.0), (DecelerationRate.fast, 3000.0)
        ])
    func flingMatchesFormulas(rate: DecelerationRate, speed: Double) throws {
        let f = FlingFixture(rate: rate, frameInterval: 0.001)
        f.fling(speed: speed)
        f.settle()
        let v0 = try #require(f.transcript.velocity).y * 1000 // points per second
        let lift = try #require(f.transcript.offsetAtLift).y
        let liftTime = try #require(f.transcript.endDraggingTime)
        let endTime = try #require(f.transcript.endDeceleratingTime)
        #expect(abs(v0 - speed) / speed < 0.01) // the pan measured the finger's speed
        let distance = f.scrollView.contentOffset.y - lift
        let expectedDistance = v0 * rate.timeConstant // v0·τ
        let expectedDuration = rate.timeConstant * naturalLogarithm(v0 / ScrollPhysics.stopVelocity) // τ·ln(v0/1 pt/s)
        #expect(abs(distance - expectedDistance) / expectedDistance < 0.01)
        #expect(abs((endTime - liftTime) - expectedDuration) / expectedDuration < 0.01)
        #expect(ScrollPhysics.decelerationDuration(velocity: v0, rate: rate) == expectedDuration)
        // And against UIKit's rule stepped literally, one millisecond at a time: v ← v·r, x ← x + v/1000.
        var v = v0
        var x = 0.0
        var t = 0.0
        while v >= ScrollPhysics.stopVelocity {
            v *= rate.rawValue
            x += v / 1000
            t += 0.001
        }
        #expect(abs(distance - x) / x < 0.01)
        #expect(abs((endTime - liftTime) - t) / t < 0.01)
    }

    @Test("At 60 Hz the fling lands on the same point, and ends within one frame of the formula's duration")
    func flingAt60Hz() throws {
        let precise = FlingFixture(rate: .normal, frameInterval: 0.001)
        precise.fling(speed: 1500)
        precise.settle()
        let f = FlingFixture(rate: .normal, frameInterval: 1.0 / 60)
        f.fling(speed: 1500)
        f.settle()
        #expect(abs(f.scrollView.contentOffset.y - precise.scrollView.contentOffset.y) < 1e-9)
        let v0 = try #require(f.transcript.velocity).y * 1000
        let duration = try #require(f.transcript.endDeceleratingTime) - #require(f.transcript.endDraggingTime)
        #expect(abs(duration - ScrollPhysics.decelerationDuration(velocity: v0, rate: .normal)) <= 1.0 / 60 + 1e-9)
    }

    @Test("The delegate's targetContentOffset is where the deceleration lands")
    func delegateRetargets() {
        final class Snap: ScrollViewDelegate {
            lazy var lifetime = Lifetime(of: self)
            func scrollViewWillEndDragging(
                _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
            ) {
                targetContentOffset.y = (targetContentOffset.y / 100).rounded() * 100 + 50
            }
        }
        let f = FlingFixture(rate: .normal, frameInterval: 1.0 / 60)
        let snap = Snap()
        f.scrollView.delegate = snap
        f.fling(speed: 1200)
        f.settle()
        #expect(f.scrollView.contentOffset.y.truncatingRemainder(dividingBy: 100) == 50)
    }

    // MARK: Rubber band

    @Test("Rubber band: f(x) = (1 - 1/(x·0.55/d + 1))·d starts at slope 0.55, grows, and never reaches d")
    func rubberBandFormula() {
        let d = 400.0
        #expect(ScrollPhysics.rubberBand(0, dimension: d) == 0)
        #expect(abs(ScrollPhysics.rubberBand(0.001, dimension: d) / 0.001 - 0.55) < 1e-4)
        #expect(abs(ScrollPhysics.rubberBand(400, dimension: d) - (1 - 1 / 1.55) * 400) < 1e-9)
        var previous = 0.0
        for exponent in 0..<40 {
            let x = power(2, Double(exponent))
            let y = ScrollPhysics.rubberBand(x, dimension: d)
            #expect(y > previous && y < d)
            #expect(ScrollPhysics.rubberBand(-x, dimension: d) == -y)
            if x < 1e6 { #expect(abs(ScrollPhysics.inverseRubberBand(y, dimension: d) - x) / x < 1e-6) }
            previous = y
        }
    }

    @Test(
        "Property: over many drags past either edge, the content never goes a view's height past it, and springs back")
    func rubberBandNeverPassesLimit() {
        var seed: UInt64 = 0x5EED
        func random(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        let f = FlingFixture(rate: .normal, frameInterval: 1.0 / 60, contentHeight: 1200)
        let maximum = f.scrollView.maximumContentOffset.y // 800
        for run in 0..<60 {
            let start = run % 2 == 0 ? 0.0 : maximum // drag from either edge, outward
            f.scrollView.contentOffset = Point(x: 0, y: start)
            f.transcript.offsets.removeAll()
            let distance = random(50...3000) * (run % 2 == 0 ? 1 : -1)
            let steps = Int(random(3...40))
            let y0 = run % 2 == 0 ? 60.0 : 420.0
            f.driver.down(1, at: Point(x: 250, y: y0), after: 0.5)
            for step in 1...steps {
                f.driver.move(1, to: Point(x: 250, y: y0 + distance * Double(step) / Double(steps)))
            }
            f.driver.up(1)
            f.settle()
            for offset in f.transcript.offsets {
                #expect(offset.y > -400 && offset.y < maximum + 400)
            }
            #expect(f.scrollView.contentOffset.y == start) // sprung back to the edge
        }
    }

    @Test("bounces false: the content stops at the edge, during the drag and after a fling")
    func noBounce() {
        let f = FlingFixture(rate: .normal, frameInterval: 1.0 / 60, contentHeight: 1200)
        f.scrollView.bounces = false
        f.driver.down(1, at: Point(x: 250, y: 60))
        for step in 1...10 { f.driver.move(1, to: Point(x: 250, y: 60 + 30 * Double(step))) }
        #expect(f.scrollView.contentOffset.y == 0)
        f.driver.up(1)
        f.fling(speed: 3000)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 800)
        #expect(f.transcript.offsets.allSatisfy { $0.y >= 0 && $0.y <= 800 })
    }

    @Test("A fling into the far edge bounces past it (less than a view's height) and comes back to rest on it")
    func flingBouncesOffEdge() {
        let f = FlingFixture(rate: .normal, frameInterval: 1.0 / 60, contentHeight: 1200)
        f.fling(speed: 4000)
        f.settle()
        let overshoot = f.transcript.offsets.map(\.y).max()! - 800
        #expect(overshoot > 5 && overshoot < 400)
        #expect(f.scrollView.contentOffset.y == 800)
        #expect(f.transcript.endDeceleratingTime != nil)
    }

    // MARK: Paging

    /// A horizontal pager: 300 wide, five pages.
    static func pager() -> (TouchDriver, ScrollView) {
        let driver = TouchDriver()
        let pager = ScrollView(frame: Rect(x: 100, y: 40, width: 300, height: 400), name: "pager")
        pager.contentSize = Size(width: 1500, height: 400)
        pager.isPagingEnabled = true
        driver.window.addSubview(pager)
        return (driver, pager)
    }

    /// Drags by `dx` in 10 frames of `frameTime`, optionally resting `rest` seconds before the lift, and settles.
    static func swipe(_ driver: TouchDriver, dx: Double, frameTime: Double, rest: Double = 0) {
        let start = Point(x: 250, y: 240)
        driver.down(1, at: start, after: 0.5)
        for step in 1...10 {
            driver.move(1, to: Point(x: start.x + dx * Double(step) / 10, y: start.y), after: frameTime)
        }
        driver.up(1, after: rest > 0 ? rest : nil)
        for _ in 0..<200 where driver.application.displayLink.isActive { driver.advance(by: 1.0 / 60) }
    }

    @Test(
        "Paging lands on page boundaries: flings at several speeds go one page on, either way; slow drags go to the nearest page",
        arguments: [
            // dx, seconds per frame, rest before lift, expected page from page 2
            (-60.0, 0.01, 0.0, 3), (-120.0, 0.01, 0.0, 3), (-280.0, 0.005, 0.0, 3), (-290.0, 0.02, 0.0, 3),
            (60.0, 0.01, 0.0, 1), (120.0, 0.01, 0.0, 1), (280.0, 0.005, 0.0, 1),
            (-100.0, 0.02, 0.3, 2), (-200.0, 0.02, 0.3, 3), (100.0, 0.02, 0.3, 2), (200.0, 0.02, 0.3, 1)
        ])
    func pagingLandsOnPages(dx: Double, frameTime: Double, rest: Double, page: Int) {
        let (driver, pager) = Self.pager()
        pager.contentOffset = Point(x: 600, y: 0) // page 2
        Self.swipe(driver, dx: dx, frameTime: frameTime, rest: rest)
        #expect(pager.contentOffset == Point(x: Double(page) * 300, y: 0))
        #expect(!pager.isDecelerating)
    }

    @Test("Paging stops at the first and last pages")
    func pagingEnds() {
        let (driver, pager) = Self.pager()
        Self.swipe(driver, dx: 200, frameTime: 0.01)
        #expect(pager.contentOffset.x == 0)
        pager.contentOffset = Point(x: 1200, y: 0)
        Self.swipe(driver, dx: -200, frameTime: 0.01)
        #expect(pager.contentOffset.x == 1200)
    }

    @Test(
        "A fling is one function of time: stepped at irregular frames (a busy board), its lift read late, it bounces off the end and is caught exactly where regular frames put it"
    )
    func flingIsTheSameHoweverTheFramesFall() {
        /// A fast fling up towards the end, lifted at `lift`, the lift read `lateBy` seconds later,
        /// display frames at `frames` (seconds after the lift), a second finger landing 0.31 s
        /// after the lift; the offset where it catches the content.
        func run(frames: [Double], lateBy: Double) -> (caught: Double, end: Double) {
            let f = ScrollFixture()
            let application = f.driver.application
            application.displayLink.isPacedByDisplay = true // frames only when this test says
            f.drag(dy: -300, steps: 3, lift: false)
            let lift = f.driver.clock.now + 0.01
            application.runLoop.advance(to: lift + lateBy)
            var lifted = TouchFrame() // no contacts: the finger is up, as of `lift`
            lifted.timestamp = lift
            application.enqueue(lifted)
            application.runTurn()
            for t in frames where t < 0.31 && lift + t >= f.driver.clock.now {
                application.runLoop.advance(to: lift + t)
                application.displayLink.fire(at: lift + t)
            }
            f.driver.down(2, at: f.point(150, 200), after: lift + 0.31 - f.driver.clock.now)
            return (f.scrollView.contentOffset.y, f.scrollView.maximumContentOffset.y)
        }
        let regular = (1...40).map { Double($0) / 60 }
        var irregular: [Double] = []
        var t = 0.0
        for gap in [0.05, 0.004, 0.09, 0.017, 0.03, 0.002, 0.11, 0.008] {
            t += gap
            irregular.append(t)
        }
        let a = run(frames: regular, lateBy: 0)
        let b = run(frames: irregular, lateBy: 0.04)
        #expect(a.caught > a.end, "caught mid-bounce, past the end")
        #expect(
            abs(a.caught - b.caught) < 1e-6,
            "regular frames catch it at \(a.caught), irregular ones after a late lift at \(b.caught)")
    }
}
