/// An open-addressing hash table from packed 64-bit keys to `Int32` values:
/// the index behind the glyph cache, the character map and the kerning pairs.
///
/// Lookups never allocate and never call FreeType. The table only grows: it
/// doubles when it becomes half full, so a UI that shows the same text again
/// finds everything where it left it. `UInt64.max` marks an empty slot, so no
/// key may be `UInt64.max` (packed keys leave the top byte below 0xFF).
@usableFromInline
final class KeyTable {
    @usableFromInline static let emptyKey: UInt64 = .max

    // `@exclusivity(unchecked)`: read on every glyph lookup, only by the text
    // renderer, which calls no app code while it holds an access.
    @exclusivity(unchecked) @usableFromInline var keys: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) @usableFromInline var values: UnsafeMutablePointer<Int32>
    /// Slots; always a power of two.
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var shift: UInt64
    @exclusivity(unchecked) @usableFromInline var count: Int = 0

    @usableFromInline
    init(capacity requested: Int) {
        var capacity = 16
        while capacity < requested { capacity <<= 1 }
        self.capacity = capacity
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: KeyTable.emptyKey, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: 0, count: capacity)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    @inline(__always) @usableFromInline
    func slot(for key: UInt64) -> Int {
        // Fibonacci hashing: the top bits of key × 2⁶⁴/φ spread packed keys well.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @usableFromInline
    func value(for key: UInt64) -> Int32? {
        let mask = capacity - 1
        var i = slot(for: key)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == KeyTable.emptyKey { return nil }
            i = (i + 1) & mask
        }
    }

    /// Adds or replaces `key`'s value.
    @usableFromInline
    func set(_ value: Int32, for key: UInt64) {
        precondition(key != KeyTable.emptyKey)
        if (count + 1) * 2 > capacity { grow() }
        let mask = capacity - 1
        var i = slot(for: key)
        while true {
            let k = keys[i]
            if k == key {
                values[i] = value
                return
            }
            if k == KeyTable.emptyKey {
                keys[i] = key
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Empties the table and keeps its slots.
    @usableFromInline
    func removeAll() {
        keys.update(repeating: KeyTable.emptyKey, count: capacity)
        count = 0
    }

    @usableFromInline
    func grow() {
        let oldKeys = keys
        let oldValues = values
        let oldCapacity = capacity
        capacity = oldCapacity * 2
        shift -= 1
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: KeyTable.emptyKey, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: 0, count: capacity)
        count = 0
        let mask = capacity - 1
        for j in 0..<oldCapacity {
            let key = oldKeys[j]
            if key == KeyTable.emptyKey { continue }
            var i = slot(for: key)
            while keys[i] != KeyTable.emptyKey { i = (i + 1) & mask }
            keys[i] = key
            values[i] = oldValues[j]
            count += 1
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
