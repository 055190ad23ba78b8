import Foundation
import PanelImage
import PanelTesting
import PanelUI
import Testing

// MARK: - Helpers

/// A view that draws with a closure, in its bounds coordinates.
final class PaintView: View {
    let paint: (GraphicsContext, Rect) -> Void

    init(frame: Rect, name: String = "paint", paint: @escaping (GraphicsContext, Rect) -> Void) {
        self.paint = paint
        super.init(frame: frame, name: name)
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        paint(context, bounds)
    }
}

/// `PixelFormat` is not `Sendable`, which test arguments must be.
enum TestFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    case xrgb8888, rgb565
    var pixelFormat: PixelFormat { self == .xrgb8888 ? .xrgb8888 : .rgb565 }
    var description: String { rawValue }
}

func storePixel(_ color: Color, in framebuffer: Framebuffer, x: Int, y: Int) {
    let row = framebuffer.baseAddress + y * framebuffer.stride
    switch framebuffer.format {
    case .xrgb8888:
        row.storeBytes(of: color.xrgb8888, toByteOffset: x * 4, as: UInt32.self)
    case .rgb565:
        let pixel = UInt16(color.red >> 3) << 11 | UInt16(color.green >> 2) << 5 | UInt16(color.blue >> 3)
        row.storeBytes(of: pixel, toByteOffset: x * 2, as: UInt16.self)
    }
}

func fillAll(_ framebuffer: Framebuffer, with color: Color) {
    for y in 0..<framebuffer.height {
        for x in 0..<framebuffer.width { storePixel(color, in: framebuffer, x: x, y: y) }
    }
}

/// A busy background, so that blending errors show.
func fillPattern(_ framebuffer: Framebuffer) {
    for y in 0..<framebuffer.height {
        for x in 0..<framebuffer.width {
            storePixel(
                Color(
                    red: UInt8(truncatingIfNeeded: x * 9), green: UInt8(truncatingIfNeeded: 255 - y * 5),
                    blue: UInt8(truncatingIfNeeded: (x + y) * 7)), in: framebuffer, x: x, y: y)
        }
    }
}

/// Rows of flat runs, one colour each, 1 to 12 pixels long: the flat
/// background a translucent fill mostly meets, with an edge every few pixels.
func fillRuns(_ framebuffer: Framebuffer, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for y in 0..<framebuffer.height {
        var x = 0
        while x < framebuffer.width {
            let color = Color(red: random.byte(), green: random.byte(), blue: random.byte())
            let run = Int(random.double(1...12))
            for i in x..<min(x + run, framebuffer.width) { storePixel(color, in: framebuffer, x: i, y: y) }
            x += run
        }
    }
}

/// The raw pixel values of a display (kept alive while they are read).
func rawPixels(_ display: HeadlessDisplay) -> [UInt32] {
    withExtendedLifetime(display) { rawPixels(display.framebuffer) }
}

/// How many pixels of two displays of the same size differ, as a short message ("" when none).
func pixelDifferences(_ a: HeadlessDisplay, _ b: HeadlessDisplay) -> String {
    let pa = rawPixels(a)
    let pb = rawPixels(b)
    guard pa.count == pb.count else { return "sizes differ" }
    let width = a.framebuffer.width
    let differing = pa.indices.filter { pa[$0] != pb[$0] }
    guard let first = differing.first else { return "" }
    return "\(differing.count) pixels differ, the first at (\(first % width), \(first / width))"
}

/// The raw pixel values, for exact comparisons in either format.
func rawPixels(_ framebuffer: Framebuffer) -> [UInt32] {
    var pixels: [UInt32] = []
    pixels.reserveCapacity(framebuffer.width * framebuffer.height)
    for y in 0..<framebuffer.height {
        let row = framebuffer.baseAddress + y * framebuffer.stride
        for x in 0..<framebuffer.width {
            switch framebuffer.format {
            case .xrgb8888: pixels.append(row.load(fromByteOffset: x * 4, as: UInt32.self))
            case .rgb565: pixels.append(UInt32(row.load(fromByteOffset: x * 2, as: UInt16.self)))
            }
        }
    }
    return pixels
}

/// A window of the given size, drawn once in full into a new display.
func drawn(_ window: Window, format: PixelFormat = .xrgb8888) -> HeadlessDisplay {
    let display = HeadlessDisplay(width: Int(window.bounds.width), height: Int(window.bounds.height), format: format)
    Renderer().draw(window, into: display.framebuffer)
    return display
}

func expectGolden(_ display: HeadlessDisplay, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = withExtendedLifetime(display) { GoldenImage.check(display.framebuffer, named: name) }
    #expect(result.passed, "\(result)", sourceLocation: sourceLocation)
}

// MARK: - The per-pixel rasterizer, as it was before spans: the reference

/// The signed-distance rasterizer evaluated at every pixel of the shape's
/// box, the way PanelKit drew before rows were filled as spans. The span
/// rasterizer must give the same pixels.
enum ReferenceRasterizer {
    static func coverage(distance: Double) -> Double { min(max(0.5 - distance, 0), 1) }

    static func roundedRectDistance(_ x: Double, _ y: Double, _ rect: Rect, _ radius: Double) -> Double {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        let hx = rect.width / 2 - r
        let hy = rect.height / 2 - r
        let qx = abs(x - rect.midX) - hx
        let qy = abs(y - rect.midY) - hy
        let ox = max(qx, 0)
        let oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }

    static func fillRoundedRect(
        _ fb: Framebuffer, _ rect: Rect, radius: Double, color: Color, alpha: Double, clip: Rect
    ) {
        cover(fb, rect, color: color, alpha: alpha, clip: clip) { x, y in
            coverage(distance: roundedRectDistance(x, y, rect, radius))
        }
    }

    static func strokeRoundedRect(
        _ fb: Framebuffer, _ rect: Rect, radius: Double, lineWidth: Double, color: Color,
        alpha: Double, clip: Rect
    ) {
        let inner = rect.insetBy(dx: lineWidth, dy: lineWidth)
        let innerRadius = max(radius - lineWidth, 0)
        cover(fb, rect, color: color, alpha: alpha, clip: clip) { x, y in
            let outside = coverage(distance: roundedRectDistance(x, y, rect, radius))
            guard inner.width > 0, inner.height > 0 else { return outside }
            let inside = coverage(distance: roundedRectDistance(x, y, inner, innerRadius))
            return max(outside - inside, 0)
        }
    }

    static func fillEllipse(_ fb: Framebuffer, _ rect: Rect, color: Color, alpha: Double, clip: Rect) {
        let rx = rect.width / 2
        let ry = rect.height / 2
        let cx = rect.midX
        let cy = rect.midY
        cover(fb, rect, color: color, alpha: alpha, clip: clip) { x, y in
            let nx = (x - cx) / rx
            let ny = (y - cy) / ry
            let f = (nx * nx + ny * ny).squareRoot()
            guard f > 0 else { return 1 }
            let gx = nx / rx
            let gy = ny / ry
            let gradient = (gx * gx + gy * gy).squareRoot() / f
            return coverage(distance: (f - 1) / max(gradient, 1e-9))
        }
    }

