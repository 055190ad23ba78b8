/// An axis-aligned rectangle, in points (UIKit's `CGRect`).
///
/// Sizes are expected to be non-negative; `standardized` fixes one that is not.
@frozen
public struct Rect: Equatable, Sendable {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width * 0.5 }
    @inlinable public var midY: Double { origin.y + size.height * 0.5 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    @inlinable public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    /// Whether every edge is a finite number (no NaN, no infinity).
    @inlinable @inline(__always) public var isFinite: Bool {
        // As `AffineTransform.isFinite`: `x - x` is NaN unless `x` is finite.
        (origin.x - origin.x) + (origin.y - origin.y) + (size.width - size.width) + (size.height - size.height) == 0
    }

    /// The same rectangle with a non-negative width and height.
    @inlinable
    public var standardized: Rect {
        var r = self
        if r.size.width < 0 {
            r.origin.x += r.size.width
            r.size.width = -r.size.width
        }
        if r.size.height < 0 {
            r.origin.y += r.size.height
            r.size.height = -r.size.height
        }
        return r
    }

    /// Half-open containment, as UIKit's `CGRect.contains(_:)`: the left and top
    /// edges are inside, the right and bottom edges are not.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies wholly inside this rectangle, edges included, as
    /// UIKit's `CGRect.contains(_:)` for a rectangle.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle moved inward by `insets` (outward where they are negative).
    @inlinable
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }

    /// The rectangle grown (positive) or shrunk (negative) by `amount` on every side.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }

    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The overlap of two rectangles, or `nil` when they do not overlap.
    @inlinable
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both. An empty rectangle adds nothing.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
