/// A − and a + side by side that step a value: UIKit's `UIStepper`.
/// Right to left, the + is on the left (`rect(for:)`).
///
/// - `value` lies in `minimumValue`…`maximumValue` (0…100 by default)
///   and moves by `stepValue` (1). Setting any of them sends no action.
/// - A finger on a half steps at once and highlights that half alone. With
///   `autorepeat` (the default) holding it repeats: the first repeat after
///   `Theme.autorepeatDelay` (0.5 s), then every `Theme.autorepeatInterval`,
///   faster (`Theme.autorepeatFastInterval`) after
///   `Theme.autorepeatAccelerationCount` repeats. The timers are the run
///   loop's, so a test drives them with a manual clock. A finger that leaves
///   (bounds grown by `Control.touchMargin`) pauses the repeat; back inside,
///   it starts again after the delay.
/// - `isContinuous` (default true) sends `.valueChanged` and
///   `.primaryActionTriggered` at every step; false sends them once when the
///   finger lifts (or is cancelled), if the value changed.
/// - At `maximumValue` the + half is disabled (drawn dimmed, takes no
///   touch), at `minimumValue` the − half, unless `wraps`: then stepping
///   past one end goes to the other.
///
/// A step, a repeat and sending actions allocate nothing.
///
///     let fan = Stepper(frame: Rect(x: 20, y: 20, width: 120, height: 48), name: "fan")
///     fan.maximumValue = 5
///     fan.addAction(for: .valueChanged) { _ in ventilation.speed = Int(fan.value) }
open class Stepper: Control {
    /// Which half a finger pressed.
    public enum Half: Sendable { case decrement, increment }

    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// When true (the default) `.valueChanged` is sent at every step; false sends it once at the lift.
    public final var isContinuous = true
    /// When true (the default) holding a half repeats the step.
    public final var autorepeat = true
    /// When true stepping past one end goes to the other; false (the default) stops at the ends.
    public final var wraps = false { didSet { setNeedsDisplay() } }

    @usableFromInline internal final var storedValue = 0.0
    @usableFromInline internal final var storedMinimum = 0.0
    @usableFromInline internal final var storedMaximum = 100.0
    @usableFromInline internal final var storedStep = 1.0
    /// The half the tracked finger pressed, until it lifts.
    @usableFromInline internal final var pressedHalf: Half?
    @usableFromInline internal final var valueAtTouchDown = 0.0
    /// Repeats done in this hold, to speed up after `Theme.autorepeatAccelerationCount`.
    @usableFromInline internal final var repeatCount = 0
    @usableFromInline internal let repeater: StepperRepeater

    public override init(frame: Rect = .zero, name: String = "") {
        repeater = StepperRepeater()
        super.init(frame: frame, name: name)
        repeater.stepper = self
    }

