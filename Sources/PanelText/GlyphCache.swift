import CFreeType

/// One rasterized glyph: where its coverage lives in the cache's pixel store
/// and how it sits on the pen position.
@usableFromInline
struct CachedGlyph {
    /// First byte of the glyph's coverage in `GlyphCache.pixels`; rows are
    /// `width` bytes, top row first, 0 (no ink) to 255 (full ink).
    @usableFromInline var offset: Int
    @usableFromInline var width: Int32
    @usableFromInline var height: Int32
    /// Pen position to the bitmap's left edge, in pixels.
    @usableFromInline var left: Int32
    /// Baseline to the bitmap's top row, in pixels, upwards.
    @usableFromInline var top: Int32
    /// Pen advance in 26.6 fixed point (hinted, so whole pixels).
    @usableFromInline var advance: Int32
    /// A colour glyph (an emoji): rows of `width` premultiplied BGRA pixels,
    /// 4 bytes each, drawn in their own colours instead of the text's.
    @usableFromInline var isColor = false
}

/// Everything the renderer asks FreeType once and then remembers:
///
/// - glyphs, by (face, size, glyph id): 8-bit anti-aliased coverage with
///   bearing and advance, rendered the first time they are needed; a colour
///   font's glyphs (emoji) as BGRA, scaled from its strike to the size;
/// - the character map, by (face, Unicode scalar): glyph ids.
///
/// Kerning is HarfBuzz's (GPOS, or the `kern` table): in the shaped advances.
///
/// Storage only grows, and only when something new arrives: the coverage of
/// all glyphs sits in one byte store that doubles when full, their records
/// in one array, and the two indexes are `KeyTable`s that double at half
/// full. Nothing is evicted; a panel shows a bounded set of strings and
/// sizes, and `removeAll()` starts over (after a language change, say).
/// A cached glyph costs its bitmap (roughly size² / 3 bytes at `size`
/// pixels) plus a 32-byte record and 24–48 bytes of index slots.
@usableFromInline
final class GlyphCache {
    // The `@exclusivity(unchecked)` properties here are read on every text draw
    // and measure; only the text renderer touches them, and it calls no app
    // code (FreeType only) while it holds an access, so none can overlap.
    @exclusivity(unchecked) @usableFromInline var glyphs: [CachedGlyph] = []
    @usableFromInline let glyphIndex = KeyTable(capacity: 512)
    @usableFromInline let characterMap = KeyTable(capacity: 512)

    @exclusivity(unchecked) @usableFromInline var pixels: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var pixelCapacity: Int
    @exclusivity(unchecked) @usableFromInline var pixelCount = 0

    /// The largest advance or kerning kept, either way, 26.6 (2^18 pixels,
    /// far beyond any real glyph at 2048 points): a broken font's huge
    /// metrics are cut here, so that a layout's steps stay small against
    /// `TextLayout.penLimit` and within 32 bits on an armv7 board.
    @usableFromInline static let metricLimit = 1 << 24

    /// `value` (26.6, a C `long`: 32 or 64 bits) within ±`metricLimit`.
    @inline(__always) @usableFromInline
    static func limited(_ value: FT_Pos) -> Int32 {
        Int32(truncatingIfNeeded: min(max(value, FT_Pos(-metricLimit)), FT_Pos(metricLimit)))
    }

    /// Draws glyph outlines alike on every architecture (see its type).
    let outlines = OutlineRenderer()

    /// Glyphs FreeType has rendered: the cost a warm cache avoids.
    @exclusivity(unchecked) @usableFromInline var rasterizedCount = 0

    @usableFromInline
    init() {
        pixelCapacity = 16 * 1024
        pixels = .allocate(capacity: pixelCapacity)
    }

    deinit {
        pixels.deallocate()
    }

    @usableFromInline
    func removeAll() {
        glyphs.removeAll(keepingCapacity: true)
        glyphIndex.removeAll()
        characterMap.removeAll()
        pixelCount = 0
    }

    // MARK: Lookups

    /// The glyph id for `scalar`; 0 (the face's .notdef box) when the face has none.
    @inline(__always) @usableFromInline
    func glyphID(_ face: FontFace, _ scalar: UInt32) -> UInt32 {
        let key = UInt64(face.index) << 56 | UInt64(scalar)
        if let id = characterMap.value(for: key) { return UInt32(bitPattern: id) }
        let id = UInt32(truncatingIfNeeded: FT_Get_Char_Index(face.face, FT_ULong(scalar)))
        characterMap.set(Int32(bitPattern: id), for: key)
        return id
    }

    /// The position in `glyphs` of `glyphID` at `sizeKey`, rendering it if new.
    @inline(__always) @usableFromInline
    func glyph(_ face: FontFace, _ sizeKey: Int32, _ glyphID: UInt32) -> Int {
        let key = UInt64(face.index) << 56 | UInt64(UInt32(bitPattern: sizeKey)) << 32 | UInt64(glyphID)
        if let entry = glyphIndex.value(for: key) { return Int(entry) }
        let entry = glyphs.count
        glyphs.append(rasterize(face, sizeKey, glyphID))
        glyphIndex.set(Int32(truncatingIfNeeded: entry), for: key)
        return entry
    }

    // MARK: Rasterizing

