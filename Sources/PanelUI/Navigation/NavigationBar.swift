/// The bar across the top of a `NavigationController`: UIKit's
/// `UINavigationBar`. It shows the top controller's title centred, a back
/// button ("‹ " and the previous controller's title, or "‹ Back" when it has
/// none) at the left that pops, and the item's `NavigationItem.rightBarButtonItem`
/// at the right.
///
/// The bar changes to the new top's item when a push or pop starts (an
/// interactive pop changes it when it completes); it does not cross-fade.
open class NavigationBar: View {
    /// UIKit's bar height: 44 pt.
    public static let height: Double = 44
    /// Space between the bar's ends and its buttons.
    public static let margin: Double = 8
    /// The back button's width: room for "‹ " and a short title (longer ones are cut).
    public static let backButtonWidth: Double = 120

    /// The top controller's item, and the one below it (whose title the back button shows).
    public internal(set) final var topItem: NavigationItem?
    public internal(set) final var backItem: NavigationItem?

    /// Centred title. Named "navigation.title".
    public let titleLabel: Label
    /// Pops the navigation controller. Named "navigation.back".
    public let backButton: Button
    /// `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            applyTheme()
            setNeedsDisplay()
        }
    }

    /// The right bar button view shown now (it is a subview while shown).
    @usableFromInline final var shownRightItem: View?

    public override init(
        frame: Rect = Rect(x: 0, y: 0, width: 320, height: NavigationBar.height),
        name: String = "navigation.bar"
    ) {
        titleLabel = Label(name: "navigation.title")
        backButton = Button(name: "navigation.back")
        super.init(frame: frame, name: name)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        addSubview(backButton)
        backButton.isHidden = true
        applyTheme()
        layoutItems()
    }

    deinit {
        topItem?.bar = nil
        backItem?.bar = nil
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(NavigationBar.self)
    }

    @usableFromInline func applyTheme() {
        backgroundColor = theme.surface
        titleLabel.font = theme.buttonFont
        titleLabel.textColor = theme.text
        backButton.titleFont = theme.bodyFont
        backButton.setTitleColor(theme.accent)
        // A bar button is text only; pressing it shows the theme's overlay.
        backButton.setFillColor(theme.surface)
    }

    /// Shows `top`'s title and buttons, with a back button to `back` unless `back` is nil.
    public func setItems(top: NavigationItem?, back: NavigationItem?) {
        if topItem !== top { topItem?.bar = nil }
        if backItem !== back { backItem?.bar = nil }
        topItem = top
        backItem = back
        top?.bar = self
        back?.bar = self
        itemsDidChange()
    }

    /// An item changed (or the controller's title): show it.
    @usableFromInline func itemsDidChange() {
        titleLabel.text = topItem?.resolvedTitle ?? ""
        let backTitle = backItem.map { $0.backButtonTitle ?? $0.resolvedTitle ?? "" } ?? ""
        backButton.setTitle("‹ " + (backTitle.isEmpty ? "Back" : backTitle))
        backButton.isHidden = backItem == nil || topItem?.hidesBackButton == true
        let right = topItem?.rightBarButtonItem
        if shownRightItem !== right {
            if let old = shownRightItem, old.superview === self { old.removeFromSuperview() }
            shownRightItem = right
            if let right { addSubview(right) }
        }
        layoutItems()
    }

    open override func layoutSubviews() {
        layoutItems()
    }

    /// Places the back button at the left, the right item at the right and the
    /// title centred in the bar, as wide as the space between them allows.
    public func layoutItems() {
        let width = bounds.width
        let height = bounds.height
        let margin = NavigationBar.margin
        let buttonHeight = min(height - 8, 36)
        backButton.frame = Rect(
            x: margin, y: (height - buttonHeight) / 2,
            width: NavigationBar.backButtonWidth, height: buttonHeight)
        var rightWidth = 0.0
        if let right = shownRightItem {
            let size = right.bounds.size
            right.frame = Rect(
                x: width - margin - size.width, y: (height - size.height) / 2,
                width: size.width, height: size.height)
            rightWidth = size.width
        }
        // Centred on the bar, so it stays put when only one side has a button.
        let leftWidth = backButton.isHidden ? 0 : NavigationBar.backButtonWidth
        let side = margin * 2 + max(leftWidth, rightWidth)
        titleLabel.frame = Rect(x: side, y: 0, width: max(width - 2 * side, 0), height: height)
    }

    /// A hairline along the bottom edge, as UIKit's bar shadow.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: theme.track)
    }
}
