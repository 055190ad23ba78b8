import Foundation
import PanelDemo
import PanelKit
import PanelTesting
import PanelUI
import Testing

/// State restoration (issue 38, point 3; docs/navigation.md): after a crash
/// and a restart the app comes back on the screen it was showing. A "crash"
/// here is a tester let go without `terminate()`, once the state's save and
/// the settings' commit had their timers: what a SIGKILL leaves on the card.
@Suite("State restoration", .serialized)
struct StateRestorationTests {
    let folder = NSTemporaryDirectory() + "panelkit-restoration-" + UUID().uuidString

    func launchDemo() throws -> (AppTester, DemoApp) {
        let tester = try AppTester(DemoAppDelegate.self, arguments: ["--data", folder])
        return (tester, try #require(tester.delegate(as: DemoAppDelegate.self)?.demo))
    }

    /// A fling come to rest, then the state and the settings committed.
    func waitForTheCommit(_ tester: AppTester) {
        tester.advance(by: 6)
        #expect(tester.application.stateRestoration?.hasPendingSave == false)
        #expect(!tester.settings.hasPendingChanges)
    }

    @Test("killed on the settings list scrolled down, the demo restarts on that list at that offset, pixel for pixel")
    func settingsListAndOffsetSurviveAKill() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var shown: [UInt8]
        var offset: Point
        do {
            let (first, demo) = try launchDemo()
            first.tap("settings")
            first.advance(by: 0.6)
            #expect(demo.isShowingSettings)
            first.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 100), duration: 0.5, steps: 20)
            waitForTheCommit(first)
            offset = demo.settingsController.table.contentOffset
            #expect(offset.y > 200)
            shown = pixels(first.snapshot())
            // Let go without terminate(): nothing more is written.
        }
        let (second, demo) = try launchDemo()
        #expect(demo.isShowingSettings)
        #expect(demo.navigation.viewControllers.count == 2)
        // Kept in hundredths of a point.
        #expect(abs(demo.settingsController.table.contentOffset.y - offset.y) <= 0.005)
        #expect(pixels(second.snapshot()) == shown, "the restored screen is the one the first run showed")
        // Back still goes where it went: the controls screen under it.
        second.tap("back")
        second.advance(by: 0.6)
        #expect(demo.topController === demo.controlsController)
    }

    @Test("three deep (controls, settings, Wi-Fi networks): the whole stack comes back, and back pops each")
    func wholeStackComesBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let (first, demo) = try launchDemo()
            first.tap("settings")
            first.advance(by: 0.6)
            first.tap("wifiRow")
            first.advance(by: 0.6)
            #expect(demo.topController === demo.settingsController.wifiNetworks)
            waitForTheCommit(first)
        }
        let (second, demo) = try launchDemo()
        #expect(demo.navigation.viewControllers.map { $0.restorationIdentifier } == ["controls", "settings", "wifi"])
        second.tap("back")
        second.advance(by: 0.6)
        #expect(demo.isShowingSettings)
        waitForTheCommit(second)
        let (_, third) = try launchDemo()
        #expect(third.isShowingSettings)
        _ = second
    }

    @Test("the save rides the run loop's timer: the push's frames only ask for it, and nothing is written before")
    func saveWaitsForItsTimer() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (tester, _) = try launchDemo()
        let restoration = try #require(tester.application.stateRestoration)
        tester.tap("settings")
        tester.advance(by: 0.4) // the push is over: viewDidAppear asked for a save
        #expect(restoration.hasPendingSave)
        #expect(tester.settings.string(forKey: StateRestoration.settingsKey) == nil)
        tester.advance(by: restoration.saveDelay)
        #expect(!restoration.hasPendingSave)
        #expect(tester.settings.string(forKey: StateRestoration.settingsKey)?.contains("controls\tsettings") == true)
    }

    @Test(
        "a saved state is forgotten while its launch runs, so one that crashes the app is not restored at every restart"
    )
    func stateForgottenDuringLaunch() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let (first, _) = try launchDemo()
            first.tap("settings")
            first.advance(by: 0.6)
            waitForTheCommit(first)
        }
        do {
            let (second, demo) = try launchDemo()
            #expect(demo.isShowingSettings)
            #expect(!second.settings.hasValue(forKey: StateRestoration.settingsKey), "removed at launch")
            // Killed before the restored screen was up for saveDelay: the next start is on the first screen.
        }
        let (_, demo) = try launchDemo()
        #expect(demo.topController === demo.controlsController)
    }

    @Test("a state naming a screen the app no longer makes restores the stack below it, and says what it could not")
    func staleStateRestoresWhatItCan() throws {
        let tester = try AppTester(TwoLevelApp.self)
        let app = try #require(tester.delegate(as: TwoLevelApp.self))
        let restoration = try #require(tester.application.stateRestoration)
        let report = restoration.restore(
            "PanelKit state 1\nshows\tnav\thome\tdetail-7\tgone\nscroll\tnav/home\tlist\t0\t-500\n"
        ) { path in app.make(path) }
        #expect(app.navigation.viewControllers.map { $0.restorationIdentifier } == ["home", "detail-7"])
        #expect(report.shown == ["nav/detail-7"])
        #expect(report.problem == "no controller for 'nav/gone': the stack stops below it")
        // The offset is clamped to the content, as a scroll would leave it.
        #expect(app.home.list.contentOffset == Point(x: 0, y: 0))
        #expect(report.scrollViews == 1)
    }

    @Test("a state of another format, or lines that are not a state, restore nothing and crash nothing")
    func malformedStatesRestoreNothing() throws {
        let tester = try AppTester(TwoLevelApp.self)
        let app = try #require(tester.delegate(as: TwoLevelApp.self))
        let restoration = try #require(tester.application.stateRestoration)
        for state in [
            "PanelKit state 9\nshows\tnav\thome\tdetail-1\n", "", "\n\n", "garbage",
            "PanelKit state 1\nshows\n\t\t\nscroll\tnav/home\tlist\tx\t\u{0}\nshows\tnav\n"
        ] {
            let report = restoration.restore(state) { path in app.make(path) }
            #expect(app.navigation.viewControllers.count == 1, "\(state.debugDescription)")
            #expect(report.shown.isEmpty || report.shown == ["nav/home"])
        }
        #expect(
            restoration.restore("PanelKit state 9\n") { _ in nil }.problem
                == "the saved state is not 'PanelKit state 1': not restored")
    }

    @Test(
        "the selected tab, and the stack inside it, come back; controllers the app makes on demand are asked for by path"
    )
    func tabsAndStacksInside() throws {
        let tester = try AppTester(TwoLevelApp.self, arguments: ["--tabs"])
        let app = try #require(tester.delegate(as: TwoLevelApp.self))
        let restoration = try #require(tester.application.stateRestoration)
        app.navigation.pushViewController(app.make(["tabs", "nav", "detail-3"])!, animated: false)
        app.tabs.selectedIndex = 1
        let state = restoration.encodedState()
        #expect(
            state
                == "PanelKit state 1\nshows\ttabs\t1\nshows\ttabs/nav\thome\tdetail-3\nscroll\ttabs/nav/home\tlist\t0\t0\n"
        )

        let again = try AppTester(TwoLevelApp.self, arguments: ["--tabs"])
        let restored = try #require(again.delegate(as: TwoLevelApp.self))
        let report = try #require(again.application.stateRestoration).restore(state) { path in
            restored.application(again.application, viewControllerWithRestorationIdentifierPath: path)
        }
        #expect(restored.tabs.selectedIndex == 1)
        #expect(restored.navigation.topViewController?.title == "Detail 3")
        // Made on demand at its path: the stack's controllers are the navigation controller's children.
        #expect(restored.asked == [["tabs", "nav", "detail-3"]])
        #expect(report.shown == ["tabs/other", "tabs/nav/detail-3"])
    }

    @Test("an app without restoration identifiers keeps nothing")
    func noIdentifiersNoState() throws {
        let tester = try AppTester(DemoAppDelegate.self, arguments: ["--scene", "controls"])
        #expect(tester.application.stateRestoration == nil)
    }
}

