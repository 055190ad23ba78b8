import CHarfBuzz
import Foundation
import PanelTesting
import PanelUI
import Testing

@testable import PanelText

// Text is shaped by HarfBuzz, run by run: each run one direction, script and
// font of the fallback list. These tests give every run PanelKit shaped to
// Debian's `hb-shape` (libharfbuzz-bin) with the same font file, size,
// hinting, direction, script and surrounding text, and ask for the same
// glyphs at the same positions.

@Suite("Shaping equals hb-shape")
struct ShapingTests {
    /// One string a script; the font the text asks for first, which falls
    /// back to Noto for what it lacks.
    static let samples: [(name: String, font: Font, text: String)] = [
        ("Latin ligatures", Font(name: "DejaVuSans", size: 20), "office affluent fjord"),
        ("Latin kerning", .system(size: 17), "AVATAR Tokyo 12:45"),
        ("Arabic", .system(size: 20), "مرحبا بالعالم"),
        ("Hebrew with numbers", .system(size: 20), "שלום 123 עולם"),
        ("Devanagari", .system(size: 20), "नमस्ते दुनिया"),
        ("Thai", .system(size: 20), "สวัสดีชาวโลก"),
        ("Japanese", .system(size: 20), "こんにちは世界"),
        ("mixed", .system(size: 16), "Wi-Fi: مقهى 5G ok"),
        ("scale 2", .system(size: 40), "مرحبا Hello שלום"),
        // A skin tone, a family joined by ZWJ, a flag, emoji presentation, a keycap.
        ("emoji", .system(size: 20), "Hi 👍🏽 👨‍👩‍👧 🇩🇪 ❤️ 1️⃣!")
    ]

    @Test("Every run's glyph ids, clusters, advances and offsets are hb-shape's", arguments: samples.indices)
    func runsEqualHBShape(sample: Int) throws {
        let (name, font, string) = Self.samples[sample]
        let text = try makeRenderer()
        let resolved = try text.resolve(font, retry: true)
        text.layout.shape(
            string, face: resolved.face, fallbacks: text.resolvedFallbackFaces, sizeKey: resolved.sizeKey,
            cache: text.cache)
        let scalars = Array(string.unicodeScalars)
        let layout = text.layout
        #expect(!layout.runs.isEmpty)
        for run in layout.runs {
            func slice(_ range: Range<Int>) -> String {
                var s = String.UnicodeScalarView()
                s.append(contentsOf: scalars[range])
                return String(s)
            }
            // A colour bitmap font (emoji) is shaped with HarfBuzz's own functions: no hinting applies.
            let funcs = run.face.isColorBitmap ? ["--font-funcs=ot"] : ["--font-funcs=ft", "--ft-load-flags=0"]
            var arguments =
                funcs + [
                    "--font-size=\(resolved.sizeKey)", "--no-glyph-names",
                    "--output-format=json", "--direction=\(run.isRightToLeft ? "rtl" : "ltr")",
                    "--language=\(String(cString: hb_language_to_string(hb_language_get_default())))",
                    "--text-before=\(slice(run.paragraphStart..<run.start))",
                    "--text-after=\(slice(run.end..<run.paragraphEnd))"
                ]
            if run.script != HB_SCRIPT_INVALID.rawValue {
                let tag = run.script
                let letters = [24, 16, 8, 0].map { Character(Unicode.Scalar(UInt8(truncatingIfNeeded: tag >> $0))) }
                arguments.append("--script=\(String(letters))")
            }
            arguments += [run.face.path, slice(run.start..<run.end)]
            let expected = try hbShape(arguments)
            // hb-shape lists a right-to-left run's glyphs in visual order; the layout keeps logical order.
            var shaped = Array(layout.glyphs[run.glyphStart..<run.glyphEnd])
            if run.isRightToLeft { shaped.reverse() }
            let got = shaped.map {
                HBGlyph(g: Int($0.glyphID), cl: $0.cluster - run.start, dx: $0.offsetX, dy: $0.offsetY, ax: $0.advance)
            }
            #expect(got == expected, "\(name): run \(run.start)..<\(run.end) in \(run.face.name)")
        }
    }

