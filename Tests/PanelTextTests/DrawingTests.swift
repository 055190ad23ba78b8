import Glibc
import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

@Suite struct UTF8Tests {
    @Test func accentsDashAndDegreeSignDraw() throws {
        let text = try makeRenderer()
        let font = Font.system(size: 18)
        let display = makeDisplay()
        let fb = display.framebuffer
        text.draw(
            "Grüße — 25 °C", font: font, color: .white, in: Rect(x: 10, y: 10, width: 300, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        #expect(inkPixelCount(fb, background: .black) > 100)
        #expect(text.lastError == nil)
        let full = text.measure("Grüße — 25 °C", font: font, width: nil).width
        let gre = text.measure("Gre", font: font, width: nil).width
        #expect(full > gre)
        // 13 scalars, each its own glyph: "ü" and "ß" are single code points here.
        #expect(text.measure("ü", font: font, width: nil).width > 0)
        #expect(text.measure("ß", font: font, width: nil).width > 0)
    }

    @Test func oddTextNeverCrashes() throws {
        let text = try makeRenderer()
        let display = makeDisplay(format: .rgb565)
        let fb = display.framebuffer
        let strings = [
            "",
            " ",
            "\n\n\n",
            "\r\n\r",
            "tab\there\u{0}nul\u{7}bell\u{1B}[0m",
            "e\u{301}\u{301}\u{301} combining marks",
            "zero\u{200B}width\u{200D}joiner\u{FEFF}bom\u{AD}shy",
            "😀 🇩🇪 𝄞 emoji and symbols outside the font",
            "עברית العربية 中文 日本語",
            "\u{10FFFF}\u{E000}\u{FFFD}",
            String(repeating: "long ", count: 2000),
            String(repeating: "x", count: 5000)
        ]
        for string in strings {
            for mode in [LineBreakMode.wordWrap, .truncateTail] {
                text.draw(
                    string, font: .system(size: 14), color: .white, in: Rect(x: 0, y: 0, width: 300, height: 100),
                    alignment: .center, lineBreak: mode, clip: fb.bounds, alpha: 1, into: fb)
            }
            _ = text.measure(string, font: .system(size: 14), width: 120)
            _ = text.measure(string, font: .system(size: 14), width: nil)
        }
        // Odd rectangles, clips, alphas and sizes draw nothing or something, never trap.
        let rects = [
            Rect(x: -1e300, y: 0, width: 1e308, height: 10), Rect(x: .nan, y: 0, width: 10, height: 10),
            Rect(x: 0, y: 0, width: .infinity, height: 10), Rect(x: 0, y: 0, width: -5, height: -5),
            Rect(x: 300, y: 100, width: 100, height: 100), Rect(x: -50, y: -30, width: 60, height: 40)
        ]
        for rect in rects {
            text.draw(
                "Odd", font: .system(size: 14), color: .white, in: rect, alignment: .right, lineBreak: .wordWrap,
                clip: fb.bounds, alpha: 1, into: fb)
        }
        for clip in [
            Rect(x: .nan, y: 0, width: 1, height: 1), Rect(x: -1e300, y: -1e300, width: .infinity, height: .infinity)
        ] {
            text.draw(
                "Odd", font: .system(size: 14), color: .white, in: Rect(x: 0, y: 0, width: 100, height: 30),
                alignment: .left, lineBreak: .wordWrap, clip: clip, alpha: .nan, into: fb)
        }
        for size in [0.0, -3, .nan, .infinity, 0.001, 1, 1e9] {
            text.draw(
                "Odd", font: .system(size: size), color: .white, in: Rect(x: 0, y: 0, width: 100, height: 30),
                alignment: .left, lineBreak: .wordWrap, clip: fb.bounds, alpha: 1, into: fb)
            _ = text.measure("Odd", font: .system(size: size), width: .nan)
        }
    }

    @Test func aCharacterMissingFromTheFontDrawsTheNotdefBox() throws {
        let text = try makeRenderer()
        let display = makeDisplay()
        let fb = display.framebuffer
        // U+E000 is private use: DejaVu Sans has no glyph for it.
        text.draw(
            "\u{E000}", font: .system(size: 24), color: .white, in: Rect(x: 0, y: 0, width: 100, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        #expect(inkPixelCount(fb, background: .black) > 20)
        #expect(text.measure("\u{E000}", font: .system(size: 24), width: nil).width > 0)
    }
}

@Suite struct AntiAliasingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rgb565: Bool // PixelFormat is not Sendable
        var background: UInt32
        var ink: UInt32
        var format: PixelFormat { rgb565 ? .rgb565 : .xrgb8888 }
        var testDescription: String { "\(format) ink \(ink) over \(background)" }
    }

    static let cases: [Case] = [
        Case(rgb565: false, background: 0x101820, ink: 0xFFFFFF),
        Case(rgb565: false, background: 0xF0F0E8, ink: 0x000000),
        Case(rgb565: true, background: 0x000000, ink: 0xFFFFFF),
        Case(rgb565: true, background: 0xFFFFFF, ink: 0x2040C0)
    ]

    @Test(arguments: cases)
    func edgesArePartlyCovered(_ c: Case) throws {
        let text = try makeRenderer()
        let background = Color(rgb: c.background)
        let ink = Color(rgb: c.ink)
        let display = makeDisplay(width: 200, height: 50, format: c.format, background: background)
        let fb = display.framebuffer
        text.draw(
            "Soft edges: Sg@", font: .system(size: 20), color: ink, in: Rect(x: 5, y: 5, width: 190, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        let under = opaque(background, in: fb)
        let over = opaque(ink, in: fb)
        var full = 0
        var partial = 0
        for y in 0..<fb.height {
            for x in 0..<fb.width {
                let p = fb.color(atX: x, y: y)
                if p == over {
                    full += 1
                    continue
                }
                if p == under { continue }
                // A blend: every channel between the two colours, and at least
                // one strictly between (RGB565 may round a channel to an end).
                func within(_ v: UInt8, _ a: UInt8, _ b: UInt8) -> Bool { v >= min(a, b) && v <= max(a, b) }
                func strictly(_ v: UInt8, _ a: UInt8, _ b: UInt8) -> Bool { v > min(a, b) && v < max(a, b) }
                #expect(
                    within(p.red, under.red, over.red) && within(p.green, under.green, over.green)
                        && within(p.blue, under.blue, over.blue))
                if strictly(p.red, under.red, over.red) || strictly(p.green, under.green, over.green)
                    || strictly(p.blue, under.blue, over.blue)
                {
                    partial += 1
                }
            }
        }
        #expect(full > 50)
        #expect(partial > 50) // anti-aliased: many pixels are blends
    }
}

@Suite struct ClipAndAlphaTests {
    @Test func nothingIsDrawnOutsideTheClip() throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 300, height: 60)
        let fb = display.framebuffer
        let clip = Rect(x: 40, y: 15, width: 60, height: 15)
        text.draw(
            "Clipped text here", font: .system(size: 24), color: .white, in: Rect(x: 10, y: 5, width: 280, height: 50),
            alignment: .left, lineBreak: .truncateTail, clip: clip, alpha: 1, into: fb)
        let ink = try #require(inkBounds(fb, background: .black))
        #expect(ink.minX >= 40 && ink.maxX < 100 && ink.minY >= 15 && ink.maxY < 30)

        // The framebuffer's edges clip too, whatever the clip says.
        let edge = makeDisplay(width: 50, height: 20)
        text.draw(
            "Overflowing the display", font: .system(size: 24), color: .white,
            in: Rect(x: -20, y: -10, width: 400, height: 40), alignment: .left, lineBreak: .truncateTail,
            clip: Rect(x: -100, y: -100, width: 1000, height: 1000), alpha: 1, into: edge.framebuffer)
        #expect(inkPixelCount(edge.framebuffer, background: .black) > 0)
    }

    @Test func halfAlphaGivesLighterInk() throws {
        let text = try makeRenderer()
        func brightest(alpha: Double, color: Color = .white) -> (max: UInt8, sum: Int) {
            let display = makeDisplay(width: 200, height: 50)
            let fb = display.framebuffer
            text.draw(
                "Alpha", font: .boldSystem(size: 30), color: color, in: Rect(x: 5, y: 0, width: 190, height: 50),
                alignment: .left, lineBreak: .truncateTail, clip: fb.bounds, alpha: alpha, into: fb)
            var peak: UInt8 = 0
            var sum = 0
            for y in 0..<fb.height {
                for x in 0..<fb.width {
                    let g = fb.color(atX: x, y: y).green
                    peak = max(peak, g)
                    sum += Int(g)
                }
            }
            return (peak, sum)
        }
        let opaque = brightest(alpha: 1)
        let half = brightest(alpha: 0.5)
        #expect(opaque.max == 255)
        #expect(half.max >= 126 && half.max <= 129)
        #expect(abs(Double(half.sum) / Double(opaque.sum) - 0.5) < 0.02)
        // The colour's own alpha multiplies in the same way.
        let halfColor = brightest(alpha: 1, color: Color.white.withAlphaComponent(0.5))
        #expect(halfColor.max == half.max)
        #expect(brightest(alpha: 0).sum == 0)
    }
}

@Suite struct TextErrorTests {
    @Test func aMissingFolderSaysWhereAndWhatToDo() {
        do {
            _ = try FreeTypeTextRenderer(fontDirectory: "/nonexistent/fonts/")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingFontDirectory)
            #expect(error.path == "/nonexistent/fonts")
            #expect(error.description.contains("no font folder at '/nonexistent/fonts'"))
            #expect(error.description.contains("assets/fonts"))
        }
        do {
            _ = try FreeTypeTextRenderer(fontDirectory: fontDirectory + "/DejaVuSans.ttf")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingFontDirectory)
            #expect(error.description.contains("is a file, not a font folder"))
        }
    }

    @Test func aMissingFontNamesTheFileItExpected() throws {
        let text = try makeRenderer()
        do {
            try text.preload(Font(name: "Foo", size: 16))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingFont)
            #expect(error.path == fontDirectory + "/Foo.ttf")
            #expect(error.description.hasPrefix("no font 'Foo' in \(fontDirectory): expected \(fontDirectory)/Foo.ttf"))
        }
        // FreeType's face is released on the way out (the preload above warmed up).
        #expect(AllocationCounter.unfreedBlocks { _ = try? text.preload(Font(name: "Foo", size: 16)) } == 0)
        // Drawing and measuring with it do nothing and keep the reason.
        let display = makeDisplay()
        text.draw(
            "Invisible", font: Font(name: "Foo", size: 16), color: .white, in: Rect(x: 0, y: 0, width: 200, height: 40),
            alignment: .left, lineBreak: .truncateTail, clip: display.framebuffer.bounds, alpha: 1,
            into: display.framebuffer)
        #expect(inkPixelCount(display.framebuffer, background: .black) == 0)
        #expect(text.measure("Invisible", font: Font(name: "Foo", size: 16), width: nil) == .zero)
        #expect(text.lastError?.kind == .missingFont)
        // Other fonts still work.
        #expect(text.measure("Visible", font: .system(size: 16), width: nil).width > 0)
    }

    @Test func namesThatAreNotFileNamesAreRefused() throws {
        let text = try makeRenderer()
        for name in ["", "../fonts/DejaVuSans", "DejaVuSans.ttf/x", ".."] {
            #expect(throws: TextError.self) { try text.preload(Font(name: name, size: 12)) }
        }
        do {
            try text.preload(Font(name: "../x", size: 12))
        } catch {
            #expect(error.description.contains("is not a file name"))
        }
    }

    @Test func anUnusableSizeIsAnError() throws {
        let text = try makeRenderer()
        for size in [0.0, -1, .nan, .infinity, 5000] {
            do {
                try text.preload(.system(size: size))
                Issue.record("expected an error for size \(size)")
            } catch {
                #expect(error.kind == .invalidFontSize)
                #expect(error.description.contains("above 0 and at most 2048 points"))
            }
        }
        try text.preload(.system(size: 2048))
        try text.preload(.system(size: 0.5))
    }

    @Test func aFileThatIsNotAFontIsUnreadable() throws {
        // The licence sits next to the fonts; a font folder holding it under a
        // font name gets FreeType's complaint, not a crash.
        let directory = "/tmp/panelkit-text-tests-\(getpid())"
        mkdir(directory, 0o755)
        defer {
            unlink(directory + "/Broken.ttf")
            rmdir(directory)
        }
        let file = fopen(directory + "/Broken.ttf", "w")
        fputs("this is not a font\n", file)
        fclose(file)
        let text = try FreeTypeTextRenderer(fontDirectory: directory)
        do {
            try text.preload(Font(name: "Broken", size: 12))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unreadableFont)
            #expect(error.description.contains("FreeType cannot load '\(directory)/Broken.ttf': unknown file format"))
        }
    }
}
