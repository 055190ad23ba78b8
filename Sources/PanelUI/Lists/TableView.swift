/// A vertical list of rows in sections: UIKit's `UITableView` (plain style).
///
/// A `TableViewDataSource` says how many rows there are and configures a
/// `TableViewCell` for each; a `TableViewDelegate` gives heights and hears
/// selection. Only the rows on screen have cells: a row that scrolls off
/// returns its cell to a pool per reuse identifier, and the row that scrolls
/// in takes it from there (`dequeueReusableCell(withIdentifier:for:)`).
///
/// Row positions come from a prefix sum of every row's height, built in
/// `reloadData()` (the only place that allocates for them); each frame finds
/// the visible rows by binary search, so scrolling costs the same at row 10
/// and at row 10,000, and allocates nothing once the cells exist. Heights are
/// exact: nothing is estimated.
///
/// Section headers float: a section's header stays at the top of the visible
/// area while its rows scroll under it, and the next section's pushes it up,
/// as UIKit's plain style does. See docs/lists.md.
open class TableView: ScrollView, ReloadingListView {
    // MARK: Data source and delegate

    /// Not retained, as in UIKit; reads `nil` once freed. Setting it reloads.
    public var dataSource: (any TableViewDataSource)? {
        get { dataSourceToken?.isAlive == true ? unretainedDataSource : nil }
        set {
            unretainedDataSource = newValue
            dataSourceToken = newValue?.ownLifetimeToken
            setNeedsReload()
        }
    }
    // A ZeroingReference spelled out, as ScrollView.delegate does (an existential is not a class type).
    @usableFromInline final unowned(unsafe) var unretainedDataSource: (any TableViewDataSource)?
    @usableFromInline final var dataSourceToken: LifetimeToken?

    /// UIKit's `delegate` for a table: heights, headers, highlight and
    /// selection. Setting it also sets the scroll view's `ScrollView.delegate`
    /// to the same object. (The inherited `delegate` keeps its
    /// `ScrollViewDelegate` type: Swift cannot narrow a settable property,
    /// and Embedded Swift cannot cast to a protocol.) Not retained. Setting it reloads.
    public var tableDelegate: (any TableViewDelegate)? {
        get { tableDelegateToken?.isAlive == true ? unretainedTableDelegate : nil }
        set {
            unretainedTableDelegate = newValue
            tableDelegateToken = newValue?.ownLifetimeToken
            delegate = newValue
            setNeedsReload()
        }
    }
    @usableFromInline final unowned(unsafe) var unretainedTableDelegate: (any TableViewDelegate)?
    @usableFromInline final var tableDelegateToken: LifetimeToken?

    // MARK: Appearance and behaviour

    /// The height of every row when the delegate does not say: 44, UIKit's.
    public final var rowHeight: Double = 44 { didSet { setNeedsReload() } }
    /// The height of a section header that has a title, when the delegate does not say.
    public final var sectionHeaderHeight: Double = 28 { didSet { setNeedsReload() } }
    /// Whether headers stay at the top while their section scrolls by (UIKit's plain style). Default true.
    public final var floatsSectionHeaders = true { didSet { layoutVisibleContent() } }
    /// Whether a tap selects a row. Default true; false also ends highlighting.
    public final var allowsSelection = true

    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition {
        /// The least scrolling that shows the whole row (none if it is visible).
        case none
        /// Just below its section's floating header.
        case top
        case middle
        case bottom
    }

    // MARK: Reuse

    /// The registered cell classes and their pools.
    @usableFromInline final var reusePool = CellReusePool<TableViewCell>()

    /// A row on screen and its cell, kept in row order.
    @usableFromInline struct VisibleRow: VisibleCellEntry {
        @usableFromInline var index: Int
        @usableFromInline var cell: TableViewCell
    }
    @usableFromInline final var visibleRows: ContiguousArray<VisibleRow> = []

    @usableFromInline struct VisibleHeader {
        @usableFromInline var section: Int
        @usableFromInline var view: View
        /// A standard header from the table's pool (else the delegate's view).
        @usableFromInline var isStandard: Bool
    }
    @usableFromInline final var visibleHeaders: ContiguousArray<VisibleHeader> = []
    @usableFromInline final var headerPool: ContiguousArray<TableViewHeaderView> = []

    // MARK: Layout tables, built in reloadData

    /// Per row (rows of all sections in order, the "flat" index): its top and bottom in content coordinates.
    @usableFromInline final var rowTops: ContiguousArray<Double> = []
    @usableFromInline final var rowBottoms: ContiguousArray<Double> = []
    /// Per section, plus one past the end: the flat index of its first row, and the top of its header.
    @usableFromInline final var sectionFirstRows: ContiguousArray<Int> = [0]
    @usableFromInline final var sectionTops: ContiguousArray<Double> = [0]
    @usableFromInline final var headerHeights: ContiguousArray<Double> = []

