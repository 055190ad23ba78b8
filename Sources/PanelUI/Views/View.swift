/// A rectangular area of the screen that draws itself and responds to touches:
/// UIKit's `UIView`, without Core Animation.
///
/// Geometry follows UIKit: `center` and `transform` place the view in its
/// superview, `bounds` is its own coordinate space, and `frame` is derived.
/// Every change is reported to the window's `ViewTable`, which the event
/// path reads instead of walking the tree.
open class View: Responder {
    /// A name used in logs and found by `view(named:)`.
    public final var name: String
    /// An integer that identifies the view, 0 by default: UIKit's `tag`,
    /// found by `viewWithTag(_:)`.
    public final var tag = 0
    /// What UI tests find the view by, as UIKit's (XCUITest's); nil by
    /// default. `view(named:)`, and so `AppTester`'s gestures and lookups by
    /// name, accept it where no view has that `name` (docs/testing.md,
    /// "Finding views"). Not written to logs, which name views by `name`.
    public final var accessibilityIdentifier: String?

    // `@exclusivity(unchecked)` here: trivial values read every frame, no access spanning app code
    // (docs/architecture.md, "Few dynamic exclusivity checks").

    // MARK: Geometry

    /// The centre of the view in its superview's coordinates.
    @exclusivity(unchecked) public var center: Point {
        didSet {
            if View.openCapture != nil {
                var old = ViewPresentation(modelOf: self)
                old.center = oldValue
                recordAnimatedChange(.center, oldModel: old)
            }
            geometryDidChange()
        }
    }

    /// The view's own coordinate space: its origin is the point shown at the
    /// top-left corner, its size the view's size before `transform`.
    @exclusivity(unchecked) public var bounds: Rect {
        didSet {
            if View.openCapture != nil {
                var old = ViewPresentation(modelOf: self)
                old.bounds = oldValue
                recordAnimatedChange(.bounds, oldModel: old)
            }
            // A scroll view's content moving under it: the window may move its pixels (`Window.viewDidScroll`).
            if !(snapsContentToPixels && bounds.size == oldValue.size && View.openCapture == nil
                && window?.viewDidScroll(self, from: oldValue.origin) == true)
            {
                geometryDidChange()
            }
            if bounds.size != oldValue.size { boundsSizeDidChange(from: oldValue.size) }
        }
    }

    /// Whether the subviews are drawn with the bounds origin rounded to whole
    /// pixels of the screen, so that they move by whole pixels when it
    /// changes: a scroll view's content (UIKit's scroll views snap their
    /// offset to pixels the same way), whose pixels the renderer then moves by
    /// copying rather than drawing them again. Hit-testing and layout keep the exact origin.
    @exclusivity(unchecked) @usableFromInline internal final var snapsContentToPixels = false
    /// Whether `liveInstanceBytes` holds this view's bytes (made while `measureAllocation` was set).
    private final var isCountedInInstanceBytes = false

    /// Applied about the centre of the view; `AffineTransform.identity` by default.
    @exclusivity(unchecked) public final var transform: AffineTransform = .identity {
        didSet {
            if View.openCapture != nil {
                var old = ViewPresentation(modelOf: self)
                old.transform = oldValue
                recordAnimatedChange(.transform, oldModel: old)
            }
            geometryDidChange()
        }
    }

    /// The smallest rectangle in the superview's coordinates that holds the
    /// transformed bounds. As in UIKit, setting it is meaningful only while
    /// `transform` is the identity: it sets `center` and the size of `bounds`.
    ///
    /// Final, so that `frame.origin.x = …` is a read and a write: an
    /// overridable property's modify accessor keeps the value in a coroutine
    /// frame allocated on the heap per call.
    public final var frame: Rect {
        get { transformToSuperview.apply(to: Rect(origin: bounds.origin, size: bounds.size)) }
        set {
            // An unchanged frame reports nothing, so a layout pass that lands
            // where the view already is leaves the window clean.
            if center != newValue.center { center = newValue.center }
            // The whole value, not `bounds.size =`: that goes through the overridable property's
            // modify accessor, whose coroutine frame is heap-allocated per call in debug builds.
            if bounds.size != newValue.size { bounds = Rect(origin: bounds.origin, size: newValue.size) }
        }
    }

    // MARK: Visibility and interaction

