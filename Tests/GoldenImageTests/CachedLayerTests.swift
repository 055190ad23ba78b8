import PanelTesting
import PanelText
import PanelUI
import Testing

// Cached layers (issue 39, point 2; `Layer.shouldRasterize`): a view drawn once
// into a picture and copied from it while it moves or fades. A frame drawn
// from the picture must be the frame drawing the views one by one gives
// (`Renderer.drawsRasterizedPictures` off), pixel for pixel, at scale 1 and
// 2, in RGB565 and presented turned; any change inside must draw the picture
// again; a fading one is blended once, as UIKit's group opacity.

/// A screen with a card (the rasterized view: an opaque background, text, a
/// button, a rounded bordered box, a shadowed box, two overlapping
/// translucent boxes) over a background with text, under a translucent bar.
private struct CardScreen {
    let application: Application
    let window: Window
    let card: View
    let title: Label
    let box: View
    let overlap: View
    let bar: View
    let size = Size(width: 320, height: 240)

    init(scale: Double) {
        (application, window) = screenWindow(size: size, scale: scale)
        let behind = Label(frame: Rect(x: 8, y: 60, width: 300, height: 30), name: "behind")
        behind.text = "Under the card: Living room 21.5 °C"
        window.addSubview(behind)
        card = View(frame: Rect(x: 20.25, y: 30.5, width: 220, height: 170), name: "card")
        card.backgroundColor = Theme.standard.surface
        title = Label(frame: Rect(x: 10, y: 8, width: 200, height: 24), name: "title")
        title.text = "Settings — Wi-Fi"
        card.addSubview(title)
        card.addSubview(Button(frame: Rect(x: 10, y: 120, width: 90, height: 36), name: "join", title: "Join"))
        box = View(frame: Rect(x: 120, y: 40, width: 80, height: 50), name: "box")
        box.backgroundColor = Color(rgb: 0x2A9D8F)
        box.layer.cornerRadius = 10
        box.layer.borderWidth = 2
        box.layer.borderColor = .white
        card.addSubview(box)
        let shadowed = View(frame: Rect(x: 130, y: 110, width: 60, height: 40), name: "shadowed")
        shadowed.backgroundColor = Color(rgb: 0xE9C46A)
        shadowed.layer.shadowOpacity = 0.5
        shadowed.layer.shadowOffset = Size(width: 0, height: 3)
        card.addSubview(shadowed)
        let under = View(frame: Rect(x: 14, y: 44, width: 60, height: 50), name: "under")
        under.backgroundColor = Color(rgb: 0xE76F51)
        under.alpha = 0.7
        card.addSubview(under)
        overlap = View(frame: Rect(x: 44, y: 64, width: 60, height: 40), name: "overlap")
        overlap.backgroundColor = Color(rgb: 0x264653)
        overlap.alpha = 0.6
        card.addSubview(overlap)
        card.layer.shouldRasterize = true
        window.addSubview(card)
        bar = View(frame: Rect(x: 0, y: 0, width: 320, height: 44), name: "bar")
        bar.backgroundColor = Color(red: 40, green: 40, blue: 60, alpha: 200)
        window.addSubview(bar)
    }

    var pixelSize: (width: Int, height: Int) {
        (Int(size.width * window.displayScale), Int(size.height * window.displayScale))
    }
}

@Suite("Cached layers (shouldRasterize)", .serialized)
struct CachedLayerTests {
    let text = makeTextRenderer()

    /// The frame drawn view by view, no picture used: what a picture must equal.
    fileprivate func reference(_ screen: CardScreen, format: PixelFormat) -> HeadlessDisplay {
        var renderer = Renderer(textRenderer: text)
        renderer.drawsRasterizedPictures = false
        let (width, height) = screen.pixelSize
        let display = HeadlessDisplay(width: width, height: height, format: format)
        renderer.draw(screen.window, into: display.framebuffer)
        return display
    }

