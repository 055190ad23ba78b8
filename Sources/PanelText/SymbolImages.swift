import CFreeType
import PanelJSON
import PanelUI

// Symbols by name, in the spirit of UIKit's `UIImage(systemName:)`: the
// glyphs of an icon font, Material Icons (Debian's
// fonts-material-design-icons-iconfont), found by their names in the
// package's list (`_variables.scss`: `"phone": e0cd,`), rasterized by
// FreeType at the size asked and made heavier for the weight asked (the
// font has one weight: its outlines are emboldened), as a template image
// that draws in the view's tint colour. PanelKit's `Image(systemName:)`
// calls this.

extension FreeTypeTextRenderer {
    /// The icon font's face name: `MaterialIcons-Regular.ttf` in the font
    /// folder or in Debian's.
    public static let symbolFontName = "MaterialIcons-Regular"

    /// The names of the symbols and their code points: `MaterialIcons-Regular.codepoints`
    /// beside the font in the font folder (a board bundle's copy), else Debian's list.
    static let symbolListPaths = ["/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"]

    /// The code point of the symbol `name` (`"phone"`, `"home"`,
    /// `"thermostat"`), from the icon font's list; nil when there is none.
    public func symbolCodePoint(named name: String) -> UInt32? {
        guard !name.isEmpty else { return nil }
        for path in CollectionOfOne(fontDirectory + "/" + Self.symbolFontName + ".codepoints") + Self.symbolListPaths {
            guard let list = try? readWholeFile(path: path) else { continue }
            return Self.codePoint(of: name, in: list)
        }
        return nil
    }

    /// The symbol `name` as a template image `pixelSize` pixels square (the
    /// font's em; Material's glyphs are drawn on a square grid), of `scale`
    /// pixels a point, heavier by `weight`.
    public func symbolImage(named name: String, pixelSize: Double, weight: Font.Weight, scale: Double) throws(TextError)
        -> Image
    {
        let face = try library.face(named: Self.symbolFontName)
        guard let codePoint = symbolCodePoint(named: name) else {
            throw TextError(
                kind: .missingFont, path: face.path,
                message: "no symbol '\(name)' in \(Self.symbolFontName): the names are Material Icons' (phone, home, "
                    + "settings, thermostat, …), listed in /usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"
            )
        }
        guard let sizeKey = FontLibrary.sizeKey(pixelSize), pixelSize <= 1024, face.select(sizeKey: sizeKey) else {
            throw TextError.invalidFontSize(Self.symbolFontName, path: face.path)
        }
        let glyph = FT_Get_Char_Index(face.face, FT_ULong(codePoint))
        guard glyph != 0, FT_Load_Glyph(face.face, glyph, FT_Int32(FT_LOAD_NO_HINTING)) == 0,
            let slot = face.face.pointee.glyph
        else {
            throw TextError(
                kind: .unreadableFont, path: face.path,
                message: "FreeType cannot load the symbol '\(name)' from '\(face.path)'")
        }
        // The font has one weight: its outlines grow by a share of the size (26.6).
        let strength: Double
        switch weight {
        case .regular: strength = 0
        case .medium: strength = 0.03
        case .semibold: strength = 0.055
        case .bold: strength = 0.08
        }
        if strength > 0 { FT_Outline_Embolden(&slot.pointee.outline, FT_Pos((pixelSize * strength * 64).rounded())) }
        guard cache.outlines.render(slot) else {
            throw TextError(
                kind: .unreadableFont, path: face.path, message: "FreeType cannot render the symbol '\(name)'")
        }
        let bitmap = slot.pointee.bitmap
        let side = Int(pixelSize.rounded(.up))
        var pixels = [Color](repeating: .clear, count: side * side)
        // The glyph's ink, centred: the grid's padding is the same on every side.
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        let x0 = (side - width) / 2
        let y0 = (side - rows) / 2
        if let buffer = bitmap.buffer {
            for y in 0..<rows where y0 + y >= 0 && y0 + y < side {
                let row = buffer + y * Int(bitmap.pitch)
                for x in 0..<width where x0 + x >= 0 && x0 + x < side {
                    pixels[(y0 + y) * side + x0 + x] = Color(red: 255, green: 255, blue: 255, alpha: row[x])
                }
            }
        }
        return Image(width: side, height: side, pixels: pixels, scale: scale, renderingMode: .alwaysTemplate)
    }

    /// The code point after `"name":` in a list of `"name": hex,` lines.
    static func codePoint(of name: String, in list: [UInt8]) -> UInt32? {
        let key = Array(("\"" + name + "\":").utf8)
        var i = 0
        while i + key.count <= list.count {
            if list[i] == key[0]
                && (i == 0 || list[i - 1] == UInt8(ascii: "\n") || list[i - 1] == UInt8(ascii: " ")
                    || list[i - 1] == UInt8(ascii: "\t"))
            {
                var j = 0
                while j < key.count && list[i + j] == key[j] { j += 1 }
                if j == key.count {
                    var k = i + j
                    while k < list.count && list[k] == UInt8(ascii: " ") { k += 1 }
                    var value: UInt32 = 0
                    var digits = 0
                    while k < list.count, let digit = hexDigit(list[k]), digits < 8 {
                        value = value << 4 | digit
                        digits += 1
                        k += 1
                    }
                    return digits > 0 ? value : nil
                }
            }
            i += 1
        }
        return nil
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
