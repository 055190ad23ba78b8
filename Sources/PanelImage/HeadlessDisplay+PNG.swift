import PanelUI

extension HeadlessDisplay {
    /// Writes what the display shows to `path` as an 8-bit RGB PNG.
    public func writePNG(to path: String) throws(PNGError) {
        try PNG.write(framebuffer, to: path)
    }
}
