/// Writes JSON Lines (one object per line) into a fixed buffer and hands full
/// lines to a ``TextSink``, without allocating: the replay log runs on the
/// input path, which must allocate nothing (rule 3).
///
/// Numbers are printed by integer arithmetic, so every architecture prints the
/// same bytes for the same values.
public final class JSONLineWriter {
    @usableFromInline static let capacity = 8192
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline var length = 0
    @usableFromInline var needsComma = false
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
        append(0x7B)   // {
        needsComma = false
        key("type")
        appendQuoted(type)
    }

    /// Ends the line with `}` and a newline; flushes when the buffer is getting full.
    public func endObject() {
        append(0x7D)   // }
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
        appendQuoted(value)
    }

    public func field(_ name: StaticString, _ value: String?) {
        key(name)
        guard let value else { return appendLiteral("null") }
        append(0x22)
        for byte in value.utf8 { appendEscaped(byte) }
        append(0x22)
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

    @usableFromInline func key(_ name: StaticString) {
        if needsComma { append(0x2C) }
        needsComma = true
        appendQuoted(name)
        append(0x3A)   // :
    }

    @inline(__always)
    @usableFromInline func append(_ byte: UInt8) {
        if length == Self.capacity { flush() }
        buffer[length] = byte
        length += 1
    }

    @usableFromInline func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { for byte in $0 { append(byte) } }
    }

    @usableFromInline func appendQuoted(_ text: StaticString) {
        append(0x22)
        text.withUTF8Buffer { for byte in $0 { appendEscaped(byte) } }
        append(0x22)
    }

    @usableFromInline func appendEscaped(_ byte: UInt8) {
        switch byte {
        case 0x22, 0x5C:
            append(0x5C); append(byte)
        case 0x0A:
            append(0x5C); append(0x6E)
        case 0x00..<0x20:
            let hex: StaticString = "0123456789abcdef"
            append(0x5C); append(0x75); append(0x30); append(0x30)
            hex.withUTF8Buffer { digits in
                append(digits[Int(byte >> 4)])
                append(digits[Int(byte & 0xF)])
            }
        default:
            append(byte)
        }
    }

    @usableFromInline func appendInteger(_ value: Int) {
        if value < 0 { append(0x2D) }
        appendDigits(value.magnitude, minimumDigits: 1)
    }

    @usableFromInline func appendDigits(_ value: UInt, minimumDigits: Int) {
        var digits: InlineArray<24, UInt8> = InlineArray(repeating: 0)
        var count = 0
        var rest = value
        repeat {
            digits[count] = UInt8(rest % 10) + 0x30
            rest /= 10
            count += 1
        } while rest > 0 || count < minimumDigits
        while count > 0 {
            count -= 1
            append(digits[count])
        }
    }

    @usableFromInline func appendNumber(_ value: Double, decimals: Int) {
        guard value.isFinite, value.magnitude < 1e15 else { return appendLiteral("null") }
        var scale: UInt = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * Double(scale)).rounded()
        var units = UInt(scaled)
        if value < 0 && units != 0 { append(0x2D) }
        let whole = units / scale
        units %= scale
        appendDigits(whole, minimumDigits: 1)
        append(0x2E)   // .
        // Trim trailing zeros of the fraction, keeping one digit.
        var places = decimals
        while places > 1 && units % 10 == 0 {
            units /= 10
            places -= 1
        }
        appendDigits(units, minimumDigits: max(places, 1))
    }
}
