import PanelTesting
import Testing

@testable import PanelUI

@Suite("The rasterizer's rounding: coverage to 8-bit levels, edges to whole pixels")
struct RasterizerLevelTests {
    @Test(
        "Rounds half away from zero, as rounded() does: on every eighth, a hair either side of each tie, and random values"
    )
    func roundsAsRoundedDoes() {
        for eighth in 0...(255 * 8) {
            let value = Double(eighth) / 8
            for probe in [value, value.nextUp, value.nextDown] where probe >= 0 && probe <= 255 {
                #expect(Rasterizer.level(probe) == UInt32(probe.rounded()), "level(\(probe))")
            }
        }
        var random = SeededGenerator(seed: 7)
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

    @Test(
        "Whole-pixel rounding without libm gives rounded(.down) and rounded(.up) bit for bit: ties, signed zeros, huge, infinite and NaN values, and random ones"
    )
    func wholeNumberRoundingMatchesLibm() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.5, -2.5, 0.999_999_999, -0.999_999_999,
            Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 4_503_599_627_370_495.5,
            -4_503_599_627_370_495.5, 4_503_599_627_370_496, -4_503_599_627_370_496, 1e300, -1e300,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan
        ]
        for whole in -300...300 {
            let value = Double(whole) / 4
            values += [value, value.nextUp, value.nextDown]
        }
        var random = SeededGenerator(seed: 11)
        for _ in 0..<20_000 { values.append(random.double(-5_000...5_000)) }
        for value in values {
            #expect(
                value.roundedDown.bitPattern == value.rounded(.down).bitPattern
                    || (value.isNaN && value.roundedDown.isNaN),
                "roundedDown(\(value))")
            #expect(
                value.roundedUp.bitPattern == value.rounded(.up).bitPattern || (value.isNaN && value.roundedUp.isNaN),
                "roundedUp(\(value))")
        }
    }
}
