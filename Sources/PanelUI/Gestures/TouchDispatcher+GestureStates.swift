// Recognizer states: the transitions a recognizer asks for (G3), decided by
// the rules between recognizers (GestureRules: G5, G6, G8, G9, G20), and the
// reset to `.possible` on the run-loop turn after a gesture ends.

extension TouchDispatcher {
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
            break // finished recognizers wait for their reset; `.possible` is the dispatcher's to set
        }
    }

    @usableFromInline func attemptToLeavePossible(_ recognizer: GestureRecognizer, to target: GestureRecognizer.State) {
        switch GestureRules.failureRequirements(of: recognizer, engaged: engaged) {
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
        if !GestureRules.delegateAllowsBegin(recognizer)
            || !GestureRules.viewsAllowBegin(
                recognizer, touches: TouchSet(dispatcher: self, mask: recognizer.touchMask))
        {
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
            if !GestureRules.recognizeSimultaneously(recognizer, other) && GestureRules.prevents(other, recognizer) {
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
                !GestureRules.recognizeSimultaneously(recognizer, other), GestureRules.prevents(recognizer, other)
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

    /// Recognizers waiting on `decided` (G8) try again now that it has decided.
    @usableFromInline func resolveRecognizers(waitingFor decided: GestureRecognizer) {
        var i = 0
        while i < engaged.count {
            let waiting = engaged[i]
            i += 1
            guard let target = waiting.pendingState, waiting !== decided,
                GestureRules.statically(waiting, requires: decided)
                    || GestureRules.requiresFailure(waiting, of: decided)
            else { continue }
            waiting.pendingState = nil
            attemptToLeavePossible(waiting, to: target)
        }
    }

    // MARK: Disabling and detaching

    @usableFromInline func recognizerWasDisabled(_ recognizer: GestureRecognizer) {
        if recognizer.storedState.isActive {
            set(recognizer, .cancelled)
        } else if recognizer.storedState == .possible && recognizer.isEngaged {
            fail(recognizer)
        }
        forEach(in: inUseMask) { $0.removeGestureRecognizer(recognizer) }
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
    @usableFromInline package func runLoopDidFire(_ handle: TimerHandle) {
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
