// Highlight and selection, UIKit's way, by the same rules as TableView's
// (TableView+Selection.swift): a cell highlights when the touch reaches it
// (after the content touch delay, or at the lift of a quick tap), a lift
// inside selects, a drag that scrolls selects nothing. With
// allowsMultipleSelection a tap on a selected item deselects it.

extension CollectionView {
    /// The selected items, in the order they were selected.
    public var indexPathsForSelectedItems: [IndexPath] {
        var items: [IndexPath] = []
        var i = 0
        while i < selectedItems.count {
            items.append(selectedItems[i])
            i += 1
        }
        return items
    }

    /// Selects the item without telling the delegate (as UIKit); without
    /// multiple selection it replaces the selection; `nil` clears it. Scrolls
    /// the item to `scrollPosition` unless that is `.none`.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        reloadIfNeeded()
        guard let indexPath, flatIndex(of: indexPath) != nil else {
            if indexPath == nil { clearSelection(keeping: nil) }
            return
        }
        if !allowsMultipleSelection { clearSelection(keeping: indexPath) }
        if !isSelected(indexPath) { selectedItems.append(indexPath) }
        cellForItem(at: indexPath)?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item without telling the delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard let i = selectionIndex(indexPath) else { return }
        removeSelection(at: i)
        cellForItem(at: indexPath)?.setSelected(false, animated: animated)
    }

    @usableFromInline func isSelected(_ indexPath: IndexPath) -> Bool { selectionIndex(indexPath) != nil }

    @usableFromInline func selectionIndex(_ indexPath: IndexPath) -> Int? {
        var i = 0
        while i < selectedItems.count {
            if selectedItems[i] == indexPath { return i }
            i += 1
        }
        return nil
    }

    @usableFromInline func removeSelection(at i: Int) {
        selectedItems.removeShifting(at: i)
    }

    /// Deselects every item but `kept`, without telling the delegate.
    @usableFromInline func clearSelection(keeping kept: IndexPath?) {
        var i = 0
        while i < selectedItems.count {
            let item = selectedItems[i]
            if item == kept {
                i += 1
            } else {
                removeSelection(at: i)
                cellForItem(at: item)?.setSelected(false, animated: false)
            }
        }
    }

    // MARK: From the cells' touches

    @usableFromInline func cellTouchBegan(_ cell: CollectionViewCell) {
        guard allowsSelection, let item = cell.displayedItem, cell.superview === self else { return }
        if let delegate = collectionDelegate, !delegate.collectionView(self, shouldHighlightItemAt: item) { return }
        pendingItem = item
        cell.setHighlighted(true, animated: false)
        collectionDelegate?.collectionView(self, didHighlightItemAt: item)
    }

    @usableFromInline func cellTouchMoved(_ cell: CollectionViewCell, inside: Bool) {
        guard !inside, let item = pendingItem, item == cell.displayedItem else { return }
        unhighlight(cell, item)
    }

    @usableFromInline func cellTouchEnded(_ cell: CollectionViewCell, inside: Bool) {
        guard let item = pendingItem, item == cell.displayedItem else { return }
        unhighlight(cell, item)
        guard inside, allowsSelection else { return }
        userTapped(item)
    }

    @usableFromInline func cellTouchCancelled(_ cell: CollectionViewCell) {
        guard let item = pendingItem, item == cell.displayedItem else { return }
        unhighlight(cell, item)
    }

    @usableFromInline func unhighlight(_ cell: CollectionViewCell, _ item: IndexPath) {
        pendingItem = nil
        cell.setHighlighted(false, animated: false)
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: item)
    }

    /// A tap's selection (UIKit's order): with multiple selection a selected
    /// item is deselected (`shouldDeselectItemAt`, `didDeselectItemAt`);
    /// else `shouldSelectItemAt`, the other items' `didDeselectItemAt`, `didSelectItemAt`.
    @usableFromInline func userTapped(_ item: IndexPath) {
        let delegate = collectionDelegate
        if allowsMultipleSelection, let i = selectionIndex(item) {
            if let delegate, !delegate.collectionView(self, shouldDeselectItemAt: item) { return }
            removeSelection(at: i)
            cellForItem(at: item)?.setSelected(false, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: item)
            return
        }
        if let delegate, !delegate.collectionView(self, shouldSelectItemAt: item) { return }
        if !allowsMultipleSelection {
            var i = 0
            while i < selectedItems.count {
                let old = selectedItems[i]
                if old == item {
                    i += 1
                    continue
                }
                removeSelection(at: i)
                cellForItem(at: old)?.setSelected(false, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: old)
            }
        }
        if !isSelected(item) { selectedItems.append(item) }
        cellForItem(at: item)?.setSelected(true, animated: false)
        collectionDelegate?.collectionView(self, didSelectItemAt: item)
    }
}
