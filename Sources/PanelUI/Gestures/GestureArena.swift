/// Hears every state change of every recognizer, failures and the reset to
/// `.possible` included; the replay log uses it. Class-bound for Embedded Swift.
public protocol GestureArenaObserver: AnyObject {
    func gestureRecognizer(_ recognizer: GestureRecognizer, didChangeStateTo state: GestureRecognizer.State)
}

/// Runs an application's gesture recognizers against its touches.
///
/// For each event it gives new touches to the recognizers of their hit-test
/// view and its ancestors (G1, G7), delivers every touch to its recognizers
/// before any view sees it, applies exclusion (G5), `shouldBegin` (G6, G20)
/// and failure requirements (G8, G9) as recognizers change state, cancels
/// recognized touches in their views (G10), and holds back view messages
/// while recognizers decide (G11, G12). Recognizers go back to `.possible` on
/// the run-loop turn after their gesture ends (G3).
///
/// Storage is fixed after start-up: the engaged list keeps its capacity, and
/// per-touch state lives in the pooled ``Touch`` objects.
public final class GestureArena: RunLoopTarget, LifetimeTracked {
    /// Engaged recognizers the arena holds before its list grows (which then
    /// allocates once): more than any screen engages at once.
    public static let capacity = 64

    // The tracker is retained: the run loop keeps the arena while a reset
    // is pending, maybe past the application, and the reset pass settles
    // held touches. The run loop is unretained: the application owns it and
    // the arena; recognizers reach the arena through a zeroing reference.
    @usableFromInline let tracker: TouchTracker
    @usableFromInline unowned(unsafe) let runLoop: RunLoop
    /// Recognizers that received a touch since their last reset, in the order they did.
    /// No dynamic exclusivity check: every loop reads one element at a time
    /// by index and re-reads the count, and the list only changes by a whole
    /// append or removal, so recognizer code that engages one meanwhile (a
    /// delegate, an action) never overlaps an access to it.
    @exclusivity(unchecked) @usableFromInline var engaged: ContiguousArray<GestureRecognizer> = []
    @exclusivity(unchecked) @usableFromInline var isResetPassScheduled = false
    /// Hears every state change; retained (it is the app's log, not a delegate).
    public var observer: (any GestureArenaObserver)?
    public lazy var lifetime = Lifetime(of: self)
    /// What each engaged recognizer holds: taken once, not per recognizer.
    @usableFromInline var reference = ZeroingReference<GestureArena>()

    @usableFromInline init(tracker: TouchTracker, runLoop: RunLoop) {
        self.tracker = tracker
        self.runLoop = runLoop
        engaged.reserveCapacity(Self.capacity)
        reference = ZeroingReference(self)
    }

    // MARK: Delivery (G1, G7)

    /// Gives the event's touches in `window` to their recognizers, phase by phase.
    @usableFromInline func deliverToRecognizers(in window: Window) {
        let event = tracker.event
        let inWindow = tracker.mask(in: tracker.eventMask) { $0.window === window }
        collectRecognizers(forNewTouchesIn: inWindow)
        deliver(.began, in: inWindow) { $0.touchesBegan($1, with: event) }
        deliver(.moved, in: inWindow) { $0.touchesMoved($1, with: event) }
        deliver(.ended, in: inWindow) { $0.touchesEnded($1, with: event) }
        deliver(.cancelled, in: inWindow) { $0.touchesCancelled($1, with: event) }

        // Touches that ended leave their recognizers.
        let finished = tracker.mask(in: inWindow) { !$0.isLive }
        var i = 0
        while i < engaged.count {
            let recognizer = engaged[i]
            i += 1
            guard recognizer.touchMask & finished != 0 else { continue }
            recognizer.touchMask &= ~finished
            if recognizer.touchMask == 0 && recognizer.storedState.isFinished { scheduleReset() }
        }
    }

