import CFreeType
import CHarfBuzz
import CLinux
import PanelUI

/// A face's vertical metrics at one size, in 26.6 fixed point (1/64 pixel).
@usableFromInline
struct SizeMetrics {
    @usableFromInline var sizeKey: Int32
    /// Baseline to the top of the line (positive).
    @usableFromInline var ascender: Int32
    /// Baseline to the bottom of the line (negative).
    @usableFromInline var descender: Int32
    /// Baseline to baseline: ascender − descender + line gap.
    @usableFromInline var lineHeight: Int32
}

/// One font file opened by FreeType, with the sizes it has been used at.
/// FreeType keeps one active size per face; `select(sizeKey:)` switches it
/// only when a glyph or kerning pair has to be fetched from FreeType.
@usableFromInline
final class FontFace {
    @usableFromInline let name: String
    @usableFromInline let path: String
    /// Position in `FontLibrary.faces`: the top byte of every cache key.
    @usableFromInline let index: Int
    @usableFromInline let face: FT_Face
    /// Opened as `NAME#tnum` (`Font.monospacedDigits`): every digit takes
    /// the widest digit's advance, centred in it, so changing numbers keep
    /// their columns (what OpenType's `tnum` feature does, without shaping).
    @usableFromInline let monospacedDigits: Bool
    /// A colour bitmap font (Noto Color Emoji's CBDT): FreeType draws its
    /// glyphs at one strike's pixel size (`strikeSizeKey`, 26.6), and the
    /// glyph cache scales them to the text's size. Shaped with HarfBuzz's own
    /// functions (the design advances, scaled), as no hinting applies.
    @usableFromInline let isColorBitmap: Bool
    @usableFromInline let strikeIndex: Int32
    @usableFromInline let strikeSizeKey: Int32
    // The `@exclusivity(unchecked)` properties here are read on every text draw
    // and measure; only the text renderer touches them, and it calls no app
    // code (FreeType only) while it holds an access, so none can overlap.
    @exclusivity(unchecked) @usableFromInline var selectedSizeKey: Int32 = 0
    @exclusivity(unchecked) @usableFromInline var sizes: [SizeMetrics] = []
    /// HarfBuzz's font over this face (its FreeType functions), made on
    /// first shaping, the font shaping uses (`shapingFont`: its advances
    /// from the glyph cache), and the size they were set to.
    @exclusivity(unchecked) @usableFromInline var harfBuzzFont: OpaquePointer?
    @exclusivity(unchecked) @usableFromInline var shapingSubFont: OpaquePointer?
    @exclusivity(unchecked) @usableFromInline var harfBuzzSizeKey: Int32 = 0
    /// What the shaping font's advance function reads: the glyph cache and
    /// the size being shaped.
    @exclusivity(unchecked) @usableFromInline var advanceSource: ShapingAdvances?

    @usableFromInline
    init(name: String, path: String, index: Int, face: FT_Face) {
        self.name = name
        self.path = path
        self.index = index
        self.face = face
        monospacedDigits = hasSuffixBytes(name, Font.monospacedDigitsSuffix)
        // The largest strike: scaled down to the text, it loses the least.
        var strike: Int32 = -1
        var strikeSize: FT_Pos = 0
        if cfreetype_is_color_bitmap(face) != 0, let sizes = face.pointee.available_sizes {
            var i: Int32 = 0
            while i < face.pointee.num_fixed_sizes {
                if sizes[Int(i)].y_ppem > strikeSize {
                    strike = i
                    strikeSize = sizes[Int(i)].y_ppem
                }
                i += 1
            }
        }
        isColorBitmap = strike >= 0 && strikeSize > 0
        strikeIndex = strike
        strikeSizeKey = Int32(clamping: strikeSize)
    }

    /// How much a colour bitmap glyph drawn at its strike is scaled for `sizeKey`.
    @inline(__always) @usableFromInline
    func strikeScale(sizeKey: Int32) -> Double {
        Double(sizeKey) / Double(strikeSizeKey)
    }

