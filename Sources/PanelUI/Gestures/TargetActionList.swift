/// The targets and actions of a recognizer, a control or the screen (G4, C3):
/// fixed at registration, so sending actions allocates nothing.
///
/// Targets are not retained, as in UIKit, and as with UIKit's weak targets an
/// action whose target was freed is skipped: each entry holds its target
/// through a `ZeroingReference`. An action is either an unapplied method
/// (`MyView.handlePan`), called on its target, or a closure (which keeps what
/// it captures alive, as a closure does).
///
/// An action may add and remove actions while actions are being sent. A send
/// calls exactly the actions registered when it began (issue 34, rows 7-8):
/// - an action added during a send is first called by the next send (a send
///   begun after the add, even one an action starts, sees it);
/// - an action removed during a send is still called by the sends already
///   under way, and by none begun after it, so `removeTarget(nil)` in an
///   action does not cut the rest of that send short; removing never makes
///   another action be skipped or called twice.
///
/// So a send walks the entries by index up to the count they had when it
/// began, and a removal during a send clears the entry's events and notes
/// which sends still see them: the emptied entries are dropped when the
/// outermost send ends, and no entry moves while a send runs. No copy is
/// made, so a send allocates nothing.
public final class TargetActionList<Sender: AnyObject> {
    public struct Entry {
        @usableFromInline var reference: ZeroingReference<AnyObject>
        /// The events that fire this action (a control's event mask; all bits for recognizers).
        public var events: UInt32
        @usableFromInline var invoke: (AnyObject?, Sender) -> Void
        /// Events removed during a send, which the sends begun up to `removedAfterSend` still call.
        @usableFromInline var removedEvents: UInt32 = 0
        @usableFromInline var removedAfterSend: UInt64 = 0

        /// `nil` for a closure action, and once the target was freed.
        public var target: AnyObject? { reference.object }
        /// Whether the entry was added with a target (rather than a closure), alive or not.
        @usableFromInline var hasTarget: Bool { reference.token != nil }
    }

    // Read on every send, so no dynamic exclusivity check: each access reads
    // or writes the list whole or one entry, and ends before an action is
    // called (the entry to send is copied out first).
    /// The entries in the order they were added. During a send, entries
    /// removed in it stay here with no events until it ends.
    @exclusivity(unchecked) public internal(set) var entries: [Entry] = []
    /// How many sends are running (an action may send again).
    @exclusivity(unchecked) @usableFromInline var sendDepth = 0
    /// An entry lost events during a send: forget the sends that still saw
    /// them, and drop it if it has none left, when the sends end.
    @exclusivity(unchecked) @usableFromInline var hasEmptiedEntries = false
    /// Sends begun so far, numbering them (UInt64: it never wraps).
    @exclusivity(unchecked) @usableFromInline var sendsBegun: UInt64 = 0

    public init() {}

    public func add<Target: LifetimeTracked>(
        _ target: Target, events: UInt32 = .max,
        action: @escaping (Target) -> (Sender) -> Void
    ) {
        // A target answering with another object's lifetime is never called (docs/memory.md).
        guard let token = target.ownLifetimeToken else { return }
        let reference = ZeroingReference<AnyObject>(target, token: token)
        entries.append(
            Entry(reference: reference, events: events) { target, sender in
                action(unsafeDowncast(target.unsafelyUnwrapped, to: Target.self))(sender)
            })
    }

    public func add(events: UInt32 = .max, action: @escaping (Sender) -> Void) {
        entries.append(Entry(reference: ZeroingReference(), events: events) { _, sender in action(sender) })
    }

    /// Removes `target`'s actions for `events`, or every entry's for `events`
    /// when `target` is nil. Entries whose target was freed go too.
    public func remove(_ target: AnyObject?, events: UInt32 = .max) {
        var i = 0
        while i < entries.count {
            let entry = entries[i]
            let isGone = entry.hasTarget && entry.target == nil
            if isGone || target == nil || entry.reference.refers(to: target.unsafelyUnwrapped) {
                let removed = isGone ? entry.events : entry.events & events
                if sendDepth > 0 && removed != 0 {
                    // The sends under way began with these events: they still call them.
                    entries[i].removedEvents |= removed
                    entries[i].removedAfterSend = sendsBegun
                    hasEmptiedEntries = true
                }
                entries[i].events &= ~removed
                if entries[i].events == 0 { hasEmptiedEntries = true }
            }
            i += 1
        }
        if sendDepth == 0 { dropEmptiedEntries() }
    }

    @usableFromInline func dropEmptiedEntries() {
        guard hasEmptiedEntries else { return }
        hasEmptiedEntries = false
        entries.removeAll { $0.events == 0 }
        for i in 0..<entries.count where entries[i].removedEvents != 0 { entries[i].removedEvents = 0 }
    }

    /// Calls every action registered for any of `events` when the call
    /// began, each once, in the order they were added (see the rules above).
    public func send(_ events: UInt32 = .max, from sender: Sender) {
        let end = entries.count
        sendDepth += 1
        sendsBegun &+= 1
        let thisSend = sendsBegun
        var i = 0
        while i < end {
            let entry = entries[i]
            i += 1
            // The events the entry had when this send began: one removed since still counts here.
            let registered = thisSend <= entry.removedAfterSend ? entry.events | entry.removedEvents : entry.events
            if registered & events != 0 { entry.send(from: sender) }
        }
        sendDepth -= 1
        if sendDepth == 0 { dropEmptiedEntries() }
    }

    /// How many actions are registered.
    public var count: Int {
        var count = 0
        for i in 0..<entries.count where entries[i].events != 0 { count += 1 }
        return count
    }

    /// The distinct live targets, in the order they were added (closure actions have none).
    public var allTargets: [AnyObject] {
        var result: [AnyObject] = []
        for entry in entries where entry.events != 0 {
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
