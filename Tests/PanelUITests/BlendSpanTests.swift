import PanelTesting
import Testing

@testable import PanelUI

// A translucent fill, and a navigation's dimming over a picture, blend one
// colour over a row of pixels (`Rasterizer.blendSpan`). A run of one pixel
// is blended once, and a stretch that all repeat it (4 pixels in XRGB8888, 8
// in RGB565) is written with one comparison, and so on to the run's end.
// Whatever the runs, each pixel must come out as `PixelMath.blend` makes it
// on its own.

@Suite("A blended span equals each pixel blended on its own")
struct BlendSpanTests {
    /// Runs of 1 to 40 pixels of a few colours: stretches that repeat the
    /// last pixel, that start or end inside a group of 4 or 8, and single ones.
    private func row(count: Int, random: inout SeededGenerator) -> [UInt32] {
        let colours: [UInt32] = [0xFF20_4060, 0xFFFF_FFFF, 0xFF00_0000, 0xFF12_3456]
        var row: [UInt32] = []
        while row.count < count {
            let colour =
                random.next() % 4 == 0
                ? UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000 : colours[Int(random.next() % 4)]
            for _ in 0..<min(Int(random.next() % 40) + 1, count - row.count) { row.append(colour) }
        }
        return row
    }

    @Test("In XRGB8888 and RGB565, in place and from another row, over 400 rows of random runs and lengths 1 to 120")
    func eachPixelAsBlendedAlone() {
        var random = SeededGenerator(seed: 8)
        for round in 0..<400 {
            let count = Int(random.next() % 120) + 1
            let under = row(count: count, random: &random)
            let color = Color(rgb: UInt32(truncatingIfNeeded: random.next()) & 0xFF_FF_FF)
            let level = UInt32(random.next() % 254) + 1
            let inPlace = round % 2 == 0

            let xrgb = spanDiffers(under, color: color, level: level, inPlace: inPlace)
            #expect(!xrgb, "XRGB8888 round \(round), \(count) pixels")
            let rgb565 = spanDiffers(
                under.map { PixelMath.rgb565(fromXRGB: $0) }, color: color, level: level, inPlace: inPlace)
            #expect(!rgb565, "RGB565 round \(round), \(count) pixels")
            if xrgb || rgb565 { return }
        }
    }

    /// Whether the span blended over `under` (in place, or from a copy of it)
    /// differs from each pixel blended on its own.
    private func spanDiffers<Pixel: FixedWidthInteger & UnsignedInteger>(
        _ under: [Pixel], color: Color, level: UInt32, inPlace: Bool
    ) -> Bool {
        let expected = under.map { PixelMath.blend(color, alpha: level, over: $0) }
        var source = under
        var pixels = inPlace ? under : [Pixel](repeating: 0, count: under.count)
        source.withUnsafeMutableBufferPointer { from in
            pixels.withUnsafeMutableBufferPointer { to in
                Rasterizer.blendSpan(
                    from: inPlace ? UnsafePointer(to.baseAddress!) : UnsafePointer(from.baseAddress!),
                    to: to.baseAddress!, count: under.count, color: color, alpha: level)
            }
        }
        return pixels != expected
    }
}