    static func cover(
        _ fb: Framebuffer, _ bounds: Rect, color: Color, alpha: Double, clip: Rect,
        _ coverage: (Double, Double) -> Double
    ) {
        guard let clip = clip.intersection(fb.bounds),
            let area = bounds.insetBy(dx: -1, dy: -1).intersection(clip)
        else { return }
        let x0 = Int(area.minX.rounded(.down))
        let x1 = Int(area.maxX.rounded(.up))
        let y0 = Int(area.minY.rounded(.down))
        let y1 = Int(area.maxY.rounded(.up))
        let base = Double(color.alpha) * alpha
        for y in y0..<y1 {
            for x in x0..<x1 {
                let c = coverage(Double(x) + 0.5, Double(y) + 0.5)
                if c > 0 { blend(fb, x: x, y: y, color: color, alpha: base * min(c, 1)) }
            }
        }
    }

    static func blend(_ fb: Framebuffer, x: Int, y: Int, color: Color, alpha: Double) {
        let a = UInt32(min(max(alpha, 0), 255).rounded())
        guard a > 0 else { return }
        let row = fb.baseAddress + y * fb.stride
        let under: UInt32
        switch fb.format {
        case .xrgb8888: under = row.load(fromByteOffset: x * 4, as: UInt32.self)
        case .rgb565:
            let v = UInt32(row.load(fromByteOffset: x * 2, as: UInt16.self))
            let r5 = (v >> 11) & 0x1F
            let g6 = (v >> 5) & 0x3F
            let b5 = v & 0x1F
            under = (((r5 << 3) | (r5 >> 2)) << 16) | (((g6 << 2) | (g6 >> 4)) << 8) | ((b5 << 3) | (b5 >> 2))
        }
        let inverse = 255 - a
        let r = (UInt32(color.red) * a + ((under >> 16) & 0xFF) * inverse + 127) / 255
        let g = (UInt32(color.green) * a + ((under >> 8) & 0xFF) * inverse + 127) / 255
        let b = (UInt32(color.blue) * a + (under & 0xFF) * inverse + 127) / 255
        let result = 0xFF00_0000 | (r << 16) | (g << 8) | b
        switch fb.format {
        case .xrgb8888: row.storeBytes(of: result, toByteOffset: x * 4, as: UInt32.self)
        case .rgb565:
            let p = UInt16(
                truncatingIfNeeded: ((result >> 8) & 0xF800) | ((result >> 5) & 0x07E0) | ((result >> 3) & 0x1F))
            row.storeBytes(of: p, toByteOffset: x * 2, as: UInt16.self)
        }
    }
}

// MARK: - Scenes for the golden images (120×80 unless said)

enum Scenes {
    static let backdrop = Color(rgb: 0x1E2430)

    static func window(width: Double = 120, height: Double = 80) -> Window {
        let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        window.backgroundColor = backdrop
        return window
    }

    /// Filled rectangles with edges at fractional positions: their edge pixels are partly covered.
    static func fractionalRects() -> Window {
        let window = window()
        window.addSubview(
            PaintView(frame: window.bounds) { context, _ in
                context.fill(Rect(x: 8.5, y: 8.25, width: 30.5, height: 20.75), color: Color(rgb: 0xE04040))
                context.fill(Rect(x: 46.3, y: 8.7, width: 20.4, height: 20.2), color: Color(rgb: 0x40C060))
                context.fill(Rect(x: 74.25, y: 6, width: 1.5, height: 30), color: .white) // a thin bar
                context.fill(Rect(x: 80.5, y: 6, width: 0.5, height: 30), color: .white) // half a pixel wide
                context.fill(Rect(x: 86, y: 6.5, width: 26, height: 0.75), color: .white)
                context.fill(
                    Rect(x: 20.5, y: 22.5, width: 60, height: 30),
                    color: Color(red: 60, green: 120, blue: 240, alpha: 160)) // translucent, over the others
                context.fill(Rect(x: 90.75, y: 40.25, width: 21.5, height: 31.5), color: Color(rgb: 0xF0C020))
            })
        return window
    }

    /// Rounded rectangles filled and stroked: the corners are anti-aliased arcs.
    static func roundedRects() -> Window {
        let window = window()
        window.addSubview(
            PaintView(frame: window.bounds) { context, _ in
                context.fill(
                    roundedRect: Rect(x: 6.5, y: 6.25, width: 50, height: 32), cornerRadius: 12,
                    color: Color(rgb: 0x3C8CE6))
                context.stroke(
                    roundedRect: Rect(x: 63.25, y: 6.5, width: 50, height: 32), cornerRadius: 14,
                    lineWidth: 3, color: Color(rgb: 0xF2F2F2))
                context.stroke(
                    roundedRect: Rect(x: 6.5, y: 44.5, width: 34, height: 28), cornerRadius: 8,
                    lineWidth: 1, color: Color(rgb: 0xF0C020))
                context.stroke(
                    Rect(x: 46.5, y: 44.5, width: 28, height: 28), lineWidth: 1.5, color: Color(rgb: 0x40C060))
                // A pill (radius larger than half the height is clamped) with a translucent ring over it.
                context.fill(
                    roundedRect: Rect(x: 80, y: 48.5, width: 34, height: 18), cornerRadius: 20,
                    color: Color(rgb: 0xE04040))
                context.stroke(
                    roundedRect: Rect(x: 78, y: 44, width: 38, height: 27), cornerRadius: 10,
                    lineWidth: 4, color: Color(red: 255, green: 255, blue: 255, alpha: 128))
            })
        return window
    }

    static func ellipses() -> Window {
        let window = window()
        window.addSubview(
            PaintView(frame: window.bounds) { context, _ in
                context.fill(ellipseIn: Rect(x: 6.5, y: 10.5, width: 50, height: 50), color: Color(rgb: 0xE04040))
                context.fill(ellipseIn: Rect(x: 60.25, y: 8, width: 54, height: 22), color: Color(rgb: 0x40C060))
                context.fill(ellipseIn: Rect(x: 62.5, y: 36.5, width: 7, height: 7), color: .white)
                context.fill(ellipseIn: Rect(x: 74, y: 38, width: 12, height: 36), color: Color(rgb: 0xF0C020))
                context.fill(
                    ellipseIn: Rect(x: 30, y: 40, width: 84, height: 30),
                    color: Color(red: 60, green: 120, blue: 240, alpha: 140))
            })
        return window
    }

    /// A 12×12 image whose alpha runs from clear (left) to opaque (right), with
    /// a clear hole, scaled up and drawn once at full alpha and once at half.
    static func imageWithAlpha() -> Window {
        var pixels: [Color] = []
        for y in 0..<12 {
            for x in 0..<12 {
                let hole = (4..<8).contains(x) && (4..<8).contains(y)
                let alpha = hole ? 0 : UInt8(x * 255 / 11)
                pixels.append(
                    y < 6
                        ? Color(red: 255, green: 255, blue: 255, alpha: alpha)
                        : Color(red: 20, green: 60, blue: 200, alpha: alpha))
            }
        }
        let image = Image(width: 12, height: 12, pixels: pixels)
        let window = window()
        let plate = View(frame: Rect(x: 4, y: 4, width: 112, height: 72), name: "plate")
        plate.backgroundColor = Color(rgb: 0xE07020)
        window.addSubview(plate)
        plate.addSubview(
            PaintView(frame: Rect(x: 4, y: 6, width: 48, height: 48)) { context, bounds in
                context.draw(image, in: bounds)
            })
        let faded = PaintView(frame: Rect(x: 58, y: 6, width: 48, height: 60)) { context, bounds in
            context.draw(image, in: bounds)
        }
        faded.alpha = 0.5
        plate.addSubview(faded)
        return window
    }

