import PanelImage
import PanelTesting
import PanelUI
import Testing

/// The navigation suites, one at a time: `View.animate` records into one
/// process-wide open block (`View.openCapture`), so two tests animating on
/// two threads at once can record into each other's block. Serialized, they
/// at least do not race each other.
@Suite("Navigation", .serialized) enum Navigation {}

/// The lifecycle calls every `Screen` makes, in order, as "B viewWillAppear".
final class LifecycleLog {
    var lines: [String] = []
    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

/// A screen that logs its lifecycle and fills its view with one colour.
final class Screen: ViewController {
    let name: String
    let log: LifecycleLog
    let color: Color

    init(_ name: String, log: LifecycleLog, color: Color = Color(rgb: 0x2A6F97)) {
        self.name = name
        self.log = log
        self.color = color
        super.init()
        title = name
    }

    override func loadView() {
        let root = View(name: name)
        root.backgroundColor = color
        view = root
    }

    override func viewDidLoad() { log.lines.append("\(name) viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name) viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name) viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name) viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name) viewDidDisappear") }
    override func willMove(toParent parent: ViewController?) {
        log.lines.append("\(name) willMove(\(parent == nil ? "nil" : "parent"))")
    }
    override func didMove(toParent parent: ViewController?) {
        log.lines.append("\(name) didMove(\(parent == nil ? "nil" : "parent"))")
    }
}

/// A 320 × 240 screen showing a navigation controller on root A; the log cleared.
func navigationScene(_ log: LifecycleLog) -> (TouchDriver, NavigationController, Screen) {
    let driver = TouchDriver(screen: Size(width: 320, height: 240))
    let a = Screen("A", log: log)
    let navigation = NavigationController(rootViewController: a)
    driver.window.rootViewController = navigation
    _ = log.take()
    return (driver, navigation, a)
}

/// A view's frame in window coordinates.
func onScreen(_ view: View) -> Rect { view.convert(view.bounds, to: nil) }

/// Where a content view's centre is at rest: the middle of the area under the bar.
let contentMidX = 160.0

extension Navigation {
    @Suite("NavigationController: push, pop and UIKit's lifecycle order")
    struct NavigationTests {
        @Test("setting a window's root: children join, the root loads, then will/did appear")
        func rootAppears() {
            let log = LifecycleLog()
            let driver = TouchDriver(screen: Size(width: 320, height: 240))
            let a = Screen("A", log: log)
            let navigation = NavigationController(rootViewController: a)
            #expect(log.take() == ["A willMove(parent)", "A didMove(parent)"])
            driver.window.rootViewController = navigation
            #expect(log.take() == ["A viewDidLoad", "A viewWillAppear", "A viewDidAppear"])
            #expect(a.navigationController === navigation && a.parent === navigation)
            #expect(onScreen(a.view) == Rect(x: 0, y: 44, width: 320, height: 196), "below the 44 pt bar")
            #expect(navigation.navigationBar.titleLabel.text == "A")
            #expect(navigation.navigationBar.backButton.isHidden, "nothing to go back to")
            #expect(!navigation.interactivePopGestureRecognizer.isEnabled)
        }

        @Test("a navigation controller's view lays out the bar and the content again when its size changes")
        func relayoutOnResize() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            navigation.view.frame = Rect(x: 0, y: 0, width: 240, height: 320)
            driver.window.layoutIfNeeded()
            #expect(onScreen(a.view) == Rect(x: 0, y: 44, width: 240, height: 276))
            #expect(navigation.navigationBar.frame.width == 240)
            #expect(navigation.navigationBar.titleLabel.frame.midX == 120, "the title stays centred")
        }

