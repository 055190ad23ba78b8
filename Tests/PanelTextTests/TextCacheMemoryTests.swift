import PanelImage
import PanelTesting
import Testing

@testable import PanelText
@testable import PanelUI

// The text caches keep a bounded amount of memory, however long a text went
// by (issue 34 row 17; docs/memory.md, "Text caches"). Counted as the bytes
// the caches hold (their capacities), not as the process's heap, which
// other tests running at the same time move.

/// A window with a small label whose text changed once, drawn with FreeType on a white display.
struct LabelScreen {
    let text: FreeTypeTextRenderer
    let driver = TouchDriver(screen: Size(width: 320, height: 120))
    let small = Label(frame: Rect(x: 10, y: 80, width: 300, height: 30), name: "small", text: "Volume 62%")
    let display = makeDisplay(background: .white)
    let renderer: Renderer

    init() throws {
        text = try makeRenderer()
        renderer = Renderer(textRenderer: text)
        driver.window.addSubview(small)
        draw()
        small.text = "Volume 63%"
        draw()
    }

    func draw() { renderer.draw(driver.window, into: display.framebuffer) }

    /// What the text renderer's layout buffers and cache and the window's
    /// measured lines hold, in bytes.
    var heldBytes: Int {
        let lines = [driver.window.oldTextLine, driver.window.newTextLine]
        return text.layoutBytes
            + lines.reduce(0) {
                $0 + $1.pens.capacity * MemoryLayout<Double>.stride + $1.ink.capacity * MemoryLayout<Rect>.stride
            }
    }
}

@Suite("Text caches: memory returns after a huge text")
struct TextCacheMemoryTests {
    // Issue 34 row 17: a 1 MB one-line label shown, then removed, left
    // 126-158 MB of heap: the layout buffers and cache kept their high-water
    // mark. Memory returns: a text too long for the cache is laid out for
    // each call and given back when the call ends.
    @Test("A 1 MB one-line label shown, then removed: the text caches hold no more than before it")
    func hugeLabelMemoryReturns() throws {
        let screen = try LabelScreen()
        let before = screen.heldBytes
        let megabyte = String(repeating: "lorem ipsum ", count: 87_382) // 1,048,584 bytes
        let huge = Label(frame: Rect(x: 10, y: 10, width: 300, height: 30), name: "huge", text: megabyte)
        huge.backgroundColor = .white
        screen.driver.window.addSubview(huge)
        screen.draw()
        // Shown: its first words and an ellipsis.
        #expect(
            inkBounds(screen.display.framebuffer, background: .white, in: Rect(x: 10, y: 10, width: 300, height: 30))
                != nil)
        let during = screen.heldBytes

        huge.removeFromSuperview()
        screen.small.text = "Volume 64%"
        screen.draw()
        let after = screen.heldBytes

        // The layout cache's fixed pools (208 KB with the shaping buffers) and a screenful of labels' lines.
        #expect(before < 256 * 1024)
        #expect(during <= before + 64 * 1024, "held \(during) bytes while the 1 MB label was shown, \(before) before")
        #expect(after <= before + 64 * 1024, "held \(after) bytes after the 1 MB label was removed, \(before) before")
    }

    // Issue 34 row 17: a long label whose text changes on screen is measured
    // where it changed (its pens and ink, 40 bytes a character, old and new):
    // the window keeps those lines for the next change only up to 1,024 characters.
    @Test("A 100 KB label changed on screen: the window's measured lines go back to their size when it is gone")
    func longLabelChangeMemoryReturns() throws {
        let screen = try LabelScreen()
        let before = screen.heldBytes
        let long = Label(
            frame: Rect(x: 10, y: 10, width: 300, height: 30), name: "long",
            text: String(repeating: "lorem ipsum ", count: 8_534)) // 102,408 bytes
        screen.driver.window.addSubview(long)
        screen.draw()
        long.text += "!"
        screen.draw()
        long.removeFromSuperview()
        screen.small.text = "Volume 64%"
        screen.draw()
        let after = screen.heldBytes
        #expect(
            after <= before + 64 * 1024, "held \(after) bytes after the 100 KB label changed and went, \(before) before"
        )
    }

    // Issue 34 row 17: giving memory back must not cost the steady state:
    // texts the cache keeps are laid out once and drawn again for nothing.
    @Test(
        "Texts the cache keeps (up to 4,096 glyphs) stay laid out: drawing them again lays out nothing and holds the same bytes"
    )
    func keptTextsStayLaidOut() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 320, height: 120)
        let long = String(repeating: "word ", count: 800) // 4,000 bytes: kept
        let font = Font.system(size: 14)
        for _ in 0..<2 {
            text.draw(
                long, font: font, color: .white, in: Rect(x: 0, y: 0, width: 320, height: 120), alignment: .left,
                lineBreak: .wordWrap, clip: display.framebuffer.bounds, alpha: 1, into: display.framebuffer)
        }
        let layouts = text.laidOutTextCount
        let bytes = text.layoutBytes
        let allocations = AllocationCounter.count {
            text.draw(
                long, font: font, color: .white, in: Rect(x: 0, y: 0, width: 320, height: 120), alignment: .left,
                lineBreak: .wordWrap, clip: display.framebuffer.bounds, alpha: 1, into: display.framebuffer)
        }
        #expect(text.laidOutTextCount == layouts)
        #expect(text.layoutBytes == bytes)
        #expect(allocations == 0)
    }
}
