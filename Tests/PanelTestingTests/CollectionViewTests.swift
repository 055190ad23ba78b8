import PanelKit
import PanelTesting
import PanelUI
import Testing

// CollectionView with a flow layout, through real drags and taps.

final class TileCell: CollectionViewCell {
    let title = Label(name: "title")

    required init(frame: Rect = .zero, reuseIdentifier: String?) {
        super.init(frame: frame, reuseIdentifier: reuseIdentifier)
        // The tile's colour on the cell, under the selected background (an opaque contentView would hide it).
        backgroundColor = Theme.standard.surface
        layer.cornerRadius = 6
        clipsToBounds = true
        selectedBackgroundView.backgroundColor = Theme.standard.accent
        title.textAlignment = .center
        contentView.addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let frame = Rect(x: 0, y: (bounds.height - 24) / 2, width: bounds.width, height: 24)
        if title.frame != frame { title.frame = frame }
    }
}

final class GridController: ViewController, LoneScreen, CollectionViewDataSource, CollectionViewDelegate {
    static let titles = [(0..<60).map { "Tile \($0)" }, (0..<7).map { "Extra \($0)" }]
    var heard: [String] = []
    var logs = true
    var cellsMade = Set<ObjectIdentifier>()
    let layout = CollectionViewFlowLayout()
    lazy var grid = CollectionView(frame: .zero, collectionViewLayout: layout, name: "grid")

    override func loadView() {
        layout.itemSize = Size(width: 100, height: 80)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        grid.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = self
        grid.collectionDelegate = self
        view = grid
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { 2 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        Self.titles[section].count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        if logs { cellsMade.insert(ObjectIdentifier(cell)) }
        (cell as? TileCell)?.title.text = Self.titles[indexPath.section][indexPath.item]
        return cell
    }
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        if logs { heard.append("shouldHighlight \(indexPath.item)") }
        return true
    }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        if logs { heard.append("didHighlight \(indexPath.item)") }
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        if logs { heard.append("didUnhighlight \(indexPath.item)") }
    }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        if logs { heard.append("shouldSelect \(indexPath.item)") }
        return true
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        if logs { heard.append("didSelect \(indexPath.item)") }
    }
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        if logs { heard.append("shouldDeselect \(indexPath.item)") }
        return true
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        if logs { heard.append("didDeselect \(indexPath.item)") }
    }
}

@Suite("CollectionView with a flow layout")
struct CollectionViewTests {
    func launch() throws -> (AppTester, GridController) {
        let app = try AppTester(LoneScreenApp<GridController>.self, screenSize: Size(width: 480, height: 272))
        let controller = try #require(app.delegate(as: LoneScreenApp<GridController>.self)).controller
        app.advance(by: 0.1)
        return (app, controller)
    }

    @Test(
        "the flow layout: as many items as fit in a line, the room left spread between them, lines apart by minimumLineSpacing"
    )
    func layout() throws {
        let (app, controller) = try launch()
        let grid = controller.grid
        // 460 points between the insets: 4 items of 100 with 20 between them.
        #expect(grid.frameForItem(at: IndexPath(item: 0, section: 0)) == Rect(x: 10, y: 10, width: 100, height: 80))
        #expect(grid.frameForItem(at: IndexPath(item: 1, section: 0)) == Rect(x: 130, y: 10, width: 100, height: 80))
        #expect(grid.frameForItem(at: IndexPath(item: 3, section: 0)) == Rect(x: 370, y: 10, width: 100, height: 80))
        #expect(grid.frameForItem(at: IndexPath(item: 4, section: 0)) == Rect(x: 10, y: 100, width: 100, height: 80))
        // 15 lines in section 0 (10 + 15·80 + 14·10 + 10 = 1360), then section 1's inset.
        #expect(grid.frameForItem(at: IndexPath(item: 0, section: 1)) == Rect(x: 10, y: 1370, width: 100, height: 80))
        #expect(grid.contentSize.height == 1370 + 80 + 10 + 80 + 10)
        #expect(grid.numberOfSections == 2)
        #expect(grid.numberOfItems(inSection: 1) == 7)
        #expect(grid.indexPathForItem(at: Point(x: 150, y: 120)) == IndexPath(item: 5, section: 0))
        #expect(grid.indexPathForItem(at: Point(x: 120, y: 120)) == nil, "a gap")
        #expect(grid.indexPathsForVisibleItems.count == 12, "three lines on screen")
        #expect(app.view(named: "item-0-5") === grid.cellForItem(at: IndexPath(item: 5, section: 0)))
        app.assertSnapshot(named: "collection-grid")
        controller.layout.itemSize = Size(width: 150, height: .nan)
        #expect(grid.frameForItem(at: IndexPath(item: 1, section: 0)) == Rect(x: 320, y: 10, width: 150, height: 0))
        #expect(grid.frameForItem(at: IndexPath(item: 2, section: 0)).minY == 20, "2 across; a NaN height counts as 0")
    }

