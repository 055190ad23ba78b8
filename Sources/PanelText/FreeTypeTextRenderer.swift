import PanelUI

/// PanelKit's text driver: FreeType rasterizes, PanelText caches glyphs, lays
/// out lines and blends coverage into the framebuffer.
///
/// ```swift
/// let text = try FreeTypeTextRenderer(fontDirectory: "assets/fonts")
/// try text.preload(.system(size: 16))      // fail early if the font is missing
/// let renderer = Renderer(textRenderer: text)
/// ```
///
/// - Fonts are files in `fontDirectory`, named without the extension
///   (`Font(name: "DejaVuSans", size: 16)` is `DejaVuSans.ttf`), opened on
///   first use. 1 point is 1 pixel.
/// - `draw` and `measure` cannot throw (they serve `TextRendering`): with a
///   font that cannot be loaded they draw nothing, measure `.zero` and keep
///   the reason in `lastError`. `preload` throws the same error up front.
/// - Glyphs are rendered once per face, size and glyph and kept: redrawing
///   text already drawn makes no FreeType calls and, once the layout buffers
///   have grown to the longest text, allocates nothing.
/// - Layouts are kept for texts up to 4,096 glyphs (8 KB of UTF-8, 512
///   lines: `LaidOutTextCache`). A longer text is laid out for each call
///   and what it grew is given back when the call ends, so memory returns
///   once a huge text is no longer drawn (`layoutBytes`).
///
/// Not thread-safe: use it from the thread that draws.
public final class FreeTypeTextRenderer: TextRendering {
    /// The font folder, as given (without a trailing slash).
    public let fontDirectory: String

    @usableFromInline let library: FontLibrary
    @usableFromInline let cache = GlyphCache()
    @usableFromInline let layout = TextLayout()
    @usableFromInline let laidOut = LaidOutTextCache()
    @usableFromInline let blendTables = BlendTables()
    // The `@exclusivity(unchecked)` properties here are read on every text draw
    // and measure; only the text renderer touches them, and it calls no app
    // code (FreeType only) while it holds an access, so none can overlap.
    @exclusivity(unchecked) @usableFromInline var latestError: TextError?

    /// The fonts that draw what a text's own font has no glyph for, by name,
    /// in the order they are tried: for each character, the first that has
    /// it draws it, and its run is shaped in that font. A name whose font is
    /// not installed is skipped, so a board can ship only the scripts it
    /// needs. Changing the list forgets every laid-out text.
    public var fallbackFontNames: [String] = FreeTypeTextRenderer.defaultFallbackFontNames {
        didSet {
            fallbackFaces = nil
            laidOut.removeAll()
        }
    }

    /// Noto for the scripts Inter lacks (Debian's fonts-noto-core,
    /// fonts-noto-cjk and fonts-noto-color-emoji): more Latin, Greek and
    /// Cyrillic, Arabic, Hebrew, Devanagari, Thai, Chinese, Japanese and
    /// Korean (Noto Sans CJK, its Japanese forms first), and colour emoji.
    public static let defaultFallbackFontNames = [
        "NotoSans-Regular", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoSansDevanagari-Regular",
        "NotoSansThai-Regular", "NotoSansCJK-Regular", "NotoColorEmoji"
    ]

    /// `fallbackFontNames`' faces that opened, once asked for.
    @exclusivity(unchecked) @usableFromInline var fallbackFaces: [FontFace]?

    @usableFromInline var resolvedFallbackFaces: [FontFace] {
        if let fallbackFaces { return fallbackFaces }
        var faces: [FontFace] = []
        for name in fallbackFontNames {
            if let face = try? library.face(named: name) { faces.append(face) }
        }
        fallbackFaces = faces
        return faces
    }

    /// Opens FreeType for the fonts in `fontDirectory`; throws when the folder
    /// does not exist. Fonts themselves load on first use or on `preload`.
    public init(fontDirectory: String) throws(TextError) {
        library = try FontLibrary(directory: fontDirectory)
        self.fontDirectory = library.directory
    }

