/// What a view draws with: the framebuffer, the view's origin in it, the clip
/// rectangle and the alpha inherited from its ancestors. Coordinates given to
/// the drawing calls are the view's bounds coordinates.
///
/// Shapes are anti-aliased and blended; everything is clipped to ``clip``.
/// Views with a rotating or scaling transform draw into their bounding box:
/// the software renderer translates, it does not rotate view content.
public struct GraphicsContext {
    public let framebuffer: Framebuffer
    /// Where the view's bounds origin lands in the framebuffer.
    public var origin: Point
    /// Drawing stays inside this rectangle, in framebuffer pixels.
    public var clip: Rect
    /// Multiplies every colour's alpha.
    public var alpha: Double
    /// Draws text; `nil` when the backend has no fonts (text is then skipped).
    public unowned(unsafe) var textRenderer: (any TextRendering)?

    public init(framebuffer: Framebuffer, origin: Point = .zero, clip: Rect? = nil, alpha: Double = 1,
                textRenderer: (any TextRendering)? = nil) {
        self.framebuffer = framebuffer
        self.origin = origin
        self.clip = clip ?? framebuffer.bounds
        self.alpha = alpha
        self.textRenderer = textRenderer
    }

    /// `rect`, in the view's coordinates, in framebuffer pixels.
    public func deviceRect(_ rect: Rect) -> Rect {
        rect.offsetBy(dx: origin.x, dy: origin.y)
    }

    public func fill(_ rect: Rect, color: Color) {
        fill(roundedRect: rect, cornerRadius: 0, color: color)
    }

    public func fill(roundedRect rect: Rect, cornerRadius: Double, color: Color) {
        Rasterizer(context: self).fillRoundedRect(deviceRect(rect), radius: cornerRadius, color: color)
    }

    public func stroke(_ rect: Rect, lineWidth: Double, color: Color) {
        stroke(roundedRect: rect, cornerRadius: 0, lineWidth: lineWidth, color: color)
    }

    /// A border of `lineWidth` drawn inside `rect`.
    public func stroke(roundedRect rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color) {
        Rasterizer(context: self).strokeRoundedRect(deviceRect(rect), radius: cornerRadius, lineWidth: lineWidth, color: color)
    }

    /// The ellipse inscribed in `rect`.
    public func fill(ellipseIn rect: Rect, color: Color) {
        Rasterizer(context: self).fillEllipse(deviceRect(rect), color: color)
    }

    /// `image` scaled to `rect`, blended by its own alpha.
    public func draw(_ image: Image, in rect: Rect) {
        Rasterizer(context: self).drawImage(image, in: deviceRect(rect))
    }

    public func draw(_ text: String, font: Font, color: Color, in rect: Rect,
                     alignment: TextAlignment = .left, lineBreak: LineBreakMode = .truncateTail) {
        textRenderer?.draw(text, font: font, color: color, in: deviceRect(rect), alignment: alignment,
                           lineBreak: lineBreak, clip: clip, alpha: alpha, into: framebuffer)
    }
}
