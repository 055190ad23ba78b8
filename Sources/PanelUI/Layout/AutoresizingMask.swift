/// Which parts of a view's frame stretch when its superview's size changes:
/// UIKit's `UIView.AutoresizingMask`. Along each axis a frame has three parts
/// (the leading margin, the size, the trailing margin); the flexible ones
/// share the change in proportion to their current sizes, the others keep
/// theirs. With none flexible, the view keeps its distance from the top left.
public struct AutoresizingMask: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8

    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The distance to the superview's left edge changes.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width changes.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The distance to the superview's right edge changes.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The distance to the superview's top edge changes.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height changes.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The distance to the superview's bottom edge changes.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// Width and height follow the superview: a view that fills it stays filling it.
    public static let flexibleSize: AutoresizingMask = [.flexibleWidth, .flexibleHeight]
}

extension AutoresizingMask {
    /// One axis of UIKit's autoresizing arithmetic: the new `(origin, length)`
    /// of a span that was `origin`, `length` inside a superview length that
    /// went from `oldLength` to `newLength`.
    ///
    /// The flexible parts share the change in proportion to their current
    /// sizes (negative parts count as 0); when those sizes are all 0 they
    /// share it equally. A length never goes below 0.
    @inlinable
    public static func resize(
        origin: Double, length: Double, from oldLength: Double, to newLength: Double,
        flexibleLeading: Bool, flexibleLength: Bool, flexibleTrailing: Bool
    ) -> (origin: Double, length: Double) {
        let delta = newLength - oldLength
        let count = (flexibleLeading ? 1 : 0) + (flexibleLength ? 1 : 0) + (flexibleTrailing ? 1 : 0)
        guard delta != 0, count > 0 else { return (origin, length) }
        let leading = flexibleLeading ? max(origin, 0) : 0
        let size = flexibleLength ? max(length, 0) : 0
        let trailing = flexibleTrailing ? max(oldLength - origin - length, 0) : 0
        let total = leading + size + trailing
        let leadingShare: Double
        let lengthShare: Double
        if total > 0 {
            leadingShare = delta * leading / total
            lengthShare = delta * size / total
        } else {
            leadingShare = flexibleLeading ? delta / Double(count) : 0
            lengthShare = flexibleLength ? delta / Double(count) : 0
        }
        return (origin + leadingShare, max(length + lengthShare, 0))
    }
}