    /// Makes `sizeKey` (26.6 points, 1 point = 1 pixel) FreeType's active size.
    @usableFromInline
    func select(sizeKey: Int32) -> Bool {
        if selectedSizeKey == sizeKey { return true }
        if isColorBitmap {
            // One strike serves every size (the cache scales its bitmaps).
            guard selectedSizeKey != 0 || FT_Select_Size(face, strikeIndex) == 0 else { return false }
            selectedSizeKey = sizeKey
            return true
        }
        // 72 dots per inch: one point is one pixel.
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6(sizeKey), 72, 72) == 0 else { return false }
        selectedSizeKey = sizeKey
        return true
    }

    /// HarfBuzz's font for shaping at `sizeKey`, with FreeType's active size
    /// made that one. Its scale is 26.6 (`sizeKey` units an em), so shaped
    /// positions come out in 26.6 pixels. Characters, GSUB and GPOS come from
    /// HarfBuzz's FreeType font; each glyph's advance from the glyph cache,
    /// which renders it with the same hinting (FreeType's hinted advance,
    /// what `hb-shape --font-funcs=ft --ft-load-flags=0` gives): asked of
    /// FreeType again on every shaping, a hinted advance allocates.
    @usableFromInline
    func shapingFont(sizeKey: Int32, cache: GlyphCache) -> OpaquePointer? {
        guard select(sizeKey: sizeKey) else { return nil }
        if shapingSubFont == nil {
            guard let parent = hb_ft_font_create_referenced(face) else { return nil }
            hb_ft_font_set_load_flags(parent, cfreetype_load_target_normal())
            if isColorBitmap { hb_ot_font_set_funcs(parent) }
            let source = ShapingAdvances(face: self, cache: cache)
            let funcs = hb_font_funcs_create()
            hb_font_funcs_set_glyph_h_advance_func(
                funcs,
                { _, fontData, glyph, _ in
                    guard let fontData else { return 0 }
                    let source = Unmanaged<ShapingAdvances>.fromOpaque(fontData).takeUnretainedValue()
                    return source.advance(of: glyph)
                }, nil, nil)
            hb_font_funcs_make_immutable(funcs)
            let font = hb_font_create_sub_font(parent)
            if !isColorBitmap { hb_font_set_funcs(font, funcs, Unmanaged.passUnretained(source).toOpaque(), nil) }
            hb_font_funcs_destroy(funcs) // the font holds it
            harfBuzzFont = parent
            shapingSubFont = font
            advanceSource = source
            harfBuzzSizeKey = 0
        }
        guard let parent = harfBuzzFont, let font = shapingSubFont, let source = advanceSource else { return nil }
        if harfBuzzSizeKey != sizeKey {
            if !isColorBitmap { hb_ft_font_changed(parent) }
            hb_font_set_scale(parent, sizeKey, sizeKey)
            hb_font_set_scale(font, sizeKey, sizeKey)
            harfBuzzSizeKey = sizeKey
        }
        source.sizeKey = sizeKey
        return font
    }

    /// The face's metrics at `sizeKey`, from FreeType the first time only.
    @usableFromInline
    func metrics(sizeKey: Int32) -> SizeMetrics? {
        var i = 0
        while i < sizes.count {
            if sizes[i].sizeKey == sizeKey { return sizes[i] }
            i += 1
        }
        guard select(sizeKey: sizeKey), let size = face.pointee.size else { return nil }
        let m = size.pointee.metrics
        // A colour bitmap font's metrics are its strike's: scaled as its glyphs are.
        let scale = isColorBitmap ? strikeScale(sizeKey: sizeKey) : 1
        func scaled(_ value: FT_Pos) -> Int32 { Int32(clamping: Int((Double(value) * scale).rounded())) }
        let ascender = scaled(m.ascender)
        let descender = scaled(m.descender)
        // FreeType's `height` is ascender − descender + line gap, scaled; never
        // let a broken font make lines overlap.
        let height = max(scaled(m.height), ascender - descender, 64)
        let metrics = SizeMetrics(sizeKey: sizeKey, ascender: ascender, descender: descender, lineHeight: height)
        sizes.append(metrics)
        return metrics
    }
}

/// The advances HarfBuzz shapes with: the glyph cache's, for one face at
/// the size being shaped. The face holds it, and the face and cache live
/// as long as the renderer, so the references need no counting.
@usableFromInline
final class ShapingAdvances {
    @usableFromInline unowned(unsafe) let face: FontFace
    @usableFromInline unowned(unsafe) let cache: GlyphCache
    @usableFromInline var sizeKey: Int32 = 0

    @usableFromInline init(face: FontFace, cache: GlyphCache) {
        self.face = face
        self.cache = cache
    }

    /// `glyph`'s hinted advance, 26.6, rendering it into the cache if new.
    @usableFromInline func advance(of glyph: UInt32) -> Int32 {
        cache.glyphs[cache.glyph(face, sizeKey, glyph)].advance
    }
}

/// The FreeType library and the faces loaded from one font folder, by name.
/// Faces are opened on first use and stay open; a name that failed keeps its
/// error, so a frame loop drawing with a missing font does not touch the disk.
@usableFromInline
final class FontLibrary {
    /// The largest font size accepted, in points.
    @usableFromInline static let maximumPointSize = 2048
    /// Cache keys give a face one byte, and 0xFF is reserved for the empty key.
    @usableFromInline static let maximumFaceCount = 255

    @usableFromInline let directory: String
    @usableFromInline var library: FT_Library
    // The `@exclusivity(unchecked)` properties here are read on every text draw
    // and measure; only the text renderer touches them, and it calls no app
    // code (FreeType only) while it holds an access, so none can overlap.
    @exclusivity(unchecked) @usableFromInline var faces: [FontFace] = []
    @exclusivity(unchecked) @usableFromInline var failures: [FailedFont] = []

    @usableFromInline
    struct FailedFont {
        @usableFromInline var name: String
        @usableFromInline var error: TextError
    }

