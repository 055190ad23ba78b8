import Testing

@testable import PanelLog

/// A number's units (its magnitude times 10^places) are counted in a machine
/// word, which on a 32-bit board (armv7) holds 4.29e9 of them: a `t` of five
/// days to four places. Past that the writer counts in 64 bits, and must print
/// exactly what the host prints through its 64-bit word.
@Suite("The JSON line writer prints numbers past a 32-bit word's units the same through 64 bits")
struct JSONLineWriterWideNumberTests {
    @Test("Around 2^32 units and up to 10^15, to 1, 3 and 4 places, both ways agree with the expected text")
    func wideUnits() {
        let cases: [(Double, Int, String)] = [
            (429_496.7295, 4, "429496.7295"), (429_496.7296, 4, "429496.7296"), (432_000.0001, 4, "432000.0001"),
            (-432_000.25, 4, "-432000.25"), (315_576_000.00004, 4, "315576000.0"), (4_294_967.2956, 3, "4294967.296"),
            (429_496_729.56, 1, "429496729.6"), (99_999_999_999_999.9, 1, "99999999999999.9")
        ]
        for (value, places, expected) in cases {
            let scale: UInt = places == 1 ? 10 : places == 3 ? 1000 : 10_000
            let word = JSONLineWriterTests.line { $0.field("v", value, decimals: places) }
            let wide = JSONLineWriterTests.line {
                $0.key("v")
                $0.appendNumber(value, scaled: value.magnitude * Double(scale), decimals: places, scale: UInt64(scale))
            }
            #expect(word == "{\"type\":\"test\",\"v\":" + expected + "}", "\(value) to \(places) places")
            #expect(wide == word, "\(value) to \(places) places through 64 bits")
        }
    }
}
