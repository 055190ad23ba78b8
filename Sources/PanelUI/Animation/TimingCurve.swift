/// How an animation's progress follows time: Core Animation's timing
/// functions, and UIKit's spring.
public enum TimingCurve: Equatable, Sendable {
    /// Slow start and end: the cubic Bézier (0.42, 0, 0.58, 1), UIKit's default.
    case easeInOut
    /// Slow start: (0.42, 0, 1, 1).
    case easeIn
    /// Slow end: (0, 0, 0.58, 1).
    case easeOut
    case linear
    /// A damped spring from 0 to 1, as `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`.
    /// `damping` is the damping ratio (1: no overshoot; lower oscillates);
    /// `initialVelocity` is in whole distances per duration (progress per unit
    /// of `t`); `View.animate`'s spring converts UIKit's per-second value. The spring's stiffness is chosen so that it settles
    /// within 0.1 % of the distance at the duration, where it ends exactly.
    case spring(damping: Double, initialVelocity: Double)

    /// Progress at `t`, the fraction of the duration elapsed in [0, 1]. A
    /// spring may overshoot 1; the others stay in [0, 1]. 1 at `t` = 1.
    public func progress(at t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        switch self {
        case .linear: return t
        case .easeInOut: return Self.cubicBezier(0.42, 0, 0.58, 1, at: t)
        case .easeIn: return Self.cubicBezier(0.42, 0, 1, 1, at: t)
        case .easeOut: return Self.cubicBezier(0, 0, 0.58, 1, at: t)
        case .spring(let damping, let velocity): return Self.spring(damping: damping, velocity: velocity, at: t)
        }
    }

    /// The y of the Bézier from (0, 0) to (1, 1) with control points
    /// (x1, y1), (x2, y2) at the x = `t`: solve x(s) = t by Newton's method,
    /// falling back to bisection, then evaluate y(s).
    @usableFromInline static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at t: Double)
        -> Double
    {
        // B(s) = 3(1-s)²s·p1 + 3(1-s)s²·p2 + s³, in polynomial form.
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        let cy = 3 * y1
        let by = 3 * (y2 - y1) - cy
        let ay = 1 - cy - by
        func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        var s = t
        for _ in 0..<8 {
            let error = x(s) - t
            if error.magnitude < 1e-9 { return ((ay * s + by) * s + cy) * s }
            let slope = dx(s)
            if slope.magnitude < 1e-9 { break }
            s -= error / slope
        }
        var low = 0.0
        var high = 1.0
        s = t
        for _ in 0..<50 {
            let value = x(s)
            if (value - t).magnitude < 1e-9 { break }
            if value < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return ((ay * s + by) * s + cy) * s
    }

    /// The spring's position at `t` (fraction of the duration), from 0 toward 1.
    /// Time is scaled so the duration is 1: ω₀ makes the envelope fall to
    /// 0.1 % at t = 1 (ζω₀ = ln 1000 underdamped; ω₀ = 9.23 critically or
    /// overdamped, where (1 + ω₀t)e^(-ω₀t) reaches 0.1 %).
    @usableFromInline static func spring(damping: Double, velocity: Double, at t: Double) -> Double {
        let zeta = min(max(damping.isFinite ? damping : 1, 0.05), 10)
        let v0 = velocity.isFinite ? velocity : 0
        // y = x - 1: y(0) = -1, y'(0) = v0.
        if zeta < 1 {
            let omega = 6.907755278982137 / zeta
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * omega) / omegaD
            let (sine, cosine) = sineCosine(omegaD * t)
            return 1 + exponential(-zeta * omega * t) * (-cosine + b * sine)
        }
        let omega = 9.233413476451
        if zeta == 1 {
            return 1 + exponential(-omega * t) * (-1 + (v0 - omega) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 + r1) / (r2 - r1)
        let c1 = -1 - c2
        return 1 + c1 * exponential(r1 * t) + c2 * exponential(r2 * t)
    }
}