    /// Renders `glyphID` with FreeType into the pixel store. A glyph that
    /// fails to load falls back to .notdef, then to an empty glyph.
    @usableFromInline
    func rasterize(_ face: FontFace, _ sizeKey: Int32, _ glyphID: UInt32) -> CachedGlyph {
        var result = CachedGlyph(offset: pixelCount, width: 0, height: 0, left: 0, top: 0, advance: 0)
        guard face.select(sizeKey: sizeKey) else { return result }
        if face.isColorBitmap { return rasterizeColor(face, sizeKey, glyphID) }
        let flags = cfreetype_load_target_normal()
        var error = FT_Load_Glyph(face.face, glyphID, flags)
        if error != 0, glyphID != 0 { error = FT_Load_Glyph(face.face, 0, flags) }
        guard error == 0, let slot = face.face.pointee.glyph else { return result }
        result.advance = GlyphCache.limited(slot.pointee.advance.x)
        rasterizedCount &+= 1 // a count to take differences of: wraps rather than traps on a 32-bit board
        guard outlines.render(slot) else { return result }

        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        let mode = bitmap.pixel_mode
        let gray = mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        let mono = mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        guard width > 0, height > 0, gray || mono, let buffer = bitmap.buffer else { return result }

        reserve(width * height)
        // A negative pitch means rows run bottom-up in memory.
        let topRow = pitch >= 0 ? buffer : buffer + (height - 1) * -pitch
        let destination = pixels + pixelCount
        for y in 0..<height {
            let source = topRow + y * pitch
            let row = destination + y * width
            if gray {
                row.initialize(from: source, count: width)
            } else {
                for x in 0..<width {
                    row[x] = source[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 ? 255 : 0
                }
            }
        }
        result.offset = pixelCount
        result.width = Int32(width)
        result.height = Int32(height)
        result.left = Int32(clamping: slot.pointee.bitmap_left)
        result.top = Int32(clamping: slot.pointee.bitmap_top)
        pixelCount += width * height
        return result
    }

    /// Loads colour glyph `glyphID` (PNG in the font, BGRA from FreeType) at
    /// the face's strike and scales it to `sizeKey` into the pixel store: each
    /// pixel the area-weighted mean of the strike's pixels it covers
    /// (premultiplied, so edges blend right). Its bearing and advance are
    /// scaled alike.
    @usableFromInline
    func rasterizeColor(_ face: FontFace, _ sizeKey: Int32, _ glyphID: UInt32) -> CachedGlyph {
        var result = CachedGlyph(
            offset: pixelCount, width: 0, height: 0, left: 0, top: 0, advance: 0, isColor: true)
        var error = FT_Load_Glyph(face.face, glyphID, cfreetype_load_color())
        if error != 0, glyphID != 0 { error = FT_Load_Glyph(face.face, 0, cfreetype_load_color()) }
        guard error == 0, let slot = face.face.pointee.glyph else { return result }
        let scale = face.strikeScale(sizeKey: sizeKey)
        result.advance = GlyphCache.limited(FT_Pos((Double(slot.pointee.advance.x) * scale).rounded()))
        rasterizedCount &+= 1
        let bitmap = slot.pointee.bitmap
        let sourceWidth = Int(bitmap.width)
        let sourceHeight = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        guard sourceWidth > 0, sourceHeight > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
            let buffer = bitmap.buffer
        else { return result }
        let width = max(1, Int((Double(sourceWidth) * scale).rounded()))
        let height = max(1, Int((Double(sourceHeight) * scale).rounded()))
        reserve(width * height * 4)
        let topRow = pitch >= 0 ? buffer : buffer + (sourceHeight - 1) * -pitch
        let destination = pixels + pixelCount
        // Destination pixel d covers source span [d / s, (d + 1) / s), each
        // source pixel weighted by how much of it lies inside.
        let step = Double(sourceWidth) / Double(width)
        let stepY = Double(sourceHeight) / Double(height)
        for y in 0..<height {
            let y0 = Double(y) * stepY
            let y1 = min(Double(y + 1) * stepY, Double(sourceHeight))
            for x in 0..<width {
                let x0 = Double(x) * step
                let x1 = min(Double(x + 1) * step, Double(sourceWidth))
                var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                var sy = Int(y0)
                while Double(sy) < y1 {
                    let wy = min(Double(sy + 1), y1) - max(Double(sy), y0)
                    let row = topRow + sy * pitch
                    var sx = Int(x0)
                    while Double(sx) < x1 {
                        let w = wy * (min(Double(sx + 1), x1) - max(Double(sx), x0))
                        let p = row + sx * 4
                        sum.0 += w * Double(p[0])
                        sum.1 += w * Double(p[1])
                        sum.2 += w * Double(p[2])
                        sum.3 += w * Double(p[3])
                        sx += 1
                    }
                    sy += 1
                }
                let area = (x1 - x0) * (y1 - y0)
                let out = destination + (y * width + x) * 4
                out[0] = UInt8(min(255, (sum.0 / area).rounded()))
                out[1] = UInt8(min(255, (sum.1 / area).rounded()))
                out[2] = UInt8(min(255, (sum.2 / area).rounded()))
                out[3] = UInt8(min(255, (sum.3 / area).rounded()))
            }
        }
        result.offset = pixelCount
        result.width = Int32(width)
        result.height = Int32(height)
        result.left = Int32(clamping: Int((Double(slot.pointee.bitmap_left) * scale).rounded()))
        result.top = Int32(clamping: Int((Double(slot.pointee.bitmap_top) * scale).rounded()))
        pixelCount += width * height * 4
        return result
    }

    /// Makes room for `count` more bytes, doubling the store as needed.
    @usableFromInline
    func reserve(_ count: Int) {
        guard pixelCount + count > pixelCapacity else { return }
        var capacity = pixelCapacity * 2
        while capacity < pixelCount + count { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: pixels, count: pixelCount)
        pixels.deallocate()
        pixels = grown
        pixelCapacity = capacity
    }
}
