/// A view that turns touches into actions for targets: UIKit's `UIControl`.
///
/// It tracks one touch at a time (C4): `beginTracking` when it lands,
/// `continueTracking` as it moves, `endTracking` at lift, `cancelTracking`
/// when it is taken away, sending the touch events of C1 to the targets
/// registered for them (C3). "Inside" means inside the bounds grown by
/// `touchMargin`, so a finger that drifts a little does not lose the press.
/// Sending actions allocates nothing.
open class Control: View {
    // `@exclusivity(unchecked)` here: trivial values read every frame, no access spanning app code
    // (docs/architecture.md, "Few dynamic exclusivity checks").
    /// C2: a disabled control takes no touches; they go to what is behind it.
    @exclusivity(unchecked) public final var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled && isTracking { stopTracking(cancelling: nil) }
            refusesTouches = !isEnabled
            stateDidChange()
        }
    }
    @exclusivity(unchecked) public final var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }
    /// True while a tracked finger is down and inside.
    @exclusivity(unchecked) public final var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// C2: normal, highlighted, disabled, selected.
    public var state: ControlState {
        var state: ControlState = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// C4: true from the touch-down `beginTracking` accepted until the touch ends.
    @exclusivity(unchecked) public internal(set) final var isTracking = false
    /// C4: whether the tracked finger is inside (bounds grown by `touchMargin`).
    @exclusivity(unchecked) public internal(set) final var isTouchInside = false
    /// C4: how far outside its bounds a tracked finger still counts as inside,
    /// in points. 44 pt, the smallest comfortable touch target.
    @exclusivity(unchecked) public final var touchMargin: Double = 44

    @usableFromInline let targets = TargetActionList<Control>()
    /// The touch being tracked. Unretained: touches are pooled objects that live
    /// as long as their application's touch tracker, and tracking stops
    /// (`stopTracking`) before the touch goes back to the pool. Read on every
    /// move: an unretained pointer, so no exclusivity check (see `View.window`).
    @exclusivity(unchecked) @usableFromInline final unowned(unsafe) var trackedTouch: Touch?

    public override init(frame: Rect = .zero, name: String = "") {
        super.init(frame: frame, name: name)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Control.self)
    }

    // MARK: Target-action (C3)

    /// Calls `action` on `target` when any of `events` happens. The target is
    /// not retained, as in UIKit; once it is freed its actions are skipped.
    /// Any `Responder` (a view controller, a view) can be a target; another
    /// class adopts `LifetimeTracked` (see docs/memory.md).
    ///
    ///     volume.addTarget(self, action: Mixer.volumeChanged, for: .valueChanged)
    public final func addTarget<Target: LifetimeTracked>(
        _ target: Target, action: @escaping (Target) -> (Control) -> Void,
        for events: ControlEvents
    ) {
        targets.add(target, events: events.rawValue, action: action)
    }

    /// Calls `action` when any of `events` happens: the closure form.
    public func addAction(for events: ControlEvents, _ action: @escaping (Control) -> Void) {
        targets.add(events: events.rawValue, action: action)
    }

    /// Removes `target`'s actions for `events` (every target's when `target` is nil).
    public func removeTarget(_ target: AnyObject?, for events: ControlEvents = .allEvents) {
        targets.remove(target, events: events.rawValue)
    }

    /// The distinct targets, in the order they were added; closure actions have none.
    public var allTargets: [AnyObject] { targets.allTargets }

    /// The events that have at least one action.
    public var allControlEvents: ControlEvents {
        var events: ControlEvents = []
        for entry in targets.entries { events.insert(ControlEvents(rawValue: entry.events)) }
        return events
    }

    /// Every action as (target, events), in the order they were added; closure actions have a nil target.
    public var actions: [(target: AnyObject?, events: ControlEvents)] {
        targets.entries.filter { $0.events != 0 }.map { ($0.target, ControlEvents(rawValue: $0.events)) }
    }

    /// Calls every action registered for any of `events`, each once, in the
    /// order they were added. An action added meanwhile is first called by
    /// the next send; one removed meanwhile is not called any more
    /// (`TargetActionList`, docs/memory.md).
    open func sendActions(for events: ControlEvents) {
        // The turn record names this control while its actions run: a stuck action is reported by name.
        guard let record = window?.owningApplication?.turnRecord else {
            targets.send(events.rawValue, from: self)
            return
        }
        let outer = record.beginAction(events: UInt64(events.rawValue), of: self)
        targets.send(events.rawValue, from: self)
        record.endAction(restoring: outer)
    }

    // MARK: Tracking (C4): subclasses override these

    /// A finger landed. Return false to ignore this touch.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    /// The finger moved. Return false to stop tracking it.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    /// The finger lifted.
    open func endTracking(_ touch: Touch?, with event: Event?) {}
    /// The touch was taken away.
    open func cancelTracking(with event: Event?) {}

    /// Whether `point`, in the control's coordinates, counts as inside for tracking (C4).
    public func isInsideForTracking(_ point: Point) -> Bool {
        bounds.insetBy(dx: -touchMargin, dy: -touchMargin).contains(point)
    }

    /// Redraws when the state changes; subclasses that look different per state need nothing more.
    open func stateDidChange() {
        setNeedsDisplay()
    }

    // MARK: Touches: a control handles them and passes nothing on

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        isTouchInside = true
        // A control that refuses the touch (a slider touched off its thumb) sends nothing.
        guard beginTracking(touch, with: event) else {
            isTouchInside = false
            return
        }
        trackedTouch = touch
        isTracking = true
        isHighlighted = true
        // `union`, not an array literal: the literal allocates in unoptimized builds.
        sendActions(for: touch.tapCount > 1 ? ControlEvents.touchDown.union(.touchDownRepeat) : .touchDown)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        let events: ControlEvents
        switch (isTouchInside, inside) {
        case (true, true): events = .touchDragInside
        case (true, false): events = .touchDragExit
        case (false, true): events = .touchDragEnter
        case (false, false): events = .touchDragOutside
        }
        isTouchInside = inside
        isHighlighted = inside
        sendActions(for: events)
        if !continueTracking(touch, with: event) {
            // The control is done with this touch: it ends here, without a touch-up event.
            endTracking(touch, with: event)
            isTracking = false
            trackedTouch = nil
            isHighlighted = false
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        isTouchInside = inside
        endTracking(touch, with: event)
        isTracking = false
        trackedTouch = nil
        isHighlighted = false
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
        stopTracking(cancelling: event)
    }

    @usableFromInline func stopTracking(cancelling event: Event?) {
        cancelTracking(with: event)
        isTracking = false
        trackedTouch = nil
        isHighlighted = false
        isTouchInside = false
        sendActions(for: .touchCancel)
    }

    // MARK: Focus (docs/focus.md)

    /// An enabled, visible control can take focus from a rotary encoder or the
    /// focus keys (the focus system also skips one in a hidden, transparent or
    /// non-interactive superview, or clipped out of sight).
    open override var canBecomeFocused: Bool { isEnabled && !isHidden && alpha > 0.01 }

    // MARK: Gestures (G20)

    /// G20: a recognizer on another view (a parent's) does not begin when its
    /// gesture would duplicate this control's own action.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        gestureRecognizer.view === self || !duplicatesPrimaryAction(gestureRecognizer)
    }

    /// Whether `gestureRecognizer` would do what this control does itself:
    /// a button says yes to a single tap, a slider to a pan or swipe.
    open func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool { false }
}
