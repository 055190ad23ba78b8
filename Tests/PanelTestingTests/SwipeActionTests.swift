import PanelKit
import PanelTesting
import PanelUI
import Testing

// Swipe actions on table rows and an animated deletion, through real drags.

final class ResidentListController: ViewController, TableViewDataSource, TableViewDelegate {
    var residents = (1...30).map { "Resident \($0)" }
    var heard: [String] = []
    let table = TableView(frame: .zero, name: "residents")
    /// Made once and kept: a swipe's first frame then allocates nothing in the app's code.
    lazy var configuration: SwipeActionsConfiguration = {
        let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned(unsafe) self] _, source, done in
            guard let cell = source.superview?.superview as? TableViewCell,
                let row = self.table.indexPath(for: cell)
            else { return done(false) }
            self.heard.append("delete \(self.residents[row.row])")
            self.residents.remove(at: row.row)
            self.table.deleteRows(at: [row], with: .automatic)
            done(true)
        }
        let flag = ContextualAction(style: .normal, title: "Flag") { [unowned(unsafe) self] _, _, done in
            self.heard.append("flag")
            done(true)
        }
        return SwipeActionsConfiguration(actions: [delete, flag])
    }()

    override func loadView() {
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.tableDelegate = self
        view = table
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { residents.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = residents[indexPath.row]
        cell.textLabel.textColor = Theme.standard.text
        cell.backgroundColor = Theme.standard.background
        return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        heard.append("select \(indexPath.row)")
    }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    {
        indexPath.row == 0 ? nil : configuration // the first row cannot be swiped
    }
}

final class SwipeAppDelegate: ApplicationDelegate {
    var window: Window?
    let list = ResidentListController()
    init() {}
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        window.rootViewController = list
        application.addWindow(window)
        self.window = window
        return true
    }
}

@Suite("Swipe actions and deleting rows")
struct SwipeActionTests {
    func launch() throws -> (AppTester, ResidentListController) {
        let app = try AppTester(SwipeAppDelegate.self, screenSize: Size(width: 480, height: 272))
        let list = try #require(app.delegate(as: SwipeAppDelegate.self)).list
        app.advance(by: 0.1)
        return (app, list)
    }

