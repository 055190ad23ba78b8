// Delivery: each event's touches to their recognizers first (G1, G7), then
// to their views (R3, R7), holding or cancelling view messages as the
// recognizers decide (G10–G12).

extension TouchDispatcher {
    /// Delivers the event's touches in `window`, for `Window.sendEvent`:
    /// recognizers first (G1), then each phase's touches to their views, one
    /// message per view and phase, in the order began, moved, ended,
    /// cancelled (R3, R7), less those the recognizers keep from them.
    @usableFromInline func deliverTouches(in window: Window) {
        deliverToRecognizers(in: window)
        let withheld = withholdFromViews(in: window)
        let event = self.event
        deliverToViews(.began, in: window, except: withheld) { $0.touchesBegan($1, with: event) }
        deliverToViews(.moved, in: window, except: withheld) { $0.touchesMoved($1, with: event) }
        deliverToViews(.ended, in: window, except: withheld) { $0.touchesEnded($1, with: event) }
        deliverToViews(.cancelled, in: window, except: withheld) { $0.touchesCancelled($1, with: event) }
    }

    // MARK: Views (R3, R7, G10–G12)

    @usableFromInline func deliverToViews(
        _ phase: Touch.Phase, in window: Window, except withheld: UInt32,
        _ send: (View, TouchSet) -> Void
    ) {
        var pending = mask(in: eventMask & ~withheld) {
            $0.phase == phase && $0.window === window && $0.isDeliveredToView
        }
        let flag: Touch.ViewDelivery = phase == .began ? .beganDelivered : (phase == .moved ? [] : .endDelivered)
        if !flag.isEmpty { forEach(in: pending) { $0.viewDelivery.insert(flag) } }
        while pending != 0 {
            // A touch retired meanwhile (a recognizer settled it from view code) has no view left: skip it, not the rest.
            let first = pending.trailingZeroBitCount
            guard let view = touches[first].view else {
                pending &= ~(1 << UInt32(first))
                continue
            }
            let group = mask(in: pending) { $0.view === view }
            pending &= ~group
            send(view, TouchSet(dispatcher: self, mask: group))
        }
    }

    /// Sends one touch's message to its view outside the per-phase grouping:
    /// held messages released, or cancellations a recognizer causes (G10–G12).
    @usableFromInline func sendToView(_ touch: Touch, _ phase: Touch.Phase) {
        guard touch.isDeliveredToView, let view = touch.view else { return }
        deliveryDepth += 1
        defer { deliveryDidEnd() }
        let bit: UInt32 = 1 << UInt32(touch.poolIndex)
        let saved = eventMask
        eventMask = (saved == 0 ? inUseMask & ~lingeringMask : saved) | bit
        let touches = TouchSet(dispatcher: self, mask: bit)
        switch phase {
        case .began:
            touch.viewDelivery.insert(.beganDelivered)
            view.touchesBegan(touches, with: event)
        case .moved, .stationary:
            view.touchesMoved(touches, with: event)
        case .ended:
            touch.viewDelivery.insert(.endDelivered)
            view.touchesEnded(touches, with: event)
        case .cancelled:
            touch.viewDelivery.insert(.endDelivered)
            view.touchesCancelled(touches, with: event)
        }
        eventMask = saved
    }

    // MARK: Recognizers (G1, G7)

