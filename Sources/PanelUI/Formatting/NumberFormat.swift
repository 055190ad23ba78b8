/// How a number is written: fixed decimals, zero padding, grouping, a sign,
/// a prefix and a suffix. `String(format:)` and `NumberFormatter` without
/// Foundation, which a board does not have, and without allocating: it writes
/// UTF-8 into a buffer the caller owns (`TextWriter`). `Label.setText(_:format:)`
/// shows a number that way, replacing the text only when a character changed.
///
/// ```swift
/// let price = NumberFormat(fractionDigits: 2, groupingSeparator: ",")     // 12,345.60
/// let apartment = NumberFormat(minimumIntegerDigits: 2)                    // the "%02d" of "Apt %d.%02d"
/// label.setText { text in
///     text.append("Apt ")
///     text.append(7)
///     text.append(".")
///     text.append(5, format: apartment)                                    // Apt 7.05
/// }
/// temperature.setText(21.46, format: NumberFormat(fractionDigits: 1, suffix: " °C"))   // 21.5 °C
/// ```
///
/// A `Double` is rounded to `fractionDigits` half away from zero (2.5 to "3",
/// -2.5 to "-3"): it is scaled by 10 to the `fractionDigits` as a `Double`,
/// then rounded, so a value a hair below a half that scales to the half
/// rounds up (2.675, which is 2.67499…, gives "2.68" where printf's `%.2f`
/// gives "2.67"). The digits come from 64-bit integers on every board, 32-bit
/// ones included. Magnitudes of 9e18 and more once scaled (1e17 with two decimals)
/// are written with an exponent and three decimals, "1.000e30"; NaN and the
/// infinities as "nan", "inf" and "-inf", each between the prefix and the suffix.
/// Integers (`Int`, `Int64`) are exact over their whole range.
public struct NumberFormat: Equatable, Sendable {
    /// Digits after the decimal separator, 0 to 9 (values outside are taken as the nearest): `%.2f` is 2.
    public var fractionDigits: Int
    /// Digits before it, zero padded, 0 to 20: `%02d` is 2. With 0, a
    /// number below 1 has no integer digits (".5").
    public var minimumIntegerDigits: Int
    /// Written between groups of `groupingSize` integer digits; empty (the
    /// default) for none: "," gives "12,345", " " or "\u{202F}" "12 345".
    public var groupingSeparator: String
    /// Integer digits per group, from the decimal separator leftwards (3); less than 1 is taken as 1.
    public var groupingSize: Int
    /// "." by default; "," for "12 345,60".
    public var decimalSeparator: String
    /// Written first, before the sign: "Apt ", "$".
    public var prefix: String
    /// Written last: "%", " °C".
    public var suffix: String
    /// "-" by default, before the digits of a number below zero once rounded
    /// (-0.001 with two decimals is "0.00"); "\u{2212}" is the typographic minus.
    public var minusSign: String
    /// Writes `plusSign` before the digits of a number above zero once rounded (an offset: "+0.5").
    public var showsPlusSign: Bool
    public var plusSign: String

    public init(
        fractionDigits: Int = 0, minimumIntegerDigits: Int = 1, groupingSeparator: String = "",
        groupingSize: Int = 3, decimalSeparator: String = ".", prefix: String = "", suffix: String = "",
        minusSign: String = "-", showsPlusSign: Bool = false, plusSign: String = "+"
    ) {
        self.fractionDigits = fractionDigits
        self.minimumIntegerDigits = minimumIntegerDigits
        self.groupingSeparator = groupingSeparator
        self.groupingSize = groupingSize
        self.decimalSeparator = decimalSeparator
        self.prefix = prefix
        self.suffix = suffix
        self.minusSign = minusSign
        self.showsPlusSign = showsPlusSign
        self.plusSign = plusSign
    }

    /// The most UTF-8 bytes a number takes in this format: a buffer this
    /// size never truncates.
    public var maximumLength: Int {
        let integerDigits = max(clampedIntegerDigits, 20)
        let sign = max(minusSign.utf8.count, plusSign.utf8.count)
        return prefix.utf8.count + sign + integerDigits * (1 + groupingSeparator.utf8.count)
            + decimalSeparator.utf8.count + 9 + 6 + suffix.utf8.count
    }

    /// The number as a `String`: allocates only when it is longer than a
    /// small string holds (15 UTF-8 bytes on a 64-bit board, 10 on a 32-bit one).
    public func string(from value: Double) -> String {
        TextWriter.withScratch(capacity: maximumLength) { text in
            write(value, to: &text)
            return text.string
        }
    }

