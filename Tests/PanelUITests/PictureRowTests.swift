import PanelTesting
import Testing

@testable import PanelUI

// Issue 39: a navigation's dimming is blended as the picture underneath is
// copied, and a picture row like the one above comes out like it, so it is
// copied from the row just written. Where a row differs from the one above is
// found once, when the picture is drawn (`RasterizedLayer.findRowChanges`),
// not compared again every frame. These tests hold such a copy to the
// picture blended row by row, for any clip.

@Suite("A tinted picture copy reuses the row above only where the picture's rows are the same")
struct PictureRowTests {
    /// A picture of one colour with a few dots: rows that differ from the row
    /// above in one place, near either edge, or in its last odd bytes.
    private func picture(width: Int, height: Int, format: PixelFormat, random: inout SeededGenerator) -> RasterizedLayer
    {
        let picture = RasterizedLayer(width: width, height: height, format: format, budget: RasterizationBudget())!
        let frame = picture.framebuffer
        for y in 0..<height {
            for x in 0..<width { storePixel(Color(rgb: 0x20_40_60), in: frame, x: x, y: y) }
        }
        for _ in 0..<height / 2 {
            let x = [0, width - 1, Int(random.next() % UInt64(width))][Int(random.next() % 3)]
            let y = Int(random.next() % UInt64(height))
            storePixel(Color(rgb: UInt32(truncatingIfNeeded: random.next()) & 0xFF_FF_FF), in: frame, x: x, y: y)
        }
        picture.findRowChanges()
        return picture
    }

    @Test(
        "In XRGB8888 and RGB565, at odd and even widths, under 200 random clips and places, the tinted copy equals each row blended on its own"
    )
    func tintedCopyEqualsRowByRow() {
        var random = SeededGenerator(seed: 39)
        let tint = (color: Color(red: 0, green: 0, blue: 0, alpha: 255), level: UInt32(77))
        for format in [PixelFormat.xrgb8888, .rgb565] {
            for width in [37, 64, 161] {
                let picture = picture(width: width, height: 60, format: format, random: &random)
                let shown = HeadlessDisplay(width: 200, height: 90, format: format)
                let expected = HeadlessDisplay(width: 200, height: 90, format: format)
                let bytesPerPixel = format.bytesPerPixel
                for round in 0..<200 {
                    let x = Int(random.next() % 120) - 40
                    let y = Int(random.next() % 60) - 20
                    let clip = Rect(
                        x: random.double(-10...200), y: random.double(-10...90), width: random.double(1...200),
                        height: random.double(1...90))
                    picture.composite(into: shown.framebuffer, atX: x, y: y, clip: clip, alpha: 255, tint: tint)
                    // The same pixels, each row blended from the picture on its own.
                    let (x0, x1, y0, y1) = picture.pixels(in: expected.framebuffer, atX: x, y: y, clip: clip)
                    if x0 < x1 && y0 < y1 {
                        for row in y0..<y1 {
                            let from =
                                picture.framebuffer.baseAddress + (row - y) * picture.framebuffer.stride
                                + (x0 - x) * bytesPerPixel
                            let to = expected.framebuffer.baseAddress + row * expected.framebuffer.stride
                            RasterizedLayer.copy(
                                from, to: to + x0 * bytesPerPixel, count: x1 - x0, format: format,
                                tint: tint.color, level: tint.level)
                        }
                    }
                    let differing = GoldenImage.compare(shown.framebuffer, with: expected.framebuffer, tolerance: 0)
                        .differingPixels
                    #expect(differing == 0, "\(format) width \(width), round \(round): at (\(x), \(y)) clip \(clip)")
                    if differing != 0 { return }
                }
            }
        }
    }

    @Test(
        "Where a row differs from the one above: the 8-byte words (or last odd bytes) with a dot, in its row and the one below"
    )
    func rowChangesFound() {
        var random = SeededGenerator(seed: 7)
        let picture = picture(width: 37, height: 8, format: .rgb565, random: &random)
        let frame = picture.framebuffer
        for x in 0..<37 {
            for y in 0..<8 { storePixel(Color(rgb: 0x10_20_30), in: frame, x: x, y: y) }
        }
        storePixel(Color(rgb: 0xFF_FF_FF), in: frame, x: 5, y: 3)
        storePixel(Color(rgb: 0xFF_FF_FF), in: frame, x: 36, y: 6) // in the last odd bytes of an RGB565 row
        picture.findRowChanges()
        let changes = (0..<8).map { "\(picture.rowChanges[$0].from)..<\(picture.rowChanges[$0].to)" }
        // Row 0 has no row above; the dot at column 5 is in the second 8-byte word; the one at 36 in the last odd bytes.
        #expect(changes == ["0..<74", "0..<0", "0..<0", "8..<16", "8..<16", "0..<0", "72..<74", "72..<74"])
    }
}
