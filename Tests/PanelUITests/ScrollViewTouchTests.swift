import PanelTesting
import PanelUI
import Testing

// Touches in a scroll view's content, exactly as UIKit delivers them
// (docs/scrolling.md): delaysContentTouches, canCancelContentTouches,
// touchesShouldBegin and touchesShouldCancel, all through the touch dispatcher
// (G10 cancels, G11 holds, G20 vetoes).

/// A scroll view whose touchesShouldCancel answers true for every view, controls included.
final class CancellingScrollView: ScrollView {
    override func touchesShouldCancel(in view: View) -> Bool { true }
}

/// A scroll view that keeps every touch from its content.
final class RefusingScrollView: ScrollView {
    override func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool { false }
}

/// A vertical scroll view (300x400 at (100, 40), content 300x2000) with a
/// button at (50, 100)-(250, 160) in its content, recording the button's events.
struct ButtonInScroll {
    let driver = TouchDriver()
    let scrollView: ScrollView
    let button = Button(frame: Rect(x: 50, y: 100, width: 200, height: 60), name: "ok", title: "OK")
    let events: EventList

    final class EventList { var names: [String] = [] }

    init(_ scrollView: ScrollView = ScrollView(frame: Rect(x: 100, y: 40, width: 300, height: 400), name: "list")) {
        self.scrollView = scrollView
        scrollView.frame = Rect(x: 100, y: 40, width: 300, height: 400)
        scrollView.contentSize = Size(width: 300, height: 2000)
        scrollView.addSubview(button)
        driver.window.addSubview(scrollView)
        let events = EventList()
        self.events = events
        let named: [(ControlEvents, String)] = [
            (.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"),
            (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.touchDragInside, "touchDragInside"), (.touchDragExit, "touchDragExit"),
            (.touchDragOutside, "touchDragOutside")
        ]
        for (event, name) in named { button.addAction(for: event) { _ in events.names.append(name) } }
    }

    /// The button's centre in window coordinates (content offset zero).
    var buttonCenter: Point { Point(x: 100 + 150, y: 40 + 130) }

    /// A drag of `dy` from `start` in `steps` frames 10 ms apart; the finger stays down.
    func move(from start: Point, dy: Double, dx: Double = 0, steps: Int = 10) {
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            driver.move(1, to: Point(x: start.x + dx * f, y: start.y + dy * f))
        }
    }
}

@Suite("ScrollView: touches in the content")
struct ScrollViewTouchTests {
    @Test("A quick tap on a button inside a scroll view fires it (touchDown, touchUpInside at the lift)")
    func quickTapFiresButton() {
        let f = ButtonInScroll()
        f.driver.down(1, at: f.buttonCenter)
        #expect(f.events.names.isEmpty) // held: it could still become a scroll
        #expect(!f.button.isHighlighted)
        f.driver.up(1, after: 0.05)
        #expect(f.events.names == ["touchDown", "touchUpInside"])
        #expect(f.scrollView.contentOffset == .zero)
    }

    @Test("lvgl#6229, lvgl#9005: a drag that starts on a button scrolls, and the button sends nothing")
    func dragStartingOnButtonScrolls() {
        let f = ButtonInScroll()
        f.driver.down(1, at: f.buttonCenter)
        f.move(from: f.buttonCenter, dy: -150) // 15 pt per 10 ms: the pan begins within the delay
        f.driver.up(1)
        #expect(f.events.names.isEmpty)
        #expect(!f.button.isHighlighted)
        #expect(f.scrollView.contentOffset.y > 100)
    }

    @Test("A finger held still past the delay (0.15 s) presses the button: it highlights and gets touchDown")
    func heldFingerPressesButton() {
        let f = ButtonInScroll()
        f.driver.down(1, at: f.buttonCenter)
        f.driver.advance(by: 0.14)
        #expect(f.events.names.isEmpty)
        f.driver.advance(by: 0.02)
        #expect(f.events.names == ["touchDown"])
        #expect(f.button.isHighlighted)
        f.driver.up(1)
        #expect(f.events.names == ["touchDown", "touchUpInside"])
    }

    @Test(
        "After the delay a drag leaves the touch with the button (touchesShouldCancel is false for a control); no scroll"
    )
    func dragAfterPressStaysWithButton() {
        let f = ButtonInScroll()
        f.driver.down(1, at: f.buttonCenter)
        f.driver.advance(by: 0.2)
        f.move(from: f.buttonCenter, dy: -150)
        #expect(f.scrollView.contentOffset == .zero)
        #expect(!f.events.names.contains("touchCancel"))
        #expect(f.events.names.first == "touchDown")
        #expect(f.events.names.contains("touchDragInside"))
        f.driver.up(1)
        #expect(f.events.names.last == "touchUpOutside") // 150 pt off: beyond the 44 pt margin
        #expect(f.scrollView.contentOffset == .zero)
    }

    @Test(
        "After the delay, with touchesShouldCancel overridden to true, a drag scrolls and cancels the button (touchCancel, no touchUpInside)"
    )
    func dragAfterPressCancelsButtonWhenAllowed() {
        let f = ButtonInScroll(CancellingScrollView())
        f.driver.down(1, at: f.buttonCenter)
        f.driver.advance(by: 0.2)
        #expect(f.button.isHighlighted)
        f.move(from: f.buttonCenter, dy: -150)
        f.driver.up(1)
        #expect(f.events.names == ["touchDown", "touchCancel"])
        #expect(!f.button.isHighlighted)
        #expect(f.scrollView.contentOffset.y > 100)
    }

