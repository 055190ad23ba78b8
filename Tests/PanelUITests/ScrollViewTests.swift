import PanelTesting
import PanelUI
import Testing

// The scroll view's content and position (docs/scrolling.md), driven with the
// TouchDriver on the manual clock.

/// Records what a scroll view tells its delegate, as short strings.
final class ScrollTranscript: ScrollViewDelegate {
    lazy var lifetime = Lifetime(of: self)
    var events: [String] = []
    var didScrollCount = 0
    var offsets: [Point] = []
    var endVelocity: Point?
    var retarget: ((inout Point) -> Void)?
    var zoomView: View?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        didScrollCount += 1
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { events.append("willBeginDragging") }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {
        events.append("willEndDragging")
        endVelocity = velocity
        retarget?(&targetContentOffset)
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        events.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { events.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { events.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { events.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }
    func scrollViewDidZoom(_ scrollView: ScrollView) { events.append("didZoom") }
}

/// A driver with a 300x400 vertical scroll view of 300x2000 content at (100, 40).
struct ScrollFixture {
    let driver = TouchDriver()
    let scrollView = ScrollView(frame: Rect(x: 100, y: 40, width: 300, height: 400), name: "list")
    let transcript = ScrollTranscript()

    init(contentSize: Size = Size(width: 300, height: 2000)) {
        scrollView.contentSize = contentSize
        scrollView.delegate = transcript
        driver.window.addSubview(scrollView)
    }

    /// A point in the scroll view, in window coordinates.
    func point(_ x: Double, _ y: Double) -> Point { Point(x: 100 + x, y: 40 + y) }

    /// A drag of `distance` points along y over `steps` frames of 10 ms, then a lift.
    func drag(dy: Double, dx: Double = 0, from start: Point? = nil, steps: Int = 10, lift: Bool = true) {
        let origin = start ?? point(150, 200)
        driver.down(1, at: origin)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            driver.move(1, to: Point(x: origin.x + dx * f, y: origin.y + dy * f))
        }
        if lift { driver.up(1) }
    }

    /// Runs the display link until the scroll view rests (or `limit` seconds pass).
    func settle(limit: Double = 10) {
        var waited = 0.0
        while (scrollView.isDecelerating || driver.application.displayLink.isActive) && waited < limit {
            driver.advance(by: 1.0 / 60)
            waited += 1.0 / 60
        }
    }
}

@Suite("ScrollView: content and position")
struct ScrollViewTests {
    @Test("UIKit's defaults: offset zero, bounces, delays and cancels content touches, normal deceleration")
    func defaults() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(scrollView.contentOffset == .zero)
        #expect(scrollView.bounces)
        #expect(!scrollView.alwaysBounceVertical && !scrollView.alwaysBounceHorizontal)
        #expect(!scrollView.isPagingEnabled)
        #expect(scrollView.isScrollEnabled)
        #expect(scrollView.delaysContentTouches)
        #expect(scrollView.canCancelContentTouches)
        #expect(scrollView.decelerationRate == .normal)
        #expect(DecelerationRate.normal.rawValue == 0.998 && DecelerationRate.fast.rawValue == 0.99)
        #expect(scrollView.clipsToBounds)
        #expect(scrollView.pinchGestureRecognizer == nil) // no zooming until the scales differ
        #expect(scrollView.touchesShouldCancel(in: Button(name: "b", title: "b")) == false)
        #expect(scrollView.touchesShouldCancel(in: View()) == true)
    }

    @Test("contentOffset is bounds.origin, and setting either tells the delegate it scrolled")
    func contentOffsetIsBoundsOrigin() {
        let f = ScrollFixture()
        f.scrollView.contentOffset = Point(x: 0, y: 120)
        #expect(f.scrollView.bounds.origin == Point(x: 0, y: 120))
        f.scrollView.bounds.origin = Point(x: 0, y: 50)
        #expect(f.scrollView.contentOffset == Point(x: 0, y: 50))
        #expect(f.transcript.offsets == [Point(x: 0, y: 120), Point(x: 0, y: 50)])
    }

    @Test("Subviews at content coordinates move with the offset: hit-testing finds the one shown")
    func contentMovesWithOffset() {
        let f = ScrollFixture()
        let row = View(frame: Rect(x: 0, y: 600, width: 300, height: 50), name: "row")
        f.scrollView.addSubview(row)
        #expect(f.driver.window.hitTest(f.point(150, 225), with: nil) === f.scrollView)
        f.scrollView.contentOffset = Point(x: 0, y: 400)
        #expect(f.driver.window.hitTest(f.point(150, 225), with: nil) === row)
    }

    @Test("A pan drags the content with the finger, and the delegate hears the drag begin, scroll and end")
    func panScrolls() {
        let f = ScrollFixture()
        f.drag(dy: -200, steps: 20) // 10 pt per frame
        // The pan began after 20 pt (its 10 pt hysteresis, passed in the second
        // 10 pt move); the content follows the finger from there, as in UIKit.
        #expect(f.scrollView.contentOffset.y == 180)
        #expect(f.transcript.events.prefix(3) == ["willBeginDragging", "willEndDragging", "didEndDragging(true)"])
        #expect(f.transcript.didScrollCount > 5)
        f.settle()
        #expect(f.transcript.events.last == "didEndDecelerating")
        #expect(!f.scrollView.isDecelerating && !f.scrollView.isDragging)
    }

    @Test("A vertical scroll view does not move sideways, and content that fits does not scroll")
    func onlyScrollableAxes() {
        let f = ScrollFixture()
        f.drag(dy: -100, dx: -80)
        #expect(f.scrollView.contentOffset.x == 0)
        let g = ScrollFixture(contentSize: Size(width: 300, height: 300))
        g.drag(dy: -100)
        #expect(g.scrollView.contentOffset == .zero)
        #expect(g.transcript.events.isEmpty)
    }

    @Test("isScrollEnabled false: a drag moves nothing")
    func scrollDisabled() {
        let f = ScrollFixture()
        f.scrollView.isScrollEnabled = false
        f.drag(dy: -100)
        #expect(f.scrollView.contentOffset == .zero)
    }

    @Test("contentInset extends the limits: the offset rests between -top and contentSize - height + bottom")
    func insets() {
        let f = ScrollFixture()
        f.scrollView.contentInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(f.scrollView.minimumContentOffset == Point(x: 0, y: -20))
        #expect(f.scrollView.maximumContentOffset == Point(x: 0, y: 2000 + 30 - 400))
        f.scrollView.contentOffset = Point(x: 0, y: 1610)
        f.drag(dy: -300) // past the bottom: rubber band, then back
        f.settle()
        #expect(f.scrollView.contentOffset.y == 1630)
    }

    @Test("setContentOffset(animated:) springs there and tells the delegate the animation ended")
    func animatedOffset() {
        let f = ScrollFixture()
        f.scrollView.setContentOffset(Point(x: 0, y: 500), animated: true)
        #expect(f.scrollView.contentOffset == .zero)
        f.driver.advance(by: 0.1)
        #expect(f.scrollView.contentOffset.y > 100 && f.scrollView.contentOffset.y < 500)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 500)
        #expect(f.transcript.events == ["didEndScrollingAnimation"])
        #expect(!f.driver.application.displayLink.isActive)
    }

    @Test("contentOffsetDidChange runs on every offset change, for subclasses that lay out their content")
    func subclassHook() {
        final class Counting: ScrollView {
            var calls = 0
            override func contentOffsetDidChange() { calls += 1 }
        }
        let scrollView = Counting(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scrollView.contentSize = Size(width: 100, height: 1000)
        scrollView.contentOffset = Point(x: 0, y: 10)
        scrollView.contentOffset = Point(x: 0, y: 20)
        #expect(scrollView.calls == 3)
    }

    @Test("The delegate is not retained and reads nil once freed")
    func delegateIsZeroing() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        do {
            let transcript = ScrollTranscript()
            scrollView.delegate = transcript
            #expect(scrollView.delegate != nil)
        }
        #expect(scrollView.delegate == nil)
    }

    @Test("isTracking is true while a finger is on the scroll view, dragging or not, and false once it lifts")
    func tracking() {
        let f = ScrollFixture()
        f.driver.down(1, at: f.point(150, 200))
        #expect(f.scrollView.isTracking && !f.scrollView.isDragging)
        f.driver.move(1, to: f.point(250, 200)) // sideways: this vertical scroll view's pan fails
        f.driver.up(1)
        f.driver.advance(by: 0.01)
        #expect(!f.scrollView.isTracking)
        f.drag(dy: -100, lift: false)
        #expect(f.scrollView.isTracking && f.scrollView.isDragging)
        f.driver.up(1)
        #expect(!f.scrollView.isTracking && !f.scrollView.isDragging)
    }

    @Test("A finger that catches content past an edge and lifts without dragging lets it spring back")
    func caughtBounceSpringsBack() {
        let f = ScrollFixture()
        f.drag(dy: 300) // past the top
        f.driver.advance(by: 0.02)
        #expect(f.scrollView.contentOffset.y < -20)
        f.driver.down(1, at: f.point(150, 200)) // caught
        #expect(!f.scrollView.isDecelerating)
        let held = f.scrollView.contentOffset.y
        f.driver.advance(by: 0.3)
        #expect(f.scrollView.contentOffset.y == held)
        f.driver.up(1)
        f.settle()
        #expect(f.scrollView.contentOffset.y == 0)
    }

    @Test("alwaysBounceVertical: content that fits still rubber-bands under a vertical drag, and springs back")
    func alwaysBounce() {
        let f = ScrollFixture(contentSize: Size(width: 300, height: 300))
        f.scrollView.alwaysBounceVertical = true
        f.drag(dy: 120, lift: false)
        #expect(f.scrollView.contentOffset.y < 0 && f.scrollView.contentOffset.y > -400)
        f.driver.up(1)
        f.settle()
        #expect(f.scrollView.contentOffset == .zero)
    }

    @Test("scrollRectToVisible moves the least that shows the rect, within the limits")
    func scrollRectToVisible() {
        let f = ScrollFixture()
        f.scrollView.scrollRectToVisible(Rect(x: 0, y: 900, width: 300, height: 50), animated: false)
        #expect(f.scrollView.contentOffset.y == 950 - 400)
        f.scrollView.scrollRectToVisible(Rect(x: 0, y: 100, width: 300, height: 50), animated: false)
        #expect(f.scrollView.contentOffset.y == 100)
        f.scrollView.scrollRectToVisible(Rect(x: 0, y: 1990, width: 300, height: 50), animated: false)
        #expect(f.scrollView.contentOffset.y == 1600)
    }

    @Test("flashScrollIndicators shows the indicator, then it fades on the display link and the link stops")
    func flashIndicators() {
        let f = ScrollFixture()
        let indicator = f.scrollView.subviews.first { $0.name == "verticalScrollIndicator" }!
        #expect(indicator.alpha == 0)
        f.scrollView.flashScrollIndicators()
        #expect(indicator.alpha == 1)
        f.driver.advance(by: ScrollView.indicatorHold - 0.05)
        #expect(indicator.alpha == 1)
        f.driver.advance(by: 0.05 + ScrollView.indicatorFadeDuration / 2)
        #expect(indicator.alpha > 0 && indicator.alpha < 1)
        f.settle()
        #expect(indicator.alpha == 0)
        #expect(!f.driver.application.displayLink.isActive)
    }
}
