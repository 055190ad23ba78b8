/// Recognizes a gesture from the touches of the view it is attached to and of
/// that view's subviews: UIKit's `UIGestureRecognizer`.
///
/// A recognizer sees each touch before the touch's view does (G1). Subclasses
/// override `touchesBegan`/`Moved`/`Ended`/`Cancelled` and set `state` (G2);
/// the touch dispatcher applies the rules between recognizers (G5–G12) as the
/// state changes, and fires the targets' actions.
open class GestureRecognizer: RunLoopTarget {
    /// G3. Discrete gestures go possible → recognized or failed; continuous ones
    /// go possible → began → changed… → ended or cancelled, or possible → failed.
    public enum State: Equatable, Sendable {
        case possible, began, changed, ended, cancelled, failed

        /// A discrete gesture's success: the same state as `.ended`.
        public static let recognized = State.ended

        @usableFromInline var isActive: Bool { self == .began || self == .changed }
        @usableFromInline var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// Used in logs.
    public final var name: String

    /// The view the recognizer is attached to. Unretained (the view owns its
    /// recognizers); a view detaches its recognizers when it is freed, so this
    /// never names a freed view.
    /// Written only by attaching and detaching, read whole: no dynamic exclusivity check.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) final var view: View?

    /// A disabled recognizer gets no touches; disabling it mid-gesture cancels
    /// the gesture (or fails it while still possible).
    // This and the flags below are read by the touch dispatcher on every event; app code
    // sets them, in actions too, but the dispatcher only loads them whole and holds
    // no access across that code: no dynamic exclusivity check.
    @exclusivity(unchecked) public final var isEnabled = true {
        didSet {
            if !isEnabled && oldValue { dispatcher?.recognizerWasDisabled(self) }
        }
    }

    /// G10: when the gesture is recognized, the view gets `touchesCancelled` for
    /// the gesture's touches, before the action runs, and nothing more for them.
    @exclusivity(unchecked) public final var cancelsTouchesInView = true
    /// G11: the view gets no messages for the touches while recognition is undecided.
    @exclusivity(unchecked) public final var delaysTouchesBegan = false
    /// G12: the view's `touchesEnded` waits until this recognizer fails.
    @exclusivity(unchecked) public final var delaysTouchesEnded = true

    /// G6–G8. Not retained, as in UIKit; reads `nil` once the delegate is freed.
    public var delegate: (any GestureRecognizerDelegate)? {
        get { delegateToken?.isAlive == true ? unretainedDelegate : nil }
        set {
            unretainedDelegate = newValue
            delegateToken = newValue?.ownLifetimeToken
        }
    }
    // A ZeroingReference spelled out: the generic one needs a class type, and
    // an existential is not one. Loaded only while the token says it lives.
    @exclusivity(unchecked) @usableFromInline final unowned(unsafe) var unretainedDelegate:
        (any GestureRecognizerDelegate)?
    @exclusivity(unchecked) @usableFromInline final var delegateToken: LifetimeToken?

    // MARK: State
    //
    // The dispatcher's bookkeeping skips the dynamic exclusivity check: app code
    // cannot reach it (internal), and the dispatcher reads or writes each field
    // whole, never holding an access across a subclass's touches method, a
    // delegate or an action, which may re-enter the dispatcher.

    @exclusivity(unchecked) @usableFromInline final var storedState = State.possible
    /// A transition out of `.possible` waiting for a required recognizer to fail (G8).
    @exclusivity(unchecked) @usableFromInline final var pendingState: State?
    /// The waiting transition is a continuous gesture that began and ended while it waited.
    @exclusivity(unchecked) @usableFromInline final var pendingBeganBeforeEnding = false
    /// Received a touch since the last reset: only engaged recognizers make others wait (G8).
    @exclusivity(unchecked) @usableFromInline final var isEngaged = false
    @usableFromInline final var isResetScheduled = false
    /// The touches this recognizer tracks: bits over the touch tracker's pool.
    @exclusivity(unchecked) @usableFromInline final var touchMask: UInt32 = 0
    /// Static failure requirements (G8).
    /// Both lists are read one entry at a time, each entry copied out before
    /// an action runs, so an action that adds a target or a requirement
    /// overlaps no access to them.
    @exclusivity(unchecked) @usableFromInline final var requiredToFail: [GestureRecognizer] = []
    @usableFromInline let targets = TargetActionList<GestureRecognizer>()
    /// The touch dispatcher of the application whose touches the recognizer
    /// saw; `nil` once that application is freed.
    @usableFromInline final var dispatcher: TouchDispatcher? { dispatcherReference.object }
    @exclusivity(unchecked) @usableFromInline final var dispatcherReference = ZeroingReference<TouchDispatcher>()

    public init(name: String = "") {
        self.name = name
    }

