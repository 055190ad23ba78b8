/// A scrolling grid of items in sections: UIKit's `UICollectionView` with a
/// `CollectionViewFlowLayout` (vertical scrolling).
///
/// A `CollectionViewDataSource` says how many items there are and configures
/// a `CollectionViewCell` for each; a `CollectionViewDelegate` hears
/// highlight and selection. As in `TableView`, only the items on screen have
/// cells, reused through a pool per identifier; item frames are computed in
/// `reloadData()` (the only place that allocates for them), and each frame
/// finds the visible items by binary search on the lines' edges, so
/// scrolling allocates nothing once a screenful of cells exists. See docs/lists.md.
open class CollectionView: ScrollView, ReloadingListView {
    // MARK: Data source and delegate

    /// Not retained, as in UIKit; reads `nil` once freed. Setting it reloads.
    public var dataSource: (any CollectionViewDataSource)? {
        get { dataSourceToken?.isAlive == true ? unretainedDataSource : nil }
        set {
            unretainedDataSource = newValue
            dataSourceToken = newValue?.ownLifetimeToken
            setNeedsReload()
        }
    }
    @usableFromInline final unowned(unsafe) var unretainedDataSource: (any CollectionViewDataSource)?
    @usableFromInline final var dataSourceToken: LifetimeToken?

    /// UIKit's `delegate` for a collection view: highlight and selection.
    /// Setting it also sets the scroll view's `ScrollView.delegate` (see
    /// `TableView.tableDelegate` for why it has its own name). Not retained.
    public var collectionDelegate: (any CollectionViewDelegate)? {
        get { collectionDelegateToken?.isAlive == true ? unretainedCollectionDelegate : nil }
        set {
            unretainedCollectionDelegate = newValue
            collectionDelegateToken = newValue?.ownLifetimeToken
            delegate = newValue
        }
    }
    @usableFromInline final unowned(unsafe) var unretainedCollectionDelegate: (any CollectionViewDelegate)?
    @usableFromInline final var collectionDelegateToken: LifetimeToken?

    /// Places the items. Setting another reloads.
    public var collectionViewLayout: CollectionViewFlowLayout {
        didSet {
            oldValue.collectionView = ZeroingReference()
            collectionViewLayout.collectionView = ZeroingReference(self)
            setNeedsReload()
        }
    }

    // MARK: Selection

    /// Whether a tap selects an item. Default true.
    public final var allowsSelection = true
    /// Whether taps select several items, a tap on a selected one deselecting
    /// it (UIKit's). Default false: a tap selects one item, deselecting the other.
    public final var allowsMultipleSelection = false {
        didSet { if !allowsMultipleSelection && selectedItems.count > 1 { clearSelection(keeping: selectedItems[0]) } }
    }

    /// Where `scrollToItem(at:at:animated:)` and `selectItem(at:animated:scrollPosition:)` put the item.
    public enum ScrollPosition {
        /// No scrolling (for `selectItem`), or the least that shows the item.
        case none
        case top
        case centeredVertically
        case bottom
    }

    // MARK: State

    @usableFromInline final var reusePool = CellReusePool<CollectionViewCell>()

    /// An item on screen and its cell, kept in item order.
    @usableFromInline struct VisibleItem: VisibleCellEntry {
        @usableFromInline var index: Int
        @usableFromInline var cell: CollectionViewCell
    }
    @usableFromInline final var visibleItems: ContiguousArray<VisibleItem> = []

    /// Per item (items of all sections in order, the "flat" index): its frame, and its line's top and bottom.
    @usableFromInline final var itemFrames: ContiguousArray<Rect> = []
    /// The direction `itemFrames` were laid out in: right to left, each line
    /// starts at the right, as UIKit's flow layout flips.
    @usableFromInline final var itemFramesAreRightToLeft = false
    @usableFromInline final var lineTops: ContiguousArray<Double> = []
    @usableFromInline final var lineBottoms: ContiguousArray<Double> = []
    /// Per section, plus one past the end: the flat index of its first item.
    @usableFromInline final var sectionFirstItems: ContiguousArray<Int> = [0]

