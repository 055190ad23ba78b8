// NumberFormat's output for values around and past 2^31 and 2^63, printed by
// scripts/number-format-armv7 from an armv7 Embedded build (a 32-bit Int,
// under qemu-arm-static) and from the host's, which must print the same.
@main
struct Probe {
    static func show(_ s: String) { print(s) }
    static func main() {
        show(NumberFormat(fractionDigits: 2, groupingSeparator: ",").string(from: 12_345.6))
        show(NumberFormat(fractionDigits: 2, groupingSeparator: " ", decimalSeparator: ",").string(from: 12_345.6))
        show(NumberFormat(groupingSeparator: ",").string(from: Int64.max))
        show(NumberFormat(groupingSeparator: ",").string(from: Int64(3_000_000_000)))
        show(NumberFormat(groupingSeparator: ",").string(from: 4_294_967_296.4))
        show(NumberFormat(fractionDigits: 1).string(from: 2_147_483_648.25))
        show(NumberFormat(fractionDigits: 1).string(from: Int64.min))
        show(NumberFormat(fractionDigits: 1).string(from: 1e30))
        show(NumberFormat(fractionDigits: 9).string(from: -123_456_789.123456789))
        show(fixed(-2.25, 1))
        show(TextWriter.withScratch(capacity: 32) { text in
            text.append("Apt ")
            text.append(7)
            text.append(".")
            text.append(5, format: NumberFormat(minimumIntegerDigits: 2))
            return text.string
        })
    }
}
