/// The rules between recognizers, as functions of what they decide on: the
/// recognizers, their delegates and views, and the engaged list passed in.
/// The dispatcher applies them as recognizers change state
/// (`TouchDispatcher+GestureStates.swift`); none of them changes a state.
@usableFromInline enum GestureRules {
    /// G5: whether `a` and `b` may both recognize, as either's delegate says.
    @usableFromInline static func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let delegate = a.delegate, delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) {
            return true
        }
        if let delegate = b.delegate, delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) {
            return true
        }
        return false
    }

    /// G5: whether `winner`, having recognized, keeps `loser` from
    /// recognizing the touches they share (unless they recognize together).
    @usableFromInline static func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    /// G6: the delegate's `gestureRecognizerShouldBegin`.
    @usableFromInline static func delegateAllowsBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let delegate = recognizer.delegate else { return true }
        return delegate.gestureRecognizerShouldBegin(recognizer)
    }

    /// G20: the recognizer's view, and the view each of its `touches` landed on, may veto it.
    @usableFromInline static func viewsAllowBegin(_ recognizer: GestureRecognizer, touches: TouchSet) -> Bool {
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        for touch in touches {
            if let view = touch.view, view !== recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) {
                return false
            }
        }
        return true
    }

    @usableFromInline enum Requirements { case satisfied, waiting, requiredOneRecognized }

    /// G8: static requirements, and dynamic ones asked of both recognizers
    /// and their delegates, against the recognizers in `engaged`.
    @usableFromInline static func failureRequirements(
        of recognizer: GestureRecognizer, engaged: ContiguousArray<GestureRecognizer>
    ) -> Requirements {
        var waiting = false
        for i in 0..<recognizer.requiredToFail.count {
            switch status(ofRequired: recognizer.requiredToFail[i]) {
            case .requiredOneRecognized: return .requiredOneRecognized
            case .waiting: waiting = true
            case .satisfied: break
            }
        }
        for i in 0..<engaged.count {
            let other = engaged[i]
            guard other !== recognizer, requiresFailure(recognizer, of: other) else { continue }
            switch status(ofRequired: other) {
            case .requiredOneRecognized: return .requiredOneRecognized
            case .waiting: waiting = true
            case .satisfied: break
            }
        }
        return waiting ? .waiting : .satisfied
    }

    /// G8, G9: whether `recognizer` waits for `other` to fail, as either
    /// recognizer or either delegate says (the static list aside).
    @usableFromInline static func requiresFailure(_ recognizer: GestureRecognizer, of other: GestureRecognizer) -> Bool
    {
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
    @usableFromInline static func status(ofRequired required: GestureRecognizer) -> Requirements {
        guard required.isEngaged, required.isEnabled else { return .satisfied }
        switch required.storedState {
        case .possible: return .waiting
        case .began, .changed, .ended: return .requiredOneRecognized
        case .failed, .cancelled: return .satisfied
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

    @usableFromInline enum Delay { case began, ended }

    /// G11, G12: whether a recognizer of `touch` that delays this kind of view
    /// message has not decided yet.
    @usableFromInline static func hasUndecidedRecognizer(of touch: Touch, delaying delay: Delay) -> Bool {
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
}
