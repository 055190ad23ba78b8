import PanelTesting
import PanelUI
import Testing

/// The interactive pop, driven by real touch frames through the pipeline: a
/// finger lands within 20 pt of the left edge and moves right.
extension Navigation {
    @Suite("NavigationController: the edge swipe pops interactively")
    struct NavigationInteractivePopTests {
        /// A, then B pushed; the log cleared.
        func twoScreens() -> (TouchDriver, NavigationController, Screen, Screen, LifecycleLog) {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let b = Screen("B", log: log)
            navigation.pushViewController(b, animated: false)
            _ = log.take()
            return (driver, navigation, a, b, log)
        }

        /// Drags finger 1 from the left edge to each x in `xs`, `interval` seconds apart.
        func drag(_ driver: TouchDriver, through xs: [Double], interval: Double) {
            driver.down(1, at: Point(x: 2, y: 140))
            for x in xs { driver.move(1, to: Point(x: x, y: 140), after: interval) }
        }

        @Test("the views follow the finger: progress is the translation over the width; will-calls go out as it begins")
        func viewsFollowTheFinger() {
            let (driver, navigation, a, b, log) = twoScreens()
            // The pan begins past its 10 pt hysteresis, at x = 22: the translation counts from there.
            drag(driver, through: [12, 22, 62, 102], interval: 0.05)
            #expect(navigation.isTransitioning)
            #expect(log.take() == ["B viewWillDisappear", "A viewWillAppear"])
            let progress = 80.0 / 320
            #expect(abs(b.view.center.x - (contentMidX + 320 * progress)) < 1e-9)
            #expect(abs(a.view.center.x - (contentMidX - 320.0 / 3 * (1 - progress))) < 1e-9)
            #expect(navigation.viewControllers.count == 2, "nothing popped while the finger decides")
            driver.up(1, after: 0.2)
            driver.wait(0.5)
        }

        @Test("released slowly before halfway, it springs back from where the finger left, and the stack is unchanged")
        func cancelledSwipeLeavesTheStack() {
            let (driver, navigation, a, b, log) = twoScreens()
            drag(driver, through: [12, 22, 62, 102], interval: 0.05)
            _ = log.take()
            let fingerX = b.view.center.x
            driver.up(1, after: 0.2) // still for longer than the velocity window: a slow release
            #expect(abs(b.view.presentation.center.x - fingerX) < 1e-9, "no jump at release")
            driver.wait(0.05)
            let x = b.view.presentation.center.x
            #expect(x < fingerX && x > contentMidX, "springing back")
            driver.wait(0.5)
            #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b)
            // UIKit: the one below disappears again, the top appears again.
            #expect(log.take() == ["A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear"])
            #expect(a.view.superview == nil)
            #expect(onScreen(b.view) == Rect(x: 0, y: 44, width: 320, height: 196))
            #expect(b.parent === navigation && !navigation.isTransitioning)
            #expect(navigation.interactivePopGestureRecognizer.isEnabled)
        }

        @Test("released slowly past halfway, it pops: B did-disappear, A did-appear, B leaves and is freed")
        func slowSwipePastHalfwayPops() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            var b: Screen? = Screen("B", log: log)
            let reference = ZeroingReference(b)
            navigation.pushViewController(b!, animated: false)
            b = nil
            _ = log.take()
            drag(driver, through: [12, 22, 62, 102, 142, 182, 222], interval: 0.05) // 200 of 320: 0.625
            driver.up(1, after: 0.2)
            #expect(navigation.topViewController === a, "the stack changes once the pop is decided")
            driver.wait(0.5)
            #expect(
                log.take() == [
                    "B viewWillDisappear", "A viewWillAppear", "B willMove(nil)",
                    "B viewDidDisappear", "A viewDidAppear", "B didMove(nil)"
                ])
            #expect(reference.object == nil)
            #expect(onScreen(a.view) == Rect(x: 0, y: 44, width: 320, height: 196))
            #expect(!navigation.interactivePopGestureRecognizer.isEnabled, "one controller left")
        }

        @Test("a fast flick to the right completes the pop though it travelled less than halfway")
        func fastFlickCompletes() {
            let (driver, navigation, a, b, log) = twoScreens()
            drag(driver, through: [12, 32, 62, 92], interval: 0.01) // 60 pt of 320 at about 2000 pt/s
            #expect(b.view.center.x - contentMidX < 160, "less than halfway")
            driver.up(1)
            driver.wait(0.5)
            #expect(navigation.viewControllers.count == 1 && navigation.topViewController === a)
            #expect(
                log.take() == [
                    "B viewWillDisappear", "A viewWillAppear", "B willMove(nil)",
                    "B viewDidDisappear", "A viewDidAppear", "B didMove(nil)"
                ])
            #expect(b.parent == nil)
        }

        @Test("the views following the finger allocate nothing per touch frame")
        func swipeAllocatesNothingPerFrame() {
            let (driver, navigation, _, _, _) = twoScreens()
            driver.application.gestureObserver = nil
            drag(driver, through: [12, 22, 42], interval: 0.02)
            var x = 42.0
            let allocations = AllocationCounter.count(warmUpRuns: 2) {
                x += 4
                driver.move(1, to: Point(x: x, y: 140), after: 0.02)
            }
            #expect(allocations == 0)
            #expect(navigation.isTransitioning)
            driver.up(1, after: 0.2)
            driver.wait(0.5)
        }

        @Test("with one controller the edge swipe does nothing")
        func nothingToPop() {
            let log = LifecycleLog()
            let (driver, navigation, _) = navigationScene(log)
            drag(driver, through: [12, 22, 62, 222], interval: 0.05)
            #expect(!navigation.isTransitioning)
            driver.up(1)
            #expect(log.take().isEmpty)
        }

        @Test("a swipe that does not start at the edge does not pop")
        func notFromTheEdge() {
            let (driver, navigation, _, _, _) = twoScreens()
            driver.down(1, at: Point(x: 60, y: 140))
            driver.move(1, to: Point(x: 160, y: 140))
            driver.move(1, to: Point(x: 260, y: 140))
            #expect(!navigation.isTransitioning)
            driver.up(1)
        }

        @Test("a push while the finger drags cancels the swipe at once, then pushes")
        func pushDuringTheSwipe() {
            let (driver, navigation, a, b, log) = twoScreens()
            drag(driver, through: [12, 22, 62, 102], interval: 0.05)
            _ = log.take()
            let c = Screen("C", log: log)
            navigation.pushViewController(c, animated: true)
            #expect(
                log.take() == [
                    "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear",
                    "C willMove(parent)", "C viewDidLoad", "B viewWillDisappear", "C viewWillAppear"
                ])
            driver.move(1, to: Point(x: 200, y: 140))
            driver.up(1)
            driver.wait(0.5)
            #expect(navigation.viewControllers.count == 3 && navigation.topViewController === c)
            #expect(a.view.superview == nil && b.view.superview == nil)
        }
    }
}