    @usableFromInline
    init(directory: String) throws(TextError) {
        // Keep "/" alone; drop a trailing slash anywhere else so paths read well.
        var directory = directory
        while directory.utf8.count > 1, directory.utf8.last == UInt8(ascii: "/") { directory.removeLast() }
        self.directory = directory
        switch FontLibrary.fileKind(directory) {
        case .directory: break
        case .file: throw TextError.missingFontDirectory(directory, isFile: true)
        case .missing: throw TextError.missingFontDirectory(directory, isFile: false)
        }
        var library: FT_Library? = nil
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw TextError.freeTypeUnavailable(directory, freeTypeError: error) }
        self.library = library
    }

    deinit {
        var i = 0
        while i < faces.count {
            if let font = faces[i].shapingSubFont { hb_font_destroy(font) }
            if let font = faces[i].harfBuzzFont { hb_font_destroy(font) }
            FT_Done_Face(faces[i].face)
            i += 1
        }
        FT_Done_FreeType(library)
    }

    /// The face called `name`, opened now if this is its first use.
    @usableFromInline
    func face(named name: String) throws(TextError) -> FontFace {
        var i = 0
        while i < faces.count {
            if sameBytes(faces[i].name, name) { return faces[i] }
            i += 1
        }
        i = 0
        while i < failures.count {
            if sameBytes(failures[i].name, name) { throw failures[i].error }
            i += 1
        }
        do {
            return try open(name)
        } catch {
            failures.append(FailedFont(name: name, error: error))
            throw error
        }
    }

    /// Opens `name` again even if it failed before: for an explicit preload.
    @usableFromInline
    func retry(named name: String) throws(TextError) -> FontFace {
        var i = 0
        while i < failures.count {
            if sameBytes(failures[i].name, name) {
                failures.remove(at: i)
            } else {
                i += 1
            }
        }
        return try face(named: name)
    }

    @usableFromInline
    func open(_ name: String) throws(TextError) -> FontFace {
        if name.isEmpty || name.utf8.contains(UInt8(ascii: "/")) || name.utf8.contains(0)
            || sameBytes(name, ".") || sameBytes(name, "..")
        {
            throw TextError.badFontName(name, directory: directory)
        }
        guard let path = FontLibrary.fontFile(named: Font.fileName(ofFace: name), in: directory) else {
            throw TextError.missingFont(name, directory: directory)
        }
        guard faces.count < FontLibrary.maximumFaceCount else {
            return try tooManyFaces(path)
        }
        var face: FT_Face? = nil
        let error = path.withCString { FT_New_Face(library, $0, 0, &face) }
        guard error == 0, let face else { throw TextError.unreadableFont(path, freeTypeError: error) }
        guard cfreetype_is_scalable(face) != 0 || cfreetype_is_color_bitmap(face) != 0 else {
            FT_Done_Face(face)
            throw TextError(
                kind: .unreadableFont, path: path,
                message:
                    "'\(path)' is a bitmap font: PanelKit needs a scalable TrueType (.ttf) or OpenType (.otf) font, or a colour emoji font"
            )
        }
        let loaded = FontFace(name: name, path: path, index: faces.count, face: face)
        faces.append(loaded)
        return loaded
    }

    /// The folders of the Debian packages whose fonts PanelKit uses beyond
    /// its own: Inter (fonts-inter), the type family with real weights;
    /// Material Icons (fonts-material-design-icons-iconfont), the symbols;
    /// Noto (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji), the fallbacks for every other
    /// script. A font not in the renderer's folder is looked for there; a
    /// board bundle carries copies in its own (scripts/build-board).
    static let debianFontDirectories = [
        "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/material-design-icons-iconfont",
        "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"
    ]

    /// `NAME.ttf`, `NAME.otf` or `NAME.ttc` (a collection: its first face)
    /// in `directory`, else in Debian's folders; nil when none is there.
    static func fontFile(named name: String, in directory: String) -> String? {
        for folder in CollectionOfOne(directory) + debianFontDirectories {
            for suffix in [".ttf", ".otf", ".ttc"] where fileKind(folder + "/" + name + suffix) == .file {
                return folder + "/" + name + suffix
            }
        }
        return nil
    }

    @usableFromInline
    func tooManyFaces(_ path: String) throws(TextError) -> FontFace {
        throw TextError(
            kind: .unreadableFont, path: path,
            message:
                "cannot open '\(path)': \(FontLibrary.maximumFaceCount) fonts are already loaded, the most one renderer holds"
        )
    }

    /// `size` in 26.6 fixed point, or `nil` when it is not a usable size.
    @inline(__always) @usableFromInline
    static func sizeKey(_ size: Double) -> Int32? {
        guard size.isFinite, size > 0, size <= Double(maximumPointSize) else { return nil }
        let key = Int32((size * 64).rounded())
        return key > 0 ? key : nil
    }

    @usableFromInline
    enum FileKind { case missing, file, directory }

    @usableFromInline
    static func fileKind(_ path: String) -> FileKind {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return .missing }
        // S_IFMT and S_IFDIR: the file type bits of st_mode.
        return info.st_mode & 0o170000 == 0o040000 ? .directory : .file
    }
}