    /// Moves the card to `steps` random places (whole, fractional and half
    /// points), with `change` run before some frames, rendering each frame
    /// as the frame driver does (dirty areas, then presented turned); each
    /// must equal the reference. Returns (frames copied from the picture, pictures drawn).
    fileprivate func moveAndCompare(
        scale: Double, format: PixelFormat = .xrgb8888, rotation: DisplayRotation = .none, seed: UInt64,
        steps: Int = 40, change: ((CardScreen, Int) -> Void)? = nil
    ) -> (composites: Int, drawings: Int) {
        let screen = CardScreen(scale: scale)
        let (width, height) = screen.pixelSize
        let renderer = Renderer(textRenderer: text)
        let frames = PresentedFrames(
            screen.window, width: width, height: height, format: format, rotation: rotation, renderer: renderer)
        var random = Shuffle(state: seed)
        for step in 0..<steps {
            let center = screen.card.center
            switch random.next() % 4 {
            case 0: screen.card.center.x = center.x + Double(Int(random.next() % 40)) - 20 // whole points
            case 1: screen.card.center = Point(x: 60 + random.unit() * 200, y: 40 + random.unit() * 160) // fractional
            case 2: screen.card.center.y = center.y + (random.unit() * 8).rounded() / 2 - 2 // half points
            default: screen.card.alpha = random.next() % 3 == 0 ? 0.6 : 1 // a fade
            }
            change?(screen, step)
            frames.render(screen.window, with: renderer)
            if screen.card.alpha >= 1 {
                let differences = pixelDifferences(frames.logical, reference(screen, format: format))
                #expect(differences.isEmpty, "step \(step), card at \(screen.card.frame): \(differences)")
                if !differences.isEmpty { break }
            }
            #expect(frames.presentedDifferences().isEmpty, "step \(step), presented")
        }
        return (renderer.rasterizedComposites, renderer.rasterizedDrawings)
    }

    @Test("At scale 1, moved to random places: every frame drawn from the picture equals drawing the views")
    func scaleOne() {
        let counts = moveAndCompare(scale: 1, seed: 0x9E37_79B9_7F4A_7C15)
        #expect(counts.composites >= 40)
        #expect(counts.drawings == 1) // drawn once, moved and faded from then on
    }

    @Test("At scale 2, half points included, the picture moves by whole pixels and equals drawing the views")
    func scaleTwo() {
        let counts = moveAndCompare(scale: 2, seed: 0x1234_5678_9ABC_DEF1)
        #expect(counts.composites >= 40)
        #expect(counts.drawings == 1)
    }

    @Test("In RGB565 the picture equals drawing the views")
    func rgb565() {
        let counts = moveAndCompare(scale: 1, format: .rgb565, seed: 42)
        #expect(counts.composites >= 40)
        #expect(counts.drawings == 1)
    }

    @Test("Presented turned (a panel mounted at 90° and 180°), the panel shows the frame turned")
    func rotated() {
        #expect(moveAndCompare(scale: 1, rotation: .clockwise90, seed: 7).composites >= 40)
        #expect(moveAndCompare(scale: 2, format: .rgb565, rotation: .upsideDown, seed: 8).composites >= 40)
    }

    @Test(
        "A change inside draws the picture again: text, a subview moved, hidden, added or removed, a layer, the background, the size"
    )
    func changesInsideDrawThePictureAgain() {
        let changes: [(String, (CardScreen, Int) -> Void)] = [
            ("text", { screen, step in screen.title.text = "Step " + String(step) }),
            ("moved", { screen, step in screen.box.center.x = 140 + Double(step % 5) * 3.5 }),
            ("hidden", { screen, step in screen.box.isHidden = step % 2 == 0 }),
            ("alpha inside", { screen, step in screen.overlap.alpha = step % 2 == 0 ? 0.3 : 0.9 }),
            (
                "added and removed",
                { screen, step in
                    if let extra = screen.card.subviews.first(where: { $0.name == "extra" }) {
                        extra.removeFromSuperview()
                    } else {
                        let extra = View(frame: Rect(x: 5, y: 100, width: 30, height: 30), name: "extra")
                        extra.backgroundColor = .white
                        screen.card.addSubview(extra)
                    }
                }
            ),
            ("layer", { screen, step in screen.box.layer.borderWidth = Double(step % 4) }),
            ("background", { screen, step in screen.card.backgroundColor = Color(rgb: UInt32(step) * 0x030507) }),
            ("size", { screen, step in screen.card.bounds.size.width = 200 + Double(step % 3) * 10 }),
            ("display", { screen, step in screen.box.setNeedsDisplay() })
        ]
        for (name, change) in changes {
            let counts = moveAndCompare(scale: 1, seed: 5, steps: 12, change: change)
            // Each frame's change drew the picture again (frames that only faded or moved need none).
            #expect(counts.drawings >= 6, "\(name): \(counts.drawings) pictures drawn")
        }
        // Moved only: the picture is kept.
        #expect(moveAndCompare(scale: 1, seed: 5, steps: 12).drawings == 1)
    }

