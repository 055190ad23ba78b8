// Highlight and selection, UIKit's way. The scroll view's content touch delay
// decides when a cell hears a touch, so the rules follow from it:
// - a cell highlights its row when the touch is delivered to it (after
//   ScrollView.contentTouchDelay, or at the lift of a quick tap);
// - a lift inside the cell selects the row: willSelectRowAt, the old row's
//   didDeselectRowAt, then didSelectRowAt, once;
// - a drag that scrolls either begins before the delay (the cell never hears
//   the touch) or cancels it (touchesCancelled un-highlights): no selection;
// - a control in the cell (an accessory Switch or Slider) keeps its touches
//   (Control does not pass them up the responder chain, and the scroll view's
//   touchesShouldCancel leaves them to it), so the cell never hears them.

extension TableView {
    /// The selected row, or `nil`.
    public var indexPathForSelectedRow: IndexPath? { selectedRow }

    /// Selects the row without telling the delegate (as UIKit); `nil` clears
    /// the selection. Scrolls it to `scrollPosition` unless that is `.none`.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        reloadIfNeeded()
        if let old = selectedRow, old != indexPath { cellForRow(at: old)?.setSelected(false, animated: animated) }
        guard let indexPath, flatIndex(of: indexPath) != nil else {
            selectedRow = nil
            return
        }
        selectedRow = indexPath
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row without telling the delegate; `animated` fades the
    /// selection (what a `didSelectRowAt` that only acts does, as in UIKit).
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedRow == indexPath else { return }
        selectedRow = nil
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
    }

    // MARK: From the cells' touches

    @usableFromInline func cellTouchBegan(_ cell: TableViewCell) {
        // A touch on a row while one is swiped open closes it, and is spent doing so (UIKit's).
        if swipedCell != nil {
            closeSwipe(animated: true)
            return
        }
        guard allowsSelection, let row = cell.displayedRow, cell.superview === self else { return }
        if let delegate = tableDelegate, !delegate.tableView(self, shouldHighlightRowAt: row) { return }
        pendingRow = row
        cell.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: row)
    }

    /// A finger that leaves the cell takes the highlight, and the selection, with it.
    @usableFromInline func cellTouchMoved(_ cell: TableViewCell, inside: Bool) {
        guard !inside, let row = pendingRow, row == cell.displayedRow else { return }
        unhighlight(cell, row)
    }

    @usableFromInline func cellTouchEnded(_ cell: TableViewCell, inside: Bool) {
        guard let row = pendingRow, row == cell.displayedRow else { return }
        unhighlight(cell, row)
        guard inside, allowsSelection else { return }
        userSelectRow(row)
    }

    @usableFromInline func cellTouchCancelled(_ cell: TableViewCell) {
        guard let row = pendingRow, row == cell.displayedRow else { return }
        unhighlight(cell, row)
    }

    @usableFromInline func unhighlight(_ cell: TableViewCell, _ row: IndexPath) {
        pendingRow = nil
        cell.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: row)
    }

    /// A tap's selection: the delegate may redirect or refuse it.
    @usableFromInline func userSelectRow(_ tapped: IndexPath) {
        var row = tapped
        if let delegate = tableDelegate {
            guard let chosen = delegate.tableView(self, willSelectRowAt: tapped), flatIndex(of: chosen) != nil else {
                return
            }
            row = chosen
        }
        if let old = selectedRow, old != row {
            selectedRow = nil
            cellForRow(at: old)?.setSelected(false, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: old)
        }
        selectedRow = row
        cellForRow(at: row)?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: row)
    }
}
