/// The targets and actions of a recognizer or a control (G4, C3): fixed at
/// registration, so sending actions allocates nothing.
///
/// Targets are not retained, as in UIKit. An action is either an unapplied
/// method (`MyView.handlePan`), called on its target, or a closure.
public struct TargetActionList<Sender: AnyObject> {
    public struct Entry {
        /// `nil` for a closure action.
        public unowned(unsafe) var target: AnyObject?
        /// The events that fire this action (a control's event mask; all bits for recognizers).
        public var events: UInt32
        @usableFromInline var invoke: (AnyObject?, Sender) -> Void
    }

    public internal(set) var entries: [Entry] = []

    public init() {}

    public mutating func add<Target: AnyObject>(_ target: Target, events: UInt32 = .max,
                                                action: @escaping (Target) -> (Sender) -> Void) {
        entries.append(Entry(target: target, events: events) { target, sender in
            action(unsafeDowncast(target.unsafelyUnwrapped, to: Target.self))(sender)
        })
    }

    public mutating func add(events: UInt32 = .max, action: @escaping (Sender) -> Void) {
        entries.append(Entry(target: nil, events: events) { _, sender in action(sender) })
    }

    /// Removes `target`'s actions for `events`, or every entry's for `events` when `target` is nil.
    public mutating func remove(_ target: AnyObject?, events: UInt32 = .max) {
        var i = 0
        while i < entries.count {
            if target == nil || entries[i].target === target {
                entries[i].events &= ~events
                if entries[i].events == 0 {
                    entries.remove(at: i)
                    continue
                }
            }
            i += 1
        }
    }

    public var count: Int { entries.count }

    /// The distinct targets, in the order they were added (closure actions have none).
    public var allTargets: [AnyObject] {
        var result: [AnyObject] = []
        for entry in entries {
            if let target = entry.target, !result.contains(where: { $0 === target }) { result.append(target) }
        }
        return result
    }
}

extension TargetActionList.Entry {
    /// Calls the action with `sender`.
    @inline(__always)
    public func send(from sender: Sender) {
        invoke(target, sender)
    }
}