    /// Gives the event's touches in `window` to their recognizers, phase by phase.
    @usableFromInline func deliverToRecognizers(in window: Window) {
        let event = self.event
        let inWindow = mask(in: eventMask) { $0.window === window }
        collectRecognizers(forNewTouchesIn: inWindow)
        deliverToRecognizers(.began, in: inWindow) { $0.touchesBegan($1, with: event) }
        deliverToRecognizers(.moved, in: inWindow) { $0.touchesMoved($1, with: event) }
        deliverToRecognizers(.ended, in: inWindow) { $0.touchesEnded($1, with: event) }
        deliverToRecognizers(.cancelled, in: inWindow) { $0.touchesCancelled($1, with: event) }

        // Touches that ended leave their recognizers.
        let finished = mask(in: inWindow) { !$0.isLive }
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
        forEach(in: mask) { touch in
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
        recognizer.dispatcherReference = reference
        guard !recognizer.isEngaged else { return }
        recognizer.isEngaged = true
        engaged.append(recognizer)
    }

    @usableFromInline func deliverToRecognizers(
        _ phase: Touch.Phase, in window: UInt32, _ send: (GestureRecognizer, TouchSet) -> Void
    ) {
        let phaseMask = mask(in: window) { $0.phase == phase }
        guard phaseMask != 0 else { return }
        var i = 0
        while i < engaged.count {
            let recognizer = engaged[i]
            i += 1
            // Finished recognizers hear nothing more; neither do disabled ones.
            guard !recognizer.storedState.isFinished, recognizer.isEnabled else { continue }
            let mask = recognizer.touchMask & phaseMask
            if mask != 0 { send(recognizer, TouchSet(dispatcher: self, mask: mask)) }
        }
    }

    // MARK: What the views hear (G10–G12)

    /// Decides, for each of the event's touches in `window`, whether its view
    /// hears this phase now, later (held), or never (cancelled by a recognizer).
    /// Returns the touches to keep from the views in this event.
    @usableFromInline func withholdFromViews(in window: Window) -> UInt32 {
        var withheld: UInt32 = 0
        forEach(in: eventMask) { touch in
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
            if touch.phase == .began && GestureRules.hasUndecidedRecognizer(of: touch, delaying: .began) {
                touch.viewDelivery.insert(.heldBegan)
                withheld |= bit
            } else if touch.phase == .ended && GestureRules.hasUndecidedRecognizer(of: touch, delaying: .ended) {
                touch.viewDelivery.insert(.heldEnded)
                withheld |= bit
            }
        }
        return withheld
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
        forEach(in: inUseMask) { touch in
            guard touch.holdsRecognizer(recognizer) || recognizer.touchMask & (1 << UInt32(touch.poolIndex)) != 0,
                !touch.viewDelivery.contains(.cancelledInView)
            else { return }
            let toldView = touch.viewDelivery.contains(.beganDelivered)
            let alreadyOver = touch.viewDelivery.contains(.endDelivered)
            touch.viewDelivery.subtract(.held)
            touch.viewDelivery.insert(.cancelledInView)
            if toldView && !alreadyOver { sendToView(touch, .cancelled) }
            retireIfSettled(touch)
        }
    }

    /// Releases held view messages whose recognizers have all decided.
    @usableFromInline func settleHeldTouches() {
        forEach(in: inUseMask) { touch in
            guard !touch.viewDelivery.isDisjoint(with: .held) else { return }
            if GestureRules.hasUndecidedRecognizer(of: touch, delaying: .began) { return }
            if touch.viewDelivery.contains(.heldEnded)
                && GestureRules.hasUndecidedRecognizer(of: touch, delaying: .ended)
            {
                return
            }
            let held = touch.viewDelivery
            touch.viewDelivery.subtract(.held)
            if held.contains(.heldBegan) { sendToView(touch, .began) }
            if held.contains(.heldMoved) { sendToView(touch, .moved) }
            if held.contains(.heldEnded) { sendToView(touch, .ended) }
            if held.contains(.heldCancelled) { sendToView(touch, .cancelled) }
            // Released by a recognizer deciding on the very event in which the
            // finger lifted, before that end was held: the view hears the end
            // now, or the touch would retire with its sequence open (R3).
            if !touch.isLive && !touch.viewDelivery.contains(.endDelivered)
                && touch.viewDelivery.contains(.beganDelivered)
            {
                sendToView(touch, touch.phase)
            }
            retireIfSettled(touch)
        }
    }

}
