import PanelTesting
import PanelUI
import Testing

// Highlight and selection as UIKit does them (docs/lists.md): the row
// highlights when the touch reaches the cell (after the scroll view's content
// touch delay), a lift inside selects it once, a drag that scrolls never
// selects nor leaves a highlight, and a control in the row keeps its touches.

@Suite("TableView: highlight and selection")
struct TableViewSelectionTests {
    /// Row `row`'s centre on screen (the table is at the window's origin).
    func point(_ list: TableFixture, row: Int) -> Point {
        let rect = list.table.rect(forRow: IndexPath(row: row, section: 0))
        return Point(x: 100, y: rect.midY - list.table.contentOffset.y)
    }

    @Test("A held touch highlights the row after the content delay; the lift inside selects it, once")
    func highlightThenSelect() {
        let list = TableFixture(ListSource(rows: 20))
        let cell = list.table.cellForRow(at: IndexPath(row: 2, section: 0))!
        list.driver.down(1, at: point(list, row: 2))
        #expect(!cell.isHighlighted, "not before the scroll view's content touch delay")
        list.driver.advance(by: ScrollView.contentTouchDelay + 0.01)
        #expect(cell.isHighlighted)
        #expect(list.source.events == ["highlight 0.2"])
        list.driver.up(1)
        #expect(list.source.events == ["highlight 0.2", "unhighlight 0.2", "select 0.2"])
        #expect(!cell.isHighlighted)
        #expect(cell.isSelected)
        #expect(list.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test("A quick tap highlights and selects at the lift")
    func quickTap() {
        let list = TableFixture(ListSource(rows: 20))
        list.driver.tap(at: point(list, row: 4))
        #expect(list.source.events == ["highlight 0.4", "unhighlight 0.4", "select 0.4"])
        #expect(list.table.cellForRow(at: IndexPath(row: 4, section: 0))?.isSelected == true)
    }

    @Test("Selecting another row deselects the first: didDeselectRowAt, then didSelectRowAt")
    func selectingAnotherDeselects() {
        let list = TableFixture(ListSource(rows: 20))
        list.driver.tap(at: point(list, row: 1))
        list.source.events = []
        list.driver.tap(at: point(list, row: 3))
        #expect(list.source.events == ["highlight 0.3", "unhighlight 0.3", "deselect 0.1", "select 0.3"])
        #expect(list.table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == false)
        list.table.deselectRow(at: IndexPath(row: 3, section: 0), animated: true)
        #expect(list.table.indexPathForSelectedRow == nil)
        #expect(list.source.events.count == 4, "deselectRow does not tell the delegate")
    }

    @Test("A drag that scrolls before the content delay never reaches the row: no highlight, no selection")
    func quickDragDoesNotSelect() {
        let list = TableFixture(ListSource(rows: 50))
        let start = point(list, row: 5)
        list.driver.down(1, at: start)
        for step in 1...10 { list.driver.move(1, to: Point(x: start.x, y: start.y - Double(step) * 15)) }
        list.driver.up(1)
        list.settle()
        #expect(list.table.contentOffset.y > 0)
        #expect(list.source.events.isEmpty)
        #expect(list.table.indexPathForSelectedRow == nil)
        #expect(list.table.visibleCells.allSatisfy { !$0.isHighlighted && !$0.isSelected })
    }

    @Test("A drag that scrolls after the row highlighted cancels the touch: the highlight goes, no selection")
    func heldDragDoesNotSelect() {
        let list = TableFixture(ListSource(rows: 50))
        let start = point(list, row: 5)
        list.driver.down(1, at: start)
        list.driver.advance(by: 0.2)
        #expect(list.source.events == ["highlight 0.5"])
        for step in 1...10 { list.driver.move(1, to: Point(x: start.x, y: start.y - Double(step) * 15)) }
        list.driver.up(1)
        list.settle()
        #expect(list.table.contentOffset.y > 0)
        #expect(list.source.events == ["highlight 0.5", "unhighlight 0.5"])
        #expect(list.table.indexPathForSelectedRow == nil)
        #expect(list.table.visibleCells.allSatisfy { !$0.isHighlighted && !$0.isSelected })
    }

    @Test("A tap on a switch in the row toggles the switch and does not select the row")
    func accessorySwitchDoesNotSelect() {
        let source = ListSource(rows: 20)
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 56, height: 32), name: "toggle")
        source.accessories[IndexPath(row: 1, section: 0)] = toggle
        let list = TableFixture(source)
        #expect(toggle.superview === list.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let center = toggle.convert(Point(x: 28, y: 16), to: nil)
        list.driver.tap(at: center)
        list.settle()
        #expect(toggle.isOn)
        #expect(list.source.events.isEmpty)
        #expect(list.table.indexPathForSelectedRow == nil)
        // The rest of the row still selects.
        list.driver.tap(at: point(list, row: 1))
        #expect(list.source.events.last == "select 0.1")
    }

    @Test("A slider in the row, held then dragged, changes its value and neither scrolls nor selects the row")
    func accessorySliderDoesNotSelect() {
        let source = ListSource(rows: 20)
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 160, height: 40), name: "slider", value: 0)
        source.accessories[IndexPath(row: 0, section: 0)] = slider
        let list = TableFixture(source)
        let thumb = slider.convert(Point(x: 14, y: 20), to: nil)
        list.driver.down(1, at: thumb)
        list.driver.advance(by: 0.2) // the content touch delay: the slider has the touch
        for step in 1...10 { list.driver.move(1, to: Point(x: thumb.x + Double(step) * 10, y: thumb.y)) }
        list.driver.up(1)
        #expect(slider.value > 0.5)
        #expect(list.table.contentOffset.y == 0)
        #expect(list.source.events.isEmpty)
    }

    @Test("allowsSelection false: touches neither highlight nor select")
    func selectionDisallowed() {
        let list = TableFixture(ListSource(rows: 20))
        list.table.allowsSelection = false
        list.driver.tap(at: point(list, row: 2))
        #expect(list.source.events.isEmpty)
        #expect(list.table.indexPathForSelectedRow == nil)
    }

    @Test(
        "selectRow from code selects (and scrolls) without telling the delegate; the cell shows it when it scrolls in")
    func selectFromCode() {
        let list = TableFixture(ListSource(rows: 100))
        list.table.selectRow(at: IndexPath(row: 60, section: 0), animated: false, scrollPosition: .top)
        #expect(list.table.contentOffset.y == 60 * 44)
        #expect(list.table.cellForRow(at: IndexPath(row: 60, section: 0))?.isSelected == true)
        #expect(list.table.cellForRow(at: IndexPath(row: 61, section: 0))?.isSelected == false)
        #expect(list.source.events.isEmpty)
    }
}
