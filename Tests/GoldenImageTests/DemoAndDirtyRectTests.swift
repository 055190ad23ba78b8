import PanelDemo
import PanelImage
import PanelReplay
import PanelTesting
import PanelText
import PanelUI
import Testing

/// Counts the pixels of `framebuffer` that are not `sentinel`, and their bounding box.
func touchedPixels(_ framebuffer: Framebuffer, sentinel: Color) -> (count: Int, box: Rect?) {
    var count = 0
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<framebuffer.height {
        for x in 0..<framebuffer.width where framebuffer.color(atX: x, y: y) != sentinel {
            count += 1
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
    }
    guard count > 0 else { return (0, nil) }
    return (
        count, Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    )
}

/// How many pixels of two framebuffers of the same size differ, as a short message ("" when none).
func framebufferDifferences(_ a: Framebuffer, _ b: Framebuffer) -> String {
    var count = 0
    var first = ""
    for y in 0..<a.height {
        for x in 0..<a.width where a.color(atX: x, y: y) != b.color(atX: x, y: y) {
            if count == 0 { first = "(\(x), \(y))" }
            count += 1
        }
    }
    return count == 0 ? "" : "\(count) pixels differ, the first at " + first
}

func fillFramebuffer(_ framebuffer: Framebuffer, _ color: Color) {
    Renderer().fill(framebuffer.bounds, with: color, in: framebuffer)
}

@Suite("Dirty rects and the demo", .serialized)
struct DemoAndDirtyRectTests {
    @Test("Dirty rects: dragging a slider redraws only the slider and its value label, counted pixel by pixel")
    func sliderDragRedrawsOnlyItsArea() {
        let driver = TouchDriver()
        let screen = ControlsScreen(frame: driver.window.bounds, log: nil)
        driver.window.addSubview(screen)
        let display = HeadlessDisplay(width: 800, height: 480)
        let renderer = Renderer(textRenderer: makeTextRenderer())
        renderer.draw(driver.window, into: display.framebuffer)
        #expect(renderer.render(driver.window, into: display.framebuffer).isEmpty) // nothing changed: nothing drawn

        // In window coordinates: the slider and its label sit in stacks.
        let expected = screen.volume.convert(screen.volume.bounds, to: nil)
            .union(screen.volumeValue.convert(screen.volumeValue.bounds, to: nil))
        let thumb = screen.volume.currentThumbRect
        let start = screen.volume.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        driver.down(1, at: start)
        _ = renderer.render(driver.window, into: display.framebuffer) // the press highlights the thumb
        let sentinel = Color(red: 255, green: 0, blue: 255)
        var frames = 0
        for step in 1...10 {
            driver.move(1, to: Point(x: start.x - Double(step) * 12, y: start.y))
            fillFramebuffer(display.framebuffer, sentinel)
            let redrawn = renderer.render(driver.window, into: display.framebuffer)
            guard !redrawn.isEmpty else { continue }
            frames += 1
            // Only pixels of the slider's and its label's areas were drawn, each in an area returned …
            for area in redrawn {
                #expect(area.minX >= expected.minX.rounded(.down) && area.maxX <= expected.maxX.rounded(.up))
                #expect(area.minY >= expected.minY.rounded(.down) && area.maxY <= expected.maxY.rounded(.up))
            }
            var outside = 0
            var touched = 0
            for y in 0..<480 {
                for x in 0..<800 where display.framebuffer.color(atX: x, y: y) != sentinel {
                    touched += 1
                    let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    if !redrawn.contains(where: { $0.contains(centre) }) { outside += 1 }
                }
            }
            #expect(outside == 0)
            // … the thumb's way and the label's text: a small part of the two views.
            #expect(touched > 0 && Double(touched) <= redrawn.area)
            #expect(redrawn.area < (expected.width * expected.height) / 4, "\(redrawn.area) pixels redrawn")
        }
        #expect(frames == 10)
        driver.up(1)
    }

    @Test(
        "Dirty rects: every frame of a slider drag, redrawn where the thumb and the value label's text changed, equals a full redraw"
    )
    func sliderDragFramesEqualFullRedraws() {
        let driver = TouchDriver()
        let screen = ControlsScreen(frame: driver.window.bounds, log: nil)
        driver.window.addSubview(screen)
        let display = HeadlessDisplay(width: 800, height: 480)
        let full = HeadlessDisplay(width: 800, height: 480)
        let renderer = Renderer(textRenderer: makeTextRenderer())
        renderer.draw(driver.window, into: display.framebuffer)
        let thumb = screen.volume.currentThumbRect
        let start = screen.volume.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        driver.down(1, at: start)
        var separate = 0
        // Left in uneven steps, then right past the start: thumbs, fills and label texts of every width.
        for step in Array(1...14).map({ -Double($0) * 7.3 }) + Array(0...24).map({ -95 + Double($0) * 11.1 }) {
            driver.move(1, to: Point(x: start.x + step, y: start.y))
            let redrawn = renderer.render(driver.window, into: display.framebuffer)
            if redrawn.count > 1 { separate += 1 }
            renderer.draw(driver.window, into: full.framebuffer)
            #expect(
                framebufferDifferences(display.framebuffer, full.framebuffer) == "",
                "moved \(step): the dirty redraw differs from a full redraw")
        }
        driver.up(1)
        _ = renderer.render(driver.window, into: display.framebuffer)
        renderer.draw(driver.window, into: full.framebuffer)
        #expect(framebufferDifferences(display.framebuffer, full.framebuffer) == "")
        withExtendedLifetime((display, full)) {}
        #expect(separate > 0, "the thumb and the label's text were redrawn as separate areas")
    }

    @Test(
        "Dirty rects: a label's changed characters are redrawn on their ink, old and new: every change equals a full redraw, and redraws less than a quarter-em margin would",
        arguments: [1.0, 2.0])
    func labelTextChangesRedrawTheirInk(scale: Double) {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.screen.configure(bounds: Rect(x: 0, y: 0, width: 320, height: 120), scale: scale)
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 120))
        window.backgroundColor = Color(red: 30, green: 40, blue: 60)
        application.addWindow(window)
        // At a fractional place, so that the line's start and top round when drawn.
        let label = Label(frame: Rect(x: 10.3, y: 20.6, width: 280, height: 40))
        // DejaVu Sans, whose digits are all 0.64 em wide (Inter's default digits are proportional).
        label.font = Font(name: "DejaVuSans", size: 22)
        label.textColor = Color(red: 250, green: 240, blue: 200)
        label.text = "62%"
        window.addSubview(label)
        let size = Int(320 * scale)
        let height = Int(120 * scale)
        let display = HeadlessDisplay(width: size, height: height)
        let full = HeadlessDisplay(width: size, height: height)
        let renderer = Renderer(textRenderer: makeTextRenderer())
        renderer.draw(window, into: display.framebuffer)
        // Digits, a moving suffix, overhangs (f, j, /), accents above the line and
        // descenders below it, spaces (no ink), an emptied and a refilled label.
        let texts = [
            "63%", "9%", "10%", "100%", "1f%", "1fj/%", "1fj/%É", "1fj/%Éyg", "1fj/ %Éyg", "1fj/  %Éyg",
            "1fj/  %Éyg ", "Wjy", "W", "", "Åpg", "Åpq", "62%"
        ]
        var changed = 0
        for text in texts {
            let before = label.text
            label.text = text
            let redrawn = renderer.render(window, into: display.framebuffer)
            renderer.draw(window, into: full.framebuffer)
            #expect(
                framebufferDifferences(display.framebuffer, full.framebuffer) == "",
                "\(before) → \(text) at scale \(scale)")
            if !redrawn.isEmpty { changed += 1 }
            if before == "62%" {
                // One digit: its ink and a pixel round it, under half of the line's
                // rows across the digit's advance with a quarter-em margin all round.
                let margin = 22.0 / 4 * scale
                let lineHeight =
                    renderer.textRenderer!.measure("0", font: label.font, width: nil, scale: scale).height * scale
                let advance = 0.64 * 22 * scale
                #expect(
                    redrawn.area < (advance + 2 * margin) * (lineHeight + 2 * margin) / 2,
                    "\(redrawn.area) pixels redrawn")
            }
        }
        #expect(changed == texts.count - 1) // "1fj/  %Éyg" → "… " adds a space only, which changes no pixel
        withExtendedLifetime((display, full)) {}
    }

    @Test(
        "Rule 3 on a panel as mounted: dragging the demo's slider on a portrait UI at scale 2, turned 90° onto a 1600×960 panel, drawn in RGB565, allocates nothing per frame from the touch to the turned, converted scan-out copy"
    )
    func mountedPanelDragAllocatesNothing() {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.screen.configure(bounds: Rect(x: 0, y: 0, width: 480, height: 800), scale: 2)
        let demo = DemoApp(application: application, screenSize: Size(width: 480, height: 800), icon: nil)
        let driver = TouchDriver(driving: application, window: demo.window)
        #expect(demo.window.displayScale == 2)
        let rotation = DisplayRotation.clockwise90
        let logical = HeadlessDisplay(width: 960, height: 1600, format: .rgb565)
        // a plane without RG16, as bochs-drm's
        let scanout = HeadlessDisplay(width: 1600, height: 960, format: .xrgb8888)
        let renderer = Renderer(textRenderer: makeTextRenderer())
        renderer.draw(demo.window, into: logical.framebuffer)
        logical.framebuffer.copy(logical.framebuffer.bounds, turnedBy: rotation, into: scanout.framebuffer)
        let slider = demo.controls.volume
        let thumb = slider.currentThumbRect
        let start = slider.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        func frame(_ x: Double) -> Bool {
            driver.move(1, to: Point(x: x, y: start.y))
            let areas = renderer.render(demo.window, into: logical.framebuffer)
            return !logical.framebuffer.copy(areas, turnedBy: rotation, into: scanout.framebuffer).isEmpty
        }
        // Warm-up: the whole range both ways draws every value's glyphs.
        driver.down(1, at: start)
        for x in stride(from: start.x, through: 460, by: 6) { _ = frame(x) }
        for x in stride(from: 460.0, through: 10, by: -6) { _ = frame(x) }
        var allocations: UInt64 = 0
        var shown = 0
        for step in 0..<30 {
            allocations += AllocationCounter.count { if frame(40 + Double(step) * 9) { shown += 1 } }
        }
        driver.up(1)
        #expect(shown == 30, "every measured frame redrew and reached the scan-out buffer")
        #expect(allocations == 0, "\(allocations) allocations in 30 frames")
    }

    @Test("The headless demo's frames show the scripted taps and drags taking effect")
    func demoTakesEffect() throws {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let icon = try PNG.readImage(path: PackagePaths.path("assets/images/panelkit-icon.png"))
        let demo = DemoApp(application: application, screenSize: Size(width: 800, height: 480), icon: icon)
        let display = HeadlessDisplay(width: 800, height: 480)
        let renderer = Renderer(textRenderer: makeTextRenderer())
        renderer.draw(demo.window, into: display.framebuffer)
        let theme = Theme.standard
        func pixel(_ view: View, _ x: Double, _ y: Double) -> Color {
            let p = view.convert(Point(x: x, y: y), to: nil)
            return display.framebuffer.color(atX: Int(p.x), y: Int(p.y))
        }
        var seen: [String: (Color, Color, Bool, Double, Bool)] = [:]
        var settingsShown: [String: Bool] = [:]
        var offsets: [String: Double] = [:]
        let settings = demo.settingsController
        DemoSession(app: demo).play(.standard) { step in
            _ = renderer.render(demo.window, into: display.framebuffer)
            let controls = demo.controls
            seen[step] = (
                pixel(controls.play, 8, 8), pixel(controls.wifi, 8, controls.wifi.bounds.midY),
                controls.wifi.isOn, controls.volume.value, demo.isShowingAbout
            )
            settingsShown[step] = demo.isShowingSettings
            offsets[step] = settings.table.contentOffset.y
            #expect(!demo.navigation.isTransitioning, "\(step): the slide ended before the snapshot")
        }
        #expect(seen.count == DemoScript.standard.steps.count)
        #expect(seen["start"]?.0 == theme.surface)
        #expect(seen["play-pressed"]?.0 == theme.accent) // the button shows selected
        #expect(seen["start"]?.2 == true && seen["wifi-toggled"]?.2 == false)
        #expect(seen["start"]?.1 != seen["wifi-toggled"]?.1) // the switch's track changed colour
        #expect(abs((seen["volume-dragged"]?.3 ?? 0) - 0.25) < 0.03)
        #expect(seen["about-screen"]?.4 == true && seen["back-to-controls"]?.4 == false)
        #expect(settingsShown["settings-screen"] == true && settingsShown["settings-closed"] == false)
        #expect(!settings.autoDim.isOn) // on at start
        #expect((offsets["settings-flung"] ?? 0) > 1000, "the fling went down the list")
        #expect(settings.sensorChecked[37] && settings.sensorChecked.filter { $0 }.count == 1)
        #expect(demo.controls.eject.isEnabled == false)
    }

    @Test(
        "Flinging the settings list allocates nothing per display-link frame once its cells exist (tiling, reuse, text, redraw), at scale 1 and 2",
        arguments: [1.0, 2.0])
    func settingsFlingAllocatesNothingPerFrame(scale: Double) {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.screen.configure(bounds: Rect(x: 0, y: 0, width: 800, height: 480), scale: scale)
        let demo = DemoApp(application: application, screenSize: Size(width: 800, height: 480), icon: nil)
        let driver = TouchDriver(driving: application, window: demo.window)
        let display = HeadlessDisplay(width: Int(800 * scale), height: Int(480 * scale)) // the screen's pixels
        let renderer = Renderer(textRenderer: makeTextRenderer())
        renderer.draw(demo.window, into: display.framebuffer)
        demo.navigation.pushViewController(demo.settingsController, animated: false)
        let table = demo.settingsController.table
        table.scrollToRow(
            at: IndexPath(row: 40, section: SettingsViewController.sensorSection), at: .top, animated: false)
        _ = renderer.render(demo.window, into: display.framebuffer)
        func fling(up: Bool) {
            let start = Point(x: 400, y: up ? 400 : 100)
            let distance = up ? -240.0 : 240.0
            driver.down(1, at: start)
            driver.move(1, to: Point(x: start.x, y: start.y + distance / 2))
            driver.move(1, to: Point(x: start.x, y: start.y + distance))
            driver.up(1)
        }
        // Warm-up: flings both ways make the cells and draw every glyph.
        for up in [true, false, true, false] {
            fling(up: up)
            for _ in 0..<60 {
                driver.advance(by: 1.0 / 60)
                _ = renderer.render(demo.window, into: display.framebuffer)
            }
        }
        fling(up: true)
        var allocations: UInt64 = 0
        var moved = 0
        let frames = 40
        for _ in 0..<frames {
            allocations += AllocationCounter.count {
                driver.advance(by: 1.0 / 60)
                if !renderer.render(demo.window, into: display.framebuffer).isEmpty { moved += 1 }
            }
        }
        withExtendedLifetime(display) {}
        #expect(moved == frames, "every measured frame scrolled and redrew")
        #expect(table.contentOffset.y < table.maximumContentOffset.y, "the fling did not reach the end")
        #expect(allocations == 0, "\(allocations) allocations in \(frames) frames")
    }
}