    /// Hidden views draw nothing and are never hit (R4).
    @exclusivity(unchecked) public final var isHidden = false {
        didSet {
            flagsDidChange()
            if isHidden != oldValue { invalidateIntrinsicContentSize() } // a stack collapses hidden views
        }
    }
    /// 0 (transparent) to 1 (opaque). A view at 0.01 or less is never hit (R4).
    @exclusivity(unchecked) public final var alpha: Double = 1 {
        didSet {
            if View.openCapture != nil {
                var old = ViewPresentation(modelOf: self)
                old.alpha = oldValue
                recordAnimatedChange(.alpha, oldModel: old)
            }
            flagsDidChange()
        }
    }
    /// When false, touches pass through the view and its subviews (R4, R12).
    @exclusivity(unchecked) public final var isUserInteractionEnabled = true { didSet { flagsDidChange() } }
    /// Whether subviews are clipped to this view's bounds when drawn (to its
    /// rounded shape when `layer.cornerRadius` is set). Hit-testing never
    /// reaches a subview outside its superview either way (R4). The same flag
    /// as `layer.masksToBounds`, as in UIKit.
    public final var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// What the view draws besides its background and content: rounded
    /// corners, a border, a shadow, and whether it masks its subviews (UIKit's
    /// `view.layer`, its drawing properties; see `Layer`). A value: `view.layer.cornerRadius = 12`
    /// is a read and a write that marks the old and new area dirty, shadow included.
    @exclusivity(unchecked) public final var layer = Layer() {
        didSet {
            guard layer != oldValue else { return }
            if !layer.shouldRasterize { layerCache?.rasterized = nil } // its memory goes back now
            rasterizedContentDidChange(includingItself: true)
            window?.viewLayerDidChange(self, clippingChanged: layer.masksToBounds != oldValue.masksToBounds)
        }
    }
    /// The view's drawing caches for `layer` (the blurred shadow, the pixels
    /// under masked corners); made on the first draw that needs one.
    @exclusivity(unchecked) @usableFromInline internal final var layerCache: LayerCache?
    /// `layerCache`, made if there is none yet (once per view).
    @usableFromInline internal final var cachedLayer: LayerCache {
        if let cache = layerCache { return cache }
        let cache = LayerCache()
        layerCache = cache
        return cache
    }
    /// When false (the default), the view gets only the first touch that lands on it (R10).
    @exclusivity(unchecked) public final var isMultipleTouchEnabled = false
    /// While an exclusive view tracks a touch, no other view in the window gets touches (R11).
    @exclusivity(unchecked) public final var isExclusiveTouch = false
    /// Filled behind the view's content; `nil` draws nothing.
    @exclusivity(unchecked) public var backgroundColor: Color? {
        didSet {
            if View.openCapture != nil {
                var old = ViewPresentation(modelOf: self)
                old.backgroundColor = oldValue
                recordAnimatedChange(.backgroundColor, oldModel: old)
            }
            setNeedsDisplay()
        }
    }

    /// UIKit's `tintColor`: the colour template images (`Image.RenderingMode.alwaysTemplate`)
    /// are drawn in. Unset (`nil`), a view takes its superview's, and the top
    /// of a hierarchy the theme's accent. Setting it tells the subtree
    /// (`tintColorDidChange()`), down to views that set their own.
    public var tintColor: Color! {
        get {
            var view: View? = self
            while let current = view {
                if let color = current.tintColorStorage { return color }
                view = current.superview
            }
            return Theme.standard.accent
        }
        set {
            guard tintColorStorage != newValue else { return }
            tintColorStorage = newValue
            tintColorDidChangeInSubtree()
        }
    }
    @usableFromInline final var tintColorStorage: Color?

    /// UIKit's `semanticContentAttribute`: whether this view flips in a
    /// right-to-left layout (Views/LayoutDirection.swift). `.unspecified` by default.
    @exclusivity(unchecked) public final var semanticContentAttribute: SemanticContentAttribute = .unspecified {
        didSet {
            guard semanticContentAttribute != oldValue else { return }
            // Its subviews' frames and text alignment may flip: lay the subtree out again.
            setNeedsLayoutInSubtree()
            superview?.setNeedsLayout()
            window?.markDirty(nil)
        }
    }

    /// Called when `tintColor` changed for this view (its own, or an ancestor's
    /// it follows). By default an image view showing a template image redraws.
    open func tintColorDidChange() {}

    // MARK: Animation

