/// What a `TabBar` shows for a controller: UIKit's `UITabBarItem`. Every
/// `ViewController` has one (`ViewController.tabBarItem`), titled with the
/// controller's `title` until given its own.
public final class TabBarItem {
    /// The tab's title; `nil` shows the controller's `ViewController.title`.
    public var title: String? { didSet { itemDidChange() } }
    /// Drawn above the title; `selectedImage` instead while selected when set.
    public var image: Image? { didSet { itemDidChange() } }
    public var selectedImage: Image? { didSet { itemDidChange() } }
    /// A short text in a red badge at the image's top right ("3", "!"); `nil` shows none.
    public var badgeValue: String? { didSet { itemDidChange() } }
    /// The badge's colour; `nil` is UIKit's system red.
    public var badgeColor: Color? { didSet { itemDidChange() } }
    /// A disabled tab is dimmed and cannot be selected.
    public var isEnabled = true { didSet { itemDidChange() } }
    /// An app's number for the tab, as `View.tag`.
    public var tag = 0

    public init(title: String? = nil, image: Image? = nil, selectedImage: Image? = nil) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// The controller this item belongs to. Unretained: the controller owns it and clears this in its `deinit`.
    @usableFromInline unowned(unsafe) var owner: ViewController?
    /// The bar showing it. Unretained: the bar clears it when it shows other items and in its `deinit`.
    @usableFromInline unowned(unsafe) var bar: TabBar?

    /// The title shown: the item's, else its controller's.
    public var resolvedTitle: String? { title ?? owner?.title }

    @usableFromInline func itemDidChange() { bar?.itemsDidChange() }
}

/// Hears a `TabBarController`'s selection: UIKit's `UITabBarControllerDelegate`.
/// Both methods have defaults. Held as a zeroing reference (any `Responder`
/// qualifies; another class adds `public lazy var lifetime = Lifetime(of: self)`).
public protocol TabBarControllerDelegate: LifetimeTracked {
    /// Asked when the user taps a tab; false keeps the current one. True by default.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// The user selected a tab (also when tapping the one already selected, as UIKit calls it).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
        -> Bool
    { true }
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
}

/// Tabs along the bottom, one controller each: UIKit's `UITabBarController`.
///
///     let tabs = TabBarController()
///     tabs.viewControllers = [NavigationController(rootViewController: Residents()), Settings()]
///     window.rootViewController = tabs
///
/// - Every controller of `viewControllers` is a child, kept while listed: a
///   tab's navigation stack stays as it was when the user comes back.
/// - Only the selected controller's view is in the view; a switch sends the
///   appearance calls in UIKit's order (old `viewWillDisappear`, new
///   `viewWillAppear`, old `viewDidDisappear`, new `viewDidAppear`) at once: tabs do not slide.
/// - A tap on a tab asks the delegate (`shouldSelect`), selects it and tells
///   it (`didSelect`); a tap on the selected tab whose controller is a
///   `NavigationController` pops it to its root, as UIKit does. Setting
///   `selectedIndex` or `selectedViewController` from code asks no one.
/// - The selected view ends above the bar, or extends under it
///   (`extendedLayoutIncludesOpaqueBars` with `.bottom`) with the bar in its safe area.
open class TabBarController: ViewController {
    /// The bar along the bottom.
    public final let tabBar = TabBar()
    /// Holds the selected view, the whole view under the bar; its safe area has the bar in it.
    @usableFromInline let contentView = View(name: "tabs.content")
    @usableFromInline final var tabs: [ViewController] = []
    @usableFromInline final var selected = -1

    /// Hears the user select tabs. Not retained, as in UIKit.
    public var delegate: (any TabBarControllerDelegate)? {
        get { delegateToken?.isAlive == true ? unretainedDelegate : nil }
        set {
            unretainedDelegate = newValue
            delegateToken = newValue?.ownLifetimeToken
        }
    }
    // A ZeroingReference spelled out (an existential is not a class type).
    @usableFromInline final unowned(unsafe) var unretainedDelegate: (any TabBarControllerDelegate)?
    @usableFromInline final var delegateToken: LifetimeToken?

