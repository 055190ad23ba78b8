/// Deleting rows with an animation: UIKit's `deleteRows(at:with:)`.
///
/// The app removes the rows from its data first, then calls it: the table
/// asks the data source for its counts and heights again, the deleted rows'
/// cells leave as `RowAnimation` says, and the rows below slide up into
/// their place over `rowAnimationDuration`. The selection follows its row (a
/// deleted selected row is deselected); a swiped row that is deleted closes.
extension TableView {
    /// UIKit's `UITableView.RowAnimation`.
    public enum RowAnimation: Equatable, Sendable {
        /// `.fade` here, as UIKit's usually is for a deletion.
        case automatic
        case fade
        /// The deleted row slides out to the left (or right) while it fades.
        case left
        case right
        /// Fades, as `.fade` (the row's content does not slide up or down under its neighbours).
        case top
        case bottom
        /// At once, nothing moves.
        case none
    }

    /// How long deleted rows take to leave and the rows below to close up: UIKit's 0.3 s.
    public static let rowAnimationDuration = 0.3

    /// Removes the rows at `indexPaths` (which the data source no longer has) with `animation`.
    /// Called while the table is asking its data source, it is a `reloadData()` when that ends.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard !isUpdatingContent else { return reloadData() }
        guard !reloadIfNeeded() else { return }
        // The rows' indices in the old tables, in order.
        var deleted: [Int] = []
        for indexPath in indexPaths {
            if let index = flatIndex(of: indexPath), !deleted.contains(index) { deleted.append(index) }
        }
        deleted.sort()
        func shifted(_ index: Int) -> Int? {
            var before = 0
            for gone in deleted {
                if gone == index { return nil }
                if gone < index { before += 1 }
            }
            return index - before
        }
        let oldSelection = selectedRow.flatMap { flatIndex(of: $0) }.flatMap(shifted)
        isUpdatingContent = true
        // The deleted rows' cells leave the table's list; the others take their new indices.
        var leaving: [TableViewCell] = []
        var i = 0
        while i < visibleRows.count {
            if let index = shifted(visibleRows[i].index) {
                visibleRows[i].index = index
                i += 1
            } else {
                leaving.append(visibleRows[i].cell)
                removeVisibleRow(at: i)
            }
        }
        if let open = swipedCell, leaving.contains(where: { $0 === open }) { closeSwipe(animated: false) }
        pendingRow = nil
        rebuildRowTable()
        selectedRow = oldSelection.map { indexPath(forIndex: $0) }
        i = 0
        while i < visibleRows.count {
            let row = indexPath(forIndex: visibleRows[i].index)
            let cell = visibleRows[i].cell
            cell.displayedRow = row
            cell.nameForRow(row)
            if cell.isSelected != (row == selectedRow) { cell.setSelected(row == selectedRow, animated: false) }
            i += 1
        }
        isUpdatingContent = false

        let animated = animation != .none && window?.owningApplication != nil
        let width = bounds.width
        // Leaving cells stay above the others while they go.
        for cell in leaving { bringSubviewToFront(cell) }
        let moves = {
            var j = 0
            while j < self.visibleRows.count {
                self.place(self.visibleRows[j].cell, self.visibleRows[j].index, width)
                j += 1
            }
            for cell in leaving {
                cell.alpha = 0
                if animation == .left { cell.center.x -= width }
                if animation == .right { cell.center.x += width }
            }
        }
        let finish = { [self] in
            for cell in leaving {
                View.performWithoutAnimation {
                    cell.alpha = 1
                    cell.frame = Rect(x: 0, y: cell.frame.minY, width: width, height: cell.bounds.height)
                }
                if cell.superview === self { sendSubviewToBack(cell) }
                recycle(cell)
            }
        }
        if animated {
            View.animate(
                withDuration: TableView.rowAnimationDuration, options: [.curveEaseInOut, .allowUserInteraction],
                animations: moves, completion: { _ in finish() })
        } else {
            View.performWithoutAnimation(moves)
            finish()
        }
        // Rows that came into view at the bottom, in place at once.
        View.performWithoutAnimation { updateContent() }
    }
}
