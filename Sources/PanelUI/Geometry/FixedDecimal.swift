/// `value` with `digits` decimals, rounded half away from zero ("%.*f"
/// without printf): numbers in messages and logs. A `Double`'s own
/// description costs an Embedded binary about 4 KB of tables and code.
/// Numbers too large for that in 64 bits are written with an exponent ("1.000e30").
public func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    let digits = min(max(digits, 0), 9)
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    var magnitude = value < 0 ? -value : value
    if magnitude * Double(scale) >= 9e18 {
        var exponent = 0
        while magnitude >= 10 {
            magnitude /= 10
            exponent += 1
        }
        return fixed(value < 0 ? -magnitude : magnitude, 3) + "e" + String(exponent)
    }
    let scaled = Int64(magnitude * Double(scale) + 0.5)
    var fraction = String(scaled % scale)
    while fraction.utf8.count < digits { fraction = "0" + fraction }
    return (value < 0 && scaled != 0 ? "-" : "") + String(scaled / scale) + (digits > 0 ? "." + fraction : "")
}
