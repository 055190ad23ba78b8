/// A bar of `BarButtonItem`s: UIKit's `UIToolbar`. A `NavigationController`
/// shows one at its bottom with the top controller's `toolbarItems` once
/// `isToolbarHidden` is false; a toolbar can also stand alone.
///
/// Items are packed from the left; `.flexibleSpace` items share the room
/// left (one before and one after an item centres it), `.fixedSpace` items
/// keep their `width`.
open class Toolbar: View, BarItemHost {
    /// UIKit's toolbar height: 44 pt.
    public static let height: Double = 44

    /// The items, left to right.
    public var items: [BarButtonItem] {
        get { shownItems }
        set { setItems(newValue, animated: false) }
    }
    @usableFromInline final var shownItems: [BarButtonItem] = []
    @usableFromInline final var shownItemViews: [View] = []

    /// `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            backgroundColor = theme.surface
            barItemsDidChange()
        }
    }

    public override init(frame: Rect = Rect(x: 0, y: 0, width: 320, height: Toolbar.height), name: String = "toolbar") {
        super.init(frame: frame, name: name)
        backgroundColor = theme.surface
    }

    deinit {
        for item in shownItems where item.bar === self { item.bar = nil }
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Toolbar.self)
    }

    /// Shows `items` (`animated` is accepted for UIKit's signature; they do not fade).
    public func setItems(_ items: [BarButtonItem], animated: Bool) {
        for item in shownItems where item.bar === self && !items.contains(where: { $0 === item }) { item.bar = nil }
        shownItems = items
        barItemsDidChange()
    }

    public func barItemsDidChange() {
        BarItemLayout.show(shownItems, in: self, theme: theme, replacing: &shownItemViews)
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        let margin = NavigationBar.margin
        BarItemLayout.place(
            shownItems, from: margin, to: bounds.width - margin, midY: bounds.height / 2,
            height: min(bounds.height - 8, 36), fromLeft: true)
        // Right to left, the first item at the right, as UIKit's.
        guard isRightToLeft else { return }
        for view in shownItemViews { view.frame = flippedForLayoutDirection(view.frame, rightToLeft: true) }
    }

    /// A hairline along the top edge.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: theme.track)
    }
}
