import PanelUI

/// What a laid-out glyph is to line breaking.
@usableFromInline
enum GlyphKind: UInt8 {
    /// Has ink (or is a space that must not break, like U+00A0).
    case ink
    /// A space: it hangs at the end of a line (lines break after it where
    /// UAX #14 allows, `LineBreaks`), its advance not counted in the line's width.
    case space
    /// An explicit line break; no glyph.
    case newline
}

/// One shaped glyph, in logical order while lines are broken and in visual
/// order (left to right) once they are placed.
@usableFromInline
struct LaidGlyph {
    /// Position in `GlyphCache.glyphs`; −1 for a newline.
    @usableFromInline var entry: Int
    @usableFromInline var glyphID: UInt32
    @usableFromInline var kind: GlyphKind
    /// The glyph's bidirectional embedding level: odd is right to left.
    @usableFromInline var level: UInt8 = 0
    /// Whether its paragraph runs right to left (its base level is 1).
    @usableFromInline var paragraphIsRightToLeft = false
    /// Pen advance, 26.6, as HarfBuzz shaped it (kerning included).
    @usableFromInline var advance: Int
    /// Where the glyph is drawn from its pen, 26.6 (HarfBuzz's offsets, y upwards;
    /// a monospaced digit's centring).
    @usableFromInline var offsetX = 0
    @usableFromInline var offsetY = 0
    /// The Unicode scalar (index in the text) its cluster starts at; −1 for
    /// an ellipsis added by truncation.
    @usableFromInline var cluster: Int
    /// Pen position from the start of its line, 26.6; set when lines are placed.
    @usableFromInline var x: Int = 0
}

/// A line: glyphs `start..<end` of `TextLayout.glyphs`.
@usableFromInline
struct LaidLine {
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    /// Advance width without trailing spaces, 26.6.
    @usableFromInline var width: Int
}

/// One run HarfBuzz shaped: a stretch of a paragraph in one direction,
/// script and font. What `hb-shape` is given to check the shaping.
@usableFromInline
struct ShapedRun {
    /// Scalars (indices in the text) `start ..< end` of the run, and the
    /// paragraph's shaped scalars `paragraphStart ..< paragraphEnd` around it.
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    @usableFromInline var paragraphStart: Int
    @usableFromInline var paragraphEnd: Int
    @usableFromInline var face: FontFace
    @usableFromInline var isRightToLeft: Bool
    /// HarfBuzz's script tag (ISO 15924, `hb_script_t`).
    @usableFromInline var script: UInt32
    /// Its glyphs: `TextLayout.glyphs[glyphStart ..< glyphEnd]`, logical order.
    @usableFromInline var glyphStart: Int
    @usableFromInline var glyphEnd: Int
}

