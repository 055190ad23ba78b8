/// One finger in a `TouchFrame`.
@frozen
public struct TouchContact: Equatable, Sendable {
    /// Stays the same while the finger is down and is never shared by two
    /// fingers at once: the tracking id in protocol B, an id the decoder assigns otherwise.
    public var id: Int32
    /// Device units as decoded; screen points after `TouchTransform`.
    public var x: Double
    public var y: Double
    /// The device's raw pressure; 0 when it reports none.
    public var pressure: Double
    /// Half the contact's long axis (`ABS_MT_TOUCH_MAJOR / 2`); 0 when not reported.
    /// Device units as decoded; points after `TouchTransform`.
    public var majorRadius: Double

    @inlinable
    public init(id: Int32, x: Double, y: Double, pressure: Double = 0, majorRadius: Double = 0) {
        self.id = id
        self.x = x
        self.y = y
        self.pressure = pressure
        self.majorRadius = majorRadius
    }
}

/// The fingers on the surface at one `SYN_REPORT`: fixed capacity, no allocation.
///
/// A contact missing from the next frame has lifted. When `isResynchronized`
/// is set, the device lost events (`SYN_DROPPED`) just before this frame, and a
/// contact missing from it must end as cancelled (H4).
public struct TouchFrame {
    /// The most fingers one frame carries: fixed, so a frame is an inline
    /// value that copies without allocating, and above every panel's limit
    /// (10 fingers is usual, 16 rare). More are ignored, and the decoder says so once.
    public static let capacity = 16

    public var timestamp: Double
    public var isResynchronized: Bool
    @usableFromInline var storage: InlineArray<16, TouchContact>
    public internal(set) var count: Int

    public init(timestamp: Double = 0) {
        self.timestamp = timestamp
        self.isResynchronized = false
        self.storage = InlineArray(repeating: TouchContact(id: -1, x: 0, y: 0))
        self.count = 0
    }

    // Reads go through a span: the array's own subscript copied all 16
    // contacts to read one wherever the frame was a borrowed parameter (a
    // closure's capture), once per lookup, which made matching a frame's
    // contacts to touches cost fingers × fingers copies of the whole frame.
    @inlinable
    public subscript(index: Int) -> TouchContact {
        get { storage.span[index] }
        set { storage[index] = newValue }
    }

    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Adds a contact; returns false, and drops it, when the frame is full.
    @discardableResult
    public mutating func append(_ contact: TouchContact) -> Bool {
        guard count < TouchFrame.capacity else { return false }
        storage[count] = contact
        count += 1
        return true
    }

    public mutating func removeAll() {
        count = 0
        isResynchronized = false
    }

    /// The contact with `id`, if this frame has it.
    public func contact(withID id: Int32) -> TouchContact? {
        let contacts = storage.span
        for i in 0..<count where contacts[i].id == id { return contacts[i] }
        return nil
    }
}