/// A window drawn whole once, then redrawn frame by frame where it changed,
/// beside a full redraw of each frame to compare with.
struct DirtyAgainstFullRedraw {
    let window: Window
    let display: HeadlessDisplay, full: HeadlessDisplay
    let renderer = Renderer(textRenderer: makeTextRenderer())

    init(_ window: Window) {
        self.window = window
        let size = window.bounds.size
        display = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
        full = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
        renderer.draw(window, into: display.framebuffer)
    }

    /// Redraws where the window changed and the whole of it: what differs between the two ("" for nothing), and the area redrawn.
    func nextFrame() -> (differences: String, redrawn: DirtyRegion) {
        let redrawn = renderer.render(window, into: display.framebuffer)
        renderer.draw(window, into: full.framebuffer)
        return (framebufferDifferences(display.framebuffer, full.framebuffer), redrawn)
    }
}

@Suite("Dirty rects of a label's text")
struct LabelTextDirtyRectTests {
    @Test(
        "A label's new text redraws only where the old and new text are, and the frame equals a full redraw",
        arguments: [TextAlignment.left, .center, .right])
    func textChangesEqualFullRedraws(_ alignment: TextAlignment) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 80))
        window.backgroundColor = Color(rgb: 0x202830)
        let label = Label(frame: Rect(x: 10.5, y: 12, width: 200, height: 48), name: "value", text: "Volume 62%")
        label.font = .system(size: 18)
        label.textAlignment = alignment
        label.textColor = .white
        window.addSubview(label)
        let frames = DirtyAgainstFullRedraw(window)
        // Changes in the middle with the same ending, at the same pen or moved
        // (a wider digit, kerning against what follows: "AV" and "WA").
        let texts = [
            "Volume 63%", "Volume 7%", "Volume 100%", "Vol", "fjord Å∫ yj", "Volume 63%", "",
            "A line much too long to fit the label, cut with an ellipsis", "A line much too long to fit, cut elsewhere",
            "Wave 1 AV.", "Wave 2 AV.", "Wave 22 AV.", "Wave W AV.", "WAVE A WA", "WAVE V WA", "WAVE VV WA",
            "Two\nlines 1", "Two\nlines 2", "Volume\u{2028}62%", "Volume 62%", "Volume 62%"
        ]
        for text in texts {
            label.text = text
            let frame = frames.nextFrame()
            #expect(frame.differences == "", "'\(text)': the dirty redraw differs from a full redraw")
            #expect(frame.redrawn.area <= 200 * 48, "'\(text)': no more than the label")
        }
        // One changed digit of a left-aligned line redraws that digit (and a
        // margin for ink past its advance), not the text before it or the "%"
        // after, on the line's rows (about 30 with their margin), not the label's 48.
        if alignment == .left {
            label.text = "Volume 64%"
            let redrawn = frames.renderer.render(window, into: frames.display.framebuffer)
            #expect(redrawn.count == 1 && redrawn.area <= 22 * 32, "\(redrawn.area) pixels for one digit")
        }
    }

    @Test(
        "A label measures only its new text when its old text's pens were measured last, for the same font: another label's pens in another font are not taken"
    )
    func pensAreReusedOnlyForTheSameTextAndFont() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 480, height: 120))
        window.backgroundColor = Color(rgb: 0x202830)
        let small = Label(frame: Rect(x: 10, y: 8, width: 300, height: 40), name: "small", text: "Volume 62%")
        small.font = .system(size: 14)
        // Starts with the text `small` is about to change to, in a font twice the size.
        let large = Label(frame: Rect(x: 10, y: 56, width: 460, height: 60), name: "large", text: "Volume 63%")
        large.font = .system(size: 34)
        for label in [small, large] {
            label.textColor = .white
            window.addSubview(label)
        }
        let frames = DirtyAgainstFullRedraw(window)
        // `large` goes from "Volume 100%" to "Volume 9%" just after `small` measured "Volume 100%":
        // taking those pens, it would miss the end of its own wider old text.
        for (label, text) in [
            (small, "Volume 63%"), (large, "Volume 64%"), (large, "Volume 100%"), (small, "Volume 100%"),
            (large, "Volume 9%"), (small, "Volume 99%")
        ] {
            label.text = text
            #expect(
                frames.nextFrame().differences == "",
                "\(label.name) to '\(text)': the dirty redraw differs from a full redraw")
        }
    }

    @Test(
        "Setting a label's text (an action on the input path) measures nothing: glyphs never drawn are shaped in the frame's layout, so the setter allocates nothing"
    )
    func settingTextMeasuresLater() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 80))
        let label = Label(frame: Rect(x: 10, y: 12, width: 200, height: 48), name: "value", text: "Tapped once")
        window.addSubview(label)
        let display = HeadlessDisplay(width: 320, height: 80)
        let renderer = Renderer(textRenderer: makeTextRenderer())
        renderer.draw(window, into: display.framebuffer)
        // "3", "7", "q" and "Ω" were never drawn: shaping them now would rasterize them.
        let allocations = AllocationCounter.count { label.text = "Tapped 37 Ωq" }
        #expect(allocations == 0)
        let redrawn = renderer.render(window, into: display.framebuffer)
        let full = HeadlessDisplay(width: 320, height: 80)
        renderer.draw(window, into: full.framebuffer)
        #expect(framebufferDifferences(display.framebuffer, full.framebuffer) == "")
        #expect(
            redrawn.count == 1 && redrawn.area < 200 * 48, "only the changed part of the line: \(redrawn.area) pixels")
        withExtendedLifetime((display, full)) {}
    }
}