/// The framebuffer's bytes, copied: the tester's display goes with it.
func pixels(_ framebuffer: Framebuffer) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: framebuffer.baseAddress, count: framebuffer.stride * framebuffer.height))
}

/// A navigation stack (optionally in the first of two tabs) whose detail
/// screens are made on demand, as most apps' are.
final class TwoLevelApp: ApplicationDelegate {
    var window: Window?
    let home = ListScreen()
    lazy var navigation = NavigationController(rootViewController: home)
    let tabs = TabBarController()
    var asked: [[String]] = []
    var inTabs = false
    static var options: [AppOption] { [AppOption("tabs", value: nil, help: "in a tab bar")] }

    init() {}

    func applicationWillLaunch(_ arguments: AppArguments) throws(LaunchError) { inTabs = arguments.isSet("tabs") }

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        home.restorationIdentifier = "home"
        navigation.restorationIdentifier = "nav"
        if inTabs {
            let other = ViewController()
            other.title = "Other"
            other.restorationIdentifier = "other"
            tabs.viewControllers = [navigation, other]
            tabs.restorationIdentifier = "tabs"
            window.rootViewController = tabs
        } else {
            window.rootViewController = navigation
        }
        application.addWindow(window)
        self.window = window
        return true
    }

    func application(_ application: Application, viewControllerWithRestorationIdentifierPath path: [String])
        -> ViewController?
    {
        asked.append(path)
        return make(path)
    }

    /// "detail-N" under home: a detail screen titled "Detail N".
    func make(_ path: [String]) -> ViewController? {
        guard let last = path.last, last.hasPrefix("detail-"), let number = Int(last.dropFirst(7)) else { return nil }
        let detail = ViewController()
        detail.title = "Detail \(number)"
        detail.restorationIdentifier = last
        return detail
    }
}

