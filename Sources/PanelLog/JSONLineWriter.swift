/// Writes JSON Lines (one object per line) into a fixed buffer and hands full
/// lines to a `TextSink`, without allocating: the replay log runs on the
/// input path, which must allocate nothing (rule 3).
///
/// Numbers are printed by integer arithmetic, so every architecture prints the
/// same bytes for the same values.
///
/// Keys, the `type` and other `StaticString` values are literals of the code
/// that logs: they are written as they are, without escaping, so they must
/// not hold a quote, a backslash or a control character (debug builds check).
/// Strings that come from data (`String` values: names, text) are always escaped.
public final class JSONLineWriter {
    @usableFromInline static let capacity = 8192
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    // The cursor and the comma flag are only ever read or written whole,
    // never held in an access across a call (`flush` hands the sink a pointer
    // and a count), so no two accesses can overlap, even if a sink wrote into
    // the writer: the per-byte dynamic exclusivity check they cost is skipped.
    @exclusivity(unchecked) @usableFromInline var length = 0
    @exclusivity(unchecked) @usableFromInline var needsComma = false
    public let sink: any TextSink

    public init(sink: any TextSink) {
        self.sink = sink
        self.buffer = .allocate(capacity: Self.capacity)
    }

    deinit {
        flush()
        buffer.deallocate()
    }

    /// Starts a line: `{"type":"<type>"`.
    public func beginObject(type: StaticString) {
        append(0x7B) // {
        needsComma = false
        key("type")
        appendLiteralQuoted(type)
    }

    /// Ends the line with `}` and a newline; flushes when the buffer is getting full.
    public func endObject() {
        append(0x7D) // }
        append(0x0A)
        if length > Self.capacity / 2 { flush() }
    }

    public func flush() {
        guard length > 0 else { return }
        sink.write(UnsafeRawBufferPointer(start: buffer, count: length))
        length = 0
    }

    // MARK: Fields

    public func field(_ name: StaticString, _ value: StaticString) {
        key(name)
        appendLiteralQuoted(value)
    }

    public func field(_ name: StaticString, _ value: String?) {
        key(name)
        guard let value else { return appendLiteral("null") }
        var text = value
        text.withUTF8 { appendQuoted($0) }
    }

    public func field(_ name: StaticString, _ value: Int) {
        key(name)
        appendInteger(value)
    }

    public func field(_ name: StaticString, _ value: Bool) {
        key(name)
        appendLiteral(value ? "true" : "false")
    }

    /// A number rounded to at most `decimals` places, trailing zeros trimmed
    /// but one decimal kept: `0.0318`, `0.52`, `0.0`. Non-finite values print as `null`.
    public func field(_ name: StaticString, _ value: Double, decimals: Int) {
        key(name)
        appendNumber(value, decimals: decimals)
    }

    /// An array of numbers: `[0.0,41.5]`.
    public func field(_ name: StaticString, _ a: Double, _ b: Double, decimals: Int) {
        key(name)
        append(0x5B)
        appendNumber(a, decimals: decimals)
        append(0x2C)
        appendNumber(b, decimals: decimals)
        append(0x5D)
    }

    /// An array of the first `count` integers of `values`.
    public func field(_ name: StaticString, integers values: InlineArray<32, Int>, count: Int) {
        key(name)
        append(0x5B)
        for i in 0..<count {
            if i > 0 { append(0x2C) }
            appendInteger(values[i])
        }
        append(0x5D)
    }

    // MARK: Bytes
    //
    // Each piece is written through a local cursor into room reserved up
    // front (`reserve(_:)`): one bounds check and one store of `length` per
    // piece, not per byte. A piece too big for the buffer goes byte by byte.

    /// `,"name":` (no comma first in a line), the name as it is (see the type's notes).
    @usableFromInline func key(_ name: StaticString) {
        name.withUTF8Buffer { bytes in
            Self.assertNeedsNoEscaping(bytes)
            guard reserve(bytes.count + 4) else {
                if needsComma { append(0x2C) }
                appendByteByByte(bytes, quoted: true)
                return append(0x3A)
            }
            var at = length
            if needsComma {
                buffer[at] = 0x2C
                at += 1
            }
            buffer[at] = 0x22
            Self.copy(bytes, to: buffer + at + 1)
            at += bytes.count + 1
            buffer[at] = 0x22
            buffer[at + 1] = 0x3A
            length = at + 2
        }
        needsComma = true
    }

