/// The areas of a window (points) or framebuffer (pixels) that need drawing
/// or presenting: a short list of rectangles that do not overlap, kept
/// inline so that adding one never allocates.
///
/// Two changes far apart (a slider's thumb and its value label) stay two
/// rectangles rather than their union, which would redraw everything between
/// them. A rectangle that overlaps a stored one is merged with it, so a
/// pixel is never drawn twice in one frame. When the list is full, the two
/// rectangles whose union covers the least area that neither covered are
/// merged (the heuristic of LVGL's area joining and Qt's region merging): the
/// list stays short and the extra area drawn stays small.
public struct DirtyRegion: RandomAccessCollection, Equatable, Sendable {
    /// The most rectangles kept: enough for several separate small changes
    /// in a frame; more are merged.
    public static let capacity = 8

    @usableFromInline var storage: InlineArray<8, Rect> = InlineArray(repeating: .zero)
    public private(set) var count = 0

    /// No area.
    public init() {}

    /// `rect` alone (nothing when it is empty).
    public init(_ rect: Rect) {
        add(rect)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Rect {
        precondition(index >= 0 && index < count, "DirtyRegion: index out of range")
        return storage[index]
    }

    /// Walks the rectangles. Its own iterator rather than the standard
    /// `IndexingIterator`, whose unspecialized code (a debug build) allocates
    /// for a value this size: a frame's loops over its areas allocate nothing.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let region: DirtyRegion
        @usableFromInline var index = 0

        @usableFromInline init(region: DirtyRegion) {
            self.region = region
        }

        public mutating func next() -> Rect? {
            guard index < region.count else { return nil }
            index += 1
            return region.storage[index - 1]
        }
    }

    public func makeIterator() -> Iterator { Iterator(region: self) }

    /// The smallest rectangle holding every area (`.zero` when there is none).
    public var bounds: Rect {
        var union = Rect.zero
        var i = 0
        while i < count {
            union = union.union(storage[i])
            i += 1
        }
        return union
    }

    /// The area of the rectangles together (they do not overlap).
    public var area: Double {
        var total = 0.0
        var i = 0
        while i < count {
            total += storage[i].width * storage[i].height
            i += 1
        }
        return total
    }

    public static func == (lhs: DirtyRegion, rhs: DirtyRegion) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var i = 0
        while i < lhs.count {
            if lhs.storage[i] != rhs.storage[i] { return false }
            i += 1
        }
        return true
    }

    /// Whether one of the rectangles holds all of `rect`: a change there adds nothing.
    public func covers(_ rect: Rect) -> Bool {
        var i = 0
        while i < count {
            if storage[i].contains(rect) { return true }
            i += 1
        }
        return false
    }

    /// Forgets every area.
    public mutating func removeAll() { count = 0 }

    /// Adds `rect`: dropped when empty, not finite (the window turns an area
    /// with a NaN or infinite edge into its bounds first) or already covered;
    /// merged with every stored rectangle it overlaps; and when the list is
    /// full, the cheapest pair is merged first.
    public mutating func add(_ rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        var pending = rect
        while true {
            // Absorb what `pending` overlaps; its union may reach others, so look again from the start.
            var i = 0
            while i < count {
                let stored = storage[i]
                if stored.intersection(pending) != nil {
                    if stored.contains(pending) { return } // already covered
                    pending = stored.union(pending)
                    remove(at: i)
                    i = 0
                } else {
                    i += 1
                }
            }
            if count < Self.capacity {
                append(pending)
                return
            }
            // Full: merge the pair whose union adds the least area, counting `pending` as one of them.
            var best = (first: 0, second: -1, growth: Double.infinity) // second -1: `pending`
            var a = 0
            while a < count {
                let growth = Self.growth(storage[a], pending)
                if growth < best.growth { best = (a, -1, growth) }
                var b = a + 1
                while b < count {
                    let pair = Self.growth(storage[a], storage[b])
                    if pair < best.growth { best = (a, b, pair) }
                    b += 1
                }
                a += 1
            }
            if best.second < 0 {
                pending = storage[best.first].union(pending)
                remove(at: best.first)
            } else {
                let merged = storage[best.first].union(storage[best.second])
                remove(at: best.second) // the later index first, so the earlier one stays put
                remove(at: best.first)
                add(merged)
            }
        }
    }

    /// Adds every area of `other`.
    public mutating func formUnion(_ other: DirtyRegion) {
        var i = 0
        while i < other.count {
            add(other.storage[i])
            i += 1
        }
    }

    /// The area the union of `a` and `b` covers that neither does alone
    /// (stored rectangles do not overlap).
    @usableFromInline static func growth(_ a: Rect, _ b: Rect) -> Double {
        let union = a.union(b)
        return union.width * union.height - a.width * a.height - b.width * b.height
    }

    @usableFromInline mutating func append(_ rect: Rect) {
        storage[count] = rect
        count += 1
    }

    /// Removes the rectangle at `index`, moving the last one there (the order means nothing).
    @usableFromInline mutating func remove(at index: Int) {
        count -= 1
        storage[index] = storage[count]
    }
}
