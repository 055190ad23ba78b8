extension String {
    /// Foundation's `String(format:)`, which a board does not have: without
    /// this, a call compiled without Foundation fails with an error about
    /// `init(_:radix:uppercase:)`. Where Foundation is imported (a desktop
    /// test), its own initializer is chosen over this unavailable one, with
    /// no ambiguity.
    @available(
        *, unavailable,
        message:
            "String(format:) needs Foundation, which a board does not have: use NumberFormat (\"Apt %d.%02d\": label.setText { $0.append(\"Apt \"); $0.append(apt); $0.append(\".\"); $0.append(unit, format: NumberFormat(minimumIntegerDigits: 2)) })"
    )
    public init<each Argument>(format: String, _ arguments: repeat each Argument) { fatalError() }
}

/// Whether two strings hold the same UTF-8 bytes: how keys, names and
/// identifiers are compared. String's `==` compares canonically equivalent
/// text, which pulls Unicode's normalization tables into an Embedded binary.
/// (Through `withUTF8`'s buffers: a generic `elementsEqual` over two UTF8Views
/// costs a board binary 868 bytes.)
@inlinable public func sameBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a
    var b = b
    return a.withUTF8 { x in
        b.withUTF8 { y in
            for i in 0..<x.count where x[i] != y[i] { return false }
            return true
        }
    }
}
