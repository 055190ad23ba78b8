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
