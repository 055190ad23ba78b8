/// A button on a `NavigationBar` or a `Toolbar`: UIKit's `UIBarButtonItem`.
/// An item, not a view: the bar makes its button (or shows its `customView`)
/// and sizes it to its title or image.
///
///     navigationItem.rightBarButtonItems = [
///         BarButtonItem(barButtonSystemItem: .done, target: self, action: ResidentScreen.done),
///         BarButtonItem(title: "Call") { _ in self.call() },
///     ]
///
/// The action is target-action (the target is not retained, as in UIKit) or
/// a closure (`primaryAction`). Its button is named after `name`, else
/// "bar." and its title, for tests.
public final class BarButtonItem: LifetimeTracked {
    /// UIKit's `UIBarButtonItem.Style`: `.done` draws the title bold.
    public enum Style: Equatable, Sendable {
        case plain
        case done
    }

    /// UIKit's `UIBarButtonItem.SystemItem`, those a panel's bars use. The
    /// words are English (an app localises with a titled item); `.add` is "+".
    public enum SystemItem: Equatable, Sendable {
        case done, cancel, edit, save, add, close, undo, redo
        /// Takes the room left between the items either side (toolbars).
        case flexibleSpace
        /// Keeps `width` points between the items either side.
        case fixedSpace

        @usableFromInline var title: String? {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .close: "Close"
            case .undo: "Undo"
            case .redo: "Redo"
            case .flexibleSpace, .fixedSpace: nil
            }
        }
    }

    public lazy var lifetime = Lifetime(of: self)

    public var title: String? { didSet { itemDidChange() } }
    /// Drawn instead of the title's place's first part (before the title when both are set).
    public var image: Image? { didSet { itemDidChange() } }
    public var style: Style { didSet { itemDidChange() } }
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?
    /// A disabled item's button is dimmed and takes no tap.
    public var isEnabled = true { didSet { itemDidChange() } }
    /// The title's colour; `nil` uses the bar's theme accent.
    public var tintColor: Color? { didSet { itemDidChange() } }
    /// The button's width; 0 (the default) sizes it to its content. A
    /// `.fixedSpace` item's width is the space it keeps.
    public var width = 0.0 { didSet { itemDidChange() } }
    /// A view shown instead of a button (UIKit's `init(customView:)`); its own size is kept.
    public var customView: View? { didSet { itemDidChange() } }
    /// An app's number for the item, as `View.tag`.
    public var tag = 0
    /// Names the button for tests and logs; empty: "bar." and the title.
    public var name = "" { didSet { itemDidChange() } }
    /// Runs on a tap, after the target-action.
    public var primaryAction: ((BarButtonItem) -> Void)?

    @usableFromInline let targets = TargetActionList<BarButtonItem>()
    /// The bar showing it, to be told of changes. Unretained: the bar clears it
    /// when it stops showing the item and in its `deinit`.
    @usableFromInline unowned(unsafe) var bar: BarItemHost?

    /// The button the bar shows for it, made on first use.
    @usableFromInline var buttonStorage: Button?

    public init(title: String?, style: Style = .plain, primaryAction: ((BarButtonItem) -> Void)? = nil) {
        self.title = title
        self.style = style
        systemItem = nil
        self.primaryAction = primaryAction
    }

    public init(image: Image?, style: Style = .plain, primaryAction: ((BarButtonItem) -> Void)? = nil) {
        self.image = image
        self.style = style
        systemItem = nil
        self.primaryAction = primaryAction
    }

    public init(barButtonSystemItem systemItem: SystemItem, primaryAction: ((BarButtonItem) -> Void)? = nil) {
        self.systemItem = systemItem
        title = systemItem.title
        style = systemItem == .done || systemItem == .save ? .done : .plain
        self.primaryAction = primaryAction
    }

    /// UIKit's `init(customView:)`.
    public init(customView: View) {
        self.customView = customView
        style = .plain
        systemItem = nil
    }

    /// A titled item calling `action` on `target`: `BarButtonItem(title: "Edit", target: self, action: Screen.edit)`.
    public convenience init<Target: LifetimeTracked>(
        title: String?, style: Style = .plain, target: Target,
        action: @escaping (Target) -> (BarButtonItem) -> Void
    ) {
        self.init(title: title, style: style)
        targets.add(target, action: action)
    }

    public convenience init<Target: LifetimeTracked>(
        image: Image?, style: Style = .plain, target: Target,
        action: @escaping (Target) -> (BarButtonItem) -> Void
    ) {
        self.init(image: image, style: style)
        targets.add(target, action: action)
    }

    public convenience init<Target: LifetimeTracked>(
        barButtonSystemItem systemItem: SystemItem, target: Target,
        action: @escaping (Target) -> (BarButtonItem) -> Void
    ) {
        self.init(barButtonSystemItem: systemItem)
        targets.add(target, action: action)
    }

    deinit {
        // The button's tap names this item unretained: it must not outlive it unseen.
        buttonStorage?.removeTarget(nil)
    }

    /// Adds a target-action (UIKit sets one `target` and `action`; several may be added here).
    public func addTarget<Target: LifetimeTracked>(
        _ target: Target, action: @escaping (Target) -> (BarButtonItem) -> Void
    ) {
        targets.add(target, action: action)
    }

    /// Whether the item is space between others rather than a button.
    public var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// What the bar shows: the custom view, else the item's button (none for a space).
    @usableFromInline var shownView: View? {
        if let customView { return customView }
        if isSpace { return nil }
        return button
    }

    /// The item's button, made on first use and kept up to date by `itemDidChange()`.
    @usableFromInline var button: Button {
        if let buttonStorage { return buttonStorage }
        let made = Button(name: "")
        made.addAction(for: .primaryActionTriggered) { [unowned(unsafe) self] _ in self.sendActions() }
        buttonStorage = made
        configure(made, theme: Theme.standard)
        return made
    }

    /// A tap on its button: the target-actions, then the closure.
    @usableFromInline func sendActions() {
        // An action may pop the screen that owns this item: it lives until the call ends.
        withExtendedLifetime(self) {
            targets.send(from: self)
            primaryAction?(self)
        }
    }

    @usableFromInline func configure(_ button: Button, theme: Theme) {
        button.name = name.isEmpty ? "bar." + (title ?? "") : name
        button.setTitle(title)
        button.setImage(image)
        button.titleFont = style == .done ? theme.buttonFont : theme.bodyFont
        button.setTitleColor(tintColor ?? theme.accent)
        button.setFillColor(.clear) // a bar button is text or an image; pressing it shows the theme's overlay
        if button.isEnabled != isEnabled { button.isEnabled = isEnabled }
    }

    /// The width the item takes on a bar: `width`, else its button's content
    /// and padding (`Button.intrinsicContentSize`), 44 pt at least, a finger's.
    @usableFromInline var preferredWidth: Double {
        if let customView { return customView.bounds.width }
        if width > 0 { return width }
        if isSpace { return 0 }
        return max(button.intrinsicContentSize.width, BarButtonItem.minimumWidth)
    }

    /// A bar button is never narrower than a finger.
    public static let minimumWidth = 44.0

    @usableFromInline func itemDidChange() {
        if let buttonStorage { configure(buttonStorage, theme: Theme.standard) }
        bar?.barItemsDidChange()
    }
}

