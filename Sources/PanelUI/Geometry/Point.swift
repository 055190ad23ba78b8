/// A location in a two-dimensional coordinate space, in points (UIKit's `CGPoint`).
@frozen
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Straight-line distance to `other`.
    @inlinable
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension Point {
    /// The nearest point on whole pixels of a screen of `scale` pixels per
    /// point (halves round away from zero): where a scroll view's content is drawn.
    @inlinable
    public func roundedToPixels(scale: Double) -> Point {
        Point(x: (x * scale).rounded() / scale, y: (y * scale).rounded() / scale)
    }
}
