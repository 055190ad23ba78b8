/// How fast a scroll view slows down after a fling: UIKit's
/// `UIScrollView.DecelerationRate`, the fraction of its velocity the content
/// keeps per millisecond.
public struct DecelerationRate: Equatable, Sendable {
    public var rawValue: Double

    public init(rawValue: Double) { self.rawValue = rawValue }

    /// 0.998 per millisecond: a fling glides (UIKit's default).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// 0.99 per millisecond: a fling stops soon (UIKit's, for paging-like lists).
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The time constant τ = -1 / (1000 · ln r), in seconds: the velocity falls
    /// by e every τ (0.4995 s for `.normal`, 0.0995 s for `.fast`).
    @inlinable public var timeConstant: Double {
        let r = min(max(rawValue, 1e-9), 1 - 1e-9)
        return -1 / (1000 * naturalLogarithm(r))
    }

    /// How far a fling at `velocity` (points per second) travels before it
    /// stops: v0 · τ (the continuous form of v0/1000 · r/(1 - r)).
    @inlinable public func projectedDistance(velocity: Double) -> Double {
        velocity * timeConstant
    }
}

/// The scroll view's motion formulas, in one place so tests and docs can cite them.
///
/// **Deceleration** (UIKit's): the velocity keeps a fraction r of itself per
/// millisecond, v(t) = v0 · r^(1000t). Integrated continuously (frame-rate
/// independent; the display link samples the exact curve):
///
///     x(t) = x0 + v0 · τ · (1 - r^(1000t)),   τ = -1 / (1000 · ln r)
///     distance = v0 · τ                        (discrete sum: v0/1000 · r/(1-r), 0.1 % less for .normal, 0.5 % for .fast)
///     duration = τ · ln(|v0| / vStop)          (until |v| < vStop = 1 pt/s; then it snaps the last < τ·1 pt)
///
/// **Rubber band** (UIKit's): a finger x points past an edge moves the
/// content f(x) = (1 - 1/(x·c/d + 1)) · d, c = 0.55, d = the view's size
/// along that axis. f(0) = 0, f'(0) = c, and f(x) < d for every x: the
/// content never goes a whole view's size past its edge.
///
/// **Spring back** (bounce, paging, animated offsets): critically damped,
/// x(t) = (x0 + (v0 + ω·x0) · t) · e^(-ωt) around the rest point, ω = 15/s
/// (within 1 % of rest after 0.44 s from rest); it stops within 0.5 pt and 1 pt/s.
public enum ScrollPhysics {
    /// UIKit's rubber-band constant c.
    public static let rubberBandCoefficient = 0.55
    /// Below this speed (points per second) a deceleration is over: 1 pt/s.
    public static let stopVelocity = 1.0
    /// The spring's angular frequency ω, per second.
    public static let springFrequency = 15.0
    /// A spring is at rest once this close (points) and this slow (points per second).
    public static let springRestDistance = 0.5
    public static let springRestVelocity = 1.0

    /// f(x) above: how far the content goes past an edge when the finger goes
    /// `overshoot` past it (either sign), in a view `dimension` points long.
    @inlinable public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0, overshoot.isFinite else { return 0 }
        let x = overshoot.magnitude
        let f = (1 - 1 / (x * rubberBandCoefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -f : f
    }

    /// The inverse of `rubberBand(_:dimension:)`: the finger's overshoot that
    /// puts the content `offset` past the edge (a drag that catches a bouncing view).
    @inlinable public static func inverseRubberBand(_ offset: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let y = min(offset.magnitude, dimension * 0.999999)
        let x = dimension / rubberBandCoefficient * (1 / (1 - y / dimension) - 1)
        return offset < 0 ? -x : x
    }

    /// When a fling at `velocity` (points per second) with `rate` comes to rest, in seconds after the lift.
    @inlinable public static func decelerationDuration(velocity: Double, rate: DecelerationRate) -> Double {
        let v = velocity.magnitude
        guard v > stopVelocity else { return 0 }
        return rate.timeConstant * naturalLogarithm(v / stopVelocity)
    }
}

/// One axis of a scroll view's motion after the finger lifts: a deceleration
/// (that may run into an edge and bounce), or a spring to a rest point.
@usableFromInline struct AxisMotion {
    @usableFromInline enum Kind { case idle, decelerating, spring }

