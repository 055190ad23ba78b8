import CFreeType
import CFriBidi
import CHarfBuzz
import PanelUI

/// Shapes one paragraph at a time for `TextLayout`: gives its characters
/// their bidirectional levels, cuts it into runs of one level, script and
/// font, and shapes each run with HarfBuzz.
///
/// Every buffer is kept and reused, so shaping a paragraph no larger than
/// one shaped before allocates nothing here. (FriBidi allocates while it
/// resolves levels: only for paragraphs holding right-to-left text.)
@usableFromInline
final class Shaper {
    // Only the layout that owns it calls it, within one call that runs no app code.
    /// The paragraph's characters as shaped (a tab as a space, controls dropped).
    @exclusivity(unchecked) @usableFromInline var codepoints: [UInt32] = []
    /// For each of them, its index among the text's Unicode scalars.
    @exclusivity(unchecked) @usableFromInline var scalarIndices: [Int] = []
    /// Each character's bidirectional embedding level, when `hasBidi`.
    @exclusivity(unchecked) @usableFromInline var levels: [FriBidiLevel] = []
    @exclusivity(unchecked) @usableFromInline var bidiTypes: [FriBidiCharType] = []
    @exclusivity(unchecked) @usableFromInline var bracketTypes: [FriBidiBracketType] = []
    /// Whether the paragraph holds right-to-left text or explicit direction
    /// marks, so that `levels` holds its levels; otherwise every level is 0.
    @exclusivity(unchecked) @usableFromInline var hasBidi = false
    @usableFromInline let buffer: OpaquePointer
    @usableFromInline let unicode: OpaquePointer
    /// For a face with monospaced digits: OpenType's tabular figures where
    /// the font has them, and no kerning, which would move a digit's
    /// neighbours by pair ("1." is kerned, "5." is not). Digits are also
    /// widened to the widest one below, for fonts without `tnum`.
    @exclusivity(unchecked) @usableFromInline var monospacedDigitFeatures: [hb_feature_t] = []

