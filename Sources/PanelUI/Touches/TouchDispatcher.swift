/// Hears every state change of every recognizer, failures and the reset to
/// `.possible` included; the replay log uses it (`Application.gestureObserver`).
/// Class-bound for Embedded Swift.
public protocol GestureStateObserver: AnyObject {
    func gestureRecognizer(_ recognizer: GestureRecognizer, didChangeStateTo state: GestureRecognizer.State)
}

/// The one owner of an application's touches: it turns touch frames into
/// touches and events, and carries each touch to its recognizers and views.
///
/// - Frames (this file): it matches each frame's contacts to live `Touch`
///   objects, gives them phases, hit-tests new ones (R4) and binds them (R6),
///   counts taps (R13), applies R10 and R11, and hands the one `Event` to
///   the application (`Application.sendEvent`, then `Window.sendEvent`: UIKit's
///   override points), which hands it back through `deliverTouches(in:)`.
/// - Delivery (`TouchDispatcher+Delivery.swift`): recognizers first (G1, G7),
///   then the views, one message per view and phase (R3, R7); view messages
///   held while recognizers decide (G11, G12) or cancelled by one (G10).
/// - Recognizer states (`Gestures/TouchDispatcher+GestureStates.swift`): the
///   transitions (G3) and the reset on the next turn, applying the rules of
///   `GestureRules` (exclusion G5, `shouldBegin` G6 and G20, failure
///   requirements G8 and G9).
///
/// Everything is allocated with the dispatcher: the touch pool, the event and
/// the engaged list's capacity, so a frame allocates nothing.
@usableFromInline package final class TouchDispatcher: RunLoopTarget, LifetimeTracked {
    /// The most touches alive at once, counting those ending in the current
    /// frame: fixed, as each touch is a bit in 32-bit masks, and more than
    /// any panel reports (they stop at 10 fingers, 16 at most). A finger
    /// beyond it is ignored until one lifts, and said once in the warnings.
    package static let capacity = 32
    /// Engaged recognizers held before the list grows (which then allocates
    /// once): more than any screen engages at once.
    package static let engagedCapacity = 64

    @usableFromInline let touches: ContiguousArray<Touch>
    // The masks, counters and lists below skip the dynamic exclusivity check:
    // each is read or written whole (or changed by a bit operation, or one
    // list element at a time by index, re-reading the count), and no access is
    // held across a call into app code (a responder, a recognizer, a delegate,
    // an action), so app code that re-enters the application meanwhile cannot
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
    /// How deep the dispatcher is in delivering (an event, or one held message):
    /// a window that leaves meanwhile has its touches cancelled once it is out.
    @exclusivity(unchecked) @usableFromInline var deliveryDepth = 0
    /// A window left the application during a delivery: its touches are cancelled when the delivery ends.
    @exclusivity(unchecked) @usableFromInline var windowLeftDuringDelivery = false
    @usableFromInline let event: Event
    /// Unretained: the application owns the dispatcher, and clears this in
    /// its `deinit`. Set by the application's `init`, before any input.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var application: Application!
    /// Unretained: the application owns the run loop and the dispatcher, and
    /// recognizers reach the dispatcher only through a zeroing reference the
    /// application ends when it is freed.
    @usableFromInline unowned(unsafe) let runLoop: RunLoop
    @exclusivity(unchecked) @usableFromInline var tapCounter: TapCounter
    @exclusivity(unchecked) @usableFromInline var nextIdentifier = 1
    /// Distinct touches seen since start.
    @exclusivity(unchecked) package internal(set) var touchesSeen = 0

    /// Recognizers that received a touch since their last reset, in the order they did.
    @exclusivity(unchecked) @usableFromInline var engaged: ContiguousArray<GestureRecognizer> = []
    @exclusivity(unchecked) @usableFromInline var isResetPassScheduled = false
    /// Hears every state change; retained (it is the app's log, not a delegate).
    package var observer: (any GestureStateObserver)?
    @usableFromInline package lazy var lifetime = Lifetime(of: self)
    /// What each engaged recognizer holds: taken once, not per recognizer.
    @usableFromInline var reference = ZeroingReference<TouchDispatcher>()

    @usableFromInline init(runLoop: RunLoop, tapCountSettings: TapCountSettings) {
        self.runLoop = runLoop
        self.tapCounter = TapCounter(settings: tapCountSettings)
        var pool = ContiguousArray<Touch>()
        pool.reserveCapacity(Self.capacity)
        for i in 0..<Self.capacity { pool.append(Touch(poolIndex: i)) }
        self.touches = pool
        self.event = Event(type: .touches, dispatcher: nil)
        engaged.reserveCapacity(Self.engagedCapacity)
        // The event and the reference need the dispatcher; made once self exists.
        self.event.rebind(to: self)
        reference = ZeroingReference(self)
    }

    deinit {
        event.dispatcher = nil
    }

    /// The touches that are down now.
    package var liveTouches: TouchSet {
        TouchSet(dispatcher: self, mask: mask(in: inUseMask) { $0.isLive })
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
                runLoop.warnings.warnOnce(
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
        // UIKit's path: the application, then each window (`sendEvent`, both
        // overridable), which hands its touches back to `deliverTouches(in:)`.
        application.sendEvent(event)
        // Touches that ended feed R13, then retire, unless their view still
        // waits for a held message (G12): those linger until the recognizers settle them.
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
    /// will come to lift their fingers (a view holding a `TouchSet`
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
