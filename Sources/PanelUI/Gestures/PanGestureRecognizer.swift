/// Recognizes a drag of one or more fingers: UIKit's `UIPanGestureRecognizer` (G15).
///
/// Continuous. It begins once the touches' centroid has moved farther than
/// `hysteresis` with a touch count between `minimumNumberOfTouches` and
/// `maximumNumberOfTouches`, changes on each move, and ends when the fingers
/// lift (or fewer than the minimum remain). It fails if more fingers than the
/// maximum land, if a finger lifts leaving fewer than the minimum, or if all
/// lift, before it began. Cancelled touches cancel it once it began.
///
///     let pan = PanGestureRecognizer()
///     pan.addAction { recognizer in
///         guard let pan = recognizer as? PanGestureRecognizer else { return }
///         let t = pan.translation(in: card.superview)
///         card.center = Point(x: card.center.x + t.x, y: card.center.y + t.y)
///         pan.setTranslation(.zero, in: card.superview)
///     }
///
/// When a finger joins or leaves, the centroid jumps by half the distance
/// between the fingers (or more). The pan follows the fingers' movement
/// instead of the centroid, so `translation(in:)` never jumps, as in UIKit.
///
/// Recognition allocates nothing: per-finger state lives in fixed storage
/// indexed by the touch's pool slot, and velocity samples in a ring buffer.
open class PanGestureRecognizer: GestureRecognizer {
    /// How far, in points, the centroid must move before the pan begins: 10 pt,
    /// about UIKit's. Less and a resting finger's jitter (a few points on real
    /// panels, H5) or a tap that wanders would start pans; more feels sticky.
    public static let hysteresis: Double = 10

    /// The span of recent movement `velocity(in:)` averages: 0.1 s (at most
    /// the last 16 samples). Long enough to smooth a panel's jitter, short
    /// enough to report the speed at lift rather than the drag's average. When
    /// the fingers have been still for longer than this, the velocity is zero.
    public static let velocityWindow: Double = 0.1

    /// The fewest fingers that can pan. Default 1, as in UIKit.
    public final var minimumNumberOfTouches = 1
    /// The most fingers that can pan. Default `Int.max` (no limit), as in UIKit.
    /// Fingers beyond it that land before the pan begins make it fail; after
    /// it began they are ignored.
    public final var maximumNumberOfTouches = Int.max

    // MARK: State
    //
    // Internal state, read and written whole by this recognizer's own methods,
    // never held across a call into app code (`cancelTimer` only reaches the
    // run loop's slots): no dynamic exclusivity check.

    /// Each tracked finger's last location in window coordinates, by pool slot.
    @exclusivity(unchecked) @usableFromInline final var lastLocations: InlineArray<32, Point> = InlineArray(
        repeating: .zero)
    /// The fingers the pan follows: bits over the touch tracker's pool.
    @exclusivity(unchecked) @usableFromInline final var trackedMask: UInt32 = 0
    /// How far the fingers moved since the first landed, in window coordinates:
    /// the centroid's movement without the jumps of fingers joining or leaving.
    @exclusivity(unchecked) @usableFromInline final var travel = Point.zero
    /// `travel` when the hysteresis started counting (the finger count last changed).
    @exclusivity(unchecked) @usableFromInline final var hysteresisOrigin = Point.zero
    /// `travel` where `translation(in:)` is zero: where the pan began, or as
    /// `setTranslation(_:in:)` moved it.
    @exclusivity(unchecked) @usableFromInline final var translationOrigin = Point.zero
    /// Set once this pan asked to begin; the dispatcher may still hold that (G8).
    @exclusivity(unchecked) @usableFromInline final var hasRequestedBegin = false
    @exclusivity(unchecked) @usableFromInline final var samples = MotionSamples()
    /// The timestamp of the last event the pan heard, for the velocity's age.
    @exclusivity(unchecked) @usableFromInline final var latestTime = 0.0

    // MARK: Translation and velocity

