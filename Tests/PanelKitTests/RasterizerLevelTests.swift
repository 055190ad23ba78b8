@testable import PanelKit
import Testing

@Suite("A shape's coverage as an 8-bit level")
struct RasterizerLevelTests {
    @Test("Rounds half away from zero, as rounded() does: on every eighth, a hair either side of each tie, and random values")
    func roundsAsRoundedDoes() {
        for eighth in 0...(255 * 8) {
            let value = Double(eighth) / 8
            for probe in [value, value.nextUp, value.nextDown] where probe >= 0 && probe <= 255 {
                #expect(Rasterizer.level(probe) == UInt32(probe.rounded()), "level(\(probe))")
            }
        }
        var random = SplitMix64(state: 7)
        for _ in 0..<20_000 {
            let value = random.double(0...255)
            #expect(Rasterizer.level(value) == UInt32(value.rounded()), "level(\(value))")
        }
    }

    @Test("Is held in 0...255, and NaN gives 0 rather than trapping")
    func heldInRange() {
        #expect(Rasterizer.level(-3) == 0)
        #expect(Rasterizer.level(-.infinity) == 0)
        #expect(Rasterizer.level(300) == 255)
        #expect(Rasterizer.level(.infinity) == 255)
        #expect(Rasterizer.level(.nan) == 0)
    }
}
