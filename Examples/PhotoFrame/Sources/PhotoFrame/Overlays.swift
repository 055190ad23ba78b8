import PanelKit

// What is drawn over the photo. Each is a small Control that sends
// `.valueChanged` when what it shows changes, so the runtime's log
// (`log.logActions(of:)`) has an `action` line for every page turned, zoom,
// turn, caption and info panel, and `--replay` runs show the behaviour.
// Only the page indicator takes touches; the others let them through to the
// photo (isUserInteractionEnabled false, R12).

/// Dots for the pages, the current one filled: UIKit's `UIPageControl`.
/// A tap on its right half goes to the next page, on its left half to the
/// previous one (wrapping round); it then sends `.valueChanged`.
final class PageIndicator: Control {
    var numberOfPages = 1 { didSet { setNeedsDisplay() } }
    var currentPage = 0 { didSet { setNeedsDisplay() } }

    override init(frame: Rect = .zero, name: String = "pages") {
        super.init(frame: frame, name: name)
        touchMargin = 12
    }

    /// Moves by `step` pages, wrapping round, and sends `.valueChanged`.
    func turn(by step: Int) {
        guard numberOfPages > 0 else { return }
        currentPage = ((currentPage + step) % numberOfPages + numberOfPages) % numberOfPages
        sendActions(for: .valueChanged)
    }

    override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, isTouchInside else { return }
        turn(by: touch.location(in: self).x < bounds.midX ? -1 : 1)
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(
            roundedRect: bounds, cornerRadius: bounds.height / 2,
            color: Color(red: 0, green: 0, blue: 0, alpha: isHighlighted ? 170 : 120))
        let dot = bounds.height * 0.32
        let gap = dot * 1.6
        let width = Double(numberOfPages) * dot + Double(max(numberOfPages - 1, 0)) * gap
        var x = bounds.midX - width / 2
        for page in 0..<numberOfPages {
            let r = Rect(x: x, y: bounds.midY - dot / 2, width: dot, height: dot)
            context.fill(
                ellipseIn: r, color: page == currentPage ? .white : Color(red: 255, green: 255, blue: 255, alpha: 90))
            x += dot + gap
        }
    }
}

/// The photo's title and its place in the album, in a dark band across the
/// top. A single tap on the photo shows or hides it.
final class CaptionBar: Control {
    var title = "" { didSet { setNeedsDisplay() } }
    var position = "" { didSet { setNeedsDisplay() } }
    var isShown: Bool { !isHidden }

    override init(frame: Rect = .zero, name: String = "caption") {
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
        backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 140)
    }

    /// Shows or hides the bar and sends `.valueChanged` (value 1 shown, 0 hidden).
    func setShown(_ shown: Bool) {
        guard shown != isShown else { return }
        isHidden = !shown
        sendActions(for: .valueChanged)
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let size = bounds.height * 0.42
        let inset = bounds.height * 0.4
        let line = Rect(
            x: inset, y: (bounds.height - size * 1.3) / 2, width: bounds.width - 2 * inset, height: size * 1.3)
        context.draw(title, font: .boldSystem(size: size), color: .white, in: line)
        context.draw(
            position, font: .system(size: size * 0.8), color: Color(rgb: 0xC8C8C8), in: line, alignment: .right)
    }
}

/// A small rounded badge with one number in it ("200 %", "30°"), shown while
/// the number is not its resting value. `value` is what the log reports.
final class ValueBadge: Control {
    private(set) var value: Double
    private(set) var text = ""

    /// A hidden badge whose value starts at `value`.
    init(frame: Rect = .zero, name: String, value: Double) {
        self.value = value
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
        isHidden = true
    }

    /// Shows `text` for `value` (hidden when `visible` is false) and sends
    /// `.valueChanged` when the value changed.
    func show(_ value: Double, text: String, visible: Bool) {
        isHidden = !visible
        if text != self.text {
            self.text = text
            setNeedsDisplay()
        }
        guard value != self.value else { return }
        self.value = value
        sendActions(for: .valueChanged)
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(
            roundedRect: bounds, cornerRadius: bounds.height / 2, color: Color(red: 0, green: 0, blue: 0, alpha: 150))
        let size = bounds.height * 0.5
        context.draw(
            text, font: .boldSystem(size: size), color: .white,
            in: Rect(x: 0, y: (bounds.height - size * 1.3) / 2, width: bounds.width, height: size * 1.3),
            alignment: .center)
    }
}

/// What a long press asks for: the photo's file name, its size and how it is
/// shown. The next tap on the photo hides it.
///
/// Its texts are the photo's own (made at launch) and two short ones of at
/// most 15 bytes, which Swift keeps inline: showing the panel, and updating
/// it while a finger zooms, allocates nothing.
final class InfoPanel: Control {
    private(set) var fileName = ""
    private(set) var sizeText = ""
    private(set) var zoomText = ""
    private(set) var angleText = ""
    var isShown: Bool { !isHidden }

    /// The panel's lines, top to bottom.
    var lines: [String] { [fileName, sizeText, zoomText, angleText] }

    override init(frame: Rect = .zero, name: String = "info") {
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
        isHidden = true
    }

    /// Writes what the panel says about `photo` shown at `zoom` and `angle`.
    func describe(_ photo: Photo, zoom: Double, angle: Double) {
        fileName = photo.file
        sizeText = photo.sizeText
        zoomText = "Zoom " + Format.percent(zoom)
        angleText = "Turned " + Format.degrees(angle)
        setNeedsDisplay()
    }

    /// Shows or hides the panel and sends `.valueChanged` (value 1 shown, 0 hidden).
    func setShown(_ shown: Bool) {
        guard shown != isShown else { return }
        isHidden = !shown
        sendActions(for: .valueChanged)
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let theme = Theme.standard
        context.fill(
            roundedRect: bounds, cornerRadius: bounds.height * 0.08, color: theme.surface.withAlphaComponent(0.92))
        context.stroke(roundedRect: bounds, cornerRadius: bounds.height * 0.08, lineWidth: 2, color: theme.accent)
        let line = bounds.height / 5.4
        let inset = line * 0.6
        func text(_ string: String, _ y: Double, _ size: Double, bold: Bool = false, color: Color) {
            context.draw(
                string, font: bold ? .boldSystem(size: size) : .system(size: size), color: color,
                in: Rect(x: inset, y: y, width: bounds.width - 2 * inset, height: line), alignment: .center)
        }
        text(fileName, line * 0.45, line * 0.62, bold: true, color: theme.text)
        text(sizeText, line * 1.55, line * 0.5, color: theme.secondaryText)
        text(zoomText, line * 2.4, line * 0.5, color: theme.secondaryText)
        text(angleText, line * 3.25, line * 0.5, color: theme.secondaryText)
        text("Tap to close", line * 4.35, line * 0.4, color: theme.accent)
    }
}
