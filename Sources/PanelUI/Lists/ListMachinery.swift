// What TableView and CollectionView share: the reuse pools, the reload
// protocol, the index arithmetic on section starts and sorted edges, and the
// visible-cell lookups.

/// A cell a list keeps in a pool per reuse identifier: `TableViewCell`,
/// `CollectionViewCell`.
@usableFromInline protocol ReusableCell: View {
    /// A new cell of this class for `reuseIdentifier` (through a `required`
    /// initializer, so a subclass's own runs).
    static func makeReusableCell(reuseIdentifier: String) -> Self
    var reuseIdentifier: String? { get }
    func prepareForReuse()
}

/// The registered cell classes of a `TableView` or `CollectionView` and
/// their pools of cells off screen, per reuse identifier. A few identifiers,
/// searched in order: no hashing (Embedded has no seeded Hasher).
@usableFromInline struct CellReusePool<Cell: ReusableCell> {
    @usableFromInline struct Registration {
        @usableFromInline var identifier: String
        @usableFromInline var cellClass: Cell.Type
        @usableFromInline var pool: ContiguousArray<Cell>
        /// Cells made for this identifier: the pool has room for all of them, so
        /// recycling a whole screenful at once (a jump to the top) allocates nothing.
        @usableFromInline var cellsMade = 0
    }
    @usableFromInline var registrations: ContiguousArray<Registration> = []

    @usableFromInline init() {}

    @usableFromInline mutating func register(_ cellClass: Cell.Type, _ identifier: String) {
        if let i = index(identifier) {
            registrations[i].cellClass = cellClass
        } else {
            registrations.append(Registration(identifier: identifier, cellClass: cellClass, pool: []))
        }
    }

    /// A pooled cell for `identifier` (after its `prepareForReuse()`), a new
    /// one if a class is registered for it, else `nil`.
    @usableFromInline mutating func dequeue(_ identifier: String) -> Cell? {
        guard let i = index(identifier) else { return nil }
        if let cell = registrations[i].pool.popLast() {
            cell.prepareForReuse()
            return cell
        }
        registrations[i].cellsMade += 1
        registrations[i].pool.reserveCapacity(registrations[i].cellsMade)
        return registrations[i].cellClass.makeReusableCell(reuseIdentifier: identifier)
    }

    /// Puts the cell back in its pool; false if its identifier is not registered.
    @usableFromInline mutating func recycle(_ cell: Cell) -> Bool {
        guard let identifier = cell.reuseIdentifier, let i = index(identifier) else { return false }
        registrations[i].pool.append(cell)
        return true
    }

    @usableFromInline func index(_ identifier: String) -> Int? {
        var i = 0
        while i < registrations.count {
            if sameBytes(registrations[i].identifier, identifier) { return i }
            i += 1
        }
        return nil
    }
}