    @usableFromInline var kind = Kind.idle
    @usableFromInline var startTime = 0.0
    /// Deceleration: x(t) = origin + distance · (1 - e^(-t/τ)).
    @usableFromInline var origin = 0.0
    @usableFromInline var distance = 0.0
    @usableFromInline var timeConstant = 1.0
    /// Spring: around `rest`, from displacement `x0` with velocity `v0`.
    @usableFromInline var rest = 0.0
    @usableFromInline var x0 = 0.0
    @usableFromInline var v0 = 0.0
    /// The range the deceleration may cross into a bounce, and whether it bounces.
    @usableFromInline var minimum = 0.0
    @usableFromInline var maximum = 0.0
    @usableFromInline var bounces = true
    /// The size of the view along the axis: how far a bounce may go past the edge.
    @usableFromInline var dimension = 0.0

    @usableFromInline init() {}

    @usableFromInline var isActive: Bool { kind != .idle }

    @usableFromInline mutating func decelerate(from x: Double, distance: Double, timeConstant: Double, at time: Double)
    {
        kind = .decelerating
        startTime = time
        origin = x
        self.distance = distance
        self.timeConstant = timeConstant
    }

    @usableFromInline mutating func spring(from x: Double, to rest: Double, velocity: Double, at time: Double) {
        kind = .spring
        startTime = time
        self.rest = rest
        x0 = x - rest
        v0 = velocity
    }

    /// The position at `time`; goes idle (and returns the rest point) once at rest.
    @usableFromInline mutating func position(at time: Double) -> Double {
        switch kind {
        case .idle:
            return rest
        case .decelerating:
            let t = max(time - startTime, 0)
            let decay = exponential(-t / timeConstant)
            let x = origin + distance * (1 - decay)
            let velocity = distance / timeConstant * decay
            // Crossed an edge: bounce off it with the speed it had, or stop there.
            let edge = x < minimum ? minimum : (x > maximum ? maximum : x)
            if edge != x && !(origin < minimum && x < minimum) && !(origin > maximum && x > maximum) {
                guard bounces else {
                    kind = .idle
                    rest = edge
                    return edge
                }
                // The bounce starts when the content reached the edge, with the
                // speed it had then (x(t) = edge solved for t), not at this
                // frame: the motion stays one function of time however the frames fell.
                let reachedDecay = 1 - (edge - origin) / distance
                guard reachedDecay > 0 && reachedDecay <= 1 else {
                    spring(from: edge, to: edge, velocity: velocity, at: time)
                    return edge
                }
                let reachedTime = startTime - timeConstant * naturalLogarithm(reachedDecay)
                spring(
                    from: edge, to: edge, velocity: distance / timeConstant * reachedDecay, at: min(reachedTime, time))
                return position(at: time)
            }
            if velocity.magnitude < ScrollPhysics.stopVelocity {
                kind = .idle
                rest = origin + distance
                return rest
            }
            return x
        case .spring:
            let t = max(time - startTime, 0)
            let w = ScrollPhysics.springFrequency
            let decay = exponential(-w * t)
            let x = (x0 + (v0 + w * x0) * t) * decay
            let v = (v0 - w * (v0 + w * x0) * t) * decay
            if x.magnitude < ScrollPhysics.springRestDistance && v.magnitude < ScrollPhysics.springRestVelocity {
                kind = .idle
                return rest
            }
            // A bounce never goes a whole view past the edge (the rubber band's limit).
            if dimension > 0 && x.magnitude > dimension * 0.999 { return rest + (x < 0 ? -1 : 1) * dimension * 0.999 }
            return rest + x
        }
    }
}
