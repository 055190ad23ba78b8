/// A typeface at a size, by the name of its file in `assets/fonts` without
/// the extension (`"DejaVuSans"`), in points.
public struct Font: Equatable, Sendable {
    public var name: String
    public var size: Double

    public init(name: String, size: Double) {
        self.name = name
        self.size = size
    }

    /// PanelKit's shipped sans-serif face.
    public static func system(size: Double) -> Font { Font(name: "DejaVuSans", size: size) }
    /// Its bold weight.
    public static func boldSystem(size: Double) -> Font { Font(name: "DejaVuSans-Bold", size: size) }
}

public enum TextAlignment: Equatable, Sendable {
    case left, center, right
}

/// What happens to text wider than its rectangle.
public enum LineBreakMode: Equatable, Sendable {
    /// Lines break at word boundaries; lines past the rectangle's height are dropped.
    case wordWrap
    /// One line, cut at the end with an ellipsis (…) when it does not fit.
    case truncateTail
}

/// The text driver a display backend installs: lays out and draws text into
/// a framebuffer. PanelText implements it with FreeType; the core only knows
/// this protocol, so it builds without any C library.
public protocol TextRendering: AnyObject {
    /// The size `text` takes in `font`, wrapped at `width` when given.
    func measure(_ text: String, font: Font, width: Double?) -> Size

    /// Draws `text` into `framebuffer`, laid out in `rect` (framebuffer pixels),
    /// only inside `clip`, blended with `alpha`. Vertically centred in `rect`.
    func draw(_ text: String, font: Font, color: Color, in rect: Rect, alignment: TextAlignment,
              lineBreak: LineBreakMode, clip: Rect, alpha: Double, into framebuffer: Framebuffer)
}