    @Test(
        "Faded, the picture is blended once at the view's alpha (group opacity): overlapping subviews do not show through"
    )
    func groupOpacity() {
        let screen = CardScreen(scale: 1)
        let renderer = Renderer(textRenderer: text)
        let shown = HeadlessDisplay(width: 320, height: 240)
        renderer.draw(screen.window, into: shown.framebuffer)
        screen.card.alpha = 0.5
        renderer.render(screen.window, into: shown.framebuffer)
        #expect(renderer.rasterizedComposites >= 1)

        // The reference, worked out apart: the card drawn opaque, the screen
        // without it, and each pixel the card's at 128 over the other's.
        screen.card.alpha = 1
        let opaque = reference(screen, format: .xrgb8888)
        screen.card.isHidden = true
        let without = reference(screen, format: .xrgb8888)
        screen.card.isHidden = false
        screen.card.alpha = 0.5
        let frame = screen.card.frame
        var wrong = 0
        for y in 0..<240 {
            for x in 0..<320 {
                let inside =
                    Double(x) >= frame.minX.rounded() && Double(x) < frame.maxX.rounded()
                    && Double(y) >= frame.minY.rounded() && Double(y) < frame.maxY.rounded()
                    && y >= 44 // under the bar, drawn over the card afterwards
                guard inside else { continue }
                let card = opaque.framebuffer.color(atX: x, y: y)
                let under = without.framebuffer.color(atX: x, y: y).xrgb8888
                let expected = Color(rgb: PixelMath.blend(card, alpha: 128, over: under))
                if shown.framebuffer.color(atX: x, y: y) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)

        // View by view (each at its own alpha), the translucent boxes show through each other: not what UIKit draws.
        let perView = reference(screen, format: .xrgb8888)
        #expect(!pixelDifferences(perView, shown).isEmpty)
    }

    @Test(
        "A picture that does not fit the budget: drawn view by view, said once; its bytes come back when it is dropped")
    func budget() {
        let screen = CardScreen(scale: 1)
        let renderer = Renderer(textRenderer: text)
        let display = HeadlessDisplay(width: 320, height: 240)
        renderer.draw(screen.window, into: display.framebuffer)
        let budget = screen.application.rasterization
        #expect(budget.bytesInUse == 220 * 170 * 4 + 170 * 8) // its pixels, and where each row changes
        screen.card.layer.shouldRasterize = false
        #expect(budget.bytesInUse == 0)

        budget.bytes = 100_000 // less than the card's 150,960
        screen.card.layer.shouldRasterize = true
        let composites = renderer.rasterizedComposites
        for x in stride(from: 100.0, through: 180, by: 10) {
            screen.card.center.x = x
            renderer.render(screen.window, into: display.framebuffer)
            #expect(pixelDifferences(display, reference(screen, format: .xrgb8888)).isEmpty)
        }
        #expect(renderer.rasterizedComposites == composites)
        #expect(budget.bytesInUse == 0)
        let said = screen.application.warnings.said.filter { $0.kind == .rasterizationBudget }
        #expect(said.count == 1)
        #expect(said.first?.message.contains("'card'") == true)
    }

    @Test("A card whose subview sticks out, or a rounded one, is drawn view by view: the picture could not hold it")
    func whatAPictureCannotHold() {
        let screen = CardScreen(scale: 1)
        let renderer = Renderer(textRenderer: text)
        let display = HeadlessDisplay(width: 320, height: 240)
        screen.box.frame.origin.x = 200 // past the card's right edge
        renderer.draw(screen.window, into: display.framebuffer)
        screen.card.center.x += 7
        renderer.render(screen.window, into: display.framebuffer)
        #expect(pixelDifferences(display, reference(screen, format: .xrgb8888)).isEmpty)
        #expect(renderer.rasterizedComposites == 0)
        screen.card.clipsToBounds = true // clipped, it holds again
        renderer.render(screen.window, into: display.framebuffer)
        #expect(renderer.rasterizedComposites == 1)
        #expect(pixelDifferences(display, reference(screen, format: .xrgb8888)).isEmpty)
        screen.card.layer.cornerRadius = 12
        screen.card.center.x += 3
        renderer.render(screen.window, into: display.framebuffer)
        #expect(renderer.rasterizedComposites == 1)
        #expect(pixelDifferences(display, reference(screen, format: .xrgb8888)).isEmpty)
    }
}

/// A screen of text, a switch and an image-like block, for the navigation's slides.
private final class TextScreen: ViewController {
    let lines: Int
    init(title: String, lines: Int) {
        self.lines = lines
        super.init()
        self.title = title
    }