    @Test(
        "a tap selects: shouldHighlight, didHighlight, didUnhighlight, shouldSelect, didSelect; another tap deselects the first"
    )
    func tapSelects() throws {
        let (app, controller) = try launch()
        app.tap("item-0-5")
        #expect(
            controller.heard == [
                "shouldHighlight 5", "didHighlight 5", "didUnhighlight 5", "shouldSelect 5", "didSelect 5"
            ])
        #expect(controller.grid.indexPathsForSelectedItems == [IndexPath(item: 5, section: 0)])
        #expect(controller.grid.cellForItem(at: IndexPath(item: 5, section: 0))?.isSelected == true)
        controller.heard = []
        app.tap("item-0-2")
        #expect(
            controller.heard == [
                "shouldHighlight 2", "didHighlight 2", "didUnhighlight 2", "shouldSelect 2", "didDeselect 5",
                "didSelect 2"
            ])
        #expect(controller.grid.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(controller.grid.cellForItem(at: IndexPath(item: 5, section: 0))?.isSelected == false)
        app.assertSnapshot(named: "collection-grid-selected")
    }

    @Test(
        "right to left, each line of the flow starts at the right, as UIKit's flow layout flips; a tap finds the item there"
    )
    func flowRightToLeft() throws {
        let (app, controller) = try launch()
        let grid = controller.grid
        app.application.userInterfaceLayoutDirection = .rightToLeft
        app.advance(by: 0.1)
        let width = grid.bounds.width
        #expect(
            grid.frameForItem(at: IndexPath(item: 0, section: 0)) == Rect(x: width - 110, y: 10, width: 100, height: 80)
        )
        #expect(
            grid.frameForItem(at: IndexPath(item: 3, section: 0)) == Rect(x: width - 470, y: 10, width: 100, height: 80)
        )
        #expect(
            grid.frameForItem(at: IndexPath(item: 4, section: 0)).maxX == width - 10, "the next line at the right again"
        )
        #expect(grid.indexPathForItem(at: Point(x: width - 60, y: 50)) == IndexPath(item: 0, section: 0))
        #expect(app.view(named: "item-0-0").map { app.center(of: $0).x } == width - 60)
        app.application.userInterfaceLayoutDirection = .leftToRight
        app.advance(by: 0.1)
        #expect(grid.frameForItem(at: IndexPath(item: 0, section: 0)) == Rect(x: 10, y: 10, width: 100, height: 80))
    }

    @Test("allowsMultipleSelection: taps add items; a tap on a selected item deselects it")
    func multipleSelection() throws {
        let (app, controller) = try launch()
        controller.grid.allowsMultipleSelection = true
        app.tap("item-0-1")
        app.tap("item-0-6")
        #expect(
            controller.grid.indexPathsForSelectedItems == [
                IndexPath(item: 1, section: 0), IndexPath(item: 6, section: 0)
            ])
        controller.heard = []
        app.tap("item-0-1")
        #expect(
            controller.heard == [
                "shouldHighlight 1", "didHighlight 1", "didUnhighlight 1", "shouldDeselect 1", "didDeselect 1"
            ])
        #expect(controller.grid.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
        controller.grid.allowsMultipleSelection = false
        #expect(controller.grid.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
    }

    @Test(
        "a drag scrolls and selects nothing; cells are reused: a fling to the end makes at most a screenful and a line more"
    )
    func scrollReuses() throws {
        let (app, controller) = try launch()
        let grid = controller.grid
        app.drag(from: Point(x: 240, y: 230), to: Point(x: 240, y: 60), duration: 0.3)
        #expect(grid.contentOffset.y > 100)
        #expect(!controller.heard.contains { $0.hasPrefix("didSelect") })
        #expect(grid.indexPathsForSelectedItems.isEmpty)
        for _ in 0..<6 {
            app.drag(from: Point(x: 240, y: 240), to: Point(x: 240, y: 20), duration: 0.1, steps: 4)
            app.advance(by: 0.3)
        }
        app.advance(by: 5)
        #expect(grid.contentOffset.y == grid.maximumContentOffset.y)
        #expect(app.view(named: "item-1-6") != nil, "the last item shows")
        #expect(controller.cellsMade.count <= 16, "\(controller.cellsMade.count) cells made")
        let visible = grid.visibleCells
        #expect(visible.count == grid.indexPathsForVisibleItems.count)
        #expect(visible.allSatisfy { !$0.isHidden })
    }

    @Test(
        "selectItem(at:animated:scrollPosition:) selects without the delegate and scrolls; reloadData clears the selection"
    )
    func selectFromCode() throws {
        let (app, controller) = try launch()
        let grid = controller.grid
        grid.selectItem(at: IndexPath(item: 3, section: 1), animated: false, scrollPosition: .centeredVertically)
        app.advance(by: 0.1)
        #expect(controller.heard.isEmpty)
        #expect(grid.indexPathsForSelectedItems == [IndexPath(item: 3, section: 1)])
        #expect(grid.cellForItem(at: IndexPath(item: 3, section: 1))?.isSelected == true)
        grid.deselectItem(at: IndexPath(item: 3, section: 1), animated: false)
        #expect(grid.indexPathsForSelectedItems.isEmpty)
        grid.selectItem(at: IndexPath(item: 0, section: 1), animated: false, scrollPosition: .none)
        grid.reloadData()
        #expect(grid.indexPathsForSelectedItems.isEmpty)
        #expect(grid.cellForItem(at: IndexPath(item: 0, section: 1))?.isSelected == false)
    }

    @Test("a grid scroll allocates nothing per frame: the drag's input frames and the display-link frames of its fling")
    func scrollAllocatesNothing() throws {
        let (app, controller) = try launch()
        controller.logs = false
        let grid = controller.grid
        let fling = { (app: AppTester) in
            app.drag(from: Point(x: 240, y: 240), to: Point(x: 240, y: 120), duration: 0.08, steps: 4)
        }
        let back = { (app: AppTester) in
            app.advance(by: 3)
            grid.setContentOffset(.zero, animated: false)
            app.advance(by: 0.1)
        }
        for _ in 0..<3 {
            fling(app)
            back(app)
        }
        let input = app.frameAllocations { app in
            fling(app)
            back(app)
        }
        fling(app)
        var display: [UInt64] = []
        for _ in 0..<90 {
            display.append(AllocationCounter.count { app.advance(by: 1.0 / 60) })
        }
        #expect(grid.isDecelerating && grid.contentOffset.y > 300, "it glides all along: \(grid.contentOffset.y)")
        #expect(input.max() == 0, "\(input)")
        #expect(display.max() == 0, "\(display)")
    }
}
