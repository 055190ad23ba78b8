/// The targets and actions of a recognizer or a control (G4, C3): fixed at
/// registration, so sending actions allocates nothing.
///
/// Targets are not retained, as in UIKit, and as with UIKit's weak targets an
/// action whose target was freed is skipped: each entry holds its target
/// through a ``ZeroingReference``. An action is either an unapplied method
/// (`MyView.handlePan`), called on its target, or a closure (which keeps what
/// it captures alive, as a closure does).
public struct TargetActionList<Sender: AnyObject> {
    public struct Entry {
        @usableFromInline var reference: ZeroingReference<AnyObject>
        /// The events that fire this action (a control's event mask; all bits for recognizers).
        public var events: UInt32
        @usableFromInline var invoke: (AnyObject?, Sender) -> Void

        /// `nil` for a closure action, and once the target was freed.
        public var target: AnyObject? { reference.object }
        /// Whether the entry was added with a target (rather than a closure), alive or not.
        @usableFromInline var hasTarget: Bool { reference.token != nil }
    }

    public internal(set) var entries: [Entry] = []

    public init() {}

    public mutating func add<Target: LifetimeTracked>(_ target: Target, events: UInt32 = .max,
                                                      action: @escaping (Target) -> (Sender) -> Void) {
        let reference = ZeroingReference<AnyObject>(target, token: target.lifetime.token)
        entries.append(Entry(reference: reference, events: events) { target, sender in
            action(unsafeDowncast(target.unsafelyUnwrapped, to: Target.self))(sender)
        })
    }

    public mutating func add(events: UInt32 = .max, action: @escaping (Sender) -> Void) {
        entries.append(Entry(reference: ZeroingReference(), events: events) { _, sender in action(sender) })
    }

    /// Removes `target`'s actions for `events`, or every entry's for `events`
    /// when `target` is nil. Entries whose target was freed go too.
    public mutating func remove(_ target: AnyObject?, events: UInt32 = .max) {
        var i = 0
        while i < entries.count {
            let entry = entries[i]
            let isGone = entry.hasTarget && entry.target == nil
            if isGone || target == nil || entry.reference.refers(to: target.unsafelyUnwrapped) {
                entries[i].events &= isGone ? 0 : ~events
                if entries[i].events == 0 {
                    entries.remove(at: i)
                    continue
                }
            }
            i += 1
        }
    }

    public var count: Int { entries.count }

    /// The distinct live targets, in the order they were added (closure actions have none).
    public var allTargets: [AnyObject] {
        var result: [AnyObject] = []
        for entry in entries {
            if let target = entry.target, !result.contains(where: { $0 === target }) { result.append(target) }
        }
        return result
    }
}

extension TargetActionList.Entry {
    /// Calls the action with `sender`; does nothing when its target was freed.
    @inline(__always)
    public func send(from sender: Sender) {
        if hasTarget {
            guard let target = reference.object else { return }
            invoke(target, sender)
        } else {
            invoke(nil, sender)
        }
    }
}
