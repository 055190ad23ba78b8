import PanelTesting
import Testing

@testable import PanelUI

// Transforms drawn (issue 36, point 6): a view's scale and rotation are drawn
// with its subtree, anti-aliased, and hit-tested the same way; a zooming
// scroll view draws its zoomed image; views that only move keep the direct path.

enum TransformScenes {
    static let backdrop = Color(rgb: 0xC8CED8)
    static let cardColor = Color(rgb: 0xF4F4F4)
    static let accent = Color(rgb: 0x3C8CE6)

    /// 160×120: a rounded, bordered, shadowed card with a subview turned 15°
    /// about its centre, and a small square scaled 1.5× beside it.
    static func turnedCard() -> (window: Window, card: View, square: View) {
        let window = Scenes.window(width: 160, height: 120)
        window.backgroundColor = backdrop
        let card = View(frame: Rect(x: 16, y: 24, width: 80, height: 60), name: "card")
        card.backgroundColor = cardColor
        card.layer.cornerRadius = 10
        card.layer.borderWidth = 1
        card.layer.borderColor = accent
        card.layer.shadowOpacity = 0.5
        card.layer.shadowRadius = 6
        card.layer.shadowOffset = Size(width: 0, height: 4)
        let stripe = View(frame: Rect(x: 8, y: 8, width: 64, height: 14), name: "stripe")
        stripe.backgroundColor = accent
        card.addSubview(stripe)
        card.transform = AffineTransform(rotationAngle: .pi / 12)
        window.addSubview(card)
        let square = View(frame: Rect(x: 118, y: 40, width: 20, height: 20), name: "square")
        square.backgroundColor = Color(rgb: 0xE04040)
        square.transform = AffineTransform(scaleX: 1.5, y: 1.5)
        window.addSubview(square)
        return (window, card, square)
    }

    /// A 4×4-pixel image of four coloured quadrants, each 2×2.
    static func quadrants() -> Image {
        let colors = [Color(rgb: 0xE04040), Color(rgb: 0x40A040), Color(rgb: 0x4060E0), Color(rgb: 0xF0C020)]
        var pixels: [Color] = []
        for y in 0..<4 {
            for x in 0..<4 { pixels.append(colors[(y / 2) * 2 + x / 2]) }
        }
        return Image(width: 4, height: 4, pixels: pixels)
    }
}

/// The colour at pixel (x, y) of an XRGB8888 display.
func pixel(_ display: HeadlessDisplay, _ x: Int, _ y: Int) -> Color {
    let value = display.framebuffer.baseAddress.load(
        fromByteOffset: y * display.framebuffer.stride + x * 4, as: UInt32.self)
    return Color(rgb: value & 0xFF_FFFF)
}

@Suite("Transforms drawn: scale and rotation, with the subtree")
struct TransformDrawingTests {
    @Test("Golden: a shadowed, bordered card turned 15° with its subview, and a square scaled 1.5×")
    func golden() {
        expectGolden(drawn(TransformScenes.turnedCard().window), "transform-turned-card")
    }

    @Test("A view scaled 2× about its centre covers twice its size each way, its subtree scaled with it")
    func scaleCoversTwiceTheSize() {
        let window = Scenes.window(width: 100, height: 100)
        window.backgroundColor = .black
        let box = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
        box.backgroundColor = .white
        let dot = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        dot.backgroundColor = Color(rgb: 0xFF0000)
        box.addSubview(dot)
        box.transform = AffineTransform(scaleX: 2, y: 2)
        window.addSubview(box)
        let display = drawn(window)
        // The box spans 30..<70 each way; its subview, the top-left quarter of it, 30..<50.
        #expect(pixel(display, 32, 32) == Color(rgb: 0xFF0000))
        #expect(pixel(display, 48, 48) == Color(rgb: 0xFF0000))
        #expect(pixel(display, 52, 52) == .white)
        #expect(pixel(display, 68, 68) == .white)
        #expect(pixel(display, 68, 32) == .white)
        #expect(pixel(display, 28, 50) == .black)
        #expect(pixel(display, 71, 50) == .black)
    }

    @Test("A quarter turn draws the view turned, and a tap lands on it where it is drawn, not where it was")
    func rotationDrawsAndHitTestsTheSame() {
        let driver = TouchDriver(screen: Size(width: 120, height: 120))
        driver.window.backgroundColor = .black
        let bar = Control(frame: Rect(x: 20, y: 50, width: 80, height: 20), name: "bar")
        bar.touchMargin = 0
        bar.backgroundColor = .white
        bar.transform = AffineTransform(rotationAngle: .pi / 2) // now 20 wide, 80 tall, about (60, 60)
        var taps = 0
        bar.addAction(for: .touchUpInside) { _ in taps += 1 }
        driver.window.addSubview(bar)
        let display = HeadlessDisplay(width: 120, height: 120, format: .xrgb8888)
        Renderer().draw(driver.window, into: display.framebuffer)
        #expect(pixel(display, 60, 25) == .white)
        #expect(pixel(display, 60, 95) == .white)
        #expect(pixel(display, 25, 60) == .black)
        #expect(pixel(display, 95, 60) == .black)
        driver.tap(at: Point(x: 25, y: 60)) // inside the untransformed frame, outside the turned one
        #expect(taps == 0)
        driver.tap(at: Point(x: 60, y: 25))
        #expect(taps == 1)
    }

    @Test("Edges of a turned view are anti-aliased: pixels across its edge step through the colours between")
    func turnedEdgesAreAntiAliased() {
        let window = Scenes.window(width: 80, height: 80)
        window.backgroundColor = .black
        let box = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        box.backgroundColor = .white
        box.transform = AffineTransform(rotationAngle: .pi / 7)
        window.addSubview(box)
        let display = drawn(window)
        var greys = 0
        for y in 0..<80 {
            for x in 0..<80 {
                let c = pixel(display, x, y)
                if c.red > 20 && c.red < 235 { greys += 1 }
            }
        }
        #expect(greys > 40, "an aliased edge would have no pixels between black and white")
    }

