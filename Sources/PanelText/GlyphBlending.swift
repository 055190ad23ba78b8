import PanelKit

/// Whole pixels `x0..<x1` × `y0..<y1` of a framebuffer.
@usableFromInline
struct PixelBox {
    @usableFromInline var x0: Int
    @usableFromInline var y0: Int
    @usableFromInline var x1: Int
    @usableFromInline var y1: Int

    @inlinable
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The pixels of `framebuffer` whose centres lie in `rect`, as the
    /// renderer's fills count them; empty for a rectangle with NaN in it.
    @usableFromInline
    init(_ rect: Rect, in framebuffer: Framebuffer) {
        x0 = 0; y0 = 0; x1 = 0; y1 = 0
        let w = Double(framebuffer.width), h = Double(framebuffer.height)
        let minX = max(0, rect.minX), minY = max(0, rect.minY)
        let maxX = min(w, rect.maxX), maxY = min(h, rect.maxY)
        // Comparisons with NaN are false, so a NaN edge leaves the box empty.
        guard minX < maxX, minY < maxY else { return }
        x0 = Int((minX - 0.5).rounded(.up))
        x1 = Int((maxX - 0.5).rounded(.up))
        y0 = Int((minY - 0.5).rounded(.up))
        y1 = Int((maxY - 0.5).rounded(.up))
    }
}

/// Blends cached glyph coverage into a framebuffer: each pixel gets the text
/// colour at coverage × colour alpha × draw alpha, over whatever is there, in
/// either pixel format, inside `clip` only.
///
/// The blend and the RGB565 conversions are the renderer's own.
@usableFromInline
struct GlyphBlender {
    @usableFromInline let framebuffer: Framebuffer
    @usableFromInline let clip: PixelBox
    @usableFromInline let coverage: UnsafeMutablePointer<UInt8>
    @usableFromInline let color: Color
    /// Colour alpha × draw alpha, 0...255.
    @usableFromInline let alpha: UInt32

    @usableFromInline
    init(framebuffer: Framebuffer, clip: PixelBox, coverage: UnsafeMutablePointer<UInt8>, color: Color, alpha: UInt32) {
        self.framebuffer = framebuffer
        self.clip = clip
        self.coverage = coverage
        self.color = color
        self.alpha = alpha
    }

    /// Draws `glyph` with its pen at `penX` on the baseline `baseline`.
    @usableFromInline
    func draw(_ glyph: CachedGlyph, penX: Int, baseline: Int) {
        let width = Int(glyph.width), height = Int(glyph.height)
        let left = penX + Int(glyph.left), top = baseline - Int(glyph.top)
        let x0 = max(left, clip.x0), x1 = min(left + width, clip.x1)
        let y0 = max(top, clip.y0), y1 = min(top + height, clip.y1)
        guard x0 < x1, y0 < y1 else { return }
        var y = y0
        while y < y1 {
            let coverageRow = coverage + glyph.offset + (y - top) * width
            let pixelRow = framebuffer.baseAddress + y * framebuffer.stride
            var x = x0
            while x < x1 {
                let a = (UInt32(coverageRow[x - left]) * alpha + 127) / 255
                if a > 0 { blend(pixelRow, x, a) }
                x += 1
            }
            y += 1
        }
    }

    @inline(__always) @usableFromInline
    func blend(_ row: UnsafeMutableRawPointer, _ x: Int, _ a: UInt32) {
        switch framebuffer.format {
        case .xrgb8888:
            let pixels = row.assumingMemoryBound(to: UInt32.self)
            pixels[x] = a >= 255 ? color.xrgb8888 : Renderer.blend(color, alpha: a, over: pixels[x])
        case .rgb565:
            let pixels = row.assumingMemoryBound(to: UInt16.self)
            let blended = a >= 255 ? color.xrgb8888 : Renderer.blend(color, alpha: a, over: Renderer.xrgb(fromRGB565: pixels[x]))
            pixels[x] = Renderer.rgb565(fromXRGB: blended)
        }
    }
}
