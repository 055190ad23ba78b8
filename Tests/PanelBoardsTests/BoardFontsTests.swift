import Foundation
import PanelBoards
import PanelKit
import PanelTesting
import PanelText
import Testing

@Suite("A board's fallback fonts")
struct BoardFontsTests {
    @Test("fonts.fallbacks names the fonts a board carries; without it the default chain stays")
    func boardNamesItsFallbacks() throws {
        let small = try parseBoard(
            goodBoard.replacingOccurrences(
                of: #""scale": 1,"#,
                with: #""scale": 1, "fonts": {"fallbacks": ["NotoSans-Regular", "NotoSansHebrew-Regular"]},"#))
        #expect(small.fallbackFonts == ["NotoSans-Regular", "NotoSansHebrew-Regular"])
        #expect(try parseBoard(goodBoard).fallbackFonts == nil)

        let text = try FreeTypeTextRenderer(fontDirectory: PackagePaths.path("assets/fonts"))
        text.useFallbackFonts(of: try parseBoard(goodBoard))
        #expect(text.fallbackFontNames == FreeTypeTextRenderer.defaultFallbackFontNames)
        text.useFallbackFonts(of: small)
        #expect(text.fallbackFontNames == ["NotoSans-Regular", "NotoSansHebrew-Regular"])
    }

    @Test("A fallback that is not a font name is an error naming the field and the fix")
    func badFallbacks() {
        #expect(
            breakage(#""scale": 1,"#, #""scale": 1, "fonts": {"fallbacks": "NotoSans-Regular"},"#)?
                .contains("fonts.fallbacks: expected the fallback fonts as a list of font file names") == true)
        #expect(
            breakage(#""scale": 1,"#, #""scale": 1, "fonts": {"fallbacks": ["/usr/share/fonts/x.ttf"]},"#)?
                .contains("without a folder or extension") == true)
    }

    @Test("build-board bundles the same default chain the renderer falls back on")
    func scriptsAgreeOnTheDefaultChain() throws {
        let common = try String(contentsOfFile: PackagePaths.path("scripts/lib/common.sh"), encoding: .utf8)
        let start = try #require(common.range(of: "PANELKIT_DEFAULT_FALLBACK_FONTS=("))
        let end = try #require(common[start.upperBound...].firstIndex(of: ")"))
        let names = common[start.upperBound..<end].split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(names == FreeTypeTextRenderer.defaultFallbackFontNames)
    }
}
