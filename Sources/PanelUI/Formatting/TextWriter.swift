/// UTF-8 text built in a buffer the caller owns, without allocating: pieces
/// of text and numbers in a `NumberFormat`, appended in order. What
/// `Label.setText(_:)` hands its closure, over a buffer on the stack.
///
/// ```swift
/// TextWriter.withScratch(capacity: 32) { text in
///     text.append("Apt ")
///     text.append(7)
///     text.append(".")
///     text.append(5, format: NumberFormat(minimumIntegerDigits: 2))
///     return text.string                                               // "Apt 7.05"
/// }
/// ```
///
/// A piece that does not fit in what is left is not written, nor is anything
/// after it (`isTruncated` says so), so the bytes are always whole UTF-8.
public struct TextWriter {
    /// Where the bytes go: `bytes` is its start.
    public let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes written.
    public internal(set) var count = 0
    /// Whether a piece did not fit, and was left out with all that followed.
    public internal(set) var isTruncated = false

    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// A writer over `capacity` bytes on the stack, for the length of `body`.
    public static func withScratch<R>(capacity: Int, _ body: (inout TextWriter) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer in
            var writer = TextWriter(buffer)
            return body(&writer)
        }
    }

    /// The bytes written so far.
    public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer.baseAddress, count: count)
    }

    /// The bytes written as a `String`: allocates only past a small string's
    /// 15 bytes (10 on a 32-bit board).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets what was written, to write again.
    public mutating func removeAll() {
        count = 0
        isTruncated = false
    }

    /// One byte: a whole UTF-8 character only if it is ASCII.
    public mutating func appendByte(_ byte: UInt8) {
        guard !isTruncated, count < buffer.count else {
            isTruncated = true
            return
        }
        buffer[count] = byte
        count += 1
    }

    public mutating func append(_ text: String) {
        guard !isTruncated else { return }
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if copied == nil {
            // Not stored as UTF-8 (a bridged string): byte by byte, indexed.
            let utf8 = text.utf8
            guard utf8.count <= buffer.count - count else {
                isTruncated = true
                return
            }
            var i = utf8.startIndex
            while i != utf8.endIndex {
                appendByte(utf8[i])
                utf8.formIndex(after: &i)
            }
        }
    }

    public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard !isTruncated, bytes.count <= buffer.count - count else {
            isTruncated = true
            return
        }
        guard let source = bytes.baseAddress, let destination = buffer.baseAddress else { return }
        (destination + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `value` as `format` writes it (by default as a plain integer).
    public mutating func append(_ value: Int, format: NumberFormat = NumberFormat()) {
        format.write(value, to: &self)
    }

    public mutating func append(_ value: Int64, format: NumberFormat = NumberFormat()) {
        format.write(value, to: &self)
    }

    /// `value` as `format` writes it: rounded half away from zero to its `fractionDigits`.
    public mutating func append(_ value: Double, format: NumberFormat) {
        format.write(value, to: &self)
    }

    /// Whether the bytes written are `text`'s UTF-8.
    public func isEqual(to text: String) -> Bool {
        let written = bytes
        if let same = text.utf8.withContiguousStorageIfAvailable({ Self.equal($0, written) }) { return same }
        let utf8 = text.utf8
        guard utf8.count == written.count else { return false }
        var i = utf8.startIndex
        var k = 0
        while i != utf8.endIndex {
            if utf8[i] != written[k] { return false }
            utf8.formIndex(after: &i)
            k += 1
        }
        return true
    }

    @usableFromInline static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var i = 0
        while i < a.count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
