/// A typeface at a size, by the name of its file in `assets/fonts` (or in
/// Debian's font folders) without the extension (`"Inter-Regular"`,
/// `"DejaVuSans"`), in points.
public struct Font: Equatable, Sendable {
    public var name: String
    public var size: Double

    public init(name: String, size: Double) {
        self.name = name
        self.size = size
    }

    /// The same name by its bytes (`sameBytes`) at the same size.
    public static func == (a: Font, b: Font) -> Bool { a.size == b.size && sameBytes(a.name, b.name) }

    /// PanelKit's type family at its regular weight: Inter (UIKit's `systemFont(ofSize:)`).
    public static func system(size: Double) -> Font { system(size: size, weight: .regular) }
    /// Its bold weight (UIKit's `boldSystemFont(ofSize:)`).
    public static func boldSystem(size: Double) -> Font { system(size: size, weight: .bold) }

    /// The same face at `factor` times the size: a font in points at a
    /// screen's scale is the font the text driver draws in pixels.
    public func scaled(by factor: Double) -> Font { Font(name: name, size: size * factor) }

    /// UIKit's `UIFont.Weight`: the weights of PanelKit's type family, Inter
    /// (Debian's fonts-inter).
    public enum Weight: Equatable, Sendable {
        case regular, medium, semibold, bold

        /// The face's file name: `Inter-Regular`, `Inter-Medium`, `Inter-SemiBold`, `Inter-Bold`.
        public var interName: String {
            switch self {
            case .regular: "Inter-Regular"
            case .medium: "Inter-Medium"
            case .semibold: "Inter-SemiBold"
            case .bold: "Inter-Bold"
            }
        }
    }

    /// UIKit's `systemFont(ofSize:weight:)`: Inter at `weight`.
    public static func system(size: Double, weight: Weight) -> Font { Font(name: weight.interName, size: size) }

    /// The weight the face's name says (`…-Medium`, `…-SemiBold`, `…-Bold`),
    /// else regular: what a symbol drawn beside this text takes.
    public var weight: Weight {
        let face = Font.fileName(ofFace: name)
        if face.hasSuffix("-SemiBold") { return .semibold }
        if face.hasSuffix("-Medium") { return .medium }
        if face.hasSuffix("-Bold") { return .bold }
        return .regular
    }

    /// What a face's name ends with when its digits are monospaced.
    public static let monospacedDigitsSuffix = "#tnum"

    /// The font file (without extension) the face `name` is drawn from: the
    /// name without `monospacedDigitsSuffix`.
    public static func fileName(ofFace name: String) -> String {
        hasSuffixBytes(name, monospacedDigitsSuffix) ? String(name.dropLast(monospacedDigitsSuffix.count)) : name
    }

    /// The same face with every digit as wide as the widest, so that a
    /// changing number (a clock, a temperature, a counter) does not shift its
    /// neighbours: UIKit's `monospacedDigitSystemFont`, OpenType's `tnum`.
    public var monospacedDigits: Font {
        name.hasSuffix(Font.monospacedDigitsSuffix) ? self : Font(name: name + Font.monospacedDigitsSuffix, size: size)
    }

    /// UIKit's `monospacedDigitSystemFont(ofSize:weight:)`: Inter at `weight`, digits monospaced.
    public static func monospacedDigitSystem(size: Double, weight: Weight = .regular) -> Font {
        system(size: size, weight: weight).monospacedDigits
    }
}

public enum TextAlignment: Equatable, Sendable {
    case left, center, right
    /// UIKit's default: left for text that reads left to right, right for
    /// text that reads right to left (Hebrew, Arabic), by its first strong
    /// character (UAX #9's rule P2).
    case natural

    /// `.left` or `.right` for `.natural`, by `text`'s direction; itself otherwise.
    @inlinable public func resolved(for text: String) -> TextAlignment {
        guard self == .natural else { return self }
        return TextAlignment.readsRightToLeft(text) ? .right : .left
    }

    /// Whether the first character of `text` with a strong direction is
    /// right to left. Letters of the right-to-left blocks are (Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko and their presentation forms); digits,
    /// punctuation, spaces and symbols have no direction of their own and are
    /// skipped; every other letter reads left to right. The text driver
    /// resolves its paragraphs the same way (UAX #9 through FriBidi).
    @inlinable public static func readsRightToLeft(_ text: String) -> Bool {
        firstStrongDirection(of: text) == .rightToLeft
    }

