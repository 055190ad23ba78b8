import PanelImage
import PanelTesting
import PanelUI
import Testing

// A screen's scale (pixels per point): layout, hit-testing and touches in
// points, drawing at the framebuffer's pixels. Text at scale 2 is checked in
// PanelTextTests (ScaledTextTests), the demo on a scale-2 board in
// PanelTestingTests (ScaledDemoTests), images in PanelImageTests.

/// A protocol B panel of `width` × `height` sensor units, one unit a pixel.
private func pixelPanel(width: Int32, height: Int32) -> TouchDeviceDescription {
    var device = TouchDeviceDescription(name: "panel \(width)x\(height)")
    device.keys = [KeyCode.touch]
    device.setAxis(AbsoluteAxis.multitouchSlot, AbsoluteAxisInfo(value: 0, minimum: 0, maximum: 4))
    device.setAxis(AbsoluteAxis.multitouchPositionX, AbsoluteAxisInfo(value: 0, minimum: 0, maximum: width - 1))
    device.setAxis(AbsoluteAxis.multitouchPositionY, AbsoluteAxisInfo(value: 0, minimum: 0, maximum: height - 1))
    device.setAxis(AbsoluteAxis.multitouchTrackingID, AbsoluteAxisInfo(value: 0, minimum: 0, maximum: 65535))
    return device
}

/// The kernel events of one protocol B frame at `time`: finger 1 at (`x`, `y`) sensor units, or lifted.
private func panelFrame(x: Int32? = nil, y: Int32 = 0, time: Double) -> [InputEvent] {
    func abs(_ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: time, type: EventType.absolute, code: code, value: value)
    }
    var events = [abs(AbsoluteAxis.multitouchSlot, 0)]
    if let x {
        events += [
            abs(AbsoluteAxis.multitouchTrackingID, 1), abs(AbsoluteAxis.multitouchPositionX, x),
            abs(AbsoluteAxis.multitouchPositionY, y)
        ]
    } else {
        events.append(abs(AbsoluteAxis.multitouchTrackingID, -1))
    }
    events.append(InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0))
    return events
}

/// An application whose screen is `size` points at `scale`, with a window filling it.
private func scaledScreen(_ size: Size, scale: Double) -> (Application, Window) {
    let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
    application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: scale)
    let window = Window(frame: application.screen.bounds)
    application.addWindow(window)
    return (application, window)
}

/// Where each touch began, in the view's coordinates.
private final class BeganRecorder: View {
    var began: [Point] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        for touch in touches { began.append(touch.location(in: self)) }
    }
}

/// Draws one of each kind of shape and an image, at lengths multiplied by `k`.
private final class ShapesView: View {
    let k: Double
    let image: Image
    init(frame: Rect, k: Double, image: Image) {
        self.k = k
        self.image = image
        super.init(frame: frame, name: "shapes")
    }
    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(
            roundedRect: Rect(x: 3 * k, y: 2.5 * k, width: 40 * k, height: 22 * k), cornerRadius: 7 * k,
            color: Color(red: 40, green: 140, blue: 230))
        context.stroke(
            roundedRect: Rect(x: 50.5 * k, y: 3 * k, width: 30 * k, height: 20 * k), cornerRadius: 5 * k,
            lineWidth: 1.5 * k, color: Color(red: 250, green: 200, blue: 40, alpha: 200))
        context.fill(ellipseIn: Rect(x: 86 * k, y: 4.25 * k, width: 17 * k, height: 13 * k), color: .white)
        context.draw(image, in: Rect(x: 4 * k, y: 30 * k, width: 16 * k, height: 8 * k))
        let turn = AffineTransform(rotationAngle: 0.4).concatenating(AffineTransform(translationX: 60 * k, y: 30 * k))
        context.draw(image, in: Rect(x: 0, y: 0, width: 12 * k, height: 6 * k), transform: turn)
    }
}

/// A 4×2 test pattern, opaque and half transparent.
private func patternImage() -> Image {
    var pixels: [Color] = []
    for i in 0..<8 {
        pixels.append(Color(red: UInt8(30 * i), green: UInt8(200 - 20 * i), blue: 90, alpha: i % 2 == 0 ? 255 : 128))
    }
    return Image(width: 4, height: 2, pixels: pixels)
}

/// Pixels of `a` and `b` that differ at all.
private func differingPixels(_ a: Framebuffer, _ b: Framebuffer) -> Int {
    GoldenImage.compare(a, with: b, tolerance: 0).differingPixels
}

