import PanelImage
import PanelTesting
import PanelUI
import Testing

@testable import PanelText

/// A window of `size` points on a screen of `scale`, holding `views`; its
/// application is returned too, since the window only points back at it.
private func screenWindow(_ size: Size, scale: Double, _ views: [View]) -> (Application, Window) {
    let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
    application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: scale)
    let window = Window(frame: application.screen.bounds)
    window.backgroundColor = Color(rgb: 0x1C1C1E)
    for view in views { window.addSubview(view) }
    application.addWindow(window)
    return (application, window)
}

/// The window drawn whole into a framebuffer of its pixels.
private func drawn(_ window: Window, with text: FreeTypeTextRenderer) -> HeadlessDisplay {
    let scale = window.displayScale
    let display = HeadlessDisplay(width: Int(window.bounds.width * scale), height: Int(window.bounds.height * scale))
    Renderer(textRenderer: text).draw(window, into: display.framebuffer)
    return display
}

/// The labels of the comparison, their frames and fonts multiplied by `k`:
/// alignments, a line cut with an ellipsis and a wrapped paragraph.
private func labels(_ k: Double) -> [View] {
    func label(_ text: String, _ frame: Rect, size: Double, _ configure: (Label) -> Void = { _ in }) -> Label {
        let label = Label(
            frame: Rect(x: frame.minX * k, y: frame.minY * k, width: frame.width * k, height: frame.height * k),
            name: text, text: text)
        label.font = .system(size: size * k)
        label.textColor = Color(rgb: 0xF2F2F7)
        configure(label)
        return label
    }
    return [
        label("Living room 21.5 °C", Rect(x: 8, y: 6, width: 184, height: 24), size: 17),
        label("Centred", Rect(x: 8, y: 32, width: 90, height: 20), size: 13) { $0.textAlignment = .center },
        label("Right", Rect(x: 102, y: 32, width: 90, height: 20), size: 13) { $0.textAlignment = .right },
        label("A line too long for its frame is cut", Rect(x: 8, y: 54, width: 120, height: 20), size: 14),
        label(
            "Lines break at word boundaries when they are too long.", Rect(x: 8, y: 76, width: 150, height: 40),
            size: 12
        ) {
            $0.numberOfLines = 0
            $0.font = .boldSystem(size: 12 * k)
        }
    ]
}

/// Pixels of `a` and `b` that differ at all.
private func differingPixels(_ a: Framebuffer, _ b: Framebuffer) -> Int {
    GoldenImage.compare(a, with: b, tolerance: 0).differingPixels
}

@Suite("Text at a screen's scale")
struct ScaledTextTests {
    @Test(
        "Crisp text: labels drawn at scale 2 equal, pixel for pixel, the same labels at scale 1 with twice the font size and twice the frame"
    )
    func scale2IsTwiceTheSize() throws {
        let text = try makeRenderer()
        let (application, scaled) = screenWindow(Size(width: 200, height: 120), scale: 2, labels(1))
        let (referenceApplication, reference) = screenWindow(Size(width: 400, height: 240), scale: 1, labels(2))
        let atScale2 = drawn(scaled, with: text)
        let doubled = drawn(reference, with: text)
        #expect(atScale2.framebuffer.width == 400 && atScale2.framebuffer.height == 240)
        #expect(inkPixelCount(atScale2.framebuffer, background: Color(rgb: 0x1C1C1E)) > 2000)
        #expect(differingPixels(atScale2.framebuffer, doubled.framebuffer) == 0)
        withExtendedLifetime((application, referenceApplication)) {}
    }

    @Test(
        "Crisp text: labels drawn at scale 2 differ from their scale-1 drawing enlarged: glyphs are rasterized at the panel's resolution"
    )
    func scale2IsNotUpscaled() throws {
        let text = try makeRenderer()
        let (application, scaled) = screenWindow(Size(width: 200, height: 120), scale: 2, labels(1))
        let (smallApplication, small) = screenWindow(Size(width: 200, height: 120), scale: 1, labels(1))
        let atScale2 = drawn(scaled, with: text)
        let atScale1 = drawn(small, with: text)
        // The scale-1 drawing enlarged as a 1x image would be: each pixel becomes 2×2.
        let upscaled = HeadlessDisplay(width: 400, height: 240)
        let source = atScale1.framebuffer
        let image = Image(
            width: source.width, height: source.height,
            pixels: (0..<source.width * source.height).map {
                source.color(atX: $0 % source.width, y: $0 / source.width)
            })
        GraphicsContext(framebuffer: upscaled.framebuffer, scale: 2).draw(
            image, in: Rect(x: 0, y: 0, width: 200, height: 120))
        #expect(upscaled.framebuffer.color(atX: 21, y: 33) == source.color(atX: 10, y: 16))
        // Outside the text both are the background; along every glyph's edges they part.
        let differing = differingPixels(atScale2.framebuffer, upscaled.framebuffer)
        #expect(differing > 1500, "\(differing) pixels differ")
        withExtendedLifetime((application, smallApplication, atScale1)) {}
    }

    @Test(
        "Text measured at scale 2 fits its drawing: a label as wide as its intrinsic size shows its whole text, a point narrower is cut"
    )
    func measuringMatchesDrawing() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 17)
        func labelDrawn(width: Double?) -> (display: HeadlessDisplay, intrinsic: Size, application: Application) {
            let label = Label(
                frame: Rect(x: 4, y: 4, width: 300, height: 28), name: "label", text: "Bluetooth off, 21.5 °C")
            label.font = font
            let (application, window) = screenWindow(Size(width: 320, height: 36), scale: 2, [label])
            window.layoutIfNeeded(measuringTextWith: text)
            let intrinsic = label.intrinsicContentSize
            if let width { label.frame.size.width = width == 0 ? intrinsic.width : width }
            return (drawn(window, with: text), intrinsic, application)
        }
        let wide = labelDrawn(width: nil)
        // Measured as drawn: at 34 pixels, halved, rounded up to whole points.
        let pixels = text.measure("Bluetooth off, 21.5 °C", font: font.scaled(by: 2), width: nil)
        #expect(
            wide.intrinsic == Size(width: (pixels.width / 2).rounded(.up), height: (pixels.height / 2).rounded(.up)))
        let exact = labelDrawn(width: 0)
        let narrower = labelDrawn(width: wide.intrinsic.width - 1)
        #expect(differingPixels(exact.display.framebuffer, wide.display.framebuffer) == 0)
        // an ellipsis instead of the end
        #expect(differingPixels(narrower.display.framebuffer, wide.display.framebuffer) > 0)
        withExtendedLifetime((wide, exact, narrower)) {}
    }
}
