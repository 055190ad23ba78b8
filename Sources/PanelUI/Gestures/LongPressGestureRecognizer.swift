/// Recognizes fingers held still: UIKit's `UILongPressGestureRecognizer` (G14).
///
/// Continuous. After `numberOfTapsRequired` taps (none by default), it
/// begins exactly `minimumPressDuration` after `numberOfTouchesRequired`
/// fingers are down (a run-loop timer, so it begins while the fingers stay
/// still and send nothing, H3). It changes when they move after that, ends
/// when one of them lifts, and is cancelled if they are cancelled.
///
/// Before it begins it fails when a finger moves farther than
/// `allowableMovement` from where it landed, when a finger lifts, when more
/// fingers than required land, or when its touches are cancelled. Once it has
/// begun the fingers may move anywhere, and fingers that join are ignored.
///
/// Recognition allocates nothing.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long, in seconds, the fingers must be down before the gesture
    /// begins. Default 0.5 s, as in UIKit: longer than any tap.
    public final var minimumPressDuration: Double = 0.5
    /// The fingers that must be down. Default 1, as in UIKit.
    public final var numberOfTouchesRequired = 1
    /// Full taps before the press (1 makes a tap-and-hold). Default 0, as in UIKit.
    public final var numberOfTapsRequired = 0
    /// How far, in points, a finger may move before the gesture begins.
    /// Default 10 pt, as in UIKit.
    public final var allowableMovement: Double = 10
    /// With `numberOfTapsRequired` above 0: the longest time, in seconds, from
    /// a tap's lift to the next finger-down. 0.35 s, as for `TapGestureRecognizer`.
    public final var maximumTapInterval: Double = 0.35

    // MARK: State
    //
    // Internal state, read and written whole by this recognizer's own methods,
    // never held across a call into app code (`cancelTimer` only reaches the
    // run loop's slots): no dynamic exclusivity check.

    @exclusivity(unchecked) @usableFromInline final var tapsCompleted = 0
    @exclusivity(unchecked) @usableFromInline final var touchesInTap = 0
    @exclusivity(unchecked) @usableFromInline final var peakTouches = 0
    @exclusivity(unchecked) @usableFromInline final var pressTimer: TimerHandle?
    @exclusivity(unchecked) @usableFromInline final var tapIntervalTimer: TimerHandle?
    /// Set once the press timer asked to begin; the dispatcher may still hold that (G8).
    @exclusivity(unchecked) @usableFromInline final var hasRequestedBegin = false

    // MARK: Touches

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if hasRequestedBegin {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        cancelTimer(&tapIntervalTimer)
        touchesInTap += touches.count
        let live = liveTouchCount
        peakTouches = max(peakTouches, live)
        if touchesInTap > numberOfTouchesRequired {
            fail()
            return
        }
        if tapsCompleted >= numberOfTapsRequired && live == numberOfTouchesRequired {
            pressTimer = scheduleTimer(after: minimumPressDuration, from: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if hasRequestedBegin {
            state = .changed
            return
        }
        for touch in touches where touch.location(in: nil).distance(to: touch.beganLocationInWindow) > allowableMovement
        {
            fail()
            return
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if hasRequestedBegin {
            state = .ended
            return
        }
        guard tapsCompleted < numberOfTapsRequired else {
            fail() // lifted before the press lasted long enough
            return
        }
        // A tap before the press.
        guard liveTouchCount == 0 else { return }
        guard peakTouches == numberOfTouchesRequired else {
            fail()
            return
        }
        tapsCompleted += 1
        touchesInTap = 0
        peakTouches = 0
        tapIntervalTimer = scheduleTimer(after: maximumTapInterval, from: event.timestamp)
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        if hasRequestedBegin { state = .cancelled } else { fail() }
    }

    open override func runLoopDidFire(_ handle: TimerHandle) {
        if handle == pressTimer {
            pressTimer = nil
            guard state == .possible else { return }
            hasRequestedBegin = true
            state = .began
        } else if handle == tapIntervalTimer {
            tapIntervalTimer = nil
            fail() // the next tap came too late
        }
    }

    open override func reset() {
        super.reset()
        cancelTimer(&pressTimer)
        cancelTimer(&tapIntervalTimer)
        tapsCompleted = 0
        touchesInTap = 0
        peakTouches = 0
        hasRequestedBegin = false
    }

    // MARK: Helpers

    /// Fails, and stops the timers so nothing fires for a finished gesture.
    @usableFromInline func fail() {
        cancelTimer(&pressTimer)
        cancelTimer(&tapIntervalTimer)
        state = .failed
    }
}