/// Lays text out into glyphs and lines. The renderer owns one and reuses its
/// buffers for every call, so laying out text that has been seen before
/// allocates nothing and asks FreeType and HarfBuzz nothing.
///
/// Steps:
/// - `shape` cuts the text into paragraphs at explicit breaks; gives each
///   character its bidirectional level (FriBidi, only when the paragraph
///   holds right-to-left text); cuts each paragraph into runs of one level,
///   script and font (the first font of the fallback list that has the
///   character: `Shaper`); and shapes each run with HarfBuzz, with the
///   paragraph around it as context.
/// - `breakLines` cuts lines at explicit newlines and, given a width, where
///   UAX #14 allows (`LineBreaks`: libunibreak, and libthai for Thai; a word
///   wider than the line is cut between clusters); widths are the shaped
///   advances, in logical order.
/// - `truncateTail` keeps one line and ends it with an ellipsis when it does not fit.
/// - `placeLines` puts each line's glyphs in visual order (UAX #9's rule L2,
///   trailing spaces at the paragraph's level) and sets their pens.
@usableFromInline
final class TextLayout {
    // Written and read only by the renderer that owns it, within one call
    // that runs no app code: no two accesses can overlap, so the dynamic
    // exclusivity checks (one per glyph appended) are skipped.
    @exclusivity(unchecked) @usableFromInline var glyphs: [LaidGlyph] = []
    @exclusivity(unchecked) @usableFromInline var lines: [LaidLine] = []
    @exclusivity(unchecked) @usableFromInline var runs: [ShapedRun] = []
    /// How many Unicode scalars the text shaped last has.
    @exclusivity(unchecked) @usableFromInline var scalarCount = 0
    @usableFromInline let shaper = Shaper()
    /// Where lines may break, found when a line overflows.
    @usableFromInline let breaks = LineBreaks()

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
        runs.reserveCapacity(16)
    }

    /// After laying out a text larger than the layout cache keeps (more
    /// glyphs or lines than its pools): gives the grown buffers back. Texts
    /// the cache keeps leave them as they are, so laying out those again
    /// allocates nothing.
    @usableFromInline func releaseOversizedBuffers() {
        breaks.releaseOversizedBuffers()
        guard glyphs.capacity > LaidOutTextCache.glyphCapacity || lines.capacity > LaidOutTextCache.lineCapacity
        else { return }
        glyphs = []
        lines = []
        runs = []
        reserveBuffers()
        shaper.releaseOversizedBuffers()
    }

    /// Bytes the buffers hold, by capacity.
    @usableFromInline var heldBytes: Int {
        glyphs.capacity * MemoryLayout<LaidGlyph>.stride + lines.capacity * MemoryLayout<LaidLine>.stride
            + runs.capacity * MemoryLayout<ShapedRun>.stride + shaper.heldBytes + breaks.heldBytes
    }

    // MARK: Shaping

    /// Whether `value` is dropped before shaping: C0 and C1 controls (not
    /// the tab, shaped as a space), which draw nothing and take no room.
    @inline(__always) @usableFromInline
    static func isDropped(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09) || (value >= 0x7F && value < 0xA0)
    }

    /// Whether `value` hangs at a line's end (lines break after it where UAX #14 allows).
    @inline(__always) @usableFromInline
    static func isSpace(_ value: UInt32) -> Bool {
        value == 0x20 || value == 0x09 || value == 0x1680 || (value >= 0x2000 && value <= 0x2006)
            || (value >= 0x2008 && value <= 0x200B) || value == 0x205F || value == 0x3000
    }

    /// Shapes `text` in `face`, falling back to `fallbacks` (in order) for
    /// characters `face` has no glyph for.
    @usableFromInline
    func shape(_ text: String, face: FontFace, fallbacks: [FontFace], sizeKey: Int32, cache: GlyphCache) {
        glyphs.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        shaper.startParagraph()
        var scalarIndex = 0
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { scalarIndex += 1 }
            var value = scalar.value
            if value == 0x0A, afterCarriageReturn { // CR LF is one break
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = value == 0x0D
            if LineBreakMode.endsLine(scalar) {
                shaper.shapeParagraph(into: self, face: face, fallbacks: fallbacks, sizeKey: sizeKey, cache: cache)
                glyphs.append(LaidGlyph(entry: -1, glyphID: 0, kind: .newline, advance: 0, cluster: scalarIndex))
                shaper.startParagraph()
                continue
            }
            if Self.isDropped(value) { continue }
            if value == 0x09 { value = 0x20 }
            shaper.append(value, scalarIndex: scalarIndex)
        }
        shaper.shapeParagraph(into: self, face: face, fallbacks: fallbacks, sizeKey: sizeKey, cache: cache)
        scalarCount = scalarIndex
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

    /// Cuts the shaped glyphs of `text` into lines no wider than `maxWidth`
    /// (26.6), or only at newlines when `maxWidth` is `nil`. A line breaks
    /// at the last place before it overflows where UAX #14 allows a break
    /// (`LineBreaks`: after spaces, between ideographs, between Thai words,
    /// …), the spaces there hanging past its end; a stretch with no such
    /// place that is wider than the whole line is cut between clusters.
    /// Every line holds at least one cluster of its paragraph, however
    /// narrow the width. The break opportunities are looked for only once a
    /// line overflows: a text that fits costs what it did.
    @usableFromInline
    func breakLines(maxWidth: Int?, text: String) {
        lines.removeAll(keepingCapacity: true)
        let count = glyphs.count
        guard count > 0 else { return }
        var haveBreaks = false
        var start = 0
        while true {
            var pen = 0
            var sawInk = false
            var breakAt = -1 // the last glyph after ink on this line that the line may break before
            var end = count
            var next = count
            var endsWithNewline = false
            var findBreaks = false
            var j = start
            while j < count {
                let glyph = glyphs[j]
                if glyph.kind == .newline {
                    end = j
                    next = j + 1
                    endsWithNewline = true
                    break
                }
                let startsCluster = j > start && glyph.cluster != glyphs[j - 1].cluster // a cluster stays whole
                if haveBreaks, sawInk, startsCluster, breaks.mayBreak(before: glyph.cluster) { breakAt = j }
                if glyph.kind != .space {
                    if let maxWidth, startsCluster, clusterEnd(from: j, pen: pen) > maxWidth {
                        if !haveBreaks {
                            findBreaks = true
                        } else if breakAt > start {
                            end = breakAt
                            while glyphs[end - 1].kind == .space { end -= 1 } // they hang: not on the line
                            next = breakAt
                        } else {
                            end = j
                            next = j
                        }
                        break
                    }
                    sawInk = true
                }
                pen = Self.advance(pen, by: glyph.advance)
                j += 1
            }
            if findBreaks { // the first overflow: find the break opportunities, and this line again
                breaks.find(in: text)
                haveBreaks = true
                continue
            }
            lines.append(LaidLine(start: start, end: end, width: width(start, end)))
            if endsWithNewline {
                if next == count { // text ends with a newline: an empty last line
                    lines.append(LaidLine(start: count, end: count, width: 0))
                    return
                }
            } else if next >= count {
                return
            }
            start = next
        }
    }

    /// The pen after the cluster glyph `j` starts, from `pen` before it:
    /// a cluster of several glyphs (a flag the font lacks, a base and its
    /// spacing marks) overflows a line by all of them, not by its first.
    @inline(__always) @usableFromInline
    func clusterEnd(from j: Int, pen: Int) -> Int {
        var end = Self.advance(pen, by: glyphs[j].advance) // within 32 bits: see penLimit
        let cluster = glyphs[j].cluster
        var k = j + 1
        while k < glyphs.count, glyphs[k].cluster == cluster, glyphs[k].kind != .newline {
            end = Self.advance(end, by: glyphs[k].advance)
            k += 1
        }
        return end
    }

    /// The advance of glyphs `start..<end` without the spaces at their end, 26.6.
    @usableFromInline
    func width(_ start: Int, _ end: Int) -> Int {
        var last = end - 1
        while last >= start, glyphs[last].kind == .space { last -= 1 }
        var pen = 0
        var i = start
        while i <= last {
            pen = Self.advance(pen, by: glyphs[i].advance)
            i += 1
        }
        return pen
    }

    /// Puts every line's glyphs in visual order and sets their pens: runs
    /// of higher levels reversed, from the highest level down to the lowest
    /// odd one (UAX #9, L2), with the spaces at a line's end at their
    /// paragraph's level (L1). Spaces at the end of a right-to-left line
    /// hang off its left edge, as they hang off a left-to-right line's right.
    @usableFromInline
    func placeLines() {
        var l = 0
        while l < lines.count {
            let line = lines[l]
            l += 1
            guard line.end > line.start else { continue }
            var highest: UInt8 = 0
            var lowestOdd: UInt8 = 0xFF
            var trailing = line.end
            while trailing > line.start, glyphs[trailing - 1].kind == .space { trailing -= 1 }
            let paragraphLevel: UInt8 = glyphs[line.start].paragraphIsRightToLeft ? 1 : 0
            var i = line.start
            while i < line.end {
                if i >= trailing { glyphs[i].level = paragraphLevel }
                let level = glyphs[i].level
                highest = max(highest, level)
                if level & 1 == 1 { lowestOdd = min(lowestOdd, level) }
                i += 1
            }
            var level = highest
            while level >= lowestOdd, level > 0 {
                var runStart = line.start
                while runStart < line.end {
                    guard glyphs[runStart].level >= level else {
                        runStart += 1
                        continue
                    }
                    var runEnd = runStart
                    while runEnd < line.end, glyphs[runEnd].level >= level { runEnd += 1 }
                    glyphs[runStart..<runEnd].reverse()
                    runStart = runEnd
                }
                level -= 1
            }
            var pen = 0
            if paragraphLevel == 1 { // the hanging spaces, now at the left
                var s = line.start
                while s < line.end, s - line.start < line.end - trailing {
                    pen = Self.advance(pen, by: -glyphs[s].advance)
                    s += 1
                }
            }
            i = line.start
            while i < line.end {
                glyphs[i].x = pen
                pen = Self.advance(pen, by: glyphs[i].advance)
                i += 1
            }
        }
    }

    // MARK: Truncation

    /// Keeps the first line only; when it is wider than `maxWidth` (26.6) or
    /// more text follows, drops whole clusters from its logical end (and the
    /// spaces before them) until the text and an ellipsis fit, and adds the
    /// ellipsis at the paragraph's level. Call after `breakLines(maxWidth: nil)`.
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
        var textWidth = 0 // of glyphs start..<end, spaces included
        i = line.start
        while i < end {
            textWidth = Self.advance(textWidth, by: glyphs[i].advance)
            i += 1
        }
        while end > line.start {
            while end > line.start, glyphs[end - 1].kind == .space {
                end -= 1
                textWidth -= glyphs[end].advance
            }
            if textWidth + ellipsisWidth <= maxWidth { break }
            let cluster = glyphs[end - 1].cluster
            while end > line.start, glyphs[end - 1].cluster == cluster {
                end -= 1
                textWidth -= glyphs[end].advance
            }
        }
        let paragraphIsRightToLeft = line.end > line.start && glyphs[line.start].paragraphIsRightToLeft
        for k in 0..<ellipsisCount {
            let glyph = LaidGlyph(
                entry: ellipsisEntry, glyphID: ellipsisID, kind: .ink, level: paragraphIsRightToLeft ? 1 : 0,
                paragraphIsRightToLeft: paragraphIsRightToLeft, advance: ellipsisAdvance, cluster: -1)
            if end + k < glyphs.count {
                glyphs[end + k] = glyph
            } else {
                glyphs.append(glyph)
            }
        }
        lines.append(LaidLine(start: line.start, end: end + ellipsisCount, width: textWidth + ellipsisWidth))
    }
}

extension Array {
    /// Replaces the elements with `count` copies of `value`, keeping the
    /// storage: no allocation once it has grown to `count` (appending a
    /// `repeatElement` allocates its iterator in a debug build).
    @inline(__always) @usableFromInline
    mutating func refill(with value: Element, count: Int) {
        removeAll(keepingCapacity: true)
        var i = 0
        while i < count {
            append(value)
            i += 1
        }
    }
}