        @Test(
            "push: the stack changes at once; A will-disappear, B will-appear, then after the slide A did-disappear, B did-appear"
        )
        func pushOrder() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let b = Screen("B", log: log)
            navigation.pushViewController(b, animated: true)
            #expect(navigation.topViewController === b && navigation.viewControllers.count == 2)
            #expect(log.take() == ["B willMove(parent)", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear"])
            #expect(navigation.isTransitioning)
            #expect(b.view.presentation.center.x == contentMidX + 320, "B starts off the right edge")
            driver.wait(0.1)
            let bx = b.view.presentation.center.x
            let ax = a.view.presentation.center.x
            #expect(bx > contentMidX && bx < contentMidX + 320, "B slides in")
            #expect(ax < contentMidX && ax > contentMidX - 320 / 3 - 1e-9, "A moves left by at most a third")
            driver.wait(0.3)
            #expect(log.take() == ["A viewDidDisappear", "B viewDidAppear", "B didMove(parent)"])
            #expect(!navigation.isTransitioning)
            #expect(a.view.superview == nil, "the covered view leaves the hierarchy")
            #expect(onScreen(b.view) == Rect(x: 0, y: 44, width: 320, height: 196))
            #expect(navigation.navigationBar.titleLabel.text == "B")
            #expect(navigation.navigationBar.backButton.currentTitle == "‹ A")
            #expect(navigation.interactivePopGestureRecognizer.isEnabled, "more than one controller")
        }