/// Binary searches on the sorted edges lists keep (prefix sums of rows, lines of items).
@usableFromInline enum SortedEdges {
    /// The first index whose value is above `y` (the count if none).
    @usableFromInline static func firstIndex(above y: Double, in values: ContiguousArray<Double>) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The first index whose value is at or above `y` (the count if none).
    @usableFromInline static func firstIndex(atOrAbove y: Double, in values: ContiguousArray<Double>) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] >= y { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension ContiguousArray {
    /// `insert(_:at:)`, shifting by hand: the standard one allocates in unoptimized builds.
    @usableFromInline mutating func insertShifting(_ element: Element, at i: Int) {
        append(element)
        var j = count - 1
        while j > i {
            self[j] = self[j - 1]
            j -= 1
        }
        self[i] = element
    }

    /// `remove(at:)`, shifting by hand: the standard one allocates in unoptimized builds.
    @usableFromInline mutating func removeShifting(at i: Int) {
        var j = i
        while j + 1 < count {
            self[j] = self[j + 1]
            j += 1
        }
        _ = popLast()
    }
}

/// A scroll view that shows cells for the part of its data on screen
/// (`TableView`, `CollectionView`), and the reload protocol they share: a
/// reload asked for while a pass is calling the data source waits for the
/// pass to end; a pass tiles again while it asked for a reload or moved the
/// offset, at most three times (a data source that reloads on every pass
/// gets it at the next layout).
@usableFromInline protocol ReloadingListView: ScrollView {
    var needsReload: Bool { get set }
    /// A reload or a tiling pass is running: it calls the data source and
    /// delegate, and a `reloadData` they ask for waits for the pass to end.
    var isUpdatingContent: Bool { get set }
    /// The bounds the cells on screen were tiled for.
    var tiledBounds: Rect { get }
    /// The reload itself: every cell back to its pool, the tables built anew.
    func rebuildContent()
    /// Shows exactly the cells in the visible area.
    func tileVisibleContent()
}

extension ReloadingListView {
    /// `reloadData()`: now, or at the end of the pass running.
    @usableFromInline func requestReload() {
        needsReload = true
        guard !isUpdatingContent else { return }
        updateContent()
    }

    /// Reloads if asked, then tiles the visible area, again while a pass
    /// asked for a reload or moved the offset.
    @usableFromInline func updateContent() {
        isUpdatingContent = true
        defer { isUpdatingContent = false }
        var passes = 0
        repeat {
            if needsReload { rebuildContent() }
            tileVisibleContent()
            passes += 1
        } while (needsReload || tiledBounds != bounds) && passes < 3
        if needsReload { setNeedsLayout() }
    }

    /// Marks the data stale: reloaded now when on screen, else at the first need.
    @usableFromInline func setNeedsReload() {
        needsReload = true
        if window != nil { requestReload() }
    }

    /// Reloads if the data is stale; true if it did.
    @discardableResult @usableFromInline func reloadIfNeeded() -> Bool {
        guard needsReload else { return false }
        requestReload()
        return true
    }

    /// Tiles for the offset or size now, unless a pass is running.
    @usableFromInline func layoutVisibleContent() {
        guard !isUpdatingContent else { return }
        updateContent()
    }
}

/// Index arithmetic on a list's section starts: per section, plus one past
/// the end, the flat index (rows or items of all sections in order) of its
/// first row.
@usableFromInline enum SectionStarts {
    /// The flat index of `indexPath`, or `nil` when there is no such row.
    @usableFromInline static func flatIndex(of indexPath: IndexPath, in starts: ContiguousArray<Int>) -> Int? {
        let section = indexPath.section
        guard section >= 0, section + 1 < starts.count, indexPath.row >= 0 else { return nil }
        let index = starts[section] + indexPath.row
        return index < starts[section + 1] ? index : nil
    }

    /// The index path of a flat index: in the last section starting at or
    /// before it (empty sections share a start with the next).
    @usableFromInline static func indexPath(forIndex index: Int, in starts: ContiguousArray<Int>) -> IndexPath {
        var low = 0
        var high = starts.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return IndexPath(row: index - starts[low], section: low)
    }
}

/// A cell on a list's screen and the flat index it shows.
@usableFromInline protocol VisibleCellEntry {
    associatedtype Cell: AnyObject
    var index: Int { get }
    var cell: Cell { get }
}

extension ContiguousArray where Element: VisibleCellEntry {
    /// The cell showing the flat index, if it is on screen.
    @usableFromInline func cell(forIndex index: Int) -> Element.Cell? {
        var i = 0
        while i < count {
            if self[i].index == index { return self[i].cell }
            i += 1
        }
        return nil
    }

    /// The cells, in order (a new array: for the API, not for frames).
    @usableFromInline var cells: [Element.Cell] {
        var cells: [Element.Cell] = []
        var i = 0
        while i < count {
            cells.append(self[i].cell)
            i += 1
        }
        return cells
    }

    /// The index paths shown, in order.
    @usableFromInline func indexPaths(_ starts: ContiguousArray<Int>) -> [IndexPath] {
        var paths: [IndexPath] = []
        var i = 0
        while i < count {
            paths.append(SectionStarts.indexPath(forIndex: self[i].index, in: starts))
            i += 1
        }
        return paths
    }
}