    // MARK: Fonts and the glyph cache

    /// Loads `font`'s file and sets up its size now, throwing what `draw`
    /// would otherwise only record in `lastError`. Retries a font that failed before.
    public func preload(_ font: Font) throws(TextError) {
        _ = try resolve(font, retry: true)
    }

    /// Also renders the glyphs `characters` shapes into, into the cache, so
    /// that the first frame showing them does no FreeType work. Shaping
    /// picks glyphs by context (a ligature, Inter's colon raised between
    /// digits, an Arabic letter's joined form): preload the texts you show,
    /// not only their letters.
    public func preload(_ font: Font, characters: String) throws(TextError) {
        let resolved = try resolve(font, retry: true)
        layout.shape(
            characters, face: resolved.face, fallbacks: resolvedFallbackFaces, sizeKey: resolved.sizeKey, cache: cache)
        releaseOversizedLayout()
    }

    /// How many glyphs FreeType has rendered for this renderer: it stays put
    /// while only cached glyphs are drawn.
    public var rasterizedGlyphCount: Int { cache.rasterizedCount }

    /// Glyphs in the cache, over all faces and sizes.
    public var cachedGlyphCount: Int { cache.glyphs.count }

    /// Bytes of glyph coverage in the cache.
    public var glyphCacheBytes: Int { cache.pixelCount }

    /// Bytes held by the layout buffers and the layout cache (their
    /// capacities): at most their fixed size between calls, however long a
    /// text was laid out (a text too long to keep is laid out for each call,
    /// then its memory goes back). The glyph cache is apart: `glyphCacheBytes`.
    public var layoutBytes: Int { layout.heldBytes + laidOut.heldBytes }

    /// Gives back what a text too long for the layout cache grew, at the end
    /// of the call that laid it out.
    @usableFromInline func releaseOversizedLayout() {
        laidOut.releaseOversizedPools()
        layout.releaseOversizedBuffers()
    }

    /// Empties the glyph cache; glyphs are rendered again as they are drawn.
    public func removeAllCachedGlyphs() {
        cache.removeAll()
        laidOut.removeAll()
    }

    /// The most recent font error met by `draw`, `measure` or `lineHeight(of:)`,
    /// which then did nothing; `nil` if there has been none.
    public var lastError: TextError? { latestError }

    /// Baseline-to-baseline distance for `font`, in pixels; 0 if it cannot be loaded.
    public func lineHeight(of font: Font) -> Double {
        guard let resolved = resolveRecordingError(font) else { return 0 }
        return Double(resolved.metrics.lineHeight) / 64
    }

    // MARK: TextRendering

    /// From the layout cache, as `draw` and `penPositions` are: a label
    /// measured on every layout pass, or a button's title on every draw, is
    /// shaped once. Wrapped, it shares `draw`'s layout at the same width.
    public func measure(_ text: String, font: Font, width: Double?) -> Size {
        guard !text.isEmpty, let resolved = resolveRecordingError(font) else { return .zero }
        let index = laidOutIndex(
            text, resolved, wraps: width != nil, maxWidth: width.map(Self.fixedWidth) ?? Self.unbrokenWidth)
        let extent = laidOut.extent(index)
        releaseOversizedLayout()
        // Multiplied as Doubles (exact here): thousands of lines of a large font overflow a 32-bit Int.
        return Size(
            width: Double(extent.widest) / 64, height: Double(extent.lines) * Double(resolved.metrics.lineHeight) / 64)
    }

    /// From the same shaping as `draw`: kerning and ligatures included,
    /// controls (which draw nothing) taking no room.
    public func penPositions(_ text: String, font: Font, into positions: inout [Double]) {
        var noInk: [Rect] = []
        penPositions(text, font: font, withInk: false, into: &positions, ink: &noInk)
    }

    /// Each scalar's cluster's bitmap box, placed as `draw` places it: a
    /// label whose digit changes redraws that digit's pixels, not a margin around it.
    public func penPositions(_ text: String, font: Font, into positions: inout [Double], ink: inout [Rect]) {
        ink.removeAll(keepingCapacity: true)
        penPositions(text, font: font, withInk: true, into: &positions, ink: &ink)
    }

