import PanelTesting
import PanelUI
import Testing

// What a table does when its data changes under it: from inside its own
// data source, in the middle of a fling, or to heights that are not numbers
// (issue 34 rows 10, 11 and 21). UIKit: reloadData from cellForRowAt is
// undefined but never crashes, a reload that shortens the content clamps
// the offset, and a bad row height is the app's bug, not the whole list's.

/// A ListSource that, the first time it is asked for `trigger`'s cell,
/// shortens its rows to `remaining` and reloads the table from inside `cellForRowAt`.
final class ShrinkingSource: TableViewDataSource {
    lazy var lifetime = Lifetime(of: self)
    var rows: [String]
    let trigger: Int
    let remaining: Int
    var hasShrunk = false
    /// The rows asked for after the data shrank.
    var askedAfterShrinking: [Int] = []

    init(rows: Int, shrinkingTo remaining: Int, atRow trigger: Int) {
        self.rows = (0..<rows).map { "Row \($0)" }
        self.remaining = remaining
        self.trigger = trigger
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if hasShrunk { askedAfterShrinking.append(indexPath.row) }
        // An app's data source reads its own model, which traps past its end.
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = rows[indexPath.row]
        if indexPath.row == trigger && !hasShrunk {
            hasShrunk = true
            rows.removeLast(rows.count - remaining)
            tableView.reloadData()
        }
        return cell
    }
}