    /// What the screen shows while an animation runs; `nil` shows the model.
    @exclusivity(unchecked) @usableFromInline internal final var presentationState: ViewPresentation?
    /// The properties `presentationState` holds; the others show the model.
    @exclusivity(unchecked) @usableFromInline internal final var presentedProperties: AnimatedProperties = []
    /// Animations of this view running or waiting for their delay.
    @exclusivity(unchecked) @usableFromInline internal final var runningAnimations = 0
    /// This view's animation records, running or being recorded, newest first
    /// (linked by `ViewAnimation.nextOfView`): what a start looks through.
    /// Unretained: a record holds its view while linked, and unlinks itself when it ends.
    @exclusivity(unchecked) @usableFromInline internal unowned(unsafe) final var firstAnimation: ViewAnimation?
    /// Whether an animation of this view is running (or waiting for its delay).
    /// Open (declared here, not with the animation code) so that
    /// `ActivityIndicatorView` can give it UIKit's meaning there: spinning.
    open var isAnimating: Bool { runningAnimations > 0 }
    /// Of those, the ones without `.allowUserInteraction`: touches pass through the view meanwhile.
    @exclusivity(unchecked) @usableFromInline internal final var interactionBlockingAnimations = 0 {
        didSet { if (oldValue == 0) != (interactionBlockingAnimations == 0) { flagsDidChange() } }
    }

    // MARK: Layout

    /// How this view follows its superview's size changes; none by default (UIKit's `autoresizingMask`).
    @exclusivity(unchecked) public final var autoresizingMask: AutoresizingMask = []
    /// Whether a change of this view's size resizes its subviews by their `autoresizingMask`; true by default.
    @exclusivity(unchecked) public final var autoresizesSubviews = true
    /// The space inside the edges that arranged content keeps clear of (a
    /// `StackView` with `StackView.isLayoutMarginsRelativeArrangement`); 8 on each edge, as in UIKit.
    @exclusivity(unchecked) public final var layoutMargins = EdgeInsets(all: 8) {
        didSet {
            if layoutMargins != oldValue {
                setNeedsLayout()
                invalidateIntrinsicContentSize()
            }
        }
    }
    /// The safe area as the last layout pass found it (`safeAreaInsets`), and
    /// the insets this view's own chrome covers of it (a window's keyboard, a
    /// navigation content area's bar): see Layout/View+SafeArea.swift.
    @exclusivity(unchecked) @usableFromInline internal final var safeAreaInsetsStorage = EdgeInsets.zero
    @exclusivity(unchecked) @usableFromInline internal final var obscuredInsets = EdgeInsets.zero {
        didSet { if obscuredInsets != oldValue { window?.safeAreaNeedsUpdate = true } }
    }
    // The layout flags and `subviews` are read on every frame, so they skip
    // the dynamic exclusivity check. Each access is a single load or store
    // (`subviews` is copied out, and changed by `addSubview`/`removeFromSuperview`,
    // which call no app code while the array is being written), so no access
    // can overlap another. (`superview` and `window` keep the check: marked,
    // the Embedded build of an app linking PanelReplay got two strong copies of
    // one merged ViewController function, a linker error; embedded-check.)
    /// Set by `setNeedsLayout()`, cleared just before `layoutSubviews()` runs. A new view needs layout.
    @exclusivity(unchecked) @usableFromInline internal final var needsLayout = true
    /// Some descendant needs layout: a pass walks down only these. Set on every ancestor of a view that needs layout.
    @exclusivity(unchecked) @usableFromInline internal final var descendantNeedsLayout = false
    /// While a layout pass walks through this view: the index of the next
    /// subview it looks at (-1 when no pass is in it). The pass's way down
    /// lives in the views, so it needs no stack however deep the hierarchy.
    @exclusivity(unchecked) @usableFromInline internal final var layoutCursor = -1
    /// While a layout pass is inside this view: the view it goes back up to,
    /// retained so a `layoutSubviews` that removes views cannot free the way back.
    @exclusivity(unchecked) @usableFromInline internal final var layoutReturn: View?

    /// Lays out the subviews; called by the layout pass (`layoutIfNeeded()`,
    /// which the renderer runs before each frame) after `setNeedsLayout()`.
    /// By the time it runs, autoresizing has already moved the subviews (it
    /// happens when the size changes, as in UIKit). Does nothing by default;
    /// override to set the subviews' frames. Never call it directly.
    open func layoutSubviews() {}

    /// Called when `safeAreaInsets` changed, in the layout pass; the view is
    /// then laid out again. Does nothing by default (Layout/View+SafeArea.swift).
    open func safeAreaInsetsDidChange() {}

