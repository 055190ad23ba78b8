/// Recognizes a quick straight stroke in a given direction: UIKit's
/// `UISwipeGestureRecognizer` (G16).
///
/// Discrete. The movement is the average of each finger's movement from where
/// it landed. It is recognized as soon as that movement reaches
/// `minimumDistance` along one of `direction`'s directions while staying
/// within `maximumAngle` of it (across-axis movement at most tan 30° of the
/// along-axis movement), within `maximumDuration` of the first finger
/// landing, with `numberOfTouchesRequired` fingers down.
///
/// It fails when the movement, once past `directionFreeDistance`, points
/// outside every allowed direction's angle (a wrong direction or a crooked
/// stroke), when time runs out (a run-loop timer fails it), when a finger
/// lifts before it is recognized, when more fingers than required land, or
/// when its touches are cancelled. `recognizedDirection` says which way it went.
///
///     let swipe = SwipeGestureRecognizer()
///     swipe.direction = [.left, .right]
///
/// Recognition allocates nothing.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions of a swipe: UIKit's `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Equatable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The movement, in points, that is not judged for direction: 10 pt, so the
    /// jitter of a landing finger (H5) cannot fail a swipe before it starts.
    public static let directionFreeDistance: Double = 10

    /// The directions that count; several may be allowed. Default `.right`, as in UIKit.
    public final var direction: Direction = .right
    /// The fingers that must swipe together. Default 1, as in UIKit.
    public final var numberOfTouchesRequired = 1
    /// How far, in points, the fingers must move along the direction: 50 pt,
    /// about UIKit's. Shorter strokes are drags or sloppy taps.
    public final var minimumDistance: Double = 50
    /// How long, in seconds from the first finger landing, the swipe may take
    /// to cover `minimumDistance`: 0.5 s, about UIKit's. A slower stroke is a
    /// drag, which a pan should get.
    public final var maximumDuration: Double = 0.5
    /// How far, in radians, the movement may stray from the direction's axis:
    /// 30° (π/6), so a diagonal stroke is neither horizontal nor vertical.
    public final var maximumAngle: Double = Double.pi / 6

    /// The direction the recognized swipe went; empty until it is recognized,
    /// and again after the recognizer resets.
    public internal(set) final var recognizedDirection: Direction = []

    // MARK: State
    //
    // Internal state, read and written whole by this recognizer's own methods,
    // never held across a call into app code (`cancelTimer` only reaches the
    // run loop's slots): no dynamic exclusivity check.

    @exclusivity(unchecked) @usableFromInline final var touchesLanded = 0
    @exclusivity(unchecked) @usableFromInline final var startTime = 0.0
    @exclusivity(unchecked) @usableFromInline final var durationTimer: TimerHandle?

    // MARK: Touches

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if touchesLanded == 0 {
            startTime = event.timestamp
            durationTimer = scheduleTimer(after: maximumDuration, from: event.timestamp)
        }
        touchesLanded += touches.count
        if touchesLanded > numberOfTouchesRequired { fail() }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if event.timestamp - startTime > maximumDuration {
            fail()
            return
        }
        // Wait for every finger before judging.
        var count = 0
        var sumX = 0.0
        var sumY = 0.0
        for touch in self.touches where touch.isLive {
            let p = touch.location(in: nil)
            sumX += p.x - touch.beganLocationInWindow.x
            sumY += p.y - touch.beganLocationInWindow.y
            count += 1
        }
        guard count == numberOfTouchesRequired, count > 0 else { return }
        let dx = sumX / Double(count)
        let dy = sumY / Double(count)
        guard dx * dx + dy * dy > Self.directionFreeDistance * Self.directionFreeDistance else { return }

        let (sine, cosine) = sineCosine(maximumAngle)
        let slope = sine / cosine // across-axis movement allowed per point along the axis
        var withinAngle = false
        for bit in 0..<4 {
            let candidate = Direction(rawValue: 1 << UInt(bit))
            guard direction.contains(candidate) else { continue }
            let (along, across) = Self.components(dx, dy, along: candidate)
            guard along > 0, across.magnitude <= slope * along else { continue }
            if along >= minimumDistance {
                cancelTimer(&durationTimer)
                recognizedDirection = candidate
                state = .recognized
                return
            }
            withinAngle = true
        }
        if !withinAngle { fail() }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        fail() // lifted before the stroke was long enough
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        fail()
    }

    open override func runLoopDidFire(_ handle: TimerHandle) {
        guard handle == durationTimer else { return }
        durationTimer = nil
        fail() // too slow
    }

    open override func reset() {
        super.reset()
        cancelTimer(&durationTimer)
        touchesLanded = 0
        startTime = 0
        recognizedDirection = []
    }

    // MARK: Helpers

    /// The movement along `direction` and across it.
    @usableFromInline static func components(_ dx: Double, _ dy: Double, along direction: Direction) -> (Double, Double)
    {
        switch direction {
        case .right: return (dx, dy)
        case .left: return (-dx, dy)
        case .down: return (dy, dx)
        default: return (-dy, dx) // up: y grows downward
        }
    }

    @usableFromInline func fail() {
        cancelTimer(&durationTimer)
        state = .failed
    }
}
