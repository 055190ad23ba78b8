import PanelImage
import PanelUI
import Testing

@testable import PanelText

@Suite struct KerningTests {
    @Test func avIsNarrowerThanAAndVApart() throws {
        let text = try makeRenderer()
        // DejaVu Sans: its kerning is in the `kern` table, which the renderer
        // reads today (Inter's is in GPOS, read once text is shaped: issue 37).
        let font = Font(name: "DejaVuSans", size: 48)
        let a = text.measure("A", font: font, width: nil).width
        let v = text.measure("V", font: font, width: nil).width
        let av = text.measure("AV", font: font, width: nil).width
        #expect(av < a + v)
        #expect(a + v - av >= 2) // DejaVu Sans kerns A–V by about 0.06 em
        // Pairs without kerning add up exactly.
        let h = text.measure("H", font: font, width: nil).width
        #expect(text.measure("HH", font: font, width: nil).width == 2 * h)
    }

    @Test func kerningShowsInTheDrawnInk() throws {
        let text = try makeRenderer()
        func inkWidth(_ string: String) throws -> Int {
            let display = makeDisplay(width: 200, height: 80)
            text.draw(
                string, font: Font(name: "DejaVuSans", size: 48), color: .white,
                in: Rect(x: 10, y: 0, width: 190, height: 80),
                alignment: .left, lineBreak: .truncateTail, clip: display.framebuffer.bounds, alpha: 1,
                into: display.framebuffer)
            return try #require(inkBounds(display.framebuffer, background: .black)).width
        }
        let av = try inkWidth("AV")
        // "A" and "V" touch at their feet without kerning: kerned, they overlap.
        let a = try inkWidth("A")
        let v = try inkWidth("V")
        #expect(av < a + v)
    }
}

@Suite struct LineBreakingTests {
    static let sentence = "word word word word word word word"

    @Test func aSentenceWrapsAtSpaces() throws {
        let text = try makeRenderer()
        let font = Font(name: "DejaVuSans", size: 16)
        let two = text.measure("word word", font: font, width: nil).width
        let three = text.measure("word word word", font: font, width: nil).width
        let width = (two + three) / 2 // fits two words, not three
        let lineHeight = text.lineHeight(of: font)
        #expect(lineHeight == 19) // DejaVu Sans: (1901 + 483) / 2048 em, rounded

        // Seven words, two a line: four lines, the widest two words wide.
        let size = text.measure(Self.sentence, font: font, width: width)
        #expect(size.height == 4 * lineHeight)
        #expect(size.width == two)
        // The lines hold the words and no spaces at their ends.
        let lines = text.layout.lines
        #expect(lines.count == 4)
        for line in lines.dropLast() { #expect(line.end - line.start == 9) } // "word word"
        #expect(lines[3].end - lines[3].start == 4)
        #expect(text.measure(Self.sentence, font: font, width: nil).height == lineHeight)

        let display = makeDisplay(width: 200, height: 120)
        let fb = display.framebuffer
        text.draw(
            Self.sentence, font: font, color: .white, in: Rect(x: 0, y: 0, width: width, height: 120),
            alignment: .left, lineBreak: .wordWrap, clip: fb.bounds, alpha: 1, into: fb)
        #expect(inkRowBands(fb, background: .black) == 4)
        let ink = try #require(inkBounds(fb, background: .black))
        #expect(Double(ink.maxX) < width)
        // Centred vertically: the block of four lines sits in the middle.
        let blockTop = (120 - 4 * lineHeight) / 2
        #expect(Double(ink.minY) >= blockTop && Double(ink.maxY) <= blockTop + 4 * lineHeight)
    }

    @Test func linesPastTheRectsHeightAreDropped() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        let width = text.measure("word word", font: font, width: nil).width + 1
        let display = makeDisplay(width: 200, height: 120)
        let fb = display.framebuffer
        text.draw(
            Self.sentence, font: font, color: .white, in: Rect(x: 0, y: 20, width: width, height: 2.5 * 19),
            alignment: .left, lineBreak: .wordWrap, clip: fb.bounds, alpha: 1, into: fb)
        #expect(inkRowBands(fb, background: .black) == 2)
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        let word = "Supercalifragilistic"
        let size = text.measure("Hi " + word, font: font, width: 60)
        #expect(size.width <= 60)
        let lines = text.layout.lines
        #expect(lines.count >= 3)
        #expect(lines[0].end - lines[0].start == 2) // "Hi" alone: the long word starts a line
        // Every glyph is on some line, once.
        var glyphs = 0
        for line in lines { glyphs += line.end - line.start }
        #expect(glyphs == 2 + word.count)
        #expect(size.height == Double(lines.count) * text.lineHeight(of: font))

        // Narrower than any glyph: one glyph a line, no endless loop.
        #expect(text.measure("abc", font: font, width: 1).height == 3 * text.lineHeight(of: font))
        #expect(text.measure("abc", font: font, width: 0).height == 3 * text.lineHeight(of: font))
    }

    @Test func explicitNewlinesStartLines() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        let lineHeight = text.lineHeight(of: font)
        #expect(text.measure("one\ntwo\n\nfour", font: font, width: nil).height == 4 * lineHeight)
        #expect(text.measure("one\r\ntwo", font: font, width: nil).height == 2 * lineHeight)
        #expect(text.measure("one\n", font: font, width: nil).height == 2 * lineHeight)
        #expect(text.measure("", font: font, width: nil) == .zero)
        let wide = text.measure("a\nmuch longer line", font: font, width: nil).width
        #expect(wide == text.measure("much longer line", font: font, width: nil).width)
    }
}

