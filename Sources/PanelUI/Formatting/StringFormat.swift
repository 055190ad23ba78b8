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

/// `sameBytes` for optionals: two nils are the same, a nil and a string are not.
@inlinable public func sameBytes(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return sameBytes(a, b)
}

/// Whether `a` sorts before `b` by their UTF-8 bytes: how paths and names are
/// sorted. For text in Unicode's NFC (ASCII included) it is String's `<`
/// order, without the normalization tables `<` links.
@inlinable public func bytesPrecede(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { x in
        b.withUTF8 { y in
            for i in 0..<min(x.count, y.count) where x[i] != y[i] { return x[i] < y[i] }
            return x.count < y.count
        }
    }
}

/// `string.hasPrefix(prefix)` by UTF-8 bytes (`sameBytes`' reason).
@inlinable public func hasPrefixBytes(_ string: String, _ prefix: String) -> Bool {
    string.utf8.count >= prefix.utf8.count && hasBytes(string, prefix, at: 0)
}

/// `string.hasSuffix(suffix)` by UTF-8 bytes (`sameBytes`' reason).
@inlinable public func hasSuffixBytes(_ string: String, _ suffix: String) -> Bool {
    string.utf8.count >= suffix.utf8.count && hasBytes(string, suffix, at: string.utf8.count - suffix.utf8.count)
}

/// Whether `string`'s bytes from `offset` on start with `part`'s (both fit: the callers check).
@usableFromInline func hasBytes(_ string: String, _ part: String, at offset: Int) -> Bool {
    var string = string
    var part = part
    return string.withUTF8 { x in
        part.withUTF8 { y in
            for i in 0..<y.count where x[offset + i] != y[i] { return false }
            return true
        }
    }
}

/// Whether `character` is the one ASCII character `ascii` (`"\r\n"` is not
/// `"\n"`): Character's `==` compares through String's (`sameBytes`' reason).
@inlinable public func characterIs(_ character: Character, _ ascii: UInt8) -> Bool {
    let utf8 = character.utf8
    return utf8.count == 1 && utf8.first == ascii
}

/// A `switch` over a string in PanelKit's modules matches its cases by bytes
/// (`sameBytes`' reason): the standard `~=` is String's `==`.
@inlinable package func ~= (pattern: String, value: String) -> Bool { sameBytes(pattern, value) }
