import PanelImage
import PanelTesting
import PanelUI
import Testing

@testable import PanelText

// Lines break where the Unicode Line Breaking Algorithm (UAX #14, through
// libunibreak) allows, with Thai words found by libthai's dictionary: a line
// ends at the last break opportunity before it would overflow. Each test
// lists the opportunities of its sample by hand, breaks the sample at every
// width from its widest unbreakable stretch to its whole width, and asks
// for the lines a greedy breaker at those opportunities makes.

/// A sample shaped once, on one line: its scalars, and where each scalar's
/// pen is (26.6) when nothing breaks.
struct ShapedSample {
    let text: FreeTypeTextRenderer
    let string: String
    let scalars: [Unicode.Scalar]
    /// `pens[i]`: the advance of scalars `0..<i`.
    let pens: [Int]

    init(_ string: String, font: Font = .system(size: 18)) throws {
        text = try makeRenderer()
        self.string = string
        scalars = Array(string.unicodeScalars)
        let resolved = try text.resolve(font, retry: true)
        text.layout.shape(
            string, face: resolved.face, fallbacks: text.resolvedFallbackFaces, sizeKey: resolved.sizeKey,
            cache: text.cache)
        var pens = [Int](repeating: 0, count: scalars.count + 1)
        for glyph in text.layout.glyphs where glyph.cluster >= 0 {
            for i in (glyph.cluster + 1)...scalars.count { pens[i] += glyph.advance }
        }
        self.pens = pens
    }

    func isSpace(_ i: Int) -> Bool { TextLayout.isSpace(scalars[i].value) }

    /// The width of scalars `start..<end` on a line: without the spaces at its end.
    func width(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, isSpace(end - 1) { end -= 1 }
        return pens[end] - pens[start]
    }

    func slice(_ start: Int, _ end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    /// Breaks the shaped sample at `maxWidth` (26.6): each line's text, its hanging spaces left out.
    func lines(maxWidth: Int) -> [String] {
        let layout = text.layout
        layout.breakLines(maxWidth: maxWidth, text: string)
        let glyphs = layout.glyphs
        return layout.lines.map { line in
            let start = line.start < glyphs.count ? glyphs[line.start].cluster : scalars.count
            let end = line.end < glyphs.count ? glyphs[line.end].cluster : scalars.count
            return slice(start, end)
        }
    }

    /// What a greedy breaker makes at `maxWidth`, breaking only before the
    /// scalars in `opportunities`: each line as long as it can be.
    func greedyLines(maxWidth: Int, opportunities: Set<Int>) -> [String] {
        let ends = opportunities.union([scalars.count]).sorted()
        var result: [String] = []
        var start = 0
        while start < scalars.count {
            let fitting = ends.filter { $0 > start && width(start, $0) <= maxWidth }
            guard let end = fitting.last else { return result + ["(no opportunity fits)"] }
            var visible = end
            while visible > start, isSpace(visible - 1) { visible -= 1 }
            result.append(slice(start, visible))
            start = end
        }
        return result
    }

    /// The widest stretch between two opportunities: narrower widths must cut a stretch.
    func widestStretch(opportunities: Set<Int>) -> Int {
        let ends = opportunities.union([0, scalars.count]).sorted()
        var widest = 0
        for k in 1..<ends.count { widest = max(widest, width(ends[k - 1], ends[k])) }
        return widest
    }

    /// Breaks the sample at every width, a pixel apart, from its widest
    /// stretch to its whole width, and expects the greedy lines each time;
    /// returns how many widths gave more than one line.
    @discardableResult
    func expectGreedyLinesAtEveryWidth(
        opportunities: Set<Int>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var wrapped = 0
        var maxWidth = widestStretch(opportunities: opportunities)
        while maxWidth <= pens[scalars.count] + 64 {
            let got = lines(maxWidth: maxWidth)
            let expected = greedyLines(maxWidth: maxWidth, opportunities: opportunities)
            #expect(got == expected, "at \(Double(maxWidth) / 64) px", sourceLocation: sourceLocation)
            if got.count > 1 { wrapped += 1 }
            maxWidth += 64
        }
        return wrapped
    }
}

@Suite("Line breaking by UAX #14 (libunibreak, libthai for Thai)")
struct UnicodeLineBreakingTests {
    /// Every index of `sample` that comes right after one of `characters`.
    static func after(_ characters: String, in sample: String) -> Set<Int> {
        let scalars = Array(sample.unicodeScalars)
        var result: Set<Int> = []
        for i in 1..<scalars.count where characters.unicodeScalars.contains(scalars[i - 1]) { result.insert(i) }
        return result
    }

