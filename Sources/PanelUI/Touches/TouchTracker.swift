/// Turns touch frames into touches and events: it matches each frame's
/// contacts to live ``Touch`` objects, gives them phases, hit-tests new ones
/// (R4) and binds them (R6), counts taps (R13), applies R10 and R11, and hands
/// the one ``Event`` to the application.
///
/// Touches come from a pool created with the tracker, so a frame allocates
/// nothing.
public final class TouchTracker {
    /// The most touches alive at once, counting those ending in the current
    /// frame: fixed, as each touch is a bit in 32-bit masks, and more than
    /// any panel reports (they stop at 10 fingers, 16 at most). A finger
    /// beyond it is ignored until one lifts, and said once in the warnings.
    public static let capacity = 32

    @usableFromInline let touches: ContiguousArray<Touch>
    // The masks and counters below skip the dynamic exclusivity check: each
    // is read or written whole (or changed by a bit operation), and no access
    // is held across a call into app code (a responder, a recognizer, an
    // action), so app code that re-enters the application meanwhile cannot
    // overlap one; the loops over touches take the mask as a copy first.
    /// Touches in use: live, ending in the event being delivered, or lingering.
    @exclusivity(unchecked) @usableFromInline var inUseMask: UInt32 = 0
    /// Touches that ended in an earlier event but whose view has not heard the
    /// end yet, because a recognizer holds it (G12): kept out of new events.
    @exclusivity(unchecked) @usableFromInline var lingeringMask: UInt32 = 0
    /// The touches of the event being delivered.
    @exclusivity(unchecked) @usableFromInline var eventMask: UInt32 = 0
    /// Touches cancelled while their finger is still down, because their
    /// window left the application: the finger is ignored until it lifts
    /// (as UIKit's, a cancelled touch never comes back), then the touch retires.
    @exclusivity(unchecked) @usableFromInline var cancelledWhileDownMask: UInt32 = 0
    /// How deep the tracker is in delivering (an event, or one held message):
    /// a window that leaves meanwhile has its touches cancelled once it is out.
    @exclusivity(unchecked) @usableFromInline var deliveryDepth = 0
    /// A window left the application during a delivery: its touches are cancelled when the delivery ends.
    @exclusivity(unchecked) @usableFromInline var windowLeftDuringDelivery = false
    @usableFromInline let event: Event
    /// Unretained: the application owns the tracker, and the tracker's public
    /// API (``liveTouches``, ``touchesSeen``) never reaches the application.
    /// Set by the application's `init`, before any input.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var application: Application!
    @exclusivity(unchecked) @usableFromInline var tapCounter: TapCounter
    @exclusivity(unchecked) @usableFromInline var nextIdentifier = 1
    /// Distinct touches seen since start.
    @exclusivity(unchecked) public internal(set) var touchesSeen = 0

    @usableFromInline init(tapCountSettings: TapCountSettings) {
        self.tapCounter = TapCounter(settings: tapCountSettings)
        var pool = ContiguousArray<Touch>()
        pool.reserveCapacity(Self.capacity)
        for i in 0..<Self.capacity { pool.append(Touch(poolIndex: i)) }
        self.touches = pool
        self.event = Event(type: .touches, tracker: nil)
        // The event needs the tracker; build it once self exists.
        self.event.rebind(to: self)
    }

    deinit {
        event.tracker = nil
    }

    /// The touches that are down now.
    public var liveTouches: TouchSet {
        TouchSet(tracker: self, mask: mask(in: inUseMask) { $0.isLive })
    }

    // MARK: Frames

    /// Processes one frame of contacts, in screen points, from input `source`.
    @usableFromInline func process(_ frame: TouchFrame, source: Int) {
        event.timestamp = frame.timestamp
        var changed = false
        var seen: UInt32 = 0 // bit i: frame contact i matched a live touch

        // Existing touches move, stay, or end.
        forEach(in: inUseMask) { touch in
            if cancelledWhileDownMask & (1 << UInt32(touch.poolIndex)) != 0 {
                // A cancelled finger is still down: its contact begins nothing until it lifts.
                guard touch.source == source else { return }
                for i in 0..<frame.count where frame[i].id == touch.contactID {
                    seen |= 1 << UInt32(i)
                    return
                }
                release(touch)
                return
            }
            guard touch.isLive else { return }
            guard touch.source == source else {
                touch.phase = .stationary
                return
            }
            for i in 0..<frame.count where frame[i].id == touch.contactID {
                seen |= 1 << UInt32(i)
                let contact = frame[i]
                let location = application.windowLocation(
                    ofScreenPoint: Point(x: contact.x, y: contact.y), in: touch.window)
                touch.previousLocationInWindow = touch.locationInWindow
                if location != touch.locationInWindow {
                    touch.locationInWindow = location
                    if !touch.hasLeftTapArea {
                        touch.hasLeftTapArea = tapCounter.isBeyondTapArea(location, from: touch.beganLocationInWindow)
                    }
                    touch.phase = .moved
                    touch.timestamp = frame.timestamp
                    changed = true
                } else {
                    touch.phase = .stationary
                }
                touch.majorRadius = contact.majorRadius
                touch.force = contact.pressure
                return
            }
            // Gone. After lost events (H4) we cannot know the finger lifted cleanly.
            touch.previousLocationInWindow = touch.locationInWindow
            touch.phase = frame.isResynchronized ? .cancelled : .ended
            touch.timestamp = frame.timestamp
            changed = true
        }

        // New contacts begin; all that land in this frame share one event (R3).
        for i in 0..<frame.count where seen & (1 << UInt32(i)) == 0 {
            guard let touch = takeFreeTouch() else {
                application.runLoop.warnings.warnOnce(
                    .touchCapacity,
                    "more than \(Self.capacity) fingers at once: the extra ones are ignored until one lifts")
                break
            }
            begin(touch, with: frame[i], source: source, at: frame.timestamp)
            changed = true
        }

        if changed { dispatch() }
    }

