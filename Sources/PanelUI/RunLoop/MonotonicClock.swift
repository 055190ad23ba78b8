/// Where the run loop reads the time: seconds that only go forward.
/// Class-bound so that it can be held as an existential in Embedded Swift.
public protocol MonotonicClock: AnyObject {
    var now: Double { get }
}

/// A clock that moves only when told to: tests and trace replay drive time
/// with it, so nothing sleeps (rule 7).
public final class ManualClock: MonotonicClock {
    // Read whole on every turn and written whole by `RunLoop.advance(to:)`:
    // no access spans a call, so the dynamic exclusivity check is skipped.
    @exclusivity(unchecked) public var now: Double

    public init(now: Double = 0) {
        self.now = now
    }
}