/// A screen with a short scrolling list.
final class ListScreen: ViewController {
    let list = ScrollView(name: "list")

    override func loadView() {
        let root = View(name: "home")
        list.restorationIdentifier = "list"
        list.contentSize = Size(width: 100, height: 100)
        root.addSubview(list)
        view = root
    }

    override func viewDidLayoutSubviews() { list.frame = view.bounds }
}

@Suite("State restoration kept after its application is freed")
struct FreedStateRestorationTests {
    @Test(
        "an app that keeps application.stateRestoration after the application is freed gets a detached object: nothing saved, nothing read"
    )
    func keptAfterTheApplicationIsFreed() throws {
        var saved: [String] = []
        let runLoop = RunLoop(manualClock: ManualClock())
        var application: Application? = Application(runLoop: runLoop)
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let navigation = NavigationController(rootViewController: ViewController())
        navigation.restorationIdentifier = "nav"
        window.rootViewController = navigation
        application!.addWindow(window)
        let restoration = StateRestoration(application: application!) { saved.append($0) }
        application!.stateRestoration = restoration
        restoration.setNeedsSave()
        #expect(restoration.hasPendingSave)
        application = nil
        // The timer the run loop still holds, and every call, read nothing.
        runLoop.fireDueTimers()
        restoration.setNeedsSave()
        restoration.saveNow()
        #expect(!restoration.hasPendingSave)
        #expect(restoration.encodedState() == "PanelKit state 1\n")
        #expect(restoration.restore("PanelKit state 1\nshows\tnav\n") { _ in nil }.shown.isEmpty)
        #expect(saved.isEmpty)
    }
}