    @usableFromInline final var selectedItems: ContiguousArray<IndexPath> = []
    /// The item a finger highlighted, which a lift inside selects.
    @usableFromInline final var pendingItem: IndexPath?

    @usableFromInline final var needsReload = true
    /// A reload or a tiling pass is running; a `reloadData` asked for meanwhile waits for its end.
    @usableFromInline final var isUpdatingContent = false
    /// The bounds the items on screen were tiled for.
    @usableFromInline final var tiledBounds = Rect.zero

    public init(frame: Rect = .zero, collectionViewLayout layout: CollectionViewFlowLayout, name: String = "") {
        collectionViewLayout = layout
        super.init(frame: frame, name: name)
        layout.collectionView = ZeroingReference(self)
        backgroundColor = Theme.standard.background
        showsHorizontalScrollIndicator = false
        alwaysBounceVertical = true
        visibleItems.reserveCapacity(64)
        selectedItems.reserveCapacity(8)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(CollectionView.self)
    }

    // MARK: Cells

    /// Cells for `identifier` are made as `cellClass(frame:reuseIdentifier:)`
    /// (a `required` initializer, so a subclass's own runs).
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        reusePool.register(cellClass, identifier)
    }

    /// A pooled cell for `identifier` (after its `CollectionViewCell.prepareForReuse()`),
    /// or a new one of the registered class. Stops the program if nothing is
    /// registered for it, as UIKit throws.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> CollectionViewCell
    {
        guard let cell = reusePool.dequeue(identifier) else {
            fatalError("CollectionView: no cell class registered for this reuse identifier")
        }
        return cell
    }

    /// Hides the cell in place and puts it back in its pool.
    @usableFromInline func recycle(_ cell: CollectionViewCell) {
        if cell.storedHighlighted { cell.setHighlighted(false, animated: false) }
        cell.displayedItem = nil
        if !cell.isHidden { cell.isHidden = true }
        if !reusePool.recycle(cell) { cell.removeFromSuperview() }
    }

    // MARK: Reloading

    /// Forgets every item and asks the data source again; clears the
    /// selection. Called from the data source while the collection view is
    /// asking it, it waits for the pass to end, as `TableView.reloadData()` does.
    public func reloadData() {
        requestReload()
    }

    @usableFromInline func rebuildContent() {
        needsReload = false
        var i = 0
        while i < visibleItems.count {
            recycle(visibleItems[i].cell)
            i += 1
        }
        visibleItems.removeAll(keepingCapacity: true)
        selectedItems.removeAll(keepingCapacity: true)
        pendingItem = nil
        rebuildItemTable()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { reloadIfNeeded() }
    }

    /// A new width may fit another number of items per line, and a new
    /// layout direction turns the lines around: the frames are computed again.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if (bounds.width != contentSize.width || isRightToLeft != itemFramesAreRightToLeft) && !needsReload
            && window != nil
        {
            reloadKeepingSelection()
        } else {
            layoutVisibleContent()
        }
    }

    @usableFromInline func reloadKeepingSelection() {
        let kept = selectedItems
        reloadData()
        selectedItems = kept
        var i = 0
        while i < visibleItems.count {
            let item = indexPath(forIndex: visibleItems[i].index)
            visibleItems[i].cell.setSelected(isSelected(item), animated: false)
            i += 1
        }
    }

    /// Every item's frame: the flow layout, line by line, section by section.
    @usableFromInline func rebuildItemTable() {
        itemFrames.removeAll(keepingCapacity: true)
        lineTops.removeAll(keepingCapacity: true)
        lineBottoms.removeAll(keepingCapacity: true)
        sectionFirstItems.removeAll(keepingCapacity: true)
        let layout = collectionViewLayout
        let source = dataSource
        let sections = source.map { max(0, $0.numberOfSections(in: self)) } ?? 0
        let width = bounds.width
        let rightToLeft = isRightToLeft
        itemFramesAreRightToLeft = rightToLeft
        // A size or spacing that is negative, infinite or NaN counts as 0.
        let item = Size(width: sane(layout.itemSize.width), height: sane(layout.itemSize.height))
        let lineSpacing = sane(layout.minimumLineSpacing)
        let header = sane(layout.headerReferenceSize.height)
        var y = 0.0
        var section = 0
        while section < sections {
            sectionFirstItems.append(itemFrames.count)
            let items = max(0, source?.collectionView(self, numberOfItemsInSection: section) ?? 0)
            let inset = layout.sectionInset
            y += header + sane(inset.top)
            let line = layout.lineGeometry(width: width - sane(inset.left) - sane(inset.right), item: item.width)
            var index = 0
            while index < items {
                let column = index % line.columns
                if column == 0 && index > 0 { y += item.height + lineSpacing }
                let x = sane(inset.left) + Double(column) * (item.width + line.spacing)
                itemFrames.append(
                    flippedForLayoutDirection(
                        Rect(x: x, y: y, width: item.width, height: item.height), rightToLeft: rightToLeft))
                lineTops.append(y)
                lineBottoms.append(y + item.height)
                index += 1
            }
            if items > 0 { y += item.height }
            y += sane(inset.bottom)
            section += 1
        }
        sectionFirstItems.append(itemFrames.count)
        contentSize = Size(width: width, height: y)
        keepContentOffsetWithinContent()
    }

    // MARK: Counts and geometry

    public var numberOfSections: Int {
        reloadIfNeeded()
        return sectionFirstItems.count - 1
    }

    public func numberOfItems(inSection section: Int) -> Int {
        reloadIfNeeded()
        guard section >= 0, section + 1 < sectionFirstItems.count else { return 0 }
        return sectionFirstItems[section + 1] - sectionFirstItems[section]
    }

    /// The item's frame in content coordinates (`Rect.zero` for no such item).
    public func frameForItem(at indexPath: IndexPath) -> Rect {
        guard let index = flatIndex(of: indexPath) else { return .zero }
        return itemFrames[index]
    }

    /// The item under `point` (content coordinates), or `nil` (a gap, an inset, below the last).
    public func indexPathForItem(at point: Point) -> IndexPath? {
        reloadIfNeeded()
        var index = SortedEdges.firstIndex(above: point.y, in: lineBottoms)
        while index < itemFrames.count && lineTops[index] <= point.y {
            if itemFrames[index].contains(point) { return indexPath(forIndex: index) }
            index += 1
        }
        return nil
    }

    /// The cell showing the item, or `nil` when it is off screen.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        guard let index = flatIndex(of: indexPath) else { return nil }
        return visibleItems.cell(forIndex: index)
    }

    /// The item `cell` shows, or `nil`.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        cell.superview === self ? cell.displayedItem : nil
    }

    /// The cells on screen, in item order.
    public var visibleCells: [CollectionViewCell] {
        reloadIfNeeded()
        return visibleItems.cells
    }

    /// The items on screen, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        reloadIfNeeded()
        return visibleItems.indexPaths(sectionFirstItems)
    }

    /// Scrolls so the item shows at `position` (held to the scroll limits).
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard flatIndex(of: indexPath) != nil else { return }
        let frame = frameForItem(at: indexPath)
        var y: Double
        switch position {
        case .top: y = frame.minY - contentInset.top
        case .centeredVertically: y = frame.midY - bounds.height / 2
        case .bottom: y = frame.maxY - bounds.height + contentInset.bottom
        case .none: return scrollRectToVisible(frame, animated: animated)
        }
        let target = clampedContentOffset(Point(x: contentOffset.x, y: y))
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    // MARK: Index arithmetic

    @usableFromInline func flatIndex(of indexPath: IndexPath) -> Int? {
        reloadIfNeeded()
        return SectionStarts.flatIndex(of: indexPath, in: sectionFirstItems)
    }

    @usableFromInline func indexPath(forIndex index: Int) -> IndexPath {
        SectionStarts.indexPath(forIndex: index, in: sectionFirstItems)
    }

    // MARK: Tiling, every time the offset or size changes

    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        layoutVisibleContent()
    }

    /// Shows exactly the items in the visible area. Allocates nothing once the pools hold a screenful.
    @usableFromInline func tileVisibleContent() {
        tiledBounds = bounds
        let top = bounds.origin.y
        let bottom = top + bounds.height
        let first = SortedEdges.firstIndex(above: top, in: lineBottoms)
        let end = max(first, SortedEdges.firstIndex(atOrAbove: bottom, in: lineTops))
        var i = 0
        while i < visibleItems.count {
            let index = visibleItems[i].index
            if index < first || index >= end {
                recycle(visibleItems[i].cell)
                removeVisibleItem(at: i)
            } else {
                i += 1
            }
        }
        var index = first
        i = 0
        while index < end && !needsReload {
            if i < visibleItems.count && visibleItems[i].index == index {
                place(visibleItems[i].cell, index)
            } else if let cell = makeCell(index) {
                insertVisibleItem(VisibleItem(index: index, cell: cell), at: i)
                place(cell, index)
            } else {
                index += 1
                continue
            }
            i += 1
            index += 1
        }
    }

    @usableFromInline func makeCell(_ index: Int) -> CollectionViewCell? {
        guard let source = dataSource else { return nil }
        let item = indexPath(forIndex: index)
        let cell = source.collectionView(self, cellForItemAt: item)
        cell.displayedItem = item
        nameCell(cell, "item", "item-", item)
        if cell.superview !== self {
            cell.removeFromSuperview()
            insertSubview(cell, at: 0) // under the indicators
        }
        if cell.isHidden { cell.isHidden = false }
        cell.setSelected(isSelected(item), animated: false)
        return cell
    }

    @usableFromInline func place(_ cell: CollectionViewCell, _ index: Int) {
        let frame = itemFrames[index]
        if cell.frame != frame { cell.frame = frame }
    }

    @usableFromInline func insertVisibleItem(_ item: VisibleItem, at i: Int) {
        visibleItems.insertShifting(item, at: i)
    }

    @usableFromInline func removeVisibleItem(at i: Int) {
        visibleItems.removeShifting(at: i)
    }
}