    /// `.left` or `.right` for `.natural`: by `text`'s first strong
    /// character, or, for text without one (empty, digits, punctuation),
    /// by `direction`, the view's layout direction (UIKit's rule); itself
    /// otherwise.
    @inlinable public func resolved(for text: String, layoutDirection direction: UserInterfaceLayoutDirection)
        -> TextAlignment
    {
        guard self == .natural else { return self }
        return (TextAlignment.firstStrongDirection(of: text) ?? direction) == .rightToLeft ? .right : .left
    }

    /// The direction of the first character of `text` with a strong one
    /// (see `readsRightToLeft(_:)`); nil when it has none.
    @inlinable public static func firstStrongDirection(of text: String) -> UserInterfaceLayoutDirection? {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if isRightToLeftLetter(value) { return .rightToLeft }
            let isNeutral =
                value < 0x41 || (value >= 0x5B && value <= 0x60) || (value >= 0x7B && value <= 0xBF)
                || value == 0xD7 || value == 0xF7 || (value >= 0x2000 && value <= 0x2BFF)
                || (value >= 0x3000 && value <= 0x3003) || (value >= 0xFE00 && value <= 0xFE0F)
                || (value >= 0x1F000 && value <= 0x1FAFF) || (value >= 0x0300 && value <= 0x036F)
            if !isNeutral { return .leftToRight }
        }
        return nil
    }

    /// Whether `value` is a letter of a right-to-left block.
    @inlinable public static func isRightToLeftLetter(_ value: UInt32) -> Bool {
        (value >= 0x0590 && value <= 0x08FF) || (value >= 0xFB1D && value <= 0xFDFF)
            || (value >= 0xFE70 && value <= 0xFEFE) || (value >= 0x10800 && value <= 0x10FFF)
            || (value >= 0x1E800 && value <= 0x1EFFF)
    }

    /// Whether any character of `text` reads right to left: then its glyphs
    /// are reordered on the line, and a pen no longer depends only on what
    /// comes before it.
    @inlinable public static func containsRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where isRightToLeftLetter(scalar.value) { return true }
        return false
    }
}

/// What happens to text wider than its rectangle.
public enum LineBreakMode: Equatable, Sendable {
    /// Lines break at word boundaries; lines past the rectangle's height are dropped.
    case wordWrap
    /// One line, cut at the end with an ellipsis (…) when it does not fit.
    case truncateTail

    /// Whether `scalar` ends a line in every mode (Unicode's mandatory breaks:
    /// LF, VT, FF, CR, NEL, LINE and PARAGRAPH SEPARATOR). A text driver lays
    /// lines out at these, and a one-line label shows only the first of them.
    @inlinable public static func endsLine(_ scalar: Unicode.Scalar) -> Bool {
        // Comparisons, not a range pattern: matching `0x0A...0x0D` makes the
        // metadata of `ClosedRange<UInt32>` on first use, an allocation in a debug build.
        let value = scalar.value
        return (value >= 0x0A && value <= 0x0D) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}

/// The text driver a display backend installs: lays out and draws text into
/// a framebuffer. PanelText implements it with FreeType; the core only knows
/// this protocol, so it builds without any C library.
///
/// A driver works in pixels: a font's size is its size in pixels. On a
/// screen of scale 2, `GraphicsContext` draws a 17-point font as a
/// 34-pixel one into a rectangle twice as large, so glyphs are rasterized at
/// the panel's resolution, and `measure(_:font:width:scale:)` measures it
/// the same way for layout.
public protocol TextRendering: AnyObject {
    /// The size `text` takes in `font`, wrapped at `width` when given, in pixels.
    func measure(_ text: String, font: Font, width: Double?) -> Size

    /// Draws `text` into `framebuffer`, laid out in `rect` (framebuffer pixels),
    /// only inside `clip`, blended with `alpha`. Vertically centred in `rect`.
    func draw(
        _ text: String, font: Font, color: Color, in rect: Rect, alignment: TextAlignment,
        lineBreak: LineBreakMode, clip: Rect, alpha: Double, into framebuffer: Framebuffer)

    /// Where the pen stands before each Unicode scalar of `text` set on one
    /// line in `font`, and after the last, in pixels: `positions` is replaced
    /// by `text.unicodeScalars.count + 1` values, reusing its storage. A text
    /// field places its caret and scrolls with these, so a driver should
    /// answer without allocating once its buffers have grown.
    func penPositions(_ text: String, font: Font, into positions: inout [Double])