    /// Cancels every live touch from `source` (nil: from every source), for a
    /// device that vanished or an app that must drop its touches (H4).
    @usableFromInline func cancelTouches(source: Int?, at timestamp: Double) {
        var any = false
        // A vanished device lifts no finger: its cancelled fingers retire now.
        forEach(in: cancelledWhileDownMask) { touch in
            if source == nil || touch.source == source { release(touch) }
        }
        forEach(in: inUseMask & ~cancelledWhileDownMask) { touch in
            guard touch.isLive, source == nil || touch.source == source else {
                touch.phase = touch.isLive ? .stationary : touch.phase
                return
            }
            touch.phase = .cancelled
            touch.timestamp = timestamp
            touch.previousLocationInWindow = touch.locationInWindow
            any = true
        }
        guard any else { return }
        event.timestamp = timestamp
        dispatch()
    }

    @usableFromInline func begin(_ touch: Touch, with contact: TouchContact, source: Int, at time: Double) {
        inUseMask |= 1 << UInt32(touch.poolIndex)
        touchesSeen += 1
        touch.identifier = nextIdentifier
        nextIdentifier += 1
        touch.contactID = contact.id
        touch.source = source
        touch.phase = .began
        touch.timestamp = time
        touch.majorRadius = contact.majorRadius
        touch.force = contact.pressure
        // R4: hit-test once, window by window, front to back; R6: bind for good.
        let screenPoint = Point(x: contact.x, y: contact.y)
        let (window, location, view) = application.hitTest(screenPoint: screenPoint, with: event)
        touch.window = window
        touch.view = view
        touch.locationInWindow = location
        touch.previousLocationInWindow = location
        touch.beganLocationInWindow = location
        touch.hasLeftTapArea = false
        touch.tapCount = tapCounter.tapCount(forTouchAt: location, time: time)
        touch.viewDelivery = []
        touch.removeAllGestureRecognizers()
        touch.isDeliveredToView = view != nil && mayDeliver(touch, to: view!)
    }

    /// R10 and R11, decided once at began.
    @usableFromInline func mayDeliver(_ touch: Touch, to view: View) -> Bool {
        var allowed = true
        forEach(in: inUseMask) { other in
            guard other !== touch, other.isLive, other.isDeliveredToView, let otherView = other.view else { return }
            if otherView === view {
                // R10: a view that is not multi-touch hears only its first touch.
                if !view.isMultipleTouchEnabled { allowed = false }
            } else if otherView.isExclusiveTouch || view.isExclusiveTouch {
                // R11: an exclusive view tracking blocks the others, and an
                // exclusive view does not start while others track.
                if otherView.window === touch.window { allowed = false }
            }
        }
        return allowed
    }

    @usableFromInline func takeFreeTouch() -> Touch? {
        let free = ~inUseMask
        guard free != 0 else { return nil }
        return touches[free.trailingZeroBitCount]
    }

    @usableFromInline func dispatch() {
        deliveryDepth += 1
        eventMask = inUseMask & ~lingeringMask & ~cancelledWhileDownMask
        application.sendEvent(event)
        // Touches that ended feed R13, then retire, unless their view still
        // waits for a held message (G12): those linger until the arena settles them.
        forEach(in: eventMask) { touch in
            guard !touch.isLive else { return }
            if touch.phase == .ended { tapCounter.touchEnded(touch) }
            retireIfSettled(touch)
        }
        eventMask = 0
        deliveryDidEnd()
    }

    /// Returns an ended touch to the pool once no view message is held for it,
    /// and, for one cancelled with its window, once its finger lifts.
    @usableFromInline func retireIfSettled(_ touch: Touch) {
        let bit: UInt32 = 1 << UInt32(touch.poolIndex)
        guard !touch.isLive, inUseMask & bit != 0, cancelledWhileDownMask & bit == 0 else { return }
        if !touch.viewDelivery.isDisjoint(with: .held) {
            lingeringMask |= bit
            return
        }
        release(touch)
    }

