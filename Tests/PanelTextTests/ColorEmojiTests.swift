import PanelTesting
import PanelUI
import Testing

@testable import PanelText

// Emoji come from Noto Color Emoji, a colour bitmap font: FreeType gives its
// glyphs as BGRA images at one strike (109 pixels), and the glyph cache scales
// them to the text's size. They are drawn in their own colours.

@Suite("Colour emoji")
struct ColorEmojiTests {
    @Test("An emoji is drawn in its own colours, not the text's, about as tall as the text")
    func emojiKeepTheirColours() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 120, height: 40)
        let fb = display.framebuffer
        text.draw(
            "😀", font: .system(size: 20), color: .white, in: Rect(x: 0, y: 0, width: 120, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        let ink = try #require(inkBounds(fb, background: .black))
        // The strike's bitmap (136 × 128 at 109 pixels an em) at 20 pixels: 25 × 23.
        #expect((22...26).contains(ink.width))
        #expect((21...25).contains(ink.maxY - ink.minY + 1))
        // A grinning face is yellow: red and green well above blue.
        let centre = fb.color(atX: (ink.minX + ink.maxX) / 2, y: ink.minY + 3)
        #expect(centre.red > 180 && centre.green > 140 && centre.blue < 100, "\(centre)")
    }

    @Test("On an RGB565 panel an emoji keeps its colours too, and half alpha lets the background through")
    func emojiOnRGB565() throws {
        let text = try makeRenderer()
        func centre(alpha: Double) throws -> Color {
            let display = makeDisplay(width: 120, height: 40, format: .rgb565, background: .black)
            let fb = display.framebuffer
            text.draw(
                "😀", font: .system(size: 20), color: .white, in: Rect(x: 0, y: 0, width: 120, height: 40),
                alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: alpha, into: fb)
            let ink = try #require(inkBounds(fb, background: .black))
            return fb.color(atX: (ink.minX + ink.maxX) / 2, y: ink.minY + 3)
        }
        let full = try centre(alpha: 1)
        #expect(full.red > 180 && full.green > 140 && full.blue < 100, "\(full)")
        let half = try centre(alpha: 0.5)
        #expect(abs(Int(half.red) - Int(full.red) / 2) <= 12, "\(half) at half alpha over black, \(full) at full")
    }

    @Test("A flag, a ZWJ family and a skin tone are one glyph each, one cluster each")
    func sequencesAreOneGlyph() throws {
        let text = try makeRenderer()
        let resolved = try text.resolve(.system(size: 20), retry: true)
        text.layout.shape(
            "🇩🇪👨‍👩‍👧👍🏽", face: resolved.face, fallbacks: text.resolvedFallbackFaces, sizeKey: resolved.sizeKey,
            cache: text.cache)
        #expect(text.layout.glyphs.map(\.cluster) == [0, 2, 7])
        var pens: [Double] = []
        text.penPositions("🇩🇪👨‍👩‍👧👍🏽", font: .system(size: 20), into: &pens)
        // Caret stops only between the three: the scalars inside a sequence share its start.
        #expect(Set(pens).count == 4)
    }

    @Test("Redrawing emoji at scale 2 and fading them allocates nothing once drawn")
    func warmEmojiAllocateNothing() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 320, height: 80)
        let fb = display.framebuffer
        var alpha = 1.0
        func draw() {
            text.draw(
                "Home 🏠 🇮🇱 ❤️", font: .system(size: 40), color: .white, in: Rect(x: 0, y: 0, width: 320, height: 80),
                alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: alpha, into: fb)
            alpha = alpha == 1 ? 0.5 : 1
        }
        draw()
        let rasterized = text.rasterizedGlyphCount
        #expect(AllocationCounter.count(warmUpRuns: 1) { draw() } == 0)
        #expect(text.rasterizedGlyphCount == rasterized)
    }
}

@Suite("Truncation by grapheme clusters, either way")
struct ClusterTruncationTests {
    /// The glyphs `text` keeps on one line `width` pixels wide, in visual
    /// order: each glyph's cluster (−1 for the ellipsis) and pen.
    func truncated(_ text: String, width: Int) throws -> [(cluster: Int, x: Int)] {
        let renderer = try makeRenderer()
        let resolved = try renderer.resolve(.system(size: 20), retry: true)
        _ = renderer.laidOutIndex(text, resolved, wraps: false, maxWidth: width * 64)
        let line = try #require(renderer.layout.lines.first)
        return renderer.layout.glyphs[line.start..<line.end].map { ($0.cluster, $0.x) }
    }

    @Test("A right-to-left label cut short ends in an ellipsis at its left, after whole letters with their points")
    func rightToLeftEllipsisAtTheLeft() throws {
        // Shin with shin dot and qamats, lamed, vav with holam, final mem: four clusters a word.
        let word = "שָׁלוֹם "
        let glyphs = try truncated(String(repeating: word, count: 8), width: 120)
        let ellipsis = try #require(glyphs.firstIndex { $0.cluster == -1 })
        #expect(glyphs[ellipsis].x == glyphs.map(\.x).min()) // leftmost: the end of a right-to-left line
        // What is kept is a logical prefix of whole clusters: every cluster start up to the last kept one.
        let starts = Set(glyphs.map(\.cluster).filter { $0 >= 0 })
        let clusterStarts = [0, 3, 4, 6, 7] // ש+ׁ+ָ, ל, ו+ֹ, ם, space
        let kept = starts.max() ?? 0
        for s in 0...kept where clusterStarts.contains(s % word.unicodeScalars.count) {
            #expect(starts.contains(s), "cluster \(s) dropped inside the kept text")
        }
        #expect(!starts.contains { !clusterStarts.contains($0 % word.unicodeScalars.count) })
    }

    @Test("Flags and ZWJ sequences are kept or dropped whole before the ellipsis")
    func emojiSequencesStayWhole() throws {
        let flags = String(repeating: "🇮🇱", count: 12)
        let glyphs = try truncated(flags, width: 100)
        #expect(glyphs.last?.cluster == -1)
        #expect(glyphs.dropLast().allSatisfy { $0.cluster % 2 == 0 }) // each flag is two scalars, one glyph
        let families = try truncated(String(repeating: "👨‍👩‍👧", count: 8), width: 90)
        #expect(families.dropLast().allSatisfy { $0.cluster % 5 == 0 })
        #expect(families.last?.cluster == -1)
    }
}
