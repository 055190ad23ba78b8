import PanelTesting
import PanelUI
import Testing

// The focus system (docs/focus.md): order, the navigating and adjusting
// modes, activation, focus leaving views, the ring, and encoder events
// through the input queue.

/// A screen with three buttons, a slider and a switch, in that order.
final class FocusScreen {
    let driver = TouchDriver(screen: Size(width: 400, height: 300))
    let first = Button(frame: Rect(x: 20, y: 20, width: 120, height: 44), name: "first", title: "First")
    let second = Button(frame: Rect(x: 160, y: 20, width: 120, height: 44), name: "second", title: "Second")
    let panel = View(frame: Rect(x: 0, y: 80, width: 400, height: 200), name: "panel")
    let third = Button(frame: Rect(x: 20, y: 0, width: 120, height: 44), name: "third", title: "Third")
    let slider = Slider(frame: Rect(x: 20, y: 60, width: 240, height: 44), name: "slider", value: 0.5)
    let toggle = Switch(frame: Rect(x: 20, y: 120, width: 64, height: 44), name: "toggle")
    let label = Label(frame: Rect(x: 300, y: 0, width: 80, height: 20), name: "label")

    init() {
        driver.window.addSubview(first)
        driver.window.addSubview(second)
        driver.window.addSubview(panel)
        panel.addSubview(third)
        panel.addSubview(label) // not focusable: skipped
        panel.addSubview(slider)
        panel.addSubview(toggle)
    }

    var focus: FocusSystem { driver.application.focusSystem }
    var focusedName: String? { focus.focusedView?.name }

    /// The names focus visits turning `detents` one at a time.
    func visits(_ detents: Int, step: Int = 1) -> [String] {
        var names: [String] = []
        for _ in 0..<detents {
            driver.turnEncoder(by: step)
            names.append(focusedName ?? "-")
        }
        return names
    }
}