    /// The recognizer's state. Subclasses set it as they recognize; the dispatcher
    /// may turn a transition into `.failed` (G5, G6, G20) or hold it until a
    /// required recognizer fails (G8).
    public var state: State {
        get { storedState }
        set {
            if let dispatcher {
                dispatcher.recognizer(self, requests: newValue)
            } else {
                storedState = newValue
            }
        }
    }

    // MARK: Targets and actions (G4)

    /// Calls `action` on `target` when the state becomes began, changed,
    /// ended (recognized) or cancelled. The target is not retained, as in
    /// UIKit; once it is freed its actions are skipped.
    ///
    ///     pan.addTarget(self, action: PhotoView.handlePan)
    public final func addTarget<Target: LifetimeTracked>(
        _ target: Target,
        action: @escaping (Target) -> (GestureRecognizer) -> Void
    ) {
        targets.add(target, action: action)
    }

    /// Calls `action` with the recognizer on each state change that fires actions.
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        targets.add(action: action)
    }

    /// Removes every action of `target`, or every target and action when `target` is nil.
    public func removeTarget(_ target: AnyObject?) {
        targets.remove(target)
    }

    // MARK: Relations with other recognizers

    /// G8: this recognizer recognizes only after `other` has failed.
    public func require(toFail other: GestureRecognizer) {
        if !requiredToFail.contains(where: { $0 === other }) { requiredToFail.append(other) }
    }

    /// G9: whether this recognizer, by recognizing, may make `other` fail.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// G9: whether `other`, by recognizing, may make this recognizer fail.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// G8, dynamic: whether this recognizer must wait for `other` to fail.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// G8, dynamic: whether `other` must wait for this recognizer to fail.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Touches (G2): subclasses override these
    //
    // A subclass must decide: once its touches are gone it reaches `.failed`
    // or recognizes, at once or from a timer. One left undecided keeps every
    // recognizer that requires its failure (G8) waiting.

    open func touchesBegan(_ touches: TouchSet, with event: Event) {}
    open func touchesMoved(_ touches: TouchSet, with event: Event) {}
    open func touchesEnded(_ touches: TouchSet, with event: Event) {}
    open func touchesCancelled(_ touches: TouchSet, with event: Event) {}

    /// Called when the recognizer returns to `.possible`, on the run-loop turn
    /// after its gesture finished; subclasses clear their own state here.
    open func reset() {}

    /// Timers a subclass schedules on `runLoop` with itself as target land here.
    open func runLoopDidFire(_ handle: TimerHandle) {}

    /// Stops delivering `touch` to this recognizer.
    public func ignore(_ touch: Touch, for event: Event) {
        touchMask &= ~(1 << UInt32(touch.poolIndex))
        touch.removeGestureRecognizer(self)
    }

    // MARK: Where the touches are

    /// The touches this recognizer is tracking now. During `touchesEnded` and
    /// `touchesCancelled` it still holds the touches ending in that event
    /// (their `phase` says so); they leave right after.
    public var touches: TouchSet {
        guard let dispatcher else { return TouchSet.empty }
        return TouchSet(dispatcher: dispatcher, mask: touchMask)
    }

    public var numberOfTouches: Int { touchMask.nonzeroBitCount }

    /// The centroid of the recognizer's touches, in `view`'s coordinates
    /// (window coordinates for `nil`).
    public func location(in view: View?) -> Point {
        var x = 0.0
        var y = 0.0
        var count = 0.0
        for touch in touches {
            let p = touch.location(in: view)
            x += p.x
            y += p.y
            count += 1
        }
        return count == 0 ? .zero : Point(x: x / count, y: y / count)
    }

    /// The location of the recognizer's `index`th touch, counting in the order
    /// the fingers landed, in `view`'s coordinates.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        for touch in touches {
            var earlier = 0
            for other in touches where other.identifier < touch.identifier { earlier += 1 }
            if earlier == index { return touch.location(in: view) }
        }
        return .zero
    }

    /// The run loop of the application the recognizer's view is in, for
    /// timers; still there after the recognizer is detached, so `reset()` can
    /// cancel them.
    public var runLoop: RunLoop? { view?.application?.runLoop ?? dispatcher?.runLoop }

    /// Cancels `timer` if one is scheduled, and clears it: the pair of
    /// `scheduleTimer(after:from:)`, for `reset()` and failures.
    public func cancelTimer(_ timer: inout TimerHandle?) {
        guard let handle = timer else { return }
        runLoop?.cancel(handle)
        timer = nil
    }

    /// The recognizer's fingers still down; those lifting in this event do not count.
    @usableFromInline var liveTouchCount: Int {
        var count = 0
        for touch in touches where touch.isLive { count += 1 }
        return count
    }

    /// Schedules a timer on `runLoop` that fires `interval` seconds after
    /// `timestamp` (an event's), so a late dispatch does not lengthen it.
    public func scheduleTimer(after interval: Double, from timestamp: Double) -> TimerHandle? {
        guard let runLoop else { return nil }
        let late = runLoop.now - timestamp
        return runLoop.schedule(after: late > 0 ? interval - late : interval, target: self)
    }
}
