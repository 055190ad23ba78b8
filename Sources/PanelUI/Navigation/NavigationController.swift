/// A stack of view controllers with a bar on top, pushed and popped with
/// UIKit's slide: UIKit's `UINavigationController`.
///
///     let navigation = NavigationController(rootViewController: SettingsScreen())
///     window.rootViewController = navigation
///     navigation.pushViewController(WiFiScreen(), animated: true)
///
/// - **Push**: the new top slides in from the right edge over the old one,
///   which moves left by a third of the width (parallax) under a light
///   dimming. **Pop** is the reverse. Both take `transitionDuration` on a
///   critically damped spring (see there), stepped by the display link.
/// - **Interactive pop**: a pan from the left edge
///   (`interactivePopGestureRecognizer`) moves the views with the finger;
///   released past half the width, or flicked right faster than
///   `completionVelocity`, it pops, else it springs back and the stack is unchanged.
/// - In a right-to-left layout (`View.effectiveUserInterfaceLayoutDirection`)
///   all of it is mirrored: a push slides in from the left, the pop starts at the right edge.
/// - `viewControllers` changes at once; the views catch up. Touches do not
///   reach the content or the bar while views move.
/// - An operation asked for while a transition runs first completes the
///   running one at once (a tracking interactive pop is cancelled), then runs:
///   nothing is queued, nothing is dropped.
///
/// Its view holds the bar (`NavigationBar`, 44 pt, unless
/// `isNavigationBarHidden`) and, below it, the content area the top
/// controller's view fills, laid out whenever its view's size changes
/// (`layoutSubviews`), when it appears and on each operation.
open class NavigationController: ViewController {
    /// UIKit's push and pop duration: 0.35 s.
    public static let transitionDuration: Double = 0.35
    /// How far the view underneath moves, as a fraction of the width: UIKit's parallax.
    public static let parallaxFraction: Double = 1.0 / 3
    /// The alpha of the black dimming over the view underneath when it is fully covered.
    public static let dimmingAlpha: Double = 0.1
    /// A release flicking right faster than this (points per second) completes
    /// an interactive pop however little of it was dragged: 300 pt/s, a
    /// deliberate flick; a slow release is decided by the halfway rule.
    public static let completionVelocity: Double = 300

    /// The bar across the top.
    public final let navigationBar = NavigationBar()
    /// The bar at the bottom, with the top controller's `toolbarItems`; hidden
    /// unless `isToolbarHidden` is false, as in UIKit.
    public final let toolbar = Toolbar()
    /// A pan from the left edge that pops interactively; enabled while the
    /// stack holds more than one controller.
    public final let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer(
        edges: .left,
        name: "navigation.pop")
    /// Holds the content views (and the dimming), the whole view under the bar; clips them.
    @usableFromInline let contentView = View(name: "navigation.content")
    /// Black, over the view being covered during a transition.
    @usableFromInline let dimmingView = View(name: "navigation.dimming")

    @usableFromInline final var stack: [ViewController] = []
    @usableFromInline final var transition: NavigationTransition?

    public override init() {
        super.init()
        setUp()
    }

    public init(rootViewController: ViewController) {
        super.init()
        setUp()
        setViewControllers([rootViewController], animated: false)
    }

    @usableFromInline func setUp() {
        toolbar.isHidden = true
        interactivePopGestureRecognizer.isEnabled = false
        interactivePopGestureRecognizer.addTarget(self, action: NavigationController.handlePopGesture)
        navigationBar.backButton.addTarget(
            self, action: NavigationController.backButtonTapped,
            for: .primaryActionTriggered)
        contentView.clipsToBounds = true
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        dimmingView.isHidden = true
        dimmingView.isUserInteractionEnabled = false
    }

    open override func loadView() {
        let root = NavigationRootView(name: "navigation")
        root.backgroundColor = Theme.standard.background
        root.addSubview(contentView)
        contentView.addSubview(dimmingView)
        root.addSubview(toolbar)
        root.addSubview(navigationBar)
        root.addGestureRecognizer(interactivePopGestureRecognizer)
        view = root
        if let top = stack.last { contentView.addSubview(top.view) }
        layoutNavigationViews()
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        layoutNavigationViews()
    }

