/// Something a run-loop timer or next-turn request calls back.
/// Class-bound, so timers hold no closures and schedule without allocating.
public protocol RunLoopTarget: AnyObject {
    func runLoopDidFire(_ handle: TimerHandle)
}

/// Told at the end of every turn of the loop, after timers, input and
/// next-turn work: where a frame is drawn (`FrameDriver`).
public protocol RunLoopTurnObserver: AnyObject {
    func runLoopTurnDidEnd(_ runLoop: RunLoop)
}

/// Names one scheduled callback; stale once it fired or was cancelled.
public struct TimerHandle: Equatable {
    @usableFromInline let slot: Int32
    @usableFromInline let generation: UInt32
    /// The caller's own number, handed back when the timer fires.
    public let tag: Int
}

/// The single-threaded run loop's timers and deferred work (R14).
///
/// A backend owns the waiting: the headless backend advances a
/// `ManualClock` to each input event's timestamp with `advance(to:)`; the
/// device backend sleeps in `epoll_wait` until input arrives or
/// `nextDeadline`. Timers live in slots allocated at start-up, so
/// scheduling one allocates nothing. An app that keeps more timers pending
/// (many animating controls) sets `capacity` when it creates the loop; going
/// past it grows the slots, which allocates once and is said once in
/// `warnings`, rather than stopping the program.
public final class RunLoop {
    /// The default number of timers, and of next-turn requests, pending at once.
    public static let defaultCapacity = 64

    @usableFromInline struct Slot {
        @usableFromInline var deadline: Double = .infinity
        @usableFromInline var generation: UInt32 = 0
        @usableFromInline var sequence: UInt64 = 0
        @usableFromInline var tag = 0
        @usableFromInline var target: (any RunLoopTarget)?
    }

    public let clock: any MonotonicClock
    /// Set when the loop runs on a manual clock, which `advance(to:)` moves.
    public let manualClock: ManualClock?
    // The tables skip the dynamic exclusivity check: a callback may schedule
    // or cancel (re-entering them), but every access reads or writes one
    // slot, or swaps the tables, and ends before a callback is called (the
    // slot to fire is copied out first).
    @exclusivity(unchecked) @usableFromInline var slots: ContiguousArray<Slot>
    @exclusivity(unchecked) @usableFromInline var nextTurn: ContiguousArray<Slot>
    /// The requests being run; swapped with `nextTurn` so new requests wait a turn.
    @exclusivity(unchecked) @usableFromInline var runningTurn: ContiguousArray<Slot>
    @exclusivity(unchecked) @usableFromInline var nextTurnCount = 0
    @exclusivity(unchecked) @usableFromInline var sequence: UInt64 = 0
    /// No pending timer is due before this time: the earliest deadline when
    /// last scanned, lowered by each new timer. Cancelling or firing leaves it
    /// low, which only costs a scan; so most turns find no timer due without
    /// scanning the slots.
    @exclusivity(unchecked) @usableFromInline var earliestDeadlineBound = Double.infinity
    /// What the loop, and the application on it, worked around.
    public let warnings = RuntimeWarnings()
    /// Told at the end of each turn (`endTurn()`): the frame driver, which
    /// sets and clears it. Unretained: the driver owns the loop's application
    /// and clears this in its `deinit`, so it never outlives the driver.
    @usableFromInline unowned(unsafe) var turnObserver: (any RunLoopTurnObserver)?

    /// A loop on `clock`, with room for `capacity` timers and as many next-turn requests.
    public init(clock: any MonotonicClock, capacity: Int = RunLoop.defaultCapacity) {
        self.clock = clock
        self.manualClock = clock as? ManualClock
        let size = max(capacity, 1)
        self.slots = ContiguousArray(repeating: Slot(), count: size)
        self.nextTurn = ContiguousArray(repeating: Slot(), count: size)
        self.runningTurn = ContiguousArray(repeating: Slot(), count: size)
    }

    /// A loop on a manual clock, which `advance(to:)` moves: for tests and replays.
    public convenience init(manualClock: ManualClock = ManualClock(), capacity: Int = RunLoop.defaultCapacity) {
        self.init(clock: manualClock, capacity: capacity)
    }

    public var now: Double { clock.now }

    /// How many timers may be pending before the slots grow.
    public var capacity: Int { slots.count }

    /// How many timers are pending now (a soak checks it stays flat).
    public var pendingTimerCount: Int {
        var count = 0
        for i in 0..<slots.count where slots[i].target != nil { count += 1 }
        return count
    }

    // MARK: Timers

    /// Calls `target` once, `interval` seconds from now. Timers with the same
    /// deadline fire in the order they were scheduled.
    @discardableResult
    public func schedule(after interval: Double, target: any RunLoopTarget, tag: Int = 0) -> TimerHandle {
        var free = -1
        for i in 0..<slots.count where slots[i].target == nil {
            free = i
            break
        }
        if free < 0 {
            free = slots.count
            warnings.warnOnce(
                .timerCapacity,
                "more than \(slots.count) timers pending: the run loop grew its timer table (an allocation); create it with RunLoop(clock:capacity:) big enough for the app"
            )
            slots.append(contentsOf: repeatElement(Slot(), count: slots.count))
        }
        // NaN would never come due, and an infinite delay never fires: both wait "forever", as a huge delay does.
        let delay = interval.isNaN ? 0 : max(interval, 0)
        sequence += 1
        slots[free].deadline = clock.now + delay
        slots[free].generation &+= 1
        slots[free].sequence = sequence
        slots[free].tag = tag
        slots[free].target = target
        earliestDeadlineBound = min(earliestDeadlineBound, slots[free].deadline)
        return TimerHandle(slot: Int32(free), generation: slots[free].generation, tag: tag)
    }

