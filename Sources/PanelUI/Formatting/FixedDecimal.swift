/// `value` with `digits` decimals, rounded half away from zero ("%.*f"
/// without printf): numbers in messages and logs. A `Double`'s own
/// description costs an Embedded binary about 4 KB of tables and code.
/// Numbers too large for that in 64 bits are written with an exponent ("1.000e30").
/// `NumberFormat(fractionDigits: digits)` writes it, which also groups,
/// pads, and writes into a buffer without allocating.
public func fixed(_ value: Double, _ digits: Int) -> String {
    NumberFormat(fractionDigits: digits).string(from: value)
}