    // MARK: The stack

    /// Bottom to top. Setting it is `setViewControllers(_:animated:)` without animation.
    public var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { stack.last }

    /// The top controller, or what it (or this controller) presents modally.
    public var visibleViewController: ViewController? {
        var visible = presentedViewController ?? topViewController
        while let presented = visible?.presentedViewController { visible = presented }
        return visible
    }

    /// Shows `viewController` on top; it slides in from the right when `animated`.
    /// A controller already in the stack is not pushed again (UIKit raises).
    public func pushViewController(_ viewController: ViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === viewController }) else { return }
        var newStack = stack
        newStack.append(viewController)
        replaceStack(with: newStack, animated: animated)
    }

    /// Pops the top controller and returns it; `nil` (and nothing happens) with only the root left.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        completeRunningTransition()
        guard stack.count > 1, let top = stack.last else { return nil }
        replaceStack(with: Array(stack.dropLast()), animated: animated)
        return top
    }

    /// Pops everything above the root; returns the popped controllers, bottom to top.
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController]? {
        completeRunningTransition()
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above `viewController`; returns them, bottom to top,
    /// or `nil` when `viewController` is not in the stack. Only the top one is
    /// seen sliding away, as in UIKit.
    @discardableResult
    public func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        completeRunningTransition()
        guard let index = stack.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(stack[(index + 1)...])
        if !popped.isEmpty { replaceStack(with: Array(stack[...index]), animated: animated) }
        return popped
    }

    /// Replaces the stack. When the top changes and `animated`, it is a push
    /// if the new top was not in the stack, else a pop. Controllers that left
    /// get `willMove(toParent: nil)` now and `didMove(toParent: nil)` when the
    /// transition ends; new ones `willMove(toParent: self)` now and
    /// `didMove(toParent: self)` then. A controller listed twice counts once.
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        var unique: [ViewController] = []
        for controller in viewControllers where !unique.contains(where: { $0 === controller }) {
            unique.append(controller)
        }
        replaceStack(with: unique, animated: animated)
    }

    // MARK: The bar

    /// Hides the bar; the content then fills the whole view.
    public final var isNavigationBarHidden = false {
        didSet { layoutNavigationViews() }
    }

    /// `isNavigationBarHidden`, as UIKit spells it. The bar does not slide (`animated` is ignored).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    /// Hides the toolbar (the default, as UIKit's); shown, the content ends above it.
    public final var isToolbarHidden = true {
        didSet { layoutNavigationViews() }
    }

    /// `isToolbarHidden`, as UIKit spells it. The toolbar does not slide (`animated` is ignored).
    public func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        isToolbarHidden = hidden
    }

    /// Places the bar, the content area and the top controller's view in the
    /// controller's view. Called by its view's layout, on appearance and on every operation.
    public func layoutNavigationViews() {
        guard let root = loadedView else { return }
        // Right to left, the pop starts at the right edge (the leading one).
        let popEdge: RectEdge = root.isRightToLeft ? .right : .left
        if interactivePopGestureRecognizer.edges != popEdge { interactivePopGestureRecognizer.edges = popEdge }
        View.performWithoutAnimation {
            let bounds = root.bounds
            let barHeight = isNavigationBarHidden ? 0 : NavigationBar.height
            let toolbarHeight = isToolbarHidden ? 0 : Toolbar.height
            if navigationBar.isHidden != isNavigationBarHidden { navigationBar.isHidden = isNavigationBarHidden }
            navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: NavigationBar.height)
            navigationBar.layoutItems()
            if toolbar.isHidden != isToolbarHidden { toolbar.isHidden = isToolbarHidden }
            toolbar.frame = Rect(x: 0, y: bounds.height - Toolbar.height, width: bounds.width, height: Toolbar.height)
            // The content area spans the view, under the bar: a controller that extends its
            // view under the bar finds it in its safe area.
            contentView.frame = bounds
            contentView.obscuredInsets = EdgeInsets(top: barHeight, left: 0, bottom: toolbarHeight, right: 0)
            dimmingView.frame = contentFrame(for: nil)
            if transition == nil, let top = stack.last, let topView = top.loadedView {
                topView.frame = contentFrame(for: top)
            }
        }
    }

    /// Where `controller`'s view goes in the content area: below the bar, or
    /// the whole area when it extends under it (`ViewController.extendedLayoutIncludesOpaqueBars`
    /// with `.top` in its `edgesForExtendedLayout`). `nil`: below the bar.
    @usableFromInline func contentFrame(for controller: ViewController?) -> Rect {
        let area = contentView.bounds
        var top = isNavigationBarHidden ? 0 : NavigationBar.height
        var bottom = isToolbarHidden ? 0 : Toolbar.height
        if controller?.extendsUnderOpaqueBar(at: .top) == true { top = 0 }
        if controller?.extendsUnderOpaqueBar(at: .bottom) == true { bottom = 0 }
        return Rect(x: area.minX, y: area.minY + top, width: area.width, height: max(area.height - top - bottom, 0))
    }

    @usableFromInline func updateBar() {
        let back = stack.count > 1 ? stack[stack.count - 2].navigationItem : nil
        navigationBar.setItems(top: stack.last?.navigationItem, back: back)
        toolbar.setItems(stack.last?.toolbarItems ?? [], animated: false)
    }

    @usableFromInline func updatePopGesture() {
        let enabled = stack.count > 1
        if interactivePopGestureRecognizer.isEnabled != enabled { interactivePopGestureRecognizer.isEnabled = enabled }
    }

    @usableFromInline func backButtonTapped(_ sender: Control) {
        popViewController(animated: true)
    }

    // MARK: State restoration

    override var restorableChildren: [ViewController] { stack }

    /// The stack's identifiers from the root, up to the first controller without one.
    override func shownForRestoration() -> [String]? {
        var ids: [String] = []
        for child in stack {
            guard let id = StateRestoration.usable(child.restorationIdentifier) else { break }
            ids.append(id)
        }
        return ids
    }

    /// The stack again: the controllers on it that match, then the ones `make` gives.
    override func restoreShown(
        _ fields: ArraySlice<String>, path: [String], make: ([String]) -> ViewController?
    ) -> (shown: ViewController?, problem: String?) {
        var restored: [ViewController] = []
        var problem: String?
        for id in fields {
            let index = restored.count
            if index < stack.count, let existing = stack[index].restorationIdentifier, sameBytes(existing, id) {
                restored.append(stack[index])
            } else if let made = make(path + [id]) {
                if made.restorationIdentifier == nil { made.restorationIdentifier = id }
                restored.append(made)
            } else {
                problem = "no controller for '" + (path + [id]).joined(separator: "/") + "': the stack stops below it"
                break
            }
        }
        if !restored.isEmpty, !restored.elementsEqual(stack, by: ===) { setViewControllers(restored, animated: false) }
        return (topViewController, problem)
    }

    // MARK: Transitions

    /// Whether a push, pop or interactive pop is moving views now.
    public var isTransitioning: Bool { transition != nil }

    /// The one place the stack changes: children, appearance, views, animation.
    @usableFromInline func replaceStack(with newStack: [ViewController], animated: Bool) {
        completeRunningTransition()
        let oldStack = stack
        let oldTop = oldStack.last
        let newTop = newStack.last
        var leaving: [ViewController] = []
        for controller in oldStack where !newStack.contains(where: { $0 === controller }) { leaving.append(controller) }
        var arriving: [ViewController] = []
        for controller in newStack where !oldStack.contains(where: { $0 === controller }) {
            arriving.append(controller)
        }

        for controller in leaving { controller.willMove(toParent: nil) }
        for controller in arriving { addChild(controller) } // willMove(toParent: self)
        stack = newStack
        updatePopGesture()
        updateBar()

        let isPush = newTop.map { top in !oldStack.contains(where: { $0 === top }) } ?? false
        let change = NavigationTransition(
            from: oldTop === newTop ? nil : oldTop, to: oldTop === newTop ? nil : newTop,
            isPush: isPush, isInteractive: false, animated: animated,
            sendsAppearance: isOnScreen)
        change.leaving = leaving
        change.arriving = arriving
        guard oldTop !== newTop, isViewLoaded else {
            // Nothing moves (or nothing is shown yet): the children settle now.
            if isViewLoaded, let top = newTop, top.view.superview !== contentView {
                contentView.addSubview(top.view)
            }
            settleChildren(of: change)
            layoutNavigationViews()
            return
        }
        begin(change)
        if animated, oldTop != nil, newTop != nil, view.window?.owningApplication != nil {
            animate(change)
        } else {
            complete(change, cancelled: false)
        }
    }

    /// 1, or -1 in a right-to-left layout: the moves below are written for
    /// left to right (a push slides in from the right); right to left they
    /// are mirrored, a push sliding in from the left, as UIKit's.
    @usableFromInline var slideSign: Double { loadedView?.isRightToLeft == true ? -1 : 1 }

    /// Puts the two views in place for the start of `change` and sends the `will` calls.
    @usableFromInline func begin(_ change: NavigationTransition) {
        transition = change
        layoutNavigationViews()
        contentView.isUserInteractionEnabled = false
        navigationBar.isUserInteractionEnabled = false
        let content = contentView.bounds
        let width = content.width * slideSign
        let mid = content.midX
        View.performWithoutAnimation {
            // Paint order during the move: the view underneath, the dimming, the view on top.
            let below = change.isPush ? change.from : change.to
            let above = change.isPush ? change.to : change.from
            if let aboveView = above?.view {
                if aboveView.superview !== contentView { contentView.addSubview(aboveView) }
                aboveView.frame = contentFrame(for: above)
            }
            if let belowView = below?.view {
                if let aboveView = above?.loadedView {
                    contentView.insertSubview(belowView, belowSubview: aboveView)
                } else {
                    contentView.addSubview(belowView)
                }
                belowView.frame = contentFrame(for: below)
                contentView.insertSubview(dimmingView, aboveSubview: belowView)
            }
            dimmingView.frame = contentFrame(for: nil)
            dimmingView.isHidden = false
            if change.isPush {
                change.to?.view.center.x = mid + width
                dimmingView.alpha = 0
            } else {
                change.to?.view.center.x = mid - width * NavigationController.parallaxFraction
                dimmingView.alpha = NavigationController.dimmingAlpha
            }
        }
        if change.animated { change.rasterizeViews() }
        if change.sendsAppearance {
            change.from?.beginAppearanceTransition(false, animated: change.animated)
            change.to?.beginAppearanceTransition(true, animated: change.animated)
        }
    }

    /// UIKit's curve for navigation is a spring without bounce: a critically
    /// damped spring (damping 1), fast at first and settling softly, which
    /// also carries a finger's speed on at release (ease-in-out would stall it).
    @usableFromInline func animate(
        _ change: NavigationTransition, duration: Double = NavigationController.transitionDuration,
        initialVelocity: Double = 0, toEnd: Bool = true
    ) {
        let content = contentView.bounds
        let width = content.width * slideSign
        let mid = content.midX
        let parallax = width * NavigationController.parallaxFraction
        let fromView = change.from?.loadedView
        let toView = change.to?.loadedView
        View.animate(
            withDuration: duration, usingSpringWithDamping: 1, initialSpringVelocity: initialVelocity,
            animations: {
                switch (change.isPush, toEnd) {
                case (true, _):
                    toView?.center.x = mid
                    fromView?.center.x = mid - parallax
                    self.dimmingView.alpha = NavigationController.dimmingAlpha
                case (false, true):
                    fromView?.center.x = mid + width
                    toView?.center.x = mid
                    self.dimmingView.alpha = 0
                case (false, false): // a cancelled interactive pop springs back
                    fromView?.center.x = mid
                    toView?.center.x = mid - parallax
                    self.dimmingView.alpha = NavigationController.dimmingAlpha
                }
            },
            completion: { _ in
                // A transition completed early (another operation) was already settled.
                if self.transition === change { self.complete(change, cancelled: !toEnd) }
            })
    }

    /// Completes the running transition at once, where it would have ended
    /// (a tracking interactive pop is cancelled).
    @usableFromInline func completeRunningTransition() {
        guard let change = transition else { return }
        let cancelled = change.isInteractive && !change.willComplete
        complete(change, cancelled: cancelled)
    }

    /// Ends `change`: the hidden view leaves, the shown one fills the content,
    /// the `did` calls go out, then the children's moves settle.
    @usableFromInline func complete(_ change: NavigationTransition, cancelled: Bool) {
        guard transition === change else { return }
        transition = nil
        // Stop what still moves; its completion sees `transition` changed and does nothing.
        if let animator = loadedView?.window?.owningApplication?.viewAnimator {
            if let v = change.from?.loadedView { animator.removeAnimations(of: v) }
            if let v = change.to?.loadedView { animator.removeAnimations(of: v) }
            animator.removeAnimations(of: dimmingView)
        }
        let shown = cancelled ? change.from : change.to
        let hidden = cancelled ? change.to : change.from
        View.performWithoutAnimation {
            if let hiddenView = hidden?.loadedView, hiddenView.superview === contentView, hidden !== stack.last {
                hiddenView.removeFromSuperview()
                hiddenView.frame = contentFrame(for: hidden)
            }
            if let shownView = shown?.loadedView, shownView.superview === contentView {
                shownView.frame = contentFrame(for: shown)
            }
            dimmingView.alpha = 0
            dimmingView.isHidden = true
        }
        change.endRasterizing()
        contentView.isUserInteractionEnabled = true
        navigationBar.isUserInteractionEnabled = true
        if change.sendsAppearance {
            if cancelled {
                // UIKit: the view that was to appear disappears again, the top appears again.
                change.to?.beginAppearanceTransition(false, animated: true)
                change.from?.beginAppearanceTransition(true, animated: true)
            }
            hidden?.endAppearanceTransition()
            shown?.endAppearanceTransition()
        }
        settleChildren(of: change)
        updatePopGesture()
    }

    /// `didMove(toParent:)` for the controllers `change` added and removed.
    @usableFromInline func settleChildren(of change: NavigationTransition) {
        for controller in change.leaving where controller.parent === self {
            if let leavingView = controller.loadedView, leavingView.superview === contentView {
                leavingView.removeFromSuperview()
            }
            controller.removeFromParent() // didMove(toParent: nil)
        }
        for controller in change.arriving where controller.parent === self {
            controller.didMove(toParent: self)
        }
        change.leaving = []
        change.arriving = []
    }

    // MARK: Interactive pop

    @usableFromInline func handlePopGesture(_ recognizer: GestureRecognizer) {
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            beginInteractivePop()
        case .changed:
            guard let change = transition, change.isInteractive, !change.isDecided else { return }
            setInteractiveProgress(progress(of: pan))
        case .ended, .cancelled:
            guard let change = transition, change.isInteractive, !change.isDecided else { return }
            finishInteractivePop(
                change, progress: progress(of: pan),
                velocity: pan.velocity(in: nil).x * slideSign, released: pan.state == .ended)
        default:
            break
        }
    }

    /// How far the pop is: the finger's travel over the width, 0…1.
    @usableFromInline func progress(of pan: PanGestureRecognizer) -> Double {
        let width = contentView.bounds.width
        guard width > 0 else { return 0 }
        return min(max(pan.translation(in: nil).x * slideSign / width, 0), 1)
    }

    @usableFromInline func beginInteractivePop() {
        // A swipe while views move, or with nothing to pop, does nothing.
        guard transition == nil, stack.count > 1, isViewLoaded else { return }
        let change = NavigationTransition(
            from: stack[stack.count - 1], to: stack[stack.count - 2], isPush: false,
            isInteractive: true, animated: true, sendsAppearance: isOnScreen)
        begin(change)
    }

    /// Places the views for `progress` (0: nothing popped, 1: popped). Allocates nothing.
    @usableFromInline func setInteractiveProgress(_ progress: Double) {
        guard let change = transition else { return }
        let content = contentView.bounds
        let width = content.width * slideSign
        let mid = content.midX
        View.performWithoutAnimation {
            // Whole points, not `center.x =`: that goes through the property's
            // modify accessor, whose coroutine frame debug builds allocate per call.
            if let view = change.from?.loadedView { view.center = Point(x: mid + width * progress, y: view.center.y) }
            if let view = change.to?.loadedView {
                view.center = Point(
                    x: mid - width * NavigationController.parallaxFraction * (1 - progress), y: view.center.y)
            }
            dimmingView.alpha = NavigationController.dimmingAlpha * (1 - progress)
        }
    }

    /// Released (or the touch was cancelled): pop or spring back, from where the views are.
    @usableFromInline func finishInteractivePop(
        _ change: NavigationTransition, progress: Double, velocity: Double,
        released: Bool
    ) {
        let completes =
            released
            && (velocity > NavigationController.completionVelocity
                || (progress > 0.5 && velocity > -NavigationController.completionVelocity))
        change.isDecided = true
        change.willComplete = completes
        setInteractiveProgress(progress)
        let width = contentView.bounds.width
        let remaining = completes ? 1 - progress : progress
        // The rest of the way takes the rest of the time (at least a few frames).
        let duration = max(NavigationController.transitionDuration * remaining, 0.1)
        // The finger's speed in whole distances per second (UIKit's unit), capped
        // at 9 distances per duration so the critically damped spring does not overshoot.
        let distance = max(remaining * width, 1)
        let speed = completes ? velocity : -velocity
        let initialVelocity = min(max(speed / distance, 0), 9 / duration)
        if completes, let top = change.from {
            top.willMove(toParent: nil)
            stack.removeLast()
            change.leaving = [top]
            updateBar()
        }
        animate(change, duration: duration, initialVelocity: initialVelocity, toEnd: completes)
    }
}