    /// Backgrounds blended by the views' alpha, nested alpha multiplying.
    static func viewAlpha() -> Window {
        let window = window()
        func box(_ frame: Rect, _ rgb: UInt32, alpha: Double) -> View {
            let view = View(frame: frame)
            view.backgroundColor = Color(rgb: rgb)
            view.alpha = alpha
            return view
        }
        window.addSubview(box(Rect(x: 8, y: 8, width: 50, height: 40), 0xE04040, alpha: 1))
        window.addSubview(box(Rect(x: 30, y: 24, width: 50, height: 40), 0x40C060, alpha: 0.5))
        let parent = box(Rect(x: 66, y: 10, width: 46, height: 60), 0x3C8CE6, alpha: 0.5)
        window.addSubview(parent)
        parent.addSubview(box(Rect(x: 8, y: 8, width: 30, height: 44), 0xFFFFFF, alpha: 0.6)) // 0.3 in all
        let translucentColor = View(frame: Rect(x: 4, y: 56, width: 56, height: 18))
        translucentColor.backgroundColor = Color(red: 240, green: 200, blue: 40, alpha: 128)
        window.addSubview(translucentColor)
        return window
    }

    /// The left parent (at a fractional frame) clips its children, the right one does not.
    static func clipping() -> Window {
        let window = window()
        for (index, clips) in [true, false].enumerated() {
            let parent = View(frame: Rect(x: 10.5 + Double(index) * 60, y: 20.5, width: 40, height: 40))
            parent.backgroundColor = Color(rgb: 0x3A4050)
            parent.clipsToBounds = clips
            window.addSubview(parent)
            let child = PaintView(frame: Rect(x: -12, y: -12, width: 44, height: 30)) { context, bounds in
                context.fill(roundedRect: bounds, cornerRadius: 10, color: Color(rgb: 0xE04040))
            }
            parent.addSubview(child)
            let dot = PaintView(frame: Rect(x: 22, y: 22, width: 26, height: 26)) { context, bounds in
                context.fill(ellipseIn: bounds, color: Color(rgb: 0xF0C020))
            }
            parent.addSubview(dot)
        }
        return window
    }

    /// A bit of everything: for RGB565 output and rotation.
    static func composite(width: Double = 120, height: Double = 80) -> Window {
        let window = window(width: width, height: height)
        let card = PaintView(frame: Rect(x: 6.5, y: 6.5, width: width - 13, height: height * 0.55)) { context, bounds in
            context.fill(roundedRect: bounds, cornerRadius: 10, color: Color(rgb: 0xF2F2F2))
            context.stroke(roundedRect: bounds, cornerRadius: 10, lineWidth: 2, color: Color(rgb: 0x3C8CE6))
            context.fill(ellipseIn: Rect(x: 8, y: 8, width: 20, height: 20), color: Color(rgb: 0xE04040))
            context.fill(Rect(x: 34, y: 10.5, width: bounds.width - 44, height: 4), color: Color(rgb: 0x3A4050))
            context.fill(Rect(x: 34, y: 19.5, width: (bounds.width - 44) * 0.6, height: 4), color: Color(rgb: 0x8A90A0))
        }
        window.addSubview(card)
        let button = View(frame: Rect(x: 10, y: height * 0.55 + 14, width: width * 0.45, height: height * 0.2))
        button.backgroundColor = Color(rgb: 0x40C060)
        window.addSubview(button)
        let overlay = View(frame: Rect(x: width * 0.35, y: height * 0.45, width: width * 0.55, height: height * 0.4))
        overlay.backgroundColor = Color(rgb: 0xF0C020)
        overlay.alpha = 0.6
        window.addSubview(overlay)
        return window
    }
}

// MARK: - Tests

@Suite("Renderer")
struct RendererTests {
    // MARK: Rasterizer

    @Test(
        "Span filling gives the per-pixel rasterizer's pixels for random shapes, alphas and clips",
        arguments: TestFormat.allCases)
    func spansMatchPerPixelReference(_ format: TestFormat) {
        var random = SeededGenerator(seed: format == .xrgb8888 ? 1 : 2)
        let fast = HeadlessDisplay(width: 64, height: 48, format: format.pixelFormat)
        let reference = HeadlessDisplay(width: 64, height: 48, format: format.pixelFormat)
        var worst = 0
        var differing = 0
        var shapes = 0
        for round in 0..<600 {
            // Mostly a busy background; every seventh round a flat one, where a
            // pixel and its mirror in the other half hold the same colour.
            if round % 7 == 6 {
                fillAll(fast.framebuffer, with: Color(red: 40, green: 90, blue: 200))
                fillAll(reference.framebuffer, with: Color(red: 40, green: 90, blue: 200))
            } else {
                fillPattern(fast.framebuffer)
                fillPattern(reference.framebuffer)
            }
            var rect = Rect(
                x: random.double(-12...60), y: random.double(-12...44),
                width: random.double(0.3...70), height: random.double(0.3...50))
            if round % 2 == 1 {
                // Centred on a pixel row's edge or centre: the bottom half mirrors the top.
                rect.origin.y = (rect.origin.y * 2).rounded() / 2
                rect.size.height = max(rect.size.height.rounded(), 1)
            }
            let color = Color(
                red: random.byte(), green: random.byte(), blue: random.byte(),
                alpha: round % 3 == 0 ? random.byte() : 255)
            let alpha = round % 4 == 0 ? random.double(0...1) : 1
            let clip =
                round % 5 == 0
                ? Rect(
                    x: random.double(-4...40), y: random.double(-4...30), width: random.double(1...40),
                    height: random.double(1...30))
                : fast.framebuffer.bounds
            let radius = random.double(0...40)
            let lineWidth = random.double(0.2...14)
            let context = GraphicsContext(framebuffer: fast.framebuffer, clip: clip, alpha: alpha)
            switch round % 3 {
            case 0:
                context.fill(roundedRect: rect, cornerRadius: round % 6 == 0 ? 0 : radius, color: color)
                ReferenceRasterizer.fillRoundedRect(
                    reference.framebuffer, rect, radius: round % 6 == 0 ? 0 : radius,
                    color: color, alpha: alpha, clip: clip)
            case 1:
                context.stroke(roundedRect: rect, cornerRadius: radius, lineWidth: lineWidth, color: color)
                ReferenceRasterizer.strokeRoundedRect(
                    reference.framebuffer, rect, radius: radius, lineWidth: lineWidth,
                    color: color, alpha: alpha, clip: clip)
            default:
                context.fill(ellipseIn: rect, color: color)
                ReferenceRasterizer.fillEllipse(reference.framebuffer, rect, color: color, alpha: alpha, clip: clip)
            }
            shapes += 1
            for y in 0..<48 {
                for x in 0..<64 {
                    let d = GoldenImage.channelDifference(
                        fast.framebuffer.color(atX: x, y: y),
                        reference.framebuffer.color(atX: x, y: y))
                    if d > 0 { differing += 1 }
                    worst = max(worst, d)
                }
            }
        }
        #expect(shapes == 600)
        // One step of 1/255 is allowed; 565 widens a 5-bit step to 8 or 9.
        #expect(worst <= (format == .xrgb8888 ? 1 : 9), "largest channel difference \(worst) over \(differing) pixels")
        #expect(differing == 0, "\(differing) pixels differ from the per-pixel rasterizer (largest \(worst))")
    }

