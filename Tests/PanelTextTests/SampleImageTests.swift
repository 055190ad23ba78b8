import Foundation
import PanelImage
import PanelText
import PanelUI
import Testing

/// Writes a sample sheet for a person to look at: sizes, alignments, wrapping
/// and truncation over dark and light backgrounds. Not compared to anything.
@Suite struct SampleImageTests {
    @Test func writesASampleSheet() throws {
        // Per user: another user's sheet in /tmp is not ours to overwrite.
        let name = "/tmp/panelkit-text-sample-" + String(getuid())
        try writeSheet(format: .xrgb8888, to: name + ".png")
        try writeSheet(format: .rgb565, to: name + "-rgb565.png")
    }

    func writeSheet(format: PixelFormat, to path: String) throws {
        let text = try makeRenderer()
        let display = makeDisplay(width: 720, height: 560, format: format, background: Color(rgb: 0x1C2230))
        let fb = display.framebuffer
        let renderer = Renderer()
        let white = Color(rgb: 0xF2F2F2)
        var y = 6.0
        for size in [12.0, 16, 24, 32, 48] {
            let font = Font.system(size: size)
            let height = text.lineHeight(of: font)
            text.draw(
                "\(Int(size)) px: Grüße — 25 °C, AV Wolf 0123", font: font, color: white,
                in: Rect(x: 10, y: y, width: 700, height: height), alignment: .left, lineBreak: .truncateTail,
                clip: fb.bounds, alpha: 1, into: fb)
            y += height + 4
        }
        // The three alignments, with a guide box around each rect.
        let light = Color(rgb: 0xF4F1E8)
        renderer.fill(Rect(x: 0, y: 260, width: 720, height: 300), with: light, in: fb)
        let ink = Color(rgb: 0x202020)
        for (i, alignment) in [TextAlignment.left, .center, .right].enumerated() {
            let rect = Rect(x: 10, y: 268 + Double(i) * 30, width: 340, height: 26)
            renderer.fill(rect, with: Color(rgb: 0xDDE3EE), in: fb)
            text.draw(
                "Aligned \(alignment)", font: .system(size: 16), color: ink, in: rect, alignment: alignment,
                lineBreak: .truncateTail, clip: fb.bounds, alpha: 1, into: fb)
        }
        // Wrapped, in a box, and truncated.
        let wrapRect = Rect(x: 370, y: 268, width: 330, height: 150)
        renderer.fill(wrapRect, with: Color(rgb: 0xDDE3EE), in: fb)
        text.draw(
            "Line breaking happens at spaces; an overlongwordthatcannotfitgetsbrokenbycharacters. And\nexplicit newlines too.",
            font: .system(size: 16), color: ink, in: wrapRect, alignment: .left, lineBreak: .wordWrap,
            clip: fb.bounds, alpha: 1, into: fb)
        let truncRect = Rect(x: 10, y: 370, width: 340, height: 30)
        renderer.fill(truncRect, with: Color(rgb: 0xDDE3EE), in: fb)
        text.draw(
            "This sentence is far too long to fit in its label and gets cut", font: .boldSystem(size: 18),
            color: Color(rgb: 0x8A1010), in: truncRect, alignment: .left, lineBreak: .truncateTail,
            clip: fb.bounds, alpha: 1, into: fb)
        text.draw(
            "Half alpha, centred, wrapped over two lines of text", font: .system(size: 20), color: ink,
            in: Rect(x: 10, y: 410, width: 340, height: 60), alignment: .center, lineBreak: .wordWrap,
            clip: fb.bounds, alpha: 0.5, into: fb)
        text.draw(
            "Clipped to the left half of its rect", font: .system(size: 20), color: Color(rgb: 0x1050A0),
            in: Rect(x: 370, y: 430, width: 330, height: 40), alignment: .left, lineBreak: .truncateTail,
            clip: Rect(x: 370, y: 430, width: 165, height: 40), alpha: 1, into: fb)
        text.draw(
            "Ünïcödé ½ → ✓ ∑ π ≈ 3.14 € ©", font: .system(size: 24), color: ink,
            in: Rect(x: 10, y: 480, width: 700, height: 36), alignment: .left, lineBreak: .truncateTail,
            clip: fb.bounds, alpha: 1, into: fb)
        try display.writePNG(to: path)
        #expect(text.lastError == nil)
    }
}