@Suite("A screen's scale: points for layout and touches, pixels for drawing")
struct ScreenScaleTests {
    @Test("At scale 2 a touch at pixel (200, 100) of a 1280×720 panel hits the view at point (100, 50)")
    func touchesLandInPoints() throws {
        let (application, window) = scaledScreen(Size(width: 640, height: 360), scale: 2)
        let target = BeganRecorder(frame: Rect(x: 95, y: 45, width: 10, height: 10), name: "target")
        // Where the touch would land if pixels were taken for points.
        let pixelSpot = BeganRecorder(frame: Rect(x: 195, y: 95, width: 10, height: 10), name: "pixelSpot")
        window.addSubview(target)
        window.addSubview(pixelSpot)
        // The hosts give the touch path the window's size, in points.
        let input = try TouchInputPath(device: pixelPanel(width: 1280, height: 720), screenSize: window.bounds.size)
        for event in panelFrame(x: 200, y: 100, time: 1) { input.feed(event, to: application) }
        #expect(input.frame[0].x == 100 && input.frame[0].y == 50)
        #expect(target.began == [Point(x: 5, y: 5)])
        #expect(pixelSpot.began.isEmpty)
        for event in panelFrame(time: 1.01) { input.feed(event, to: application) }
        #expect(window.hitTest(Point(x: 100, y: 50), with: nil) === target)
    }