        @Test(
            "pop: B will-disappear, A will-appear, then B did-disappear, A did-appear, B leaves its parent and is freed"
        )
        func popOrderAndRelease() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            var b: Screen? = Screen("B", log: log)
            let reference = ZeroingReference(b)
            navigation.pushViewController(b!, animated: false)
            b = nil
            _ = log.take()
            let popped = navigation.popViewController(animated: true)
            #expect(popped === reference.object)
            #expect(navigation.viewControllers.count == 1 && navigation.topViewController === a)
            #expect(log.take() == ["B willMove(nil)", "B viewWillDisappear", "A viewWillAppear"])
            driver.wait(0.4)
            #expect(log.take() == ["B viewDidDisappear", "A viewDidAppear", "B didMove(nil)"])
            withExtendedLifetime(popped) {}
            #expect(navigation.popViewController(animated: true) == nil, "the root stays")
            #expect(onScreen(a.view) == Rect(x: 0, y: 44, width: 320, height: 196))
            #expect(!navigation.interactivePopGestureRecognizer.isEnabled)
            #expect(navigation.children.count == 1)
        }

        @Test("a popped controller is freed once the app lets go of it: no cycle")
        func poppedIsFreed() {
            let log = LifecycleLog()
            let (driver, navigation, _) = navigationScene(log)
            var b: Screen? = Screen("B", log: log)
            let reference = ZeroingReference(b)
            navigation.pushViewController(b!, animated: true)
            b = nil
            driver.wait(0.4)
            navigation.popViewController(animated: true)
            driver.wait(0.4)
            #expect(reference.object == nil)
        }

        @Test("pop to root: the controllers between leave without appearance calls; only the top slides")
        func popToRoot() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let b = Screen("B", log: log)
            let c = Screen("C", log: log)
            navigation.setViewControllers([a, b, c], animated: false)
            #expect(
                log.take() == [
                    "B willMove(parent)", "C willMove(parent)", "C viewDidLoad", "A viewWillDisappear",
                    "C viewWillAppear", "A viewDidDisappear", "C viewDidAppear",
                    "B didMove(parent)", "C didMove(parent)"
                ])
            let popped = navigation.popToRootViewController(animated: true)
            #expect(popped?.count == 2 && popped?[0] === b && popped?[1] === c)
            #expect(log.take() == ["B willMove(nil)", "C willMove(nil)", "C viewWillDisappear", "A viewWillAppear"])
            driver.wait(0.4)
            #expect(log.take() == ["C viewDidDisappear", "A viewDidAppear", "B didMove(nil)", "C didMove(nil)"])
            #expect(navigation.children.count == 1)
        }

        @Test("setViewControllers with a new top is a push; with a top that was below, a pop")
        func setViewControllersDirection() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let b = Screen("B", log: log)
            navigation.setViewControllers([a, b], animated: true)
            #expect(b.view.presentation.center.x == contentMidX + 320, "pushed in from the right")
            driver.wait(0.4)
            navigation.setViewControllers([a], animated: true)
            #expect(a.view.presentation.center.x < contentMidX, "revealed from the left: a pop")
            driver.wait(0.4)
            _ = log.take()
        }

        @Test("the back button pops, and reads '‹ ' with the previous title (or 'Back')")
        func backButtonPops() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let b = Screen("B", log: log)
            navigation.pushViewController(b, animated: false)
            #expect(navigation.navigationBar.backButton.currentTitle == "‹ A")
            a.title = nil
            #expect(navigation.navigationBar.backButton.currentTitle == "‹ Back")
            driver.tap(at: Point(x: 60, y: 22))
            #expect(navigation.topViewController === a)
            driver.wait(0.4)
            #expect(b.parent == nil)
        }

        @Test("touches do not reach the content while views slide")
        func touchesIgnoredDuringTransition() {
            let log = LifecycleLog()
            let (driver, navigation, _) = navigationScene(log)
            let b = Screen("B", log: log)
            let button = Button(frame: Rect(x: 100, y: 50, width: 120, height: 60), name: "go")
            var taps = 0
            button.addAction(for: .touchUpInside) { _ in taps += 1 }
            b.view.addSubview(button)
            navigation.pushViewController(b, animated: true)
            driver.wait(0.3) // B nearly in place, still moving
            driver.tap(at: Point(x: 160, y: 124))
            #expect(taps == 0)
            driver.wait(0.2)
            driver.tap(at: Point(x: 160, y: 124))
            #expect(taps == 1)
        }

        @Test("pushing during a push completes the first at once (its did-calls go out), then pushes")
        func pushDuringPush() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let b = Screen("B", log: log)
            let c = Screen("C", log: log)
            navigation.pushViewController(b, animated: true)
            driver.wait(0.05)
            _ = log.take()
            navigation.pushViewController(c, animated: true)
            #expect(
                log.take() == [
                    "A viewDidDisappear", "B viewDidAppear", "B didMove(parent)",
                    "C willMove(parent)", "C viewDidLoad", "B viewWillDisappear", "C viewWillAppear"
                ])
            #expect(navigation.viewControllers.count == 3)
            driver.wait(0.5)
            #expect(log.take() == ["B viewDidDisappear", "C viewDidAppear", "C didMove(parent)"])
            #expect(a.view.superview == nil && b.view.superview == nil)
        }

        @Test("a controller the app drops from the stack mid-push is freed, and nothing crashes")
        func droppedDuringPush() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            var b: Screen? = Screen("B", log: log)
            let reference = ZeroingReference(b)
            navigation.pushViewController(b!, animated: true)
            b = nil
            driver.wait(0.1)
            navigation.setViewControllers([a], animated: false)
            driver.wait(0.5)
            #expect(reference.object == nil)
            #expect(a.view.superview != nil && a.appearanceState == .appeared)
        }

        @Test("a navigation controller the app drops mid-push is freed with its controllers once the slide ends")
        func navigationDroppedDuringPush() {
            let log = LifecycleLog()
            let driver = TouchDriver(screen: Size(width: 320, height: 240))
            var navigation: NavigationController? = NavigationController(rootViewController: Screen("A", log: log))
            driver.window.rootViewController = navigation
            let reference = ZeroingReference(navigation)
            var b: Screen? = Screen("B", log: log)
            let bReference = ZeroingReference(b)
            navigation!.pushViewController(b!, animated: true)
            b = nil
            navigation = nil
            driver.wait(0.1)
            driver.window.rootViewController = Screen("other", log: log)
            driver.wait(0.5)
            #expect(reference.object == nil && bReference.object == nil)
        }

        @Test("a hidden bar gives the content the whole view")
        func hiddenBar() {
            let log = LifecycleLog()
            let (_, navigation, a) = navigationScene(log)
            navigation.isNavigationBarHidden = true
            #expect(onScreen(a.view) == Rect(x: 0, y: 0, width: 320, height: 240))
            #expect(navigation.navigationBar.isHidden)
        }

        @Test("the navigation item: its own title wins; a right button sits at the right end")
        func navigationItem() {
            let log = LifecycleLog()
            let (_, navigation, a) = navigationScene(log)
            a.navigationItem.title = "Settings"
            #expect(navigation.navigationBar.titleLabel.text == "Settings")
            let done = Button(frame: Rect(x: 0, y: 0, width: 70, height: 36), name: "done", title: "Done")
            a.navigationItem.rightBarButtonItem = BarButtonItem(customView: done)
            #expect(done.superview === navigation.navigationBar)
            #expect(done.frame == Rect(x: 320 - 8 - 70, y: 4, width: 70, height: 36))
            let b = Screen("B", log: log)
            b.navigationItem.hidesBackButton = true
            navigation.pushViewController(b, animated: false)
            #expect(done.superview == nil)
            #expect(navigation.navigationBar.backButton.isHidden)
        }

        @Test("golden images: a push mid-slide at fixed clock times")
        func goldenPush() {
            let log = LifecycleLog()
            let driver = TouchDriver(screen: Size(width: 200, height: 140))
            let a = Screen("A", log: log, color: Color(rgb: 0x2A9D8F))
            let navigation = NavigationController(rootViewController: a)
            driver.window.rootViewController = navigation
            let b = Screen("B", log: log, color: Color(rgb: 0xE76F51))
            let marker = View(frame: Rect(x: 10, y: 10, width: 30, height: 30), name: "marker")
            marker.backgroundColor = .white
            b.view.addSubview(marker)
            a.view.addSubview(View(frame: Rect(x: 60, y: 50, width: 40, height: 40), name: "markerA"))
            a.view.subviews[0].backgroundColor = Color(rgb: 0xF4F6F8)
            let display = HeadlessDisplay(width: 200, height: 140, format: .xrgb8888)
            let renderer = Renderer()
            renderer.draw(driver.window, into: display.framebuffer)
            navigation.pushViewController(b, animated: true)
            for (time, name) in [
                (0.05, "navigation-push-t0.05"), (0.1, "navigation-push-t0.10"),
                (0.2, "navigation-push-t0.20"), (0.4, "navigation-push-end")
            ] {
                driver.application.runLoop.advance(to: time)
                renderer.render(driver.window, into: display.framebuffer)
                let full = HeadlessDisplay(width: 200, height: 140, format: .xrgb8888)
                renderer.draw(driver.window, into: full.framebuffer)
                #expect(pixelDifferences(display, full) == "", "\(name): incremental equals full")
                expectGolden(display, name)
            }
        }

        @Test("a push allocates nothing per animation frame")
        func pushAllocatesNothingPerFrame() {
            let log = LifecycleLog()
            let driver = TouchDriver(screen: Size(width: 320, height: 240))
            let navigation = NavigationController(rootViewController: Screen("A", log: log))
            driver.window.rootViewController = navigation
            let display = HeadlessDisplay(width: 320, height: 240, format: .xrgb8888)
            let renderer = Renderer()
            renderer.draw(driver.window, into: display.framebuffer)
            navigation.pushViewController(Screen("B", log: log), animated: true)
            driver.wait(0.02) // the first frame patches the view table
            let allocations = AllocationCounter.count(warmUpRuns: 2) {
                driver.wait(1.0 / 60)
                renderer.render(driver.window, into: display.framebuffer)
            }
            #expect(allocations == 0)
            #expect(navigation.isTransitioning, "measured mid-slide")
            driver.wait(0.5)
        }

        @Test(
            "laying out a bar's right buttons (the first at the right end) allocates nothing: a pop's frames lay it out"
        )
        func barLayoutWithRightItemsAllocatesNothing() {
            let log = LifecycleLog()
            let driver = TouchDriver(screen: Size(width: 320, height: 240))
            let root = Screen("A", log: log)
            root.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Edit"), BarButtonItem(title: "Add")]
            let navigation = NavigationController(rootViewController: root)
            driver.window.rootViewController = navigation
            driver.window.layoutIfNeeded()
            let bar = navigation.navigationBar
            let allocations = AllocationCounter.count(warmUpRuns: 2) {
                bar.setNeedsLayout()
                bar.layoutIfNeeded()
            }
            #expect(allocations == 0)
        }
    }
}
