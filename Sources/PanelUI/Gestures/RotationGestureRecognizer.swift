/// Recognizes two fingers turning around each other: UIKit's
/// `UIRotationGestureRecognizer` (G18).
///
/// Continuous. It follows the first two fingers that land; more are ignored.
/// It begins once the line between them has turned by more than
/// `hysteresis` since the second landed, changes as they move, and ends when
/// one lifts. Before it begins it fails when a finger lifts or is cancelled.
///
/// `rotation` is 0 when the gesture begins, in radians, clockwise positive
/// on screen as in UIKit (y grows downward), and accumulates past ±π: two
/// full turns read 4π, not 0.
///
///     rotate.addAction { recognizer in
///         guard let rotate = recognizer as? RotationGestureRecognizer else { return }
///         dial.transform = dial.transform.rotated(by: rotate.rotation)
///         rotate.rotation = 0
///     }
///
/// Recognition allocates nothing.
open class RotationGestureRecognizer: GestureRecognizer {
    /// How far, in radians, the fingers must turn before the rotation begins:
    /// 5° (π/36). Two fingers that pinch or pan together wobble by a degree or
    /// two; a deliberate twist passes 5° almost at once.
    public static let hysteresis: Double = Double.pi / 36

    /// The span of recent movement `velocity` averages: 0.1 s, as for
    /// `PanGestureRecognizer.velocityWindow`.
    public static let velocityWindow: Double = 0.1

    /// How far the fingers turned since the rotation began, in radians,
    /// clockwise positive on screen. Settable: UIKit's idiom is to apply it and
    /// set it back to 0; further turning adds to the new value.
    public var rotation: Double {
        get { turned - rotationOrigin }
        set { rotationOrigin = turned - newValue }
    }

    /// How fast the fingers turn, in radians per second (clockwise positive),
    /// over the last `velocityWindow`. Independent of the panel's frame rate.
    public var velocity: Double {
        samples.velocity(at: latestTime, window: Self.velocityWindow).x
    }

    // MARK: State
    //
    // Internal state, read and written whole by this recognizer's own methods,
    // never held across a call into app code (`cancelTimer` only reaches the
    // run loop's slots): no dynamic exclusivity check.

    @exclusivity(unchecked) @usableFromInline final var pair = TouchPair()
    /// How far the line between the fingers turned since the second landed,
    /// unwrapped across ±π.
    @exclusivity(unchecked) @usableFromInline final var turned = 0.0
    /// The angle of the line at the last event, in (-π, π].
    @exclusivity(unchecked) @usableFromInline final var lastAngle = 0.0
    /// `turned` where `rotation` is zero.
    @exclusivity(unchecked) @usableFromInline final var rotationOrigin = 0.0
    @exclusivity(unchecked) @usableFromInline final var hasRequestedBegin = false
    /// Recent values of `turned`, in `x`.
    @exclusivity(unchecked) @usableFromInline final var samples = MotionSamples()
    @exclusivity(unchecked) @usableFromInline final var latestTime = 0.0

    // MARK: Touches

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        for touch in touches where !pair.add(touch) {
            ignore(touch, for: event) // a third finger is not part of the rotation
        }
        if pair.isComplete && samples.isEmpty {
            lastAngle = pair.angle
            samples.add(Point(x: 0, y: 0), at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        pair.update(from: touches)
        guard pair.isComplete else { return }
        let angle = pair.angle
        // Unwrap: the line crossing ±π turns a little, not by a full circle.
        var delta = angle - lastAngle
        if delta > Double.pi { delta -= 2 * Double.pi } else if delta <= -Double.pi { delta += 2 * Double.pi }
        lastAngle = angle
        turned += delta
        samples.add(Point(x: turned, y: 0), at: event.timestamp)
        if hasRequestedBegin {
            state = .changed
        } else if turned.magnitude > Self.hysteresis {
            hasRequestedBegin = true
            rotationOrigin = turned
            state = .began
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        // Fewer than two fingers: the rotation is over, or never was.
        state = hasRequestedBegin ? .ended : .failed
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        state = hasRequestedBegin ? .cancelled : .failed
    }

    open override func reset() {
        super.reset()
        pair = TouchPair()
        turned = 0
        lastAngle = 0
        rotationOrigin = 0
        hasRequestedBegin = false
        samples.removeAll()
        latestTime = 0
    }
}
