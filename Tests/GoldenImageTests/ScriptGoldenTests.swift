import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

// Text for every market: one line a script, shaped by HarfBuzz in the font of
// the fallback list that has it, right-to-left lines drawn right to left,
// emoji in colour (Noto Color Emoji's bitmaps scaled to the text).

@Suite("Golden images: text in every script", .serialized)
struct ScriptGoldenTests {
    let text = makeTextRenderer()

    static let lines = [
        "office affluent fjord — AVATAR 12:45",
        "مرحبا بالعالم — Wi-Fi مقهى 5G",
        "שלום 123 עולם",
        "नमस्ते दुनिया",
        "สวัสดีชาวโลก",
        "こんにちは世界",
        "Hi 👋🏽 👨‍👩‍👧 🇩🇪 🇮🇱 ❤️ 1️⃣ 🌡️ 21°"
    ]

    @Test(
        "Latin, Arabic, Hebrew with numbers, Devanagari, Thai, Japanese and colour emoji, at scale 1 and 2",
        arguments: [1.0, 2.0])
    func everyScript(scale: Double) {
        let labels = Self.lines.enumerated().map { index, line in
            let label = Label(
                frame: Rect(x: 8 * scale, y: (8 + Double(index) * 32) * scale, width: 304 * scale, height: 28 * scale),
                name: "line\(index)", text: line)
            label.font = .system(size: 18 * scale)
            return label
        }
        let display = drawn(Size(width: 320 * scale, height: 236 * scale), labels, text: text)
        let result = GoldenImage.check(display.framebuffer, named: scale == 1 ? "scripts" : "scripts-scale2")
        #expect(result.passed, "\(result)")
    }
}