    @Test("Latin wraps after the spaces between words, the spaces hanging past the line's end")
    func latinWrapsAtSpaces() throws {
        let string = "Wrap these words at the spaces between them"
        let sample = try ShapedSample(string)
        #expect(sample.expectGreedyLinesAtEveryWidth(opportunities: Self.after(" ", in: string)) > 100)
        // Two words a line: the line's width leaves out the space it ends with.
        let layout = sample.text.layout
        #expect(sample.lines(maxWidth: sample.width(0, 11)).first == "Wrap these")
        #expect(layout.lines[0].width == sample.width(0, 10))
        #expect(layout.glyphs[layout.lines[1].start].cluster == 11) // the next line starts at the word
    }

    @Test("Thai, written without spaces, wraps between the words libthai's dictionary finds")
    func thaiWrapsBetweenWords() throws {
        // ภาษา|ไทย|เป็น|ภาษา|ที่|สวย|งาม: "Thai is a beautiful language", word by word (as `th_brk` cuts it).
        let words = ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวย", "งาม"]
        let string = words.joined()
        var opportunities: Set<Int> = []
        var index = 0
        for word in words.dropLast() {
            index += word.unicodeScalars.count
            opportunities.insert(index)
        }
        #expect(opportunities == [4, 7, 11, 15, 18, 21])
        let sample = try ShapedSample(string)
        #expect(sample.expectGreedyLinesAtEveryWidth(opportunities: opportunities) > 50)
        // As wide as the first three words: they make the first line.
        #expect(sample.lines(maxWidth: sample.width(0, 11)).first == "ภาษาไทยเป็น")
    }

    @Test("Thai next to Latin: its words break, and the spaces between the scripts too")
    func thaiBesideLatin() throws {
        let string = "Wi-Fi ภาษาไทย ok"
        let sample = try ShapedSample(string)
        // After "Wi-" (a hyphen), after each space, and between ภาษา and ไทย.
        sample.expectGreedyLinesAtEveryWidth(opportunities: [3, 6, 10, 14])
    }

    @Test("Japanese wraps between any two characters, but never starts a line with 。, 、, ）, small kana or ー")
    func japaneseWrapsBetweenCharacters() throws {
        let string = "今日は、いい天気です。ちょっとコーヒーを（熱いのを）飲みましょう。"
        let neverFirst = "、。）ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー"
        let neverLast = "（"
        let scalars = Array(string.unicodeScalars)
        var opportunities: Set<Int> = []
        for i in 1..<scalars.count
        where !neverFirst.unicodeScalars.contains(scalars[i]) && !neverLast.unicodeScalars.contains(scalars[i - 1]) {
            opportunities.insert(i)
        }
        let sample = try ShapedSample(string)
        #expect(sample.expectGreedyLinesAtEveryWidth(opportunities: opportunities) > 100)
        // However the lines fall, none starts with one of those.
        var maxWidth = sample.widestStretch(opportunities: opportunities)
        while maxWidth <= sample.pens[scalars.count] {
            for line in sample.lines(maxWidth: maxWidth) {
                let first = try #require(line.unicodeScalars.first)
                #expect(!neverFirst.unicodeScalars.contains(first), "'\(line)' at \(Double(maxWidth) / 64) px")
            }
            maxWidth += 64
        }
    }

    @Test("A URL wraps only after its slashes, never inside a word such as example or some")
    func urlWrapsAfterSlashes() throws {
        let string = "https://example.com/some/path"
        let sample = try ShapedSample(string)
        // https://|example.com/|some/|path
        #expect(sample.expectGreedyLinesAtEveryWidth(opportunities: [8, 20, 25]) > 100)
        #expect(sample.lines(maxWidth: sample.width(0, 22)) == ["https://example.com/", "some/path"])
    }

    @Test("Numbers stay whole: 1,234.56 and 21.5°C are not broken at their comma, point or degree sign")
    func numbersStayWhole() throws {
        let string = "Total 1,234.56 and 21.5°C now"
        let sample = try ShapedSample(string)
        #expect(sample.expectGreedyLinesAtEveryWidth(opportunities: Self.after(" ", in: string)) > 100)
        // As wide as the first number: it is a line of its own, whole.
        let lines = sample.lines(maxWidth: sample.width(6, 14))
        #expect(lines.prefix(2) == ["Total", "1,234.56"])
        #expect(lines.contains { $0.hasPrefix("21.5°C") })
    }