    override func loadView() {
        let view = View(frame: Rect(x: 0, y: 0, width: 320, height: 196), name: title ?? "")
        view.backgroundColor = Theme.standard.background
        for i in 0..<lines {
            let label = Label(frame: Rect(x: 12, y: 8 + Double(i) * 30, width: 220, height: 26), name: "line\(i)")
            label.text = (title ?? "") + " row " + String(i) + " — 21.5 °C"
            view.addSubview(label)
        }
        let toggle = Switch(frame: Rect(x: 250, y: 10, width: 51, height: 31), name: "toggle")
        view.addSubview(toggle)
        self.view = view
    }
}

extension CachedLayerTests {
    /// Half a second of frames at 60 Hz on from `time`: each drawn from its
    /// dirty areas, as the frame driver draws, must equal the window drawn view by view.
    fileprivate func slide(
        _ driver: TouchDriver, on display: HeadlessDisplay, with renderer: Renderer, time: inout Double
    ) {
        var reference = Renderer(textRenderer: text)
        reference.drawsRasterizedPictures = false
        let size = display.framebuffer
        for _ in 0..<30 {
            time += 1.0 / 60
            driver.application.runLoop.advance(to: time)
            renderer.render(driver.window, into: display.framebuffer)
            let full = HeadlessDisplay(width: size.width, height: size.height, format: size.format)
            reference.draw(driver.window, into: full.framebuffer)
            #expect(pixelDifferences(display, full).isEmpty, "t \(time), scale \(driver.window.displayScale)")
        }
    }

