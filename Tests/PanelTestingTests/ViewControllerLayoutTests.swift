import PanelKit
import PanelTesting
import PanelUI
import Testing

// UIKit's view-controller layout callbacks and safe area, as an app meets
// them: `viewWillLayoutSubviews`/`viewDidLayoutSubviews` around the root
// view's `layoutSubviews`, and `safeAreaInsets` from the keyboard, a bar the
// view extends under, and `additionalSafeAreaInsets`.

/// A root view that reports its layout to the log its controller keeps.
final class ReportingRootView: View {
    unowned(unsafe) var report: LayoutReportingController?
    override func layoutSubviews() { report?.events.append("root.layoutSubviews") }
    override func safeAreaInsetsDidChange() { report?.events.append("root.safeAreaInsetsDidChange") }
}

/// A subview of the root that reports its layout too: it comes after the controller's `did`.
final class ReportingSubview: View {
    unowned(unsafe) var report: LayoutReportingController?
    override func layoutSubviews() { report?.events.append(name + ".layoutSubviews") }
}

final class LayoutReportingController: ViewController {
    var events: [String] = []
    let field = TypingTarget("field", frame: Rect(x: 20, y: 300, width: 300, height: 40))
    let header = ReportingSubview(frame: Rect(x: 0, y: 0, width: 200, height: 60), name: "header")

    override func loadView() {
        let root = ReportingRootView(name: "screen")
        root.report = self
        header.report = self
        root.addSubview(header)
        root.addSubview(field)
        view = root
    }
    override func viewWillLayoutSubviews() { events.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { events.append("viewDidLayoutSubviews") }
    override func viewSafeAreaInsetsDidChange() {
        events.append("viewSafeAreaInsetsDidChange \(view.safeAreaInsets.top) \(view.safeAreaInsets.bottom)")
    }
}

/// A navigation controller with a `LayoutReportingController` as its root.
final class LayoutAppDelegate: ApplicationDelegate {
    var window: Window?
    let screen = LayoutReportingController()
    lazy var navigation = NavigationController(rootViewController: screen)

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        screen.title = "Layout"
        window.rootViewController = navigation
        application.addWindow(window)
        self.window = window
        return true
    }
}

@Suite("View controller layout and the safe area")
struct ViewControllerLayoutTests {
    func launch() throws -> (AppTester, LayoutReportingController) {
        let app = try AppTester(LayoutAppDelegate.self)
        let screen = try #require(app.delegate(as: LayoutAppDelegate.self)?.screen)
        app.advance(by: 0.1)
        return (app, screen)
    }

    @Test("viewWillLayoutSubviews, the root view's layoutSubviews, viewDidLayoutSubviews, then the subviews', as UIKit")
    func layoutOrder() throws {
        let (app, screen) = try launch()
        #expect(
            Array(screen.events.prefix(4)) == [
                "viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews", "header.layoutSubviews"
            ])
        screen.events = []
        app.advance(by: 0.1)
        #expect(screen.events.isEmpty, "nothing changed: no layout, no callback")

        screen.view.setNeedsLayout()
        app.advance(by: 0.1)
        #expect(screen.events == ["viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews"])
    }

    @Test("a change of the root view's size lays it out again, with both callbacks")
    func sizeChange() throws {
        let (app, screen) = try launch()
        screen.events = []
        app.window.frame = Rect(x: 0, y: 0, width: 640, height: 480)
        app.advance(by: 0.1)
        #expect(screen.view.frame.size == Size(width: 640, height: 480 - NavigationBar.height))
        #expect(
            Array(screen.events.prefix(3)) == ["viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews"]
        )
    }

    @Test(
        "beside the bar (the default) the safe area is the whole view; extended under it, the bar is in its top inset")
    func barsAndSafeArea() throws {
        let (app, screen) = try launch()
        #expect(screen.view.frame == Rect(x: 0, y: 44, width: 800, height: 436))
        #expect(screen.view.safeAreaInsets == .zero)

        screen.events = []
        screen.extendedLayoutIncludesOpaqueBars = true
        app.advance(by: 0.1)
        #expect(screen.view.frame == Rect(x: 0, y: 0, width: 800, height: 480), "under the bar")
        #expect(screen.view.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        #expect(screen.view.safeAreaFrame == Rect(x: 0, y: 44, width: 800, height: 436))
        #expect(screen.header.safeAreaInsets.top == 44, "a subview at the top is under the bar too")
        #expect(screen.field.safeAreaInsets == .zero, "one below the bar is safe")
        #expect(
            Array(screen.events.prefix(4)) == [
                "root.safeAreaInsetsDidChange", "viewSafeAreaInsetsDidChange 44.0 0.0", "viewWillLayoutSubviews",
                "root.layoutSubviews"
            ], "told before it lays out again")

        screen.events = []
        screen.edgesForExtendedLayout = []
        try #require(app.delegate(as: LayoutAppDelegate.self)).navigation.isNavigationBarHidden = true
        app.advance(by: 0.1)
        #expect(screen.view.safeAreaInsets == .zero, "no bar, nothing covered")
        #expect(screen.events.contains("viewSafeAreaInsetsDidChange 0.0 0.0"))
    }

    @Test("the keyboard covers the bottom of the safe area while it is up; hidden, the insets go back to zero")
    func keyboardInSafeArea() throws {
        let (app, screen) = try launch()
        screen.events = []
        app.tap("field")
        app.advance(by: 0.5)
        let keyboard = try #require(app.keyboard)
        let covered = app.window.bounds.maxY - keyboard.frame.minY
        let root = screen.view
        let rootBottom = root.convert(Point(x: 0, y: root.bounds.maxY), to: app.window).y
        #expect(root.safeAreaInsets.bottom == rootBottom - keyboard.frame.minY)
        #expect(root.safeAreaInsets.bottom > 0 && root.safeAreaInsets.bottom <= covered)
        #expect(keyboard.safeAreaInsets == .zero, "the keyboard is chrome: it keeps no safe area")
        #expect(screen.events.filter { $0.hasPrefix("viewSafeAreaInsetsDidChange") }.count == 1)

        screen.events = []
        screen.field.resignFirstResponder()
        app.advance(by: 0.5)
        #expect(root.safeAreaInsets == .zero)
        #expect(screen.events.contains("viewSafeAreaInsetsDidChange 0.0 0.0"))
    }

    @Test("additionalSafeAreaInsets add to the root view's safe area, and its subviews see the overlap")
    func additionalInsets() throws {
        let (app, screen) = try launch()
        screen.additionalSafeAreaInsets = EdgeInsets(top: 30, left: 0, bottom: 10, right: 0)
        app.advance(by: 0.1)
        #expect(screen.view.safeAreaInsets == EdgeInsets(top: 30, left: 0, bottom: 10, right: 0))
        #expect(screen.header.safeAreaInsets == EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
        screen.header.frame.origin.y = 20
        app.advance(by: 0.1)
        #expect(screen.header.safeAreaInsets.top == 10, "moved, it overlaps less")
    }

    @Test("a frame that moves a view while the keyboard is up (safe areas updated) allocates nothing")
    func noAllocationWithInsets() throws {
        let (app, screen) = try launch()
        app.tap("field")
        app.advance(by: 0.5)
        let header = screen.header
        let frame = app.frameInterval
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            header.center = Point(x: 110, y: 30)
            app.advance(by: frame)
            header.center = Point(x: 100, y: 30)
            app.advance(by: frame)
        }
        #expect(allocations == 0)
    }
}
