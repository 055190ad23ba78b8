// Drawing: the field, its text or placeholder, the blinking caret, and the
// loupe that magnifies the caret while a finger holds it.

extension TextField {
    /// What is drawn for the text: the text itself, or bullets when secure.
    public var displayedText: String {
        layoutTextIfNeeded()
        return isSecureTextEntry ? bullets : storage
    }

    @usableFromInline final func drawField(in context: GraphicsContext) {
        layoutTextIfNeeded()
        context.fill(
            roundedRect: bounds, cornerRadius: theme.cornerRadius,
            color: isEnabled ? theme.surface : theme.disabledFill)
        if isEditing {
            context.stroke(roundedRect: bounds, cornerRadius: theme.cornerRadius, lineWidth: 2, color: theme.accent)
        }
        let rect = textRect
        var inner = context
        // Scrolled text stops at the padding, as UIKit's text rect does.
        guard let clip = context.clip.intersection(context.deviceRect(rect)) else { return }
        inner.clip = clip
        if storage.isEmpty {
            if !placeholder.isEmpty {
                inner.draw(
                    placeholder, font: font, color: theme.secondaryText, in: rect,
                    alignment: resolvedTextAlignment(textAlignment, for: placeholder))
            }
        } else {
            // One line as wide as the text (and a little more, so rounding never
            // truncates it), moved by the alignment or the scroll offset; of a
            // long text, the part in view, where the whole text puts it.
            let origin = textOriginX
            // Right-to-left text is reordered on its line: drawn whole, not by its part in view.
            if !isSecureTextEntry, TextAlignment.containsRightToLeft(text) {
                inner.draw(
                    text, font: font, color: isEnabled ? textColor : theme.disabledText,
                    in: Rect(x: origin, y: rect.minY, width: lineWidth + 4, height: rect.height))
                if isEditing && isCaretVisible { inner.fill(caretRect, color: theme.accent) }
                return
            }
            let (first, last) = drawnBoundaries(from: rect.minX - origin, to: rect.maxX - origin)
            let width = boundaryPositions[last] - boundaryPositions[first] + 4
            inner.draw(
                drawnText(first, last), font: font, color: isEnabled ? textColor : theme.disabledText,
                in: Rect(x: origin + boundaryPositions[first], y: rect.minY, width: width, height: rect.height))
        }
        if isEditing && isCaretVisible {
            inner.fill(caretRect, color: theme.accent)
        }
    }

    /// The caret, in the bounds.
    public var caretRect: Rect {
        let height = (font.size * 1.25).rounded()
        return Rect(
            x: (caretX - theme.caretWidth / 2).rounded(), y: (bounds.midY - height / 2).rounded(),
            width: theme.caretWidth, height: height)
    }

    // MARK: Caret blink

    /// The run loop timers are scheduled on: the one editing began in, or
    /// the chain's while only a touch is tracked.
    @usableFromInline final var timerRunLoop: RunLoop? {
        (editingApplication.object ?? application)?.runLoop
    }

    /// Shows the caret solid and starts its blink over; only while editing
    /// in a window, so a field not being edited costs no timer at all.
    @usableFromInline final func restartCaretBlink() {
        stopCaretBlink()
        isCaretVisible = true
        setNeedsDisplay()
        guard isEditing, window != nil, let runLoop = timerRunLoop else { return }
        blinkTimer = runLoop.schedule(after: theme.caretBlinkInterval, target: self)
    }

    @usableFromInline final func stopCaretBlink() {
        if let blinkTimer { timerRunLoop?.cancel(blinkTimer) }
        blinkTimer = nil
    }

    @usableFromInline final func caretBlinkTimerFired() {
        guard isEditing, window != nil, let runLoop = timerRunLoop else { return }
        isCaretVisible.toggle()
        setNeedsDisplay()
        blinkTimer = runLoop.schedule(after: theme.caretBlinkInterval, target: self)
    }

    /// Whether the caret's blink timer is pending: only while editing in a window.
    public var isCaretBlinking: Bool {
        guard let blinkTimer, let runLoop = timerRunLoop else { return false }
        return runLoop.isScheduled(blinkTimer)
    }

    // MARK: Loupe

    /// Whether the magnifying loupe is showing.
    public var isShowingLoupe: Bool { !loupe.isHidden }

    @usableFromInline final func showLoupe() {
        guard loupe.isHidden else { return }
        loupe.isHidden = false
        placeLoupe()
        loupe.setNeedsDisplay()
    }

    @usableFromInline final func hideLoupe() {
        guard !loupe.isHidden else { return }
        loupe.isHidden = true
    }

    /// Centres the loupe over the caret, above the field.
    @usableFromInline final func placeLoupe() {
        let size = theme.loupeSize
        loupe.frame = Rect(
            x: (caretX - size.width / 2).rounded(), y: -size.height - 8,
            width: size.width, height: size.height)
    }
}

/// The magnifier a text field shows above its caret while a finger rests on
/// it: the text around the caret, enlarged by `Theme.loupeMagnification`,
/// with the caret in the middle. It takes no touches.
public final class TextFieldLoupe: View {
    /// The field that owns it as a subview. Unretained: the field keeps the
    /// loupe for its whole life and clears this in its `deinit`, and nothing
    /// else is meant to keep a loupe.
    @usableFromInline unowned(unsafe) var field: TextField?

    @usableFromInline init() {
        super.init(frame: .zero, name: "loupe")
        isUserInteractionEnabled = false
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(TextFieldLoupe.self)
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let field else { return }
        let theme = field.theme
        let radius = bounds.height / 2
        context.fill(roundedRect: bounds, cornerRadius: radius, color: theme.surface)
        context.stroke(roundedRect: bounds, cornerRadius: radius, lineWidth: 2, color: theme.accent)
        var inner = context
        guard let clip = context.clip.intersection(context.deviceRect(bounds.insetBy(dx: 4, dy: 2))) else { return }
        inner.clip = clip
        let magnification = theme.loupeMagnification
        field.layoutTextIfNeeded()
        let caretInText = field.caretInText
        if !field.storage.isEmpty {
            let font = field.font.scaled(by: magnification)
            let reach = bounds.width / 2 / magnification
            let (first, last) = field.drawnBoundaries(from: caretInText - reach, to: caretInText + reach)
            // Right-to-left text is drawn whole, its line from 0 (its pens are not in order).
            let rightToLeft = field.textHasRightToLeft
            let start = rightToLeft ? 0 : field.boundaryPositions[first]
            let end = rightToLeft ? field.lineWidth : field.boundaryPositions[last]
            let width = (end - start) * magnification + 8
            inner.draw(
                rightToLeft ? field.storage : field.drawnText(first, last), font: font, color: field.textColor,
                in: Rect(
                    x: bounds.midX - (caretInText - start) * magnification, y: 0, width: width, height: bounds.height))
        }
        let caretHeight = (field.font.size * 1.25 * magnification).rounded()
        let caretWidth = theme.caretWidth * magnification
        inner.fill(
            Rect(
                x: (bounds.midX - caretWidth / 2).rounded(), y: (bounds.midY - caretHeight / 2).rounded(),
                width: caretWidth, height: caretHeight), color: theme.accent)
    }
}
