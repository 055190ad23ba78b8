/// Recognizes one or more taps of one or more fingers: UIKit's
/// `UITapGestureRecognizer` (G13).
///
/// Discrete. It is recognized at the lift that completes the last of
/// `numberOfTapsRequired` taps, each made with `numberOfTouchesRequired`
/// fingers down together. It fails when:
/// - a finger moves farther than `allowableMovement` from where it landed;
/// - more fingers than required land in one tap, or a tap lifts with fewer;
/// - the next tap does not begin within `maximumTapInterval` of the previous
///   lift (a run-loop timer fails it, so it fails even if nothing else happens);
/// - the next tap lands farther than `maximumTapDistance` from the first;
/// - its touches are cancelled.
///
/// A single tap that should not fire on a double tap waits for it:
///
///     singleTap.require(toFail: doubleTap)   // G8
///
/// Recognition allocates nothing.
open class TapGestureRecognizer: GestureRecognizer {
    /// The taps to recognize. Default 1, as in UIKit.
    public final var numberOfTapsRequired = 1
    /// The fingers each tap needs, down together. Default 1, as in UIKit.
    public final var numberOfTouchesRequired = 1
    /// How far, in points, a finger may move from where it landed and still tap:
    /// 10 pt, about UIKit's. A finger's contact patch rolls a few points on a
    /// press; more than this is the start of a drag, which a pan should get.
    public final var allowableMovement: Double = 10
    /// The longest time, in seconds, from one tap's lift to the next tap's
    /// first finger: 0.35 s, the same as `TapCountSettings`' default (R13),
    /// so a double-tap recognizer and `Touch.tapCount` agree.
    public final var maximumTapInterval: Double = 0.35
    /// How far, in points, each later tap's first finger may land from the
    /// first tap's: 40 pt, the same as `TapCountSettings`' default (R13).
    /// Farther is a tap somewhere else, not a repeat.
    public final var maximumTapDistance: Double = 40

    // MARK: State
    //
    // Internal state, read and written whole by this recognizer's own methods,
    // never held across a call into app code (`cancelTimer` only reaches the
    // run loop's slots): no dynamic exclusivity check.

    @exclusivity(unchecked) @usableFromInline final var tapsCompleted = 0
    /// Fingers that landed in the current tap.
    @exclusivity(unchecked) @usableFromInline final var touchesInTap = 0
    /// The most fingers down at once in the current tap.
    @exclusivity(unchecked) @usableFromInline final var peakTouches = 0
    /// Where the first tap's first finger landed, in window coordinates.
    @exclusivity(unchecked) @usableFromInline final var firstTapLocation = Point.zero
    @exclusivity(unchecked) @usableFromInline final var intervalTimer: TimerHandle?

    // MARK: Touches

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        cancelTimer(&intervalTimer)
        for touch in touches {
            let p = touch.location(in: nil)
            if touchesInTap == 0 {
                if tapsCompleted == 0 {
                    firstTapLocation = p
                } else if p.distance(to: firstTapLocation) > maximumTapDistance {
                    state = .failed
                    return
                }
            }
            touchesInTap += 1
        }
        peakTouches = max(peakTouches, liveTouchCount)
        if touchesInTap > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        for touch in touches where touch.location(in: nil).distance(to: touch.beganLocationInWindow) > allowableMovement
        {
            state = .failed
            return
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard liveTouchCount == 0 else { return }
        // The tap is over: all its fingers lifted.
        guard peakTouches == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        touchesInTap = 0
        peakTouches = 0
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            intervalTimer = scheduleTimer(after: maximumTapInterval, from: event.timestamp)
        }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        state = .failed
    }

    open override func runLoopDidFire(_ handle: TimerHandle) {
        guard handle == intervalTimer else { return }
        intervalTimer = nil
        state = .failed // the next tap came too late
    }

    open override func reset() {
        super.reset()
        cancelTimer(&intervalTimer)
        tapsCompleted = 0
        touchesInTap = 0
        peakTouches = 0
        firstTapLocation = .zero
    }
}
