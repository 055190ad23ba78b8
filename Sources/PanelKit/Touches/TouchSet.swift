/// A set of touches from one event: UIKit's `Set<UITouch>`, as a bit mask
/// over the tracker's fixed pool of ``Touch`` objects, so passing touches to a
/// responder allocates nothing. Iteration goes in pool order.
public struct TouchSet: Sequence {
    // Unretained, so making a set costs no reference counting on the event
    // path. A set names touches of one event, as UIKit's `Set<UITouch>` does;
    // the tracker lives as long as its application, which outlives every
    // dispatch. Keeping a set after its application is freed is the one way
    // to misuse it (docs/memory.md).
    @usableFromInline unowned(unsafe) let tracker: TouchTracker?
    /// Bit `i` stands for the pool's touch `i`.
    public let mask: UInt32

    @usableFromInline init(tracker: TouchTracker?, mask: UInt32) {
        self.tracker = tracker
        self.mask = tracker == nil ? 0 : mask
    }

    /// A set with no touches.
    public static var empty: TouchSet { TouchSet(tracker: nil, mask: 0) }

    public var count: Int { mask.nonzeroBitCount }
    public var isEmpty: Bool { mask == 0 }

    /// Any one touch of the set (UIKit's `anyObject`).
    public var first: Touch? {
        guard mask != 0, let tracker else { return nil }
        return tracker.touches[mask.trailingZeroBitCount]
    }

    public func contains(_ touch: Touch) -> Bool {
        guard let tracker, touch.poolIndex < 32 else { return false }
        return mask & (1 << UInt32(touch.poolIndex)) != 0 && tracker.touches[touch.poolIndex] === touch
    }

    public func makeIterator() -> Iterator {
        Iterator(tracker: tracker, remaining: mask)
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline unowned(unsafe) let tracker: TouchTracker?
        @usableFromInline var remaining: UInt32

        public mutating func next() -> Touch? {
            guard remaining != 0, let tracker else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return tracker.touches[index]
        }
    }
}
