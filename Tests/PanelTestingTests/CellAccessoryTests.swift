import PanelKit
import PanelTesting
import PanelUI
import Testing

// A cell's accessoryType: the standard marks drawn by the cell, and the
// detail button that tells the delegate without selecting the row.

final class AccessoryListController: ViewController, TableViewDataSource, TableViewDelegate {
    let types: [TableViewCell.AccessoryType] = [
        .none, .disclosureIndicator, .checkmark, .detailButton, .detailDisclosureButton
    ]
    let titles = ["Plain", "Opens a screen", "Chosen", "Has details", "Details and a screen"]
    var heard: [String] = []
    let table = TableView(frame: .zero, name: "list")

    override func loadView() {
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.tableDelegate = self
        view = table
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { types.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = titles[indexPath.row]
        cell.textLabel.textColor = Theme.standard.text
        cell.accessoryType = types[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        heard.append("select \(indexPath.row)")
    }
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        heard.append("detail \(indexPath.row)")
    }
}

final class AccessoryAppDelegate: ApplicationDelegate {
    var window: Window?
    let list = AccessoryListController()
    init() {}
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        window.rootViewController = list
        application.addWindow(window)
        self.window = window
        return true
    }
}

@Suite("Cell accessories")
struct CellAccessoryTests {
    @Test("each accessoryType is drawn at the trailing edge (golden); the text ends before it")
    func marks() throws {
        let app = try AppTester(AccessoryAppDelegate.self, screenSize: Size(width: 480, height: 272))
        app.advance(by: 0.1)
        let cell = try #require(app.view(named: "cell-0-4") as? TableViewCell)
        let accessory = try #require(cell.subviews.first { $0.name == "accessory" })
        #expect(!accessory.isHidden && accessory.frame.maxX <= 480)
        #expect(cell.textLabel.convert(Point(x: cell.textLabel.bounds.maxX, y: 0), to: cell).x <= accessory.frame.minX)
        let plain = try #require(app.view(named: "cell-0-0") as? TableViewCell)
        #expect(plain.subviews.first { $0.name == "accessory" }?.isHidden == true)
        app.assertSnapshot(named: "cell-accessories")
    }

    @Test("a tap on the detail button tells the delegate and selects nothing; a tap on the row selects it")
    func detailButton() throws {
        let app = try AppTester(AccessoryAppDelegate.self, screenSize: Size(width: 480, height: 272))
        let delegate = try #require(app.delegate(as: AccessoryAppDelegate.self))
        app.advance(by: 0.1)
        let cell = try #require(app.view(named: "cell-0-3") as? TableViewCell)
        let accessory = try #require(cell.subviews.first { $0.name == "accessory" })
        app.tap(at: app.center(of: accessory))
        #expect(delegate.list.heard == ["detail 3"])
        app.tap("cell-0-1")
        #expect(delegate.list.heard == ["detail 3", "select 1"])
        #expect(delegate.list.table.indexPathForSelectedRow?.row == 1)
    }

    @Test("an accessoryView takes the place of the accessoryType, as in UIKit")
    func accessoryViewWins() throws {
        let app = try AppTester(AccessoryAppDelegate.self, screenSize: Size(width: 480, height: 272))
        app.advance(by: 0.1)
        let cell = try #require(app.view(named: "cell-0-2") as? TableViewCell)
        let toggle = Switch(name: "toggle")
        cell.accessoryView = toggle
        app.advance(by: 0.1)
        #expect(cell.subviews.first { $0.name == "accessory" }?.isHidden == true)
        #expect(toggle.superview === cell && toggle.frame.maxX <= 480)
    }
}