    /// G1: the recognizers of the hit-test view and of every ancestor, nearest
    /// first; G7: each delegate may keep a touch from its recognizer.
    @usableFromInline func collectRecognizers(forNewTouchesIn mask: UInt32) {
        tracker.forEach(in: mask) { touch in
            guard touch.phase == .began, touch.recognizerCount == 0 else { return }
            var view = touch.view
            while let current = view {
                let recognizers = current.gestureRecognizers
                for index in 0..<recognizers.count {
                    let recognizer = recognizers[index]
                    guard recognizer.isEnabled, recognizer.pendingState == nil,
                        !recognizer.storedState.isFinished
                    else { continue }
                    if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch)
                    {
                        continue
                    }
                    guard touch.addGestureRecognizer(recognizer) else { break }
                    recognizer.touchMask |= 1 << UInt32(touch.poolIndex)
                    engage(recognizer)
                }
                view = current.superview
            }
        }
    }

    @usableFromInline func engage(_ recognizer: GestureRecognizer) {
        recognizer.arenaReference = reference
        guard !recognizer.isEngaged else { return }
        recognizer.isEngaged = true
        engaged.append(recognizer)
    }

    @usableFromInline func deliver(
        _ phase: Touch.Phase, in window: UInt32, _ send: (GestureRecognizer, TouchSet) -> Void
    ) {
        let phaseMask = tracker.mask(in: window) { $0.phase == phase }
        guard phaseMask != 0 else { return }
        var i = 0
        while i < engaged.count {
            let recognizer = engaged[i]
            i += 1
            // Finished recognizers hear nothing more; neither do disabled ones.
            guard !recognizer.storedState.isFinished, recognizer.isEnabled else { continue }
            let mask = recognizer.touchMask & phaseMask
            if mask != 0 { send(recognizer, TouchSet(tracker: tracker, mask: mask)) }
        }
    }

    // MARK: What the views hear (G10–G12)

    /// Decides, for each of the event's touches in `window`, whether its view
    /// hears this phase now, later (held), or never (cancelled by a recognizer).
    /// Returns the touches to keep from the views in this event.
    @usableFromInline func withholdFromViews(in window: Window) -> UInt32 {
        var withheld: UInt32 = 0
        tracker.forEach(in: tracker.eventMask) { touch in
            guard touch.window === window, touch.phase != .stationary else { return }
            let bit: UInt32 = 1 << UInt32(touch.poolIndex)
            if touch.viewDelivery.contains(.cancelledInView) {
                withheld |= bit
                return
            }
            if !touch.viewDelivery.isDisjoint(with: .held) {
                touch.viewDelivery.insert(Self.heldFlag(for: touch.phase))
                withheld |= bit
                return
            }
            if touch.phase == .began && hasUndecidedRecognizer(touch, delaying: .began) {
                touch.viewDelivery.insert(.heldBegan)
                withheld |= bit
            } else if touch.phase == .ended && hasUndecidedRecognizer(touch, delaying: .ended) {
                touch.viewDelivery.insert(.heldEnded)
                withheld |= bit
            }
        }
        return withheld
    }

    @usableFromInline enum Delay { case began, ended }

    /// Whether a recognizer of `touch` that delays this kind of message has not decided yet.
    @usableFromInline func hasUndecidedRecognizer(_ touch: Touch, delaying delay: Delay) -> Bool {
        for i in 0..<touch.recognizerCount {
            // One reset since it took this touch (not engaged) has decided already:
            // back at possible, it will not decide again for a touch it no longer tracks.
            guard let recognizer = touch.recognizerSlots[i], recognizer.storedState == .possible,
                recognizer.isEnabled, recognizer.isEngaged
            else { continue }
            switch delay {
            case .began: if recognizer.delaysTouchesBegan { return true }
            case .ended: if recognizer.delaysTouchesEnded || recognizer.delaysTouchesBegan { return true }
            }
        }
        return false
    }

    @usableFromInline static func heldFlag(for phase: Touch.Phase) -> Touch.ViewDelivery {
        switch phase {
        case .began: return .heldBegan
        case .moved, .stationary: return .heldMoved
        case .ended: return .heldEnded
        case .cancelled: return .heldCancelled
        }
    }

    /// G10: the view stops hearing about `recognizer`'s touches, and gets
    /// `touchesCancelled` for those it was told about.
    @usableFromInline func cancelTouchesInViews(of recognizer: GestureRecognizer) {
        tracker.forEach(in: tracker.inUseMask) { touch in
            guard touch.holdsRecognizer(recognizer) || recognizer.touchMask & (1 << UInt32(touch.poolIndex)) != 0,
                !touch.viewDelivery.contains(.cancelledInView)
            else { return }
            let toldView = touch.viewDelivery.contains(.beganDelivered)
            let alreadyOver = touch.viewDelivery.contains(.endDelivered)
            touch.viewDelivery.subtract(.held)
            touch.viewDelivery.insert(.cancelledInView)
            if toldView && !alreadyOver { tracker.sendToView(touch, .cancelled) }
            tracker.retireIfSettled(touch)
        }
    }

    /// Releases held view messages whose recognizers have all decided.
    @usableFromInline func settleHeldTouches() {
        tracker.forEach(in: tracker.inUseMask) { touch in
            guard !touch.viewDelivery.isDisjoint(with: .held) else { return }
            if hasUndecidedRecognizer(touch, delaying: .began) { return }
            if touch.viewDelivery.contains(.heldEnded) && hasUndecidedRecognizer(touch, delaying: .ended) { return }
            let held = touch.viewDelivery
            touch.viewDelivery.subtract(.held)
            if held.contains(.heldBegan) { tracker.sendToView(touch, .began) }
            if held.contains(.heldMoved) { tracker.sendToView(touch, .moved) }
            if held.contains(.heldEnded) { tracker.sendToView(touch, .ended) }
            if held.contains(.heldCancelled) { tracker.sendToView(touch, .cancelled) }
            // Released by a recognizer deciding on the very event in which the
            // finger lifted, before that end was held: the view hears the end
            // now, or the touch would retire with its sequence open (R3).
            if !touch.isLive && !touch.viewDelivery.contains(.endDelivered)
                && touch.viewDelivery.contains(.beganDelivered)
            {
                tracker.sendToView(touch, touch.phase)
            }
            tracker.retireIfSettled(touch)
        }
    }

    // MARK: State changes

    /// A recognizer set its state: apply G3, G5, G6, G8 and G20.
    @usableFromInline func recognizer(_ recognizer: GestureRecognizer, requests newState: GestureRecognizer.State) {
        if let pending = recognizer.pendingState {
            switch newState {
            case .failed, .cancelled: fail(recognizer)
            case .began, .changed: if pending != .ended { recognizer.pendingState = .began }
            case .ended:
                if pending == .began { recognizer.pendingBeganBeforeEnding = true }
                recognizer.pendingState = .ended
            case .possible: break
            }
            return
        }
        switch (recognizer.storedState, newState) {
        case (.possible, .began), (.possible, .ended):
            attemptToLeavePossible(recognizer, to: newState)
        case (.possible, .changed):
            attemptToLeavePossible(recognizer, to: .began)
        case (.possible, .failed), (.possible, .cancelled):
            fail(recognizer)
        case (.began, .changed), (.changed, .changed), (.began, .began), (.changed, .began):
            set(recognizer, .changed)
        case (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled):
            set(recognizer, newState)
            if recognizer.touchMask == 0 { scheduleReset() }
        case (.began, .failed), (.changed, .failed):
            // A continuous gesture that already began ends by cancelling, never by failing.
            set(recognizer, .cancelled)
            if recognizer.touchMask == 0 { scheduleReset() }
        default:
            break // finished recognizers wait for their reset; `.possible` is the arena's to set
        }
    }

    @usableFromInline func attemptToLeavePossible(_ recognizer: GestureRecognizer, to target: GestureRecognizer.State) {
        switch failureRequirements(of: recognizer) {
        case .waiting:
            recognizer.pendingState = target // G8: decide when the required one does
            return
        case .requiredOneRecognized:
            fail(recognizer)
            return
        case .satisfied:
            break
        }
        // G6 and G20.
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            fail(recognizer)
            return
        }
        if !viewsAllowBegin(recognizer) {
            fail(recognizer)
            return
        }
        // G5: a recognizer that already won these touches prevents this one.
        var i = 0
        while i < engaged.count {
            let other = engaged[i]
            i += 1
            guard other !== recognizer, other.storedState.isActive || other.storedState == .ended,
                other.touchMask & recognizer.touchMask != 0
            else { continue }
            if !recognizeSimultaneously(recognizer, other) && other.canPrevent(recognizer)
                && recognizer.canBePrevented(by: other)
            {
                fail(recognizer)
                return
            }
        }
        recognizer.pendingState = nil
        // G10: views hear touchesCancelled before the action runs.
        if recognizer.cancelsTouchesInView { cancelTouchesInViews(of: recognizer) }
        // G5: the others that could still recognize these touches fail.
        i = 0
        while i < engaged.count {
            let other = engaged[i]
            i += 1
            guard other !== recognizer, other.storedState == .possible,
                other.touchMask & recognizer.touchMask != 0,
                !recognizeSimultaneously(recognizer, other),
                recognizer.canPrevent(other), other.canBePrevented(by: recognizer)
            else { continue }
            fail(other)
        }
        // Failing the others runs their dependents (G8), and cancelling touches
        // runs view code: either may have failed this one meanwhile. It stays
        // failed (G3: never failed → began).
        guard recognizer.storedState == .possible else { return }
        // A continuous gesture that ended while it waited still reports that it began.
        if target == .ended && recognizer.pendingBeganBeforeEnding { set(recognizer, .began) }
        recognizer.pendingBeganBeforeEnding = false
        set(recognizer, target)
        if target == .ended && recognizer.touchMask == 0 { scheduleReset() }
        resolveRecognizers(waitingFor: recognizer)
        settleHeldTouches()
    }

    @usableFromInline func fail(_ recognizer: GestureRecognizer) {
        recognizer.pendingState = nil
        recognizer.pendingBeganBeforeEnding = false
        // G3: failed is final until the reset; failing again announces nothing
        // (failed → failed), but held view messages are still settled below.
        if recognizer.storedState != .failed { set(recognizer, .failed) }
        settleHeldTouches()
        resolveRecognizers(waitingFor: recognizer)
        if recognizer.touchMask == 0 { scheduleReset() }
    }

    @usableFromInline func set(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) {
        recognizer.storedState = state
        observer?.gestureRecognizer(recognizer, didChangeStateTo: state)
        guard state != .failed && state != .possible else { return }
        // G3, G4: actions on began, changed, ended (recognized) and cancelled;
        // one added by an action waits for the next change (TargetActionList).
        recognizer.targets.send(from: recognizer)
    }

    // MARK: Relations (G5, G8, G9, G20)

    @usableFromInline func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let delegate = a.delegate, delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) {
            return true
        }
        if let delegate = b.delegate, delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) {
            return true
        }
        return false
    }

    /// G20: the recognizer's view, and every view its touches landed on, may veto it.
    @usableFromInline func viewsAllowBegin(_ recognizer: GestureRecognizer) -> Bool {
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        var allowed = true
        tracker.forEach(in: recognizer.touchMask) { touch in
            if let view = touch.view, view !== recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) {
                allowed = false
            }
        }
        return allowed
    }

    @usableFromInline enum Requirements { case satisfied, waiting, requiredOneRecognized }

    /// G8: static requirements, and dynamic ones asked of both recognizers and their delegates.
    @usableFromInline func failureRequirements(of recognizer: GestureRecognizer) -> Requirements {
        var waiting = false
        for i in 0..<recognizer.requiredToFail.count {
            switch status(ofRequired: recognizer.requiredToFail[i]) {
            case .requiredOneRecognized: return .requiredOneRecognized
            case .waiting: waiting = true
            case .satisfied: break
            }
        }
        var i = 0
        while i < engaged.count {
            let other = engaged[i]
            i += 1
            guard other !== recognizer, requiresFailure(recognizer, of: other) else { continue }
            switch status(ofRequired: other) {
            case .requiredOneRecognized: return .requiredOneRecognized
            case .waiting: waiting = true
            case .satisfied: break
            }
        }
        return waiting ? .waiting : .satisfied
    }

    @usableFromInline func requiresFailure(_ recognizer: GestureRecognizer, of other: GestureRecognizer) -> Bool {
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if let delegate = recognizer.delegate, delegate.gestureRecognizer(recognizer, shouldRequireFailureOf: other) {
            return true
        }
        if let delegate = other.delegate, delegate.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) {
            return true
        }
        return false
    }

    /// A required recognizer that has not received touches in this gesture does not hold anyone up.
    @usableFromInline func status(ofRequired required: GestureRecognizer) -> Requirements {
        guard required.isEngaged, required.isEnabled else { return .satisfied }
        switch required.storedState {
        case .possible: return .waiting
        case .began, .changed, .ended: return .requiredOneRecognized
        case .failed, .cancelled: return .satisfied
        }
    }

    /// Recognizers waiting on `decided` (G8) try again now that it has decided.
    @usableFromInline func resolveRecognizers(waitingFor decided: GestureRecognizer) {
        var i = 0
        while i < engaged.count {
            let waiting = engaged[i]
            i += 1
            guard let target = waiting.pendingState, waiting !== decided,
                Self.statically(waiting, requires: decided) || requiresFailure(waiting, of: decided)
            else { continue }
            waiting.pendingState = nil
            attemptToLeavePossible(waiting, to: target)
        }
    }

    /// Whether `waiting.require(toFail: other)` was called. A plain loop: the
    /// generic `contains(where:)` is not specialized in debug builds, where its
    /// array iterator allocates a coroutine frame on every call (an app's UI
    /// test counting allocations would see one at the lift of every tap that
    /// waits for a double tap).
    @inline(__always)
    @usableFromInline static func statically(_ waiting: GestureRecognizer, requires other: GestureRecognizer) -> Bool {
        var i = 0
        while i < waiting.requiredToFail.count {
            if waiting.requiredToFail[i] === other { return true }
            i += 1
        }
        return false
    }

    // MARK: Disabling and detaching

    @usableFromInline func recognizerWasDisabled(_ recognizer: GestureRecognizer) {
        if recognizer.storedState.isActive {
            set(recognizer, .cancelled)
        } else if recognizer.storedState == .possible && recognizer.isEngaged {
            fail(recognizer)
        }
        tracker.forEach(in: tracker.inUseMask) { $0.removeGestureRecognizer(recognizer) }
        recognizer.touchMask = 0
        settleHeldTouches()
        scheduleReset()
    }

    @usableFromInline func recognizerWasDetached(_ recognizer: GestureRecognizer) {
        recognizerWasDisabled(recognizer)
    }

    // MARK: Reset (G3)

    @usableFromInline func scheduleReset() {
        guard !isResetPassScheduled else { return }
        isResetPassScheduled = true
        runLoop.performOnNextTurn(target: self)
    }

    /// The next turn of the loop: finished recognizers with no touches left go back to `.possible`.
    public func runLoopDidFire(_ handle: TimerHandle) {
        isResetPassScheduled = false
        resetFinishedRecognizers()
    }

    /// Finished recognizers with no touches left go back to `.possible`.
    @usableFromInline func resetFinishedRecognizers() {
        var didReset = false
        var i = 0
        while i < engaged.count {
            let recognizer = engaged[i]
            let done = recognizer.storedState.isFinished && recognizer.touchMask == 0
            let idle =
                !recognizer.isEnabled
                || (recognizer.storedState == .possible && recognizer.touchMask == 0
                    && recognizer.pendingState == nil && recognizer.view == nil)
            guard done || idle else {
                i += 1
                continue
            }
            engaged.remove(at: i)
            recognizer.storedState = .possible
            observer?.gestureRecognizer(recognizer, didChangeStateTo: .possible)
            recognizer.pendingState = nil
            recognizer.isEngaged = false
            recognizer.touchMask = 0
            recognizer.reset()
            didReset = true
        }
        // A recognizer back at possible no longer holds its touches' view messages (G12).
        if didReset { settleHeldTouches() }
    }
}