    @Test(
        "At scale 2 the renderer fills the pixels under a view: a view at point (100, 50), 20×10, covers pixels (200, 100) to (240, 120)"
    )
    func viewsCoverTheirPixels() {
        let (application, window) = scaledScreen(Size(width: 320, height: 180), scale: 2)
        let view = View(frame: Rect(x: 100, y: 50, width: 20, height: 10), name: "red")
        view.backgroundColor = Color(red: 255, green: 0, blue: 0)
        window.addSubview(view)
        let display = HeadlessDisplay(width: 640, height: 360)
        #expect(
            Renderer().render(window, into: display.framebuffer)
                == DirtyRegion(Rect(x: 0, y: 0, width: 640, height: 360)))
        let red = Color(red: 255, green: 0, blue: 0)
        let framebuffer = display.framebuffer
        #expect(framebuffer.color(atX: 200, y: 100) == red && framebuffer.color(atX: 239, y: 119) == red)
        #expect(framebuffer.color(atX: 199, y: 100) == .black && framebuffer.color(atX: 240, y: 119) == .black)
        #expect(framebuffer.color(atX: 200, y: 99) == .black && framebuffer.color(atX: 239, y: 120) == .black)
        withExtendedLifetime((application, display)) {}
    }

    @Test(
        "At scale 2 render redraws the pixels under the dirty points and returns them: a 20-point view moved 10.25 points redraws 61 pixels across"
    )
    func dirtyAreaInPixels() {
        let (application, window) = scaledScreen(Size(width: 320, height: 180), scale: 2)
        let view = View(frame: Rect(x: 100, y: 50, width: 20, height: 10), name: "moving")
        view.backgroundColor = .white
        window.addSubview(view)
        let display = HeadlessDisplay(width: 640, height: 360)
        let renderer = Renderer()
        renderer.render(window, into: display.framebuffer)
        view.frame.origin.x = 110.25
        #expect(window.dirtyRect == Rect(x: 100, y: 50, width: 30.25, height: 10)) // points
        #expect(
            renderer.render(window, into: display.framebuffer)
                == DirtyRegion(Rect(x: 200, y: 100, width: 61, height: 20))) // pixels
        // What the partial redraw left equals a full redraw.
        let full = HeadlessDisplay(width: 640, height: 360)
        renderer.draw(window, into: full.framebuffer)
        #expect(differingPixels(display.framebuffer, full.framebuffer) == 0)
        withExtendedLifetime(application) {}
    }

    @Test(
        "A view's drawing at scale 2 is its drawing at scale 1 with every length doubled: rectangles, radii, line widths, ellipses, images"
    )
    func drawingScalesEveryLength() {
        let image = patternImage()
        let (application, window) = scaledScreen(Size(width: 120, height: 50), scale: 2)
        window.addSubview(ShapesView(frame: Rect(x: 6, y: 4.5, width: 110, height: 44), k: 1, image: image))
        let scaled = HeadlessDisplay(width: 240, height: 100)
        Renderer().draw(window, into: scaled.framebuffer)

        let reference = Window(frame: Rect(x: 0, y: 0, width: 240, height: 100)) // in no application: scale 1
        reference.addSubview(ShapesView(frame: Rect(x: 12, y: 9, width: 220, height: 88), k: 2, image: image))
        let doubled = HeadlessDisplay(width: 240, height: 100)
        Renderer().draw(reference, into: doubled.framebuffer)

        #expect(reference.displayScale == 1 && window.displayScale == 2)
        #expect(differingPixels(scaled.framebuffer, doubled.framebuffer) == 0)
        withExtendedLifetime(application) {}
    }

    @Test("An image's size is its pixels over its scale: an ImageView's intrinsic size is in points")
    func imageSizeInPoints() {
        let pixels = [Color](repeating: .white, count: 8 * 6)
        #expect(Image(width: 8, height: 6, pixels: pixels).size == Size(width: 8, height: 6))
        let retina = Image(width: 8, height: 6, pixels: pixels, scale: 2)
        #expect(retina.size == Size(width: 4, height: 3))
        #expect(ImageView(image: retina).intrinsicContentSize == Size(width: 4, height: 3))
    }

    @Test(
        "Rule 3 at scale 2: dragging a slider by a panel's kernel events allocates nothing per input frame, nor per rendered frame"
    )
    func noAllocationsAtScale2() throws {
        let (application, window) = scaledScreen(Size(width: 400, height: 240), scale: 2)
        let slider = Slider(frame: Rect(x: 40, y: 100, width: 320, height: 40), name: "slider", value: 0)
        let toggle = Switch(frame: Rect(x: 40, y: 160, width: 56, height: 32), name: "switch")
        window.addSubview(slider)
        window.addSubview(toggle)
        let display = HeadlessDisplay(width: 800, height: 480)
        let renderer = Renderer()
        renderer.draw(window, into: display.framebuffer)
        let input = try TouchInputPath(device: pixelPanel(width: 800, height: 480), screenSize: window.bounds.size)
        var time = 1.0
        var peak = 0.0
        /// One input frame, then one rendered frame; their allocations.
        func frame(x: Int32?) -> (input: UInt64, render: UInt64) {
            time += 0.01
            let events = panelFrame(x: x, y: 240, time: time) // the slider's middle row: y 120 points
            let inputs = AllocationCounter.count {
                for i in 0..<events.count { input.feed(events[i], to: application) }
            }
            let renders = AllocationCounter.count { renderer.render(window, into: display.framebuffer) }
            peak = max(peak, slider.value)
            return (inputs, renders)
        }
        /// From the thumb (pixel 100: point 50) right and back, then lift.
        func drag() -> [(input: UInt64, render: UInt64)] {
            var counts = [frame(x: 100)]
            counts.reserveCapacity(64)
            for step in 1...20 { counts.append(frame(x: 100 + Int32(step) * 24)) }
            for step in (0..<20).reversed() { counts.append(frame(x: 100 + Int32(step) * 24)) }
            counts.append(frame(x: nil))
            return counts
        }
        _ = drag() // warm up
        _ = drag()
        let counts = drag()
        #expect(peak > 0.5 && slider.value < 0.01) // the thumb went right and came back
        #expect(counts.count == 42)
        #expect(counts.allSatisfy { $0.input == 0 }, "input frames: \(counts.map(\.input))")
        #expect(counts.allSatisfy { $0.render == 0 }, "rendered frames: \(counts.map(\.render))")
        withExtendedLifetime(toggle) {}
    }

    @Test(
        "A scale changed after the window was drawn draws it as a window first drawn at the new scale: scrolled content and pictures snap to the new pixels"
    )
    func scaleChangedAfterDrawing() {
        /// A scroll view at a fractional offset (its content drawn at the offset
        /// snapped to pixels) and a rasterized view at a fractional place.
        func populate(_ window: Window) {
            let scroll = ScrollView(frame: Rect(x: 10, y: 10, width: 60, height: 60), name: "scroll")
            scroll.backgroundColor = Color(red: 40, green: 140, blue: 230)
            scroll.contentSize = Size(width: 60, height: 600)
            let row = View(frame: Rect(x: 4, y: 20, width: 40, height: 5), name: "row")
            row.backgroundColor = .white
            scroll.addSubview(row)
            scroll.contentOffset = Point(x: 0, y: 10.75)
            window.addSubview(scroll)
            let badge = View(frame: Rect(x: 90.25, y: 30.75, width: 20, height: 10), name: "badge")
            badge.backgroundColor = Color(red: 250, green: 200, blue: 40)
            badge.layer.shouldRasterize = true
            window.addSubview(badge)
        }
        let (application, window) = scaledScreen(Size(width: 160, height: 90), scale: 1)
        populate(window)
        let renderer = Renderer()
        let first = HeadlessDisplay(width: 160, height: 90)
        renderer.render(window, into: first.framebuffer)
        application.screen.configure(bounds: window.bounds, scale: 2)
        let display = HeadlessDisplay(width: 320, height: 180)
        renderer.render(window, into: display.framebuffer)
        // The same views in a window never drawn at scale 1.
        let (fresh, freshWindow) = scaledScreen(Size(width: 160, height: 90), scale: 2)
        populate(freshWindow)
        let reference = HeadlessDisplay(width: 320, height: 180)
        Renderer().render(freshWindow, into: reference.framebuffer)
        #expect(differingPixels(display.framebuffer, reference.framebuffer) == 0)
        withExtendedLifetime((application, fresh, first)) {}
    }
}