    /// Back to the pool.
    @usableFromInline func release(_ touch: Touch) {
        let bit: UInt32 = 1 << UInt32(touch.poolIndex)
        touch.view = nil
        touch.window = nil
        touch.removeAllGestureRecognizers()
        lingeringMask &= ~bit
        cancelledWhileDownMask &= ~bit
        inUseMask &= ~bit
    }

    // MARK: Windows leaving (issue 34 row 14)

    /// A window left the application (removed, moved to another, or the
    /// application is being freed): no event reaches it any more, so its
    /// touches are cancelled now, or when the delivery in progress ends.
    @usableFromInline func windowDidLeaveApplication(at timestamp: Double) {
        guard deliveryDepth == 0 else {
            windowLeftDuringDelivery = true
            return
        }
        cancelTouchesOfWindowsThatLeft(at: timestamp)
    }

    /// The application is being freed, its windows already out of it: their
    /// touches are cancelled, and the cancelled ones retire now, as no frame
    /// will come to lift their fingers (a view holding a ``TouchSet``
    /// would otherwise keep the pool, and the pool the view).
    @usableFromInline func applicationWillEnd(at timestamp: Double) {
        windowDidLeaveApplication(at: timestamp)
        forEach(in: cancelledWhileDownMask) { release($0) }
    }

    @usableFromInline func deliveryDidEnd() {
        deliveryDepth -= 1
        guard deliveryDepth == 0, windowLeftDuringDelivery else { return }
        windowLeftDuringDelivery = false
        cancelTouchesOfWindowsThatLeft(at: event.timestamp)
    }

    /// The live touches whose window is no longer in the application end as
    /// `.cancelled`, delivered through their window as any cancellation is:
    /// recognizers first (G1: they cancel or fail, G3), then the views
    /// (`touchesCancelled`; a control ends tracking and sends touchCancel).
    /// Each finger is then ignored until it lifts.
    @usableFromInline func cancelTouchesOfWindowsThatLeft(at timestamp: Double) {
        let candidates = inUseMask & ~lingeringMask & ~cancelledWhileDownMask
        var left = mask(in: candidates) { touch in
            guard touch.isLive, let window = touch.window else { return false }
            return window.owningApplication !== application
        }
        guard left != 0 else { return }
        forEach(in: left) { touch in
            touch.phase = .cancelled
            touch.timestamp = timestamp
            touch.previousLocationInWindow = touch.locationInWindow
        }
        // The other live touches are in the event too, stationary (R1).
        forEach(in: candidates & ~left) { touch in
            if touch.isLive { touch.phase = .stationary }
        }
        cancelledWhileDownMask |= left
        deliveryDepth += 1
        let saved = eventMask
        event.timestamp = timestamp
        eventMask = candidates
        // One event per window: each window delivers only its own touches.
        while left != 0 {
            guard let window = touches[left.trailingZeroBitCount].window else { break }
            let inWindow = mask(in: left) { $0.window === window }
            left &= ~inWindow
            window.sendEvent(event)
        }
        eventMask = saved
        deliveryDidEnd()
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
        let touches = TouchSet(tracker: self, mask: bit)
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

    // MARK: Delivery (R3, R7, R10, R11)

    /// Sends each phase's touches to their views: one message per view and
    /// phase, in the order began, moved, ended, cancelled.
    @usableFromInline func deliverTouches(of event: Event, in window: Window) {
        // G1: recognizers first; then the views hear what the recognizers leave them.
        let arena = application.gestureArena
        arena.deliverToRecognizers(in: window)
        let withheld = arena.withholdFromViews(in: window)
        deliver(.began, in: window, except: withheld) { $0.touchesBegan($1, with: event) }
        deliver(.moved, in: window, except: withheld) { $0.touchesMoved($1, with: event) }
        deliver(.ended, in: window, except: withheld) { $0.touchesEnded($1, with: event) }
        deliver(.cancelled, in: window, except: withheld) { $0.touchesCancelled($1, with: event) }
    }

    @usableFromInline func deliver(
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
            send(view, TouchSet(tracker: self, mask: group))
        }
    }

    // MARK: Mask helpers

    @inline(__always)
    @usableFromInline func forEach(in mask: UInt32, _ body: (Touch) -> Void) {
        var remaining = mask
        while remaining != 0 {
            body(touches[remaining.trailingZeroBitCount])
            remaining &= remaining - 1
        }
    }

    @inline(__always)
    @usableFromInline func mask(in mask: UInt32, where predicate: (Touch) -> Bool) -> UInt32 {
        var result: UInt32 = 0
        var remaining = mask
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            if predicate(touches[index]) { result |= 1 << UInt32(index) }
            remaining &= remaining - 1
        }
        return result
    }
}
