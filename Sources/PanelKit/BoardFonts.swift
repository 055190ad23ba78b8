import PanelBoards
import PanelText

extension FreeTypeTextRenderer {
    /// Draws with the fallback fonts `board` names (`fonts.fallbacks` in its
    /// file), the ones its bundle carries; without a board, or a board that
    /// names none, the default chain stays. Every host that draws for a board
    /// (the app, `AppTester`, `panel replay --board`) does this, so their
    /// pixels match the board's.
    public func useFallbackFonts(of board: Board?) {
        guard let names = board?.fallbackFonts else { return }
        fallbackFontNames = names
    }
}
