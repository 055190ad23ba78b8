/// What a `NavigationBar` shows while its controller is on top: UIKit's
/// `UINavigationItem`. Every `ViewController` has one (`ViewController.navigationItem`).
public final class NavigationItem {
    /// The bar's title; `nil` shows the controller's `ViewController.title`.
    public var title: String? { didSet { itemDidChange() } }
    /// Shown instead of the title, centred, its own size kept (UIKit's `titleView`).
    public var titleView: View? { didSet { itemDidChange() } }
    /// Hides the back button while this item is on top (the swipe from the
    /// edge still pops, as in UIKit).
    public var hidesBackButton = false { didSet { itemDidChange() } }
    /// The back button's title on the *next* controller's bar, when this one
    /// is below it; `nil` uses the title.
    public var backButtonTitle: String? { didSet { itemDidChange() } }
    /// Items at the bar's left, left to right. As in UIKit they replace the
    /// back button unless `leftItemsSupplementBackButton`.
    public var leftBarButtonItems: [BarButtonItem] = [] { didSet { itemDidChange() } }
    /// Items at the bar's right, right to left: the first is at the right end, as in UIKit.
    public var rightBarButtonItems: [BarButtonItem] = [] { didSet { itemDidChange() } }
    /// Shows the left items after the back button rather than instead of it.
    public var leftItemsSupplementBackButton = false { didSet { itemDidChange() } }

    /// The first of `leftBarButtonItems`; setting it makes it the only one.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// The first of `rightBarButtonItems` (the right end); setting it makes it the only one.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    public init(title: String? = nil) {
        self.title = title
    }

    /// The controller this item belongs to. Unretained: the controller owns the
    /// item and clears this in its `deinit` (a bar may hold the item longer).
    @usableFromInline unowned(unsafe) var owner: ViewController?
    /// The bar showing this item, to be told of changes. Unretained: the bar
    /// clears it when it shows another item and in its `deinit`.
    @usableFromInline unowned(unsafe) var bar: NavigationBar?

    /// The title shown: the item's, else its controller's.
    public var resolvedTitle: String? { title ?? owner?.title }

    @usableFromInline func itemDidChange() { bar?.itemsDidChange() }
}
