import PanelKit
import PanelTesting
import PanelUI
import Testing

// Bar button items on the navigation bar and the toolbar, and the tab bar
// controller, through the app's frame loop and real taps.

/// A screen whose bar buttons record their taps.
final class BarScreen: ViewController {
    var tapped: [String] = []
    let log: AppearanceLog?
    init(_ title: String, log: AppearanceLog? = nil) {
        self.log = log
        super.init()
        self.title = title
        view.backgroundColor = Theme.standard.background
    }
    func edit(_ item: BarButtonItem) { tapped.append("edit") }
    func record(_ call: String) {
        guard let log, log.isRecording else { return }
        log.lines.append((title ?? "") + " " + call)
    }
    override func viewWillAppear(_ animated: Bool) { record("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { record("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { record("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { record("viewDidDisappear") }
}

/// A navigation controller over "Residents", which has left and right bar items and toolbar items.
final class BarAppDelegate: ApplicationDelegate {
    var window: Window?
    let residents = BarScreen("Residents")
    lazy var navigation = NavigationController(rootViewController: residents)

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        // The items' closures name the screen that owns them: unretained, or the
        // screen and its items would hold each other (a cycle, as in UIKit; Embedded has no weak).
        unowned(unsafe) let residents = self.residents
        residents.navigationItem.rightBarButtonItems = [
            BarButtonItem(barButtonSystemItem: .add) { _ in residents.tapped.append("add") },
            BarButtonItem(title: "Edit", target: residents, action: BarScreen.edit),
            BarButtonItem(title: "Call") { _ in residents.tapped.append("call") }
        ]
        residents.navigationItem.leftBarButtonItem = BarButtonItem(barButtonSystemItem: .close) { _ in
            residents.tapped.append("close")
        }
        residents.toolbarItems = [
            BarButtonItem(title: "Unlock") { _ in residents.tapped.append("unlock") },
            BarButtonItem(barButtonSystemItem: .flexibleSpace),
            BarButtonItem(title: "Intercom") { _ in residents.tapped.append("intercom") },
            BarButtonItem(barButtonSystemItem: .flexibleSpace),
            BarButtonItem(title: "Log") { _ in residents.tapped.append("log") }
        ]
        navigation.isToolbarHidden = false
        window.rootViewController = navigation
        application.addWindow(window)
        self.window = window
        return true
    }
}

/// Three tabs: a navigation stack, "Camera" and "Settings".
final class TabsAppDelegate: ApplicationDelegate, TabBarControllerDelegate {
    var window: Window?
    let log = AppearanceLog()
    lazy var residents = BarScreen("Residents", log: log)
    lazy var camera = BarScreen("Camera", log: log)
    lazy var settings = BarScreen("Settings", log: log)
    lazy var navigation = NavigationController(rootViewController: residents)
    let tabs = TabBarController()
    var refusesSettings = false
    var selections: [String] = []
    lazy var lifetime = Lifetime(of: self)

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        navigation.tabBarItem = TabBarItem(title: "Residents")
        camera.tabBarItem.badgeValue = "3"
        tabs.viewControllers = [navigation, camera, settings]
        tabs.delegate = self
        window.rootViewController = tabs
        application.addWindow(window)
        self.window = window
        return true
    }

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
        !(refusesSettings && viewController === settings)
    }
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
        selections.append(viewController.title ?? viewController.tabBarItem.title ?? "?")
    }
}

@Suite("Bars: bar button items, the toolbar, the tab bar")
struct BarTests {
    @Test("right items from the right end (the first at the end), a left item instead of the back button, each tapped")
    func barButtonItems() throws {
        let app = try AppTester(BarAppDelegate.self)
        let delegate = try #require(app.delegate(as: BarAppDelegate.self))
        app.advance(by: 0.1)
        let add = try #require(app.view(named: "bar.+"))
        let edit = try #require(app.view(named: "bar.Edit"))
        let call = try #require(app.view(named: "bar.Call"))
        let close = try #require(app.view(named: "bar.Close"))
        #expect(add.frame.maxX == 800 - NavigationBar.margin, "the first right item is at the right end")
        #expect(edit.frame.maxX <= add.frame.minX && call.frame.maxX <= edit.frame.minX)
        #expect(add.frame.width >= BarButtonItem.minimumWidth, "a finger wide at least")
        #expect(close.frame.minX == NavigationBar.margin)
        let title = delegate.navigation.navigationBar.titleLabel
        #expect(abs(title.frame.midX - 400) < 1, "centred on the bar: it fits")
        for name in ["bar.+", "bar.Edit", "bar.Call", "bar.Close"] { app.tap(name) }
        #expect(delegate.residents.tapped == ["add", "edit", "call", "close"])
    }