    @Test(
        "A square-cornered rectangle on whole pixels (a background: filled as plain spans) gives the per-pixel rasterizer's pixels",
        arguments: TestFormat.allCases)
    func wholePixelRectanglesMatchPerPixelReference(_ format: TestFormat) {
        var random = SeededGenerator(seed: format == .xrgb8888 ? 3 : 4)
        let fast = HeadlessDisplay(width: 200, height: 48, format: format.pixelFormat)
        let reference = HeadlessDisplay(width: 200, height: 48, format: format.pixelFormat)
        var differing = 0
        var filled = 0
        for round in 0..<400 {
            // A pattern that changes every pixel, or flat runs (where a
            // translucent span writes four repeats at once).
            if round % 4 < 2 {
                fillPattern(fast.framebuffer)
                fillPattern(reference.framebuffer)
            } else {
                fillRuns(fast.framebuffer, seed: UInt64(round))
                fillRuns(reference.framebuffer, seed: UInt64(round))
            }
            // Whole numbers, some past the edges, from a pixel to wider than the
            // framebuffer (rows of every length: stored, and copied from the row
            // above once wide); every other clip fractional.
            let rect = Rect(
                x: Double(Int(random.double(-12...180))), y: Double(Int(random.double(-12...44))),
                width: Double(Int(random.double(1...(round % 5 == 0 ? 230 : 40)))),
                height: Double(Int(random.double(1...50))))
            let color = Color(
                red: random.byte(), green: random.byte(), blue: random.byte(),
                alpha: round % 3 == 0 ? random.byte() : 255)
            let alpha = round % 4 == 0 ? random.double(0...1) : 1
            let clip =
                round % 2 == 0
                ? Rect(
                    x: random.double(-4...180), y: random.double(-4...30), width: random.double(1...200),
                    height: random.double(1...30))
                : fast.framebuffer.bounds
            GraphicsContext(framebuffer: fast.framebuffer, clip: clip, alpha: alpha).fill(rect, color: color)
            ReferenceRasterizer.fillRoundedRect(
                reference.framebuffer, rect, radius: 0, color: color, alpha: alpha, clip: clip)
            for y in 0..<48 {
                for x in 0..<200 where fast.framebuffer.color(atX: x, y: y) != reference.framebuffer.color(atX: x, y: y)
                {
                    differing += 1
                }
            }
            filled += 1
        }
        #expect(filled == 400)
        #expect(differing == 0, "\(differing) pixels differ from the per-pixel rasterizer")
    }

    @Test("A fully covered row is one run: the interior of a large rounded rectangle is exactly the colour")
    func interiorIsSolid() {
        let display = HeadlessDisplay(width: 100, height: 60)
        fillPattern(display.framebuffer)
        let context = GraphicsContext(framebuffer: display.framebuffer)
        context.fill(
            roundedRect: Rect(x: 10.3, y: 5.6, width: 80, height: 50), cornerRadius: 15, color: Color(rgb: 0x123456))
        for y in 7..<54 {
            for x in 26..<74 { #expect(display.framebuffer.color(atX: x, y: y) == Color(rgb: 0x123456)) }
        }
        // Outside the shape and its one-pixel ramp nothing changed.
        let untouched = HeadlessDisplay(width: 100, height: 60)
        fillPattern(untouched.framebuffer)
        #expect(display.framebuffer.color(atX: 9, y: 30) == untouched.framebuffer.color(atX: 9, y: 30))
        #expect(display.framebuffer.color(atX: 91, y: 30) == untouched.framebuffer.color(atX: 91, y: 30))
        // outside the corner arc
        #expect(display.framebuffer.color(atX: 11, y: 6) == untouched.framebuffer.color(atX: 11, y: 6))
    }

    @Test("Shapes far outside the framebuffer or with huge coordinates draw nothing and do not trap")
    func extremeCoordinates() {
        let display = HeadlessDisplay(width: 20, height: 20)
        fillAll(display.framebuffer, with: .black)
        let context = GraphicsContext(framebuffer: display.framebuffer)
        context.fill(Rect(x: 1e12, y: 5, width: 10, height: 10), color: .white)
        context.fill(ellipseIn: Rect(x: -1e15, y: -1e15, width: 1e14, height: 1e14), color: .white)
        context.stroke(
            roundedRect: Rect(x: 5, y: 1e300, width: 4, height: 4), cornerRadius: 1, lineWidth: 1, color: .white)
        context.fill(Rect(x: 2, y: 2, width: 0, height: 10), color: .white)
        #expect(rawPixels(display.framebuffer).allSatisfy { $0 == Color.black.xrgb8888 })
        // A rectangle far larger than the framebuffer covers it.
        context.fill(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), color: .white)
        #expect(rawPixels(display.framebuffer).allSatisfy { $0 == Color.white.xrgb8888 })
    }

    // MARK: Golden images

    @Test("Golden: filled rectangles at fractional positions")
    func goldenFractionalRects() {
        expectGolden(drawn(Scenes.fractionalRects()), "fractional-rects")
    }

    @Test("Golden: rounded rectangles filled and stroked, anti-aliased corners")
    func goldenRoundedRects() {
        expectGolden(drawn(Scenes.roundedRects()), "rounded-rects")
    }

    @Test("Golden: ellipses and circles")
    func goldenEllipses() {
        expectGolden(drawn(Scenes.ellipses()), "ellipses")
    }

    @Test("Golden: an image with alpha over a colour, at full and half view alpha")
    func goldenImageWithAlpha() {
        expectGolden(drawn(Scenes.imageWithAlpha()), "image-alpha")
    }

    @Test("Golden: views blended by their alpha, nested alpha multiplying")
    func goldenViewAlpha() {
        expectGolden(drawn(Scenes.viewAlpha()), "view-alpha")
    }

    @Test("Golden: clipsToBounds clips subviews to a fractional frame; without it they overflow")
    func goldenClipping() {
        expectGolden(drawn(Scenes.clipping()), "clips-to-bounds")
    }

    @Test("Golden: the composite scene in XRGB8888 and in RGB565")
    func goldenCompositeBothFormats() {
        let xrgb = drawn(Scenes.composite())
        expectGolden(xrgb, "composite-xrgb8888")
        let rgb565 = drawn(Scenes.composite(), format: .rgb565)
        defer { withExtendedLifetime((xrgb, rgb565)) {} }
        expectGolden(rgb565, "composite-rgb565")
        // The 565 picture is the 8888 one quantized: no channel further than a 5-bit step.
        var worst = 0
        for y in 0..<80 {
            for x in 0..<120 {
                worst = max(
                    worst,
                    GoldenImage.channelDifference(
                        xrgb.framebuffer.color(atX: x, y: y),
                        rgb565.framebuffer.color(atX: x, y: y)))
            }
        }
        #expect(worst <= 12, "RGB565 strays \(worst) from XRGB8888")
    }

