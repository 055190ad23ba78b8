/// Distances inset from each edge of a rectangle (UIKit's `UIEdgeInsets`).
/// Negative insets grow the rectangle.
@frozen
public struct EdgeInsets: Equatable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    @inlinable
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    public static let zero = EdgeInsets(all: 0)
}
