import PanelUI

/// What a laid-out glyph is to line breaking.
@usableFromInline
enum GlyphKind: UInt8 {
    /// Has ink (or is a space that must not break, like U+00A0).
    case ink
    /// A space: lines may break here, and it hangs at the end of a line.
    case space
    /// An explicit line break; no glyph.
    case newline
}

/// One glyph on its line.
@usableFromInline
struct LaidGlyph {
    /// Position in `GlyphCache.glyphs`; −1 for a newline.
    @usableFromInline var entry: Int
    @usableFromInline var glyphID: UInt32
    @usableFromInline var kind: GlyphKind
    /// Pen advance, 26.6.
    @usableFromInline var advance: Int
    /// Kerning against the glyph before it in the paragraph, 26.6.
    @usableFromInline var kern: Int
    /// Pen position from the start of its line, 26.6; set by line breaking.
    @usableFromInline var x: Int
    /// How far right of the pen the glyph is drawn, 26.6: a digit centred in
    /// the widest digit's advance (monospaced digits); 0 otherwise.
    @usableFromInline var inset: Int = 0
}

/// A line: glyphs `start..<end` of `TextLayout.glyphs`.
@usableFromInline
struct LaidLine {
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    /// Advance width without trailing spaces, 26.6.
    @usableFromInline var width: Int
}

/// Lays text out into glyphs and lines. The renderer owns one and reuses its
/// buffers for every call, so laying out text that has been seen before
/// allocates nothing and asks FreeType nothing.
///
/// Steps: `shape` decodes the text to Unicode scalars and maps them to cached
/// glyphs with kerning; `breakLines` cuts lines at explicit newlines and, given
/// a width, at spaces (a word wider than the line is cut between glyphs) and
/// sets each glyph's pen position; `truncateTail` keeps one line and ends it
/// with an ellipsis when it does not fit.
@usableFromInline
final class TextLayout {
    // Written and read only by the renderer that owns it, within one call
    // that runs no app code: no two accesses can overlap, so the dynamic
    // exclusivity checks (one per glyph appended) are skipped.
    @exclusivity(unchecked) @usableFromInline var glyphs: [LaidGlyph] = []
    @exclusivity(unchecked) @usableFromInline var lines: [LaidLine] = []
    /// For each Unicode scalar shaped, the index of the first glyph laid at or
    /// after it: what `penPositions` maps scalars to pen positions with.
    @exclusivity(unchecked) @usableFromInline var scalarGlyphs: [Int] = []

    /// The farthest a pen goes from its line's start either way, 26.6 (2^24
    /// pixels, as `FreeTypeTextRenderer.maximumWidth`): pens stop there.
    /// With each step at most `GlyphCache.metricLimit` × 2, a pen and the
    /// widths added to it stay within 32 bits, so a long text in a large font
    /// lays out on a 32-bit board as on the host instead of overflowing.
    @usableFromInline static let penLimit = 1 << 30

    /// `pen + step`, kept within ±`penLimit`.
    @inline(__always) @usableFromInline
    static func advance(_ pen: Int, by step: Int) -> Int {
        min(max(pen + step, -penLimit), penLimit)
    }

    @usableFromInline
    init() {
        reserveBuffers()
    }

    @usableFromInline func reserveBuffers() {
        glyphs.reserveCapacity(256)
        lines.reserveCapacity(16)
        scalarGlyphs.reserveCapacity(256)
    }

    /// After laying out a text larger than the layout cache keeps (more
    /// glyphs or lines than its pools): gives the grown buffers back. Texts
    /// the cache keeps leave them as they are, so laying out those again
    /// allocates nothing.
    @usableFromInline func releaseOversizedBuffers() {
        guard
            glyphs.capacity > LaidOutTextCache.glyphCapacity || scalarGlyphs.capacity > LaidOutTextCache.glyphCapacity
                || lines.capacity > LaidOutTextCache.lineCapacity
        else { return }
        glyphs = []
        lines = []
        scalarGlyphs = []
        reserveBuffers()
    }

    /// Bytes the buffers hold, by capacity.
    @usableFromInline var heldBytes: Int {
        glyphs.capacity * MemoryLayout<LaidGlyph>.stride + lines.capacity * MemoryLayout<LaidLine>.stride
            + scalarGlyphs.capacity * MemoryLayout<Int>.stride
    }