    @Test("Clipping drops exactly the pixels outside the clipping parent")
    func clippingKeepsChildrenInside() {
        let display = drawn(Scenes.clipping())
        defer { withExtendedLifetime(display) {} }
        let framebuffer = display.framebuffer
        let red = Color(rgb: 0xE04040)
        let yellow = Color(rgb: 0xF0C020)
        // The clipped children (left) show nothing outside their parent (10.5 ..< 50.5, 20.5 ..< 60.5),
        // on any side...
        #expect(framebuffer.color(atX: 5, y: 15) == Scenes.backdrop)
        #expect(framebuffer.color(atX: 12, y: 22) == red)
        #expect(framebuffer.color(atX: 45, y: 55) == yellow)
        #expect(framebuffer.color(atX: 52, y: 55) == Scenes.backdrop)
        #expect(framebuffer.color(atX: 45, y: 62) == Scenes.backdrop)
        // ...the unclipped ones (right, parent 70.5 ..< 110.5) overflow.
        #expect(framebuffer.color(atX: 65, y: 15) == red)
        #expect(framebuffer.color(atX: 112, y: 55) == yellow)
        #expect(framebuffer.color(atX: 105, y: 62) == yellow)
    }

    // MARK: Dirty rectangles

    @Test("A new window is fully dirty: the first render draws it all and returns the framebuffer")
    func firstRenderDrawsEverything() {
        let window = Scenes.viewAlpha()
        #expect(window.dirtyRect == window.bounds)
        let display = HeadlessDisplay(width: 120, height: 80)
        let area = Renderer().render(window, into: display.framebuffer)
        #expect(area == DirtyRegion(Rect(x: 0, y: 0, width: 120, height: 80)))
        #expect(window.dirtyRect.isEmpty)
        let full = drawn(Scenes.viewAlpha())
        #expect(pixelDifferences(display, full) == "")
    }