@Suite("Focus: order, modes, activation")
struct FocusTests {
    @Test(
        "Focus follows the hierarchy: depth first, back to front, wrapping at the end; the first turn only shows the ring"
    )
    func hierarchyOrder() {
        let screen = FocusScreen()
        #expect(screen.focus.focusedView == nil)
        #expect(!screen.focus.isFocusRingVisible)
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focusedName == "first")
        #expect(screen.focus.isFocusRingVisible)
        #expect(screen.visits(5) == ["second", "third", "slider", "toggle", "first"])
    }

    @Test("Counter-clockwise goes backwards and wraps at the start; several detents in one event move that many views")
    func backwardsAndSeveral() {
        let screen = FocusScreen()
        screen.driver.turnEncoder(by: -1)
        #expect(screen.focusedName == "toggle", "the first counter-clockwise turn shows the ring on the last view")
        #expect(screen.visits(2, step: -1) == ["slider", "third"])
        screen.driver.turnEncoder(by: 3)
        #expect(screen.focusedName == "first", "third + 3 wraps past toggle to first")
    }

    @Test("Hidden views, views in a hidden superview, disabled controls and views without interaction are skipped")
    func skipsIneligible() {
        let screen = FocusScreen()
        screen.second.isHidden = true
        screen.slider.isEnabled = false
        screen.driver.turnEncoder(by: 1)
        #expect(screen.visits(3) == ["third", "toggle", "first"])
        screen.panel.isHidden = true
        #expect(screen.visits(2) == ["first", "first"], "alone in the order, focus stays")
        screen.panel.isHidden = false
        screen.panel.isUserInteractionEnabled = false
        #expect(screen.visits(1) == ["first"])
    }

    @Test("A view scrolled or clipped out of sight is skipped")
    func skipsClippedOut() {
        let screen = FocusScreen()
        screen.panel.clipsToBounds = true
        screen.toggle.center = Point(x: 60, y: 400) // below the panel's bounds
        screen.driver.turnEncoder(by: -1)
        #expect(screen.focusedName == "slider")
    }

    @Test("Window.focusOrder sets the order; views that cannot be focused in it are skipped")
    func customOrder() {
        let screen = FocusScreen()
        screen.driver.window.focusOrder = [screen.toggle, screen.first, screen.label, screen.slider]
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focusedName == "toggle")
        #expect(screen.visits(3) == ["first", "slider", "toggle"])
        #expect(screen.visits(1, step: -1) == ["slider"])
    }

    @Test(
        "A push on a slider enters adjusting: turns step it by a twentieth of its range; another push goes back to navigating"
    )
    func adjustSlider() {
        let screen = FocusScreen()
        var changes = 0
        screen.slider.addAction(for: .valueChanged) { _ in changes += 1 }
        screen.focus.setFocusedView(screen.slider)
        screen.driver.pushEncoder()
        #expect(screen.focus.isAdjusting)
        screen.driver.turnEncoder(by: 1)
        screen.driver.turnEncoder(by: 1)
        #expect(abs(screen.slider.value - 0.6) < 1e-9)
        screen.driver.turnEncoder(by: -3)
        #expect(abs(screen.slider.value - 0.45) < 1e-9)
        #expect(changes == 5, "one valueChanged per detent")
        #expect(screen.focusedName == "slider", "turns adjust, focus stays")
        screen.driver.pushEncoder()
        #expect(!screen.focus.isAdjusting)
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focusedName == "toggle")
        #expect(abs(screen.slider.value - 0.45) < 1e-9)
    }

    @Test("The slider's adjustment step can be set, and the value stops at the ends without sending")
    func sliderStepAndEnds() {
        let screen = FocusScreen()
        screen.slider.minimumValue = 10
        screen.slider.maximumValue = 30
        screen.slider.value = 29
        #expect(screen.slider.effectiveAdjustmentStep == 1)
        screen.slider.adjustmentStep = 0.5
        var changes = 0
        screen.slider.addAction(for: .valueChanged) { _ in changes += 1 }
        screen.focus.setFocusedView(screen.slider)
        screen.driver.pushEncoder()
        screen.driver.turnEncoder(by: 5)
        #expect(screen.slider.value == 30)
        #expect(changes == 2)
    }

    @Test("A push on a button sends touchUpInside then primaryActionTriggered; on a switch it flips with valueChanged")
    func activate() {
        let screen = FocusScreen()
        var events: [String] = []
        screen.second.addAction(for: .touchUpInside) { _ in events.append("touchUpInside") }
        screen.second.addAction(for: .primaryActionTriggered) { _ in events.append("primaryActionTriggered") }
        screen.toggle.addAction(for: .valueChanged) { control in
            events.append("valueChanged \((control as! Switch).isOn)")
        }
        screen.focus.setFocusedView(screen.second)
        screen.driver.encoder(.push(.began))
        #expect(events.isEmpty, "the release acts, not the press")
        screen.driver.encoder(.push(.ended))
        #expect(events == ["touchUpInside", "primaryActionTriggered"])
        #expect(!screen.focus.isAdjusting)
        screen.focus.setFocusedView(screen.toggle)
        screen.driver.pushEncoder()
        #expect(screen.toggle.isOn)
        #expect(events.last == "valueChanged true")
    }

    @Test("A push whose device vanished (cancelled) does nothing")
    func cancelledPush() {
        let screen = FocusScreen()
        var taps = 0
        screen.first.addAction(for: .primaryActionTriggered) { _ in taps += 1 }
        screen.focus.setFocusedView(screen.first)
        screen.driver.encoder(.push(.began))
        screen.driver.encoder(.push(.cancelled))
        #expect(taps == 0)
    }

    @Test("Focus leaves a view that is removed, hidden or disabled, and the view is freed")
    func focusLeaves() {
        let screen = FocusScreen()
        screen.focus.setFocusedView(screen.slider)
        screen.driver.pushEncoder()
        #expect(screen.focus.isAdjusting)
        screen.slider.isEnabled = false
        #expect(screen.focus.focusedView == nil)
        #expect(!screen.focus.isAdjusting)

        screen.focus.setFocusedView(screen.third)
        screen.panel.isHidden = true // an ancestor
        #expect(screen.focus.focusedView == nil)
        screen.panel.isHidden = false

        var freed = false
        do {
            let doomed = Tracked(frame: Rect(x: 300, y: 20, width: 80, height: 44)) { freed = true }
            screen.driver.window.addSubview(doomed)
            screen.focus.setFocusedView(doomed)
            #expect(screen.focus.focusedView === doomed)
            screen.panel.addSubview(doomed) // a move within the window keeps focus
            #expect(screen.focus.focusedView === doomed)
            doomed.removeFromSuperview()
            #expect(screen.focus.focusedView == nil)
        }
        #expect(freed, "focus holds no view that left")
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focusedName == "first", "the next turn starts from the ends")
    }

    @Test("A removed window takes its focus with it")
    func windowRemoved() {
        let screen = FocusScreen()
        let front = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let ok = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44), name: "ok", title: "OK")
        front.addSubview(ok)
        screen.driver.application.addWindow(front)
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focusedName == "ok", "focus works in the front window")
        screen.driver.application.removeWindow(front)
        #expect(screen.focus.focusedView == nil)
    }

    @Test("A finger on the screen hides the ring and ends adjusting; the next turn shows it again without moving")
    func touchHidesRing() {
        let screen = FocusScreen()
        screen.focus.setFocusedView(screen.slider)
        screen.driver.pushEncoder()
        screen.driver.tap(at: Point(x: 390, y: 290))
        #expect(!screen.focus.isFocusRingVisible)
        #expect(!screen.focus.isAdjusting)
        #expect(screen.focusedName == "slider")
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focus.isFocusRingVisible)
        #expect(screen.focusedName == "slider")
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focusedName == "toggle")
    }

    @Test("A focused scroll view in adjusting scrolls a step per detent, held to its content")
    func scrollView() {
        let driver = TouchDriver(screen: Size(width: 400, height: 300))
        let list = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "list")
        list.contentSize = Size(width: 400, height: 400)
        driver.window.addSubview(list)
        let short = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "short")
        short.contentSize = Size(width: 100, height: 50)
        list.addSubview(short) // nothing to scroll: not focusable
        driver.turnEncoder(by: 1)
        #expect(driver.application.focusSystem.focusedView === list)
        driver.pushEncoder()
        driver.turnEncoder(by: 1)
        #expect(list.contentOffset.y == 48)
        driver.turnEncoder(by: 3)
        #expect(list.contentOffset.y == 100)
        driver.turnEncoder(by: -1)
        #expect(list.contentOffset.y == 52)
    }

    /// A key pressed and released in `app`, then one turn.
    func press(_ code: UInt16, shift: Bool = false, in app: Application) {
        let key = Key(keyCode: code, modifierFlags: shift ? .shift : [])
        app.enqueue(Press(key: key, phase: .began))
        app.enqueue(Press(key: key, phase: .ended))
        app.runTurn()
    }

    @Test("Keys no responder takes: Tab and Shift-Tab move focus, Return pushes, arrows adjust")
    func keys() {
        let screen = FocusScreen()
        let app = screen.driver.application
        func key(_ code: UInt16, shift: Bool = false) { press(code, shift: shift, in: app) }
        key(FocusKeys.tab)
        #expect(screen.focusedName == "first")
        key(FocusKeys.tab)
        key(FocusKeys.tab, shift: true)
        key(FocusKeys.tab, shift: true)
        #expect(screen.focusedName == "toggle")
        key(FocusKeys.tab, shift: true)
        key(FocusKeys.enter)
        #expect(screen.focus.isAdjusting)
        key(FocusKeys.right)
        #expect(abs(screen.slider.value - 0.55) < 1e-9)
        key(FocusKeys.space)
        #expect(!screen.focus.isAdjusting)
    }

    @Test("Right to left, the arrows step a slider the way its thumb moves: left steps up, right steps down")
    func arrowsFollowTheLayoutDirection() {
        let screen = FocusScreen()
        let app = screen.driver.application
        func key(_ code: UInt16, shift: Bool = false) { press(code, shift: shift, in: app) }
        screen.slider.semanticContentAttribute = .forceRightToLeft
        key(FocusKeys.tab) // shows the ring on the first view
        key(FocusKeys.tab, shift: true)
        key(FocusKeys.tab, shift: true)
        #expect(screen.focus.focusedView === screen.slider)
        key(FocusKeys.enter)
        #expect(screen.focus.isAdjusting)
        let start = screen.slider.value
        key(FocusKeys.left)
        #expect(abs(screen.slider.value - (start + 0.05)) < 1e-9)
        key(FocusKeys.right)
        key(FocusKeys.right)
        #expect(abs(screen.slider.value - (start - 0.05)) < 1e-9)
        key(FocusKeys.up)
        #expect(abs(screen.slider.value - start) < 1e-9, "up and down do not turn round")
    }

    @Test("Encoder events keep their place among touch frames in the input queue (R14)")
    func queueOrder() {
        let screen = FocusScreen()
        let app = screen.driver.application
        var frame = TouchFrame()
        frame.append(TouchContact(id: 1, x: 390, y: 290))
        // A turn, then a finger landing: the finger hides the ring the turn showed.
        app.enqueue(.turn(1))
        app.enqueue(frame)
        app.enqueue(TouchFrame())
        app.runTurn()
        #expect(screen.focusedName == "first")
        #expect(!screen.focus.isFocusRingVisible)
        // A finger, then a turn: the turn comes last and shows the ring.
        app.enqueue(frame)
        app.enqueue(TouchFrame())
        app.enqueue(.turn(1))
        app.runTurn()
        #expect(screen.focus.isFocusRingVisible)
        #expect(screen.focusedName == "first", "the first turn after a touch shows the ring and moves nothing")
    }

    @Test("A turn that finds the screen blank wakes it and is dropped, as the wake touch is")
    func wakesTheScreen() {
        let screen = FocusScreen()
        let app = screen.driver.application
        app.screen.idlePolicy = IdlePolicy(blankAfter: 5)
        screen.driver.advance(by: 6)
        #expect(app.screen.idleState == .blank)
        screen.driver.turnEncoder(by: 1)
        #expect(app.screen.idleState == .awake)
        #expect(screen.focus.focusedView == nil, "the waking turn reached nothing")
        screen.driver.turnEncoder(by: 1)
        #expect(screen.focusedName == "first")
        screen.driver.advance(by: 4)
        screen.driver.turnEncoder(by: 1)
        screen.driver.advance(by: 4)
        #expect(app.screen.idleState == .awake, "turns keep the screen awake")
    }

    @Test("0 allocations per encoder step and per push after warm-up")
    func noAllocations() {
        let screen = FocusScreen()
        screen.slider.addAction(for: .valueChanged) { _ in }
        // Warm up: every path once.
        screen.driver.turnEncoder(by: 1)
        _ = screen.visits(6)
        screen.focus.setFocusedView(screen.slider)
        screen.driver.pushEncoder()
        screen.driver.turnEncoder(by: 1)
        screen.driver.turnEncoder(by: -1)
        screen.driver.pushEncoder()
        screen.focus.setFocusedView(screen.first)
        screen.driver.pushEncoder()

        var counts: [UInt64] = []
        counts.reserveCapacity(64)
        for _ in 0..<6 { counts.append(AllocationCounter.count { screen.driver.turnEncoder(by: 1) }) }
        screen.focus.setFocusedView(screen.slider)
        counts.append(AllocationCounter.count { screen.driver.pushEncoder() }) // into adjusting
        for _ in 0..<4 { counts.append(AllocationCounter.count { screen.driver.turnEncoder(by: 1) }) }
        counts.append(AllocationCounter.count { screen.driver.pushEncoder() }) // back to navigating
        screen.focus.setFocusedView(screen.first)
        counts.append(AllocationCounter.count { screen.driver.pushEncoder() }) // a button's activation
        #expect(counts.allSatisfy { $0 == 0 }, "per encoder event: \(counts)")
    }

    @Test("The counting test can fail: an action that allocates is counted")
    func countingCanFail() {
        let screen = FocusScreen()
        var kept: [[Int]] = []
        screen.first.addAction(for: .primaryActionTriggered) { _ in kept.append([1, 2, 3]) }
        screen.focus.setFocusedView(screen.first)
        screen.driver.pushEncoder()
        let count = AllocationCounter.count { screen.driver.pushEncoder() }
        #expect(count > 0)
        #expect(kept.count == 2)
    }
}

/// A focusable view that says when it is freed.
final class Tracked: View {
    let onFree: () -> Void
    init(frame: Rect, onFree: @escaping () -> Void) {
        self.onFree = onFree
        super.init(frame: frame, name: "tracked")
    }
    deinit { onFree() }
    override var canBecomeFocused: Bool { true }
}
