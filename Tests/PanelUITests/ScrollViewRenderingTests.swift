import PanelImage
import PanelTesting
import PanelUI
import Testing

// What a scroll view shows: the content under its bounds' origin, clipped to
// its frame, redrawn correctly by the renderer's dirty areas as it moves, with
// the indicator over the content while it scrolls.

@Suite("ScrollView: drawing")
struct ScrollViewRenderingTests {
    static let red = Color(rgb: 0xD03030), blue = Color(rgb: 0x3050D0), grey = Color(rgb: 0x202020)

    /// A 200x200 window with a 100x100 scroll view at (20, 20) over 100x300 content: red on top, blue at 150…200.
    static func scene() -> (TouchDriver, ScrollView) {
        let driver = TouchDriver(screen: Size(width: 200, height: 200))
        driver.window.backgroundColor = grey
        let scrollView = ScrollView(frame: Rect(x: 20, y: 20, width: 100, height: 100), name: "s")
        scrollView.contentSize = Size(width: 100, height: 300)
        let top = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        top.backgroundColor = red
        let lower = View(frame: Rect(x: 0, y: 150, width: 100, height: 50))
        lower.backgroundColor = blue
        scrollView.addSubview(top)
        scrollView.addSubview(lower)
        driver.window.addSubview(scrollView)
        return (driver, scrollView)
    }

    @Test("The content moves with contentOffset and is clipped to the scroll view")
    func contentMovesAndClips() {
        let (driver, scrollView) = Self.scene()
        var display = drawn(driver.window)
        #expect(display.framebuffer.color(atX: 60, y: 40) == Self.red)
        scrollView.contentOffset = Point(x: 0, y: 150)
        display = drawn(driver.window)
        #expect(display.framebuffer.color(atX: 60, y: 40) == Self.blue)
        #expect(display.framebuffer.color(atX: 60, y: 150) == Self.grey) // content below the frame is clipped
        #expect(display.framebuffer.color(atX: 60, y: 10) == Self.grey) // and above it
    }

    @Test("Redrawing only the dirty areas frame by frame while it decelerates gives the same pixels as a full redraw")
    func incrementalRedraw() {
        let (driver, scrollView) = Self.scene()
        let display = HeadlessDisplay(width: 200, height: 200)
        let renderer = Renderer()
        renderer.draw(driver.window, into: display.framebuffer)
        driver.window.clearDirtyRect()
        driver.down(1, at: Point(x: 70, y: 110))
        for step in 1...8 { driver.move(1, to: Point(x: 70, y: 110 - 10 * Double(step))) }
        driver.up(1)
        for frame in 0..<40 {
            driver.advance(by: 1.0 / 60)
            _ = renderer.render(driver.window, into: display.framebuffer)
            if frame % 10 == 0 {
                let full = drawn(driver.window)
                #expect(pixelDifferences(display, full).isEmpty, "frame \(frame): \(pixelDifferences(display, full))")
            }
        }
        #expect(scrollView.contentOffset.y > 70)
    }

    @Test("While scrolling, the vertical indicator shows at the right edge over the content; it fades after")
    func indicator() {
        let (driver, scrollView) = Self.scene()
        driver.down(1, at: Point(x: 70, y: 110))
        for step in 1...4 { driver.move(1, to: Point(x: 70, y: 110 - 10 * Double(step))) }
        var display = drawn(driver.window)
        let bar = display.framebuffer.color(atX: 20 + 100 - 4, y: 30) // 2.5 pt in from the right, 3 pt wide
        #expect(bar != Self.red && bar != Self.grey)
        driver.up(1)
        for _ in 0..<600 where driver.application.displayLink.isActive { driver.advance(by: 1.0 / 60) }
        #expect(!driver.application.displayLink.isActive)
        scrollView.contentOffset = .zero // from code: no indicator, as in UIKit
        display = drawn(driver.window)
        #expect(display.framebuffer.color(atX: 20 + 100 - 4, y: 30) == Self.red)
    }
}

@Suite("Drawing a view whose bounds origin is not zero")
struct ScrolledBoundsDrawingTests {
    @Test("A scrolled scroll view's own background fills its whole frame")
    func backgroundFillsTheFrame() {
        let (driver, scrollView) = ScrollViewRenderingTests.scene()
        scrollView.backgroundColor = Color(rgb: 0x30A030)
        scrollView.contentOffset = Point(x: 0, y: 60)
        let display = drawn(driver.window)
        // The frame is 20…120; the content's red top is scrolled off and its blue band
        // shows at 110…120, so at 22 and 100 only the background is left to see.
        #expect(display.framebuffer.color(atX: 60, y: 22) == Color(rgb: 0x30A030))
        #expect(display.framebuffer.color(atX: 60, y: 100) == Color(rgb: 0x30A030))
        #expect(display.framebuffer.color(atX: 60, y: 10) == ScrollViewRenderingTests.grey) // and not above the frame
    }
}
