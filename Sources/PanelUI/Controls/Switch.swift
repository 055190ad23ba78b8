/// An on/off switch: UIKit's `UISwitch` (C5).
///
/// - A tap toggles it: the value flips at the lift, if the finger lifts inside
///   (bounds grown by `Control.touchMargin`), and the thumb slides over.
/// - A finger that moves more than `Theme.switchDragThreshold` drags the
///   thumb; at the lift the side the thumb is on decides on or off.
/// - A change made by the finger sends `.valueChanged` and
///   `.primaryActionTriggered` (one call per action), once.
/// - `setOn(_:animated:)` and `isOn` change the value without sending
///   anything, as in UIKit.
///
/// The thumb slides in `Theme.animationDuration` (0.2 s), stepped by the
/// application's `DisplayLink` like every animation; a switch that is not
/// in an application's window jumps. Touches, the animation and
/// sending actions allocate nothing.
///
///     let heating = Switch(frame: Rect(x: 20, y: 20, width: 56, height: 48))
///     heating.addAction(for: .valueChanged) { control in
///         print((control as! Switch).isOn)
///     }
open class Switch: Control {
    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard { didSet { setNeedsDisplay() } }
    /// The track's colour when on; `nil` uses the theme's accent.
    public var onTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The thumb's colour; `nil` uses the theme's.
    public var thumbTintColor: Color? { didSet { setNeedsDisplay() } }

    @usableFromInline internal final var on: Bool
    @usableFromInline internal let animator: ControlAnimator
    /// Where the finger landed, in the switch's coordinates.
    @usableFromInline internal final var trackingStartX = 0.0
    /// `thumbPosition` when the finger landed.
    @usableFromInline internal final var trackingStartPosition = 0.0
    /// Whether the finger has moved far enough to drag the thumb.
    @usableFromInline internal final var isDraggingThumb = false
    /// Whether the finger landed on the thumb (G20).
    @usableFromInline internal final var trackingStartedOnThumb = false

    public init(frame: Rect = .zero, name: String = "", isOn: Bool = false) {
        on = isOn
        animator = ControlAnimator(value: isOn ? 1 : 0)
        super.init(frame: frame, name: name)
    }

    deinit {
        animator.stop()
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Switch.self)
    }

    /// The pill's width, a finger's height (`Theme.controlHeight`): the pill is drawn centred.
    open override var intrinsicContentSize: Size {
        Size(width: theme.switchSize.width, height: max(theme.switchSize.height, theme.controlHeight))
    }

    // MARK: Value

    /// Whether the switch is on. Setting it moves the thumb at once and sends no action.
    public var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }

    /// Turns the switch on or off, sliding the thumb when `animated` (and the
    /// switch is in an application's window). Sends no action, as in UIKit.
    public func setOn(_ isOn: Bool, animated: Bool) {
        on = isOn
        moveThumb(to: isOn ? 1 : 0, animated: animated)
    }

    /// Where the thumb is drawn: 0 at the off end, 1 at the on end, in between
    /// while it slides or is dragged.
    public var thumbPosition: Double { animator.value }

    /// The pill, in the switch's coordinates: `Theme.switchSize`, centred in the bounds.
    public var trackRect: Rect {
        let size = theme.switchSize
        return Rect(
            x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
            width: size.width, height: size.height)
    }

    /// The thumb at `thumbPosition`, in the switch's coordinates.
    public var thumbRect: Rect {
        let track = trackRect
        let diameter = max(track.height - 2 * theme.switchThumbInset, 0)
        // Right to left, on is at the left, as UIKit's.
        let position = isRightToLeft ? 1 - thumbPosition : thumbPosition
        let x = track.minX + theme.switchThumbInset + position * thumbTravel
        return Rect(x: x, y: track.midY - diameter / 2, width: diameter, height: diameter)
    }

    /// How far the thumb's centre moves from off to on.
    @usableFromInline internal var thumbTravel: Double {
        max(theme.switchSize.width - theme.switchSize.height, 0)
    }

    @usableFromInline internal func moveThumb(to position: Double, animated: Bool) {
        if animated, let displayLink = application?.displayLink {
            animator.animate(self, to: position, duration: theme.animationDuration, on: displayLink)
        } else {
            animator.jump(to: position)
        }
        setNeedsDisplay()
    }

    // MARK: Tracking (C4)

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        animator.stop() // a finger catches a sliding thumb where it is
        let p = touch.location(in: self)
        trackingStartX = p.x
        trackingStartPosition = thumbPosition
        let margin = theme.thumbTouchMargin
        trackingStartedOnThumb = thumbRect.insetBy(dx: -margin, dy: -margin).contains(p)
        isDraggingThumb = false
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        var dx = touch.location(in: self).x - trackingStartX
        if isRightToLeft { dx = -dx }
        if !isDraggingThumb && abs(dx) > theme.switchDragThreshold { isDraggingThumb = true }
        if isDraggingThumb {
            let travel = thumbTravel
            let position = travel > 0 ? min(max(trackingStartPosition + dx / travel, 0), 1) : trackingStartPosition
            // A touch over a view placed at NaN has no position: the thumb stays where it is.
            if position.isFinite && position != animator.value {
                animator.jump(to: position)
                setNeedsDisplay()
            }
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let newValue: Bool
        if isDraggingThumb {
            newValue = thumbPosition >= 0.5
        } else {
            newValue = isTouchInside ? !on : on
        }
        isDraggingThumb = false
        let changed = newValue != on
        on = newValue
        moveThumb(to: newValue ? 1 : 0, animated: true)
        if changed { sendActions(for: .valueAndPrimaryAction) }
    }

    open override func cancelTracking(with event: Event?) {
        isDraggingThumb = false
        moveThumb(to: on ? 1 : 0, animated: true)
    }

    // MARK: Focus

    /// The encoder's push or the enter key on the focused switch: it flips, the
    /// thumb slides, and `.valueChanged` and `.primaryActionTriggered` are sent, as for a tap.
    @discardableResult
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        on.toggle()
        moveThumb(to: on ? 1 : 0, animated: true)
        sendActions(for: .valueAndPrimaryAction)
        return true
    }

    // MARK: Gestures (G20)

    /// G20, as UIKit lists it: a parent's single one-finger tap, and a
    /// one-finger pan that starts on the thumb (or within
    /// `Theme.thumbTouchMargin` of it), would do what the switch does
    /// itself. A pan from elsewhere on the switch, or a screen-edge pan, may begin.
    open override func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? TapGestureRecognizer {
            return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
        }
        if gestureRecognizer is ScreenEdgePanGestureRecognizer { return false }
        if let pan = gestureRecognizer as? PanGestureRecognizer {
            return isTracking && trackingStartedOnThumb && pan.minimumNumberOfTouches <= 1
        }
        return false
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        var context = context
        if !isEnabled { context.alpha *= theme.disabledAlpha }
        let track = trackRect
        let position = thumbPosition
        let trackColor = theme.switchOff.mixed(with: onTintColor ?? theme.accent, fraction: position)
        context.fill(roundedRect: track, cornerRadius: track.height / 2, color: trackColor)
        let thumb = thumbRect
        context.fillThumb(
            thumb, color: thumbTintColor ?? theme.thumb,
            pressedOverlay: isHighlighted ? theme.pressedOverlay.inverted : nil)
    }
}
