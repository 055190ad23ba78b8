import PanelTesting
import PanelUI
import Testing

@Suite("NumberFormat: String(format:) without Foundation, into a buffer, allocating nothing")
struct NumberFormatTests {
    @Test("Grouping: \"12,345.60\" with \",\", \"12 345,60\" with a space and a decimal comma")
    func grouping() {
        let english = NumberFormat(fractionDigits: 2, groupingSeparator: ",")
        #expect(english.string(from: 12_345.6) == "12,345.60")
        #expect(english.string(from: 345.6) == "345.60")
        #expect(english.string(from: 1_234_567.891) == "1,234,567.89")
        #expect(english.string(from: -1_000.0) == "-1,000.00")
        let french = NumberFormat(fractionDigits: 2, groupingSeparator: " ", decimalSeparator: ",")
        #expect(french.string(from: 12_345.6) == "12 345,60")
        let narrow = NumberFormat(groupingSeparator: "\u{202F}")
        #expect(narrow.string(from: 1_234_567) == "1\u{202F}234\u{202F}567")
        let indianLike = NumberFormat(groupingSeparator: ",", groupingSize: 2)
        #expect(indianLike.string(from: 123_456) == "12,34,56")
    }

    @Test("Zero padding: \"Apt 7.05\" from 7 and 5, as \"Apt %d.%02d\"")
    func zeroPadding() {
        let twoDigits = NumberFormat(minimumIntegerDigits: 2)
        let text = TextWriter.withScratch(capacity: 32) { text in
            text.append("Apt ")
            text.append(7)
            text.append(".")
            text.append(5, format: twoDigits)
            return text.string
        }
        #expect(text == "Apt 7.05")
        #expect(twoDigits.string(from: 123) == "123", "padding is a minimum")
        #expect(NumberFormat(fractionDigits: 1, minimumIntegerDigits: 3).string(from: 7.25) == "007.3")
        #expect(NumberFormat(minimumIntegerDigits: 4, groupingSeparator: ",").string(from: 5) == "0,005")
        #expect(NumberFormat(fractionDigits: 2, minimumIntegerDigits: 0).string(from: 0.5) == ".50")
        #expect(NumberFormat(minimumIntegerDigits: 25).string(from: 1).utf8.count == 20, "at most 20")
    }

    @Test("Negative numbers, signs, prefix and suffix; a number that rounds to zero has no sign")
    func signs() {
        let celsius = NumberFormat(fractionDigits: 1, suffix: " °C")
        #expect(celsius.string(from: -3.25) == "-3.3 °C")
        #expect(celsius.string(from: -0.04) == "0.0 °C")
        let offset = NumberFormat(fractionDigits: 1, showsPlusSign: true)
        #expect(offset.string(from: 0.5) == "+0.5")
        #expect(offset.string(from: 0) == "0.0")
        #expect(offset.string(from: -0.5) == "-0.5")
        let money = NumberFormat(fractionDigits: 2, groupingSeparator: ",", prefix: "$", minusSign: "\u{2212}")
        #expect(money.string(from: -1_234.5) == "$\u{2212}1,234.50")
        #expect(NumberFormat(prefix: "Apt ").string(from: -7) == "Apt -7")
        #expect(NumberFormat(fractionDigits: 2).string(from: 3) == "3.00")
        #expect(NumberFormat(fractionDigits: 1).string(from: Int64.min) == "-9223372036854775808.0")
    }