/// Places a `CollectionView`'s items in lines: UIKit's
/// `UICollectionViewFlowLayout`, scrolling vertically. Every item is
/// `itemSize`; a line holds as many as fit across the width between the
/// section insets with at least `minimumInteritemSpacing` between them, the
/// room left over spread between them (UIKit's justified lines; a last line
/// that is not full keeps the same spacing, from the leading edge).
public final class CollectionViewFlowLayout {
    @usableFromInline var collectionView = ZeroingReference<CollectionView>()

    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
    public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// Room above each section (only its height counts, vertical scrolling);
    /// no header views are shown in it yet.
    public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }

    public init() {}

    /// Computes the frames again (and reloads the cells) at the next need.
    public func invalidateLayout() {
        collectionView.object?.setNeedsReload()
    }

    /// How many items a line of `width` holds, and the spacing between them.
    @usableFromInline func lineGeometry(width: Double, item: Double) -> (columns: Int, spacing: Double) {
        let spacing = sane(minimumInteritemSpacing)
        guard item > 0, width > item else { return (1, spacing) }
        // At most 100,000 items across: a tiny item in a wide view does not overflow Int.
        let fit = min(100_000, ((width + spacing) / (item + spacing)).rounded(.down))
        let columns = max(1, Int(fit))
        guard columns > 1 else { return (1, spacing) }
        return (columns, (width - Double(columns) * item) / Double(columns - 1))
    }
}

/// A length from a layout: itself when it is a finite number from 0, else 0.
@usableFromInline func sane(_ length: Double) -> Double {
    length >= 0 && length.isFinite ? length : 0
}