    @Test(
        "A navigation push and pop slide the two screens' pictures: every frame equals drawing the views, at scale 1 and 2 and in RGB565, the dimming over the screen underneath blended as its picture is copied; the pictures go when the slide ends"
    )
    func navigationSlides() {
        for (scale, format) in [(1.0, PixelFormat.xrgb8888), (2.0, .rgb565)] {
            let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
            application.screen.configure(bounds: Rect(x: 0, y: 0, width: 320, height: 240), scale: scale)
            let driver = TouchDriver(screen: Size(width: 320, height: 240), application: application)
            let first = TextScreen(title: "Living room", lines: 6)
            let second = TextScreen(title: "Settings", lines: 5)
            let navigation = NavigationController(rootViewController: first)
            driver.window.rootViewController = navigation
            let width = Int(320 * scale)
            let height = Int(240 * scale)
            let display = HeadlessDisplay(width: width, height: height, format: format)
            let renderer = Renderer(textRenderer: text)
            renderer.draw(driver.window, into: display.framebuffer)
            var time = 0.0
            for push in [true, false] {
                if push {
                    navigation.pushViewController(second, animated: true)
                } else {
                    _ = navigation.popViewController(animated: true)
                }
                #expect(first.view.layer.shouldRasterize && second.view.layer.shouldRasterize)
                slide(driver, on: display, with: renderer, time: &time)
                #expect(!navigation.isTransitioning)
                #expect(!first.view.layer.shouldRasterize && !second.view.layer.shouldRasterize)
                #expect(driver.application.rasterization.bytesInUse == 0)
            }
            #expect(renderer.rasterizedComposites >= 30)
            #expect(renderer.rasterizedDrawings <= 4) // each screen drawn once a slide
            // The frames of the slides that show the screen underneath dim it in the copy.
            #expect(renderer.foldedTints >= 25, "scale \(scale)")
        }
    }
}

extension CachedLayerTests {
    @Test("A full-screen presentation slides up and down from its picture: every frame equals drawing the views")
    func presentationSlides() {
        let driver = TouchDriver(screen: Size(width: 320, height: 240))
        let base = TextScreen(title: "Living room", lines: 6)
        driver.window.rootViewController = base
        let sheet = TextScreen(title: "Alarm", lines: 4)
        sheet.modalPresentationStyle = .fullScreen
        let display = HeadlessDisplay(width: 320, height: 240)
        let renderer = Renderer(textRenderer: text)
        renderer.draw(driver.window, into: display.framebuffer)
        var time = 0.0
        for presents in [true, false] {
            if presents { base.present(sheet, animated: true) } else { sheet.dismiss(animated: true) }
            #expect(sheet.view.layer.shouldRasterize)
            slide(driver, on: display, with: renderer, time: &time)
            #expect(!sheet.view.layer.shouldRasterize)
            #expect(driver.application.rasterization.bytesInUse == 0)
        }
        #expect(renderer.rasterizedComposites >= 30)
    }
}

extension CachedLayerTests {
    @Test("A rasterized view moved to another application's window: its picture counts there, drawn again for it")
    func movedToAnotherApplication() {
        let first = CardScreen(scale: 1)
        let second = CardScreen(scale: 1)
        let renderer = Renderer(textRenderer: text)
        let display = HeadlessDisplay(width: 320, height: 240)
        renderer.draw(first.window, into: display.framebuffer)
        #expect(first.application.rasterization.bytesInUse > 0)
        second.card.removeFromSuperview()
        second.window.insertSubview(first.card, belowSubview: second.bar)
        first.title.text = "Moved, then changed"
        renderer.draw(second.window, into: display.framebuffer)
        #expect(pixelDifferences(display, reference(second, format: .xrgb8888)).isEmpty)
        #expect(first.application.rasterization.bytesInUse == 0)
        #expect(second.application.rasterization.bytesInUse == 220 * 170 * 4 + 170 * 8)
    }
}

/// A view that draws something of its own: never folded into a picture's copy.
private final class StripedShade: View {
    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: 2), color: .white)
    }
}

extension CachedLayerTests {
    @Test(
        "A translucent shade over exactly a picture's pixels is blended as the picture is copied; a shade smaller, larger or drawing something of its own is drawn apart; every frame equals drawing the views, at scale 1 and 2 and in RGB565"
    )
    func shadeFoldedIntoTheCopy() {
        for (scale, format) in [(1.0, PixelFormat.xrgb8888), (2.0, .xrgb8888), (1.0, .rgb565)] {
            for (inset, subclass, folds) in [
                (0.0, false, true), (10, false, false), (-6, false, false), (0, true, false)
            ] {
                let screen = CardScreen(scale: scale)
                screen.card.frame.origin = Point(x: 20, y: 30) // whole pixels, as the shade's fill must be
                let shade = subclass ? StripedShade(name: "shade") : View(name: "shade")
                shade.frame = screen.card.frame.insetBy(dx: inset, dy: inset)
                shade.backgroundColor = .black
                shade.alpha = 0.3
                screen.window.insertSubview(shade, aboveSubview: screen.card)
                let (width, height) = screen.pixelSize
                let renderer = Renderer(textRenderer: text)
                let frames = PresentedFrames(
                    screen.window, width: width, height: height, format: format, rotation: .none, renderer: renderer)
                for step in 0..<3 {
                    screen.card.center.x += 4
                    shade.center.x += 4
                    frames.render(screen.window, with: renderer)
                    let differences = pixelDifferences(frames.logical, reference(screen, format: format))
                    #expect(
                        differences.isEmpty,
                        "scale \(scale), \(format), inset \(inset), subclass \(subclass), step \(step): \(differences)")
                }
                #expect(renderer.rasterizedComposites >= 3)
                #expect((renderer.foldedTints > 0) == folds, "scale \(scale), inset \(inset), subclass \(subclass)")
            }
        }
    }
}
