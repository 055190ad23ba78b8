/// A view that shows text: UIKit's `UILabel`. Pure display: it takes no
/// touches unless told to (R12).
///
/// The text is drawn in the bounds, vertically centred, through the context's
/// text renderer (FreeType when the backend installs PanelText; nothing is
/// drawn without one).
///
/// `numberOfLines` only chooses between one line and wrapping: 1 (the
/// default) draws one line cut as `lineBreakMode` says (`LineBreakMode.truncateTail`
/// by default); any other number, 0 included, wraps at words and drops the
/// lines that do not fit the height.
open class Label: View {
    // `@exclusivity(unchecked)` here: trivial values read every frame, no access spanning app code
    // (docs/architecture.md, "Few dynamic exclusivity checks"); `text` and `font`, which hold strings, keep the check.

    /// Setting it redraws only where the old and the new text are drawn;
    /// the same text again changes nothing.
    public var text: String {
        didSet {
            guard !sameBytes(text, oldValue) else { return }
            textChanged(from: oldValue)
            invalidateIntrinsicContentSize()
        }
    }
    /// The text on screen when `text` first changed since the last layout
    /// pass. Where it was is measured in that pass (the frame's), not in the
    /// setter: an action on the input path must not shape text, which may
    /// rasterize a glyph never drawn before (an allocation).
    @usableFromInline internal final var textOnScreen: String?
    /// `Theme.bodyFont` of `Theme.standard` by default.
    public var font: Font {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// `Theme.text` of `Theme.standard` by default.
    @exclusivity(unchecked) public var textColor: Color { didSet { setNeedsDisplay() } }
    @exclusivity(unchecked) public final var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// How a single line that does not fit is cut; see `numberOfLines`.
    @exclusivity(unchecked) public final var lineBreakMode: LineBreakMode = .truncateTail {
        didSet { setNeedsDisplay() }
    }
    /// 1 (the default): one line. Anything else: wrapped to the height.
    @exclusivity(unchecked) public final var numberOfLines = 1 {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    public init(frame: Rect = .zero, name: String = "", text: String = "") {
        self.text = text
        font = Theme.standard.bodyFont
        textColor = Theme.standard.text
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Label.self)
    }

    /// The text's size in `font`: one line, or wrapped at the current width
    /// when `numberOfLines` is not 1 (and the label has a width).
    open override var intrinsicContentSize: Size {
        measure(text, font: font, width: numberOfLines == 1 ? nil : bounds.width)
    }

    /// The text's size, wrapped at `size.width` when `numberOfLines` is not 1.
    open override func sizeThatFits(_ size: Size) -> Size {
        measure(text, font: font, width: numberOfLines == 1 ? nil : size.width)
    }

    /// The line breaking drawn: `lineBreakMode` for one line, else word wrap.
    public var effectiveLineBreakMode: LineBreakMode {
        numberOfLines == 1 ? lineBreakMode : .wordWrap
    }

    /// A subclass may draw more than the text (its own `draw`): it is
    /// redrawn whole when the text changes.
    @usableFromInline internal class var drawsOnlyText: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Label.self)
    }

    @usableFromInline internal func textChanged(from oldText: String) {
        rasterizedContentDidChange(includingItself: true)
        guard window != nil else { return }
        guard type(of: self).drawsOnlyText else { return setNeedsDisplay() }
        if textOnScreen == nil { textOnScreen = oldText }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let oldText = textOnScreen else { return }
        textOnScreen = nil
        if !sameBytes(oldText, text) { setNeedsDisplayForText(from: oldText) }
    }

    /// Marks where `oldText` was drawn and where `text` is drawn now: for one
    /// line set from the left, only from the first character that changed on
    /// ("Volume 62%" to "Volume 63%" redraws "2%" and "3%").
    @usableFromInline internal func setNeedsDisplayForText(from oldText: String) {
        rasterizedContentDidChange(includingItself: true) // before the early returns below
        guard let window else { return }
        guard type(of: self).drawsOnlyText else { return setNeedsDisplay() }
        // Already to be drawn whole (a list's cell placed for another row): measuring
        // which characters changed would shape both texts for nothing.
        if window.isMarkedWhole(self) { return }
        if let changed = changedPartOfLine(from: oldText, in: window) { return setNeedsDisplay(changed) }
        setNeedsDisplay(textBox(of: oldText).union(textBox(of: text)))
    }

    /// For a single left-aligned line that fits (no ellipsis), the pixels
    /// the characters from the first that differs can change: the ink of
    /// those characters in the old text and in the new, or, when the text
    /// driver cannot tell its ink, the line's rows from the pen before them
    /// to the end of the longer text in a `centredTextBox(x:width:height:)`.
    /// The characters before them are the same glyphs at the same pens, but
    /// for the one just before the change: shaping picks a glyph by its
    /// neighbours (an Arabic letter's joined form, a ligature, a colon raised
    /// between digits), so that one is redrawn too, as is the one just after.
    /// Right-to-left text is reordered on its line, where pens do not follow
    /// the characters: `nil` then, and when the rest does not apply.
    @usableFromInline internal func changedPartOfLine(from oldText: String, in window: Window) -> Rect? {
        guard numberOfLines == 1, resolvedTextAlignment(textAlignment, for: text) == .left,
            resolvedTextAlignment(textAlignment, for: oldText) == .left,
            let measurer = window.textMeasurer,
            Self.isOneLine(text), Self.isOneLine(oldText), !TextAlignment.containsRightToLeft(text),
            !TextAlignment.containsRightToLeft(oldText)
        else { return nil }
        let scale = window.textMeasurerScale
        // The window's pair of buffers, taken while in use so that each is the only
        // reference to its storage (reused, not copied), and given back.
        var old = window.oldTextLine
        var new = window.newTextLine
        window.oldTextLine = MeasuredLine()
        window.newTextLine = MeasuredLine()
        defer {
            // Kept for the next change only up to a long label's size: a huge
            // text's pens and ink (40 bytes a character) go with it.
            window.oldTextLine = old.pens.capacity > MeasuredLine.keptScalars ? MeasuredLine() : old
            if new.pens.capacity > MeasuredLine.keptScalars {
                window.newTextLine = MeasuredLine()
                window.newTextPensKey = nil
            } else {
                window.newTextLine = new
            }
        }
        // Room for the usual labels at once: a list counting up ("Row 999", "Row 1000") does not regrow them.
        old.reserveCapacity(64)
        new.reserveCapacity(64)
        var same = Self.commonPrefix(oldText, text)
        if let key = window.newTextPensKey, sameBytes(key.text, oldText), key.font == font {
            swap(&old, &new) // measured last time as the new text
        } else {
            measurer.penPositions(oldText, font: font, scale: scale, into: &old.pens, ink: &old.ink)
        }
        window.newTextPensKey = nil
        // Indexed rather than through `last`, which allocates in a debug build.
        guard old.pens.count > same else { return nil }
        measurer.penPositions(text, font: font, scale: scale, into: &new.pens, ink: &new.ink)
        window.newTextPensKey = (text, font)
        guard new.pens.count > same else { return nil }
        // The character before the change, when shaping drew it differently (see above).
        let hasInk = old.ink.count == old.pens.count - 1 && new.ink.count == new.pens.count - 1
        if same > 0 && (!hasInk || old.ink[same - 1] != new.ink[same - 1]) { same -= 1 }
        let oldEnd = old.pens[old.pens.count - 1]
        let oldStart = old.pens[same]
        let newEnd = new.pens[new.pens.count - 1]
        let newStart = new.pens[same]
        // A line about as wide as the bounds may be cut and end in an ellipsis, which moves.
        guard max(oldEnd, newEnd) < bounds.width - 1 else { return nil }
        // The characters after the last that changed are the same glyphs too, and
        // where they start at the same pen they are drawn where they were
        // ("62%" to "64%" redraws the digit, not the "%").
        var suffix = Self.commonSuffix(oldText, text, upTo: min(old.pens.count, new.pens.count) - 1 - same)
        if suffix > 0 && old.pens[old.pens.count - 1 - suffix] != new.pens[new.pens.count - 1 - suffix] { suffix = 0 }
        // And the character after it, likewise: its ink, from its pen, must be the same.
        if suffix > 0 {
            let o = old.pens.count - 1 - suffix
            let n = new.pens.count - 1 - suffix
            if !hasInk || old.ink[o].offsetBy(dx: -old.pens[o], dy: 0) != new.ink[n].offsetBy(dx: -new.pens[n], dy: 0) {
                suffix -= 1
            }
        }
        if let oldInk = old.ink(ofScalars: same..<old.pens.count - 1 - suffix),
            let newInk = new.ink(ofScalars: same..<new.pens.count - 1 - suffix)
        {
            let ink = oldInk.union(newInk)
            guard !ink.isEmpty else { return .zero } // only characters without ink changed
            // Drawing rounds the line's start and top to whole pixels, by less
            // than the renderer's rounding of this area out to whole pixels.
            return Rect(
                x: bounds.minX + ink.minX, y: bounds.midY - oneLineHeight() / 2 + ink.minY,
                width: ink.width, height: ink.height)
        }
        let end = suffix > 0 ? old.pens[old.pens.count - 1 - suffix] : max(oldEnd, newEnd)
        let start = min(oldStart, newStart)
        return centredTextBox(x: bounds.minX + start, width: end - start, height: oneLineHeight())
    }

    /// Text `height` tall in columns `x ..< x + width`, vertically centred as
    /// `draw(_:in:)` centres it, a quarter of the font size wider all round
    /// for glyphs whose ink reaches past their advance or line and for the
    /// whole-pixel rounding of the pen.
    @usableFromInline internal func centredTextBox(x: Double, width: Double, height: Double) -> Rect {
        let margin = font.size / 4
        return Rect(x: x, y: bounds.midY - height / 2, width: width, height: height).insetBy(dx: -margin, dy: -margin)
    }

    /// The height of one line in `font`, in points: measured once per font
    /// and text driver in a window (a line's height does not depend on its text).
    @usableFromInline internal func oneLineHeight() -> Double {
        if let key = window?.lineHeightKey, key.font == font { return key.height }
        let height = measure("0", font: font).height
        if height > 0 { window?.lineHeightKey = (font, height) }
        return height
    }

    /// Whether `text` has no line break (`LineBreakMode.endsLine(_:)`), so
    /// that it is drawn on one line.
    @usableFromInline static func isOneLine(_ text: String) -> Bool {
        // Bytes first: every line end's UTF-8 has a byte 0x0A...0x0D, 0x85, 0xA8
        // or 0xA9, so text with none of them (most) needs no decoding.
        var text = text
        let mayBreak = text.withUTF8 { bytes in
            for byte in bytes where (byte >= 0x0A && byte <= 0x0D) || byte == 0x85 || byte == 0xA8 || byte == 0xA9 {
                return true
            }
            return false
        }
        guard mayBreak else { return true }
        for scalar in text.unicodeScalars where LineBreakMode.endsLine(scalar) { return false }
        return true
    }

    /// How many Unicode scalars `a` and `b` share at their starts. Counted on
    /// their UTF-8 bytes, which a label changing every frame ("Volume 62%")
    /// walks faster than decoded scalars: the scalars before the first byte
    /// that differs are shared if the last of them ends there in both.
    @usableFromInline static func commonPrefix(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let length = min(x.count, y.count)
                var i = 0
                var scalars = 0
                while i < length && x[i] == y[i] {
                    if !isContinuation(x[i]) { scalars += 1 }
                    i += 1
                }
                // The last scalar started is shared only if it is whole in both.
                let endsInX = i == x.count || !isContinuation(x[i])
                let endsInY = i == y.count || !isContinuation(y[i])
                return scalars > 0 && !(endsInX && endsInY) ? scalars - 1 : scalars
            }
        }
    }

    /// How many Unicode scalars `a` and `b` share at their ends, at most
    /// `limit`: UTF-8 bytes walked back from the ends, a scalar counted as its
    /// first byte is passed.
    @usableFromInline static func commonSuffix(_ a: String, _ b: String, upTo limit: Int) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                var i = x.count
                var j = y.count
                var scalars = 0
                while scalars < limit && i > 0 && j > 0 && x[i - 1] == y[j - 1] {
                    i -= 1
                    j -= 1
                    if !isContinuation(x[i]) { scalars += 1 }
                }
                return scalars
            }
        }
    }

    /// A UTF-8 byte that continues a scalar (`10xxxxxx`), not one that starts it.
    @inline(__always)
    @usableFromInline static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Where `draw(_:in:)` puts `text`, in the bounds: its measured size,
    /// aligned, in a `centredTextBox(x:width:height:)`. `.zero` for no text.
    @usableFromInline internal func textBox(of text: String) -> Rect {
        guard !text.isEmpty else { return .zero }
        if numberOfLines == 1 && !Self.isOneLine(text) {
            // Shown as its first line and an ellipsis, which no measure of its lines gives: the whole width.
            return centredTextBox(x: bounds.minX, width: bounds.width, height: oneLineHeight())
        }
        let size = measure(text, font: font, width: numberOfLines == 1 ? nil : bounds.width)
        let width = min(size.width, bounds.width) // a line too long is cut to fit
        let x: Double
        switch resolvedTextAlignment(textAlignment, for: text) {
        case .left, .natural: x = bounds.minX
        case .center: x = bounds.midX - width / 2
        case .right: x = bounds.maxX - width
        }
        return centredTextBox(x: x, width: width, height: size.height)
    }

    // MARK: Numbers, without allocating

    /// The storage of a text this label showed before, kept to build the next
    /// long text in (see `setText(_:)`): only the label holds it once the
    /// frame after the change is laid out, so it is reused, not copied.
    @usableFromInline internal final var spareText = ""

    /// Shows `value` as `format` writes it (`"21.5 °C"`), replacing `text`
    /// only when a character changed. Allocates nothing once warm, however
    /// long the text: a label showing a changing number every frame
    /// allocates nothing per frame.
    public final func setText(_ value: Double, format: NumberFormat) {
        setText { $0.append(value, format: format) }
    }

    /// Shows `value` as `format` writes it (by default a plain integer).
    public final func setText(_ value: Int, format: NumberFormat = NumberFormat()) {
        setText { $0.append(value, format: format) }
    }

    /// Shows what `build` writes into a `TextWriter` of `capacity` bytes on
    /// the stack (a longer text is cut where a piece did not fit), replacing
    /// `text` only when a character changed:
    /// `label.setText { $0.append("Apt "); $0.append(7); $0.append("."); $0.append(5, format: twoDigits) }`.
    ///
    /// A text of up to 15 UTF-8 bytes (10 on a 32-bit board) is a small
    /// string, which needs no storage; a longer one is built in the storage
    /// of the text this label showed before the current one, so after two
    /// changes of the same length no change allocates (a second change before
    /// the next frame copies it once).
    public final func setText(capacity: Int = 256, _ build: (inout TextWriter) -> Void) {
        TextWriter.withScratch(capacity: capacity) { writer in
            build(&writer)
            replaceText(with: writer)
        }
    }

    @usableFromInline internal final func replaceText(with writer: TextWriter) {
        guard !writer.isEqual(to: text) else { return }
        let bytes = writer.bytes
        var next = spareText
        spareText = ""
        next.removeAll(keepingCapacity: true)
        // In pieces that are small strings (10 bytes or less, on any board),
        // each cut on a character's first byte: appending them to storage with
        // room copies bytes and allocates nothing.
        var start = 0
        while start < bytes.count {
            var end = min(start + 10, bytes.count)
            while end < bytes.count && end > start + 1 && Self.isContinuation(bytes[end]) { end -= 1 }
            next.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            start = end
        }
        let old = text
        text = next
        // A text longer than a long label's goes with its storage (as a window's measured lines do).
        spareText = old.utf8.count <= MeasuredLine.keptScalars ? old : ""
    }

    /// What the text driver is given: `.natural` as it is (the driver
    /// resolves it by the text), but `.right` for text without a strong
    /// character in a right-to-left layout.
    @usableFromInline internal var drawnAlignment: TextAlignment {
        guard textAlignment == .natural, TextAlignment.firstStrongDirection(of: text) == nil, isRightToLeft else {
            return textAlignment
        }
        return .right
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard !text.isEmpty else { return }
        context.draw(
            text, font: font, color: textColor, in: bounds,
            alignment: drawnAlignment,
            lineBreak: effectiveLineBreakMode)
    }
}

/// A line of text as a `Label` measures it to redraw only what changed:
/// the pen before each Unicode scalar and after the last, and each scalar's
/// ink (`TextRendering.penPositions(_:font:scale:into:ink:)`).
@usableFromInline internal struct MeasuredLine {
    /// The longest line a window keeps measured between text changes.
    @usableFromInline static let keptScalars = 1024

    @usableFromInline var pens: [Double] = []
    @usableFromInline var ink: [Rect] = []

    @usableFromInline init() {}

    @usableFromInline mutating func reserveCapacity(_ scalars: Int) {
        if pens.capacity < scalars + 1 { pens.reserveCapacity(scalars + 1) }
        if ink.capacity < scalars { ink.reserveCapacity(scalars) }
    }

    /// The box the ink of `scalars` covers (empty when none of them inks), or
    /// `nil` when the text driver gave no ink.
    @usableFromInline func ink(ofScalars scalars: Range<Int>) -> Rect? {
        guard ink.count == pens.count - 1, scalars.lowerBound >= 0, scalars.upperBound <= ink.count else { return nil }
        var box = Rect.zero
        var i = scalars.lowerBound
        while i < scalars.upperBound {
            box = box.union(ink[i])
            i += 1
        }
        return box
    }
}