@Suite struct TruncationTests {
    @Test func aLongStringEndsWithTheEllipsisAndFits() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        let display = makeDisplay(width: 320, height: 40)
        let fb = display.framebuffer
        let rect = Rect(x: 10, y: 0, width: 150, height: 40)
        let long = "A long status message that will never fit in this label"
        text.draw(
            long, font: font, color: .white, in: rect, alignment: .left, lineBreak: .truncateTail,
            clip: fb.bounds, alpha: 1, into: fb)

        let layout = text.layout
        #expect(layout.lines.count == 1)
        let line = layout.lines[0]
        let ellipsis = text.cache.glyphID(try #require(text.library.faces.first), 0x2026)
        #expect(ellipsis != 0)
        #expect(layout.glyphs[line.end - 1].glyphID == ellipsis)
        #expect(Double(line.width) / 64 <= rect.width)
        // Whole glyphs were dropped, with the space before the cut.
        #expect(layout.glyphs[line.end - 2].kind == .ink)

        let ink = try #require(inkBounds(fb, background: .black))
        #expect(Double(ink.maxX) < rect.maxX)
        // The ellipsis's three dots are the last ink: the rightmost columns
        // are the dots' own, on the baseline, not the middle of a letter.
        let ellipsisWidth = text.measure("\u{2026}", font: font, width: nil).width
        #expect(Double(ink.maxX) > rect.minX + Double(line.width) / 64 - ellipsisWidth)
    }

    @Test func aShortStringHasNoEllipsis() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        let display = makeDisplay(width: 320, height: 40)
        let fb = display.framebuffer
        text.draw(
            "Short", font: font, color: .white, in: Rect(x: 10, y: 0, width: 150, height: 40), alignment: .left,
            lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        let line = text.layout.lines[0]
        #expect(line.end - line.start == 5)
        let ellipsis = text.cache.glyphID(try #require(text.library.faces.first), 0x2026)
        for i in line.start..<line.end { #expect(text.layout.glyphs[i].glyphID != ellipsis) }
        #expect(Double(line.width) / 64 == text.measure("Short", font: font, width: nil).width)
    }

    @Test func textThatExactlyFitsIsNotTruncated() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 16)
        let width = text.measure("Exactly this", font: font, width: nil).width
        let display = makeDisplay(width: 320, height: 40)
        text.draw(
            "Exactly this", font: font, color: .white, in: Rect(x: 0, y: 0, width: width, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: display.framebuffer.bounds, alpha: 1,
            into: display.framebuffer)
        #expect(text.layout.lines[0].end - text.layout.lines[0].start == 12)
    }

    @Test func truncationKeepsTheFirstLineAndMarksTheRest() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 320, height: 40)
        text.draw(
            "First\nSecond", font: .system(size: 16), color: .white, in: Rect(x: 0, y: 0, width: 300, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: display.framebuffer.bounds, alpha: 1,
            into: display.framebuffer)
        let line = text.layout.lines[0]
        #expect(text.layout.lines.count == 1)
        #expect(line.end - line.start == 6) // "First…"
        #expect(inkRowBands(display.framebuffer, background: .black) == 1)
    }

    @Test func aRectNarrowerThanTheEllipsisShowsOnlyTheEllipsis() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 100, height: 40)
        text.draw(
            "Nothing fits", font: .system(size: 16), color: .white, in: Rect(x: 10, y: 0, width: 4, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: display.framebuffer.bounds, alpha: 1,
            into: display.framebuffer)
        #expect(text.layout.lines[0].end - text.layout.lines[0].start == 1)
    }
}

@Suite struct AlignmentTests {
    @Test func leftCentreAndRightPlaceTheInk() throws {
        let text = try makeRenderer()
        let rect = Rect(x: 20, y: 10, width: 260, height: 40)
        func ink(_ alignment: TextAlignment) throws -> InkBounds {
            let display = makeDisplay(width: 300, height: 60)
            text.draw(
                "Panel 42", font: .system(size: 20), color: .white, in: rect, alignment: alignment,
                lineBreak: .truncateTail, clip: display.framebuffer.bounds, alpha: 1, into: display.framebuffer)
            return try #require(inkBounds(display.framebuffer, background: .black))
        }
        let left = try ink(.left)
        let center = try ink(.center)
        let right = try ink(.right)
        // Ink starts a glyph's side bearing (a pixel or two) inside the edge.
        #expect(left.minX >= 20 && left.minX <= 23)
        #expect(right.maxX <= 279 && right.maxX >= 276)
        let middle = Double(center.minX + center.maxX + 1) / 2
        #expect(abs(middle - rect.midX) <= 2)
        // Same text, same shape: only shifted.
        #expect(left.width == center.width && center.width == right.width)
        #expect(left.minY == center.minY && center.minY == right.minY)
    }

    @Test func eachWrappedLineIsAlignedOnItsOwn() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 300, height: 80)
        let fb = display.framebuffer
        text.draw(
            "A much longer first line\nend", font: .system(size: 16), color: .white,
            in: Rect(x: 0, y: 0, width: 300, height: 80), alignment: .right, lineBreak: .wordWrap,
            clip: fb.bounds, alpha: 1, into: fb)
        let lines = text.layout.lines
        #expect(lines.count == 2)
        // Both lines end at the right edge.
        let firstLine = try #require(inkBounds(fb, background: .black, in: Rect(x: 0, y: 0, width: 300, height: 40)))
        let secondLine = try #require(inkBounds(fb, background: .black, in: Rect(x: 0, y: 40, width: 300, height: 40)))
        #expect(abs(firstLine.maxX - secondLine.maxX) <= 2)
        #expect(secondLine.minX > firstLine.minX + 100)
    }
}