    /// `penPositions(_:font:into:)`, and where each scalar's glyph puts
    /// ink: `ink` is replaced by one box a scalar (`.zero` for one that draws
    /// nothing), in pixels from the start and top of the line as `draw` sets
    /// it, so that a changed character is redrawn on just the pixels it
    /// touches. A driver that cannot tell leaves `ink` empty; callers then
    /// allow a margin around the pens.
    func penPositions(_ text: String, font: Font, into positions: inout [Double], ink: inout [Rect])

    /// `penPositions(_:font:into:)`, and where the caret after each
    /// scalar stands: `trailingEdges` is replaced by one value a scalar, the
    /// trailing edge of its caret step (the right of a left-to-right one,
    /// the left of a right-to-left one; a mark's is its base's). Where
    /// right-to-left text meets left-to-right text, the caret after one
    /// character is not where the caret before the next is: a text field
    /// moves its caret visually with both.
    func penPositions(_ text: String, font: Font, into positions: inout [Double], trailingEdges: inout [Double])
}

extension TextRendering {
    /// Measures each prefix of `text`: right for any driver, but it builds a
    /// string per scalar; drivers override it with their own layout.
    public func penPositions(_ text: String, font: Font, into positions: inout [Double]) {
        positions.removeAll(keepingCapacity: true)
        positions.append(0)
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            index = scalars.index(after: index)
            positions.append(measure(String(scalars[..<index]), font: font, width: nil).width)
        }
    }

    /// No ink: the driver cannot tell where its glyphs draw.
    public func penPositions(_ text: String, font: Font, into positions: inout [Double], ink: inout [Rect]) {
        ink.removeAll(keepingCapacity: true)
        penPositions(text, font: font, into: &positions)
    }

    /// Left to right only: each scalar ends where the next begins.
    public func penPositions(
        _ text: String, font: Font, into positions: inout [Double], trailingEdges: inout [Double]
    ) {
        penPositions(text, font: font, into: &positions)
        trailingEdges.removeAll(keepingCapacity: true)
        var s = 1
        while s < positions.count {
            trailingEdges.append(positions[s])
            s += 1
        }
    }

    /// `penPositions(_:font:into:trailingEdges:)` in points, for a screen of `scale` pixels per point.
    public func penPositions(
        _ text: String, font: Font, scale: Double, into positions: inout [Double], trailingEdges: inout [Double]
    ) {
        guard scale != 1 else { return penPositions(text, font: font, into: &positions, trailingEdges: &trailingEdges) }
        penPositions(text, font: font.scaled(by: scale), into: &positions, trailingEdges: &trailingEdges)
        divide(&positions, by: scale)
        divide(&trailingEdges, by: scale)
    }

    /// `penPositions(_:font:into:)` in points, for a screen of `scale` pixels
    /// per point: measured with the font at its pixel size, divided back.
    public func penPositions(_ text: String, font: Font, scale: Double, into positions: inout [Double]) {
        guard scale != 1 else { return penPositions(text, font: font, into: &positions) }
        penPositions(text, font: font.scaled(by: scale), into: &positions)
        divide(&positions, by: scale)
    }

    /// `penPositions(_:font:into:ink:)` in points, for a screen of `scale`
    /// pixels per point.
    public func penPositions(
        _ text: String, font: Font, scale: Double, into positions: inout [Double], ink: inout [Rect]
    ) {
        guard scale != 1 else { return penPositions(text, font: font, into: &positions, ink: &ink) }
        penPositions(text, font: font.scaled(by: scale), into: &positions, ink: &ink)
        divide(&positions, by: scale)
        var i = 0
        while i < ink.count {
            let box = ink[i]
            ink[i] = Rect(
                x: box.minX / scale, y: box.minY / scale, width: box.width / scale, height: box.height / scale)
            i += 1
        }
    }

    @usableFromInline func divide(_ positions: inout [Double], by scale: Double) {
        var i = 0
        while i < positions.count {
            positions[i] /= scale
            i += 1
        }
    }

    /// The size `text` takes in `font` (points) on a screen of `scale` pixels
    /// per point, in points: measured at the pixel size it is drawn at (the
    /// font and the wrapping width times `scale`) and divided back, so that
    /// line breaks and truncation decided from it match the drawing.
    public func measure(_ text: String, font: Font, width: Double?, scale: Double) -> Size {
        guard scale != 1 else { return measure(text, font: font, width: width) }
        var wrap: Double?
        if let width { wrap = width * scale }
        let pixels = measure(text, font: font.scaled(by: scale), width: wrap)
        return Size(width: pixels.width / scale, height: pixels.height / scale)
    }
}
