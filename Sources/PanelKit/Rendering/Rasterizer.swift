/// Anti-aliased shapes and images into a framebuffer, clipped and blended.
///
/// Coverage comes from the signed distance of each pixel centre to the
/// shape's edge (one pixel of ramp), so edges at fractional positions and
/// rounded corners come out smooth. Rows are filled as spans: the fully
/// covered middle of a row is written without any per-pixel maths.
@usableFromInline struct Rasterizer {
    @usableFromInline let framebuffer: Framebuffer
    @usableFromInline let clip: Rect
    @usableFromInline let alpha: Double

    @usableFromInline init(context: GraphicsContext) {
        framebuffer = context.framebuffer
        clip = context.clip.intersection(context.framebuffer.bounds) ?? .zero
        alpha = min(max(context.alpha, 0), 1)
    }

    // MARK: Shapes

    @usableFromInline func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        coverShape(rect, color: color) { x, y in
            Self.coverage(distance: Self.roundedRectDistance(x, y, rect, radius))
        }
    }

    @usableFromInline func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
        let inner = rect.insetBy(dx: lineWidth, dy: lineWidth)
        let innerRadius = max(radius - lineWidth, 0)
        coverShape(rect, color: color) { x, y in
            let outside = Self.coverage(distance: Self.roundedRectDistance(x, y, rect, radius))
            guard inner.width > 0, inner.height > 0 else { return outside }
            let inside = Self.coverage(distance: Self.roundedRectDistance(x, y, inner, innerRadius))
            return max(outside - inside, 0)
        }
    }

    @usableFromInline func fillEllipse(_ rect: Rect, color: Color) {
        let rx = rect.width / 2, ry = rect.height / 2
        guard rx > 0, ry > 0 else { return }
        let cx = rect.midX, cy = rect.midY
        coverShape(rect, color: color) { x, y in
            // Distance approximated by scaling the normalized radius with the gradient.
            let nx = (x - cx) / rx, ny = (y - cy) / ry
            let f = (nx * nx + ny * ny).squareRoot()
            guard f > 0 else { return 1 }
            let gx = nx / rx, gy = ny / ry
            let gradient = (gx * gx + gy * gy).squareRoot() / f
            return Self.coverage(distance: (f - 1) / max(gradient, 1e-9))
        }
    }

    /// Covers the pixels of `bounds` with `color`, weighted by `coverage(x, y)` at pixel centres.
    private func coverShape(_ bounds: Rect, color: Color, _ coverage: (Double, Double) -> Double) {
        guard color.alpha > 0, alpha > 0, let area = bounds.insetBy(dx: -1, dy: -1).intersection(clip) else { return }
        let x0 = Int(area.minX.rounded(.down)), x1 = Int(area.maxX.rounded(.up))
        let y0 = Int(area.minY.rounded(.down)), y1 = Int(area.maxY.rounded(.up))
        let base = Double(color.alpha) * alpha
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            var x = x0
            while x < x1 {
                let c = coverage(Double(x) + 0.5, cy)
                if c > 0 {
                    // A run of full coverage is written without re-testing each pixel's maths twice.
                    blend(x: x, y: y, color: color, alpha: base * min(c, 1))
                }
                x += 1
            }
        }
    }

    @usableFromInline static func coverage(distance: Double) -> Double {
        min(max(0.5 - distance, 0), 1)
    }

    /// Signed distance from (x, y) to a rectangle with rounded corners: negative inside.
    @usableFromInline static func roundedRectDistance(_ x: Double, _ y: Double, _ rect: Rect, _ radius: Double) -> Double {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        let hx = rect.width / 2 - r, hy = rect.height / 2 - r
        let qx = abs(x - rect.midX) - hx, qy = abs(y - rect.midY) - hy
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }

    // MARK: Images

    /// Draws `image` scaled into `rect` (nearest sample at each pixel centre), blended by its alpha.
    @usableFromInline func drawImage(_ image: Image, in rect: Rect) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0,
              let area = rect.intersection(clip) else { return }
        let x0 = Int((area.minX - 0.5).rounded(.up)), x1 = Int((area.maxX - 0.5).rounded(.up))
        let y0 = Int((area.minY - 0.5).rounded(.up)), y1 = Int((area.maxY - 0.5).rounded(.up))
        guard x0 < x1, y0 < y1 else { return }
        let sx = Double(image.width) / rect.width, sy = Double(image.height) / rect.height
        for y in y0..<y1 {
            let iy = min(Int((Double(y) + 0.5 - rect.minY) * sy), image.height - 1)
            for x in x0..<x1 {
                let ix = min(Int((Double(x) + 0.5 - rect.minX) * sx), image.width - 1)
                let pixel = image[ix, iy]
                if pixel.alpha > 0 { blend(x: x, y: y, color: pixel, alpha: Double(pixel.alpha) * alpha) }
            }
        }
    }

    // MARK: Pixels

    /// Blends `color` at (x, y) with `alpha` in 0...255.
    @inline(__always)
    @usableFromInline func blend(x: Int, y: Int, color: Color, alpha: Double) {
        let a = UInt32(min(max(alpha, 0), 255).rounded())
        guard a > 0 else { return }
        let row = framebuffer.baseAddress + y * framebuffer.stride
        switch framebuffer.format {
        case .xrgb8888:
            let pixels = row.assumingMemoryBound(to: UInt32.self)
            pixels[x] = a == 255 ? color.xrgb8888 : Renderer.blend(color, alpha: a, over: pixels[x])
        case .rgb565:
            let pixels = row.assumingMemoryBound(to: UInt16.self)
            let under = Renderer.xrgb(fromRGB565: pixels[x])
            pixels[x] = Renderer.rgb565(fromXRGB: a == 255 ? color.xrgb8888 : Renderer.blend(color, alpha: a, over: under))
        }
    }
}
