/// A view whose content is larger than itself and moves under the finger:
/// UIKit's `UIScrollView`.
///
/// As in UIKit, `contentOffset` is `bounds.origin`: scrolling changes which
/// part of the scroll view's own coordinate space is shown, so subviews placed
/// at content coordinates move with it. A `panGestureRecognizer` drags the
/// content; after the lift it decelerates at `decelerationRate`, rubber-bands
/// past an edge and springs back (`ScrollPhysics` has the formulas), or
/// lands on a page (`isPagingEnabled`). Touches in the content are delayed
/// (`delaysContentTouches`) and may be cancelled (`canCancelContentTouches`)
/// as UIKit does: see docs/scrolling.md. All motion steps on the application's
/// `DisplayLink`, and none of it allocates per frame.
///
/// Subclasses (a table view) lay out their content in `contentOffsetDidChange()`,
/// called whenever the offset or the visible size changes.
open class ScrollView: View {
    // MARK: Content

    /// The size of the content, in the scroll view's coordinates.
    public final var contentSize: Size = .zero { didSet { if contentSize != oldValue { contentGeometryDidChange() } } }

    /// Extra room around the content: the offset may go from
    /// (-left, -top) to contentSize - bounds.size + (right, bottom).
    public final var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { contentGeometryDidChange() } }
    }

    /// The point of the content shown at the top-left corner: `bounds.origin`.
    /// Setting it stops any deceleration or animation, as in UIKit.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The bounds origin as the screen shows the content: rounded to whole
    /// pixels (`View.snapsContentToPixels`). What stays put on screen while the
    /// content scrolls (the indicators, a table's floating headers) is placed
    /// from it, so it stays on the same pixels.
    @usableFromInline final var drawnBoundsOrigin: Point {
        bounds.origin.roundedToPixels(scale: window?.displayScale ?? 1)
    }

    // Watches the origin (the offset) and the size (what is visible), whoever sets them.
    public override var bounds: Rect {
        didSet {
            guard bounds != oldValue else { return }
            boundsDidChange(from: oldValue)
        }
    }

    // MARK: Behaviour

    /// The scroll view's name in saved state: with one (and one on its
    /// controller), its offset at rest after a drag, a fling or an animated
    /// scroll is kept, and set again after a restart (`StateRestoration`).
    public final var restorationIdentifier: String?

    /// When false, the pan does nothing and the content stays where code puts it.
    public final var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// The content comes to rest on multiples of the view's size.
    public final var isPagingEnabled = false
    /// Whether the content may go past an edge (rubber band) and spring back. Default true.
    public final var bounces = true
    /// Bounce vertically even when the content is not taller than the view. Default false.
    public final var alwaysBounceVertical = false
    /// Bounce horizontally even when the content is not wider than the view. Default false.
    public final var alwaysBounceHorizontal = false
    /// How fast a fling slows down: `DecelerationRate.normal` (0.998/ms) by default.
    public final var decelerationRate = DecelerationRate.normal
    /// Whether touches in the content are held for `contentTouchDelay` before
    /// the content sees them, so a drag that starts on a button scrolls
    /// without pressing it. Default true.
    public final var delaysContentTouches = true
    /// Whether a drag may take back a touch the content already has (the
    /// content gets `touchesCancelled`), as `touchesShouldCancel(in:)` allows. Default true.
    public final var canCancelContentTouches = true
    public final var showsVerticalScrollIndicator = true { didSet { updateIndicators() } }
    public final var showsHorizontalScrollIndicator = true { didSet { updateIndicators() } }

    /// How long a touch in the content is held before the content sees it
    /// (when `delaysContentTouches`): 0.15 s, UIKit's.
    public static let contentTouchDelay = 0.15

    // MARK: State

    /// The finger is down on the scroll view (or its content), whether or not it moved it yet.
    public internal(set) final var isTracking = false
    /// The finger is moving the content.
    public internal(set) final var isDragging = false
    /// The content moves on by itself after the lift.
    public internal(set) final var isDecelerating = false
    /// The pinch is scaling the content.
    public internal(set) final var isZooming = false

    // MARK: Delegate

    /// Not retained, as in UIKit; reads `nil` once the delegate is freed.
    public var delegate: (any ScrollViewDelegate)? {
        get { delegateToken?.isAlive == true ? unretainedDelegate : nil }
        set {
            unretainedDelegate = newValue
            delegateToken = newValue?.ownLifetimeToken
            updatePinchRecognizer()
        }
    }
    // A ZeroingReference spelled out, as GestureRecognizer.delegate does (an existential is not a class type).
    @usableFromInline final unowned(unsafe) var unretainedDelegate: (any ScrollViewDelegate)?
    @usableFromInline final var delegateToken: LifetimeToken?

    // MARK: Recognizers

    /// Drags the content. Public as in UIKit: require other recognizers to fail on it, or read its velocity.
    public let panGestureRecognizer: PanGestureRecognizer
    /// Scales the content; exists only while zooming is possible
    /// (`maximumZoomScale` > `minimumZoomScale`), as in UIKit.
    public internal(set) final var pinchGestureRecognizer: PinchGestureRecognizer?
    /// Holds content touches for `contentTouchDelay` (UIKit's private
    /// delayed-touches-began recognizer).
    @usableFromInline let delayRecognizer: ContentTouchDelayGestureRecognizer

    // MARK: Zooming

    public final var minimumZoomScale = 1.0 { didSet { updatePinchRecognizer() } }
    public final var maximumZoomScale = 1.0 { didSet { updatePinchRecognizer() } }
    /// The scale applied to `viewForZooming`; setting it stops nothing else.
    public var zoomScale: Double {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }
    @usableFromInline final var storedZoomScale = 1.0

    // MARK: Internal motion state

    @usableFromInline final var motionX = AxisMotion()
    @usableFromInline final var motionY = AxisMotion()
    @usableFromInline enum MotionPurpose { case none, deceleration, animation }
    @usableFromInline final var motionPurpose = MotionPurpose.none
    /// The offset the finger's translation is measured from, without the rubber band.
    @usableFromInline final var dragOrigin = Point.zero
    /// The page the drag began on (paging moves at most one page per fling).
    @usableFromInline final var dragStartPage = Point.zero
    /// Zoom: the scale at the pinch's start, and the content point under the fingers.
    @usableFromInline final var zoomStartScale = 1.0
    @usableFromInline final var zoomAnchor = Point.zero
    /// Zoom animation from `setZoomScale(_:animated:)`.
    @usableFromInline final var zoomAnimation = AxisMotion()

    @usableFromInline let animator = ScrollAnimator()
    /// The display link the animator is registered with, to leave it on `deinit`.
    @usableFromInline final var registeredLink: DisplayLink?

    @usableFromInline let verticalIndicator = ScrollIndicator(axisIsVertical: true)
    @usableFromInline let horizontalIndicator = ScrollIndicator(axisIsVertical: false)
    /// When the indicators start fading (the display link's clock); infinity while in use.
    @usableFromInline final var indicatorFadeStart = Double.infinity
    @usableFromInline final var indicatorsVisible = false
    /// How long the indicators stay after the content stops, then how long they take to fade.
    public static let indicatorHold = 0.5
    public static let indicatorFadeDuration = 0.25

    public override init(frame: Rect = .zero, name: String = "") {
        panGestureRecognizer = ScrollViewPanGestureRecognizer(name: name.isEmpty ? "scroll.pan" : name + ".pan")
        delayRecognizer = ContentTouchDelayGestureRecognizer(name: name.isEmpty ? "scroll.delay" : name + ".delay")
        super.init(frame: frame, name: name)
        clipsToBounds = true
        snapsContentToPixels = true
        // The delay recognizer first: at touch-down it must see whether the content was still moving.
        addGestureRecognizer(delayRecognizer)
        addGestureRecognizer(panGestureRecognizer)
        panGestureRecognizer.addAction { recognizer in
            (recognizer.view as? ScrollView)?.handlePan(recognizer)
        }
        animator.scrollView = ZeroingReference(self)
        verticalIndicator.alpha = 0
        horizontalIndicator.alpha = 0
        addSubview(verticalIndicator)
        addSubview(horizontalIndicator)
    }

    deinit {
        registeredLink?.remove(animator)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(ScrollView.self)
    }

    /// G20: the scroll view's pan begins only where it may take back the
    /// touches content views already have (`canCancelContentTouches`,
    /// `touchesShouldCancel(in:)`). Call `super` from an override.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        contentAllowsPanToBegin(gestureRecognizer)
    }

    // MARK: Hooks for subclasses

    /// Called whenever `contentOffset` or the bounds' size changed, before
    /// the delegate's `scrollViewDidScroll`. A subclass places what became
    /// visible here (a table view its cells). It runs at once rather than in
    /// the next layout pass, so `visibleCells` is current when the delegate
    /// hears `scrollViewDidScroll`. Call `super`.
    open func contentOffsetDidChange() {}

    /// Whether the content view `view` gets the touches that landed on it. The scroll view asks when the
    /// content touch delay ends (at once without `delaysContentTouches`);
    /// false keeps them from the view for good. Default true.
    open func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool { true }

    /// Whether a drag may take the touch back from `view`, which already has it:
    /// false leaves the touch with the view and the content does not scroll.
    /// Default: false for a `Control`, true for other views (UIKit's).
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    /// Where content the fingers let go of without a drag comes to rest: the
    /// nearest offset within the limits. (A picker's wheel rests on a row.)
    @usableFromInline func restingOffset(near offset: Point) -> Point { clampedContentOffset(offset) }

    // MARK: Limits

    /// The smallest offset at rest: (-left inset, -top inset).
    public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

    /// The largest offset at rest: the content's far edge (plus inset) at the view's far edge.
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset
        return Point(
            x: max(minimum.x, contentSize.width + contentInset.right - bounds.width),
            y: max(minimum.y, contentSize.height + contentInset.bottom - bounds.height))
    }

    /// Whether a horizontal drag moves the content: it is wider than the view, or always bounces.
    public var canScrollHorizontally: Bool {
        isScrollEnabled
            && (contentSize.width + contentInset.left + contentInset.right > bounds.width
                || (alwaysBounceHorizontal && bounces))
    }

    /// Whether a vertical drag moves the content.
    public var canScrollVertically: Bool {
        isScrollEnabled
            && (contentSize.height + contentInset.top + contentInset.bottom > bounds.height
                || (alwaysBounceVertical && bounces))
    }

    /// `offset` held to the limits.
    public func clampedContentOffset(_ offset: Point) -> Point {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        return Point(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    // MARK: Focus (docs/focus.md)

    /// How far one detent of a rotary encoder (or one arrow key) scrolls the
    /// focused scroll view while it is adjusted, in points: 48, a row's height.
    public final var adjustmentStep: Double = 48

    /// A scroll view whose content can move takes focus; a push makes turns scroll it.
    open override var canBecomeFocused: Bool { canScrollVertically || canScrollHorizontally }
    open override var isAdjustable: Bool { true }

    /// One detent clockwise: the content moves on (down, or right when it
    /// scrolls only sideways) by `adjustmentStep`, held to the limits.
    open override func accessibilityIncrement() { scrollByAdjustmentStep(1) }
    /// One detent counter-clockwise: back by `adjustmentStep`.
    open override func accessibilityDecrement() { scrollByAdjustmentStep(-1) }

    @usableFromInline func scrollByAdjustmentStep(_ direction: Double) {
        var offset = bounds.origin
        if canScrollVertically {
            offset.y += direction * adjustmentStep
        } else {
            offset.x += direction * adjustmentStep
        }
        let target = clampedContentOffset(offset)
        if target != bounds.origin { setContentOffset(target, animated: false) }
    }

    // MARK: Moving the content from code

    /// Moves the content to `offset`; `animated` moves it there with the
    /// scroll view's spring and calls `scrollViewDidEndScrollingAnimation` at the end.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        guard animated, let time = now else {
            setBoundsOrigin(offset)
            return
        }
        motionX.spring(from: bounds.origin.x, to: offset.x, velocity: 0, at: time)
        motionY.spring(from: bounds.origin.y, to: offset.y, velocity: 0, at: time)
        motionX.dimension = 0
        motionY.dimension = 0
        motionPurpose = .animation
        showIndicators()
        startAnimating()
    }

    /// Scrolls the least needed to show `rect` (content coordinates).
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        var offset = bounds.origin
        if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        let target = clampedContentOffset(offset)
        if target != bounds.origin { setContentOffset(target, animated: animated) }
    }

    /// Shows the scroll indicators for a moment, then fades them.
    public func flashScrollIndicators() {
        showIndicators()
        if let time = now { indicatorFadeStart = time + Self.indicatorHold }
        startAnimating()
    }

    // MARK: Change handling

    @usableFromInline func boundsDidChange(from old: Rect) {
        updateIndicators()
        contentOffsetDidChange()
        if bounds.origin != old.origin { delegate?.scrollViewDidScroll(self) }
    }

    @usableFromInline func contentGeometryDidChange() {
        updateIndicators()
        contentOffsetDidChange()
    }

    /// After the content shrank under the offset (a table's reload), UIKit's
    /// table way: an offset past the new far end comes back to it at once,
    /// ending a fling there, rather than showing nothing until the next drag.
    /// A fling still within the content bounces off its new end; a spring
    /// heading past it heads for it instead. A finger on the content keeps it
    /// where it is (the rubber band follows the new limits from its next move).
    @usableFromInline func keepContentOffsetWithinContent() {
        guard !isDragging else { return }
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        let wasMoving = motionX.isActive || motionY.isActive
        var offset = bounds.origin
        keepWithinContent(&motionX, &offset.x, minimum.x, maximum.x)
        keepWithinContent(&motionY, &offset.y, minimum.y, maximum.y)
        if offset != bounds.origin { setBoundsOrigin(offset) }
        if wasMoving && !motionX.isActive && !motionY.isActive { motionDidEnd(at: now ?? 0) }
    }

    @usableFromInline func keepWithinContent(
        _ motion: inout AxisMotion, _ x: inout Double, _ minimum: Double, _ maximum: Double
    ) {
        if x > maximum {
            x = maximum
            motion.kind = .idle
            return
        }
        guard motion.isActive else { return }
        motion.minimum = minimum
        motion.maximum = maximum
        if motion.kind == .spring, !(motion.rest >= minimum && motion.rest <= maximum), let time = now {
            motion.spring(from: x, to: min(max(motion.rest, minimum), maximum), velocity: 0, at: time)
        }
    }

    @usableFromInline final var now: Double? { application?.runLoop.now }

    /// Sets the offset through `bounds`' setter: `bounds.origin = …` goes
    /// through the overridden property's `modify` accessor, whose coroutine
    /// frame unoptimized builds allocate on every call.
    @inline(__always) @usableFromInline func setBoundsOrigin(_ origin: Point) {
        bounds = Rect(origin: origin, size: bounds.size)
    }

    // MARK: Motion on the display link

    @usableFromInline func startAnimating() {
        guard let link = application?.displayLink else { return }
        if let registeredLink, registeredLink !== link { registeredLink.remove(animator) }
        registeredLink = link
        link.add(animator)
    }

    @usableFromInline func stopAnimatingIfIdle() {
        guard !motionX.isActive, !motionY.isActive, !zoomAnimation.isActive, !indicatorsVisible else { return }
        registeredLink?.remove(animator)
    }

    /// Stops any deceleration or animation where it is, without telling the delegate it ended.
    @usableFromInline func stopMotion() {
        motionX.kind = .idle
        motionY.kind = .idle
        zoomAnimation.kind = .idle
        isDecelerating = false
        motionPurpose = .none
    }

    /// One display-link frame: step the motion, then the indicators.
    @usableFromInline func step(at time: Double) {
        if zoomAnimation.isActive {
            let scale = zoomAnimation.position(at: time)
            applyZoomScale(scale, keepingCenter: true)
            if !zoomAnimation.isActive && !motionX.isActive && !motionY.isActive {
                delegate?.scrollViewDidEndScrollingAnimation(self)
            }
        }
        if motionX.isActive || motionY.isActive {
            var offset = bounds.origin
            if motionX.isActive { offset.x = motionX.position(at: time) }
            if motionY.isActive { offset.y = motionY.position(at: time) }
            setBoundsOrigin(offset)
            if !motionX.isActive && !motionY.isActive { motionDidEnd(at: time) }
        }
        stepIndicators(at: time)
        stopAnimatingIfIdle()
    }

    @usableFromInline func motionDidEnd(at time: Double) {
        let purpose = motionPurpose
        motionPurpose = .none
        isDecelerating = false
        indicatorFadeStart = time + Self.indicatorHold
        switch purpose {
        case .deceleration: delegate?.scrollViewDidEndDecelerating(self)
        case .animation: delegate?.scrollViewDidEndScrollingAnimation(self)
        case .none: break
        }
        restingOffsetDidChange()
    }

    /// At rest somewhere new: saved state wants the offset.
    @usableFromInline func restingOffsetDidChange() {
        if restorationIdentifier != nil { window?.owningApplication?.stateRestoration?.setNeedsSave() }
    }
}

/// The scroll view's display-link target, so the scroll view's own API does
/// not carry `displayLinkDidFire`. Holds the scroll view through a zeroing
/// reference: a scroll view freed mid-fling only leaves this behind, and it
/// unregisters itself on the next frame.
@usableFromInline final class ScrollAnimator: DisplayLinkTarget {
    @usableFromInline var scrollView = ZeroingReference<ScrollView>()

    @usableFromInline init() {}

    @usableFromInline func displayLinkDidFire(_ link: DisplayLink) {
        guard let scrollView = scrollView.object else {
            link.remove(self)
            return
        }
        scrollView.step(at: link.timestamp)
    }
}