@Suite("TableView: data that changes under the table")
struct TableViewDataChangeTests {
    /// A 320x440 table (ten 44-point rows) showing `source`, in a window.
    static func table(_ source: some TableViewDataSource, driver: TouchDriver) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), name: "table")
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        driver.window.addSubview(table)
        return table
    }

    // Issue 34 row 10: `reloadData()` with fewer rows from inside `cellForRowAt`
    // trapped with "Index out of range" in TableView.place. UIKit leaves it
    // undefined but does not crash; here the pass in progress stops making
    // cells, and the reload runs as soon as it ends.
    @Test(
        "reloadData with fewer rows from inside cellForRowAt: no crash, the new rows show, no row past the new end is asked for"
    )
    func reloadFromInsideCellForRowAt() {
        let driver = TouchDriver()
        let source = ShrinkingSource(rows: 20, shrinkingTo: 2, atRow: 3)
        let table = Self.table(source, driver: driver)
        driver.advance(by: 1.0 / 60)
        #expect(table.visibleCells.map(\.textLabel.text) == ["Row 0", "Row 1"])
        #expect(table.numberOfRows(inSection: 0) == 2)
        #expect(source.askedAfterShrinking.allSatisfy { $0 < 2 })
        #expect(table.contentSize.height == 88)
    }

    // Issue 34 row 10, the same from an app's own reloadData (the pass is the reload's).
    @Test("reloadData with fewer rows from inside cellForRowAt, during the app's own reloadData")
    func reloadFromInsideCellForRowAtDuringReload() {
        let driver = TouchDriver()
        let source = ListSource(rows: 20)
        let table = Self.table(source, driver: driver)
        let shrinking = ShrinkingSource(rows: 30, shrinkingTo: 5, atRow: 7)
        table.dataSource = shrinking // reloads at once: the window has the table
        #expect(table.visibleCells.map(\.textLabel.text) == (0..<5).map { "Row \($0)" })
        #expect(shrinking.askedAfterShrinking.allSatisfy { $0 < 5 })
        // And the table goes on working.
        shrinking.rows = (0..<40).map { "Item \($0)" }
        table.reloadData()
        #expect(table.visibleCells.count == 10)
    }

    // Issue 34 row 10, from a height: the reload waits for the table to have
    // asked every height, rather than rebuild its tables under that loop.
    @Test("reloadData with fewer rows from inside heightForRowAt: no crash, the new rows show")
    func reloadFromInsideHeightForRowAt() {
        let source = ListSource(rows: 30)
        let list = TableFixture(source)
        var hasShrunk = false
        source.heights = { indexPath in
            if indexPath.row == 5 && !hasShrunk {
                hasShrunk = true
                source.sections = [["Row 0", "Row 1", "Row 2"]]
                list.table.reloadData()
            }
            return 44
        }
        list.table.reloadData()
        #expect(list.rowTexts == ["Row 0", "Row 1", "Row 2"])
        #expect(list.table.numberOfRows(inSection: 0) == 3)
        #expect(list.table.contentSize.height == 132)
        source.heights = nil // the closure holds the table, which holds the source: no cycle left behind
    }

    /// A list of 1,000 rows flung up, `frames` frames into its deceleration.
    static func flingingList(frames: Int) -> (TableFixture, ListSource) {
        let source = ListSource(rows: 1_000)
        let list = TableFixture(source)
        list.fling(by: 400)
        list.frames(frames)
        #expect(list.table.isDecelerating)
        return (list, source)
    }

    // Issue 34 row 11: a reload that shortened the content during a fling
    // left `contentOffset` about 2,446 pt past 132 pt of content, and the list
    // blank until the next drag. UIKit clamps the offset: the rows show at once.
    @Test("reloadData with fewer rows during a fling clamps the offset: the rows show at once and the fling stops")
    func reloadDuringFlingClampsTheOffset() {
        let (list, source) = Self.flingingList(frames: 20)
        #expect(list.table.contentOffset.y > 1_000)
        source.sections = [["Row 0", "Row 1", "Row 2"]] // 132 pt of content
        list.table.reloadData()
        #expect(list.table.contentOffset.y == 0)
        #expect(list.rowTexts == ["Row 0", "Row 1", "Row 2"])
        list.frames(3)
        #expect(list.table.contentOffset.y == 0)
        #expect(list.rowTexts == ["Row 0", "Row 1", "Row 2"])
        list.settle()
        #expect(!list.table.isDecelerating)
        #expect(list.table.contentOffset.y == 0)
    }

    // Issue 34 row 11: when the offset still lies within the shorter content,
    // the fling goes on and comes to rest within it (bouncing off its new end).
    @Test("reloadData with fewer rows during a fling that is still within the new content: it comes to rest within it")
    func flingEndsWithinTheShorterContent() {
        let (list, source) = Self.flingingList(frames: 2)
        let offset = list.table.contentOffset.y
        // The content now ends a screen and a half below where it is.
        let rows = Int((offset + 660) / 44)
        source.sections = [(0..<rows).map { "Row \($0)" }]
        list.table.reloadData()
        #expect(list.table.contentOffset.y == offset) // nothing jumps
        list.settle()
        let maximum = Double(rows) * 44 - 440
        #expect(!list.table.isDecelerating)
        #expect(list.table.contentOffset.y <= maximum)
        #expect(list.table.contentOffset.y >= 0)
        #expect(list.table.visibleCells.count >= 10)
        #expect(list.rowTexts.last == "Row \(rows - 1)")
    }

    // Issue 34 row 21: an infinite row height made the whole table blank, and
    // the warning named the table, not the height. A height that is not a
    // number from 0 to TableView.maximumRowHeight is the app's bug in that row:
    // it is warned about once (table, row, height) and shown at rowHeight.
    @Test(
        "A row height that is infinite, NaN, negative or huge: that row gets rowHeight, the others show, one warning names it"
    )
    func badRowHeightsAreSanitizedPerRow() {
        let source = ListSource(rows: 50)
        let bad: [Int: Double] = [2: .infinity, 3: .nan, 4: -10, 5: 1e300]
        source.heights = { bad[$0.row] ?? 30 }
        let list = TableFixture(source)
        let table = list.table
        list.driver.advance(by: 1.0 / 60)
        for row in 2...5 {
            #expect(table.rect(forRow: IndexPath(row: row, section: 0)).height == table.rowHeight)
        }
        #expect(
            table.rect(forRow: IndexPath(row: 6, section: 0))
                == Rect(x: 0, y: 6 * 30 + 4 * 44 - 4 * 30, width: 320, height: 30))
        #expect(table.contentSize.height == 46 * 30 + 4 * 44)
        // The rows on screen show, the good ones and the bad ones alike.
        #expect(list.rowTexts == (0..<13).map { "Row \($0)" })
        #expect(table.visibleCells.allSatisfy { $0.frame.height.isFinite && $0.frame.height > 0 })
        let warnings = list.driver.application.warnings.said
        #expect(!warnings.contains { $0.kind == .nonFiniteGeometry })
        let rowWarnings = warnings.filter { $0.message.contains("height") && $0.message.contains("'table'") }
        #expect(rowWarnings.count == 1)
        #expect(rowWarnings.first?.message.contains("row 2 of section 0") == true)
        #expect(rowWarnings.first?.message.contains("inf") == true)
        // Scrolling to the end still works.
        table.scrollToRow(at: IndexPath(row: 49, section: 0), at: .bottom, animated: false)
        #expect(list.rowTexts.last == "Row 49")
    }
}
