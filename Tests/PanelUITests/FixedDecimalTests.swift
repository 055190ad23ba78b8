import PanelUI
import Testing

@Suite("fixed(): numbers as text without Double's description")
struct FixedDecimalTests {
    @Test("decimals rounded half away from zero, as \"%.*f\"")
    func rounds() {
        #expect(fixed(2.25, 1) == "2.3")
        #expect(fixed(-2.25, 1) == "-2.3")
        #expect(fixed(-0.01, 1) == "0.0")
        #expect(fixed(3, 0) == "3")
        #expect(fixed(0.5, 3) == "0.500")
    }

    @Test("not a number and the infinities by name")
    func nonFinite() {
        #expect(fixed(.nan, 1) == "nan")
        #expect(fixed(.infinity, 1) == "inf")
        #expect(fixed(-.infinity, 1) == "-inf")
    }

    @Test("numbers past 64 bits get an exponent instead of trapping")
    func huge() {
        #expect(fixed(1e30, 1) == "1.000e30")
        #expect(fixed(-2.5e20, 9) == "-2.500e20")
        #expect(fixed(.greatestFiniteMagnitude, 9).hasSuffix("e308"))
        #expect(fixed(16_777_216, 1) == "16777216.0")
    }
}
