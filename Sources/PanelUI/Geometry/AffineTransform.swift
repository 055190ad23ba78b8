/// A 2-D affine transform (UIKit's `CGAffineTransform`), mapping
/// `(x, y)` to `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// Composition follows Core Graphics: `t.concatenating(u)` applies `t` first, then `u`.
@frozen
public struct AffineTransform: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    @inlinable
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians. In PanelKit's y-down coordinates a positive
    /// angle turns clockwise on screen, as in UIKit.
    public init(rotationAngle angle: Double) {
        let (s, c) = sineCosine(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    @inlinable
    public var isIdentity: Bool { self == .identity }
    /// Whether the transform only moves points: no scale, rotation or shear.
    @inlinable public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// `self` followed by `other`.
    @inlinable
    public func concatenating(_ t2: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    @inlinable
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    @inlinable
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    @inlinable
    public var determinant: Double { a * d - b * c }

    /// The inverse, or `nil` when the transform collapses the plane (a zero scale).
    @inlinable
    public var inverted: AffineTransform? {
        let det = determinant
        if det == 0 || !det.isFinite { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    @inlinable
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The axis-aligned bounding box of `rect` after the transform.
    public func apply(to rect: Rect) -> Rect {
        if b == 0 && c == 0 {
            return Rect(
                x: a * rect.minX + tx, y: d * rect.minY + ty,
                width: a * rect.width, height: d * rect.height
            ).standardized
        }
        let p0 = apply(to: Point(x: rect.minX, y: rect.minY))
        let p1 = apply(to: Point(x: rect.maxX, y: rect.minY))
        let p2 = apply(to: Point(x: rect.minX, y: rect.maxY))
        let p3 = apply(to: Point(x: rect.maxX, y: rect.maxY))
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x))
        let x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y))
        let y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension AffineTransform {
    /// Whether all six numbers are finite. (`x - x` is 0 for a finite `x` and
    /// NaN for an infinity or a NaN: one comparison, no branch per number; the
    /// view table asks this of every entry it patches.)
    @inlinable @inline(__always) public var isFinite: Bool {
        (a - a) + (b - b) + (c - c) + (d - d) + (tx - tx) + (ty - ty) == 0
    }
}