/// A bar that shows `BarButtonItem`s and hears when one changes.
public protocol BarItemHost: AnyObject {
    func barItemsDidChange()
}

/// Shows bar items in a row: their views in the bar, fixed and flexible
/// spaces, buttons sized to their content.
enum BarItemLayout {
    /// Makes `items`' views the bar's item views, in place of `shownViews`,
    /// their buttons styled by `theme`, each item linked to `bar`.
    static func show(
        _ items: [BarButtonItem], in bar: some View & BarItemHost, theme: Theme, replacing shownViews: inout [View]
    ) {
        for view in shownViews where view.superview === bar { view.removeFromSuperview() }
        shownViews = []
        for item in items {
            item.bar = bar
            if let view = item.shownView {
                if let button = view as? Button, item.customView == nil { item.configure(button, theme: theme) }
                shownViews.append(view)
                bar.addSubview(view)
            }
        }
    }

    /// Places `items`' views from `minX` to `maxX` (`fromLeft` packs them from
    /// the left, else from the right), centred on `midY`, each `height`
    /// high; flexible spaces share what is left; `backwards` takes the items
    /// last first (a bar's right items, the first at the right end), without
    /// a reversed copy (an allocation per layout). Returns the width taken.
    @discardableResult @inline(never) // two bars call it: one copy in a board binary
    static func place(
        _ items: [BarButtonItem], from minX: Double, to maxX: Double, midY: Double, height: Double,
        fromLeft: Bool, backwards: Bool = false
    ) -> Double {
        // Index loops: an array's iterator allocates in a debug build, and a pop's frames lay the bar out.
        var fixed = 0.0
        var flexibleCount = 0
        var k = 0
        while k < items.count {
            if items[k].systemItem == .flexibleSpace {
                flexibleCount += 1
            } else {
                fixed += items[k].preferredWidth
            }
            k += 1
        }
        let room = max(maxX - minX, 0)
        let flexible = flexibleCount > 0 ? max(room - fixed, 0) / Double(flexibleCount) : 0
        let total = fixed + flexible * Double(flexibleCount)
        var x = fromLeft ? minX : maxX - min(total, room)
        k = 0
        while k < items.count {
            let item = items[backwards ? items.count - 1 - k : k]
            k += 1
            let width = item.systemItem == .flexibleSpace ? flexible : item.preferredWidth
            if let view = item.shownView {
                let viewHeight = item.customView != nil ? view.bounds.height : height
                view.frame = Rect(
                    x: x.rounded(), y: (midY - viewHeight / 2).rounded(), width: width, height: viewHeight)
            }
            x += width
        }
        return total
    }
}
