import PanelKit
import PanelTesting
import Testing

// Only FileManager: all of Foundation would make the samples' IndexPath
// ambiguous with Foundation's, which an app on a board never sees.
import class Foundation.FileManager

// docs/coming-from-uikit.md's samples, word for word but for the line `@main`
// (a test target has its own entry point): `sampleBlocksAreInThisFile` fails
// when a sample changes in the page and not here, and the suite at the end
// runs them.

// MARK: The page's samples

final class KitchenAppDelegate: ApplicationDelegate {
    var window: Window?

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds) // UIScreen.main.bounds
        window.rootViewController = OvenViewController()
        self.window = window // the runtime shows it: no makeKeyAndVisible()
        return true
    }
}

final class OvenViewController: ViewController {
    let start = Button(frame: Rect(x: 32, y: 32, width: 200, height: 56), name: "start", title: "Start")
    let status = Label(frame: Rect(x: 32, y: 104, width: 400, height: 32), name: "status", text: "Off")
    var isRunning = false

    override func viewDidLoad() {
        title = "Oven"
        view.backgroundColor = Theme.standard.background
        view.addSubview(start)
        view.addSubview(status)
        // No #selector: the action is the method itself, unapplied.
        start.addTarget(self, action: OvenViewController.startTapped, for: .touchUpInside)
        // The button keeps this closure, so it must not keep self: unowned(unsafe), as a board requires.
        start.addAction(for: .touchDown) { [unowned(unsafe) self] _ in
            self.status.textColor = Theme.standard.accent
        }
    }

    func startTapped(_ sender: Control) {
        isRunning.toggle()
        status.text = isRunning ? "Heating" : "Off"
    }
}

final class RecipesViewController: ViewController, TableViewDataSource, TableViewDelegate {
    let recipes = ["Bread", "Pizza", "Roast"]
    let table = TableView(name: "recipes")

    override func viewDidLoad() {
        title = "Recipes"
        table.frame = view.bounds
        table.autoresizingMask = .flexibleSize
        table.register(TableViewCell.self, forCellReuseIdentifier: "recipe")
        table.dataSource = self
        table.tableDelegate = self // UIKit's table.delegate
        view.addSubview(table)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        recipes.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "recipe", for: indexPath)
        cell.textLabel.text = recipes[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(OvenViewController(), animated: true)
    }
}

extension OvenViewController {
    func confirmStop() {
        let alert = AlertController(title: "Stop the oven?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        let stop = AlertAction(title: "Stop", style: .destructive) { [unowned(unsafe) self] _ in
            self.isRunning = false
            self.status.text = "Off"
        }
        alert.addAction(stop)
        present(alert, animated: true)
    }
}

func makeKitchenTabs() -> TabBarController {
    let recipes = NavigationController(rootViewController: RecipesViewController())
    recipes.tabBarItem.title = "Recipes"
    let oven = NavigationController(rootViewController: OvenViewController())
    oven.tabBarItem = TabBarItem(title: "Oven")
    oven.tabBarItem.badgeValue = "1"
    let tabs = TabBarController()
    tabs.viewControllers = [recipes, oven]
    return tabs
}

func showBanner(_ banner: View) {
    banner.alpha = 0
    View.animate(withDuration: 0.3, options: .curveEaseOut) {
        banner.alpha = 1
        banner.center = Point(x: banner.center.x, y: banner.center.y + 60)
    } completion: { finished in
        guard finished else { return }
        View.animate(withDuration: 0.5, delay: 2, usingSpringWithDamping: 0.8, initialSpringVelocity: 0) {
            banner.center = Point(x: banner.center.x, y: banner.center.y - 60)
        }
    }
}

let temperatureFormat = NumberFormat(fractionDigits: 1, suffix: " °C")

func showTemperature(_ celsius: Double, in label: Label) {
    label.setText(celsius, format: temperatureFormat) // 21.46 shows "21.5 °C"
}

final class CountdownLabel: Label, RunLoopTarget {
    var remaining = 0

    func start(seconds: Int) {
        remaining = seconds
        setText(remaining)
        application?.runLoop.schedule(after: 1, target: self)
    }

    func runLoopDidFire(_ handle: TimerHandle) {
        remaining -= 1
        setText(remaining)
        if remaining > 0 {
            application?.runLoop.schedule(after: 1, target: self)
        }
    }
}

@Suite("The oven screen")
struct OvenScreenTests {
    @Test("Tapping Start heats the oven")
    func startHeats() throws {
        let app = try AppTester(KitchenAppDelegate.self)
        app.tap("start")
        let status = try #require(app.view(named: "status") as? Label)
        #expect(status.text == "Heating")
    }
}

func turnAroundForHebrew(_ application: Application, transport: View) {
    application.userInterfaceLayoutDirection = .rightToLeft // rows, cells, bars and pushes mirror
    transport.semanticContentAttribute = .playback // play, rewind and forward stay left to right
}