    @Test("Rounding is half away from zero, on the value the Double holds")
    func rounding() {
        let one = NumberFormat(fractionDigits: 1)
        #expect(one.string(from: 2.25) == "2.3")
        #expect(one.string(from: -2.25) == "-2.3")
        #expect(NumberFormat().string(from: 2.5) == "3")
        #expect(NumberFormat().string(from: -2.5) == "-3")
        #expect(NumberFormat().string(from: 0.49) == "0")
        #expect(
            NumberFormat(fractionDigits: 2).string(from: 2.675) == "2.68",
            "2.675 is 2.67499999… as a Double, but 267.5 once scaled by 100 (printf's %.2f gives 2.67)")
        #expect(NumberFormat(fractionDigits: 2).string(from: 9.995) == "9.99")
        #expect(NumberFormat(fractionDigits: 2).string(from: 9.996) == "10.00")
        #expect(NumberFormat(fractionDigits: 12).string(from: 0.5) == "0.500000000", "at most 9 decimals")
        #expect(NumberFormat(fractionDigits: -3).string(from: 12.5) == "13")
    }

    @Test("Large values: exact integers, 2^31 and past it as on a 32-bit board, an exponent past 64 bits")
    func largeValues() {
        let grouped = NumberFormat(groupingSeparator: ",")
        #expect(grouped.string(from: Int64.max) == "9,223,372,036,854,775,807")
        #expect(grouped.string(from: Int64(3_000_000_000)) == "3,000,000,000")
        #expect(grouped.string(from: 4_294_967_296.4) == "4,294,967,296")
        #expect(NumberFormat(fractionDigits: 1).string(from: 2_147_483_648.25) == "2147483648.3")
        #expect(NumberFormat(fractionDigits: 2).string(from: 1e17) == "1.000e17")
        #expect(NumberFormat(fractionDigits: 1).string(from: 1e30) == "1.000e30")
        #expect(NumberFormat(fractionDigits: 1, suffix: " W").string(from: -2.5e20) == "-2.500e20 W")
        #expect(NumberFormat().string(from: .nan) == "nan")
        #expect(NumberFormat(suffix: "%").string(from: -Double.infinity) == "-inf%")
    }

    @Test("fixed(_:_:) is NumberFormat(fractionDigits:), to the byte")
    func fixedIsNumberFormat() {
        for value in [0, 0.5, -0.01, 2.25, -2.25, 16_777_216, 1e30, -2.5e20, 123_456.789, .nan, .infinity] {
            for digits in [0, 1, 3, 9] {
                #expect(fixed(value, digits) == NumberFormat(fractionDigits: digits).string(from: value))
            }
        }
    }

    @Test("A buffer too small gets whole pieces only and says so; maximumLength never truncates")
    func truncation() {
        let format = NumberFormat(fractionDigits: 2, groupingSeparator: "\u{202F}", prefix: "€ ")
        TextWriter.withScratch(capacity: 6) { text in
            format.write(12_345.678, to: &text)
            #expect(text.isTruncated)
            #expect(text.string == "€ 12", "\"€ \" is 4 bytes, the separator 3: it did not fit after the 12")
            return ()
        }
        TextWriter.withScratch(capacity: format.maximumLength) { text in
            format.write(Int64.min, to: &text)
            #expect(!text.isTruncated)
            text.removeAll()
            format.write(-9.99e17, to: &text)
            #expect(!text.isTruncated)
            text.removeAll()
            format.write(-Double.greatestFiniteMagnitude, to: &text)
            #expect(!text.isTruncated)
            return ()
        }
    }

    @Test("Writing into a buffer allocates nothing, even at -Onone, for text of any length")
    func writingAllocatesNothing() {
        let format = NumberFormat(
            fractionDigits: 2, minimumIntegerDigits: 3, groupingSeparator: "\u{202F}",
            prefix: "Temperature in the living room: ", suffix: " °C")
        var value = -1_234.5
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            TextWriter.withScratch(capacity: 128) { text in
                var i = 0
                while i < 100 {
                    text.removeAll()
                    format.write(value, to: &text)
                    text.append(" / ")
                    text.append(Int64(i) * 1_000_000_007, format: format)
                    value += 0.37
                    i += 1
                }
                return ()
            }
        }
        #expect(allocations == 0)
    }
}

@Suite("Label.setText(_:format:): a changing number without allocating")
struct LabelNumberTextTests {
    @Test("The text is the format's, and setting the same characters again changes nothing")
    func sameTextIsNoChange() {
        let label = Label(name: "price")
        label.setText(12_345.6, format: NumberFormat(fractionDigits: 2, groupingSeparator: ","))
        #expect(label.text == "12,345.60")
        let before = label.text
        label.setText(12_345.601, format: NumberFormat(fractionDigits: 2, groupingSeparator: ","))
        #expect(label.text == before)
        label.setText(7)
        #expect(label.text == "7")
        label.setText { text in
            text.append("Apt ")
            text.append(7)
            text.append(".")
            text.append(5, format: NumberFormat(minimumIntegerDigits: 2))
        }
        #expect(label.text == "Apt 7.05")
    }

    @Test("Long texts with multi-byte characters are rebuilt whole, cut only between characters")
    func longTextsAreWhole() {
        let label = Label(name: "long")
        let format = NumberFormat(fractionDigits: 1, prefix: "Température du séjour : ", suffix: " °C ✓")
        var value = 17.0
        while value < 23 {
            label.setText(value, format: format)
            #expect(label.text == "Température du séjour : " + fixed(value, 1) + " °C ✓")
            value += 0.7
        }
    }

    @Test("Off screen, a label showing a changing number allocates nothing per change once warm, short or long")
    func changesAllocateNothing() {
        let short = Label(name: "short")
        let long = Label(name: "long")
        let format = NumberFormat(fractionDigits: 1, suffix: " °C")
        let longFormat = NumberFormat(fractionDigits: 2, prefix: "Temperature in the living room: ", suffix: " °C")
        var value = 20.0
        let allocations = AllocationCounter.count(warmUpRuns: 3) {
            value += 0.1
            short.setText(value, format: format)
            long.setText(value, format: longFormat)
        }
        #expect(allocations == 0)
        #expect(long.text.hasPrefix("Temperature in the living room: 20.") && long.text.hasSuffix(" °C"))
    }
}