    /// The pens, and each scalar's step's trailing edge, from the same layout.
    public func penPositions(_ text: String, font: Font, into positions: inout [Double], trailingEdges: inout [Double])
    {
        var noInk: [Rect] = []
        penPositions(text, font: font, withInk: false, into: &positions, ink: &noInk)
        trailingEdges.removeAll(keepingCapacity: true)
        let count = positions.count - 1
        // Not laid out (no such font): the pens are all 0, and so are the edges.
        let laidOutNow = laidOut.scalarTrailing.count == count
        var s = 0
        while s < count {
            trailingEdges.append(laidOutNow ? laidOut.scalarTrailing[s] : positions[s + 1])
            s += 1
        }
    }

    /// The pens (and, `withInk`, the ink) of `text` laid out on one
    /// unbroken line, from the layout cache: a label that changes its text
    /// each frame measures a text it showed before without shaping it again.
    func penPositions(
        _ text: String, font: Font, withInk: Bool, into positions: inout [Double], ink: inout [Rect]
    ) {
        defer { releaseOversizedLayout() }
        guard let resolved = resolveRecordingError(font) else {
            positions.removeAll(keepingCapacity: true)
            for _ in text.unicodeScalars { positions.append(0) }
            positions.append(0)
            return
        }
        let index = laidOutIndex(text, resolved, wraps: false, maxWidth: Self.unbrokenWidth)
        laidOut.penPositions(
            index, text: text, ascender: Int(resolved.metrics.ascender), glyphs: withInk ? cache.glyphs : nil,
            into: &positions, ink: &ink)
    }

    /// The layout cache's slot for `text` broken at `maxWidth` (26.6) when it
    /// `wraps`, else on one line truncated to `maxWidth`
    /// (`unbrokenWidth`: not cut); laid out into it first on a miss.
    @usableFromInline func laidOutIndex(_ text: String, _ resolved: ResolvedFont, wraps: Bool, maxWidth: Int) -> Int {
        let slot = laidOut.slot(
            for: text, faceIndex: resolved.face.index, sizeKey: resolved.sizeKey, wraps: wraps,
            maxWidth: maxWidth)
        guard !slot.isHit else { return slot.index }
        layout.shape(
            text, face: resolved.face, fallbacks: resolvedFallbackFaces, sizeKey: resolved.sizeKey, cache: cache)
        if wraps {
            layout.breakLines(maxWidth: maxWidth, text: text)
        } else {
            layout.breakLines(maxWidth: nil, text: text)
            if maxWidth != Self.unbrokenWidth {
                layout.truncateTail(maxWidth: maxWidth, face: resolved.face, sizeKey: resolved.sizeKey, cache: cache)
            }
        }
        layout.placeLines()
        laidOut.store(
            layout, at: slot.index, text: text, faceIndex: resolved.face.index, sizeKey: resolved.sizeKey,
            wraps: wraps, maxWidth: maxWidth)
        laidOutTextCount &+= 1 // a count to take differences of: wraps rather than traps on a 32-bit board
        return slot.index
    }

    /// How many times a text was laid out (shaped, kerned and broken into
    /// lines) rather than found in the layout cache: it stays put while only
    /// texts already drawn or measured are drawn and measured again.
    public private(set) var laidOutTextCount = 0

    /// The layout cache's width for text measured on one line, never broken or
    /// cut: above every width `fixedWidth(_:)` gives, on every target.
    @usableFromInline static let unbrokenWidth = Int.max

    /// The widest a line may be, in pixels (2^24): wider widths are taken as
    /// this one. It is 2^30 in 26.6, so widths, and the pens laid out against
    /// them (`TextLayout.penLimit`), fit the 32-bit `Int` of an armv7 board
    /// with room to add, and a board lays a text out as the host does.
    @usableFromInline static let maximumWidth: Double = 16_777_216