    @Test(
        "Changing one view's colour redraws only its frame, rounded out to whole pixels", arguments: TestFormat.allCases
    )
    func colourChangeRedrawsItsFrame(_ format: TestFormat) {
        let window = Scenes.window()
        let target = View(frame: Rect(x: 10.5, y: 20.25, width: 30, height: 15.5), name: "target")
        target.backgroundColor = Color(rgb: 0xE04040)
        let other = View(frame: Rect(x: 60, y: 10, width: 40, height: 40), name: "other")
        other.backgroundColor = Color(rgb: 0x40C060)
        window.addSubview(target)
        window.addSubview(other)
        let renderer = Renderer()
        let display = HeadlessDisplay(width: 120, height: 80, format: format.pixelFormat)
        #expect(renderer.render(window, into: display.framebuffer) == DirtyRegion(window.bounds))

        let sentinel = Color(rgb: 0xFF00FF)
        fillAll(display.framebuffer, with: sentinel)
        let before = rawPixels(display.framebuffer)
        target.backgroundColor = Color(rgb: 0x3C8CE6)
        let redrawn = renderer.render(window, into: display.framebuffer)

        // 10.5 ..< 40.5 and 20.25 ..< 35.75, rounded out.
        #expect(redrawn == DirtyRegion(Rect(x: 10, y: 20, width: 31, height: 16)))
        let area = redrawn.first
        let after = rawPixels(display.framebuffer)
        var changedOutside = 0
        var changedInside = 0
        for y in 0..<80 {
            for x in 0..<120 where before[y * 120 + x] != after[y * 120 + x] {
                if let area, area.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    changedInside += 1
                } else {
                    changedOutside += 1
                }
            }
        }
        #expect(changedOutside == 0)
        #expect(changedInside == 31 * 16) // the sentinel is nowhere in the scene: every redrawn pixel changed
        // What was redrawn is what a full draw gives there, partly covered edge pixels included.
        let full = drawn(window, format: format.pixelFormat)
        defer { withExtendedLifetime(full) {} }
        for y in 20..<36 {
            for x in 10..<41 {
                #expect(display.framebuffer.color(atX: x, y: y) == full.framebuffer.color(atX: x, y: y))
            }
        }
    }

    @Test("A frame without changes redraws nothing")
    func unchangedFrameRedrawsNothing() {
        let window = Scenes.composite()
        let renderer = Renderer()
        let display = HeadlessDisplay(width: 120, height: 80)
        #expect(!renderer.render(window, into: display.framebuffer).isEmpty)
        fillAll(display.framebuffer, with: Color(rgb: 0xFF00FF))
        let before = rawPixels(display.framebuffer)
        #expect(renderer.render(window, into: display.framebuffer).isEmpty)
        #expect(rawPixels(display.framebuffer) == before)
    }

    @Test(
        "Moves, alpha, hiding and removal redraw old and new areas the same as a full redraw",
        arguments: TestFormat.allCases)
    func incrementalMatchesFullRedraw(_ format: TestFormat) {
        let window = Scenes.composite()
        let renderer = Renderer()
        let display = HeadlessDisplay(width: 120, height: 80, format: format.pixelFormat)
        renderer.render(window, into: display.framebuffer)
        let card = window.subviews[0]
        let button = window.subviews[1]
        let overlay = window.subviews[2]
        let changes: [() -> Void] = [
            { button.center.x += 7.25 },
            { overlay.alpha = 0.3 },
            { card.center.y += 0.5 },
            { overlay.isHidden = true },
            { button.removeFromSuperview() },
            {
                overlay.isHidden = false
                overlay.bounds.size.width -= 10.5
            },
            { card.setNeedsDisplay() }
        ]
        for (step, change) in changes.enumerated() {
            change()
            let area = renderer.render(window, into: display.framebuffer)
            #expect(!area.isEmpty, "step \(step) redrew nothing")
            let full = drawn(window, format: format.pixelFormat)
            #expect(
                pixelDifferences(display, full) == "",
                "after step \(step) the incremental frame differs from a full redraw")
        }
    }

    @Test(
        "Changes far apart redraw as separate areas, each rounded out to whole pixels, and the frame equals a full redraw",
        arguments: TestFormat.allCases)
    func disjointChangesRedrawSeparately(_ format: TestFormat) {
        let window = Scenes.composite()
        let renderer = Renderer()
        let display = HeadlessDisplay(width: 120, height: 80, format: format.pixelFormat)
        renderer.render(window, into: display.framebuffer)
        let card = window.subviews[0]
        let button = window.subviews[1]
        card.setNeedsDisplay(Rect(x: 1.5, y: 1.25, width: 9, height: 8)) // the card's top-left corner
        card.setNeedsDisplay(Rect(x: 90, y: 30, width: 40, height: 40)) // its bottom-right, cut to its bounds
        button.backgroundColor = Color(rgb: 0x3C8CE6)
        let sentinel = Color(rgb: 0xFF00FF)
        fillAll(display.framebuffer, with: sentinel)
        let redrawn = renderer.render(window, into: display.framebuffer)

        // The card's corner (6.5 + 1.5 = 8 ..< 17, 7.75 ..< 15.75), its bottom-right (96.5 ..< 113.5, 36.5 ..< 50.5)
        // and the button (10 ..< 64, 58 ..< 74): three areas, none covering another's pixels.
        #expect(redrawn.count == 3)
        #expect(redrawn.contains(Rect(x: 8, y: 7, width: 9, height: 9)))
        #expect(redrawn.contains(Rect(x: 96, y: 36, width: 18, height: 15)))
        #expect(redrawn.contains(Rect(x: 10, y: 58, width: 54, height: 16)))
        // Exactly their pixels were drawn, each as a full redraw draws it.
        let full = drawn(window, format: format.pixelFormat)
        defer { withExtendedLifetime(full) {} }
        for y in 0..<80 {
            for x in 0..<120 {
                let inside = redrawn.contains { $0.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) }
                let pixel = display.framebuffer.color(atX: x, y: y)
                #expect(pixel == (inside ? full.framebuffer.color(atX: x, y: y) : sentinel), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("A dirty area partly outside the framebuffer is clipped to it")
    func dirtyAreaClippedToFramebuffer() {
        let window = Scenes.window()
        let view = View(frame: Rect(x: 100.5, y: 70, width: 40, height: 40))
        view.backgroundColor = .white
        window.addSubview(view)
        let display = HeadlessDisplay(width: 120, height: 80)
        Renderer().render(window, into: display.framebuffer)
        view.backgroundColor = Color(rgb: 0xE04040)
        #expect(
            Renderer().render(window, into: display.framebuffer)
                == DirtyRegion(Rect(x: 100, y: 70, width: 20, height: 10)))
        view.center = Point(x: 500, y: 500) // dirty: the old frame (on screen) and the new one (off it)
        #expect(
            Renderer().render(window, into: display.framebuffer)
                == DirtyRegion(Rect(x: 100, y: 70, width: 20, height: 10)))
        view.center = Point(x: 900, y: 900) // off screen to off screen
        #expect(Renderer().render(window, into: display.framebuffer).isEmpty)
        #expect(window.dirtyRect.isEmpty)

        let fb = display.framebuffer
        #expect(
            Renderer.pixelArea(covering: Rect(x: 3.2, y: 4.7, width: 1, height: 1), in: fb)
                == Rect(x: 3, y: 4, width: 2, height: 2))
        #expect(
            Renderer.pixelArea(
                covering: Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity), in: fb) == fb.bounds)
        #expect(Renderer.pixelArea(covering: Rect(x: 5, y: 5, width: 0, height: 3), in: fb) == nil)
    }

    @Test(
        "Views hidden by an opaque background drawn later are skipped, and no pixel is left to what was there before",
        arguments: TestFormat.allCases)
    func occludedViewsLeaveNoStalePixels(format: TestFormat) {
        let window = Scenes.window()
        window.backgroundColor = Color(rgb: 0x202830)
        // Behind: a full-size view with a circle, covered in parts by what follows.
        let back = PaintView(frame: Rect(x: 0, y: 0, width: 120, height: 80)) { context, bounds in
            context.fill(ellipseIn: bounds.insetBy(dx: 10, dy: 10), color: Color(rgb: 0xE04040))
        }
        back.backgroundColor = Color(rgb: 0x406080)
        window.addSubview(back)
        // Opaque across the top, scrolled (its background is placed by its bounds origin, so
        // it misses the top rows), and opaque at a fractional position.
        let scrolled = View(frame: Rect(x: 0, y: 0, width: 120, height: 30.5))
        scrolled.bounds = Rect(x: 0, y: 12, width: 120, height: 30.5)
        scrolled.backgroundColor = Color(rgb: 0x30C060)
        window.addSubview(scrolled)
        let patch = View(frame: Rect(x: 10.5, y: 35.25, width: 30, height: 20))
        patch.backgroundColor = Color(rgb: 0x8040C0)
        window.addSubview(patch)
        let bar = View(frame: Rect(x: 0, y: 60, width: 120, height: 20))
        bar.backgroundColor = Color(rgb: 0xF0F0F0)
        window.addSubview(bar)
        // Translucent: hides nothing.
        let veil = View(frame: Rect(x: 50, y: 30, width: 60, height: 40))
        veil.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 128)
        window.addSubview(veil)
        // Two frames over different previous contents must come out the same.
        var frames: [HeadlessDisplay] = []
        for garbage: UInt8 in [0x00, 0xFF] {
            let display = HeadlessDisplay(width: 120, height: 80, format: format.pixelFormat)
            display.framebuffer.baseAddress.initializeMemory(
                as: UInt8.self, repeating: garbage,
                count: display.framebuffer.stride * 80)
            Renderer().draw(window, into: display.framebuffer)
            frames.append(display)
        }
        #expect(pixelDifferences(frames[0], frames[1]) == "")
    }

    // MARK: Rotation

    /// A framebuffer with padded rows (the padding holds 0xA5), owning its memory.
    final class PaddedFramebuffer {
        let framebuffer: Framebuffer
        let memory: UnsafeMutableRawPointer
        let byteCount: Int

        init(width: Int, height: Int, format: PixelFormat, padding: Int) {
            let stride = width * format.bytesPerPixel + padding
            byteCount = stride * height
            memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0xA5, count: byteCount)
            framebuffer = Framebuffer(width: width, height: height, stride: stride, format: format, baseAddress: memory)
        }

        deinit { memory.deallocate() }

        var paddingIntact: Bool {
            let rowBytes = framebuffer.width * framebuffer.format.bytesPerPixel
            for y in 0..<framebuffer.height {
                for i in rowBytes..<framebuffer.stride
                where memory.load(fromByteOffset: y * framebuffer.stride + i, as: UInt8.self) != 0xA5 {
                    return false
                }
            }
            return true
        }
    }

    static let rotations: [DisplayRotation] = [.none, .clockwise90, .upsideDown, .clockwise270]

    /// A colour for each logical pixel, exact in RGB565 too.
    static func logicalColor(x: Int, y: Int) -> Color {
        Color(
            red: UInt8(truncatingIfNeeded: x * 8), green: UInt8(truncatingIfNeeded: y * 4),
            blue: UInt8(truncatingIfNeeded: (x ^ y) * 8))
    }

    @Test(
        "Rotation: the logical corners land on the documented physical corners; every pixel follows; padding untouched",
        arguments: rotations, TestFormat.allCases)
    func rotationCorners(_ rotation: DisplayRotation, _ format: TestFormat) {
        let physical = PaddedFramebuffer(width: 7, height: 5, format: format.pixelFormat, padding: 12)
        let size = rotation.logicalSize(physicalWidth: 7, physicalHeight: 5)
        let logical = PaddedFramebuffer(width: size.width, height: size.height, format: format.pixelFormat, padding: 20)
        let lw = size.width
        let lh = size.height
        for y in 0..<lh {
            for x in 0..<lw { storePixel(Self.logicalColor(x: x, y: y), in: logical.framebuffer, x: x, y: y) }
        }
        let topLeft = Color(rgb: 0xFF0000)
        let topRight = Color(rgb: 0x00FF00) // exact in RGB565 too
        let bottomLeft = Color(rgb: 0x0000FF)
        let bottomRight = Color(rgb: 0xFFFFFF)
        storePixel(topLeft, in: logical.framebuffer, x: 0, y: 0)
        storePixel(topRight, in: logical.framebuffer, x: lw - 1, y: 0)
        storePixel(bottomLeft, in: logical.framebuffer, x: 0, y: lh - 1)
        storePixel(bottomRight, in: logical.framebuffer, x: lw - 1, y: lh - 1)

        let written = logical.framebuffer.copy(
            logical.framebuffer.bounds, turnedBy: rotation, into: physical.framebuffer)
        #expect(written == physical.framebuffer.bounds)

        let fb = physical.framebuffer
        let (left, right, top, bottom) = (0, 6, 0, 4)
        switch rotation {
        case .none:
            #expect(fb.color(atX: left, y: top) == topLeft)
            #expect(fb.color(atX: right, y: top) == topRight)
            #expect(fb.color(atX: left, y: bottom) == bottomLeft)
            #expect(fb.color(atX: right, y: bottom) == bottomRight)
        case .clockwise90:
            // Turned a quarter clockwise: the logical top edge runs down the physical right edge.
            #expect(fb.color(atX: right, y: top) == topLeft)
            #expect(fb.color(atX: right, y: bottom) == topRight)
            #expect(fb.color(atX: left, y: top) == bottomLeft)
            #expect(fb.color(atX: left, y: bottom) == bottomRight)
        case .upsideDown:
            #expect(fb.color(atX: right, y: bottom) == topLeft)
            #expect(fb.color(atX: left, y: bottom) == topRight)
            #expect(fb.color(atX: right, y: top) == bottomLeft)
            #expect(fb.color(atX: left, y: top) == bottomRight)
        case .clockwise270:
            #expect(fb.color(atX: left, y: bottom) == topLeft)
            #expect(fb.color(atX: left, y: top) == topRight)
            #expect(fb.color(atX: right, y: bottom) == bottomLeft)
            #expect(fb.color(atX: right, y: top) == bottomRight)
        }
        for y in 0..<lh {
            for x in 0..<lw {
                let p = rotation.physicalPixel(x: x, y: y, physicalWidth: 7, physicalHeight: 5)
                #expect(fb.color(atX: p.x, y: p.y) == logical.framebuffer.color(atX: x, y: y), "logical (\(x), \(y))")
            }
        }
        #expect(physical.paddingIntact)
        #expect(logical.paddingIntact)
    }

    @Test(
        "Rotation: copying a fractional area writes exactly its rounded-out pixels and returns where they landed",
        arguments: rotations)
    func rotationCopiesOnlyTheArea(_ rotation: DisplayRotation) {
        let physical = PaddedFramebuffer(width: 40, height: 24, format: .xrgb8888, padding: 4)
        let size = rotation.logicalSize(physicalWidth: 40, physicalHeight: 24)
        let logical = HeadlessDisplay(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width { storePixel(Self.logicalColor(x: x, y: y), in: logical.framebuffer, x: x, y: y) }
        }
        fillAll(physical.framebuffer, with: Color(rgb: 0xFF00FF))
        let area = Rect(x: 3.5, y: 2.25, width: 9, height: 11.5) // pixels 3 ..< 13, 2 ..< 14
        let written = logical.framebuffer.copy(area, turnedBy: rotation, into: physical.framebuffer)
        let expected = rotation.physicalRect(
            Rect(x: 3, y: 2, width: 10, height: 12), physicalWidth: 40, physicalHeight: 24)
        #expect(written == expected)
        var inside = 0
        for y in 0..<24 {
            for x in 0..<40 {
                let changed = physical.framebuffer.color(atX: x, y: y) != Color(rgb: 0xFF00FF)
                let shouldChange = expected.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                #expect(changed == shouldChange, "physical (\(x), \(y))")
                if changed { inside += 1 }
            }
        }
        #expect(inside == 120)
        #expect(physical.paddingIntact)
        #expect(
            logical.framebuffer.copy(
                Rect(x: 100, y: 100, width: 5, height: 5), turnedBy: rotation, into: physical.framebuffer) == nil)
    }

    @Test(
        "Presenting unturned copies exactly the area's pixels at every width, narrow rows (copied inline) and wide (memcpy) alike",
        arguments: TestFormat.allCases)
    func unturnedCopyEveryWidth(_ testFormat: TestFormat) {
        let format = testFormat.pixelFormat
        let width = 150
        let height = 6
        let logical = PaddedFramebuffer(width: width, height: height, format: format, padding: 8)
        for y in 0..<height {
            for x in 0..<width { storePixel(Self.logicalColor(x: x, y: y), in: logical.framebuffer, x: x, y: y) }
        }
        for areaWidth in 1...(width - 3) {
            let physical = PaddedFramebuffer(width: width, height: height, format: format, padding: 8)
            fillAll(physical.framebuffer, with: Color(rgb: 0xFF00FF))
            let area = Rect(x: 3, y: 1, width: Double(areaWidth), height: 4)
            logical.framebuffer.copy(area, turnedBy: .none, into: physical.framebuffer)
            var wrong = 0
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x >= 3 && x < 3 + areaWidth && y >= 1 && y < 5
                    let expected =
                        inside ? logical.framebuffer.color(atX: x, y: y) : physical.framebuffer.color(atX: 0, y: 0)
                    if physical.framebuffer.color(atX: x, y: y) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(areaWidth) pixels wide")
            #expect(physical.paddingIntact)
        }
    }

    @Test(
        "Rotation: an RGB565 UI copied onto an XRGB8888 scan-out buffer (or the reverse) is converted in the same pass, turned",
        arguments: rotations)
    func rotationConvertsFormats(_ rotation: DisplayRotation) {
        let size = rotation.logicalSize(physicalWidth: 7, physicalHeight: 5)
        for (from, to) in [(PixelFormat.rgb565, PixelFormat.xrgb8888), (.xrgb8888, .rgb565)] {
            let logical = PaddedFramebuffer(width: size.width, height: size.height, format: from, padding: 8)
            let physical = PaddedFramebuffer(width: 7, height: 5, format: to, padding: 12)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    storePixel(Self.logicalColor(x: x, y: y), in: logical.framebuffer, x: x, y: y)
                }
            }
            #expect(
                logical.framebuffer.copy(logical.framebuffer.bounds, turnedBy: rotation, into: physical.framebuffer)
                    == physical.framebuffer.bounds)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let p = rotation.physicalPixel(x: x, y: y, physicalWidth: 7, physicalHeight: 5)
                    let row = logical.framebuffer.baseAddress + y * logical.framebuffer.stride
                    let target = physical.framebuffer.baseAddress + p.y * physical.framebuffer.stride
                    // The renderer's own conversions: high bits repeated into 8, or the top bits kept.
                    if from == .rgb565 {
                        let expected = PixelMath.xrgb(fromRGB565: row.load(fromByteOffset: x * 2, as: UInt16.self))
                        #expect(
                            target.load(fromByteOffset: p.x * 4, as: UInt32.self) == expected,
                            "logical (\(x), \(y)) RGB565 → XRGB8888")
                    } else {
                        let expected = PixelMath.rgb565(fromXRGB: row.load(fromByteOffset: x * 4, as: UInt32.self))
                        #expect(
                            target.load(fromByteOffset: p.x * 2, as: UInt16.self) == expected,
                            "logical (\(x), \(y)) XRGB8888 → RGB565")
                    }
                }
            }
            #expect(physical.paddingIntact && logical.paddingIntact)
        }
    }

    @Test(
        "Rotation: touchRotation turns a touch on the physical panel back onto the logical pixel under it",
        arguments: rotations)
    func touchRotationMatchesDisplayRotation(_ rotation: DisplayRotation) {
        let wp = 800
        let hp = 480
        let size = rotation.logicalSize(physicalWidth: wp, physicalHeight: hp)
        let transform = TouchTransform(
            xMinimum: 0, xMaximum: Double(wp - 1), yMinimum: 0, yMaximum: Double(hp - 1),
            screenSize: Size(width: Double(size.width), height: Double(size.height)),
            rotation: rotation.touchRotation)
        for (x, y) in [(0, 0), (size.width - 1, 0), (0, size.height - 1), (123, 45)] {
            let p = rotation.physicalPixel(x: x, y: y, physicalWidth: wp, physicalHeight: hp)
            let touched = transform.point(forDeviceX: Double(p.x) + 0.5, y: Double(p.y) + 0.5)
            #expect(
                abs(touched.x - (Double(x) + 0.5)) < 1e-9 && abs(touched.y - (Double(y) + 0.5)) < 1e-9,
                "logical (\(x), \(y)) → physical \(p) → touch \(touched)")
        }
    }

    @Test("Golden: a portrait scene rendered at 80×120 and shown on a 120×80 panel at clockwise90")
    func goldenRotated90() {
        let window = Scenes.composite(width: 80, height: 120)
        let logical = HeadlessDisplay(width: 80, height: 120)
        let physical = HeadlessDisplay(width: 120, height: 80)
        let area = Renderer().render(window, into: logical.framebuffer)
        #expect(area == DirtyRegion(Rect(x: 0, y: 0, width: 80, height: 120)))
        let written = logical.framebuffer.copy(area, turnedBy: .clockwise90, into: physical.framebuffer)
        #expect(written == DirtyRegion(Rect(x: 0, y: 0, width: 120, height: 80)))
        expectGolden(physical, "composite-rotated-90")
    }
}