    @usableFromInline init() {
        buffer = hb_buffer_create()
        unicode = hb_unicode_funcs_get_default()
        for name in ["tnum", "-kern"] {
            var feature = hb_feature_t()
            if name.withCString({ hb_feature_from_string($0, -1, &feature) }) != 0 {
                monospacedDigitFeatures.append(feature)
            }
        }
        reserveBuffers()
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    @usableFromInline func reserveBuffers() {
        codepoints.reserveCapacity(256)
        scalarIndices.reserveCapacity(256)
        _ = hb_buffer_pre_allocate(buffer, 256)
    }

    @usableFromInline func releaseOversizedBuffers() {
        guard codepoints.capacity > LaidOutTextCache.glyphCapacity else { return }
        codepoints = []
        scalarIndices = []
        levels = []
        bidiTypes = []
        bracketTypes = []
        reserveBuffers()
    }

    @usableFromInline var heldBytes: Int {
        codepoints.capacity * 4 + scalarIndices.capacity * MemoryLayout<Int>.stride + levels.capacity
            + bidiTypes.capacity * 4 + bracketTypes.capacity * 4
    }

    @usableFromInline func startParagraph() {
        codepoints.removeAll(keepingCapacity: true)
        scalarIndices.removeAll(keepingCapacity: true)
    }

    @inline(__always) @usableFromInline func append(_ value: UInt32, scalarIndex: Int) {
        codepoints.append(value)
        scalarIndices.append(scalarIndex)
    }

    // MARK: Levels

    /// Whether `value` is right-to-left or sets a direction: what makes a
    /// paragraph need the bidirectional algorithm (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko and the rest of U+0590–U+08FF, their presentation forms,
    /// the right-to-left blocks of the supplementary planes, and the marks,
    /// embeddings and isolates of UAX #9).
    @inline(__always) @usableFromInline
    static func needsBidi(_ value: UInt32) -> Bool {
        TextAlignment.isRightToLeftLetter(value) || value == 0x200F || (value >= 0x202A && value <= 0x202E)
            || (value >= 0x2066 && value <= 0x2069)
    }

    /// Resolves the paragraph's levels (UAX #9 through FriBidi, the
    /// paragraph's direction from its first strong character) and says
    /// whether the paragraph runs right to left.
    @usableFromInline func resolveLevels() -> Bool {
        hasBidi = false
        var i = 0
        while i < codepoints.count {
            if Self.needsBidi(codepoints[i]) {
                hasBidi = true
                break
            }
            i += 1
        }
        guard hasBidi else { return false }
        let count = codepoints.count
        levels.refill(with: 0, count: count)
        bidiTypes.refill(with: FriBidiCharType(rawValue: 0), count: count)
        bracketTypes.refill(with: 0, count: count)
        var direction = cfribidi_paragraph_auto()
        let highest = codepoints.withUnsafeBufferPointer { text in
            bidiTypes.withUnsafeMutableBufferPointer { types in
                bracketTypes.withUnsafeMutableBufferPointer { brackets in
                    levels.withUnsafeMutableBufferPointer { levels in
                        fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), types.baseAddress)
                        fribidi_get_bracket_types(
                            text.baseAddress, FriBidiStrIndex(count), types.baseAddress, brackets.baseAddress)
                        return fribidi_get_par_embedding_levels_ex(
                            types.baseAddress, brackets.baseAddress, FriBidiStrIndex(count), &direction,
                            levels.baseAddress)
                    }
                }
            }
        }
        guard highest > 0 else { // FriBidi failed (out of memory): left to right, as before
            hasBidi = false
            return false
        }
        return direction == cfribidi_paragraph_rtl()
    }

    @inline(__always) @usableFromInline func level(_ i: Int) -> UInt8 {
        hasBidi ? UInt8(truncatingIfNeeded: levels[i]) : 0
    }

    // MARK: Runs

    @inline(__always) @usableFromInline
    func isShared(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// Whether `value` is a regional indicator: two make a flag (🇩🇪).
    @inline(__always) @usableFromInline
    static func isRegionalIndicator(_ value: UInt32) -> Bool { value >= 0x1F1E6 && value <= 0x1F1FF }

    /// Whether `value` belongs with the character before it whatever its
    /// font has: a combining mark, a joiner, a variation selector, an emoji
    /// skin tone or a tag (of a subdivision flag, 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
    @inline(__always) @usableFromInline
    static func extendsCluster(_ value: UInt32) -> Bool {
        if value == 0x200C || value == 0x200D || (value >= 0xFE00 && value <= 0xFE0F)
            || (value >= 0xE0100 && value <= 0xE01EF) || (value >= 0x1F3FB && value <= 0x1F3FF)
            || (value >= 0xE0020 && value <= 0xE007F)
        {
            return true
        }
        let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), value)
        return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
    }

    /// The font character `i` is shaped in: the run's when it is shared by
    /// scripts (a space, a digit, punctuation) and that font has it (and is
    /// not a colour font), or it extends the character before; else the first of `face` and
    /// `fallbacks` that has a glyph for it; else the run's, or `face`
    /// (which draws its .notdef box).
    /// With `asksForEmoji` (the character is followed by U+FE0F, emoji
    /// presentation: "❤️", "1️⃣"), a colour font that has it comes first.
    @usableFromInline
    func face(
        for value: UInt32, script: hb_script_t, current: FontFace?, face: FontFace, fallbacks: [FontFace],
        cache: GlyphCache, asksForEmoji: Bool = false
    ) -> FontFace {
        if asksForEmoji {
            var f = 0
            while f < fallbacks.count {
                if fallbacks[f].isColorBitmap, cache.glyphID(fallbacks[f], value) != 0 { return fallbacks[f] }
                f += 1
            }
        }
        // A colour font keeps only what extends its emoji: its spaces and
        // digits are emoji-wide, so they go back to the text's font.
        if let current, isShared(script),
            Self.extendsCluster(value) || (!current.isColorBitmap && cache.glyphID(current, value) != 0)
        {
            return current
        }
        if cache.glyphID(face, value) != 0 { return face }
        var f = 0
        while f < fallbacks.count {
            if cache.glyphID(fallbacks[f], value) != 0 { return fallbacks[f] }
            f += 1
        }
        return current ?? face
    }

    /// The font of the first character after `index` at `level` that
    /// belongs to a script; nil when a different level or the end comes first.
    @usableFromInline
    func faceOfNextLetter(after index: Int, level: UInt8, face: FontFace, fallbacks: [FontFace], cache: GlyphCache)
        -> FontFace?
    {
        var i = index + 1
        while i < codepoints.count, self.level(i) == level {
            let script = hb_unicode_script(unicode, codepoints[i])
            if !isShared(script) {
                return self.face(
                    for: codepoints[i], script: script, current: nil, face: face, fallbacks: fallbacks, cache: cache)
            }
            i += 1
        }
        return nil
    }

    /// Shapes the paragraph gathered since `startParagraph()` into `layout`'s
    /// glyphs, run by run.
    @usableFromInline
    func shapeParagraph(
        into layout: TextLayout, face: FontFace, fallbacks: [FontFace], sizeKey: Int32, cache: GlyphCache
    ) {
        let count = codepoints.count
        guard count > 0 else { return }
        let isRightToLeft = resolveLevels()
        var digitAdvance = 0
        var start = 0
        while start < count {
            let runLevel = level(start)
            var runFace: FontFace?
            var runScript = HB_SCRIPT_INVALID
            var end = start
            while end < count {
                guard level(end) == runLevel else { break }
                let value = codepoints[end]
                let script = hb_unicode_script(unicode, value)
                if !isShared(script) {
                    if runScript == HB_SCRIPT_INVALID {
                        runScript = script
                    } else if script != runScript {
                        break
                    }
                }
                let asksForEmoji = end + 1 < count && codepoints[end + 1] == 0xFE0F
                var chosen = self.face(
                    for: value, script: script, current: runFace, face: face, fallbacks: fallbacks, cache: cache,
                    asksForEmoji: asksForEmoji)
                if runFace == nil, isShared(script), !asksForEmoji,
                    let next = faceOfNextLetter(
                        after: end, level: runLevel, face: face, fallbacks: fallbacks, cache: cache),
                    cache.glyphID(next, value) != 0
                {
                    chosen = next // a space or digit before Hebrew goes with the Hebrew font
                }
                if let runFace, chosen !== runFace { break }
                runFace = chosen
                end += 1
            }
            let shapedFace = runFace ?? face
            let glyphStart = layout.glyphs.count
            if shapedFace.monospacedDigits, digitAdvance == 0 {
                digitAdvance = TextLayout.widestDigitAdvance(shapedFace, sizeKey: sizeKey, cache: cache)
            }
            shapeRun(
                start, end, face: shapedFace, level: runLevel, script: runScript,
                paragraphIsRightToLeft: isRightToLeft, digitAdvance: shapedFace.monospacedDigits ? digitAdvance : 0,
                sizeKey: sizeKey, cache: cache, into: layout)
            layout.runs.append(
                ShapedRun(
                    start: scalarIndices[start], end: scalarIndices[end - 1] + 1, paragraphStart: scalarIndices[0],
                    paragraphEnd: scalarIndices[count - 1] + 1, face: shapedFace, isRightToLeft: runLevel & 1 == 1,
                    script: runScript.rawValue, glyphStart: glyphStart, glyphEnd: layout.glyphs.count))
            start = end
        }
    }

    /// Shapes characters `start..<end` of the paragraph, the rest as context,
    /// and appends their glyphs to `layout` in logical order. With a
    /// `digitAdvance`, every digit 0–9 takes that advance, centred in it: a
    /// changing number keeps its columns (`Font.monospacedDigits`, OpenType's
    /// `tnum` for any font).
    @usableFromInline
    func shapeRun(
        _ start: Int, _ end: Int, face: FontFace, level: UInt8, script: hb_script_t, paragraphIsRightToLeft: Bool,
        digitAdvance: Int, sizeKey: Int32, cache: GlyphCache, into layout: TextLayout
    ) {
        guard let font = face.shapingFont(sizeKey: sizeKey, cache: cache) else { return }
        hb_buffer_clear_contents(buffer)
        codepoints.withUnsafeBufferPointer { text in
            hb_buffer_add_codepoints(
                buffer, text.baseAddress, Int32(text.count), UInt32(start), Int32(end - start))
        }
        let isRightToLeft = level & 1 == 1
        hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if script != HB_SCRIPT_INVALID { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer) // the language, and a script for a run of shared characters
        if digitAdvance > 0 {
            monospacedDigitFeatures.withUnsafeBufferPointer { features in
                hb_shape(font, buffer, features.baseAddress, UInt32(features.count))
            }
        } else {
            hb_shape(font, buffer, nil, 0)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        // HarfBuzz gives a right-to-left run's glyphs in visual order: read backwards.
        var k = 0
        while k < Int(count) {
            let g = isRightToLeft ? Int(count) - 1 - k : k
            k += 1
            let info = infos[g]
            let position = positions[g]
            let index = Int(info.cluster)
            let value = codepoints[index]
            let glyphID = info.codepoint
            var glyph = LaidGlyph(
                entry: cache.glyph(face, sizeKey, glyphID), glyphID: glyphID,
                kind: TextLayout.isSpace(value) ? .space : .ink, level: self.level(index),
                paragraphIsRightToLeft: paragraphIsRightToLeft,
                advance: Int(GlyphCache.limited(FT_Pos(position.x_advance))),
                offsetX: Int(GlyphCache.limited(FT_Pos(position.x_offset))),
                offsetY: Int(GlyphCache.limited(FT_Pos(position.y_offset))),
                cluster: scalarIndices[index])
            if digitAdvance > 0, value >= 0x30, value <= 0x39 {
                glyph.offsetX += (digitAdvance - glyph.advance) / 2
                glyph.advance = digitAdvance
            }
            layout.glyphs.append(glyph)
        }
    }
}
