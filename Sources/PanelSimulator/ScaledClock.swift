import PanelUI

/// The simulator's clock: another monotonic clock (`CLOCK_MONOTONIC`) run at
/// a rate. At rate 1 it reads the source's time; below 1 time passes slower,
/// and since PanelKit's animations (a switch's thumb, say) and gesture
/// timeouts run on run-loop timers, they play in slow motion. Input events
/// are stamped with this clock too, so the app sees one consistent time line.
public final class ScaledClock: MonotonicClock {
    public let source: any MonotonicClock
    @usableFromInline var base: Double
    @usableFromInline var sourceBase: Double
    /// Simulated seconds per real second.
    public private(set) var rate = 1.0

    public init(source: any MonotonicClock) {
        self.source = source
        sourceBase = source.now
        base = sourceBase
    }

    public var now: Double {
        rate == 1 ? base + (source.now - sourceBase) : base + (source.now - sourceBase) * rate
    }

    /// Changes the rate from now on; time never jumps.
    public func setRate(_ newRate: Double) {
        precondition(newRate > 0, "ScaledClock: the rate must be positive")
        let current = now
        sourceBase = source.now
        base = current
        rate = newRate
    }

    /// Real (source) seconds until this clock reads `time`; 0 when it is past.
    public func sourceInterval(until time: Double) -> Double {
        max(0, (time - now) / rate)
    }
}
