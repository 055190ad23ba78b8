/// A set of touches from one event: UIKit's `Set<UITouch>`, as a bit mask
/// over the dispatcher's fixed pool of `Touch` objects, so passing touches to a
/// responder allocates nothing. Iteration goes in pool order.
public struct TouchSet: Sequence {
    // Retained: a set an app keeps after its application is freed keeps the
    // touch pool it names (32 small objects), so reading it never touches
    // freed memory. Retaining allocates nothing. As UIKit's `Set<UITouch>`,
    // a set means the touches of its event: the pool's touches are reused.
    @usableFromInline let dispatcher: TouchDispatcher?
    /// Bit `i` stands for the pool's touch `i`.
    public let mask: UInt32

    @usableFromInline init(dispatcher: TouchDispatcher?, mask: UInt32) {
        self.dispatcher = dispatcher
        self.mask = dispatcher == nil ? 0 : mask
    }

    /// A set with no touches.
    public static var empty: TouchSet { TouchSet(dispatcher: nil, mask: 0) }

    public var count: Int { mask.nonzeroBitCount }
    public var isEmpty: Bool { mask == 0 }

    /// Any one touch of the set (UIKit's `anyObject`).
    public var first: Touch? {
        guard mask != 0, let dispatcher else { return nil }
        return dispatcher.touches[mask.trailingZeroBitCount]
    }

    public func contains(_ touch: Touch) -> Bool {
        guard let dispatcher, touch.poolIndex < 32 else { return false }
        return mask & (1 << UInt32(touch.poolIndex)) != 0 && dispatcher.touches[touch.poolIndex] === touch
    }

    public func makeIterator() -> Iterator {
        Iterator(dispatcher: dispatcher, remaining: mask)
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let dispatcher: TouchDispatcher?
        @usableFromInline var remaining: UInt32

        public mutating func next() -> Touch? {
            guard remaining != 0, let dispatcher else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return dispatcher.touches[index]
        }
    }
}
