/// Recognizes two fingers moving apart or together: UIKit's
/// `UIPinchGestureRecognizer` (G17).
///
/// Continuous. It follows the first two fingers that land; more are ignored.
/// It begins once the distance between them has changed by more than
/// `hysteresis` since the second landed, changes as they move, and ends when
/// one lifts. Before it begins it fails when a finger lifts or is cancelled.
///
/// `scale` is 1 when the gesture begins and then the current distance over
/// the distance at that moment, as in UIKit: apply it to the view's state as
/// it was when the gesture began, or apply it and set it back to 1.
///
///     pinch.addAction { recognizer in
///         guard let pinch = recognizer as? PinchGestureRecognizer else { return }
///         photo.transform = photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
///         pinch.scale = 1
///     }
///
/// Recognition allocates nothing.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How much, in points, the distance between the fingers must change
    /// before the pinch begins: 8 pt. A few points of jitter (H5) or two
    /// fingers panning together do not zoom; a deliberate pinch starts at once.
    public static let hysteresis: Double = 8

    /// The span of recent movement `velocity` averages: 0.1 s, as for
    /// `PanGestureRecognizer.velocityWindow`.
    public static let velocityWindow: Double = 0.1

    /// The distance between the fingers relative to when the pinch began: 1 at
    /// `.began`, 2 when they are twice as far apart. Setting it rescales what
    /// follows (UIKit's idiom is to set it back to 1 after applying it);
    /// `velocity` is then in the new scale's units per second.
    public var scale: Double {
        get { referenceDistance > 0 ? currentDistance / referenceDistance : 1 }
        set {
            guard newValue > 0, currentDistance > 0 else { return }
            referenceDistance = currentDistance / newValue
        }
    }

    /// How fast `scale` changes, in scale per second, over the last
    /// `velocityWindow`: positive while the fingers spread, negative while
    /// they close. Independent of the panel's frame rate.
    public var velocity: Double {
        guard referenceDistance > 0 else { return 0 }
        return samples.velocity(at: latestTime, window: Self.velocityWindow).x / referenceDistance
    }

    // MARK: State
    //
    // Internal state, read and written whole by this recognizer's own methods,
    // never held across a call into app code (`cancelTimer` only reaches the
    // run loop's slots): no dynamic exclusivity check.

    @exclusivity(unchecked) @usableFromInline final var pair = TouchPair()
    /// The distance between the fingers when the second landed.
    @exclusivity(unchecked) @usableFromInline final var landingDistance = 0.0
    @exclusivity(unchecked) @usableFromInline final var currentDistance = 0.0
    /// The distance at which `scale` is 1.
    @exclusivity(unchecked) @usableFromInline final var referenceDistance = 0.0
    @exclusivity(unchecked) @usableFromInline final var hasRequestedBegin = false
    /// Recent distances, in `x`.
    @exclusivity(unchecked) @usableFromInline final var samples = MotionSamples()
    @exclusivity(unchecked) @usableFromInline final var latestTime = 0.0

    // MARK: Touches

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        for touch in touches where !pair.add(touch) {
            ignore(touch, for: event) // a third finger is not part of the pinch
        }
        if pair.isComplete && samples.isEmpty {
            landingDistance = pair.distance
            currentDistance = landingDistance
            referenceDistance = landingDistance
            samples.add(Point(x: currentDistance, y: 0), at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        pair.update(from: touches)
        guard pair.isComplete else { return }
        currentDistance = pair.distance
        samples.add(Point(x: currentDistance, y: 0), at: event.timestamp)
        if hasRequestedBegin {
            state = .changed
        } else if (currentDistance - landingDistance).magnitude > Self.hysteresis {
            hasRequestedBegin = true
            referenceDistance = currentDistance
            state = .began
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        // Fewer than two fingers: the pinch is over, or never was.
        state = hasRequestedBegin ? .ended : .failed
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        state = hasRequestedBegin ? .cancelled : .failed
    }

    open override func reset() {
        super.reset()
        pair = TouchPair()
        landingDistance = 0
        currentDistance = 0
        referenceDistance = 0
        hasRequestedBegin = false
        samples.removeAll()
        latestTime = 0
    }
}

/// The two fingers a pinch or a rotation follows, in landing order, with
/// their latest locations in window coordinates.
@usableFromInline struct TouchPair {
    /// Pool slots of the first and second finger; -1 when not down yet.
    @usableFromInline var firstSlot = -1
    @usableFromInline var secondSlot = -1
    @usableFromInline var first = Point.zero
    @usableFromInline var second = Point.zero

    @usableFromInline init() {}

    @usableFromInline var isComplete: Bool { secondSlot >= 0 }

    /// Takes `touch` as the first or second finger; false when both are taken.
    @usableFromInline mutating func add(_ touch: Touch) -> Bool {
        if firstSlot < 0 {
            firstSlot = touch.poolIndex
            first = touch.location(in: nil)
            return true
        }
        if secondSlot < 0 {
            secondSlot = touch.poolIndex
            second = touch.location(in: nil)
            return true
        }
        return false
    }

    @usableFromInline mutating func update(from touches: TouchSet) {
        for touch in touches {
            if touch.poolIndex == firstSlot { first = touch.location(in: nil) }
            if touch.poolIndex == secondSlot { second = touch.location(in: nil) }
        }
    }

    @usableFromInline var distance: Double { first.distance(to: second) }

    /// The direction from the first finger to the second, in radians,
    /// clockwise on screen (y grows downward), in (-π, π].
    @usableFromInline var angle: Double { arcTangent(second.y - first.y, second.x - first.x) }
}