    @usableFromInline final var needsReload = true
    /// A reload or a tiling pass is running: it calls the data source and
    /// delegate, and a `reloadData` they ask for waits for the pass to end
    /// (rather than change the tables the pass is walking).
    @usableFromInline final var isUpdatingContent = false

    // MARK: Selection state

    @usableFromInline final var selectedRow: IndexPath?
    /// The row a finger highlighted, which a lift inside selects.
    @usableFromInline final var pendingRow: IndexPath?

    // MARK: Swipe actions (TableView+SwipeActions.swift)

    /// A horizontal drag on a row with trailing swipe actions.
    @usableFromInline final let swipeRecognizer = PanGestureRecognizer(name: "table.swipe")
    /// The row swiped open (or being swiped), its configuration and the buttons' view (kept for the next swipe).
    @usableFromInline final var swipedCell: TableViewCell?
    @usableFromInline final var swipeConfigurationStorage: SwipeActionsConfiguration?
    @usableFromInline final var swipeActionsViewStorage: SwipeActionsView?
    @usableFromInline final var swipeStartOffset = 0.0
    @usableFromInline final let swipeAnimator = SwipeAnimator()

    public override init(frame: Rect = .zero, name: String = "") {
        super.init(frame: frame, name: name)
        backgroundColor = Theme.standard.background
        showsHorizontalScrollIndicator = false
        // Room for a screenful of rows and headers, so the first frames do not grow these.
        visibleRows.reserveCapacity(64)
        visibleHeaders.reserveCapacity(8)
        swipeAnimator.table = self
        swipeRecognizer.addTarget(self, action: TableView.handleSwipe)
        addGestureRecognizer(swipeRecognizer)
    }

    deinit {
        // The animator names this table unretained: it leaves the display link first.
        swipeAnimator.stop()
        swipeAnimator.table = nil
    }

    /// G20, for the swipe: it takes a horizontal drag on a swipeable row (the
    /// scroll view's pan then does not begin). Call `super` from an override.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === swipeRecognizer { return swipeConfiguration(for: swipeRecognizer) != nil }
        if gestureRecognizer === panGestureRecognizer, swipeConfiguration(for: panGestureRecognizer) != nil {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(TableView.self)
    }

    // MARK: Cells

