import PanelTesting
import PanelUI
import Testing

@testable import PanelText

// Text over a flat background takes its pixels from a table of blends, one
// per coverage, worked out the first time each is needed (`BlendTables`): a
// lookup instead of a blend, in XRGB8888 and in RGB565. The pixels must be
// the ones blending each on its own gives, whatever the coverage, the draw's
// alpha and the pixels that are not the background.

@Suite("Text blended through a table gives the pixels blended one by one")
struct BlendTableTests {
    @Test(
        "In XRGB8888 and RGB565, at 40 random alphas and colours, glyph boxes of random coverage over a background with other pixels in it"
    )
    func tableEqualsBlendingEachPixel() {
        var random = SeededGenerator(seed: 565)
        let tables = BlendTables()
        let width = 61
        let height = 17
        // Coverage with runs of zeros (a glyph box's empty parts), full ink and edges.
        let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { coverage.deallocate() }
        for round in 0..<40 {
            for i in 0..<(width * height) {
                let pick = random.next() % 4
                coverage[i] = pick == 0 ? 0 : pick == 1 ? 255 : UInt8(truncatingIfNeeded: random.next())
            }
            for row in 0..<height where row % 3 == 0 {
                for x in 0..<16 { coverage[row * width + x] = 0 }
            }
            let color = Color(rgb: UInt32(truncatingIfNeeded: random.next()) & 0xFF_FF_FF)
            let alpha = round % 4 == 0 ? 255 : UInt32(random.next() % 256)
            let background = Color(rgb: UInt32(truncatingIfNeeded: random.next()) & 0xFF_FF_FF)
            for format in [PixelFormat.xrgb8888, .rgb565] {
                // The same canvas twice: one drawn through the table, one blended pixel by pixel.
                var again = random
                let looked = canvas(format, background: background, random: &random)
                let blended = canvas(format, background: background, random: &again)
                let box = PixelBox(Rect(x: 0, y: 0, width: 80, height: 24), in: looked.framebuffer)
                GlyphBlender(
                    framebuffer: looked.framebuffer, clip: box, coverage: coverage, color: color, alpha: alpha,
                    tables: tables
                ).draw(coverage, width: width, height: height, left: 3, top: 2)
                GlyphBlender(
                    framebuffer: blended.framebuffer, clip: box, coverage: coverage, color: color, alpha: alpha
                ).draw(coverage, width: width, height: height, left: 3, top: 2)
                let differing = GoldenImage.compare(looked.framebuffer, with: blended.framebuffer, tolerance: 0)
                    .differingPixels
                #expect(differing == 0, "\(format), round \(round): alpha \(alpha)")
                if differing != 0 { return }
            }
        }
    }

    /// 80 × 24 pixels of `background` with a few dots of other colours.
    private func canvas(_ format: PixelFormat, background: Color, random: inout SeededGenerator) -> HeadlessDisplay {
        let display = HeadlessDisplay(width: 80, height: 24, format: format)
        let frame = display.framebuffer
        for y in 0..<24 {
            for x in 0..<80 {
                let dot = random.next() % 16 == 0
                let rgb = dot ? UInt32(truncatingIfNeeded: random.next()) : background.xrgb8888
                let row = frame.baseAddress + y * frame.stride
                switch format {
                case .xrgb8888: row.storeBytes(of: rgb | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self)
                case .rgb565: row.storeBytes(of: PixelMath.rgb565(fromXRGB: rgb), toByteOffset: x * 2, as: UInt16.self)
                }
            }
        }
        return display
    }
}
