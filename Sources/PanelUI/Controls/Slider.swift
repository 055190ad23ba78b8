/// A horizontal slider: UIKit's `UISlider` (C5).
///
/// - `value` lies in `minimumValue`…`maximumValue` (0…1 by default) and
///   is clamped to it; setting any of them sends no action.
/// - Tracking starts only when the finger lands on the thumb or within
///   `Theme.thumbTouchMargin` of it; elsewhere the touch is ignored.
/// - Then the thumb follows the finger exactly: the offset between the finger
///   and the thumb's centre at touch-down is kept, so the thumb does not jump
///   under the finger, and the value is the one whose thumb centre is there.
/// - `isContinuous` (default true) sends `.valueChanged` and
///   `.primaryActionTriggered` (one call per action) on every move that
///   changes the value; when false it sends them once, when the finger lifts
///   or is cancelled, and only if the value changed.
///
/// The thumb's centre runs from `thumbDiameter / 2` inside the track's left
/// end (`minimumValue`) to as far inside its right end (`maximumValue`):
/// see `trackRect(forBounds:)` and `thumbRect(forBounds:trackRect:value:)`.
/// Touches and sending actions allocate nothing.
open class Slider: Control {
    // `@exclusivity(unchecked)` here: trivial values read every frame, no access spanning app code
    // (docs/architecture.md, "Few dynamic exclusivity checks").
    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            metrics = SliderMetrics(theme)
            setNeedsDisplay()
        }
    }
    /// What a drag and a frame read of `theme`, copied whenever it is set:
    /// `theme` holds fonts, so each read of it is checked for exclusivity;
    /// these trivial copies are read without that check.
    @exclusivity(unchecked) @usableFromInline internal final var metrics = SliderMetrics(.standard)
    /// The track left of the thumb; `nil` uses the theme's accent.
    @exclusivity(unchecked) public var minimumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The track right of the thumb; `nil` uses the theme's track colour.
    @exclusivity(unchecked) public var maximumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The thumb; `nil` uses the theme's thumb colour.
    @exclusivity(unchecked) public var thumbTintColor: Color? { didSet { setNeedsDisplay() } }
    /// C5: true (the default) sends `.valueChanged` while dragging; false sends it once at the end.
    @exclusivity(unchecked) public final var isContinuous = true
    /// How far one detent of a rotary encoder (or one arrow key) moves
    /// `value` while the slider is focused for adjusting; nil, the default,
    /// is a twentieth of the range (`maximumValue` − `minimumValue`).
    @exclusivity(unchecked) public final var adjustmentStep: Double?

    @exclusivity(unchecked) @usableFromInline internal final var storedValue = 0.0
    @exclusivity(unchecked) @usableFromInline internal final var storedMinimum = 0.0
    @exclusivity(unchecked) @usableFromInline internal final var storedMaximum = 1.0
    /// The value drawn: `value`, or on its way there during `setValue(_:animated: true)`.
    @usableFromInline internal let animator = ControlAnimator(value: 0)
    /// The finger's x minus the thumb centre's x at touch-down.
    @exclusivity(unchecked) @usableFromInline internal final var grabOffset = 0.0
    @exclusivity(unchecked) @usableFromInline internal final var valueAtTouchDown = 0.0

    public init(frame: Rect = .zero, name: String = "", value: Double = 0) {
        super.init(frame: frame, name: name)
        setValue(value, animated: false)
    }

    deinit {
        animator.stop()
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Slider.self)
    }

    /// No width of its own (a slider takes the room it is given), a finger's height.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: max(theme.controlHeight, theme.thumbDiameter))
    }

    // MARK: Value

    /// The slider's value, clamped to `minimumValue`…`maximumValue`.
    /// Setting it moves the thumb at once and sends no action.
    public var value: Double {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    /// The value at the left end; 0 by default. Raising it above `maximumValue`
    /// raises that too; `value` is clamped to the new range.
    public var minimumValue: Double {
        get { storedMinimum }
        set {
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            setValue(storedValue, animated: false)
        }
    }

    /// The value at the right end; 1 by default. Lowering it below `minimumValue`
    /// lowers that too; `value` is clamped to the new range.
    public var maximumValue: Double {
        get { storedMaximum }
        set {
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            setValue(storedValue, animated: false)
        }
    }

    /// Sets `value` (clamped), sliding the thumb there when `animated` and the
    /// slider is in an application's window. Sends no action, as in UIKit.
    public func setValue(_ value: Double, animated: Bool) {
        storedValue = clamped(value)
        if animated, let displayLink = application?.displayLink {
            animator.animate(self, to: storedValue, duration: theme.animationDuration, on: displayLink)
        } else {
            animator.jump(to: storedValue)
        }
        setNeedsDisplay()
    }

    @usableFromInline internal func clamped(_ value: Double) -> Double {
        guard !value.isNaN else { return storedMinimum }
        return min(max(value, storedMinimum), storedMaximum)
    }

    // MARK: Geometry (UIKit's names)

    /// The track, full width and `Theme.sliderTrackHeight` high, centred vertically.
    open func trackRect(forBounds bounds: Rect) -> Rect {
        let height = metrics.trackHeight
        return Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
    }

    /// The thumb for `value`: a `Theme.thumbDiameter` circle whose centre runs
    /// from half a diameter inside the track's left end to as far inside its right end.
    open func thumbRect(forBounds bounds: Rect, trackRect rect: Rect, value: Double) -> Rect {
        let d = metrics.thumbDiameter
        let range = storedMaximum - storedMinimum
        var fraction = range > 0 ? (min(max(value, storedMinimum), storedMaximum) - storedMinimum) / range : 0
        // Right to left, the minimum is at the right (UIKit flips sliders).
        if isRightToLeft { fraction = 1 - fraction }
        let centerX = rect.minX + d / 2 + fraction * max(rect.width - d, 0)
        return Rect(x: centerX - d / 2, y: rect.midY - d / 2, width: d, height: d)
    }

    /// The value whose thumb centre is at `x` (the slider's coordinates), clamped.
    public func value(forThumbCenterX x: Double) -> Double {
        let track = trackRect(forBounds: bounds)
        let d = metrics.thumbDiameter
        let travel = track.width - d
        guard travel > 0 else { return storedMinimum }
        var fraction = (x - (track.minX + d / 2)) / travel
        if isRightToLeft { fraction = 1 - fraction }
        return clamped(storedMinimum + fraction * (storedMaximum - storedMinimum))
    }

    /// Where the thumb is now, in the slider's coordinates.
    public var currentThumbRect: Rect {
        thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
    }

    // MARK: Tracking (C4, C5)

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let p = touch.location(in: self)
        let thumb = currentThumbRect
        let margin = theme.thumbTouchMargin
        guard thumb.insetBy(dx: -margin, dy: -margin).contains(p) else { return false }
        animator.jump(to: storedValue) // a finger takes the thumb where the value is
        grabOffset = p.x - thumb.midX
        valueAtTouchDown = storedValue
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        follow(touch)
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        if let touch { follow(touch) }
        finishNonContinuousTracking()
    }

    open override func cancelTracking(with event: Event?) {
        finishNonContinuousTracking()
    }

    /// Moves the thumb's centre to the finger (less the grab offset).
    @usableFromInline internal func follow(_ touch: Touch) {
        let newValue = value(forThumbCenterX: touch.location(in: self).x - grabOffset)
        guard newValue != storedValue else { return }
        let drawnValue = animator.value
        storedValue = newValue
        animator.jump(to: newValue)
        setNeedsDisplayForThumbMove(from: drawnValue)
        if isContinuous { sendActions(for: .valueAndPrimaryAction) }
    }

    @usableFromInline internal func finishNonContinuousTracking() {
        if !isContinuous && storedValue != valueAtTouchDown {
            sendActions(for: .valueAndPrimaryAction)
        }
    }

    // MARK: Focus (docs/focus.md)

    /// A push on the focused slider makes turns adjust it.
    open override var isAdjustable: Bool { true }

    /// One detent clockwise: `value` up by `adjustmentStep`, sending
    /// `.valueChanged` and `.primaryActionTriggered` when it changed.
    open override func accessibilityIncrement() { step(by: 1) }
    /// One detent counter-clockwise: `value` down by `adjustmentStep`.
    open override func accessibilityDecrement() { step(by: -1) }

    /// The step one detent moves the value.
    public var effectiveAdjustmentStep: Double {
        adjustmentStep ?? (storedMaximum - storedMinimum) / 20
    }

    @usableFromInline internal func step(by direction: Double) {
        guard isEnabled else { return }
        let newValue = clamped(storedValue + direction * effectiveAdjustmentStep)
        guard newValue != storedValue else { return }
        let drawnValue = animator.value
        storedValue = newValue
        animator.jump(to: newValue)
        setNeedsDisplayForThumbMove(from: drawnValue)
        sendActions(for: .valueAndPrimaryAction)
    }

    // MARK: Gestures (G20)

    /// G20: while the slider tracks a finger (which it does only from its
    /// thumb), a parent's one-finger pan, or a one-finger swipe along the
    /// slider, would do what the slider does itself. UIKit lists "a single
    /// finger swipe on the knob of a UISlider, parallel to the slider"; pans
    /// are included here for the same reason. A finger that landed on the
    /// track off the thumb leaves the parent's pan free, and a screen-edge pan
    /// is never blocked: the system's edge swipe wins, as in UIKit.
    open override func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard isTracking else { return false }
        if gestureRecognizer is ScreenEdgePanGestureRecognizer { return false }
        if let pan = gestureRecognizer as? PanGestureRecognizer { return pan.minimumNumberOfTouches <= 1 }
        if let swipe = gestureRecognizer as? SwipeGestureRecognizer {
            return swipe.numberOfTouchesRequired == 1
                && (swipe.direction.contains(.left) || swipe.direction.contains(.right))
        }
        return false
    }

    // MARK: Drawing

    /// A subclass may draw more than the track and thumb (its own `draw`):
    /// it is redrawn whole when the thumb moves.
    @usableFromInline internal class var drawsOnlyTrackAndThumb: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Slider.self)
    }

    /// Marks what moving the thumb from `drawnValue` to where it is drawn now
    /// changes: the old and new thumb, and the track between them, whose
    /// colour changes there (up to the filled part's rounded end), a point
    /// wider all round for anti-aliased edges. A drag redraws a thumb-sized
    /// area, not the whole slider.
    @usableFromInline internal func setNeedsDisplayForThumbMove(from drawnValue: Double) {
        guard type(of: self).drawsOnlyTrackAndThumb else { return setNeedsDisplay() }
        let track = trackRect(forBounds: bounds)
        let old = thumbRect(forBounds: bounds, trackRect: track, value: drawnValue)
        let new = thumbRect(forBounds: bounds, trackRect: track, value: animator.value)
        let radius = track.height / 2
        // A filled part narrower than its two round ends is drawn with a smaller radius: all of it changes.
        let shortest = min(old.midX, new.midX)
        let longest = max(old.midX, new.midX)
        let left: Double
        let right: Double
        if isRightToLeft { // filled from the right end
            left = shortest
            right = track.maxX - longest < 2 * radius ? track.maxX : longest + radius
        } else {
            left = shortest - track.minX < 2 * radius ? track.minX : shortest - radius
            right = longest
        }
        let changedTrack = Rect(x: left, y: track.minY, width: right - left, height: track.height)
        setNeedsDisplay(old.union(new).union(changedTrack).insetBy(dx: -1, dy: -1))
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard isEnabled else {
            // A copy only here: copying a context retains its text driver.
            var dimmed = context
            dimmed.alpha *= metrics.disabledAlpha
            return drawTrackAndThumb(in: dimmed)
        }
        drawTrackAndThumb(in: context)
    }

    @usableFromInline internal func drawTrackAndThumb(in context: GraphicsContext) {
        let metrics = self.metrics
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, trackRect: track, value: animator.value)
        let radius = track.height / 2
        context.fill(roundedRect: track, cornerRadius: radius, color: maximumTrackTintColor ?? metrics.track)
        let filled =
            isRightToLeft
            ? Rect(x: thumb.midX, y: track.minY, width: max(track.maxX - thumb.midX, 0), height: track.height)
            : Rect(x: track.minX, y: track.minY, width: max(thumb.midX - track.minX, 0), height: track.height)
        context.fill(roundedRect: filled, cornerRadius: radius, color: minimumTrackTintColor ?? metrics.accent)
        context.fillThumb(
            thumb, color: thumbTintColor ?? metrics.thumb,
            pressedOverlay: isHighlighted ? metrics.pressedOverlay.inverted : nil)
    }
}

/// The numbers and colours of a `Theme` that a slider reads on every move
/// and every frame.
@usableFromInline internal struct SliderMetrics {
    @usableFromInline var trackHeight: Double
    @usableFromInline var thumbDiameter: Double
    @usableFromInline var disabledAlpha: Double
    @usableFromInline var track: Color
    @usableFromInline var accent: Color
    @usableFromInline var thumb: Color
    @usableFromInline var pressedOverlay: Color

    @usableFromInline init(_ theme: Theme) {
        trackHeight = theme.sliderTrackHeight
        thumbDiameter = theme.thumbDiameter
        disabledAlpha = theme.disabledAlpha
        track = theme.track
        accent = theme.accent
        thumb = theme.thumb
        pressedOverlay = theme.pressedOverlay
    }
}

extension ControlEvents {
    /// `.valueChanged` and `.primaryActionTriggered`, what a slider or switch
    /// sends for a change, made without an array literal (which allocates).
    @usableFromInline internal static var valueAndPrimaryAction: ControlEvents {
        ControlEvents(rawValue: ControlEvents.valueChanged.rawValue | ControlEvents.primaryActionTriggered.rawValue)
    }
}
