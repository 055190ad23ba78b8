import PanelUI

extension HeadlessDisplay {
    /// The display a headless app shows on for `board`: `screenSize` points
    /// times `scale` pixels, in the board's pixel format, refreshing at the
    /// board's rate (without a board: XRGB8888 at 60 Hz). So a replay's
    /// frames are the panel's pixels and its animations step at the panel's refresh.
    public convenience init(screenSize: Size, scale: Double, board: Board?) {
        let pixels = Screen.pixelSize(of: screenSize, scale: scale)
        self.init(
            width: pixels.width, height: pixels.height, format: board?.display.pixelFormat ?? .xrgb8888,
            refreshInterval: board.map { 1 / $0.display.refreshRate } ?? DisplayLink.defaultFrameInterval)
    }
}