// MARK: - The golden-image helper itself

@Suite("Golden images")
struct GoldenImageTests {
    /// A fresh pair of folders for references and outputs, removed by `cleanUp`.
    static func makeFolders() throws -> (references: String, output: String, cleanUp: () -> Void) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("GoldenImageTests-\(UUID().uuidString)", isDirectory: true).path
        try FileManager.default.createDirectory(atPath: root + "/golden", withIntermediateDirectories: true)
        return (root + "/golden", root + "/out", { try? FileManager.default.removeItem(atPath: root) })
    }

    @Test("The default folders are Tests/Golden and .build-golden at the package root")
    func defaultFolders() throws {
        let root = try #require(GoldenImage.packageRoot(containing: "\(#filePath)"))
        #expect(FileManager.default.fileExists(atPath: root + "/Package.swift"))
        #expect(FileManager.default.fileExists(atPath: root + "/Tests/Golden"))
    }

    @Test("A missing reference fails, writes the actual image and says how to create the reference")
    func missingReference() throws {
        guard !GoldenImage.isUpdating else { return }
        let folders = try Self.makeFolders()
        defer { folders.cleanUp() }
        let display = HeadlessDisplay(width: 4, height: 3)
        let result = GoldenImage.check(
            display.framebuffer, named: "sample",
            referenceDirectory: folders.references, outputDirectory: folders.output)
        #expect(result.outcome == .missingReference)
        #expect(!result.passed)
        #expect(result.description.contains("PANELKIT_UPDATE_GOLDEN=1"))
        #expect(result.actualPath == folders.output + "/sample.actual.png")
        let written = try PNG.read(path: try #require(result.actualPath))
        #expect(written.width == 4 && written.height == 3)
    }

    @Test("A mismatch counts the pixels beyond the tolerance, finds the largest difference and writes actual and diff")
    func mismatchReport() throws {
        guard !GoldenImage.isUpdating else { return }
        let folders = try Self.makeFolders()
        defer { folders.cleanUp() }
        let display = drawn(Scenes.fractionalRects())
        defer { withExtendedLifetime(display) {} }
        let fb = display.framebuffer
        try PNG.write(fb, to: folders.references + "/sample.png")
        #expect(
            GoldenImage.check(
                fb, named: "sample", referenceDirectory: folders.references,
                outputDirectory: folders.output
            ).outcome == .matched)

        // Change a few pixels by known amounts.
        let original = fb.color(atX: 2, y: 2)
        // within tolerance
        storePixel(Color(red: original.red &+ 2, green: original.green, blue: original.blue), in: fb, x: 2, y: 2)
        for x in 100..<105 { storePixel(.white, in: fb, x: x, y: 2) }
        let result = GoldenImage.check(
            fb, named: "sample", referenceDirectory: folders.references,
            outputDirectory: folders.output)
        #expect(result.outcome == .mismatched)
        #expect(!result.passed)
        #expect(result.differingPixels == 5)
        let backdrop = Scenes.backdrop
        #expect(result.largestDifference == 255 - Int(min(backdrop.red, backdrop.green, backdrop.blue)))
        #expect(result.description.contains("5 of 9600 pixels"))
        #expect(result.description.contains("first at (100, 2)"))
        let diff = try PNG.read(path: try #require(result.diffPath))
        #expect(diff.color(atX: 100, y: 2) == Color(red: 255, green: 0, blue: 0))
        #expect(diff.color(atX: 2, y: 2) != Color(red: 255, green: 0, blue: 0))
        let grey = diff.color(atX: 50, y: 50)
        #expect(grey.red == grey.green && grey.green == grey.blue)
        #expect(try PNG.read(path: try #require(result.actualPath)).color(atX: 101, y: 2) == .white)

        // A size change is its own failure.
        let small = HeadlessDisplay(width: 10, height: 10)
        #expect(
            GoldenImage.check(
                small.framebuffer, named: "sample", referenceDirectory: folders.references,
                outputDirectory: folders.output
            ).outcome == .sizeMismatch)

        // A passing check clears the failure's images away.
        let clean = drawn(Scenes.fractionalRects())
        #expect(
            withExtendedLifetime(clean) {
                GoldenImage.check(
                    clean.framebuffer, named: "sample", referenceDirectory: folders.references,
                    outputDirectory: folders.output
                ).passed
            })
        #expect(!FileManager.default.fileExists(atPath: folders.output + "/sample.actual.png"))
        #expect(!FileManager.default.fileExists(atPath: folders.output + "/sample.diff.png"))
    }

    @Test("Names that could leave the folder are refused")
    func badNames() {
        let display = HeadlessDisplay(width: 2, height: 2)
        for name in ["", "../escape", "a/b", ".hidden"] {
            #expect(
                GoldenImage.check(
                    display.framebuffer, named: name, referenceDirectory: "/nonexistent",
                    outputDirectory: "/nonexistent"
                ).outcome == .error)
        }
    }
}
