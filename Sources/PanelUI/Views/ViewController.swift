/// Manages a view hierarchy: UIKit's `UIViewController`, which takes its place
/// in the responder chain between its root view and that view's superview (R8).
///
/// It is also a container's building block: `children`/`parent` with
/// `addChild(_:)` and `removeFromParent()`, the appearance calls
/// (`viewWillAppear(_:)` …) and modal presentation
/// (`present(_:animated:completion:)`, in Navigation/Presentation.swift).
/// See docs/navigation.md for the orders the calls come in.
open class ViewController: Responder {
    @usableFromInline final var loadedView: View?

    public override init() {
        super.init()
    }

    deinit {
        loadedView?.owningViewController = nil
        // The back links this controller's children and presented controller hold name it: clear them.
        for child in children { child.parentStorage = nil }
        presentedStorage?.presentingStorage = nil
        presentationControllerStorage?.presentedStorage = nil
        navigationItemStorage?.owner = nil // a bar may still hold the item
        tabBarItemStorage?.owner = nil
    }

    /// The root view, created by `loadView()` on first use.
    public final var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            guard let loaded = loadedView else { fatalError("loadView() must set view") }
            viewDidLoad()
            return loaded
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue.owningViewController = self
        }
    }

    public final var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; override to build your own. The default is a plain `View`.
    open func loadView() {
        view = View(name: "view")
    }

    /// Called once, after the root view is created.
    open func viewDidLoad() {}

    // MARK: Layout

    /// Called in each layout pass that lays out the root view, before its
    /// `layoutSubviews()`: the root view has its final size. Does nothing by default.
    open func viewWillLayoutSubviews() {}
    /// Called right after the root view's `layoutSubviews()`, before its
    /// subviews lay out theirs (UIKit's order). Does nothing by default.
    open func viewDidLayoutSubviews() {}

    /// Called when the root view's `View.safeAreaInsets` changed (a bar or the
    /// keyboard came to cover part of it, or `additionalSafeAreaInsets`
    /// changed), in the layout pass, before the root view lays out again.
    open func viewSafeAreaInsetsDidChange() {}

    /// Added to the root view's safe area, as UIKit's: room a container's
    /// own chrome takes that PanelKit does not know of. Zero by default.
    public final var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue else { return }
            loadedView?.window?.safeAreaNeedsUpdate = true
        }
    }

    /// The size this controller's content would like when a container gives it
    /// a choice: the card of a `.formSheet` presentation. `.zero` (the default)
    /// leaves the size to the container.
    public final var preferredContentSize = Size.zero

    /// The edges of the root view that may extend under a container's bars:
    /// all, as in UIKit. PanelKit's bars are opaque, so this matters only
    /// with `extendedLayoutIncludesOpaqueBars`.
    public final var edgesForExtendedLayout: RectEdge = .all
    /// Whether the root view extends under opaque bars (on the edges
    /// `edgesForExtendedLayout` allows), its `View.safeAreaInsets` then
    /// covering the bars. False by default, as in UIKit: the view is laid out
    /// beside a navigation bar, and its safe area does not include it.
    public final var extendedLayoutIncludesOpaqueBars = false {
        didSet { if extendedLayoutIncludesOpaqueBars != oldValue { parentStorage?.loadedView?.setNeedsLayout() } }
    }

    /// Whether a container lays the root view out under its opaque bar on `edge`.
    @usableFromInline final func extendsUnderOpaqueBar(at edge: RectEdge) -> Bool {
        extendedLayoutIncludesOpaqueBars && edgesForExtendedLayout.contains(edge)
    }

    /// R8: after the controller comes its root view's superview (the window, for a window's root).
    open override var next: Responder? { loadedView?.superview }

    /// The controller's name in saved state (UIKit's `restorationIdentifier`):
    /// with one, and one on each of its ancestors, the app comes back to it
    /// after a restart (`StateRestoration`, docs/navigation.md). No "/", tab or newline.
    public final var restorationIdentifier: String?

    // State restoration (Restoration/StateRestoration.swift): what a container
    // shows, overridden by NavigationController and TabBarController here,
    // not cast to by StateRestoration, so an app without tabs links no tab code.

    /// The children a saved state walks into: a stack, the tabs, else `children`.
    var restorableChildren: [ViewController] { children }
    /// What this container shows, as a saved line's fields after its path (a
    /// stack's identifiers, the selected tab's index); nil for a controller that is not a container.
    func shownForRestoration() -> [String]? { nil }
    /// Shows again what `shownForRestoration()` saved: the child shown now, and
    /// what could not be restored.
    func restoreShown(_ fields: ArraySlice<String>, path: [String], make: ([String]) -> ViewController?)
        -> (shown: ViewController?, problem: String?)
    { (nil, nil) }

    // MARK: Title and navigation item

    /// What a `NavigationBar` shows for this controller (unless its
    /// `navigationItem` has its own title), and the next one's back button.
    public var title: String? {
        didSet {
            navigationItemStorage?.itemDidChange()
            tabBarItemStorage?.itemDidChange()
        }
    }

    /// The title, back button and bar button a `NavigationBar` shows while
    /// this controller is on top of a `NavigationController`. Made on first use.
    public final var navigationItem: NavigationItem {
        if let navigationItemStorage { return navigationItemStorage }
        let item = NavigationItem()
        item.owner = self
        navigationItemStorage = item
        return item
    }
    @usableFromInline final var navigationItemStorage: NavigationItem?
    /// What a tab bar shows for this controller (Navigation/TabBarController.swift), made on first use.
    @usableFromInline final var tabBarItemStorage: TabBarItem?

    /// The items a `NavigationController`'s toolbar shows while this controller
    /// is on top (UIKit's `toolbarItems`); the toolbar shows once `isToolbarHidden` is false.
    public var toolbarItems: [BarButtonItem]? {
        didSet {
            if let navigation = navigationController, navigation.topViewController === self { navigation.updateBar() }
        }
    }

    /// `toolbarItems`, as UIKit spells it (the items do not fade).
    public func setToolbarItems(_ items: [BarButtonItem]?, animated: Bool) {
        toolbarItems = items
    }

    // MARK: Child controllers (the container API)

    /// The controllers added with `addChild(_:)`, in order. Owned.
    public internal(set) final var children: [ViewController] = []

    /// The container this controller is a child of. Unretained: the parent
    /// owns its children and clears the link when it removes one or is freed.
    public var parent: ViewController? { parentStorage }
    @usableFromInline final unowned(unsafe) var parentStorage: ViewController?

    /// Makes `child` a child of this controller, as UIKit's `addChild`: calls
    /// `child.willMove(toParent: self)` first. The container adds the child's
    /// view where it wants it, then calls `child.didMove(toParent: self)`.
    public func addChild(_ child: ViewController) {
        guard child !== self, child.parentStorage !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parentStorage = self
    }

    /// Takes this controller out of its parent, as UIKit's: the container
    /// calls `willMove(toParent: nil)` before; this calls `didMove(toParent: nil)`
    /// after. The view stays where it is: the container removes it.
    public func removeFromParent() {
        guard let parent = parentStorage else { return }
        if let index = parent.children.firstIndex(where: { $0 === self }) {
            parentStorage = nil
            // Kept alive across the call: the parent's array may hold the last reference.
            let removed = parent.children.remove(at: index)
            didMove(toParent: nil)
            withExtendedLifetime(removed) {}
        } else {
            parentStorage = nil
        }
    }

    /// Called before the controller is added to a container (`parent`) or
    /// removed from one (`nil`).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to a container (`parent`) or
    /// removed from one (`nil`).
    open func didMove(toParent parent: ViewController?) {}

    /// The nearest ancestor that is a `NavigationController`.
    public var navigationController: NavigationController? {
        var controller = parentStorage
        while let current = controller {
            if let navigation = current as? NavigationController { return navigation }
            controller = current.parentStorage
        }
        return nil
    }

    // MARK: Appearance

    /// Where the controller's view is in coming onto or leaving the screen.
    public enum AppearanceState: Equatable, Sendable { case disappeared, appearing, appeared, disappearing }

    /// Driven by `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()`.
    public internal(set) final var appearanceState = AppearanceState.disappeared

    /// The view is about to be shown (its `view` is loaded).
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is shown, its transition over.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the screen (or an interactive pop started: it may come back).
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view left the screen.
    open func viewDidDisappear(_ animated: Bool) {}

    /// UIKit's appearance state machine, for containers: `true` sends
    /// `viewWillAppear(_:)` unless already appearing or appeared, `false` sends
    /// `viewWillDisappear(_:)` unless already disappearing or gone. Pair with
    /// `endAppearanceTransition()`. A reversal (disappearing → appearing: a
    /// cancelled interactive pop) sends the opposite `will` call, as UIKit does.
    /// Children whose views are in this controller's view hear the same call after it.
    public final func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            lastAppearanceAnimated = animated
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            lastAppearanceAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        forEachChildOnScreen { $0.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Completes `beginAppearanceTransition(_:animated:)`: `viewDidAppear` or `viewDidDisappear`.
    public final func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(lastAppearanceAnimated)
            if restorationIdentifier != nil { loadedView?.window?.owningApplication?.stateRestoration?.setNeedsSave() }
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(lastAppearanceAnimated)
        default:
            return
        }
        forEachChildOnScreen { $0.endAppearanceTransition() }
    }

    @usableFromInline final var lastAppearanceAnimated = false

    /// Children whose views are in this controller's view: the ones an
    /// appearance change of the container reaches (a navigation controller's
    /// top; both while it moves between two, which it drives itself).
    final func forEachChildOnScreen(_ body: (ViewController) -> Void) {
        guard let root = loadedView, !children.isEmpty else { return }
        let snapshot = children // a callback may add or remove children
        for child in snapshot where child.parentStorage === self {
            if let childView = child.loadedView, childView.isDescendant(of: root) { body(child) }
        }
    }

    /// Whether the view is appearing or shown.
    @usableFromInline final var isOnScreen: Bool { appearanceState == .appearing || appearanceState == .appeared }

    // MARK: Modal presentation (see Navigation/Presentation.swift)

    /// How `present(_:animated:completion:)` shows this controller; `.automatic`
    /// (the default) is `.fullScreen`, as on a phone before sheets.
    public final var modalPresentationStyle = ModalPresentationStyle.automatic
    /// How it moves on and off the screen: sliding up (the default) or fading.
    public final var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// When true, a tap on a sheet's backdrop does not dismiss it (the
    /// presentation controller's delegate hears `presentationControllerDidAttemptToDismiss`).
    public final var isModalInPresentation = false
    /// Whether `.currentContext` and `.overCurrentContext` presentations made by
    /// this controller or its children cover only this controller's view.
    /// False by default: they cover the outermost container's.
    public final var definesPresentationContext = false

    /// PanelKit's alert and action sheet place their box themselves in the
    /// container's safe area (`safeArea`, container coordinates); `nil` keeps
    /// the style's frame. Internal: apps choose a style or `preferredContentSize`.
    @usableFromInline func frameForPresentation(in safeArea: Rect, container: Rect) -> Rect? { nil }
    /// Whether a presentation of this controller dims what lies under it,
    /// whatever its style (`.formSheet` always does).
    @usableFromInline var dimsPresentationBackground: Bool { false }
    /// A tap on the dimmed backdrop. Returns whether this controller handled
    /// it; unhandled, a sheet is dismissed as its style and `isModalInPresentation` say.
    @usableFromInline func presentationBackdropTapped() -> Bool { false }

    /// Made on first use (before presenting, to set its delegate) and kept.
    @usableFromInline final var presentationControllerStorage: PresentationController?

    /// Owned: the controller this one presented, until it is dismissed.
    @usableFromInline final var presentedStorage: ViewController?
    /// Unretained: the presenter owns the presented controller and clears this
    /// when it dismisses it or is freed.
    @usableFromInline final unowned(unsafe) var presentingStorage: ViewController?
    /// The view the presented controller's view sits in while presented (UIKit's
    /// container view): the window's size, or the context's; it takes the
    /// touches meant for what lies under it.
    @usableFromInline final var presentationContainer: View? { presentationControllerStorage?.container }
    /// Bumped by each modal transition this controller presents or dismisses:
    /// an animation's completion for an older one does nothing.
    @usableFromInline final var modalTransitionGeneration = 0
    /// Completes the modal transition in progress at once (another one was asked for).
    @usableFromInline final var finishModalTransition: ((ViewController) -> Void)?
}