    public override init() {
        super.init()
        tabBar.controller = self
        contentView.clipsToBounds = true
    }

    open override func loadView() {
        let root = TabBarRootView(name: "tabs")
        root.backgroundColor = Theme.standard.background
        root.addSubview(contentView)
        root.addSubview(tabBar)
        view = root
        showSelected(previous: nil)
    }

    /// The tabs' controllers, in order; `nil` when none. Setting them keeps the
    /// selected controller selected when it is still listed, else selects the first.
    public var viewControllers: [ViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// `viewControllers`, as UIKit spells it (nothing slides).
    public func setViewControllers(_ controllers: [ViewController]?, animated: Bool) {
        var unique: [ViewController] = []
        for controller in controllers ?? [] where !unique.contains(where: { $0 === controller }) {
            unique.append(controller)
        }
        let previous = selectedViewController
        let leaving = tabs.filter { old in !unique.contains(where: { $0 === old }) }
        let arriving = unique.filter { new in !tabs.contains(where: { $0 === new }) }
        for controller in leaving { controller.willMove(toParent: nil) }
        for controller in arriving { addChild(controller) }
        tabs = unique
        selected = previous.flatMap { old in unique.firstIndex(where: { $0 === old }) } ?? (unique.isEmpty ? -1 : 0)
        tabBar.setItems(unique.map { $0.tabBarItem })
        if isViewLoaded { showSelected(previous: previous) }
        for controller in leaving {
            if let leavingView = controller.loadedView, leavingView.superview === contentView {
                leavingView.removeFromSuperview()
            }
            controller.removeFromParent()
        }
        for controller in arriving { controller.didMove(toParent: self) }
    }

    // State restoration: the tabs, and which one is selected.
    override var restorableChildren: [ViewController] { tabs }
    override func shownForRestoration() -> [String]? { [String(selected)] }
    override func restoreShown(
        _ fields: ArraySlice<String>, path: [String], make: ([String]) -> ViewController?
    ) -> (shown: ViewController?, problem: String?) {
        guard let text = fields.first, let index = Int(text), index >= 0, index < tabs.count
        else {
            return (
                nil,
                "the tab '" + (fields.first ?? "") + "' of '" + path.joined(separator: "/") + "' is not one of its tabs"
            )
        }
        selectedIndex = index
        return (selectedViewController, nil)
    }

    /// The selected tab's index; setting it selects that tab (asking no one).
    /// Out of range, nothing changes.
    public var selectedIndex: Int {
        get { selected }
        set {
            guard newValue >= 0, newValue < tabs.count, newValue != selected else { return }
            let previous = selectedViewController
            selected = newValue
            tabBar.itemsDidChange()
            if isViewLoaded { showSelected(previous: previous) }
        }
    }

    /// The selected tab's controller; setting it to one of `viewControllers` selects it.
    public var selectedViewController: ViewController? {
        get { selected >= 0 && selected < tabs.count ? tabs[selected] : nil }
        set {
            guard let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    /// A tap on the tab at `index`: the delegate's say, the selection, its `didSelect`.
    @usableFromInline func userSelected(_ index: Int) {
        guard index >= 0, index < tabs.count, tabs[index].tabBarItem.isEnabled else { return }
        let controller = tabs[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
        if index == selected, let navigation = controller as? NavigationController {
            navigation.popToRootViewController(animated: true)
        }
        selectedIndex = index
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// Puts the selected controller's view in, the previous one's out, with
    /// the appearance calls when this controller is on screen.
    @usableFromInline func showSelected(previous: ViewController?) {
        let next = selectedViewController
        guard previous !== next || next?.loadedView?.superview !== contentView else {
            layoutTabViews()
            return
        }
        let sendsAppearance = isOnScreen
        if sendsAppearance {
            if previous?.parentStorage === self { previous?.beginAppearanceTransition(false, animated: false) }
            next?.beginAppearanceTransition(true, animated: false)
        }
        if let previousView = previous?.loadedView, previousView.superview === contentView, previous !== next {
            previousView.removeFromSuperview()
        }
        if let next { contentView.addSubview(next.view) }
        layoutTabViews()
        tabBar.itemsDidChange()
        if sendsAppearance {
            if previous?.parentStorage === self || previous?.appearanceState == .disappearing {
                previous?.endAppearanceTransition()
            }
            next?.endAppearanceTransition()
        }
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        layoutTabViews()
    }

    /// UIKit's tab bar height, 49 pt, grown to 56 for a finger and a title under an icon.
    public static let tabBarHeight: Double = 56

    /// Places the bar at the bottom and the selected view above it (or under it, extended).
    public func layoutTabViews() {
        guard let root = loadedView else { return }
        View.performWithoutAnimation {
            let bounds = root.bounds
            let height = TabBarController.tabBarHeight
            tabBar.frame = Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
            contentView.frame = bounds
            contentView.obscuredInsets = EdgeInsets(top: 0, left: 0, bottom: height, right: 0)
            if let selectedView = selectedViewController?.loadedView, selectedView.superview === contentView {
                let extends = selectedViewController?.extendsUnderOpaqueBar(at: .bottom) == true
                selectedView.frame =
                    extends ? bounds : Rect(x: 0, y: 0, width: bounds.width, height: max(bounds.height - height, 0))
            }
        }
    }
}

/// A tab bar controller's view: its layout places the bar and the selected view.
@usableFromInline final class TabBarRootView: View {
    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    @usableFromInline override func layoutSubviews() {
        (owningViewController as? TabBarController)?.layoutTabViews()
    }
}

extension ViewController {
    /// What a `TabBar` shows for this controller; made on first use.
    public var tabBarItem: TabBarItem {
        get {
            if let tabBarItemStorage { return tabBarItemStorage }
            let item = TabBarItem()
            item.owner = self
            tabBarItemStorage = item
            return item
        }
        set {
            tabBarItemStorage?.owner = nil
            newValue.owner = self
            tabBarItemStorage = newValue
            tabBarController?.tabBar.setItems(tabBarController?.tabs.map { $0.tabBarItem } ?? [])
        }
    }

    /// The nearest ancestor that is a `TabBarController`.
    public var tabBarController: TabBarController? {
        var controller = parentStorage
        while let current = controller {
            if let tabs = current as? TabBarController { return tabs }
            controller = current.parentStorage
        }
        return nil
    }
}

/// The bar of a `TabBarController`: UIKit's `UITabBar`. One button per item,
/// its image above its title, the selected one in the theme's accent, a
/// badge at the image's top right. Buttons are named "tab." and the title.
open class TabBar: View {
    /// The items, in order (the controllers' `tabBarItem`s).
    public internal(set) final var items: [TabBarItem] = []
    @usableFromInline final var buttons: [TabBarButton] = []
    /// Unretained: the controller owns its bar.
    @usableFromInline final unowned(unsafe) var controller: TabBarController?
    /// `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet { itemsDidChange() }
    }

    public override init(frame: Rect = .zero, name: String = "tabBar") {
        super.init(frame: frame, name: name)
        backgroundColor = theme.surface
    }

    deinit {
        for item in items where item.bar === self { item.bar = nil }
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(TabBar.self)
    }

    /// The selected item, as UIKit's `selectedItem`.
    public var selectedItem: TabBarItem? {
        guard let index = controller?.selectedIndex, index >= 0, index < items.count else { return nil }
        return items[index]
    }

    @usableFromInline func setItems(_ newItems: [TabBarItem]) {
        for item in items where item.bar === self && !newItems.contains(where: { $0 === item }) { item.bar = nil }
        items = newItems
        for item in newItems { item.bar = self }
        while buttons.count > newItems.count { buttons.removeLast().removeFromSuperview() }
        while buttons.count < newItems.count {
            let index = buttons.count
            let button = TabBarButton(name: "tab")
            button.addAction(for: .touchUpInside) { [unowned(unsafe) self] _ in
                self.controller?.userSelected(index)
            }
            buttons.append(button)
            addSubview(button)
        }
        itemsDidChange()
    }

    /// An item changed, or the selection: show it.
    @usableFromInline func itemsDidChange() {
        backgroundColor = theme.surface
        let selected = controller?.selectedIndex ?? -1
        // Index loops: a debug build allocates per element of `enumerated()` (docs/memory.md).
        var index = 0
        while index < buttons.count && index < items.count {
            buttons[index].show(items[index], selected: index == selected, theme: theme)
            index += 1
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        guard !buttons.isEmpty else { return }
        let width = (bounds.width / Double(buttons.count)).rounded(.down)
        // Right to left, the first tab at the right, as UIKit's.
        let rightToLeft = isRightToLeft
        for (index, button) in buttons.enumerated() {
            let x = Double(index) * width
            let last = index == buttons.count - 1
            button.frame = flippedForLayoutDirection(
                Rect(x: x, y: 1, width: last ? bounds.width - x : width, height: bounds.height - 1),
                rightToLeft: rightToLeft)
        }
    }

    /// A hairline along the top edge.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: theme.track)
    }
}

/// One tab: its image over its title, and the badge.
@usableFromInline final class TabBarButton: Control {
    @usableFromInline var title = ""
    @usableFromInline var image: Image?
    @usableFromInline var badge: String?
    @usableFromInline var badgeColor = TabBarButton.systemRed
    @usableFromInline var tint = Theme.standard.secondaryText
    @usableFromInline var font = Theme.standard.captionFont
    @usableFromInline static let systemRed = Color(rgb: 0xFF453A)
    @usableFromInline static let badgeFont = Font.boldSystem(size: 12)

    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    @usableFromInline func show(_ item: TabBarItem, selected: Bool, theme: Theme) {
        let newTitle = item.resolvedTitle ?? ""
        if !sameBytes(name, "tab." + newTitle) { name = "tab." + newTitle }
        title = newTitle
        image = selected ? (item.selectedImage ?? item.image) : item.image
        badge = item.badgeValue
        badgeColor = item.badgeColor ?? TabBarButton.systemRed
        tint = !item.isEnabled ? theme.disabledText : (selected ? theme.accent : theme.secondaryText)
        font = theme.captionFont
        if isEnabled != item.isEnabled { isEnabled = item.isEnabled }
        isSelected = selected
        setNeedsDisplay()
    }

    @usableFromInline override func draw(_ rect: Rect, in context: GraphicsContext) {
        if isHighlighted {
            context.fill(bounds, color: Theme.standard.pressedOverlay)
        }
        let titleSize = measure(title, font: font)
        let imageSize = image?.size ?? Size(width: 0, height: 0)
        let gap = image == nil ? 0.0 : 2.0
        let total = imageSize.height + gap + titleSize.height
        var y = ((bounds.height - total) / 2).rounded()
        var imageRect = Rect(x: bounds.midX, y: y, width: 0, height: 0)
        if let image {
            imageRect = Rect(
                x: (bounds.midX - imageSize.width / 2).rounded(), y: y, width: imageSize.width, height: imageSize.height
            )
            context.draw(image, in: imageRect, tint: image.isTemplate ? tint : nil)
            y += imageSize.height + gap
        }
        context.draw(
            title, font: font, color: tint,
            in: Rect(x: 0, y: y, width: bounds.width, height: titleSize.height), alignment: .center)
        if let badge, !badge.isEmpty {
            let textSize = measure(badge, font: TabBarButton.badgeFont)
            let height = max(textSize.height, 18)
            let width = max(textSize.width + 10, height)
            // At the image's top right; without an image, after the title.
            let badgeRect =
                image == nil
                ? Rect(
                    x: (bounds.midX + titleSize.width / 2 + 4).rounded(),
                    y: (y + (titleSize.height - height) / 2).rounded(),
                    width: width, height: height)
                : Rect(
                    x: (imageRect.maxX - width / 3).rounded(), y: max(imageRect.minY - 6, 2), width: width,
                    height: height)
            context.fill(roundedRect: badgeRect, cornerRadius: height / 2, color: badgeColor)
            context.draw(
                badge, font: TabBarButton.badgeFont, color: .white,
                in: Rect(
                    x: badgeRect.minX, y: badgeRect.midY - textSize.height / 2, width: width, height: textSize.height),
                alignment: .center)
        }
    }
}
