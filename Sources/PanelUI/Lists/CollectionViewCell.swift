/// One item of a `CollectionView`: UIKit's `UICollectionViewCell`.
///
/// Reused as table cells are: the collection view keeps the ones that
/// scrolled off in a pool per `reuseIdentifier` and hands them back from
/// `CollectionView.dequeueReusableCell(withReuseIdentifier:for:)`, after
/// `prepareForReuse()`. Put content in `contentView` and set everything an
/// item shows in the data source's `collectionView(_:cellForItemAt:)`.
/// `selectedBackgroundView` shows while the item is highlighted or selected.
open class CollectionViewCell: View {
    /// The pool the cell returns to; `nil` for a cell that is never reused.
    public let reuseIdentifier: String?
    /// Holds the item's content, the cell's size.
    public let contentView: View
    /// Behind the content while highlighted or selected; the theme's track colour.
    public let selectedBackgroundView: View

    /// Whether the item is selected; setting it does not animate.
    public var isSelected: Bool {
        get { storedSelected }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether a finger is on the item.
    public var isHighlighted: Bool {
        get { storedHighlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    @usableFromInline final var storedSelected = false
    @usableFromInline final var storedHighlighted = false
    /// The item the cell shows while its collection view displays it; `nil` while pooled.
    @usableFromInline final var displayedItem: IndexPath?

    public required init(frame: Rect = .zero, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        contentView = View(name: "contentView")
        selectedBackgroundView = View(name: "selectedBackground")
        super.init(frame: frame, name: "item")
        selectedBackgroundView.backgroundColor = Theme.standard.track
        selectedBackgroundView.alpha = 0
        addSubview(selectedBackgroundView)
        addSubview(contentView)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(CollectionViewCell.self)
    }

    /// Fills the cell with the content and the selected background; call `super`.
    open override func layoutSubviews() {
        let whole = Rect(origin: .zero, size: bounds.size)
        if contentView.frame != whole { contentView.frame = whole }
        if selectedBackgroundView.frame != whole { selectedBackgroundView.frame = whole }
    }

    /// Called before the collection view hands the cell out again: resets
    /// highlight and selection (the collection view sets the new item's). Call `super`.
    open func prepareForReuse() {
        storedHighlighted = false
        storedSelected = false
        updateSelectionAppearance(animated: false)
    }

    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != storedSelected else { return }
        storedSelected = selected
        updateSelectionAppearance(animated: animated)
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != storedHighlighted else { return }
        storedHighlighted = highlighted
        updateSelectionAppearance(animated: animated)
    }

    @usableFromInline func updateSelectionAppearance(animated: Bool) {
        fadeSelectedBackground(selectedBackgroundView, visible: storedSelected || storedHighlighted, animated: animated)
    }

    // MARK: Touches: the collection view highlights and selects (docs/lists.md)

    @usableFromInline final var collectionView: CollectionView? { superview as? CollectionView }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        collectionView?.cellTouchBegan(self)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard let touch = touches.first else { return }
        collectionView?.cellTouchMoved(self, inside: bounds.contains(touch.location(in: self)))
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard let touch = touches.first else { return }
        collectionView?.cellTouchEnded(self, inside: bounds.contains(touch.location(in: self)))
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        collectionView?.cellTouchCancelled(self)
    }
}

extension CollectionViewCell: ReusableCell {
    @usableFromInline static func makeReusableCell(reuseIdentifier: String) -> Self {
        Self(frame: .zero, reuseIdentifier: reuseIdentifier)
    }
}

/// Shows or hides a cell's selected background (`TableViewCell`, `CollectionViewCell`);
/// `animated` fades it (the deselection after a tap).
@usableFromInline func fadeSelectedBackground(_ view: View, visible: Bool, animated: Bool) {
    let alpha: Double = visible ? 1 : 0
    guard view.alpha != alpha else { return }
    if animated {
        View.animate(
            withDuration: TableViewCell.selectionFadeDuration, options: [.beginFromCurrentState, .allowUserInteraction]
        ) {
            view.alpha = alpha
        }
    } else {
        View.performWithoutAnimation { view.alpha = alpha }
    }
}

/// Renames a cell the app did not name (`bare`, the default) for the index
/// path it shows, `BARE-SECTION-INDEX` (`dashed` is `bare` and a dash), in
/// the name's own storage (reserved once), so scrolling through reused cells
/// allocates nothing.
@usableFromInline func nameCell(_ cell: View, _ bare: String, _ dashed: String, _ indexPath: IndexPath) {
    guard sameBytes(cell.name, bare) || hasPrefixBytes(cell.name, dashed) else { return }
    cell.name.removeAll(keepingCapacity: true)
    cell.name.reserveCapacity(32)
    cell.name.append(dashed)
    cell.name.append(String(indexPath.section))
    cell.name.append("-")
    cell.name.append(String(indexPath.row))
}