    @Test("A word wider than the line is still cut, between clusters: an accent stays with its letter")
    func aLongWordIsCutBetweenClusters() throws {
        let string = "Ok " + String(repeating: "e\u{301}", count: 12) // é as e and a combining acute
        let sample = try ShapedSample(string)
        let oneLetter = sample.width(3, 5)
        for letters in 1...4 {
            let maxWidth = max(oneLetter * letters + oneLetter / 2, sample.width(0, 2)) // "Ok" fits
            let lines = sample.lines(maxWidth: maxWidth)
            #expect(lines.first == "Ok")
            for line in lines.dropFirst() {
                #expect(line.unicodeScalars.first == "e") // never the accent
            }
            #expect(sample.text.layout.lines.allSatisfy { $0.width <= maxWidth }) // as many letters as fit
            #expect(lines.count == 1 + (12 + maxWidth / oneLetter - 1) / (maxWidth / oneLetter))
            #expect(lines[0] + " " + lines.dropFirst().joined() == string) // every character on some line, once
        }
        // Narrower than one letter: one letter, with its accent, a line.
        let narrowest = sample.lines(maxWidth: 1)
        #expect(narrowest.count == 14) // "O", "k", then the twelve é
        #expect(narrowest.suffix(12).allSatisfy { $0 == "e\u{301}" })
    }

    @Test("Flags and U+FFFF wrap like letters (libunibreak 1.1 aborts on a regional indicator: it is given an A)")
    func flagsWrapWithoutAborting() throws {
        let string = "🇩🇪🇫🇷 flags \u{FFFF} and 🇯🇵"
        let sample = try ShapedSample(string)
        // After the spaces only; the two flags stay together, as two letters would.
        sample.expectGreedyLinesAtEveryWidth(opportunities: Self.after(" ", in: string))
        // One cluster a line (a flag is one): 🇩🇪, 🇫🇷, f, l, a, g, s, U+FFFF, a, n, d, 🇯🇵.
        #expect(sample.lines(maxWidth: 64).count == 12)
    }

    @Test("A one-line label that does not fit still ends in an ellipsis, in Thai as in Latin")
    func truncationStillAddsTheEllipsis() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 320, height: 40)
        let font = Font.system(size: 16)
        for string in ["ภาษาไทยเป็นภาษาที่สวยงาม", "https://example.com/some/path"] {
            let rect = Rect(x: 0, y: 0, width: text.measure(string, font: font, width: nil).width / 2, height: 40)
            text.draw(
                string, font: font, color: .white, in: rect, alignment: .left, lineBreak: .truncateTail,
                clip: display.framebuffer.bounds, alpha: 1, into: display.framebuffer)
            let layout = text.layout
            #expect(layout.lines.count == 1)
            let line = layout.lines[0]
            #expect(layout.glyphs[line.end - 1].cluster == -1, "\(string): ends in the ellipsis")
            #expect(Double(line.width) / 64 <= rect.width)
        }
    }

    @Test("Short text that fits looks for no break opportunities")
    func textThatFitsFindsNoBreaks() throws {
        let sample = try ShapedSample("Volume 62%")
        sample.text.layout.breaks.after.removeAll()
        #expect(sample.lines(maxWidth: sample.pens[sample.scalars.count]) == ["Volume 62%"])
        #expect(sample.text.layout.breaks.after.isEmpty)
        #expect(sample.lines(maxWidth: sample.pens[7]) == ["Volume", "62%"])
        #expect(sample.text.layout.breaks.after.count == 10)
    }

    @Test("Breaking Latin, Japanese and a URL into lines at a new width allocates nothing once warm")
    func breakingAllocatesNothing() throws {
        for string in [
            "Wrap these words at the spaces between them", "今日は、いい天気です。ちょっとコーヒーを飲みましょう。",
            "https://example.com/some/path 1,234.56"
        ] {
            let sample = try ShapedSample(string)
            let layout = sample.text.layout
            layout.breakLines(maxWidth: 64, text: string) // the most lines: buffers grow to them
            var maxWidth = 64 * 40
            while maxWidth < sample.pens[sample.scalars.count] {
                let allocations = AllocationCounter.count { layout.breakLines(maxWidth: maxWidth, text: string) }
                #expect(allocations == 0, "'\(string)' at \(maxWidth / 64) px")
                #expect(layout.lines.count > 1)
                maxWidth += 64 * 7
            }
        }
    }

    @Test("Redrawing wrapped text in every script lays out nothing and allocates nothing, Thai included")
    func warmWrappedRedrawAllocatesNothing() throws {
        let labels = [
            "Wrap these words at the spaces between them", "ภาษาไทยเป็นภาษาที่สวยงาม สวัสดีชาวโลก",
            "今日は、いい天気です。ちょっとコーヒーを飲みましょう。", "https://example.com/some/path", "שלום עולם, מה שלומך היום?"
        ]
        let cost = try redrawCost(labels, row: Size(width: 120, height: 44), lineBreak: .wordWrap)
        #expect(cost.allocations == 0)
        #expect(cost.laidOut == 0) // nothing laid out again
    }
}