    deinit {
        repeater.cancel()
        repeater.stepper = nil
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Stepper.self)
    }

    /// `Theme.stepperSize`.
    open override var intrinsicContentSize: Size { theme.stepperSize }
    open override func sizeThatFits(_ size: Size) -> Size { theme.stepperSize }

    // MARK: Value

    /// The value, clamped to `minimumValue`…`maximumValue`. Setting it sends no action.
    public var value: Double {
        get { storedValue }
        set {
            let clamped = newValue.isNaN ? storedMinimum : min(max(newValue, storedMinimum), storedMaximum)
            guard clamped != storedValue else { return }
            storedValue = clamped
            setNeedsDisplay()
        }
    }

    /// 0 by default. Raising it above `maximumValue` raises that too; `value` is clamped.
    public var minimumValue: Double {
        get { storedMinimum }
        set {
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            value = storedValue
            setNeedsDisplay()
        }
    }

    /// 100 by default. Lowering it below `minimumValue` lowers that too; `value` is clamped.
    public var maximumValue: Double {
        get { storedMaximum }
        set {
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            value = storedValue
            setNeedsDisplay()
        }
    }

    /// How far one step moves `value`; above 0 (UIKit's rule; 0 or less is ignored). 1 by default.
    public var stepValue: Double {
        get { storedStep }
        set { if newValue > 0 { storedStep = newValue } }
    }

    /// Whether the − half can step: the value is above the minimum, or the stepper wraps.
    public var isDecrementEnabled: Bool { isEnabled && (wraps || storedValue > storedMinimum) }
    /// Whether the + half can step: the value is below the maximum, or the stepper wraps.
    public var isIncrementEnabled: Bool { isEnabled && (wraps || storedValue < storedMaximum) }

    /// The value one step from the current one towards `half`'s end, wrapped or clamped.
    @usableFromInline internal func steppedValue(_ half: Half) -> Double {
        switch half {
        case .increment:
            let next = storedValue + storedStep
            if next > storedMaximum { return wraps ? storedMinimum : storedMaximum }
            return next
        case .decrement:
            let next = storedValue - storedStep
            if next < storedMinimum { return wraps ? storedMaximum : storedMinimum }
            return next
        }
    }

    /// Steps once towards `half`; sends the actions when continuous. Returns whether the value changed.
    @usableFromInline @discardableResult internal func step(_ half: Half, sendsActions: Bool) -> Bool {
        let next = steppedValue(half)
        guard next != storedValue else { return false }
        storedValue = next
        setNeedsDisplay()
        if sendsActions { sendActions(for: .valueAndPrimaryAction) }
        return true
    }

    // MARK: Geometry

    /// The − half (leading: left, or right when the stepper lays out right
    /// to left, as UIKit's controls flip) or the + half (trailing), in the
    /// stepper's coordinates.
    public func rect(for half: Half) -> Rect {
        let width = bounds.width / 2
        let leftToRight = Rect(
            x: half == .decrement ? bounds.minX : bounds.minX + width, y: bounds.minY, width: width,
            height: bounds.height)
        return flippedForLayoutDirection(leftToRight, rightToLeft: isRightToLeft)
    }

    /// The half a finger pressed and still holds inside, drawn highlighted; nil otherwise.
    public var highlightedHalf: Half? { isHighlighted ? pressedHalf : nil }

    // MARK: Tracking (C4)

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        // The − half is the leading one: the left, or the right right to left.
        let onLeft = touch.location(in: self).x < bounds.midX
        let half: Half = onLeft != isRightToLeft ? .decrement : .increment
        // A half at its limit is disabled: the touch does nothing.
        guard half == .decrement ? isDecrementEnabled : isIncrementEnabled else { return false }
        pressedHalf = half
        valueAtTouchDown = storedValue
        repeatCount = 0
        if autorepeat { repeater.schedule(after: theme.autorepeatDelay, on: application?.runLoop) }
        setNeedsDisplay()
        return true
    }

    /// The first step comes at touch-down, after the `.touchDown` action (the base class sends it
    /// once `beginTracking(_:with:)` accepts the touch), so a log reads touchDown, valueChanged.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        let wasTracking = isTracking
        super.touchesBegan(touches, with: event)
        guard !wasTracking, isTracking, let half = pressedHalf else { return }
        step(half, sendsActions: isContinuous)
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        // The base class has set `isTouchInside` for this move.
        if !isTouchInside {
            repeater.cancel()
        } else if autorepeat && !repeater.isScheduled {
            repeater.schedule(after: theme.autorepeatDelay, on: application?.runLoop)
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) { finishTracking() }
    open override func cancelTracking(with event: Event?) { finishTracking() }

    @usableFromInline internal func finishTracking() {
        repeater.cancel()
        pressedHalf = nil
        setNeedsDisplay()
        if !isContinuous && storedValue != valueAtTouchDown { sendActions(for: .valueAndPrimaryAction) }
    }

    /// The repeat timer fired: step again and schedule the next repeat.
    @usableFromInline internal func autorepeatDidFire() {
        guard isTracking, isTouchInside, let half = pressedHalf else { return }
        repeatCount += 1
        let changed = step(half, sendsActions: isContinuous)
        // At a limit (without wrapping) there is nothing more to repeat.
        guard changed, half == .decrement ? isDecrementEnabled : isIncrementEnabled else { return }
        let interval =
            repeatCount >= theme.autorepeatAccelerationCount ? theme.autorepeatFastInterval : theme.autorepeatInterval
        repeater.schedule(after: interval, on: application?.runLoop)
    }

    // MARK: Gestures (G20)

    /// G20: a parent's single one-finger tap would do what a half does.
    open override func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? TapGestureRecognizer {
            return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
        }
        return false
    }

    // MARK: Focus (rotary encoders)

    open override var canBecomeFocused: Bool { isEnabled }
    /// One step up, sending `.valueChanged` when the value changed.
    /// A push of the encoder enters adjusting: turns step it (UIKit gives it the `.adjustable` trait).
    open override var isAdjustable: Bool { true }
    open override func accessibilityIncrement() { if isIncrementEnabled { step(.increment, sendsActions: true) } }
    /// One step down, sending `.valueChanged` when the value changed.
    open override func accessibilityDecrement() { if isDecrementEnabled { step(.decrement, sendsActions: true) } }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        var context = context
        if !isEnabled { context.alpha *= theme.disabledAlpha }
        let radius = min(theme.cornerRadius, bounds.height / 2)
        context.fill(roundedRect: bounds, cornerRadius: radius, color: theme.surface)
        if let half = highlightedHalf {
            // The pressed overlay over one half only: the whole shape, clipped to the half.
            var pressed = context
            if let clip = context.clip.intersection(context.deviceRect(self.rect(for: half))) {
                pressed.clip = clip
                pressed.fill(roundedRect: bounds, cornerRadius: radius, color: theme.pressedOverlay)
            }
        }
        let dividerHeight = bounds.height * 0.5
        context.fill(
            Rect(x: bounds.midX - 0.5, y: bounds.midY - dividerHeight / 2, width: 1, height: dividerHeight),
            color: theme.divider)
        drawSign(
            in: self.rect(for: .decrement), plus: false, enabled: isDecrementEnabled || !isEnabled, context: context)
        drawSign(
            in: self.rect(for: .increment), plus: true, enabled: isIncrementEnabled || !isEnabled, context: context)
    }

    /// A − or + drawn as bars (no font needed), `Theme.text` or dimmed at a limit.
    @usableFromInline internal func drawSign(in half: Rect, plus: Bool, enabled: Bool, context: GraphicsContext) {
        let color = enabled ? theme.text : theme.disabledText
        let length = min(16, half.width * 0.4)
        let thickness = 2.5
        let c = half.center
        context.fill(
            roundedRect: Rect(x: c.x - length / 2, y: c.y - thickness / 2, width: length, height: thickness),
            cornerRadius: thickness / 2, color: color)
        if plus {
            // The vertical bar's two ends, around the horizontal one, so no pixel is blended twice.
            let arm = (length - thickness) / 2
            context.fill(
                roundedRect: Rect(x: c.x - thickness / 2, y: c.y - length / 2, width: thickness, height: arm),
                cornerRadius: 0, color: color)
            context.fill(
                roundedRect: Rect(x: c.x - thickness / 2, y: c.y + thickness / 2, width: thickness, height: arm),
                cornerRadius: 0, color: color)
        }
    }
}