    // MARK: Shaping

    @usableFromInline
    func shape(_ text: String, face: FontFace, sizeKey: Int32, cache: GlyphCache) {
        glyphs.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        scalarGlyphs.removeAll(keepingCapacity: true)
        var previous: UInt32 = 0
        var hasPrevious = false
        var afterCarriageReturn = false
        // Monospaced digits: every digit advances by the widest one's advance.
        var digitAdvance = 0
        var previousIsDigit = false
        for scalar in text.unicodeScalars {
            scalarGlyphs.append(glyphs.count)
            var value = scalar.value
            if value == 0x0A, afterCarriageReturn { // CR LF is one break
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = value == 0x0D
            if LineBreakMode.endsLine(scalar) {
                glyphs.append(LaidGlyph(entry: -1, glyphID: 0, kind: .newline, advance: 0, kern: 0, x: 0))
                hasPrevious = false
                continue
            }
            var kind = GlyphKind.ink
            switch value {
            case 0x09:
                value = 0x20
                kind = .space
            case 0x00..<0x20, 0x7F..<0xA0, 0xAD, 0x200C, 0x200D, 0x2060, 0xFEFF:
                continue // controls, soft hyphen and invisible joiners: nothing to draw
            case 0x200B: // zero width space: a break opportunity, nothing else
                glyphs.append(LaidGlyph(entry: -1, glyphID: 0, kind: .space, advance: 0, kern: 0, x: 0))
                continue
            case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000:
                kind = .space
            default:
                break
            }
            let glyphID = cache.glyphID(face, value)
            let entry = cache.glyph(face, sizeKey, glyphID)
            let isDigit = face.monospacedDigits && value >= 0x30 && value <= 0x39
            // No kerning into or out of a digit of equal width: the columns stay put.
            let kern =
                hasPrevious && !isDigit && !previousIsDigit ? Int(cache.kerning(face, sizeKey, previous, glyphID)) : 0
            var glyph = LaidGlyph(
                entry: entry, glyphID: glyphID, kind: kind, advance: Int(cache.glyphs[entry].advance), kern: kern, x: 0)
            if isDigit {
                if digitAdvance == 0 { digitAdvance = Self.widestDigitAdvance(face, sizeKey: sizeKey, cache: cache) }
                glyph.inset = (digitAdvance - glyph.advance) / 2
                glyph.advance = digitAdvance
            }
            glyphs.append(glyph)
            previous = glyphID
            previousIsDigit = isDigit
            hasPrevious = true
        }
    }

    /// The widest advance of the digits 0 to 9 in `face` at `sizeKey`, 26.6.
    @usableFromInline
    static func widestDigitAdvance(_ face: FontFace, sizeKey: Int32, cache: GlyphCache) -> Int {
        var widest = 0
        for digit in UInt32(0x30)...UInt32(0x39) {
            let entry = cache.glyph(face, sizeKey, cache.glyphID(face, digit))
            widest = max(widest, Int(cache.glyphs[entry].advance))
        }
        return widest
    }

    // MARK: Lines

    /// Cuts the shaped glyphs into lines no wider than `maxWidth` (26.6), or
    /// only at newlines when `maxWidth` is `nil`. Every line holds at least
    /// one glyph of its paragraph, however narrow the width.
    @usableFromInline
    func breakLines(maxWidth: Int?) {
        lines.removeAll(keepingCapacity: true)
        let count = glyphs.count
        guard count > 0 else { return }
        var start = 0
        while true {
            var pen = 0
            var sawInk = false
            var spaceRunStart = -1 // the last run of spaces after ink on this line
            var wordStart = -1 // the first glyph after that run
            var end = count
            var next = count
            var endsWithNewline = false
            var j = start
            while j < count {
                let glyph = glyphs[j]
                if glyph.kind == .newline {
                    end = j
                    next = j + 1
                    endsWithNewline = true
                    break
                }
                let step = (j > start ? glyph.kern : 0) + glyph.advance
                if glyph.kind == .space {
                    if sawInk, glyphs[j - 1].kind != .space { spaceRunStart = j }
                } else {
                    if spaceRunStart >= 0, glyphs[j - 1].kind == .space { wordStart = j }
                    if let maxWidth, j > start, pen + step > maxWidth { // within 32 bits: see penLimit
                        if spaceRunStart >= 0 {
                            end = spaceRunStart
                            next = wordStart
                        } else {
                            end = j
                            next = j
                        }
                        break
                    }
                    sawInk = true
                }
                pen = Self.advance(pen, by: step)
                j += 1
            }
            appendLine(start, end)
            if endsWithNewline {
                if next == count { // text ends with a newline: an empty last line
                    appendLine(count, count)
                    return
                }
            } else if next >= count {
                return
            }
            start = next
        }
    }

    /// Adds `start..<end` as a line, setting its glyphs' pen positions.
    @usableFromInline
    func appendLine(_ start: Int, _ end: Int) {
        var pen = 0
        var width = 0
        var i = start
        while i < end {
            if i > start { pen = Self.advance(pen, by: glyphs[i].kern) }
            glyphs[i].x = pen
            pen = Self.advance(pen, by: glyphs[i].advance)
            if glyphs[i].kind != .space { width = pen }
            i += 1
        }
        lines.append(LaidLine(start: start, end: end, width: width))
    }

    // MARK: Truncation

    /// Keeps the first line only; when it is wider than `maxWidth` (26.6) or
    /// more text follows, drops whole glyphs from its end (and the spaces
    /// before them) until the text and an ellipsis fit, and adds the ellipsis.
    /// Call after `breakLines(maxWidth: nil)`.
    @usableFromInline
    func truncateTail(maxWidth: Int, face: FontFace, sizeKey: Int32, cache: GlyphCache) {
        guard lines.count > 0 else { return }
        let line = lines[0]
        var moreText = false
        var i = line.end
        while i < glyphs.count {
            if glyphs[i].kind == .ink {
                moreText = true
                break
            }
            i += 1
        }
        lines.removeAll(keepingCapacity: true)
        if line.width <= maxWidth, !moreText {
            lines.append(line)
            return
        }

        // U+2026 HORIZONTAL ELLIPSIS, or three full stops in a font without it.
        var ellipsisID = cache.glyphID(face, 0x2026)
        var ellipsisCount = 1
        if ellipsisID == 0 {
            ellipsisID = cache.glyphID(face, 0x2E)
            ellipsisCount = 3
        }
        let ellipsisEntry = cache.glyph(face, sizeKey, ellipsisID)
        let ellipsisAdvance = Int(cache.glyphs[ellipsisEntry].advance)
        let ellipsisWidth = ellipsisAdvance * ellipsisCount

        var end = line.end
        var ellipsisX = 0
        while true {
            var last = end - 1
            while last >= line.start, glyphs[last].kind == .space { last -= 1 }
            guard last >= line.start else {
                end = line.start
                ellipsisX = 0
                break
            }
            let textWidth = glyphs[last].x + glyphs[last].advance
            let kern = Int(cache.kerning(face, sizeKey, glyphs[last].glyphID, ellipsisID))
            if textWidth + kern + ellipsisWidth <= maxWidth {
                end = last + 1
                ellipsisX = textWidth + kern
                break
            }
            end = last
        }
        for k in 0..<ellipsisCount {
            let glyph = LaidGlyph(
                entry: ellipsisEntry, glyphID: ellipsisID, kind: .ink, advance: ellipsisAdvance,
                kern: 0, x: ellipsisX + k * ellipsisAdvance)
            if end + k < glyphs.count {
                glyphs[end + k] = glyph
            } else {
                glyphs.append(glyph)
            }
        }
        lines.append(LaidLine(start: line.start, end: end + ellipsisCount, width: ellipsisX + ellipsisWidth))
    }

    // MARK: Results

    /// After `shape` and `breakLines`: the pen position (pixels) before each
    /// shaped scalar and after the last, on its line. A scalar that drew
    /// nothing stands where the next glyph starts.
    @usableFromInline
    func penPositions(into positions: inout [Double]) {
        var end = 0
        // Indexed, not `glyphs.last`: that allocates in unoptimized builds.
        if glyphs.count > 0 { end = Self.advance(glyphs[glyphs.count - 1].x, by: glyphs[glyphs.count - 1].advance) }
        var s = 0
        while s < scalarGlyphs.count {
            let g = scalarGlyphs[s]
            positions.append(Double(g < glyphs.count ? glyphs[g].x : end) / 64)
            s += 1
        }
        positions.append(Double(end) / 64)
    }
}