    @Test("Each script is shaped in the font that has it, right-to-left runs and numbers in their direction")
    func runsTakeTheirFontAndDirection() throws {
        let text = try makeRenderer()
        func runs(_ string: String) throws -> [(font: String, rtl: Bool, text: String)] {
            let resolved = try text.resolve(.system(size: 20), retry: true)
            text.layout.shape(
                string, face: resolved.face, fallbacks: text.resolvedFallbackFaces, sizeKey: resolved.sizeKey,
                cache: text.cache)
            let scalars = Array(string.unicodeScalars)
            return text.layout.runs.map { run in
                var s = String.UnicodeScalarView()
                s.append(contentsOf: scalars[run.start..<run.end])
                return (run.face.name, run.isRightToLeft, String(s))
            }
        }
        let hebrew = try runs("שלום 123 עולם")
        #expect(hebrew.map(\.font) == ["NotoSansHebrew-Regular", "Inter-Regular", "NotoSansHebrew-Regular"])
        #expect(hebrew.map(\.rtl) == [true, false, true]) // the number reads left to right
        #expect(try runs("こんにちは").map(\.font) == ["NotoSansCJK-Regular"])
        #expect(try runs("Café").map(\.font) == ["Inter-Regular"])
        let emoji = try runs("Hi 👍🏽 ❤️ 1️⃣")
        // Spaces between emoji stay in the text's font: the emoji font's are emoji-wide.
        #expect(
            emoji.map(\.font) == [
                "Inter-Regular", "NotoColorEmoji", "Inter-Regular", "NotoColorEmoji", "Inter-Regular", "NotoColorEmoji"
            ])
        #expect(emoji.map(\.text) == ["Hi ", "👍🏽", " ", "❤️", " ", "1️⃣"])
        let mixed = try runs("Wi-Fi: مقهى")
        #expect(mixed.map(\.font) == ["Inter-Regular", "NotoSansArabic-Regular"])
        #expect(mixed.map(\.rtl) == [false, true])
    }

    @Test("A right-to-left line is drawn right to left: its first letter is the rightmost glyph")
    func rightToLeftLinesAreReversed() throws {
        let text = try makeRenderer()
        let resolved = try text.resolve(.system(size: 20), retry: true)
        _ = text.laidOutIndex("אבג", resolved, wraps: false, maxWidth: FreeTypeTextRenderer.unbrokenWidth)
        // In visual order: gimel, bet, alef; alef (scalar 0) last, at the right.
        let glyphs = text.layout.glyphs
        #expect(glyphs.map(\.cluster) == [2, 1, 0])
        #expect(glyphs[0].x < glyphs[2].x)
        var pens: [Double] = []
        text.penPositions("אבג", font: .system(size: 20), into: &pens)
        // The caret before alef stands at the right edge; after gimel, at the left.
        #expect(pens[0] > pens[1] && pens[1] > pens[2] && pens[2] > pens[3])
        #expect(pens[3] == 0)
    }
}

/// One glyph as `hb-shape --output-format=json` prints it.
struct HBGlyph: Decodable, Equatable, CustomStringConvertible {
    var g: Int
    var cl: Int
    var dx: Int
    var dy: Int
    var ax: Int
    var description: String { "\(g)=\(cl)+\(ax)@\(dx),\(dy)" }
}

/// Runs Debian's hb-shape and reads its glyphs.
func hbShape(_ arguments: [String]) throws -> [HBGlyph] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw TextError(kind: .unreadableFont, path: "/usr/bin/hb-shape", message: "hb-shape failed: \(arguments)")
    }
    // hb-shape prints one JSON array a line of input.
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "[]"
    return try JSONDecoder().decode([HBGlyph].self, from: Data(line.utf8))
}

@Suite("Shaped text costs nothing once laid out")
struct ShapedTextCacheTests {
    static let labels = [
        "office affluent fjord", "مرحبا بالعالم", "שלום 123 עולם", "नमस्ते दुनिया", "สวัสดีชาวโลก", "こんにちは世界",
        "Wi-Fi: مقهى 5G", "Home 🏠 👨‍👩‍👧 🇩🇪"
    ]

    @Test("Redrawing unchanged labels in every script shapes nothing and allocates nothing")
    func warmRedrawShapesNothing() throws {
        let cost = try redrawCost(Self.labels, row: Size(width: 300, height: 28), lineBreak: .truncateTail)
        #expect(cost.allocations == 0)
        #expect(cost.laidOut == 0) // nothing shaped again
        #expect(cost.rasterized == 0)
    }

    @Test("A right-to-left label with natural alignment sits at the right, a left-to-right one at the left")
    func naturalAlignmentFollowsTheText() throws {
        let text = try makeRenderer()
        func ink(_ string: String) -> InkBounds? {
            let display = makeDisplay(width: 320, height: 40)
            text.draw(
                string, font: .system(size: 18), color: .white, in: Rect(x: 0, y: 0, width: 320, height: 40),
                alignment: .natural, lineBreak: .truncateTail, clip: display.framebuffer.bounds, alpha: 1,
                into: display.framebuffer)
            return inkBounds(display.framebuffer, background: .black)
        }
        let hebrew = try #require(ink("שלום 123"))
        let latin = try #require(ink("Hello 123"))
        #expect(hebrew.maxX >= 310)
        #expect(latin.minX <= 4)
        #expect(TextAlignment.natural.resolved(for: "123 שלום") == .right) // digits have no direction
        #expect(TextAlignment.natural.resolved(for: "Wi-Fi مقهى") == .left)
    }
}

@Suite("Typing Hebrew into a text field")
struct HebrewTypingTests {
    @Test(
        "Once warm, a Hebrew key press typed and drawn allocates nothing (FriBidi's runs come from its own free list)")
    func noAllocationsPerHebrewKey() throws {
        let (field, driver, renderer, display) = try editingField("הסיסמה של המטבח 2024")
        let app = driver.application
        let keys = [
            Press(key: Key(keyCode: 30, characters: "ש"), phase: .began),
            Press(key: Key(keyCode: 31, characters: "ל"), phase: .began),
            Press(keyCode: KeyCode.backspace, phase: .began),
            Press(keyCode: KeyCode.backspace, phase: .began)
        ]
        let perKey = allocationsPerKey(keys, app: app, renderer: renderer, window: driver.window, display: display)
        #expect(field.text == "הסיסמה של המטבח 2024")
        #expect(perKey == [UInt64](repeating: 0, count: keys.count))
    }
}
