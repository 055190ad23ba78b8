import PanelTesting
import Testing

@testable import PanelUI

// Issue 39: a navigation push moved two screens under a bar every frame, and
// each frame worked out the safe area of every view in the window again (9% of
// the frame). A safe area is worked out from model values only (the view's
// frame, its superview's bounds and safe area, its chrome and controller), so
// an animation's frames change none, and a view that moved reaches only its
// own and its subviews', further down only where one changed. These tests
// hold the safe areas to those a walk of the whole window finds.

@Suite("Safe areas after moves: worked out where a move reaches them, and equal to the whole window's worked out again")
struct SafeAreaMoveTests {
    /// A window with a bar's band at the top and the keyboard's at the bottom, and nested views, some scrolling.
    private func screen(random: inout SeededGenerator) -> (Application, Window, [View]) {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        application.addWindow(window)
        window.obscuredInsets = EdgeInsets(top: 60, left: 0, bottom: 120, right: 0)
        var views: [View] = [window]
        for i in 0..<50 {
            let parent = views[Int(random.next() % UInt64(views.count))]
            let view =
                i % 6 == 0
                ? ScrollView(frame: .zero, name: "scroll \(i)") : View(frame: .zero, name: "view \(i)")
            view.frame = Rect(
                x: random.double(-40...600), y: random.double(-40...400), width: random.double(1...400),
                height: random.double(1...300))
            parent.addSubview(view)
            views.append(view)
        }
        window.layoutIfNeeded(measuringTextWith: nil)
        return (application, window, views)
    }

    @Test(
        "After random moves, resizes and scrolls, each layout pass leaves every view's safe area as a walk of the whole window finds it"
    )
    func movedEqualsWholeWalk() {
        var random = SeededGenerator(seed: 39)
        let (application, window, views) = screen(random: &random)
        #expect(window.safeAreaInUse)
        for round in 0..<60 {
            for _ in 0..<(1 + Int(random.next() % 20)) { // past 16 moves a pass walks the whole window
                let view = views[1 + Int(random.next() % UInt64(views.count - 1))]
                switch random.next() % 4 {
                case 0: view.center.y += random.double(-80...80)
                case 1: view.center.x += random.double(-80...80)
                case 2: view.bounds.origin.y = random.double(0...200) // scrolls a scroll view's content
                default: view.bounds.size.height = random.double(1...300)
                }
            }
            window.layoutIfNeeded(measuringTextWith: nil)
            let found = views.map(\.safeAreaInsets)
            window.safeAreaNeedsUpdate = true
            window.updateSafeAreaInsets()
            let whole = views.map(\.safeAreaInsets)
            let first = zip(found, whole).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(first == nil, "round \(round): \(first.map { "\(views[$0.offset].name): \($0.element)" } ?? "")")
        }
        withExtendedLifetime(application) {}
    }

    @Test(
        "Moving a view works out its safe area and its subviews', not the window's; an animation's frames work out none"
    )
    func moveReachesItsSubtree() {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        application.addWindow(window)
        window.obscuredInsets = EdgeInsets(top: 60, left: 0, bottom: 0, right: 0)
        // Two panels inside the window, one under the bar's band.
        let screens = (0..<2).map {
            View(frame: Rect(x: 100, y: $0 == 0 ? 0 : 100, width: 400, height: 300), name: "screen \($0)")
        }
        for screen in screens {
            for row in 0..<20 {
                let cell = View(frame: Rect(x: 0, y: 70 + Double(row) * 10, width: 400, height: 10), name: "cell")
                for _ in 0..<3 { cell.addSubview(View(frame: Rect(x: 0, y: 0, width: 100, height: 20))) }
                screen.addSubview(cell)
            }
            window.addSubview(screen)
        }
        window.layoutIfNeeded(measuringTextWith: nil)
        #expect(screens[0].safeAreaInsets.top == 60 && screens[1].safeAreaInsets == .zero)
        func work(_ change: () -> Void) -> UInt64 {
            let before = window.safeAreaWork
            change()
            window.layoutIfNeeded(measuringTextWith: nil)
            return window.safeAreaWork &- before
        }
        // The screen and its 20 cells; no cell's safe area changed, so none of their subviews'.
        #expect(work { screens[1].center.x += 100 } == 21)
        #expect(screens[1].safeAreaInsets == .zero)
        // Into the bar's band, 90 points of it: the panel's safe area changed, and its first
        // two cells' (at 70 and 80), so their subviews' are worked out too.
        #expect(work { screens[1].center.y -= 130 } == 1 + 20 + 2 * 3)
        #expect(screens[1].safeAreaInsets.top == 90)
        // A push's slide: the model is set once, the frames animate the presentation.
        let clock = application.runLoop.clock as! ManualClock
        _ = work {
            View.animate(withDuration: 0.3) { screens[1].center.x = 1200 }
        }
        var during: UInt64 = 0
        for _ in 0..<10 {
            clock.now += 1.0 / 60
            application.displayLink.fire(at: clock.now)
            during &+= work {}
        }
        #expect(during == 0)
    }
}
