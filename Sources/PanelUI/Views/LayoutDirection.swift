/// UIKit's `UIUserInterfaceLayoutDirection`: which way a screen reads.
/// Right to left (Hebrew, Arabic), leading edges are on the right: a
/// horizontal stack starts at the right, a cell's accessory is on its left,
/// a navigation bar's back button on its right, and a pushed screen slides
/// in from the left.
public enum UserInterfaceLayoutDirection: Equatable, Sendable {
    case leftToRight, rightToLeft
}

/// UIKit's `UISemanticContentAttribute`: whether a view flips when the
/// layout is right to left.
public enum SemanticContentAttribute: Equatable, Sendable {
    /// Follows its superview (the application at the top).
    case unspecified
    /// Playback controls (play, rewind): always left to right.
    case playback
    /// Directional controls (arrows, a D-pad): always left to right.
    case spatial
    /// Left to right, and so are its subviews that do not force their own.
    case forceLeftToRight
    /// Right to left, and so are its subviews that do not force their own.
    case forceRightToLeft
}

extension View {
    /// UIKit's `UIView.userInterfaceLayoutDirection(for:relativeTo:)`: the
    /// direction a view with `attribute` lays out in when its surroundings
    /// read `direction`.
    @inlinable public static func userInterfaceLayoutDirection(
        for attribute: SemanticContentAttribute, relativeTo direction: UserInterfaceLayoutDirection
    ) -> UserInterfaceLayoutDirection {
        switch attribute {
        case .unspecified: direction
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }

    /// UIKit's `effectiveUserInterfaceLayoutDirection`: this view's own
    /// attribute when it is not `.unspecified`, else the nearest ancestor's
    /// forced one, else its application's `userInterfaceLayoutDirection`
    /// (left to right outside an application). `.playback` and `.spatial`
    /// hold for the view itself only, as in UIKit. Asked at layout and
    /// drawing, not stored: a walk up the superviews, allocating nothing.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .unspecified: break
        case .playback, .spatial, .forceLeftToRight: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        }
        var view = superview
        while let current = view {
            switch current.semanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            default: view = current.superview
            }
        }
        return window?.owningApplication?.userInterfaceLayoutDirection ?? .leftToRight
    }

    /// `alignment` resolved for `text` shown in this view: `.natural` is
    /// `.left` or `.right` by the text's first strong character, else by this
    /// view's layout direction (asked only then, for text without one).
    @inlinable public func resolvedTextAlignment(_ alignment: TextAlignment, for text: String) -> TextAlignment {
        guard alignment == .natural else { return alignment }
        if let direction = TextAlignment.firstStrongDirection(of: text) {
            return direction == .rightToLeft ? .right : .left
        }
        return effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .left
    }

    /// Whether this view lays out right to left (`effectiveUserInterfaceLayoutDirection`).
    @inlinable public var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// `rect` (in this view's bounds) mirrored across its width when the view
    /// lays out right to left: what a view that places its subviews from the
    /// left calls to place them from the leading edge instead.
    @inlinable public func flippedForLayoutDirection(_ rect: Rect, rightToLeft: Bool) -> Rect {
        guard rightToLeft else { return rect }
        return Rect(x: bounds.minX + bounds.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }
}