    public func cancel(_ handle: TimerHandle) {
        guard isScheduled(handle) else { return }
        slots[Int(handle.slot)].target = nil
        slots[Int(handle.slot)].deadline = .infinity
    }

    public func isScheduled(_ handle: TimerHandle) -> Bool {
        let i = Int(handle.slot)
        return i >= 0 && i < slots.count && slots[i].target != nil && slots[i].generation == handle.generation
    }

    /// When the earliest timer is due; `nil` when none is pending, and the loop may sleep until input.
    public var nextDeadline: Double? {
        guard earliestDeadlineBound < .infinity else { return nil }
        var earliest = Double.infinity
        for i in 0..<slots.count where slots[i].target != nil {
            earliest = min(earliest, slots[i].deadline)
        }
        earliestDeadlineBound = earliest
        return earliest.isFinite ? earliest : nil
    }

    /// Fires every timer due by the clock's current time, earliest first.
    /// Only timers scheduled before the call: one a callback schedules,
    /// even with delay 0, waits for the next turn, so a timer that
    /// reschedules itself cannot keep the loop from its input.
    public func fireDueTimers() {
        let scheduledBefore = sequence
        while let index = earliestDue(scheduledBy: scheduledBefore) {
            let slot = slots[index]
            slots[index].target = nil
            slots[index].deadline = .infinity
            slot.target?.runLoopDidFire(TimerHandle(slot: Int32(index), generation: slot.generation, tag: slot.tag))
        }
    }

    @usableFromInline func earliestDue(scheduledBy lastSequence: UInt64) -> Int? {
        let now = clock.now
        guard earliestDeadlineBound <= now else { return nil }
        var best: Int?
        for i in 0..<slots.count
        where slots[i].target != nil && slots[i].deadline <= now && slots[i].sequence <= lastSequence {
            if let b = best, (slots[b].deadline, slots[b].sequence) <= (slots[i].deadline, slots[i].sequence) {
                continue
            }
            best = i
        }
        return best
    }

    /// Moves the manual clock to `time`, firing each timer due on the way at
    /// its own deadline, so callbacks see the time they were scheduled for.
    /// Each deadline on the way is a turn of its own, as a device loop
    /// wakes for it: its timers fire, next-turn work runs, and the turn ends
    /// (`endTurn()`: the frame driver draws a frame). A timer scheduled
    /// during a turn for a time already reached (delay 0) fires in a turn of
    /// its own after it, so one that reschedules itself for ever keeps this
    /// call turning, as it keeps a device loop busy (which still takes input
    /// between its turns: `Application.runTurn()` fires it once).
    public func advance(to time: Double) {
        guard let manualClock else { fatalError("RunLoop.advance(to:) needs a run loop on a ManualClock") }
        let outerTurn = ThreadAnimationState.beginTurn(of: self)
        defer { ThreadAnimationState.endTurn(restoring: outerTurn) }
        while earliestDeadlineBound <= time, let deadline = nextDeadline, deadline <= time {
            manualClock.now = max(manualClock.now, deadline)
            fireDueTimers()
            performNextTurnWork()
            endTurn()
        }
        manualClock.now = max(manualClock.now, time)
    }

    /// The turn is over: tells the `turnObserver` (the frame driver lays
    /// out, renders and presents). `Application.runTurn()` and
    /// `advance(to:)` end each turn with it.
    @inline(__always)
    public func endTurn() {
        turnObserver?.runLoopTurnDidEnd(self)
    }

    // MARK: Next turn

    /// Calls `target` at the end of the current turn of the loop, after input
    /// is dispatched (gesture recognizers reset this way).
    public func performOnNextTurn(target: any RunLoopTarget, tag: Int = 0) {
        if nextTurnCount == nextTurn.count {
            warnings.warnOnce(
                .nextTurnCapacity,
                "more than \(nextTurn.count) next-turn requests in one turn: the run loop grew its table (an allocation); create it with a larger capacity"
            )
            nextTurn.append(contentsOf: repeatElement(Slot(), count: nextTurn.count))
            runningTurn.append(contentsOf: repeatElement(Slot(), count: runningTurn.count))
        }
        nextTurn[nextTurnCount].target = target
        nextTurn[nextTurnCount].tag = tag
        nextTurnCount += 1
    }

    /// Runs the next-turn requests made so far, in order; requests they make run in the next turn.
    public func performNextTurnWork() {
        let count = nextTurnCount
        guard count > 0 else { return }
        nextTurnCount = 0
        swap(&nextTurn, &runningTurn)
        for i in 0..<count {
            let request = runningTurn[i]
            runningTurn[i].target = nil
            request.target?.runLoopDidFire(TimerHandle(slot: -1, generation: 0, tag: request.tag))
        }
    }

    /// True when nothing is queued for the next turn and no timer is pending:
    /// the loop may sleep until input arrives (R14).
    public var isIdle: Bool { nextTurnCount == 0 && nextDeadline == nil }
}
