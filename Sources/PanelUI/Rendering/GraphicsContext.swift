/// What a view draws with: the framebuffer, the view's origin in it, the
/// screen's scale, the clip rectangle and the alpha inherited from its
/// ancestors. Coordinates given to the drawing calls are the view's bounds
/// coordinates, in points.
///
/// A point is `scale` pixels each way: rectangles, corner radii and line
/// widths are multiplied by it, text is drawn with its font at `size ×
/// scale` into the pixels of its rectangle (so glyphs are rasterized at the
/// panel's resolution, not enlarged), and images are scaled to the pixels
/// they cover. A view's code is the same at every scale.
///
/// Shapes are anti-aliased and blended; everything is clipped to `clip`.
/// A view draws untransformed, in its bounds: when its `transform` (or an
/// ancestor's) rotates or scales it, the renderer draws it into an offscreen
/// and turns and scales that (TransformedDrawing.swift). To turn a picture
/// inside a view, draw it with `draw(_:in:transform:)` (Core Graphics'
/// `concatenate` then `draw`).
public struct GraphicsContext {
    public let framebuffer: Framebuffer
    /// Where the view's bounds origin lands in the framebuffer, in pixels.
    public var origin: Point
    /// Pixels per point (the screen's `Screen.scale`): a view coordinate
    /// times this, plus `origin`, is a framebuffer pixel coordinate.
    public var scale: Double
    /// Drawing stays inside this rectangle, in framebuffer pixels.
    public var clip: Rect
    /// Multiplies every colour's alpha.
    public var alpha: Double
    /// Draws text; `nil` when the backend has no fonts (text is then skipped).
    public var textRenderer: (any TextRendering)?

    public init(
        framebuffer: Framebuffer, origin: Point = .zero, scale: Double = 1, clip: Rect? = nil, alpha: Double = 1,
        textRenderer: (any TextRendering)? = nil
    ) {
        self.framebuffer = framebuffer
        self.origin = origin
        self.scale = scale
        self.clip = clip ?? framebuffer.bounds
        self.alpha = alpha
        self.textRenderer = textRenderer
    }

    /// `rect`, in the view's coordinates (points), in framebuffer pixels.
    public func deviceRect(_ rect: Rect) -> Rect {
        Self.deviceRect(rect, origin: origin, scale: scale)
    }

    /// `rect` in framebuffer pixels for a context at `origin` and `scale`.
    @inline(__always)
    @usableFromInline static func deviceRect(_ rect: Rect, origin: Point, scale: Double) -> Rect {
        Rect(
            x: rect.minX * scale + origin.x, y: rect.minY * scale + origin.y,
            width: rect.width * scale, height: rect.height * scale)
    }

    public func fill(_ rect: Rect, color: Color) {
        fill(roundedRect: rect, cornerRadius: 0, color: color)
    }

    public func fill(roundedRect rect: Rect, cornerRadius: Double, color: Color) {
        Rasterizer(context: self).fillRoundedRect(deviceRect(rect), radius: cornerRadius * scale, color: color)
    }

    public func stroke(_ rect: Rect, lineWidth: Double, color: Color) {
        stroke(roundedRect: rect, cornerRadius: 0, lineWidth: lineWidth, color: color)
    }

    /// A border of `lineWidth` points drawn inside `rect`.
    public func stroke(roundedRect rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color) {
        Rasterizer(context: self).strokeRoundedRect(
            deviceRect(rect), radius: cornerRadius * scale, lineWidth: lineWidth * scale,
            color: color)
    }

    /// The ellipse inscribed in `rect`.
    public func fill(ellipseIn rect: Rect, color: Color) {
        Rasterizer(context: self).fillEllipse(deviceRect(rect), color: color)
    }

    /// `image` scaled to `rect`, blended by its own alpha: each pixel `rect`
    /// covers takes the image's pixel under its centre. An image of the
    /// screen's scale (an `@2x` file at scale 2) drawn at its `Image.size`
    /// lands pixel for pixel; a 1x one is enlarged.
    public func draw(_ image: Image, in rect: Rect) {
        Rasterizer(context: self).drawImage(image, in: deviceRect(rect), tint: nil)
    }

    /// `draw(_:in:)` with every pixel in `tint` (its alpha times the pixel's):
    /// how a template image is drawn; `nil` draws the image's own colours.
    public func draw(_ image: Image, in rect: Rect, tint: Color?) {
        Rasterizer(context: self).drawImage(image, in: deviceRect(rect), tint: tint)
    }

    /// `image` scaled to fill `rect`, then mapped by `transform` into the
    /// view's coordinates: Core Graphics' `context.concatenate(transform)`
    /// followed by `context.draw(image, in: rect)`. Rotations, scales, shears
    /// and translations are drawn as they are.
    ///
    /// Each pixel inside the clip maps its centre back through the inverse
    /// transform and samples the image bilinearly; the image's edges are
    /// anti-aliased (a one-texel ramp), and the result is blended by the
    /// image's alpha times the context's. A transform that collapses the image
    /// (zero scale), or one with infinite or NaN parts, draws nothing; so does
    /// an image wider or taller than 16 383 pixels. Shrinking below about half
    /// size aliases (there are no mipmaps). Allocates nothing.
    ///
    ///     // A photo zoomed 1.5× and turned 30° about the view's centre
    ///     // (`t.concatenating(u)` applies t first):
    ///     let centred = AffineTransform(translationX: -photo.size.width / 2, y: -photo.size.height / 2)
    ///     let transform = centred
    ///         .concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
    ///         .concatenating(AffineTransform(rotationAngle: .pi / 6))
    ///         .concatenating(AffineTransform(translationX: bounds.midX, y: bounds.midY))
    ///     context.draw(photo, transform: transform)
    public func draw(_ image: Image, in rect: Rect, transform: AffineTransform) {
        guard image.width > 0, image.height > 0 else { return }
        // Image texels → rect → the view (transform) → the framebuffer (scale, then origin).
        let fill = AffineTransform(
            a: rect.width / Double(image.width), b: 0, c: 0, d: rect.height / Double(image.height),
            tx: rect.minX, ty: rect.minY)
        let toDevice = fill.concatenating(transform)
            .concatenating(AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y))
        Rasterizer(context: self).drawImage(image, transform: toDevice)
    }

    /// `image` at its own size (`Image.size`, in points; its top-left corner
    /// at the origin) mapped by `transform` into the view's coordinates; see
    /// `draw(_:in:transform:)`.
    public func draw(_ image: Image, transform: AffineTransform) {
        let size = image.size
        draw(image, in: Rect(x: 0, y: 0, width: size.width, height: size.height), transform: transform)
    }

    /// `text` in `font` (points), laid out in `rect`: drawn by the text driver
    /// with the font at `scale` times its size into `rect`'s pixels.
    public func draw(
        _ text: String, font: Font, color: Color, in rect: Rect,
        alignment: TextAlignment = .left, lineBreak: LineBreakMode = .truncateTail
    ) {
        textRenderer?.draw(
            text, font: scale == 1 ? font : font.scaled(by: scale), color: color, in: deviceRect(rect),
            alignment: alignment, lineBreak: lineBreak, clip: clip, alpha: alpha, into: framebuffer)
    }

    /// The size `text` takes in `font`, in points, as `draw(_:font:color:in:alignment:lineBreak:)`
    /// draws it at this scale; `.zero` without a text driver.
    public func measure(_ text: String, font: Font, width: Double? = nil) -> Size {
        textRenderer?.measure(text, font: font, width: width, scale: scale) ?? .zero
    }
}
