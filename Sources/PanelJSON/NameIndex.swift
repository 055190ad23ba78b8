/// Strings to the first index each was added at, in a hash table (names are
/// equal when their UTF-8 bytes are): finding a
/// name costs the same however many there are, so checking that every name of
/// a file is unique takes time linear in the file.
///
/// Its own table rather than `Dictionary`: Embedded Swift seeds `Hasher`
/// with `arc4random_buf`, which older board C libraries lack, while this
/// hashes the UTF-8 bytes with FNV-1a (a file's names need no protection from
/// chosen collisions: the file is the user's own).
public struct NameIndex {
    @usableFromInline var names: [String] = []
    /// Open addressing: each slot holds an index into `names`, or -1.
    @usableFromInline var slots: [Int] = [Int](repeating: -1, count: 16)

    public init() {}

    public var count: Int { names.count }

    /// The index `name` was added at, or nil.
    public func index(of name: String) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while slots[slot] >= 0 {
            if sameBytes(names[slots[slot]], name) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds `name` at the next index (`count`); returns the index it already
    /// had instead, and adds nothing, when it is there.
    @discardableResult
    public mutating func insert(_ name: String) -> (inserted: Bool, index: Int) {
        if let existing = index(of: name) { return (false, existing) }
        names.append(name)
        if names.count * 2 > slots.count {
            slots = [Int](repeating: -1, count: slots.count * 2)
            for i in 0..<names.count { place(i) }
        } else {
            place(names.count - 1)
        }
        return (true, names.count - 1)
    }

    @usableFromInline mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Self.hash(names[index]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    @usableFromInline static func hash(_ name: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

/// Whether two strings hold the same UTF-8 bytes: PanelUI's `sameBytes`, for
/// this module, which does not import PanelUI. String's `==` compares
/// canonically equivalent text, which links Unicode's normalization tables.
@inlinable func sameBytes(_ a: String, _ b: String) -> Bool {
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