// MARK: Checks

/// An app whose window shows `makeKitchenTabs()`.
final class KitchenTabsAppDelegate: ApplicationDelegate {
    var window: Window?

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        window.rootViewController = makeKitchenTabs()
        self.window = window
        return true
    }
}

@Suite("docs/coming-from-uikit.md: every sample compiles, and runs")
struct ComingFromUIKitTests {
    static func text(ofFile path: String) throws -> String {
        let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The page's ```swift blocks, each without its `@main` lines.
    static func sampleBlocks() throws -> [String] {
        let page = try text(ofFile: PackagePaths.path("docs/coming-from-uikit.md"))
        var blocks: [String] = []
        var current: [Substring]? = nil
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```swift" { current = [] }
            } else if line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if line != "@main" {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test("The page has its samples, and each is in this file word for word")
    func sampleBlocksAreInThisFile() throws {
        let blocks = try Self.sampleBlocks()
        #expect(blocks.count >= 6)
        let source = try Self.text(ofFile: #filePath)
        for block in blocks {
            let found = source.contains(block) // not in #expect, which would print the whole file
            #expect(found, "a sample of docs/coming-from-uikit.md is not in this file, word for word:\n\(block)")
        }
    }

    @Test("Turned around for Hebrew: the screen reads right to left, the transport left to right")
    func rightToLeftSampleRuns() throws {
        let app = try AppTester(KitchenAppDelegate.self)
        let oven = try #require(app.window.rootViewController as? OvenViewController)
        turnAroundForHebrew(app.application, transport: oven.start)
        #expect(oven.status.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(oven.start.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test("The page's test of a tap passes: the target-action sets the status")
    func tapSampleRuns() throws {
        try OvenScreenTests().startHeats()
    }

    @Test("The closure action runs on touchDown, the target on touchUpInside; the alert's Stop turns the oven off")
    func buttonAndAlert() throws {
        let app = try AppTester(KitchenAppDelegate.self)
        let oven = try #require(app.window.rootViewController as? OvenViewController)
        app.beginTouch(at: app.center(of: oven.start))
        #expect(oven.status.textColor == Theme.standard.accent && !oven.isRunning)
        app.endTouch()
        #expect(oven.isRunning && oven.status.text == "Heating")
        oven.confirmStop()
        app.advance(by: 1)
        #expect(oven.presentedViewController is AlertController)
        app.tap("alert.action.Stop")
        app.advance(by: 1)
        #expect(!oven.isRunning && oven.status.text == "Off")
        #expect(oven.presentedViewController == nil)
    }

    @Test("The tabs show the recipes; a tapped row pushes the oven in the Recipes tab")
    func tabsAndTable() throws {
        let app = try AppTester(KitchenTabsAppDelegate.self)
        let tabs = try #require(app.window.rootViewController as? TabBarController)
        let recipes = try #require(tabs.viewControllers?.first as? NavigationController)
        #expect(tabs.viewControllers?.count == 2 && tabs.selectedIndex == 0)
        #expect(tabs.viewControllers?[1].tabBarItem.badgeValue == "1")
        let row = try #require(app.view(named: "cell-0-1") as? TableViewCell)
        #expect(row.textLabel.text == "Pizza" && row.accessoryType == .disclosureIndicator)
        app.tap("cell-0-1")
        app.advance(by: 1)
        #expect(recipes.topViewController is OvenViewController)
        app.tap("tab.Oven")
        #expect(tabs.selectedIndex == 1)
    }

    @Test("The banner fades in and moves down, then springs back after two seconds")
    func bannerAnimates() {
        let driver = TouchDriver(screen: Size(width: 400, height: 300))
        let banner = View(frame: Rect(x: 0, y: 0, width: 400, height: 60), name: "banner")
        driver.window.addSubview(banner)
        showBanner(banner)
        #expect(banner.alpha == 1 && banner.center.y == 90)
        driver.advance(by: 0.5)
        #expect(banner.presentation.alpha == 1 && banner.presentation.center.y == 90)
        driver.advance(by: 3)
        #expect(banner.center.y == 30 && banner.presentation.center.y == 30)
    }

    @Test("The number format and the countdown write their labels, the countdown on run-loop timers")
    func numbersAndTimer() {
        let driver = TouchDriver(screen: Size(width: 400, height: 300))
        let temperature = Label(name: "temperature")
        showTemperature(21.46, in: temperature)
        #expect(temperature.text == "21.5 °C")
        let countdown = CountdownLabel(frame: Rect(x: 0, y: 0, width: 100, height: 40), name: "countdown")
        driver.window.addSubview(countdown)
        countdown.start(seconds: 3)
        #expect(countdown.text == "3")
        driver.advance(by: 1.5)
        #expect(countdown.text == "2")
        driver.advance(by: 2)
        #expect(countdown.text == "0" && countdown.remaining == 0)
        driver.advance(by: 5)
        #expect(countdown.text == "0")
    }
}
