/// The animatable values of a view as the screen shows them: Core
/// Animation's presentation layer. While an animation runs they lead from
/// the old values to the view's own (model) values, which changed at once.
/// Drawing reads these; hit-testing reads the model, as UIKit's does.
public struct ViewPresentation: Equatable {
    public var center: Point
    public var bounds: Rect
    public var transform: AffineTransform
    public var alpha: Double
    public var backgroundColor: Color?

    /// The view's model values.
    @inlinable public init(modelOf view: View) {
        center = view.center
        bounds = view.bounds
        transform = view.transform
        alpha = view.alpha
        backgroundColor = view.backgroundColor
    }

    /// Maps the view's bounds coordinates into its superview's, as `View.transformToSuperview` does for the model.
    @inlinable public var transformToSuperview: AffineTransform {
        View.transformToSuperview(center: center, bounds: bounds, transform: transform)
    }

    /// `from` at 0, `to` at 1, in between (and beyond, for a spring's
    /// overshoot) for the properties in `properties`; the others from `self`.
    @usableFromInline mutating func interpolate(
        _ properties: AnimatedProperties, from: ViewPresentation,
        to: ViewPresentation, progress p: Double
    ) {
        if properties.contains(.center) {
            center = Point(x: lerp(from.center.x, to.center.x, p), y: lerp(from.center.y, to.center.y, p))
        }
        if properties.contains(.bounds) {
            bounds = Rect(
                x: lerp(from.bounds.minX, to.bounds.minX, p), y: lerp(from.bounds.minY, to.bounds.minY, p),
                width: max(0, lerp(from.bounds.width, to.bounds.width, p)),
                height: max(0, lerp(from.bounds.height, to.bounds.height, p)))
        }
        if properties.contains(.transform) {
            transform = Self.interpolate(from.transform, to.transform, p)
        }
        if properties.contains(.alpha) {
            alpha = min(max(lerp(from.alpha, to.alpha, p), 0), 1)
        }
        if properties.contains(.backgroundColor) {
            // No colour is clear of the other colour, so a colour fades in and out rather than from black.
            let a = from.backgroundColor ?? (to.backgroundColor ?? .clear).withAlphaComponent(0)
            let b = to.backgroundColor ?? (from.backgroundColor ?? .clear).withAlphaComponent(0)
            func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
                UInt8(min(max(lerp(Double(x), Double(y), p).rounded(), 0), 255))
            }
            backgroundColor = Color(
                red: channel(a.red, b.red), green: channel(a.green, b.green),
                blue: channel(a.blue, b.blue), alpha: channel(a.alpha, b.alpha))
            if p >= 1 { backgroundColor = to.backgroundColor }
        }
    }

    /// Copies the properties in `properties` from `other`.
    @usableFromInline mutating func copy(_ properties: AnimatedProperties, from other: ViewPresentation) {
        if properties.contains(.center) { center = other.center }
        if properties.contains(.bounds) { bounds = other.bounds }
        if properties.contains(.transform) { transform = other.transform }
        if properties.contains(.alpha) { alpha = other.alpha }
        if properties.contains(.backgroundColor) { backgroundColor = other.backgroundColor }
    }

    /// Interpolates two transforms as Core Animation does: decomposed into
    /// translation, scale, rotation and shear, each interpolated, then
    /// recomposed, so a turn stays a turn rather than shrinking halfway.
    @usableFromInline static func interpolate(_ a: AffineTransform, _ b: AffineTransform, _ p: Double)
        -> AffineTransform
    {
        if a == b { return a }
        let da = Decomposed(a)
        let db = Decomposed(b)
        var angleB = db.angle
        // The shorter way round.
        let pi = Double.pi
        if angleB - da.angle > pi { angleB -= 2 * pi } else if da.angle - angleB > pi { angleB += 2 * pi }
        return Decomposed(
            scaleX: lerp(da.scaleX, db.scaleX, p), scaleY: lerp(da.scaleY, db.scaleY, p),
            shear: lerp(da.shear, db.shear, p), angle: lerp(da.angle, angleB, p),
            tx: lerp(da.tx, db.tx, p), ty: lerp(da.ty, db.ty, p)
        ).transform
    }

    /// `t = scale · shear · rotation, then translation` (row vectors, as `AffineTransform`).
    @usableFromInline struct Decomposed {
        @usableFromInline var scaleX, scaleY, shear, angle, tx, ty: Double

        @usableFromInline init(scaleX: Double, scaleY: Double, shear: Double, angle: Double, tx: Double, ty: Double) {
            (self.scaleX, self.scaleY, self.shear, self.angle, self.tx, self.ty) = (
                scaleX, scaleY, shear, angle, tx, ty
            )
        }

        @usableFromInline init(_ t: AffineTransform) {
            // Rows (a, b) and (c, d): the first row's length and angle give
            // x's scale and the rotation; what is left of the second row gives shear and y's scale.
            let sx = (t.a * t.a + t.b * t.b).squareRoot()
            angle = sx == 0 ? 0 : arcTangent(t.b, t.a)
            let (sine, cosine) = sineCosine(angle)
            // Undo the rotation on the second row: (c, d)·R(-θ).
            let c = t.c * cosine + t.d * sine
            let d = -t.c * sine + t.d * cosine
            scaleX = sx
            scaleY = d
            shear = d == 0 ? 0 : c / d
            tx = t.tx
            ty = t.ty
        }

        @usableFromInline var transform: AffineTransform {
            let (sine, cosine) = sineCosine(angle)
            // [sx 0; k·sy sy] · R(θ) with R(θ) = [cos sin; -sin cos].
            let c0 = shear * scaleY
            let d0 = scaleY
            return AffineTransform(
                a: scaleX * cosine, b: scaleX * sine,
                c: c0 * cosine - d0 * sine, d: c0 * sine + d0 * cosine, tx: tx, ty: ty)
        }
    }
}

@inlinable func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }

/// The view properties an animation changes.
public struct AnimatedProperties: OptionSet, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let center = AnimatedProperties(rawValue: 1 << 0)
    public static let bounds = AnimatedProperties(rawValue: 1 << 1)
    public static let transform = AnimatedProperties(rawValue: 1 << 2)
    public static let alpha = AnimatedProperties(rawValue: 1 << 3)
    public static let backgroundColor = AnimatedProperties(rawValue: 1 << 4)
}