    /// The size this view would like within `size`. By default the
    /// `intrinsicContentSize` where it has one, else the current size.
    open func sizeThatFits(_ size: Size) -> Size { defaultSizeThatFits(size) }

    /// The size the content needs, or `View.noIntrinsicMetric` for a
    /// dimension it does not decide; both by default. `StackView` reads it.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    // MARK: Hierarchy

    /// Back to front: the last subview is drawn last and hit-tested first.
    @exclusivity(unchecked) public internal(set) final var subviews: [View] = []
    // The back links are unretained (a view owns its subviews, a window its
    // views, a controller its root view) and cleared by the owner's `deinit`,
    // so they never name a freed object. Read on every event and frame (a
    // touch's location, a text change, marking what to redraw), so they skip
    // the dynamic exclusivity check: an unretained reference is a plain
    // pointer, stored and loaded whole, and no overlap of accesses could free
    // anything through it.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) final var superview: View?
    @exclusivity(unchecked) public internal(set) unowned(unsafe) final var window: Window?
    /// Set while this view is a view controller's root view (R8). Read by
    /// `next` at every step up the responder chain, so unchecked as well.
    @exclusivity(unchecked) @usableFromInline internal unowned(unsafe) final var owningViewController: ViewController?
    /// Where this view sits in its window's `ViewTable`; -1 when it has none.
    @exclusivity(unchecked) @usableFromInline internal final var tableIndex = -1

    public init(frame: Rect = .zero, name: String = "") {
        self.name = name
        self.center = frame.center
        self.bounds = Rect(origin: .zero, size: frame.size)
        super.init()
        View.liveInstanceCount += 1
        if let measure = View.measureAllocation {
            View.liveInstanceBytes += measure(Unmanaged.passUnretained(self).toOpaque())
            isCountedInInstanceBytes = true
        }
    }

    deinit {
        View.liveInstanceCount -= 1
        if isCountedInInstanceBytes, let measure = View.measureAllocation {
            View.liveInstanceBytes -= measure(Unmanaged.passUnretained(self).toOpaque())
        }
        // The subviews leave in a loop, not a recursion per level: a subview
        // that nothing else holds is freed here, after its own subviews were
        // taken from it, so its `deinit` finds none and freeing a subtree of
        // any depth takes one pass over it. Only a view that was in a window
        // hears that it left (UIKit calls `didMoveToWindow` only then).
        var leaving = subviews
        subviews = []
        leaving.reverse() // popped back to front, as they were told before
        while var subview = leaving.popLast() {
            subview.superview = nil
            if subview.window != nil { subview.setWindow(nil) }
            if isKnownUniquelyReferenced(&subview) && !subview.subviews.isEmpty {
                for grandchild in subview.subviews { grandchild.superview = nil }
                leaving.append(contentsOf: subview.subviews)
                subview.subviews = []
            }
        }
        // A recognizer may outlive its view (the dispatcher's engaged list and its
        // timers hold it): it lets go of the view first, so its actions see
        // `view == nil`, then its gesture is cancelled and its reset cancels
        // its timers, so nothing reaches this view again.
        while let recognizer = gestureRecognizers.popLast() {
            recognizer.view = nil
            recognizer.dispatcher?.recognizerWasDetached(recognizer)
        }
    }

    /// How many views exist right now, in every window and none: a soak or a
    /// test checks it stays flat.
    public nonisolated(unsafe) static var liveInstanceCount = 0

    /// The bytes the allocator gave the live views' objects (their stored
    /// properties; not what those point to): the memory report's "views".
    /// Counted only while `measureAllocation` is set.
    public nonisolated(unsafe) static var liveInstanceBytes = 0

    /// How many bytes the allocator gave an object (`malloc_usable_size`,
    /// which PanelUI cannot call itself). Set once, before the first view is
    /// made (the device host does): views made before it are not counted.
    public nonisolated(unsafe) static var measureAllocation: (@convention(c) (UnsafeMutableRawPointer?) -> Int)?

    /// R8: the view controller whose root view this is, else the superview.
    open override var next: Responder? {
        if let controller = owningViewController { return controller }
        return superview
    }

    // MARK: Gesture recognizers

    /// The recognizers attached to this view, in the order they were added.
    public internal(set) final var gestureRecognizers: [GestureRecognizer] = []

    /// G20: asked before a recognizer that would receive this view's touches
    /// begins (the recognizer's own view, and the view a touch landed on);
    /// false makes it fail. Controls use it to keep a parent's tap or pan from
    /// taking their own touches. True by default.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Hit-testing (R4, R5)

