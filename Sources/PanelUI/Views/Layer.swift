/// The corners a layer rounds: Core Animation's `CACornerMask`, with its names.
/// Min is the left or top edge (PanelKit's y grows downwards, as UIKit's does).
public struct CornerMask: OptionSet, Sendable, Equatable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    public static let all: CornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner
    ]
}

/// What a view's `View.layer` draws besides its content: the drawing
/// properties of Core Animation's `CALayer` that UIKit apps set through
/// `view.layer`, with their names, meanings and defaults. A value: writing
/// `view.layer.cornerRadius = 12` changes the view's copy, which marks the
/// area it covers (the shadow included) dirty, and allocates nothing.
///
/// - Corners: `cornerRadius` rounds the background, the border and, with
///   `masksToBounds`, the content and subviews, at the corners in
///   `maskedCorners` (all four by default).
/// - Border: `borderWidth` points of `borderColor` inside the bounds, drawn
///   above the content and the subviews, as in UIKit.
/// - Shadow: drawn under the view when `shadowOpacity` is above 0, in the
///   shape of the view's rounded bounds (as UIKit draws a layer given a
///   `shadowPath` of its rounded rectangle; the content's own alpha does not
///   shape it), moved by `shadowOffset` and blurred by `shadowRadius`. The
///   blurred picture is worked out when the view's size, corners or the blur
///   change, and kept: a shadow that only moves costs its blending.
///   As in UIKit, `masksToBounds` clips the layer's own shadow away: put the
///   shadow on a view around the clipped one.
/// - Clipping: `masksToBounds` is the view's `clipsToBounds` (one flag, as
///   in UIKit); with a `cornerRadius`, subviews are clipped to the rounded
///   shape, anti-aliased.
///
/// - Rasterizing: `shouldRasterize` keeps a picture of the view and its
///   subviews, composited while the view moves or fades; any change inside
///   draws it again.
///
/// Hit-testing stays on the bounds: a touch on the shadow or outside a
/// rounded corner (but inside the bounds) hits the view, as in UIKit.
/// Not animated: a change shows at once, even inside `View.animate`.
public struct Layer: Equatable, Sendable {
    /// The radius of the rounded corners, in points; 0 (square) by default.
    /// Held to half the shorter side when drawn.
    public var cornerRadius: Double = 0
    /// Which corners `cornerRadius` rounds; all four by default.
    public var maskedCorners: CornerMask = .all
    /// The width of the border, in points, drawn inside the bounds; 0 (none) by default.
    public var borderWidth: Double = 0
    /// The border's colour; opaque black by default, as UIKit's.
    public var borderColor: Color? = .black
    /// The shadow's colour; opaque black by default, as UIKit's.
    public var shadowColor: Color? = .black
    /// 0 (no shadow, the default, as UIKit's) to 1; multiplies `shadowColor`'s alpha.
    public var shadowOpacity: Double = 0
    /// The blur of the shadow, in points; 3 by default, as UIKit's. The
    /// shadow fades out over about one and a half times this around its shape
    /// (a Gaussian blur of standard deviation `shadowRadius / 2`).
    public var shadowRadius: Double = 3
    /// Where the shadow lies relative to the view, in points; (0, -3) by
    /// default, as UIKit's (so, with y growing downwards, a default shadow
    /// lies 3 points above the view: set a positive height to cast it below).
    public var shadowOffset: Size = Size(width: 0, height: -3)
    /// Whether subviews are clipped to the bounds (rounded by `cornerRadius`):
    /// the same flag as `View.clipsToBounds`. False by default.
    public var masksToBounds: Bool = false
    /// Whether the view and its subviews are drawn once into a picture and
    /// composited from it while the view only moves or fades (Core
    /// Animation's `shouldRasterize`; Rendering/RasterizedLayer.swift). The
    /// view is then placed at whole pixels, and fades as one (group opacity).
    /// Navigation pushes and presented sheets set it on the screens they
    /// slide. Pictures take their memory from `Application.rasterization`.
    /// False by default.
    public var shouldRasterize: Bool = false

    public init() {}

    /// Whether a shadow shows: some opacity and colour, and not masked away.
    @inlinable public var hasShadow: Bool {
        !masksToBounds && shadowOpacity > 0 && (shadowColor?.alpha ?? 0) > 0 && shadowRadius.isFinite
            && shadowOffset.width.isFinite && shadowOffset.height.isFinite
    }

    /// Whether a border shows.
    @inlinable public var hasBorder: Bool {
        borderWidth > 0 && (borderColor?.alpha ?? 0) > 0
    }

    /// The radius drawn: `cornerRadius` when some corner is rounded, else 0.
    @inlinable public var effectiveCornerRadius: Double {
        cornerRadius > 0 && cornerRadius.isFinite && !maskedCorners.isEmpty ? cornerRadius : 0
    }

    /// How far, in points, the blurred shadow reaches past its shape: three
    /// box blurs of half-width `shadowRadius / 2` (pixels, rounded) each, plus
    /// three pixels of margin at scale 1 (the rounding of blur and position).
    @inlinable public var shadowBlurReach: Double {
        max(shadowRadius, 0) * 1.5 + 3
    }

    /// How far the drawn layer reaches past the bounds on each side (the
    /// shadow's blur and offset), in points; zero without a shadow.
    @inlinable public var outsets: EdgeInsets {
        guard hasShadow else { return .zero }
        let reach = shadowBlurReach
        return EdgeInsets(
            top: max(reach - shadowOffset.height, 0), left: max(reach - shadowOffset.width, 0),
            bottom: max(reach + shadowOffset.height, 0), right: max(reach + shadowOffset.width, 0))
    }
}

extension Rect {
    /// The rectangle grown by `insets` on each side.
    @inline(__always) @usableFromInline func outset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX - insets.left, y: minY - insets.top, width: width + insets.left + insets.right,
            height: height + insets.top + insets.bottom)
    }
}