    public func string(from value: Int64) -> String {
        TextWriter.withScratch(capacity: maximumLength) { text in
            write(value, to: &text)
            return text.string
        }
    }

    public func string(from value: Int) -> String { string(from: Int64(value)) }

    /// Appends `value` to `text`, rounded half away from zero to `fractionDigits`.
    public func write(_ value: Double, to text: inout TextWriter) {
        guard value.isFinite else {
            text.append(prefix)
            text.append(value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf"))
            text.append(suffix)
            return
        }
        let digits = clampedFractionDigits
        let scale = Self.powerOfTen(digits)
        var magnitude = value < 0 ? -value : value
        guard magnitude * Double(scale) < 9e18 else {
            // Too large for 64-bit integer digits: a mantissa from 1 to 10, three decimals, an exponent.
            var exponent: Int64 = 0
            while magnitude >= 10 {
                magnitude /= 10
                exponent += 1
            }
            let scaled = UInt64(magnitude * 1000 + 0.5)
            text.append(prefix)
            writeSign(negative: value < 0, positive: value > 0, to: &text)
            writeDigits(integer: scaled / 1000, fraction: scaled % 1000, fractionDigits: 3, grouped: false, to: &text)
            text.append("e")
            Self.writeInteger(UInt64(exponent), minimumDigits: 1, to: &text)
            text.append(suffix)
            return
        }
        let scaled = UInt64(magnitude * Double(scale) + 0.5)
        text.append(prefix)
        writeSign(negative: value < 0 && scaled != 0, positive: value > 0 && scaled != 0, to: &text)
        writeDigits(integer: scaled / scale, fraction: scaled % scale, fractionDigits: digits, grouped: true, to: &text)
        text.append(suffix)
    }

    /// Appends `value` to `text`, exactly, with `fractionDigits` zeros.
    public func write(_ value: Int64, to text: inout TextWriter) {
        text.append(prefix)
        writeSign(negative: value < 0, positive: value > 0, to: &text)
        writeDigits(
            integer: value.magnitude, fraction: 0, fractionDigits: clampedFractionDigits, grouped: true, to: &text)
        text.append(suffix)
    }

    public func write(_ value: Int, to text: inout TextWriter) { write(Int64(value), to: &text) }

    @usableFromInline var clampedFractionDigits: Int { min(max(fractionDigits, 0), 9) }
    @usableFromInline var clampedIntegerDigits: Int { min(max(minimumIntegerDigits, 0), 20) }

    @usableFromInline func writeSign(negative: Bool, positive: Bool, to text: inout TextWriter) {
        if negative {
            text.append(minusSign)
        } else if positive && showsPlusSign {
            text.append(plusSign)
        }
    }

    /// `integer` zero padded to `minimumIntegerDigits` and grouped, then
    /// `fraction` as `fractionDigits` digits after the decimal separator.
    @usableFromInline func writeDigits(
        integer: UInt64, fraction: UInt64, fractionDigits: Int, grouped: Bool, to text: inout TextWriter
    ) {
        let separator = grouped && !groupingSeparator.isEmpty
        let size = max(groupingSize, 1)
        var count = integer == 0 ? 0 : Self.digitCount(integer)
        count = max(count, clampedIntegerDigits)
        var position = count - 1
        while position >= 0 {
            // Positions past the 20 digits a UInt64 has are padding.
            let digit = position >= 20 ? 0 : (integer / Self.powerOfTen(position)) % 10
            text.appendByte(UInt8(truncatingIfNeeded: digit) + 0x30)
            if separator && position > 0 && position % size == 0 { text.append(groupingSeparator) }
            position -= 1
        }
        guard fractionDigits > 0 else { return }
        text.append(decimalSeparator)
        Self.writeInteger(fraction, minimumDigits: fractionDigits, to: &text)
    }

    /// `value`'s decimal digits, zero padded to `minimumDigits`.
    @usableFromInline static func writeInteger(_ value: UInt64, minimumDigits: Int, to text: inout TextWriter) {
        var position = max(value == 0 ? 1 : digitCount(value), minimumDigits) - 1
        while position >= 0 {
            let digit = position >= 20 ? 0 : (value / powerOfTen(position)) % 10
            text.appendByte(UInt8(truncatingIfNeeded: digit) + 0x30)
            position -= 1
        }
    }

    /// How many decimal digits `value` has (1 for 0).
    @usableFromInline static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// 10 to the `exponent`, 0 to 19.
    @usableFromInline static func powerOfTen(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        var i = 0
        while i < exponent {
            result &*= 10
            i += 1
        }
        return result
    }
}
