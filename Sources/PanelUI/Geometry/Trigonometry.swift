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
    let ax = x.magnitude
    let ay = y.magnitude
    // atan on [0, 1], then fold back by octant.
    let swap = ay > ax
    let t = swap ? ax / ay : ay / ax
    // Reduce further around tan(π/8) so the series converges fast.
    let reduce = t > 0.41421356237309503
    let u = reduce ? (t - 1) / (t + 1) : t
    let u2 = u * u
    var p = 0.0
    var k = 31.0
    while k >= 1 { // odd-power series, Horner form
        p = p * u2 + (Int(k) % 4 == 1 ? 1.0 : -1.0) / k
        k -= 2
    }
    var angle = u * p + (reduce ? Double.pi / 4 : 0)
    if swap { angle = Double.pi / 2 - angle }
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
}

/// `e^x`: reduced to `k·ln 2 + r` with |r| ≤ ln 2 / 2, a Taylor polynomial
/// for `e^r`, then scaled by `2^k`. Deceleration and springs use it.
public func exponential(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x > 709.78 { return .infinity }
    if x < -745.2 { return 0 }
    let ln2 = 0.6931471805599453
    let k = (x / ln2).rounded()
    // Two-part ln 2 keeps the reduction exact.
    let r = (x - k * 0.6931471803691238) - k * 1.9082149292705877e-10
    var term = 1.0
    var sum = 1.0
    for n in 1...14 {
        term *= r / Double(n)
        sum += term
    }
    // 2^k in two steps, so a k near the ends of the range does not overflow the exponent.
    let half = Int(k) / 2
    return sum * Double(sign: .plus, exponent: half, significand: 1)
        * Double(sign: .plus, exponent: Int(k) - half, significand: 1)
}

/// `ln x`: `x = m·2^e` with m in [√½, √2), then `ln m = 2·atanh((m-1)/(m+1))`
/// as a series. NaN below zero, -∞ at zero.
public func naturalLogarithm(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x.isInfinite { return .infinity }
    var m = x.significand // [1, 2)
    var e = Double(x.exponent)
    if m > 1.4142135623730951 {
        m /= 2
        e += 1
    }
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var term = s
    var sum = 0.0
    var n = 1.0
    while n < 40 {
        sum += term / n
        term *= s2
        n += 2
    }
    return 2 * sum + e * 0.6931471805599453
}

/// `base^exponent` for a positive base: `e^(exponent·ln base)`.
public func power(_ base: Double, _ exponent: Double) -> Double {
    exponential(exponent * naturalLogarithm(base))
}