    public func draw(
        _ text: String, font: Font, color: Color, in rect: Rect, alignment: TextAlignment,
        lineBreak: LineBreakMode, clip: Rect, alpha: Double, into framebuffer: Framebuffer
    ) {
        guard !text.isEmpty else { return }
        let alignment = alignment.resolved(for: text)
        let alpha = alpha >= 0 ? min(alpha, 1) : 0 // NaN counts as 0
        let inkAlpha = UInt32((Double(color.alpha) * alpha).rounded())
        let limit = Double(1 << 30)
        guard inkAlpha > 0,
            rect.minX.magnitude < limit, rect.minY.magnitude < limit, // also false for NaN
            rect.width > 0, rect.width < limit, rect.height >= 0, rect.height < limit
        else { return }
        let box = PixelBox(clip, in: framebuffer)
        guard !box.isEmpty, let resolved = resolveRecordingError(font) else { return }

        let lineHeight = Int(resolved.metrics.lineHeight)
        let wraps = lineBreak == .wordWrap
        let maxWidth = FreeTypeTextRenderer.fixedWidth(rect.width)
        // Laid out once per text, font and width; later draws reuse the lines.
        // A line that fits is the unbroken line `measure` and `penPositions`
        // lay out (cutting it would change nothing): one layout and one
        // lookup serve a label's pens and its drawing.
        // A text too long for the cache is cut at once: it would be laid out twice.
        let isKept = text.utf8.count <= LaidOutTextCache.byteCapacity
        var index = laidOutIndex(
            text, resolved, wraps: wraps, maxWidth: wraps || !isKept ? maxWidth : Self.unbrokenWidth)
        if !wraps && isKept && !laidOut.isOneLine(index, fitting: maxWidth) {
            index = laidOutIndex(text, resolved, wraps: false, maxWidth: maxWidth)
        }
        laidOut.draw(
            index, in: rect, lineHeight: lineHeight, ascender: Int(resolved.metrics.ascender), alignment: alignment,
            blender: GlyphBlender(
                framebuffer: framebuffer, clip: box, coverage: cache.pixels, color: color, alpha: inkAlpha,
                tables: blendTables),
            glyphs: cache.glyphs)
        releaseOversizedLayout()
    }

    // MARK: Fonts

    @usableFromInline
    struct ResolvedFont {
        @usableFromInline var face: FontFace
        @usableFromInline var sizeKey: Int32
        @usableFromInline var metrics: SizeMetrics
    }

    @usableFromInline
    func resolve(_ font: Font, retry: Bool) throws(TextError) -> ResolvedFont {
        let face = retry ? try library.retry(named: font.name) : try library.face(named: font.name)
        guard let sizeKey = FontLibrary.sizeKey(font.size), let metrics = face.metrics(sizeKey: sizeKey) else {
            throw TextError.invalidFontSize(font.name, path: face.path)
        }
        return ResolvedFont(face: face, sizeKey: sizeKey, metrics: metrics)
    }

    /// The font resolved last: a frame asks for the same few fonts over and
    /// over, and a face once opened stays open, so the answer cannot go stale.
    @exclusivity(unchecked) @usableFromInline var lastResolved: (font: Font, resolved: ResolvedFont)?

    @usableFromInline
    func resolveRecordingError(_ font: Font) -> ResolvedFont? {
        if let last = lastResolved, last.font == font { return last.resolved }
        do {
            let resolved = try resolve(font, retry: false)
            lastResolved = (font, resolved)
            return resolved
        } catch {
            latestError = error
            return nil
        }
    }

    /// A width in 26.6, at most `maximumWidth` (2^30 in 26.6); 0 for a
    /// width that is not above 0 (NaN included).
    ///
    /// The bound is a `Double` literal, not `Double(1 << n)`: an `Int` shift
    /// is 32 bits on armv7, where `1 << 40` is 0, which made every width 0
    /// and cut every text on the board to its ellipsis.
    @usableFromInline
    static func fixedWidth(_ width: Double) -> Int {
        guard width > 0 else { return 0 } // also NaN
        return Int((min(width, maximumWidth) * 64).rounded(.down))
    }
}
