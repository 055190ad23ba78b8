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
@inlinable public func sameBytes(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
}