    /// How far the fingers moved since the pan began, in `view`'s coordinates
    /// (window coordinates for `nil`).
    ///
    /// The movement is converted with the view's transform, as UIKit does: in a
    /// view scaled by 2 a 100 pt drag is a 50 pt translation. It is zero when
    /// the pan begins: the first `hysteresis` points are not included, so
    /// content dragged by it does not jump when the pan begins.
    public func translation(in view: View?) -> Point {
        GestureGeometry.vector(
            Point(x: travel.x - translationOrigin.x, y: travel.y - translationOrigin.y),
            fromWindowTo: view)
    }

    /// The movement that made the pan begin (the hysteresis it crossed), in
    /// `view`'s coordinates: its direction, before `translation(in:)` counts.
    /// A view deciding in `gestureRecognizerShouldBegin` which way a drag goes reads it.
    @usableFromInline func startingMovement(in view: View?) -> Point {
        GestureGeometry.vector(
            Point(x: travel.x - hysteresisOrigin.x, y: travel.y - hysteresisOrigin.y), fromWindowTo: view)
    }

    /// Makes `translation(in:)` return `translation` (in `view`'s coordinates) now;
    /// further movement adds to it. UIKit's idiom: apply the translation, then set it to zero.
    public func setTranslation(_ translation: Point, in view: View?) {
        let inWindow = GestureGeometry.vector(translation, toWindowFrom: view)
        translationOrigin = Point(x: travel.x - inWindow.x, y: travel.y - inWindow.y)
    }

    /// How fast the fingers move, in points per second in `view`'s coordinates
    /// (window coordinates for `nil`), over the last `velocityWindow`.
    /// Measured from the events' timestamps, so it does not depend on the
    /// panel's frame rate.
    public func velocity(in view: View?) -> Point {
        GestureGeometry.vector(samples.velocity(at: latestTime, window: Self.velocityWindow), fromWindowTo: view)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        for touch in touches {
            if hasRequestedBegin && trackedCount >= maximumNumberOfTouches {
                ignore(touch, for: event) // UIKit ignores fingers past the maximum once panning
                continue
            }
            let slot = touch.poolIndex
            trackedMask |= 1 << UInt32(slot)
            lastLocations[slot] = touch.location(in: nil)
        }
        // A joining finger changes the centroid but not `travel`: no jump.
        if samples.isEmpty { samples.add(travel, at: event.timestamp) }
        guard !hasRequestedBegin else { return }
        if trackedCount > maximumNumberOfTouches {
            state = .failed
            return
        }
        hysteresisOrigin = travel
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        var sumX = 0.0
        var sumY = 0.0
        for touch in touches {
            let slot = touch.poolIndex
            guard trackedMask & (1 << UInt32(slot)) != 0 else { continue }
            let p = touch.location(in: nil)
            sumX += p.x - lastLocations[slot].x
            sumY += p.y - lastLocations[slot].y
            lastLocations[slot] = p
        }
        let count = trackedCount
        guard count > 0 else { return }
        // Each finger moves the centroid by its own movement over the finger count.
        travel = Point(x: travel.x + sumX / Double(count), y: travel.y + sumY / Double(count))
        samples.add(travel, at: event.timestamp)

        if hasRequestedBegin {
            state = .changed
            return
        }
        guard count >= minimumNumberOfTouches else {
            hysteresisOrigin = travel // movement with too few fingers does not count
            return
        }
        switch startDecision(forMovement: Point(x: travel.x - hysteresisOrigin.x, y: travel.y - hysteresisOrigin.y)) {
        case .wait:
            break
        case .fail:
            state = .failed
        case .begin:
            hasRequestedBegin = true
            translationOrigin = travel
            state = .began
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        for touch in touches { trackedMask &= ~(1 << UInt32(touch.poolIndex)) }
        let remaining = trackedCount
        if hasRequestedBegin {
            // The others carry on from where they are: `travel` does not jump.
            if remaining < max(minimumNumberOfTouches, 1) { state = .ended }
        } else if remaining < max(minimumNumberOfTouches, 1) {
            state = .failed
        } else {
            hysteresisOrigin = travel
        }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        latestTime = event.timestamp
        for touch in touches { trackedMask &= ~(1 << UInt32(touch.poolIndex)) }
        state = hasRequestedBegin ? .cancelled : .failed
    }

    open override func reset() {
        super.reset()
        trackedMask = 0
        travel = .zero
        hysteresisOrigin = .zero
        translationOrigin = .zero
        hasRequestedBegin = false
        samples.removeAll()
        latestTime = 0
    }

    // MARK: For subclasses in PanelKit

    @usableFromInline enum StartDecision { case wait, begin, fail }

    /// Whether the pan may begin after the centroid moved by `movement` (window
    /// coordinates) with enough fingers down. `ScreenEdgePanGestureRecognizer`
    /// adds its edge rule here.
    @usableFromInline func startDecision(forMovement movement: Point) -> StartDecision {
        let h = Self.hysteresis
        return movement.x * movement.x + movement.y * movement.y > h * h ? .begin : .wait
    }

    @usableFromInline final var trackedCount: Int { trackedMask.nonzeroBitCount }
}

// MARK: - Shared by the continuous recognizers

/// The last few values of a gesture's measure (a point, or a number in `x`)
/// with their timestamps, in a fixed ring buffer, for velocities that
/// allocate nothing and do not depend on the frame rate.
@usableFromInline struct MotionSamples {
    @usableFromInline static let capacity = 16
    @usableFromInline var times: InlineArray<16, Double> = InlineArray(repeating: 0)
    @usableFromInline var values: InlineArray<16, Point> = InlineArray(repeating: .zero)
    @usableFromInline var count = 0
    /// Index of the newest sample.
    @usableFromInline var newest = 0