    /// Cells for `identifier` are made as `cellClass(style: .default, reuseIdentifier: identifier)`
    /// (a `required` initializer, so a subclass's own runs).
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        reusePool.register(cellClass, identifier)
    }

    /// A pooled cell for `identifier` (after its `TableViewCell.prepareForReuse()`),
    /// or a new one of the registered class. Stops the program if nothing is
    /// registered for it, as UIKit throws.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            fatalError("TableView: no cell class registered for this reuse identifier")
        }
        return cell
    }

    /// A pooled cell for `identifier`, a new one if a class is registered for it, else `nil`.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        reusePool.dequeue(identifier)
    }

    /// Takes a cell off screen: hidden in place (no hierarchy change, so the
    /// view table is patched, not rebuilt) and back in its pool.
    @usableFromInline func recycle(_ cell: TableViewCell) {
        if cell.storedHighlighted { cell.setHighlighted(false, animated: false) }
        cell.displayedRow = nil
        if !cell.isHidden { cell.isHidden = true }
        if !reusePool.recycle(cell) { cell.removeFromSuperview() }
    }

    // MARK: Reloading

    /// Forgets every row and asks the data source again: counts, heights,
    /// titles, then cells for the rows on screen. Clears the selection, as UIKit does.
    /// Builds the row-offset table here, so frames need not.
    ///
    /// Called from the data source or delegate while the table is asking
    /// them (from `cellForRowAt`, say), it waits: the pass in progress makes
    /// no more cells, and the reload runs as soon as it ends. An offset past
    /// the end of shorter content is clamped, as UIKit's is.
    public func reloadData() {
        requestReload()
    }

    /// The reload itself: every cell back to its pool, the tables built anew.
    @usableFromInline func rebuildContent() {
        needsReload = false
        var i = 0
        while i < visibleRows.count {
            recycle(visibleRows[i].cell)
            i += 1
        }
        visibleRows.removeAll(keepingCapacity: true)
        removeAllHeaders()
        selectedRow = nil
        pendingRow = nil
        rebuildRowTable()
    }

    /// Asks the data source for these rows' cells again (and the delegate for their heights).
    public func reloadRows(at indexPaths: [IndexPath]) {
        // Asked for during a pass, it is a whole reload when the pass ends.
        guard !isUpdatingContent else { return reloadData() }
        guard !reloadIfNeeded() else { return }
        isUpdatingContent = true
        rebuildRowTable()
        var i = 0
        while i < visibleRows.count {
            let row = indexPath(forIndex: visibleRows[i].index)
            if indexPaths.contains(row) {
                recycle(visibleRows[i].cell)
                removeVisibleRow(at: i)
            } else {
                i += 1
            }
        }
        isUpdatingContent = false
        updateContent()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { reloadIfNeeded() }
    }

    /// A new size shows other rows: a table laid out by its superview after
    /// it reached the window (sized in `layoutSubviews`, turned with the
    /// screen) tiles them then, as UIKit's does.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutVisibleContent()
    }

    /// The height of a section's header when the delegate does not say:
    /// `sectionHeaderHeight` if the data source has a title for it, else 0.
    public func standardHeaderHeight(forSection section: Int) -> Double {
        dataSource?.tableView(self, titleForHeaderInSection: section) != nil ? sectionHeaderHeight : 0
    }

    /// The prefix sums: every row's top and bottom, every section's first row
    /// and header top. Called within a pass (`isUpdatingContent`).
    @usableFromInline func rebuildRowTable() {
        rowTops.removeAll(keepingCapacity: true)
        rowBottoms.removeAll(keepingCapacity: true)
        sectionFirstRows.removeAll(keepingCapacity: true)
        sectionTops.removeAll(keepingCapacity: true)
        headerHeights.removeAll(keepingCapacity: true)
        let source = dataSource
        let delegate = tableDelegate
        let sections = source.map { max(0, $0.numberOfSections(in: self)) } ?? 0
        var y = 0.0
        var section = 0
        while section < sections {
            sectionFirstRows.append(rowTops.count)
            sectionTops.append(y)
            let header = checkedHeight(
                delegate?.tableView(self, heightForHeaderInSection: section)
                    ?? standardHeaderHeight(forSection: section),
                fallback: 0, "the header of section \(section)")
            headerHeights.append(header)
            y += header
            let rows = max(0, source?.tableView(self, numberOfRowsInSection: section) ?? 0)
            var row = 0
            while row < rows {
                let height = checkedHeight(
                    delegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight,
                    fallback: rowHeight, "row \(row) of section \(section)")
                rowTops.append(y)
                y += height
                rowBottoms.append(y)
                row += 1
            }
            section += 1
        }
        sectionFirstRows.append(rowTops.count)
        sectionTops.append(y)
        // Within a pass (isUpdatingContent): the caller tiles once the tables are whole.
        contentSize = Size(width: bounds.width, height: y)
        keepContentOffsetWithinContent()
    }

    /// The tallest row or header: 2^24 points (16,777,216), some 30,000
    /// screens. A height above it, negative, infinite or NaN is a bug in the
    /// delegate's row, not a reason to lose the list.
    public static let maximumRowHeight: Double = 16_777_216

    /// `height` if it is a number from 0 to `maximumRowHeight`, else
    /// `fallback`, with one warning naming the table, the row and the height.
    @usableFromInline func checkedHeight(_ height: Double, fallback: Double, _ what: @autoclosure () -> String)
        -> Double
    {
        guard !(height >= 0 && height <= Self.maximumRowHeight) else { return height } // NaN fails both
        window?.owningApplication?.warnings.warnOnce(
            .invalidRowHeight,
            "table '\(name)': \(what()) has height \(fixed(height, 1)), not a number from 0 to \(Int(Self.maximumRowHeight)): it is shown \(fixed(fallback, 1)) points tall"
        )
        return fallback
    }

    // MARK: Counts and geometry

    public var numberOfSections: Int {
        reloadIfNeeded()
        return headerHeights.count
    }

    public func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        guard section >= 0, section < headerHeights.count else { return 0 }
        return sectionFirstRows[section + 1] - sectionFirstRows[section]
    }

    /// The row's rectangle in the table's content coordinates (`Rect.zero` for no such row).
    public func rect(forRow indexPath: IndexPath) -> Rect {
        guard let index = flatIndex(of: indexPath) else { return .zero }
        return Rect(x: 0, y: rowTops[index], width: bounds.width, height: rowBottoms[index] - rowTops[index])
    }

    /// The section's header and rows, in content coordinates.
    public func rectForSection(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0, section < headerHeights.count else { return .zero }
        return Rect(
            x: 0, y: sectionTops[section], width: bounds.width,
            height: sectionTops[section + 1] - sectionTops[section])
    }

    /// The section header's place in the content when it does not float.
    public func rectForHeader(inSection section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0, section < headerHeights.count else { return .zero }
        return Rect(x: 0, y: sectionTops[section], width: bounds.width, height: headerHeights[section])
    }

    /// The row under `point` (content coordinates), or `nil` (a header, or below the last row).
    public func indexPathForRow(at point: Point) -> IndexPath? {
        reloadIfNeeded()
        let index = firstRow(endingAfter: point.y)
        guard index < rowTops.count, rowTops[index] <= point.y else { return nil }
        return indexPath(forIndex: index)
    }

    /// The cell showing the row, or `nil` when the row is off screen.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        reloadIfNeeded()
        guard let index = flatIndex(of: indexPath) else { return nil }
        return visibleRows.cell(forIndex: index)
    }

    /// The row `cell` shows, or `nil` when it shows none.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        cell.superview === self ? cell.displayedRow : nil
    }

    /// The cells on screen, top to bottom.
    public var visibleCells: [TableViewCell] {
        reloadIfNeeded()
        return visibleRows.cells
    }

    /// The rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] {
        reloadIfNeeded()
        return visibleRows.indexPaths(sectionFirstRows)
    }

    /// The header view showing for `section`, if it is on screen.
    public func headerView(forSection section: Int) -> View? {
        var i = 0
        while i < visibleHeaders.count {
            if visibleHeaders[i].section == section { return visibleHeaders[i].view }
            i += 1
        }
        return nil
    }

    // MARK: Scrolling to a row

    /// Scrolls so the row shows at `position` (held to the scroll limits).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        guard flatIndex(of: indexPath) != nil else { return }
        let row = rect(forRow: indexPath)
        // A floating header covers the top of the visible area.
        let header = floatsSectionHeaders ? headerHeights[indexPath.section] : 0
        let top = contentOffset.y + contentInset.top + header
        let visibleHeight = bounds.height - contentInset.top - contentInset.bottom
        let bottom = contentOffset.y + bounds.height - contentInset.bottom
        var y: Double
        switch position {
        case .top: y = row.minY - header - contentInset.top
        case .middle: y = row.midY - contentInset.top - header - (visibleHeight - header) / 2
        case .bottom: y = row.maxY - bounds.height + contentInset.bottom
        case .none:
            if row.minY < top {
                y = row.minY - header - contentInset.top
            } else if row.maxY > bottom {
                y = row.maxY - bounds.height + contentInset.bottom
            } else {
                return
            }
        }
        let target = clampedContentOffset(Point(x: contentOffset.x, y: y))
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    // MARK: Index arithmetic (binary searches on the prefix sums)

    @usableFromInline func flatIndex(of indexPath: IndexPath) -> Int? {
        reloadIfNeeded()
        return SectionStarts.flatIndex(of: indexPath, in: sectionFirstRows)
    }

    @usableFromInline func indexPath(forIndex index: Int) -> IndexPath {
        SectionStarts.indexPath(forIndex: index, in: sectionFirstRows)
    }

    /// The first row whose bottom is below `y` (the row count if none).
    @usableFromInline func firstRow(endingAfter y: Double) -> Int {
        SortedEdges.firstIndex(above: y, in: rowBottoms)
    }

    /// The first row whose top is at or below `y` (the row count if none).
    @usableFromInline func firstRow(startingAtOrAfter y: Double) -> Int {
        SortedEdges.firstIndex(atOrAbove: y, in: rowTops)
    }

    /// The first section whose end is below `y` (the section count if none).
    @usableFromInline func firstSection(endingAfter y: Double) -> Int {
        var low = 0
        var high = headerHeights.count
        while low < high {
            let mid = (low + high) / 2
            if sectionTops[mid + 1] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    // MARK: Tiling, every time the offset or size changes

    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        // A scroll by the finger closes an open row, as UIKit's.
        if swipedCell != nil && isDragging { closeSwipe(animated: true) }
        layoutVisibleContent()
    }

    /// The bounds the rows on screen were tiled for.
    @usableFromInline final var tiledBounds = Rect.zero

    /// Shows exactly the rows and headers in the visible area: cells of rows
    /// that left go to their pools, rows that arrived get cells from the data
    /// source. Allocates nothing once the pools hold a screenful.
    @usableFromInline func tileVisibleContent() {
        tiledBounds = bounds
        if contentSize.width != bounds.width { contentSize.width = bounds.width }
        let top = bounds.origin.y
        let bottom = top + bounds.height
        let first = firstRow(endingAfter: top)
        let end = max(first, firstRow(startingAtOrAfter: bottom))

        // Rows that left.
        var i = 0
        while i < visibleRows.count {
            let index = visibleRows[i].index
            if index < first || index >= end {
                recycle(visibleRows[i].cell)
                removeVisibleRow(at: i)
            } else {
                i += 1
            }
        }
        // Rows that arrived, merged in order with the ones that stay. A reload
        // asked for meanwhile stops the pass: the data source may no longer have these rows.
        let width = bounds.width
        var index = first
        i = 0
        while index < end && !needsReload {
            if i < visibleRows.count && visibleRows[i].index == index {
                place(visibleRows[i].cell, index, width)
            } else if let cell = makeCell(index) {
                insertVisibleRow(VisibleRow(index: index, cell: cell), at: i)
                place(cell, index, width)
            } else {
                index += 1
                continue
            }
            i += 1
            index += 1
        }
        if !needsReload { layoutHeaders(top: top, bottom: bottom) }
    }

    /// The data source's cell for the row, shown in the table.
    @usableFromInline func makeCell(_ index: Int) -> TableViewCell? {
        guard let source = dataSource else { return nil }
        let row = indexPath(forIndex: index)
        let cell = source.tableView(self, cellForRowAt: row)
        cell.displayedRow = row
        cell.nameForRow(row)
        if cell.superview !== self {
            cell.removeFromSuperview()
            insertSubview(cell, at: 0) // under the headers and the indicators
        }
        if cell.isHidden { cell.isHidden = false }
        cell.setSelected(row == selectedRow, animated: false)
        return cell
    }

    @usableFromInline func insertVisibleRow(_ row: VisibleRow, at i: Int) {
        visibleRows.insertShifting(row, at: i)
    }

    @usableFromInline func removeVisibleRow(at i: Int) {
        visibleRows.removeShifting(at: i)
    }

    @usableFromInline func removeVisibleHeader(at i: Int) {
        visibleHeaders.removeShifting(at: i)
    }

    @usableFromInline func place(_ cell: TableViewCell, _ index: Int, _ width: Double) {
        let frame = Rect(x: 0, y: rowTops[index], width: width, height: rowBottoms[index] - rowTops[index])
        if cell.frame != frame { cell.frame = frame }
    }

    // MARK: Headers

    @usableFromInline func layoutHeaders(top: Double, bottom: Double) {
        let pinnedTop = drawnBoundsOrigin.y
        let first = firstSection(endingAfter: top)
        var i = 0
        while i < visibleHeaders.count {
            let section = visibleHeaders[i].section
            if section < first || sectionTops[section] >= bottom || headerHeights[section] <= 0 {
                removeHeader(at: i)
            } else {
                i += 1
            }
        }
        var section = first
        let width = bounds.width
        while section < headerHeights.count && sectionTops[section] < bottom {
            if headerHeights[section] > 0 {
                let view = headerView(forSection: section) ?? makeHeader(section)
                let height = headerHeights[section]
                var y = sectionTops[section]
                if floatsSectionHeaders {
                    // Pinned under the top inset, pushed up by the end of its section.
                    // (From the offset as drawn, on a whole pixel: it stays still while the rows scroll.)
                    y = max(y, min(pinnedTop + contentInset.top, sectionTops[section + 1] - height))
                }
                let frame = Rect(x: 0, y: y, width: width, height: height)
                if view.frame != frame { view.frame = frame }
            }
            section += 1
        }
    }

    @usableFromInline func makeHeader(_ section: Int) -> View {
        var standard = false
        var view: View
        if let custom = tableDelegate?.tableView(self, viewForHeaderInSection: section) {
            view = custom
        } else {
            let header = headerPool.popLast() ?? TableViewHeaderView()
            header.textLabel.text = dataSource?.tableView(self, titleForHeaderInSection: section) ?? ""
            view = header
            standard = true
        }
        if view.superview !== self {
            view.removeFromSuperview()
            insertSubview(view, belowSubview: verticalIndicator)
        }
        if view.isHidden { view.isHidden = false }
        visibleHeaders.append(VisibleHeader(section: section, view: view, isStandard: standard))
        return view
    }

    @usableFromInline func removeHeader(at i: Int) {
        let header = visibleHeaders[i]
        removeVisibleHeader(at: i)
        if header.isStandard, let view = header.view as? TableViewHeaderView {
            view.isHidden = true
            headerPool.append(view)
        } else {
            header.view.removeFromSuperview()
        }
    }

    @usableFromInline func removeAllHeaders() {
        while !visibleHeaders.isEmpty { removeHeader(at: visibleHeaders.count - 1) }
    }
}