    /// `"literal"`, as it is (see the type's notes).
    @usableFromInline func appendLiteralQuoted(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes in
            Self.assertNeedsNoEscaping(bytes)
            guard reserve(bytes.count + 2) else { return appendByteByByte(bytes, quoted: true) }
            let at = length
            buffer[at] = 0x22
            Self.copy(bytes, to: buffer + at + 1)
            buffer[at + bytes.count + 1] = 0x22
            length = at + bytes.count + 2
        }
    }

    @inline(__always)
    @usableFromInline static func assertNeedsNoEscaping(_ bytes: UnsafeBufferPointer<UInt8>) {
        assert(
            !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C },
            "JSONLineWriter: a key or literal value holds a quote, backslash or control character")
    }

    /// Bytes as they are, into room already reserved. Keys and literals are
    /// a few bytes: copied by a few word moves, not by a call to memmove
    /// that costs more than the copy.
    @inline(__always)
    @usableFromInline static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>)
    {
        guard let source = bytes.baseAddress else { return }
        let count = bytes.count
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        // Two words that overlap in the middle cover 8 to 16 bytes, two
        // halves 4 to 8: a few loads and stores, whatever the length.
        switch count {
        case 8...16:
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (to + count - 8).storeBytes(of: (from + count - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        case 4..<8:
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (to + count - 4).storeBytes(of: (from + count - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        case 0..<4:
            var i = 0
            while i < count {
                destination[i] = source[i]
                i += 1
            }
        default:
            to.copyMemory(from: source, byteCount: count)
        }
    }

    @inline(__always)
    @usableFromInline func append(_ byte: UInt8) {
        if length == Self.capacity { flush() }
        buffer[length] = byte
        length += 1
    }

    /// Flushes when `count` more bytes would not fit; false when they never
    /// fit, even in an empty buffer.
    @inline(__always)
    @usableFromInline func reserve(_ count: Int) -> Bool {
        if length + count > Self.capacity { flush() }
        return count <= Self.capacity
    }

    @usableFromInline func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            guard reserve(bytes.count) else { return appendByteByByte(bytes, quoted: false) }
            Self.copy(bytes, to: buffer + length)
            length += bytes.count
        }
    }

    /// `"bytes"`, escaped: at most six bytes out for each byte in (`\u00XX`).
    @usableFromInline func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard reserve(bytes.count * 6 + 2) else { return appendByteByByte(bytes, quoted: true) }
        var at = length
        buffer[at] = 0x22
        at += 1
        for byte in bytes { Self.writeEscaped(byte, to: buffer, at: &at) }
        buffer[at] = 0x22
        length = at + 1
    }

    /// A string too long to reserve room for: the bytes go one at a time.
    @usableFromInline func appendByteByByte(_ bytes: UnsafeBufferPointer<UInt8>, quoted: Bool) {
        if quoted { append(0x22) }
        for byte in bytes {
            guard quoted else {
                append(byte)
                continue
            }
            _ = reserve(6)
            var at = length
            Self.writeEscaped(byte, to: buffer, at: &at)
            length = at
        }
        if quoted { append(0x22) }
    }

    @inline(__always)
    @usableFromInline static func writeEscaped(
        _ byte: UInt8, to buffer: UnsafeMutablePointer<UInt8>, at index: inout Int
    ) {
        var at = index
        // Most bytes are printable and not a quote or backslash: one test for them.
        if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
            buffer[at] = byte
            index = at + 1
            return
        }
        switch byte {
        case 0x22, 0x5C:
            buffer[at] = 0x5C
            buffer[at + 1] = byte
            at += 2
        case 0x0A:
            buffer[at] = 0x5C
            buffer[at + 1] = 0x6E
            at += 2
        case 0x00..<0x20:
            let hex: StaticString = "0123456789abcdef"
            buffer[at] = 0x5C
            buffer[at + 1] = 0x75
            buffer[at + 2] = 0x30
            buffer[at + 3] = 0x30
            hex.withUTF8Buffer { digits in
                buffer[at + 4] = digits[Int(byte >> 4)]
                buffer[at + 5] = digits[Int(byte & 0xF)]
            }
            at += 6
        default:
            buffer[at] = byte
            at += 1
        }
        index = at
    }

    @usableFromInline func appendInteger(_ value: Int) {
        _ = reserve(21) // a sign and 20 digits
        var at = length
        if value < 0 {
            buffer[at] = 0x2D
            at += 1
        }
        Self.writeDigits(value.magnitude, minimumDigits: 1, to: buffer, at: &at)
        length = at
    }

    /// `value` in decimal, zero-padded to `minimumDigits` (at most 20).
    @inline(__always)
    @usableFromInline static func writeDigits<Units: FixedWidthInteger & UnsignedInteger>(
        _ value: Units, minimumDigits: Int, to buffer: UnsafeMutablePointer<UInt8>, at index: inout Int
    ) {
        let count = max(digitCount(value), minimumDigits) // by comparisons, not divisions
        var rest = value
        var digit = index + count
        while digit > index {
            digit -= 1
            buffer[digit] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
            rest /= 10
        }
        index += count
    }

    @usableFromInline func appendNumber(_ value: Double, decimals: Int) {
        guard value.isFinite, value.magnitude < 1e15 else { return appendLiteral("null") }
        // The places the log uses get a constant divisor, which compiles to a
        // multiplication instead of two divisions a number.
        switch decimals {
        case 1: appendNumber(value, decimals: 1, scale: 10)
        case 3: appendNumber(value, decimals: 3, scale: 1000)
        case 4: appendNumber(value, decimals: 4, scale: 10_000)
        default:
            var scale: UInt = 1
            for _ in 0..<decimals { scale *= 10 }
            appendNumber(value, decimals: decimals, scale: scale)
        }
    }

    @inline(__always)
    @usableFromInline func appendNumber(_ value: Double, decimals: Int, scale: UInt) {
        let scaled = value.magnitude * Double(scale)
        // Counted in a machine word when the units fit one. A 32-bit board's
        // word holds 4.29e9 units (a `t` of 5 days to 4 places: an app's log
        // after 5 days up), which would trap its conversion: larger numbers
        // are counted in 64 bits there, as the host counts them in its word.
        if scaled < Double(UInt.max) {
            appendNumber(value, scaled: scaled, decimals: decimals, scale: scale)
        } else {
            appendNumber(value, scaled: scaled, decimals: decimals, scale: UInt64(scale))
        }
    }

    /// `value` (`scaled`: its magnitude × `scale`, below `Units.max`) to `decimals` places.
    @inline(__always)
    @usableFromInline func appendNumber<Units: FixedWidthInteger & UnsignedInteger>(
        _ value: Double, scaled: Double, decimals: Int, scale: Units
    ) {
        // Rounded half away from zero, as `rounded()` does, without its libm call.
        var units = Units(scaled)
        if scaled - Double(units) >= 0.5 { units += 1 }
        _ = reserve(2 * 20 + 2) // a sign, the whole digits, the point, the fraction
        var at = length
        if value < 0 && units != 0 {
            buffer[at] = 0x2D
            at += 1
        }
        let whole = units / scale
        units %= scale
        Self.writeDigits(whole, minimumDigits: 1, to: buffer, at: &at)
        buffer[at] = 0x2E // .
        at += 1
        // Trim trailing zeros of the fraction, keeping one digit.
        var places = decimals
        while places > 1 && units % 10 == 0 {
            units /= 10
            places -= 1
        }
        Self.writeDigits(units, minimumDigits: max(places, 1), to: buffer, at: &at)
        length = at
    }

    /// How many decimal digits `value` takes (1 for 0).
    @inline(__always)
    @usableFromInline static func digitCount<Units: FixedWidthInteger & UnsignedInteger>(_ value: Units) -> Int {
        var count = 1
        var bound: Units = 10
        while value >= bound {
            count += 1
            guard bound <= Units.max / 10 else { break }
            bound &*= 10
        }
        return count
    }
}
