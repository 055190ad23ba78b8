import PanelUI

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
        x0 = 0
        y0 = 0
        x1 = 0
        y1 = 0
        let w = Double(framebuffer.width)
        let h = Double(framebuffer.height)
        let minX = max(0, rect.minX)
        let minY = max(0, rect.minY)
        let maxX = min(w, rect.maxX)
        let maxY = min(h, rect.maxY)
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

    /// Blends of the colour at `alpha` over `tableUnder` (a pixel in the
    /// framebuffer's format), by coverage (0 when not worked out yet), for
    /// text over a flat background: a lookup instead of a blend for most
    /// pixels. An RGB565 blend is kept with bit 16 set, so none is 0.
    @usableFromInline let table: UnsafeMutablePointer<UInt32>?
    @usableFromInline let tableUnder: UInt32

    @usableFromInline
    init(
        framebuffer: Framebuffer, clip: PixelBox, coverage: UnsafeMutablePointer<UInt8>, color: Color, alpha: UInt32,
        tables: BlendTables? = nil
    ) {
        self.framebuffer = framebuffer
        self.clip = clip
        self.coverage = coverage
        self.color = color
        self.alpha = alpha
        if let tables, !clip.isEmpty {
            // The background, guessed before the text is drawn: the pixel at the
            // middle of the clip's left edge (a button's fill there is full, its corners are not).
            let y = (clip.y0 + clip.y1) / 2
            let format = framebuffer.format
            let offset = y * framebuffer.stride + clip.x0 * format.bytesPerPixel
            let under =
                format == .xrgb8888
                ? framebuffer.baseAddress.load(fromByteOffset: offset, as: UInt32.self)
                : UInt32(framebuffer.baseAddress.load(fromByteOffset: offset, as: UInt16.self))
            table = tables.table(color: color.xrgb8888, alpha: alpha, under: under, format: format)
            tableUnder = under
        } else {
            table = nil
            tableUnder = 0
        }
    }

    /// Draws `glyph` with its pen at `penX` on the baseline `baseline`.
    @usableFromInline
    func draw(_ glyph: CachedGlyph, penX: Int, baseline: Int) {
        if glyph.isColor {
            drawColor(
                coverage + glyph.offset, width: Int(glyph.width), height: Int(glyph.height),
                left: penX + Int(glyph.left), top: baseline - Int(glyph.top))
            return
        }
        draw(
            coverage + glyph.offset, width: Int(glyph.width), height: Int(glyph.height),
            left: penX + Int(glyph.left), top: baseline - Int(glyph.top))
    }

    /// The pixels of a `width × height` bitmap at (`left`, `top`) inside the
    /// clip: columns `x0..<x1`, rows `y0..<y1` (empty when it is outside).
    @inline(__always) @usableFromInline
    func clipped(width: Int, height: Int, left: Int, top: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        (max(left, clip.x0), min(left + width, clip.x1), max(top, clip.y0), min(top + height, clip.y1))
    }

    /// Blends `width × height` coverage bytes (rows top first) with their
    /// top-left corner at pixel (`left`, `top`).
    @usableFromInline
    func draw(_ coverage: UnsafePointer<UInt8>, width: Int, height: Int, left: Int, top: Int) {
        let (x0, x1, y0, y1) = clipped(width: width, height: height, left: left, top: top)
        guard x0 < x1, y0 < y1 else { return }
        let count = x1 - x0
        let coverageRow = coverage + (y0 - top) * width + (x0 - left)
        // The format is decided once a glyph, not once a pixel.
        switch framebuffer.format {
        case .xrgb8888: drawRows(UInt32.self, coverageRow, width: width, x0: x0, count: count, y0: y0, y1: y1)
        case .rgb565: drawRows(UInt16.self, coverageRow, width: width, x0: x0, count: count, y0: y0, y1: y1)
        }
    }

    /// Rows `y0 ..< y1` of a glyph (its coverage rows `width` bytes apart,
    /// from `coverageRow`), `count` pixels each from column `x0`.
    @inline(__always) @usableFromInline
    func drawRows<Pixel: FixedWidthInteger & UnsignedInteger>(
        _: Pixel.Type, _ coverageRow: UnsafePointer<UInt8>, width: Int, x0: Int, count: Int, y0: Int, y1: Int
    ) {
        var coverageRow = coverageRow
        // Rows step by the stride in bytes, which need not be whole pixels.
        let stride = framebuffer.stride
        var row = framebuffer.baseAddress + y0 * stride + x0 * MemoryLayout<Pixel>.size
        let table = self.table
        for _ in y0..<y1 {
            let pixels = row.assumingMemoryBound(to: Pixel.self)
            if let table {
                lookUpRow(coverageRow, pixels, count: count, table: table)
            } else {
                blendRow(coverageRow, pixels, count: count)
            }
            coverageRow += width
            row += stride
        }
    }

    /// Composites `width × height` premultiplied BGRA pixels (a colour
    /// glyph; rows top first) with their top-left corner at (`left`, `top`):
    /// source over, at the draw's alpha, in the glyph's own colours.
    @usableFromInline
    func drawColor(_ bgra: UnsafePointer<UInt8>, width: Int, height: Int, left: Int, top: Int) {
        let (x0, x1, y0, y1) = clipped(width: width, height: height, left: left, top: top)
        guard x0 < x1, y0 < y1, alpha > 0 else { return }
        let alpha = self.alpha
        var y = y0
        while y < y1 {
            let source = bgra + ((y - top) * width + (x0 - left)) * 4
            let row = framebuffer.baseAddress + y * framebuffer.stride
            var x = x0
            while x < x1 {
                let p = source + (x - x0) * 4
                // Premultiplied: scaling all four channels by the alpha keeps them so.
                let a = (UInt32(p[3]) * alpha + 127) / 255
                if a != 0 {
                    let b = (UInt32(p[0]) * alpha + 127) / 255
                    let g = (UInt32(p[1]) * alpha + 127) / 255
                    let r = (UInt32(p[2]) * alpha + 127) / 255
                    switch framebuffer.format {
                    case .xrgb8888:
                        let pixel = row.assumingMemoryBound(to: UInt32.self) + x
                        pixel.pointee = Self.over(red: r, green: g, blue: b, alpha: a, pixel.pointee)
                    case .rgb565:
                        let pixel = row.assumingMemoryBound(to: UInt16.self) + x
                        pixel.pointee = PixelMath.rgb565(
                            fromXRGB: Self.over(
                                red: r, green: g, blue: b, alpha: a, PixelMath.xrgb(fromRGB565: pixel.pointee)))
                    }
                }
                x += 1
            }
            y += 1
        }
    }

    /// A premultiplied colour over an XRGB pixel.
    @inline(__always) @usableFromInline
    static func over(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32, _ under: UInt32) -> UInt32 {
        let keep = 255 - alpha
        let r = min(255, red + (((under >> 16) & 0xFF) * keep + 127) / 255)
        let g = min(255, green + (((under >> 8) & 0xFF) * keep + 127) / 255)
        let b = min(255, blue + ((under & 0xFF) * keep + 127) / 255)
        return r << 16 | g << 8 | b
    }

    /// `blendRow(_:_:count:)` through `table` for pixels that hold the
    /// background it was made for, blending the others. Eight pixels that all
    /// hold it (most of a glyph's box over a flat fill) are one vector test
    /// (two word tests in RGB565) and a lookup each; a row's mixed stretches
    /// and its tail go pixel by pixel. In either format: the table's entries
    /// are its pixels, an RGB565 one with bit 16 set.
    @inline(__always) @usableFromInline
    func lookUpRow<Pixel: FixedWidthInteger & UnsignedInteger>(
        _ coverage: UnsafePointer<UInt8>, _ pixels: UnsafeMutablePointer<Pixel>, count: Int,
        table: UnsafeMutablePointer<UInt32>
    ) {
        let raw = UnsafeRawPointer(coverage)
        let background = Pixel(truncatingIfNeeded: tableUnder)
        // The background in each lane: of eight XRGB8888 pixels, or of a word of RGB565 ones.
        let flat = SIMD8<UInt32>(repeating: tableUnder)
        let flat565 = PixelMath.word(repeating: background)
        var i = 0
        while i < count {
            if i + 8 <= count {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 {
                    i += 8
                    continue
                }
                let eight = UnsafeRawPointer(pixels + i)
                // `all(.==)`, not `==`: SIMD's Equatable compares lane by lane through memory.
                let isFlat =
                    MemoryLayout<Pixel>.size == 4
                    ? all(eight.loadUnaligned(as: SIMD8<UInt32>.self) .== flat)
                    : PixelMath.repeats(flat565, at: eight)
                if isFlat {
                    let end = i + 8
                    while i < end {
                        pixels[i] = lookUp(Int(coverage[i]), in: table)
                        i += 1
                    }
                    continue
                }
            }
            let end = min(i + 8, count)
            while i < end {
                let c = Int(coverage[i])
                let under = pixels[i]
                pixels[i] = under == background ? lookUp(c, in: table) : blend(coverage: c, over: under)
                i += 1
            }
        }
    }

    /// The blend for coverage `c` over the table's background, from `table`
    /// or worked out and kept there the first time a pixel needs it.
    @inline(__always) @usableFromInline
    func lookUp<Pixel: FixedWidthInteger>(_ c: Int, in table: UnsafeMutablePointer<UInt32>) -> Pixel {
        let blended = table[c]
        return Pixel(truncatingIfNeeded: blended != 0 ? blended : tableEntry(c, in: table))
    }

    @inline(never) @usableFromInline
    func tableEntry(_ c: Int, in table: UnsafeMutablePointer<UInt32>) -> UInt32 {
        let blended = BlendTables.entry(
            framebuffer.format == .xrgb8888
                ? blend(coverage: c, over: tableUnder)
                : UInt32(blend(coverage: c, over: UInt16(truncatingIfNeeded: tableUnder))),
            format: framebuffer.format)
        table[c] = blended
        return blended
    }

    /// The text colour at coverage `c` (scaled by `alpha`) over one pixel.
    @inline(__always) @usableFromInline
    func blend<Pixel: FixedWidthInteger>(coverage c: Int, over under: Pixel) -> Pixel {
        let a = alpha == 255 ? UInt32(c) : (UInt32(c) * alpha + 127) / 255
        return a == 0 ? under : PixelMath.blend(color, alpha: a, over: under)
    }

    /// Blends one row of `count` coverage bytes into `pixels`. Runs of eight
    /// zero bytes (the empty parts of a glyph's box) are skipped; the rest
    /// is blended without branching on the coverage, whose pattern no branch
    /// predictor learns: every pixel is blended and a pixel without coverage
    /// keeps what was there. Full coverage of an opaque colour blends to the
    /// colour itself.
    @inline(__always) @usableFromInline
    func blendRow<Pixel: FixedWidthInteger>(
        _ coverage: UnsafePointer<UInt8>, _ pixels: UnsafeMutablePointer<Pixel>, count: Int
    ) {
        let color = self.color
        let raw = UnsafeRawPointer(coverage)
        let opaque = alpha == 255
        let alpha = self.alpha
        var i = 0
        while i < count {
            if i + 8 <= count && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 {
                i += 8
                continue
            }
            let end = min(i + 8, count)
            if opaque {
                while i < end {
                    let a = UInt32(coverage[i])
                    let under = pixels[i]
                    let blended = PixelMath.blend(color, alpha: a, over: under)
                    pixels[i] = a == 0 ? under : blended
                    i += 1
                }
            } else {
                while i < end {
                    let a = (UInt32(coverage[i]) * alpha + 127) / 255
                    let under = pixels[i]
                    let blended = PixelMath.blend(color, alpha: a, over: under)
                    pixels[i] = a == 0 ? under : blended
                    i += 1
                }
            }
        }
    }
}

