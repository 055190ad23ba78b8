import PanelImage
import PanelTesting
import PanelUI
import Testing

// The focus ring (docs/focus.md) drawn around the focused view: a thin ring
// while navigating, a thicker amber one while adjusting. References in
// Tests/Golden (PANELKIT_UPDATE_GOLDEN=1 rewrites them).

@Suite("Focus ring", .serialized)
struct FocusRingGoldenTests {
    /// A 300 x 120 window with a button and a slider, its focus driven by an encoder.
    final class Screen {
        let driver = TouchDriver(screen: Size(width: 300, height: 120))
        let button = Button(frame: Rect(x: 16, y: 12, width: 120, height: 44), name: "ok", title: "OK")
        let slider = Slider(frame: Rect(x: 16, y: 68, width: 268, height: 44), name: "level", value: 0.4)
        let display = HeadlessDisplay(width: 300, height: 120)
        let renderer = Renderer(textRenderer: sharedFocusText)

        init() {
            driver.window.backgroundColor = Theme.standard.background
            driver.window.addSubview(button)
            driver.window.addSubview(slider)
            renderer.draw(driver.window, into: display.framebuffer)
        }
    }

    @Test("A focused button has a ring just outside it; no ring before any focus input")
    func focusedButton() {
        let screen = Screen()
        #expect(screen.driver.window.focusRing == nil)
        screen.driver.turnEncoder(by: 1)
        screen.renderer.render(screen.driver.window, into: screen.display.framebuffer)
        let result = GoldenImage.check(screen.display.framebuffer, named: "focus-ring-button")
        #expect(result.passed, "\(result)")
    }

    @Test("A slider in adjusting mode has a thicker ring in the adjusting colour, and turns moved it")
    func adjustingSlider() {
        let screen = Screen()
        screen.driver.turnEncoder(by: 1)
        screen.driver.turnEncoder(by: 1)
        screen.driver.pushEncoder()
        screen.driver.turnEncoder(by: 4)
        screen.renderer.render(screen.driver.window, into: screen.display.framebuffer)
        let result = GoldenImage.check(screen.display.framebuffer, named: "focus-ring-slider-adjusting")
        #expect(result.passed, "\(result)")
    }

    @Test("Moving focus redraws only the old and new rings' areas, apart, and the frame equals a full redraw")
    func dirtyArea() {
        let screen = Screen()
        screen.driver.turnEncoder(by: 1)
        screen.renderer.render(screen.driver.window, into: screen.display.framebuffer)
        screen.driver.turnEncoder(by: 1)
        let ringButton = Rect(x: 12, y: 8, width: 128, height: 52) // the button grown by gap 2 + width 2
        let ringSlider = Rect(x: 12, y: 64, width: 276, height: 52)
        let area = screen.renderer.render(screen.driver.window, into: screen.display.framebuffer)
        #expect(area.count == 2 && area.contains(ringButton) && area.contains(ringSlider)) // apart: not their union
        let full = HeadlessDisplay(width: 300, height: 120)
        screen.renderer.draw(screen.driver.window, into: full.framebuffer)
        #expect(
            GoldenImage.compare(screen.display.framebuffer, with: full.framebuffer, tolerance: 0).differingPixels == 0)

        // A touch hides the ring: its area is redrawn without it.
        screen.driver.tap(at: Point(x: 200, y: 30))
        let hidden = screen.renderer.render(screen.driver.window, into: screen.display.framebuffer)
        #expect(hidden == DirtyRegion(ringSlider))
        // The mode changing redraws the ring's area too.
        screen.driver.pushEncoder() // shows the ring again
        _ = screen.renderer.render(screen.driver.window, into: screen.display.framebuffer)
        screen.driver.pushEncoder() // adjusting: the ring is wider
        let adjusting = screen.renderer.render(screen.driver.window, into: screen.display.framebuffer)
        #expect(adjusting == DirtyRegion(Rect(x: 10, y: 62, width: 280, height: 56)))
    }
}

/// This suite's own text renderer (see makeTextRenderer()).
nonisolated(unsafe) let sharedFocusText = makeTextRenderer()
