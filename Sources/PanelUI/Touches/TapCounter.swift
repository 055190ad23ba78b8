/// When taps count as repeated (R13): close in time and in place.
public struct TapCountSettings: Equatable {
    /// The longest time, in seconds, from one tap's lift to the next finger-down.
    public var maximumInterval: Double = 0.35
    /// The farthest the next finger-down may land from the previous tap, in points.
    public var maximumDistance: Double = 40
    /// A touch that wanders farther than this from where it landed is a drag, not a tap.
    public var maximumMovement: Double = 20

    public init() {}
}

/// Remembers the last few taps to give each new touch its `tapCount` (R13).
/// Fixed storage: nothing is allocated per touch.
@usableFromInline struct TapCounter {
    @usableFromInline struct Tap {
        @usableFromInline var location: Point
        @usableFromInline var liftTime: Double
        @usableFromInline var count: Int
    }

    @usableFromInline var settings: TapCountSettings
    @usableFromInline var recent: InlineArray<4, Tap?> = InlineArray(repeating: nil)
    @usableFromInline var next = 0

    @usableFromInline init(settings: TapCountSettings) {
        self.settings = settings
    }

    /// The tap count for a finger landing at `location` at `time`.
    @usableFromInline mutating func tapCount(forTouchAt location: Point, time: Double) -> Int {
        var best = 0
        for i in 0..<4 {
            guard let tap = recent[i] else { continue }
            if time - tap.liftTime <= settings.maximumInterval,
                tap.location.distance(to: location) <= settings.maximumDistance
            {
                best = max(best, tap.count)
                recent[i] = nil // a tap continues one sequence only
            }
        }
        return best + 1
    }

    @usableFromInline func isBeyondTapArea(_ location: Point, from start: Point) -> Bool {
        start.distance(to: location) > settings.maximumMovement
    }

    /// Records a lifted touch; one that ever moved too far is a drag, not a
    /// tap, and starts no sequence.
    @usableFromInline mutating func touchEnded(_ touch: Touch) {
        guard !touch.hasLeftTapArea else { return }
        recent[next] = Tap(location: touch.locationInWindow, liftTime: touch.timestamp, count: touch.tapCount)
        next = (next + 1) % 4
    }

    @usableFromInline mutating func reset() {
        for i in 0..<4 { recent[i] = nil }
    }
}