    @Test("canCancelContentTouches false: once a plain content view has the touch, a drag does not scroll")
    func cannotCancelContentTouches() {
        let f = ButtonInScroll()
        f.scrollView.canCancelContentTouches = false
        let recorder = MessageRecorder()
        let tile = RecordingView("tile", frame: Rect(x: 0, y: 300, width: 300, height: 100), recorder: recorder)
        f.scrollView.addSubview(tile)
        let start = Point(x: 250, y: 40 + 350)
        f.driver.down(1, at: start)
        f.driver.advance(by: 0.2)
        f.move(from: start, dy: -150)
        f.driver.up(1)
        #expect(f.scrollView.contentOffset == .zero)
        #expect(recorder.messages.first == "tile touchesBegan 1")
        #expect(recorder.messages.last == "tile touchesEnded 1")
    }

    @Test("A plain content view that has the touch is cancelled by a drag (touchesShouldCancel is true for views)")
    func plainViewIsCancelledByDrag() {
        let f = ButtonInScroll()
        let recorder = MessageRecorder()
        let tile = RecordingView("tile", frame: Rect(x: 0, y: 300, width: 300, height: 100), recorder: recorder)
        f.scrollView.addSubview(tile)
        let start = Point(x: 250, y: 40 + 350)
        f.driver.down(1, at: start)
        f.driver.advance(by: 0.2)
        f.move(from: start, dy: -150)
        f.driver.up(1)
        #expect(f.scrollView.contentOffset.y > 100)
        #expect(recorder.messages == ["tile touchesBegan 1", "tile touchesCancelled 1"])
    }

    @Test(
        "delaysContentTouches false: the button gets touchDown at once, and a drag still scrolls only if it may cancel")
    func noDelay() {
        let f = ButtonInScroll()
        f.scrollView.delaysContentTouches = false
        f.driver.down(1, at: f.buttonCenter)
        #expect(f.events.names == ["touchDown"])
        f.move(from: f.buttonCenter, dy: -150)
        f.driver.up(1)
        #expect(f.scrollView.contentOffset == .zero) // a control keeps its touch by default
    }

    @Test("touchesShouldBegin false keeps the touches from the content for good")
    func touchesShouldBeginFalse() {
        let f = ButtonInScroll(RefusingScrollView())
        f.driver.down(1, at: f.buttonCenter)
        f.driver.advance(by: 0.3)
        f.driver.up(1)
        f.driver.tap(at: f.buttonCenter)
        #expect(f.events.names.isEmpty)
    }

    @Test("A touch that stops a decelerating scroll view stops it and does not reach the content under it")
    func touchStopsDeceleration() {
        let f = ButtonInScroll()
        let recorder = MessageRecorder()
        let page = RecordingView("page", frame: Rect(x: 0, y: 0, width: 300, height: 2000), recorder: recorder)
        f.scrollView.insertSubview(page, at: 0)
        let start = Point(x: 120, y: 400)
        f.driver.down(1, at: start)
        f.move(from: start, dy: -300, steps: 6) // a fling: the pan took the touch within the delay
        f.driver.up(1)
        f.driver.advance(by: 0.1)
        #expect(f.scrollView.isDecelerating)
        f.driver.down(2, at: start)
        let stopped = f.scrollView.contentOffset
        #expect(!f.scrollView.isDecelerating)
        f.driver.up(2, after: 0.05)
        f.driver.advance(by: 0.5)
        #expect(f.scrollView.contentOffset == stopped)
        #expect(recorder.messages.isEmpty) // neither the fling's touch nor the stopping tap
    }
}

@Suite("ScrollView: nested scroll views")
struct NestedScrollViewTests {
    /// A vertical scroll view (300x400) holding a horizontal one (300x100, content 1200 wide) at y = 100.
    struct Nested {
        let driver = TouchDriver()
        let outer = ScrollView(frame: Rect(x: 100, y: 40, width: 300, height: 400), name: "outer")
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 300, height: 100), name: "inner")

        init() {
            outer.contentSize = Size(width: 300, height: 2000)
            inner.contentSize = Size(width: 1200, height: 100)
            outer.addSubview(inner)
            driver.window.addSubview(outer)
        }

        func drag(dx: Double, dy: Double) {
            let start = Point(x: 250, y: 40 + 150) // on the inner scroll view
            driver.down(1, at: start)
            for step in 1...10 {
                let f = Double(step) / 10
                driver.move(1, to: Point(x: start.x + dx * f, y: start.y + dy * f))
            }
            driver.up(1)
        }
    }

    @Test("A horizontal scroll view inside a vertical one: a horizontal drag scrolls the inner one only")
    func horizontalDragScrollsInner() {
        let n = Nested()
        n.drag(dx: -150, dy: -10)
        #expect(n.inner.contentOffset.x > 100)
        #expect(n.outer.contentOffset.y == 0)
    }

    @Test("A horizontal scroll view inside a vertical one: a vertical drag scrolls the outer one only")
    func verticalDragScrollsOuter() {
        let n = Nested()
        n.drag(dx: 10, dy: -150)
        #expect(n.outer.contentOffset.y > 100)
        #expect(n.inner.contentOffset.x == 0)
    }
}
