/// The bar across the top of a `NavigationController`: UIKit's
/// `UINavigationBar`. It shows the top controller's title, a back button
/// ("‹ " and the previous controller's title, or "‹ Back" when that does not
/// fit or there is none) at the left that pops, then the item's
/// `NavigationItem.leftBarButtonItems`, and its `rightBarButtonItems` from the
/// right end. The title is centred on the bar, or in the space the buttons
/// leave when it would touch them, and cut to fit.
///
/// The bar changes to the new top's item when a push or pop starts (an
/// interactive pop changes it when it completes); it does not cross-fade.
open class NavigationBar: View, BarItemHost {
    /// UIKit's bar height: 44 pt.
    public static let height: Double = 44
    /// Space between the bar's ends and its buttons, and around the title.
    public static let margin: Double = 8
    /// A back button is no wider than this share of the bar: a longer
    /// title shows "‹ Back", as UIKit's does.
    public static let backButtonMaximumFraction: Double = 1.0 / 3

    /// The top controller's item, and the one below it (whose title the back button shows).
    public internal(set) final var topItem: NavigationItem?
    public internal(set) final var backItem: NavigationItem?

    /// The title. Named "navigation.title".
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

    /// The bar button items shown now, and the views shown for them (subviews while shown).
    @usableFromInline final var shownItems: [BarButtonItem] = []
    @usableFromInline final var shownItemViews: [View] = []
    @usableFromInline final var shownTitleView: View?

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
        for item in shownItems where item.bar === self { item.bar = nil }
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

    /// A bar button item changed: show it.
    public func barItemsDidChange() { itemsDidChange() }

    /// The back button shows its item unless the top item hides it or has
    /// left items that replace it.
    @usableFromInline var showsBackButton: Bool {
        guard backItem != nil, let top = topItem else { return backItem != nil && topItem == nil }
        return !top.hidesBackButton && (top.leftBarButtonItems.isEmpty || top.leftItemsSupplementBackButton)
    }

    /// The back button's full title: "‹ " and the item below's back title.
    @usableFromInline var fullBackTitle: String {
        let backTitle = backItem.map { $0.backButtonTitle ?? $0.resolvedTitle ?? "" } ?? ""
        return backChevron + (backTitle.isEmpty ? "Back" : backTitle)
    }

    /// "‹ ", or right to left "‹ " after a right-to-left mark: the mark makes
    /// the title's paragraph right to left, so the chevron stands at its
    /// right and is drawn mirrored ("›", Unicode's bidi mirroring), pointing
    /// back whatever script the title is in, as UIKit's does.
    @usableFromInline var backChevron: String { isRightToLeft ? "\u{200F}‹ " : "‹ " }

    /// An item changed (or the controller's title): show it.
    @usableFromInline func itemsDidChange() {
        titleLabel.text = topItem?.resolvedTitle ?? ""
        backButton.isHidden = !showsBackButton
        // The items shown: left ones, then right ones; their views become subviews.
        let items = (topItem?.leftBarButtonItems ?? []) + (topItem?.rightBarButtonItems ?? [])
        for item in shownItems where item.bar === self && !items.contains(where: { $0 === item }) { item.bar = nil }
        shownItems = items
        BarItemLayout.show(items, in: self, theme: theme, replacing: &shownItemViews)
        let titleView = topItem?.titleView
        if shownTitleView !== titleView {
            if let old = shownTitleView, old.superview === self { old.removeFromSuperview() }
            shownTitleView = titleView
            if let titleView { addSubview(titleView) }
        }
        titleLabel.isHidden = titleView != nil
        layoutItems()
    }

    open override func layoutSubviews() {
        layoutItems()
    }

    /// Places the back button and the left items from the left, the right
    /// items from the right, and the title centred on the bar (or in the
    /// space between them when it would touch them). Right to left, all of
    /// it mirrored: the back button and left items at the right, as UIKit's.
    public func layoutItems() {
        layoutItemsLeftToRight()
        guard isRightToLeft else { return }
        backButton.frame = flippedForLayoutDirection(backButton.frame, rightToLeft: true)
        for view in shownItemViews { view.frame = flippedForLayoutDirection(view.frame, rightToLeft: true) }
        titleLabel.frame = flippedForLayoutDirection(titleLabel.frame, rightToLeft: true)
        if let titleView = shownTitleView {
            titleView.frame = flippedForLayoutDirection(titleView.frame, rightToLeft: true)
        }
    }

    @usableFromInline func layoutItemsLeftToRight() {
        let width = bounds.width
        let height = bounds.height
        let margin = NavigationBar.margin
        let buttonHeight = min(height - 8, 36)
        let midY = height / 2
        var left = margin
        if !backButton.isHidden {
            // Sized to its title; "‹ Back" when the title would take more than a third of the bar.
            let limit = max(width * NavigationBar.backButtonMaximumFraction, BarButtonItem.minimumWidth)
            var title = fullBackTitle
            var buttonWidth = measure(title, font: backButton.titleFont).width + 2 * theme.contentPadding
            if buttonWidth > limit {
                title = backChevron + "Back"
                buttonWidth = min(measure(title, font: backButton.titleFont).width + 2 * theme.contentPadding, limit)
            }
            if !sameBytes(backButton.title(for: .normal), title) { backButton.setTitle(title) }
            backButton.frame = Rect(
                x: margin, y: ((height - buttonHeight) / 2).rounded(), width: buttonWidth.rounded(.up),
                height: buttonHeight)
            left = backButton.frame.maxX
        }
        let leftItems = topItem?.leftBarButtonItems ?? []
        left += BarItemLayout.place(
            leftItems, from: left, to: width - margin, midY: midY, height: buttonHeight, fromLeft: true)
        let rightItems = topItem?.rightBarButtonItems ?? []
        let right =
            width - margin
            - BarItemLayout.place(
                rightItems, from: left, to: width - margin, midY: midY, height: buttonHeight,
                fromLeft: false, backwards: true) // the first is at the right end
        // Centred on the bar when it fits there, else centred in the space left (and cut).
        let side = max(left, width - right) + margin
        if let titleView = shownTitleView {
            let size = titleView.bounds.size
            let room = max(right - left - 2 * margin, 0)
            let titleWidth = min(size.width, room)
            var x = (width - titleWidth) / 2
            if x < left + margin { x = left + margin }
            if x + titleWidth > right - margin { x = right - margin - titleWidth }
            titleView.frame = Rect(
                x: x.rounded(), y: ((height - size.height) / 2).rounded(), width: titleWidth, height: size.height)
        } else if measure(titleLabel.text, font: titleLabel.font).width <= width - 2 * side {
            titleLabel.frame = Rect(x: side, y: 0, width: max(width - 2 * side, 0), height: height)
        } else {
            titleLabel.frame = Rect(x: left + margin, y: 0, width: max(right - left - 2 * margin, 0), height: height)
        }
    }

    /// A hairline along the bottom edge, as UIKit's bar shadow.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: theme.track)
    }
}