    /// Whether `point`, in this view's bounds coordinates, is inside the view.
    /// Override to enlarge or reshape the touchable area (R5).
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// The farthest descendant of this view (or the view itself) that contains
    /// `point`, in this view's bounds coordinates, or `nil`. Override to redirect,
    /// hide or claim touches (R5); call `super` for the default search.
    ///
    /// The default runs UIKit's recursive search on the window's flattened
    /// `ViewTable`, calling into subviews only where they may override it.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        if let table = window?.viewTable, table.contains(self) {
            return table.hitTest(at: tableIndex, localPoint: point, with: event)
        }
        return recursiveHitTest(point, with: event)
    }

    /// UIKit's hit-test written as the plain recursion, for views not in a window.
    @usableFromInline func recursiveHitTest(_ point: Point, with event: Event?) -> View? {
        guard isHittable, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            guard let toSubview = subview.transformToSuperview.inverted else { continue }
            if let hit = subview.hitTest(toSubview.apply(to: point), with: event) { return hit }
        }
        return self
    }

    /// R4.1: not hidden, alpha above 0.01 and interaction enabled (and, for a
    /// control, enabled: C2).
    public var isHittable: Bool {
        !isHidden && alpha > 0.01 && isUserInteractionEnabled && !refusesTouches
    }

    /// Set by subclasses that take no touches in some state, as a disabled control.
    @exclusivity(unchecked) @usableFromInline final var refusesTouches = false { didSet { flagsDidChange() } }

    /// Whether this class keeps `View`'s own `hitTest` and `point(inside:)`, so
    /// the `ViewTable` may answer for it without a call. PanelKit's classes
    /// that keep them override this for their exact class; any other subclass
    /// (an app's) inherits `false` and is called, so its overrides are honoured.
    @usableFromInline internal class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(View.self)
    }

    // MARK: Drawing

    /// Draws the view's content over its background, in its bounds
    /// coordinates; `rect` is the part that needs drawing. Override to draw.
    open func draw(_ rect: Rect, in context: GraphicsContext) {}

    /// Marks the view as needing to be drawn again.
    public func setNeedsDisplay() {
        rasterizedContentDidChange(includingItself: true)
        window?.viewNeedsDisplay(self)
    }

    /// Marks `rect` (bounds coordinates) as needing to be drawn again: UIKit's
    /// `setNeedsDisplay(_:)`. A view whose change is small (a slider's thumb,
    /// a label's text) marks just that, so the frame redraws and presents less.
    /// `draw(_:in:)` is still called with whatever part needs drawing.
    public func setNeedsDisplay(_ rect: Rect) {
        rasterizedContentDidChange(includingItself: true)
        window?.viewNeedsDisplay(self, in: rect)
    }

    // MARK: Focus (rotary encoders and keys that move among controls)

    /// Whether a rotary encoder or the focus keys can move focus to this view;
    /// false by default, true for enabled controls.
    open var canBecomeFocused: Bool { false }

    /// Whether a push on this view, focused, makes turns adjust it (a slider, a
    /// stepper, a scroll view) instead of activating it: UIKit's `.adjustable`
    /// accessibility trait. False by default.
    open var isAdjustable: Bool { false }

    /// A turn of the encoder, one step clockwise, while this view is focused
    /// for adjusting: a slider or stepper steps up (UIKit's accessibility name).
    open func accessibilityIncrement() {}
    /// One step counter-clockwise.
    open func accessibilityDecrement() {}
    /// The encoder's push or the enter key on the focused view: a button's
    /// tap, a switch's flip, a text field's editing. Returns whether it did anything.
    @discardableResult
    open func accessibilityActivate() -> Bool { false }

    // MARK: Hooks

    /// Called after the view moved to another superview, or left its superview.
    open func didMoveToSuperview() {}
    /// Called after the view (or an ancestor) moved into or out of a window.
    open func didMoveToWindow() {}

    // MARK: Change tracking

    // A view's own move, alpha and presentation leave its picture (if it
    // is rasterized) as it is: the renderer checks its size and background.
    @usableFromInline func geometryDidChange() {
        rasterizedContentDidChange(includingItself: false)
        window?.viewGeometryDidChange(self)
    }

    @usableFromInline func flagsDidChange() {
        rasterizedContentDidChange(includingItself: false)
        window?.viewFlagsDidChange(self)
    }

    @usableFromInline func presentationDidChange() {
        rasterizedContentDidChange(includingItself: false)
        window?.viewPresentationDidChange(self)
    }
}
