import CFreeType
import PanelImage
import PanelUI
import Testing

@testable import PanelText

/// An armv7 board's `Int` (and C `long`, FreeType's `FT_Pos`) is 32 bits. It
/// lays text out as the host does only while every 26.6 width, pen and
/// advance fits 32 bits: these run on the host, and check the bounds that
/// keep them there. (`FreeTypeTextRenderer.fixedWidth` once bounded widths by
/// `Double(1 << 40)`, which is 0 on armv7: the board cut every text to "…".)
@Suite struct ThirtyTwoBitTextTests {
    @Test func everyWidthFitsThirtyTwoBitsIn26Dot6() {
        #expect(FreeTypeTextRenderer.maximumWidth * 64 <= Double(Int32.max))
        for width in [
            0.5, 1, 800, 16_777_215, 16_777_216, 16_777_217, 1e9, 1e12, 1e300, .greatestFiniteMagnitude, .infinity
        ] {
            let fixed = FreeTypeTextRenderer.fixedWidth(width)
            #expect(fixed > 0 && fixed <= 1 << 30, "width \(width) → \(fixed)")
        }
        #expect(FreeTypeTextRenderer.fixedWidth(800) == 51_200)
        #expect(FreeTypeTextRenderer.fixedWidth(800.99) == 51_263)
        #expect(FreeTypeTextRenderer.fixedWidth(1e9) == 1 << 30)
        for width in [0.0, -1, -.infinity, .nan] { #expect(FreeTypeTextRenderer.fixedWidth(width) == 0) }
        // The unbroken width stays above every width, whatever Int's size.
        #expect(FreeTypeTextRenderer.unbrokenWidth > 1 << 30)
    }

    @Test func aHugeRectangleLaysTextOutAsAScreenWideOne() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        try text.preload(font)
        let ellipsis = text.cache.glyphID(try #require(text.library.faces.first), 0x2026)
        var drawn: [[Color]] = []
        for width in [780.0, 1e6, 1e9] {
            let display = makeDisplay(width: 800, height: 40)
            let fb = display.framebuffer
            text.draw(
                "Living room: Wi-Fi on", font: font, color: .white, in: Rect(x: 10, y: 0, width: width, height: 40),
                alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
            #expect(text.layout.glyphs.allSatisfy { $0.glyphID != ellipsis }, "cut to an ellipsis at width \(width)")
            var pixels: [Color] = []
            for y in 0..<fb.height { for x in 0..<fb.width { pixels.append(fb.color(atX: x, y: y)) } }
            drawn.append(pixels)
        }
        #expect(drawn[0] == drawn[1])
        #expect(drawn[0] == drawn[2])
    }

    @Test func advancesAndKerningAreLimitedBeforeTheyAreSummed() {
        let limit = GlyphCache.metricLimit
        #expect(GlyphCache.limited(640) == 640)
        #expect(GlyphCache.limited(-640) == -640)
        #expect(GlyphCache.limited(FT_Pos(Int32.max)) == Int32(limit))
        #expect(GlyphCache.limited(FT_Pos(Int32.min)) == -Int32(limit))
        // Two limited steps added to a pen at its limit stay within 32 bits.
        #expect(TextLayout.penLimit + 2 * limit + 3 * limit <= Int(Int32.max))
        #expect(TextLayout.advance(TextLayout.penLimit, by: 2 * limit) == TextLayout.penLimit)
        #expect(TextLayout.advance(-TextLayout.penLimit, by: -2 * limit) == -TextLayout.penLimit)
        #expect(TextLayout.advance(640, by: -64) == 576)
    }

    @Test func aLongTextInTheLargestFontStopsItsPensAtTheLimit() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 2048)
        // About 1,300 pixels a glyph: 20,000 of them pass 2^24 pixels, and 2^31 in 26.6.
        let long = String(repeating: "M", count: 20_000)
        let size = text.measure(long, font: font, width: nil)
        #expect(size.width == FreeTypeTextRenderer.maximumWidth)
        var positions: [Double] = []
        text.penPositions(long, font: font, into: &positions)
        #expect(positions.count == 20_001)
        #expect(positions.allSatisfy { $0 >= 0 && $0 <= FreeTypeTextRenderer.maximumWidth })
        #expect(positions[1] > 1000 && positions[1] < 2000)
        // Wrapped at a screen's width, it is one glyph a line: 20,000 lines of a
        // 2048-point font, taller than a 32-bit Int counts in 26.6.
        let wrapped = text.measure(String(repeating: "M ", count: 20_000), font: font, width: 800)
        #expect(wrapped.height == 20_000 * text.lineHeight(of: font))
    }
}