    @Test("a disabled item takes no tap; re-enabled it does")
    func disabledItem() throws {
        let app = try AppTester(BarAppDelegate.self)
        let delegate = try #require(app.delegate(as: BarAppDelegate.self))
        let call = try #require(delegate.residents.navigationItem.rightBarButtonItems.last)
        call.isEnabled = false
        app.advance(by: 0.1)
        app.tap("bar.Call")
        #expect(delegate.residents.tapped.isEmpty)
        call.isEnabled = true
        app.tap("bar.Call")
        #expect(delegate.residents.tapped == ["call"])
    }

    @Test(
        "the back button is sized to its title: \"‹ Residents\" is whole; a title too long for a third of the bar says \"‹ Back\""
    )
    func backButton() throws {
        let app = try AppTester(BarAppDelegate.self)
        let delegate = try #require(app.delegate(as: BarAppDelegate.self))
        delegate.navigation.pushViewController(BarScreen("Apartment 4B"), animated: false)
        app.advance(by: 0.1)
        let back = delegate.navigation.navigationBar.backButton
        #expect(back.title(for: .normal) == "‹ Residents")
        #expect(
            back.frame.width >= back.measure("‹ Residents", font: back.titleFont).width + 2
                * Theme.standard.contentPadding)
        delegate.navigation.popViewController(animated: false)
        delegate.residents.title = "Residents of the north wing, every floor"
        delegate.navigation.pushViewController(BarScreen("Apartment 4B"), animated: false)
        app.advance(by: 0.1)
        #expect(back.title(for: .normal) == "‹ Back")
        app.tap("navigation.back")
        app.advance(by: 0.5)
        #expect(delegate.navigation.viewControllers.count == 1)
    }

    @Test("a title that would touch the buttons is centred in the space they leave, and cut")
    func titleInSpaceLeft() throws {
        let app = try AppTester(BarAppDelegate.self, screenSize: Size(width: 480, height: 272))
        let delegate = try #require(app.delegate(as: BarAppDelegate.self))
        delegate.residents.title = "Residents and visitors"
        app.advance(by: 0.1)
        let bar = delegate.navigation.navigationBar
        let title = bar.titleLabel
        let close = try #require(app.view(named: "bar.Close"))
        let call = try #require(app.view(named: "bar.Call"))
        #expect(title.frame.minX >= close.frame.maxX && title.frame.maxX <= call.frame.minX)
    }

    @Test(
        "the toolbar shows the top controller's toolbarItems at the bottom, spaced by flexible spaces; the content ends above it"
    )
    func toolbar() throws {
        let app = try AppTester(BarAppDelegate.self)
        let delegate = try #require(app.delegate(as: BarAppDelegate.self))
        app.advance(by: 0.1)
        let toolbar = delegate.navigation.toolbar
        #expect(toolbar.frame == Rect(x: 0, y: 480 - Toolbar.height, width: 800, height: Toolbar.height))
        #expect(delegate.residents.view.frame == Rect(x: 0, y: 44, width: 800, height: 480 - 44 - 44))
        let unlock = try #require(app.view(named: "bar.Unlock"))
        let intercom = try #require(app.view(named: "bar.Intercom"))
        let logButton = try #require(app.view(named: "bar.Log"))
        #expect(unlock.frame.minX == NavigationBar.margin && logButton.frame.maxX == 800 - NavigationBar.margin)
        #expect(
            abs((intercom.frame.minX - unlock.frame.maxX) - (logButton.frame.minX - intercom.frame.maxX)) <= 1,
            "the two flexible spaces share the room left")
        app.tap("bar.Intercom")
        #expect(delegate.residents.tapped == ["intercom"])
        delegate.navigation.pushViewController(BarScreen("Apartment 4B"), animated: false)
        app.advance(by: 0.1)
        #expect(app.view(named: "bar.Intercom") == nil || app.view(named: "bar.Intercom")?.window == nil)
        #expect(toolbar.items.isEmpty, "the new top has no toolbar items")
    }

    @Test("tabs in a right-to-left layout: the first tab at the right, and a tap there selects it")
    func tabsRightToLeft() throws {
        let app = try AppTester(TabsAppDelegate.self)
        let delegate = try #require(app.delegate(as: TabsAppDelegate.self))
        app.application.userInterfaceLayoutDirection = .rightToLeft
        app.advance(by: 0.1)
        let tabs = delegate.tabs.tabBar.subviews.filter { $0.name.hasPrefix("tab.") }
        #expect(tabs.count >= 2)
        #expect(tabs[0].frame.maxX == 800 && tabs[1].frame.maxX == tabs[0].frame.minX)
        app.tap("tab.Camera")
        #expect(delegate.tabs.selectedViewController === delegate.camera)
    }

    @Test("tabs: the first is selected; a tap selects another with UIKit's appearance order; each stack is kept")
    func tabs() throws {
        let app = try AppTester(TabsAppDelegate.self)
        let delegate = try #require(app.delegate(as: TabsAppDelegate.self))
        app.advance(by: 0.1)
        #expect(delegate.tabs.selectedIndex == 0)
        #expect(delegate.tabs.tabBar.frame == Rect(x: 0, y: 480 - 56, width: 800, height: 56))
        #expect(delegate.navigation.view.frame == Rect(x: 0, y: 0, width: 800, height: 424))
        delegate.navigation.pushViewController(BarScreen("Apartment 4B", log: delegate.log), animated: false)
        app.advance(by: 0.1)
        _ = delegate.log.take()

        app.tap("tab.Camera")
        #expect(delegate.tabs.selectedViewController === delegate.camera)
        #expect(
            delegate.log.take() == [
                "Apartment 4B viewWillDisappear", "Camera viewWillAppear", "Apartment 4B viewDidDisappear",
                "Camera viewDidAppear"
            ])
        #expect(delegate.selections == ["Camera"])
        #expect(delegate.navigation.view.window == nil && delegate.camera.view.window === app.window)

        app.tap("tab.Residents")
        #expect(delegate.navigation.viewControllers.count == 2, "the stack is as it was left")
        app.tap("tab.Residents")
        app.advance(by: 0.5)
        #expect(delegate.navigation.viewControllers.count == 1, "a tap on the selected navigation tab pops to its root")
    }

    @Test("the delegate's shouldSelect refuses a tab; selectedIndex from code asks no one")
    func shouldSelect() throws {
        let app = try AppTester(TabsAppDelegate.self)
        let delegate = try #require(app.delegate(as: TabsAppDelegate.self))
        delegate.refusesSettings = true
        app.advance(by: 0.1)
        app.tap("tab.Settings")
        #expect(delegate.tabs.selectedIndex == 0)
        #expect(delegate.selections.isEmpty)
        delegate.tabs.selectedIndex = 2
        #expect(delegate.tabs.selectedViewController === delegate.settings)
        #expect(delegate.selections.isEmpty)
    }

    @Test("a tab switch allocates nothing per frame in steady state")
    func tabSwitchAllocations() throws {
        let app = try AppTester(TabsAppDelegate.self)
        let delegate = try #require(app.delegate(as: TabsAppDelegate.self))
        delegate.log.isRecording = false // the test's own strings
        delegate.selections.reserveCapacity(1000) // and its own list growing
        app.advance(by: 0.1)
        let allocations = app.allocationsPerFrame { app in
            app.tap("tab.Camera")
            app.tap("tab.Settings")
        }
        #expect(allocations == 0)
    }

    @Test("goldens: a bar with left and right items and a toolbar; a tab bar with a badge")
    func goldens() throws {
        let app = try AppTester(BarAppDelegate.self)
        app.advance(by: 0.1)
        app.assertSnapshot(named: "bars-navigation-toolbar")
        let tabs = try AppTester(TabsAppDelegate.self)
        tabs.advance(by: 0.1)
        tabs.assertSnapshot(named: "bars-tab-bar")
    }
}