    func rowCentre(_ app: AppTester, _ row: Int) throws -> Point {
        app.center(of: try #require(app.view(named: "cell-0-\(row)")))
    }

    @Test(
        "a swipe left past half the buttons opens the row: its content moves left, Delete at the right edge, Flag beside it"
    )
    func opens() throws {
        let (app, list) = try launch()
        let centre = try rowCentre(app, 2)
        app.drag(from: Point(x: 400, y: centre.y), to: Point(x: 250, y: centre.y))
        app.advance(by: 0.5)
        let cell = try #require(app.view(named: "cell-0-2") as? TableViewCell)
        let delete = try #require(app.view(named: "swipe.Delete"))
        let flag = try #require(app.view(named: "swipe.Flag"))
        let open = delete.bounds.width + flag.bounds.width
        #expect(cell.contentView.frame.minX == -open)
        #expect(app.center(of: delete).x > app.center(of: flag).x, "the first action at the outer edge")
        #expect(delete.convert(Point(x: delete.bounds.maxX, y: 0), to: nil).x == 480)
        #expect(list.heard.isEmpty, "a swipe selects nothing")
        app.assertSnapshot(named: "swipe-actions-open")

        app.tap("swipe.Flag")
        app.advance(by: 0.5)
        #expect(list.heard == ["flag"])
        #expect(cell.contentView.frame.minX == 0, "the action's completion closes the row")
        #expect(app.view(named: "swipe.Flag")?.window == nil)
    }

    @Test(
        "right to left, a swipe right opens the row: its content moves right, Delete at the left edge, Flag beside it"
    )
    func opensFromTheLeftRightToLeft() throws {
        let (app, list) = try launch()
        app.application.userInterfaceLayoutDirection = .rightToLeft
        app.advance(by: 0.1)
        let centre = try rowCentre(app, 2)
        app.drag(from: Point(x: 80, y: centre.y), to: Point(x: 230, y: centre.y))
        app.advance(by: 0.5)
        let cell = try #require(app.view(named: "cell-0-2") as? TableViewCell)
        let delete = try #require(app.view(named: "swipe.Delete"))
        let flag = try #require(app.view(named: "swipe.Flag"))
        let open = delete.bounds.width + flag.bounds.width
        #expect(cell.contentView.frame.minX == open)
        #expect(app.center(of: delete).x < app.center(of: flag).x, "the first action at the outer edge")
        #expect(delete.convert(Point(x: 0, y: 0), to: nil).x == 0)
        #expect(list.heard.isEmpty, "a swipe selects nothing")
        app.tap("swipe.Flag")
        app.advance(by: 0.5)
        #expect(list.heard == ["flag"])
        #expect(cell.contentView.frame.minX == 0)
    }

    @Test("a short swipe springs back closed; a row without actions does not move")
    func shortSwipe() throws {
        let (app, _) = try launch()
        let centre = try rowCentre(app, 3)
        app.drag(from: Point(x: 400, y: centre.y), to: Point(x: 370, y: centre.y), duration: 0.5)
        app.advance(by: 0.5)
        let cell = try #require(app.view(named: "cell-0-3") as? TableViewCell)
        #expect(cell.contentView.frame.minX == 0)
        let first = try rowCentre(app, 0)
        app.drag(from: Point(x: 400, y: first.y), to: Point(x: 200, y: first.y))
        app.advance(by: 0.5)
        #expect((app.view(named: "cell-0-0") as? TableViewCell)?.contentView.frame.minX == 0)
    }

    @Test("while a row is open, a tap elsewhere closes it and does nothing else")
    func tapCloses() throws {
        let (app, list) = try launch()
        let centre = try rowCentre(app, 2)
        app.drag(from: Point(x: 400, y: centre.y), to: Point(x: 250, y: centre.y))
        app.advance(by: 0.5)
        app.tap("cell-0-4")
        app.advance(by: 0.5)
        #expect((app.view(named: "cell-0-2") as? TableViewCell)?.contentView.frame.minX == 0)
        #expect(list.heard.isEmpty, "the tap that closes selects no row")
        app.tap("cell-0-4")
        #expect(list.heard == ["select 4"])
    }

    @Test("Delete removes the row: it fades, the rows below slide up into its place, names and selection follow")
    func deleteAnimates() throws {
        let (app, list) = try launch()
        list.table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
        let centre = try rowCentre(app, 2)
        let below = try #require(app.view(named: "cell-0-3"))
        let oldY = below.frame.minY
        app.drag(from: Point(x: 400, y: centre.y), to: Point(x: 250, y: centre.y))
        app.advance(by: 0.5)
        app.tap("swipe.Delete")
        #expect(list.heard == ["delete Resident 3"])
        app.advance(by: 0.15)
        let midY = below.presentation.center.y - below.bounds.height / 2
        #expect(midY < oldY && midY > oldY - 44, "sliding up: \(midY)")
        app.advance(by: 0.5)
        #expect(below.frame.minY == oldY - 44)
        #expect(below.name == "cell-0-2", "named for its new row")
        #expect(list.table.numberOfRows(inSection: 0) == 29)
        #expect(list.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0), "the selection follows its row")
        #expect(app.view(named: "swipe.Delete")?.window == nil || app.view(named: "swipe.Delete")?.isHidden == true)
    }

    @Test("a full swipe past half the row performs the first action")
    func fullSwipe() throws {
        let (app, list) = try launch()
        let centre = try rowCentre(app, 1)
        app.drag(from: Point(x: 460, y: centre.y), to: Point(x: 100, y: centre.y))
        app.advance(by: 0.6)
        #expect(list.heard == ["delete Resident 2"])
        #expect(list.table.numberOfRows(inSection: 0) == 29)
    }

    @Test("a vertical drag on swipeable rows still scrolls")
    func verticalScrolls() throws {
        let (app, list) = try launch()
        app.drag(from: Point(x: 240, y: 220), to: Point(x: 240, y: 60))
        app.advance(by: 1)
        #expect(list.table.contentOffset.y > 100)
    }

    @Test("a swipe's frames allocate nothing in steady state")
    func swipeAllocations() throws {
        let (app, list) = try launch()
        list.heard.reserveCapacity(100)
        let centre = try rowCentre(app, 2)
        let frames = app.frameAllocations { app in
            app.drag(from: Point(x: 400, y: centre.y), to: Point(x: 380, y: centre.y), duration: 0.5)
            app.advance(by: 0.5)
        }
        #expect(frames.max() == 0, "\(frames)")
    }
}