/// A few tables of the colour-over-background blends text needs, 256 each
/// (by alpha), kept across draws: the labels of a screen share a handful of
/// text colours and backgrounds. Filled as pixels need them.
@usableFromInline
final class BlendTables {
    @usableFromInline static let count = 8

    @usableFromInline struct Key {
        @usableFromInline var color: UInt32
        @usableFromInline var alpha: UInt32
        @usableFromInline var under: UInt32
        @usableFromInline var format: PixelFormat
        @usableFromInline var lastUse: UInt64
    }

    // Only the text renderer's `draw` reads and writes the tables, and no app
    // code runs during it, so a raw buffer is safe here, and so is skipping
    // the dynamic exclusivity check on the keys and the clock (trivial values:
    // numbers, nothing to free), read five times a glyph run.
    @usableFromInline let results: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) @usableFromInline var keys: [Key]
    /// Counts lookups, in 64 bits: one a text run, a 32-bit `Int` (an armv7
    /// board's) would overflow in days of animation.
    @exclusivity(unchecked) @usableFromInline var clock: UInt64 = 0

    @usableFromInline init() {
        results = .allocate(capacity: BlendTables.count * 256)
        results.initialize(repeating: 0, count: BlendTables.count * 256)
        // A key no draw asks for: alpha above 255.
        keys = Array(
            repeating: Key(color: 0, alpha: 256, under: 0, format: .xrgb8888, lastUse: 0), count: BlendTables.count)
    }

    deinit {
        results.deallocate()
    }

    /// The table of `color` at `alpha` over `under`, a pixel in `format`,
    /// emptied first if it is new.
    @usableFromInline func table(color: UInt32, alpha: UInt32, under: UInt32, format: PixelFormat)
        -> UnsafeMutablePointer<UInt32>
    {
        clock += 1
        var oldest = 0
        var k = 0
        while k < keys.count {
            if keys[k].color == color && keys[k].alpha == alpha && keys[k].under == under && keys[k].format == format {
                keys[k].lastUse = clock
                return results + k * 256
            }
            if keys[k].lastUse < keys[oldest].lastUse { oldest = k }
            k += 1
        }
        keys[oldest] = Key(color: color, alpha: alpha, under: under, format: format, lastUse: clock)
        let table = results + oldest * 256
        table.update(repeating: 0, count: 256)
        table[0] = Self.entry(under, format: format) // no coverage: the pixel stays as it is
        return table
    }

    /// A table's entry for `pixel` in `format`: an RGB565 pixel with bit 16
    /// set, so that no entry is 0, which means "not worked out yet".
    @inline(__always) @usableFromInline static func entry(_ pixel: UInt32, format: PixelFormat) -> UInt32 {
        format == .xrgb8888 ? pixel : 0x1_0000 | pixel
    }
}