    @Test("A view that only moves is drawn directly: no offscreen")
    func translationKeepsTheDirectPath() {
        let window = Scenes.window(width: 80, height: 80)
        let box = View(frame: Rect(x: 20, y: 20, width: 20, height: 20))
        box.backgroundColor = .white
        box.transform = AffineTransform(translationX: 13, y: 7)
        window.addSubview(box)
        let display = HeadlessDisplay(width: 80, height: 80, format: .xrgb8888)
        let renderer = Renderer()
        renderer.draw(window, into: display.framebuffer)
        #expect(renderer.offscreens.pixelsDrawn == 0)
        #expect(pixel(display, 34, 28) == .white)
    }

    @Test("A zooming scroll view draws its image view zoomed, sampled straight from the image (no offscreen)")
    func zoomedImageIsDrawnZoomed() {
        let driver = TouchDriver(screen: Size(width: 80, height: 80))
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 80, height: 80), name: "scroll")
        let imageView = ImageView(frame: Rect(x: 0, y: 0, width: 40, height: 40), image: TransformScenes.quadrants())
        scrollView.addSubview(imageView)
        scrollView.contentSize = Size(width: 40, height: 40)
        scrollView.maximumZoomScale = 4
        final class Zoom: ScrollViewDelegate {
            lazy var lifetime = Lifetime(of: self)
            unowned(unsafe) let view: View
            init(_ view: View) { self.view = view }
            func viewForZooming(in scrollView: ScrollView) -> View? { view }
        }
        let delegate = Zoom(imageView)
        scrollView.delegate = delegate
        driver.window.addSubview(scrollView)
        scrollView.zoomScale = 2
        let display = HeadlessDisplay(width: 80, height: 80, format: .xrgb8888)
        let renderer = Renderer()
        renderer.draw(driver.window, into: display.framebuffer)
        // At 2× the 40-point image fills 80 points: each quadrant 40 × 40.
        #expect(pixel(display, 20, 20) == Color(rgb: 0xE04040))
        #expect(pixel(display, 60, 20) == Color(rgb: 0x40A040))
        #expect(pixel(display, 20, 60) == Color(rgb: 0x4060E0))
        #expect(pixel(display, 60, 60) == Color(rgb: 0xF0C020))
        #expect(renderer.offscreens.pixelsDrawn == 0)
        withExtendedLifetime(delegate) {}
    }

    @Test("A scale bounce and a rotation animate frame by frame, each as a full redraw draws it, allocating nothing")
    func transformAnimationDrawsEachFrameWithoutAllocating() {
        let driver = TouchDriver(screen: Size(width: 160, height: 120))
        let (window, card, square) = TransformScenes.turnedCard()
        for view in window.subviews { driver.window.addSubview(view) }
        driver.window.backgroundColor = TransformScenes.backdrop
        let display = HeadlessDisplay(width: 160, height: 120, format: .xrgb8888)
        let renderer = Renderer()
        renderer.draw(driver.window, into: display.framebuffer)
        View.animate(withDuration: 10, options: .curveLinear) {
            card.transform = AffineTransform(rotationAngle: -.pi / 6)
            square.transform = AffineTransform(scaleX: 0.6, y: 0.6)
        }
        var last = rawPixels(display.framebuffer)
        for _ in 0..<3 {
            driver.wait(0.5)
            renderer.render(driver.window, into: display.framebuffer)
            let now = rawPixels(display.framebuffer)
            #expect(now != last, "each frame shows the transform moving on")
            last = now
            let full = HeadlessDisplay(width: 160, height: 120, format: .xrgb8888)
            renderer.draw(driver.window, into: full.framebuffer)
            #expect(pixelDifferences(display, full) == "")
        }
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            driver.wait(1.0 / 60)
            renderer.render(driver.window, into: display.framebuffer)
        }
        #expect(allocations == 0)
        withExtendedLifetime(window) {}
    }

    @Test("A turned view inside a scaled one is drawn turned and scaled")
    func nestedTransforms() {
        let window = Scenes.window(width: 100, height: 100)
        window.backgroundColor = .black
        let outer = View(frame: Rect(x: 30, y: 30, width: 40, height: 40))
        outer.transform = AffineTransform(scaleX: 2, y: 2)
        let inner = View(frame: Rect(x: 10, y: 15, width: 20, height: 10))
        inner.backgroundColor = .white
        inner.transform = AffineTransform(rotationAngle: .pi / 2) // 10 wide, 20 tall about (20, 20)
        outer.addSubview(inner)
        window.addSubview(outer)
        let display = drawn(window)
        // Scaled 2× about (50, 50): the turned inner view spans x 40..<60, y 30..<70.
        #expect(pixel(display, 50, 33) == .white)
        #expect(pixel(display, 50, 67) == .white)
        #expect(pixel(display, 35, 50) == .black)
        #expect(pixel(display, 65, 50) == .black)
    }

    @Test("setNeedsDisplay of part of a turned view redraws where that part is drawn")
    func partialRedrawOfATurnedView() {
        let (window, card, _) = TransformScenes.turnedCard()
        let display = drawn(window)
        let stripe = card.subviews[0]
        stripe.backgroundColor = Color(rgb: 0x2F6F4F)
        window.clearDirtyRect()
        stripe.setNeedsDisplay(Rect(x: 0, y: 0, width: 64, height: 14))
        Renderer().render(window, into: display.framebuffer)
        #expect(pixelDifferences(display, drawn(window)) == "")
    }
}
