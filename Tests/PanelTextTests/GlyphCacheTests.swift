import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

@Suite struct GlyphCacheTests {
    static let label = "Temperature 21.5 °C"

    @Test func redrawingALabelRasterizesNothing() throws {
        let text = try makeRenderer()
        let display = makeDisplay()
        let fb = display.framebuffer
        let rect = Rect(x: 10, y: 10, width: 300, height: 30)
        text.draw(
            Self.label, font: .system(size: 16), color: .white, in: rect, alignment: .left,
            lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        let afterFirst = text.rasterizedGlyphCount
        let bytesAfterFirst = text.glyphCacheBytes
        // 15 distinct characters, the space included: "e", "r", "t" and "a" repeat.
        #expect(afterFirst == 15)
        #expect(text.cachedGlyphCount == 15)

        text.draw(
            Self.label, font: .system(size: 16), color: .white, in: rect, alignment: .left,
            lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        #expect(text.rasterizedGlyphCount == afterFirst)
        #expect(text.glyphCacheBytes == bytesAfterFirst) // storage grows only for new glyphs
        _ = text.measure(Self.label, font: .system(size: 16), width: nil)
        #expect(text.rasterizedGlyphCount == afterFirst)
    }

    @Test(
        "Measuring a text again lays nothing out: a layout pass measures its labels each time, a button its title on each draw"
    )
    func measuringAgainLaysNothingOut() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        let size = text.measure(Self.label, font: font, width: nil)
        #expect(size.width > 0 && size.height == text.lineHeight(of: font))
        #expect(text.laidOutTextCount == 1)
        #expect(text.measure(Self.label, font: font, width: nil) == size)
        // The label damage's pens come from the same unbroken line.
        var pens: [Double] = []
        text.penPositions(Self.label, font: font, into: &pens)
        #expect(pens.count == Self.label.unicodeScalars.count + 1)
        #expect(text.laidOutTextCount == 1)

        // Wrapped, measuring and drawing at the same width share one layout.
        let wrapped = text.measure("word word word", font: font, width: 90)
        #expect(wrapped.height == 2 * text.lineHeight(of: font))
        #expect(text.laidOutTextCount == 2)
        let display = makeDisplay() // named: it owns the pixels `fb` points at
        let fb = display.framebuffer
        text.draw(
            "word word word", font: font, color: .white, in: Rect(x: 0, y: 0, width: 90, height: 60), alignment: .left,
            lineBreak: .wordWrap, clip: fb.bounds, alpha: 1, into: fb)
        #expect(text.measure("word word word", font: font, width: 90) == wrapped)
        #expect(text.laidOutTextCount == 2)
        // Another width, font or text is another layout.
        _ = text.measure("word word word", font: font, width: 200)
        _ = text.measure(Self.label, font: .system(size: 20), width: nil)
        _ = text.measure(Self.label + "!", font: font, width: nil)
        #expect(text.laidOutTextCount == 5)
    }

    @Test func aNewSizeRasterizesAgain() throws {
        let text = try makeRenderer()
        let display = makeDisplay()
        let fb = display.framebuffer
        let rect = Rect(x: 10, y: 10, width: 300, height: 60)
        text.draw(
            "Hello", font: .system(size: 16), color: .white, in: rect, alignment: .left,
            lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        let at16 = text.rasterizedGlyphCount
        #expect(at16 == 4) // H, e, l, o
        text.draw(
            "Hello", font: .system(size: 24), color: .white, in: rect, alignment: .left,
            lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        #expect(text.rasterizedGlyphCount == at16 + 4)
        text.draw(
            "Hello", font: .boldSystem(size: 24), color: .white, in: rect, alignment: .left,
            lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        #expect(text.rasterizedGlyphCount == at16 + 8) // another face is another key too
    }

    @Test func preloadWarmsTheCacheForTheFirstFrame() throws {
        let text = try makeRenderer()
        // The text itself: Inter raises a colon between digits (its `calt`), a glyph "0123456789:" lacks.
        try text.preload(.system(size: 20), characters: "12:45 - 21.5 °C")
        let warmed = text.rasterizedGlyphCount
        #expect(warmed == 10) // 1 2 4 5 space - . ° C, and the colon in its raised form
        let display = makeDisplay()
        let fb = display.framebuffer
        text.draw(
            "12:45 - 21.5 °C", font: .system(size: 20), color: .white, in: Rect(x: 0, y: 0, width: 300, height: 40),
            alignment: .center, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        #expect(text.rasterizedGlyphCount == warmed)
        #expect(inkPixelCount(fb, background: .black) > 0)
    }

    @Test func removingCachedGlyphsRasterizesThemAgain() throws {
        let text = try makeRenderer()
        try text.preload(.system(size: 14), characters: "abc")
        #expect(text.rasterizedGlyphCount == 3)
        text.removeAllCachedGlyphs()
        #expect(text.cachedGlyphCount == 0)
        #expect(text.glyphCacheBytes == 0)
        try text.preload(.system(size: 14), characters: "abc")
        #expect(text.rasterizedGlyphCount == 6)
    }

    @Test func manyGlyphsGrowTheCacheAndStayCorrect() throws {
        // Enough sizes to make every store in the cache grow several times.
        let text = try makeRenderer()
        var alphabet = ""
        for v in UInt32(0x21)...0x7E { alphabet.unicodeScalars.append(Unicode.Scalar(v)!) }
        for size in stride(from: 8.0, through: 60, by: 2) {
            try text.preload(.system(size: size), characters: alphabet)
        }
        let count = text.rasterizedGlyphCount
        // About one glyph a character a size; shaping the alphabet as one text
        // picks a few contextual forms instead (Inter's `calt`).
        #expect(count > 90 * 27 && count <= 94 * 27 + 27 * 10)
        #expect(text.cachedGlyphCount == count)
        // Everything is still found: a redraw at an early size renders nothing.
        let display = makeDisplay()
        let fb = display.framebuffer
        text.draw(
            alphabet, font: .system(size: 8), color: .white, in: Rect(x: 0, y: 0, width: 1000, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        #expect(text.rasterizedGlyphCount == count)
        #expect(inkPixelCount(fb, background: .black) > 0)
    }

    @Test func aWarmRedrawDoesNotAllocate() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 320, height: 120)
        let fb = display.framebuffer
        let label = "Wrapped text that takes a few lines, drawn again and again"
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            text.draw(
                label, font: .system(size: 16), color: .white, in: Rect(x: 4, y: 4, width: 200, height: 110),
                alignment: .center, lineBreak: .wordWrap, clip: fb.bounds, alpha: 0.8, into: fb)
            text.draw(
                label, font: .system(size: 16), color: .white, in: Rect(x: 4, y: 4, width: 200, height: 20),
                alignment: .right, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        }
        #expect(allocations == 0)
    }

    @Test func drawsThroughAGraphicsContext() throws {
        // Views reach the renderer through GraphicsContext, which offsets by
        // the view's origin and passes its clip and alpha along.
        let text = try makeRenderer()
        let display = makeDisplay()
        let fb = display.framebuffer
        let context = GraphicsContext(
            framebuffer: fb, origin: Point(x: 100, y: 50),
            clip: Rect(x: 100, y: 50, width: 120, height: 40), alpha: 1, textRenderer: text)
        context.draw("Context", font: .system(size: 16), color: .white, in: Rect(x: 0, y: 0, width: 120, height: 40))
        let ink = try #require(inkBounds(fb, background: .black))
        #expect(ink.minX >= 100 && ink.maxX < 220 && ink.minY >= 50 && ink.maxY < 90)
        #expect(ink.minX <= 102)
    }
}