/// One push, pop or interactive pop: the controller whose view leaves
/// (`from`) and the one whose view comes (`to`).
@usableFromInline final class NavigationTransition {
    @usableFromInline let from: ViewController?
    @usableFromInline let to: ViewController?
    /// The new view slides in over the old one (else the old one slides off it).
    @usableFromInline let isPush: Bool
    @usableFromInline let isInteractive: Bool
    @usableFromInline let animated: Bool
    /// The controller was on screen when it began: appearance calls go out.
    @usableFromInline let sendsAppearance: Bool
    /// Removed from the stack: `didMove(toParent: nil)` when it ends.
    @usableFromInline var leaving: [ViewController] = []
    /// Added to the stack: `didMove(toParent:)` when it ends.
    @usableFromInline var arriving: [ViewController] = []
    /// An interactive pop whose finger lifted; `willComplete` says which way it goes.
    @usableFromInline var isDecided = false
    @usableFromInline var willComplete = false
    /// The two screens while they slide, drawn from their pictures
    /// (`Layer.shouldRasterize`); each is set back when the move ends, unless the app had set it.
    @usableFromInline var rasterizedFrom: View?
    @usableFromInline var rasterizedTo: View?

    @usableFromInline func rasterizeViews() {
        if let view = from?.loadedView, !view.layer.shouldRasterize {
            view.layer.shouldRasterize = true
            rasterizedFrom = view
        }
        if let view = to?.loadedView, !view.layer.shouldRasterize {
            view.layer.shouldRasterize = true
            rasterizedTo = view
        }
    }

    /// Drops the pictures: their memory goes back to `Application.rasterization`.
    @usableFromInline func endRasterizing() {
        rasterizedFrom?.layer.shouldRasterize = false
        rasterizedTo?.layer.shouldRasterize = false
        rasterizedFrom = nil
        rasterizedTo = nil
    }

    @usableFromInline init(
        from: ViewController?, to: ViewController?, isPush: Bool, isInteractive: Bool,
        animated: Bool, sendsAppearance: Bool
    ) {
        self.from = from
        self.to = to
        self.isPush = isPush
        self.isInteractive = isInteractive
        self.animated = animated
        self.sendsAppearance = sendsAppearance
    }
}

/// A navigation controller's view: its layout places the bar and the content.
@usableFromInline final class NavigationRootView: View {
    @usableFromInline override func layoutSubviews() {
        // The controller's back link, cleared by its `deinit`.
        (owningViewController as? NavigationController)?.layoutNavigationViews()
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(NavigationRootView.self)
    }
}
