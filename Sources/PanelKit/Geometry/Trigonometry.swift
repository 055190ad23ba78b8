// The core has no Foundation and no libm import, so it carries the little
// trigonometry it needs. Accurate to a few ulps over the whole Double range.

/// `(sin x, cos x)`, reduced to [-π/4, π/4] and evaluated with Taylor polynomials.
public func sineCosine(_ x: Double) -> (sine: Double, cosine: Double) {
    if !x.isFinite { return (.nan, .nan) }
    let halfPi = Double.pi / 2
    let quadrant = (x / halfPi).rounded()
    // Two-part π/2 keeps the reduction exact for the angles a UI uses.
    let r = (x - quadrant * 1.5707963267948966) - quadrant * 6.123233995736766e-17
    let r2 = r * r
    var s = r2 * (1.0 / 6227020800.0) - 1.0 / 39916800.0
    s = s * r2 + 1.0 / 362880.0
    s = s * r2 - 1.0 / 5040.0
    s = s * r2 + 1.0 / 120.0
    s = s * r2 - 1.0 / 6.0
    s = r + r * r2 * s
    var c = r2 * (1.0 / 87178291200.0) - 1.0 / 479001600.0
    c = c * r2 + 1.0 / 3628800.0
    c = c * r2 - 1.0 / 40320.0
    c = c * r2 + 1.0 / 720.0
    c = c * r2 - 1.0 / 24.0
    c = c * r2 + 0.5
    c = 1.0 - r2 * c
    switch Int(quadrant.truncatingRemainder(dividingBy: 4)) {
    case 0: return (s, c)
    case 1, -3: return (c, -s)
    case 2, -2: return (-s, -c)
    default: return (-c, s)
    }
}

/// `atan2(y, x)` in radians, in (-π, π].
public func arcTangent(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = x.magnitude, ay = y.magnitude
    // atan on [0, 1], then fold back by octant.
    let swap = ay > ax
    let t = swap ? ax / ay : ay / ax
    // Reduce further around tan(π/8) so the series converges fast.
    let reduce = t > 0.41421356237309503
    let u = reduce ? (t - 1) / (t + 1) : t
    let u2 = u * u
    var p = 0.0
    var k = 31.0
    while k >= 1 {   // odd-power series, Horner form
        p = p * u2 + (Int(k) % 4 == 1 ? 1.0 : -1.0) / k
        k -= 2
    }
    var angle = u * p + (reduce ? Double.pi / 4 : 0)
    if swap { angle = Double.pi / 2 - angle }
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
}
