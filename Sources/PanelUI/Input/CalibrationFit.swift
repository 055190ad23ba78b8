/// One calibration target as the sensor saw it: where the finger was, in the
/// sensor's normalized coordinates (after the board's axis quirks), and where
/// the target was drawn, in the same normalized frame (the screen point turned
/// back into the sensor's orientation). A `CalibrationMatrix` maps the first
/// onto the second.
public struct CalibrationPair: Equatable, Sendable {
    public var sensor: Point
    public var target: Point

    public init(sensor: Point, target: Point) {
        self.sensor = sensor
        self.target = target
    }
}

extension CalibrationMatrix {
    /// The matrix that maps every pair's `sensor` point closest to its `target`,
    /// by least squares: each row `(a, b, c)` and `(d, e, f)` solves its 3×3
    /// normal equations, as ts_calibrate does with its five crosshairs.
    ///
    /// `nil` when there are fewer than three pairs or the sensor points lie on
    /// one line (the touches then say nothing about one direction).
    public static func fitting(_ pairs: [CalibrationPair]) -> CalibrationMatrix? {
        guard pairs.count >= 3 else { return nil }
        // Sums of the normal equations, centred on the mean sensor point so a
        // small panel region does not make them nearly singular.
        var meanX = 0.0
        var meanY = 0.0
        for i in 0..<pairs.count {
            meanX += pairs[i].sensor.x
            meanY += pairs[i].sensor.y
        }
        meanX /= Double(pairs.count)
        meanY /= Double(pairs.count)
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        var sx = 0.0
        var sy = 0.0
        var sxu = 0.0
        var syu = 0.0
        var su = 0.0
        var sxv = 0.0
        var syv = 0.0
        var sv = 0.0
        for i in 0..<pairs.count {
            let x = pairs[i].sensor.x - meanX
            let y = pairs[i].sensor.y - meanY
            let u = pairs[i].target.x
            let v = pairs[i].target.y
            sxx += x * x
            sxy += x * y
            syy += y * y
            sx += x
            sy += y
            sxu += x * u
            syu += y * u
            su += u
            sxv += x * v
            syv += y * v
            sv += v
        }
        let n = Double(pairs.count)
        let normal = Matrix3(
            sxx, sxy, sx,
            sxy, syy, sy,
            sx, sy, n)
        // Collinear sensor points: the 2×2 spread matrix is singular. Relative
        // to its own size, so the test does not depend on the panel's range.
        let spread = sxx * syy - sxy * sxy
        guard spread > 1e-12 * (sxx + syy) * (sxx + syy) else { return nil }
        guard let (a, b, c0) = normal.solve(sxu, syu, su), let (d, e, f0) = normal.solve(sxv, syv, sv) else {
            return nil
        }
        // Undo the centring: u = a·(x − mx) + b·(y − my) + c0.
        let matrix = CalibrationMatrix(
            a: a, b: b, c: c0 - a * meanX - b * meanY,
            d: d, e: e, f: f0 - d * meanX - e * meanY)
        return matrix.isInvertible ? matrix : nil
    }
}

/// A symmetric-or-not 3×3 system solved by Cramer's rule: small, exact enough
/// for five well-spread calibration points, and allocation-free.
struct Matrix3 {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(
        _ m00: Double, _ m01: Double, _ m02: Double,
        _ m10: Double, _ m11: Double, _ m12: Double,
        _ m20: Double, _ m21: Double, _ m22: Double
    ) {
        m = (m00, m01, m02, m10, m11, m12, m20, m21, m22)
    }

    static func determinant(
        _ a: Double, _ b: Double, _ c: Double,
        _ d: Double, _ e: Double, _ f: Double,
        _ g: Double, _ h: Double, _ i: Double
    ) -> Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The `(x, y, z)` with `M · (x, y, z) = (r0, r1, r2)`; nil when `M` is singular.
    func solve(_ r0: Double, _ r1: Double, _ r2: Double) -> (Double, Double, Double)? {
        let (a, b, c, d, e, f, g, h, i) = m
        let det = Matrix3.determinant(a, b, c, d, e, f, g, h, i)
        guard det != 0, det.isFinite else { return nil }
        let x = Matrix3.determinant(r0, b, c, r1, e, f, r2, h, i) / det
        let y = Matrix3.determinant(a, r0, c, d, r1, f, g, r2, i) / det
        let z = Matrix3.determinant(a, b, r0, d, e, r1, g, h, r2) / det
        return (x, y, z)
    }
}
