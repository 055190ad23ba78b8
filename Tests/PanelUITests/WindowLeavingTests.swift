import PanelTesting
import PanelUI
import Testing

// Issue 34 row 14: a window that leaves the application takes its touches out
// of delivery for good, so the runtime cancels them there and then, as UIKit
// does for a window removed from the screen: the views get `touchesCancelled`
// (a control its touchCancel and ends tracking), recognizers cancel or fail
// (G3), and the finger is ignored until it lifts. R6 still holds inside the
// application: a view removed from its window keeps its touch.

/// Records a button's touch events, in order.
private final class EventLog {
    var lines: [String] = []

    func watch(_ button: Button) {
        button.addAction(for: .touchDown) { [unowned(unsafe) self] _ in self.lines.append("touchDown") }
        button.addAction(for: .touchDragInside) { [unowned(unsafe) self] _ in self.lines.append("touchDragInside") }
        button.addAction(for: .touchUpInside) { [unowned(unsafe) self] _ in self.lines.append("touchUpInside") }
        button.addAction(for: .touchCancel) { [unowned(unsafe) self] _ in self.lines.append("touchCancel") }
    }
}

/// A button at the window's top left, its touch events logged.
private func loggedButton(in window: Window) -> (Button, EventLog) {
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "button")
    window.addSubview(button)
    let log = EventLog()
    log.watch(button)
    return (button, log)
}

/// Records the touch messages a view hears.
private final class ListeningView: View {
    var lines: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event) { lines.append("began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { lines.append("moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { lines.append("ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        lines.append("cancelled \(touches.first?.phase == .cancelled ? "phase cancelled" : "phase live")")
    }
}

@Suite("A window leaving its application cancels its touches")
struct WindowLeavingTests {
    @Test(
        "Issue 34 row 14: a button whose touchDown removes its window hears touchCancel, stops tracking, and takes the next touch-down (UIKit cancels a removed window's touches)"
    )
    func removingTheWindowInTouchDownCancelsTheTouch() {
        let driver = TouchDriver()
        let (button, log) = loggedButton(in: driver.window)
        var removeOnTouchDown = true
        button.addAction(for: .touchDown) { [unowned(unsafe) driver] _ in
            if removeOnTouchDown { driver.application.removeWindow(driver.window) }
        }

        driver.down(1, at: Point(x: 50, y: 50))
        #expect(log.lines == ["touchDown", "touchCancel"])
        #expect(!button.isTracking)
        #expect(!button.isHighlighted)

        // Back in the application while the finger is still down: that finger stays cancelled until it lifts.
        removeOnTouchDown = false
        driver.application.addWindow(driver.window)
        driver.move(1, to: Point(x: 55, y: 55))
        driver.up(1)
        #expect(log.lines == ["touchDown", "touchCancel"])
        #expect(driver.application.touchDispatcher.liveTouches.isEmpty)

        // The next touch-down works.
        driver.tap(at: Point(x: 50, y: 50))
        #expect(log.lines == ["touchDown", "touchCancel", "touchDown", "touchUpInside"])
    }

    @Test(
        "Issue 34 row 14: a view whose window is removed mid-touch hears touchesCancelled, with the touch's phase cancelled, then nothing more (R3)"
    )
    func viewHearsCancelled() {
        let driver = TouchDriver()
        let view = ListeningView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "view")
        driver.window.addSubview(view)
        driver.down(1, at: Point(x: 50, y: 50))
        driver.application.removeWindow(driver.window)
        #expect(view.lines == ["began", "cancelled phase cancelled"])
        driver.move(1, to: Point(x: 60, y: 60))
        driver.up(1)
        #expect(view.lines == ["began", "cancelled phase cancelled"])
    }

    @Test(
        "Issue 34 row 14: a pan in progress when its window leaves is cancelled (G3), resets, and recognizes the next drag"
    )
    func recognizerIsCancelled() {
        let driver = TouchDriver()
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "view")
        driver.window.addSubview(view)
        let pan = PanGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        view.addGestureRecognizer(pan)

        driver.down(1, at: Point(x: 50, y: 50))
        driver.move(1, to: Point(x: 100, y: 50))
        #expect(pan.state == .began || pan.state == .changed)
        driver.application.removeWindow(driver.window)
        #expect(states.last == .cancelled)
        driver.up(1)
        driver.application.addWindow(driver.window)
        driver.advance(by: 0.1)
        #expect(pan.state == .possible)

        states.removeAll()
        driver.down(1, at: Point(x: 50, y: 50))
        driver.move(1, to: Point(x: 100, y: 50))
        driver.up(1)
        #expect(states.first == .began)
        #expect(states.last == .ended)
    }

    @Test(
        "Issue 34 row 14: removing the back window from inside its touchDown, with another window in front, delivers no further and does not trap"
    )
    func removingABackWindowDuringDelivery() {
        let driver = TouchDriver()
        let front = Window(frame: Rect(x: 400, y: 0, width: 400, height: 480))
        driver.application.addWindow(front)
        let (button, log) = loggedButton(in: driver.window)
        button.addAction(for: .touchDown) { [unowned(unsafe) driver] _ in driver.application.removeWindow(driver.window)
        }
        driver.down(1, at: Point(x: 50, y: 50))
        driver.up(1)
        #expect(log.lines == ["touchDown", "touchCancel"])
        #expect(driver.application.windows.count == 1)
    }

    @Test("Issue 34 row 14: a window moved to another application cancels its touches in the first")
    func windowMovedToAnotherApplication() {
        let driver = TouchDriver()
        let (_, log) = loggedButton(in: driver.window)
        driver.down(1, at: Point(x: 50, y: 50))
        let other = TouchDriver(
            driving: Application(runLoop: RunLoop(manualClock: ManualClock())), window: driver.window)
        other.application.addWindow(driver.window)
        #expect(driver.application.windows.isEmpty)
        #expect(log.lines == ["touchDown", "touchCancel"])
        driver.up(1)
        other.tap(at: Point(x: 50, y: 50))
        #expect(log.lines == ["touchDown", "touchCancel", "touchDown", "touchUpInside"])
    }

    @Test(
        "Issue 34 row 14: an application freed while a button tracks a touch cancels it; the button works in the next application"
    )
    func applicationFreedWhileTracking() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let (button, log) = loggedButton(in: window)
        do {
            let driver = TouchDriver(window: window)
            driver.down(1, at: Point(x: 50, y: 50))
            #expect(button.isTracking)
        }
        #expect(log.lines == ["touchDown", "touchCancel"])
        #expect(!button.isTracking)
        #expect(!button.isHighlighted)

        let next = TouchDriver(window: window)
        next.tap(at: Point(x: 50, y: 50))
        #expect(log.lines == ["touchDown", "touchCancel", "touchDown", "touchUpInside"])
    }

    @Test(
        "R6 still holds: a button removed from its window during touchDown, the window staying, keeps its touch to the end"
    )
    func removedViewKeepsItsTouch() {
        let driver = TouchDriver()
        let (button, log) = loggedButton(in: driver.window)
        button.addAction(for: .touchDown) { $0.removeFromSuperview() }
        driver.down(1, at: Point(x: 50, y: 50))
        driver.up(1)
        #expect(log.lines == ["touchDown", "touchUpInside"])
    }
}