    @usableFromInline init() {}

    @usableFromInline var isEmpty: Bool { count == 0 }

    @usableFromInline mutating func removeAll() {
        count = 0
        newest = 0
    }

    /// Records `value` at `time`; a second value in the same event replaces the first.
    @usableFromInline mutating func add(_ value: Point, at time: Double) {
        if count > 0 && times[newest] == time {
            values[newest] = value
            return
        }
        newest = count == 0 ? 0 : (newest + 1) % Self.capacity
        times[newest] = time
        values[newest] = value
        if count < Self.capacity { count += 1 }
    }

    /// The rate of change per second between the newest sample and the oldest
    /// one no more than `window` seconds older (or the one just before the
    /// newest, when even that is older). Zero with fewer than two samples, or
    /// when nothing moved for longer than `window` before `now`.
    @usableFromInline func velocity(at now: Double, window: Double) -> Point {
        guard count >= 2 else { return .zero }
        let newestTime = times[newest]
        if now - newestTime > window { return .zero }
        var chosen = (newest - 1 + Self.capacity) % Self.capacity
        var back = 2
        while back < count {
            let index = (newest - back + Self.capacity) % Self.capacity
            if newestTime - times[index] > window { break }
            chosen = index
            back += 1
        }
        let dt = newestTime - times[chosen]
        guard dt > 0 else { return .zero }
        return Point(x: (values[newest].x - values[chosen].x) / dt, y: (values[newest].y - values[chosen].y) / dt)
    }
}

/// Converts movements (vectors, not positions) between window coordinates and a view's.
@usableFromInline enum GestureGeometry {
    /// `vector`, given in window coordinates, in `view`'s coordinates: through
    /// the view's transforms, without their translation.
    @usableFromInline static func vector(_ vector: Point, fromWindowTo view: View?) -> Point {
        guard let view else { return vector }
        let tip = view.convert(vector, from: nil)
        let origin = view.convert(Point.zero, from: nil)
        return Point(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// `vector`, given in `view`'s coordinates, in window coordinates.
    @usableFromInline static func vector(_ vector: Point, toWindowFrom view: View?) -> Point {
        guard let view else { return vector }
        let tip = view.convert(vector, to: nil)
        let origin = view.convert(Point.zero, to: nil)
        return Point(x: tip.x - origin.x, y: tip.y - origin.y)
    }
}