/// The stepper's autorepeat timer: a run-loop target, so a repeat schedules
/// without allocating. The run loop retains it while a repeat is pending;
/// its back link is unretained and cleared by the stepper's `deinit` (which
/// also cancels the pending repeat), so it never names a freed stepper.
@usableFromInline
internal final class StepperRepeater: RunLoopTarget {
    @usableFromInline internal unowned(unsafe) var stepper: Stepper?
    @usableFromInline internal var handle: TimerHandle?
    /// The loop the pending repeat is on (strong: a pending timer must be cancellable).
    @usableFromInline internal var runLoop: RunLoop?

    @usableFromInline internal init() {}

    @usableFromInline internal var isScheduled: Bool {
        guard let handle, let runLoop else { return false }
        return runLoop.isScheduled(handle)
    }

    /// Schedules the next repeat on `runLoop`; a stepper in no application's window does not repeat.
    @usableFromInline internal func schedule(after interval: Double, on runLoop: RunLoop?) {
        cancel()
        guard let runLoop else { return }
        self.runLoop = runLoop
        handle = runLoop.schedule(after: interval, target: self)
    }

    @usableFromInline internal func cancel() {
        if let handle, let runLoop { runLoop.cancel(handle) }
        handle = nil
        runLoop = nil
    }

    @usableFromInline internal func runLoopDidFire(_ handle: TimerHandle) {
        guard handle == self.handle else { return }
        self.handle = nil
        runLoop = nil
        stepper?.autorepeatDidFire()
    }
}
