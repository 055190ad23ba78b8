/// The app: its windows, first responder, run loop and touch dispatcher. The end
/// of every responder chain (R8).
///
/// Backends feed it: `enqueue(_:source:)` queues a touch frame in screen
/// points, and `runTurn()` dispatches queued input in order (R14). Several
/// applications may live side by side (tests do), so there is no `shared`.
open class Application: Responder {
    /// The default for the most frames queued between two turns of the loop.
    public static let defaultInputQueueCapacity = 16

    public let runLoop: RunLoop
    /// Back to front; hit-testing goes front to back (R4).
    /// Read one window at a time by index, so no access spans app code: no dynamic exclusivity check.
    @exclusivity(unchecked) public final internal(set) var windows: [Window] = []
    /// Receives presses (R9); set through `becomeFirstResponder()`. A change
    /// shows, swaps or hides its input view (the on-screen keyboard).
    public final var firstResponder: Responder? { firstResponderStorage }
    @usableFromInline final var firstResponderStorage: Responder?

    /// UIKit's `UIApplication.userInterfaceLayoutDirection`: the direction
    /// every view lays out in unless it forces its own
    /// (`View.semanticContentAttribute`). Left to right by default; an app in
    /// Hebrew or Arabic sets `.rightToLeft` (before its windows, or they are
    /// laid out and drawn again).
    public final var userInterfaceLayoutDirection: UserInterfaceLayoutDirection = .leftToRight {
        didSet {
            guard userInterfaceLayoutDirection != oldValue else { return }
            for window in windows {
                window.setNeedsLayoutInSubtree()
                window.markDirty(nil)
            }
        }
    }

    /// The one way the first responder changes. A function, not a `didSet`:
    /// Embedded Swift compiles `becomeFirstResponder` into modules that
    /// subclass responders, and they cannot call an internal setter.
    @usableFromInline final func setFirstResponder(_ responder: Responder?) {
        guard responder !== firstResponderStorage else { return }
        firstResponderStorage = responder
        keyboardPresenter.firstResponderDidChange()
    }
    /// Shows the first responder's input view, the on-screen keyboard
    /// (`KeyboardView`), and keeps the edited view in sight.
    public final var keyboardPresenter: KeyboardPresenter {
        if let keyboardPresenterStorage { return keyboardPresenterStorage }
        let made = KeyboardPresenter(application: self)
        keyboardPresenterStorage = made
        return made
    }
    @usableFromInline final var keyboardPresenterStorage: KeyboardPresenter?
    /// Owns the touches: from each frame to the recognizers and views.
    package final let touchDispatcher: TouchDispatcher
    /// Hears every state change of every gesture recognizer, failures and the
    /// reset to `.possible` included (a replay log, a test's transcript); retained.
    public final var gestureObserver: (any GestureStateObserver)? {
        get { touchDispatcher.observer }
        set { touchDispatcher.observer = newValue }
    }
    /// Steps every animation once per display frame, only while one runs.
    public final let displayLink: DisplayLink
    /// Runs `View.animate`'s animations on the display link.
    public final let viewAnimator: ViewAnimator
    /// The panel: its size in points, its scale (UIKit's `UIScreen.main`).
    public final let screen = Screen()
    /// The view a rotary encoder and the focus keys act on, and the focus ring (docs/focus.md).
    public final let focusSystem = FocusSystem()
    /// What the turn is doing, for a fatal-signal report (a stuck action, the watchdog).
    public final let turnRecord = TurnRecord()
    /// Keeps what the windows show for the next launch; PanelKit's runtime
    /// sets it up with the app's settings. Nil: nothing is saved.
    public final var stateRestoration: StateRestoration?
    @usableFromInline let pressEvent = Event(type: .presses, dispatcher: nil)

    /// Touch frames and key presses, in the order they came (R14).
    /// No dynamic exclusivity check: app code may enqueue while a frame is
    /// dispatched, but `runTurn` copies each entry's parts out before it
    /// dispatches them, so no access to the queue spans app code.
    @exclusivity(unchecked) @usableFromInline final var inputQueue: ContiguousArray<QueuedInput>
    @exclusivity(unchecked) @usableFromInline final var queueHead = 0
    @exclusivity(unchecked) @usableFromInline final var queueCount = 0
    /// The responder each key down went to, so its repeats, end and cancel
    /// follow it there (UIKit keeps a press with its responder). Fixed slots: no allocation per press.
    @usableFromInline final var pressResponders: ContiguousArray<PressResponder>
    /// Frames dropped because the queue was full.
    public internal(set) final var droppedInputFrames = 0

    /// An application on `runLoop`. `inputQueueCapacity` frames may wait
    /// between two turns of the loop; more drop the oldest (said once in
    /// `warnings`). Raise it for a device that reports faster than the app
    /// draws. Everything the event path needs is allocated here.
    public init(
        runLoop: RunLoop = RunLoop(), tapCountSettings: TapCountSettings = TapCountSettings(),
        inputQueueCapacity: Int = Application.defaultInputQueueCapacity
    ) {
        self.runLoop = runLoop
        self.inputQueue = ContiguousArray(repeating: QueuedInput(), count: max(inputQueueCapacity, 1))
        self.pressResponders = ContiguousArray(repeating: PressResponder(), count: 16)
        let dispatcher = TouchDispatcher(runLoop: runLoop, tapCountSettings: tapCountSettings)
        self.touchDispatcher = dispatcher
        self.displayLink = DisplayLink(runLoop: runLoop)
        self.viewAnimator = ViewAnimator(displayLink: displayLink)
        super.init()
        viewAnimator.application = self
        focusSystem.application = self
        dispatcher.application = self
        pressEvent.rebind(to: dispatcher)
        screen.attach(to: self)
    }

    /// What the runtime worked around instead of stopping; each kind said once.
    public var warnings: RuntimeWarnings { runLoop.warnings }

    /// The memory rasterized views keep their pictures in (`Layer.shouldRasterize`).
    public let rasterization = RasterizationBudget()

    /// How many frames may wait between two turns of the loop.
    public var inputQueueCapacity: Int { inputQueue.count }

    /// UIKit's `isIdleTimerDisabled`: true holds the screen awake (and wakes
    /// it), whatever `Screen.idlePolicy` says; false counts the idle time
    /// from now. For a screen people watch without touching: a video, a
    /// gauge during a process.
    public var isIdleTimerDisabled: Bool {
        get { screen.idleTimerDisabled }
        set { screen.setIdleTimerDisabled(newValue) }
    }

    deinit {
        // A save still pending on the run loop (which may outlive this
        // application), or an app keeping the object, must not read it after it is gone.
        stateRestoration?.detach()
        screen.detach()
        for window in windows {
            window.owningApplication = nil
            window.visibilityMayHaveChanged() // activity indicators let go of the display link
        }
        // Its windows left it: their touches are cancelled (views and
        // recognizers hear it; the chains end at the windows now), and the
        // recognizers that finished go back to possible, ready for another application.
        touchDispatcher.applicationWillEnd(at: runLoop.now)
        touchDispatcher.resetFinishedRecognizers()
        // What the app may keep reads as detached from now on (docs/memory.md).
        focusSystem.application = nil
        keyboardPresenterStorage?.application = nil
        touchDispatcher.application = nil
        pressEvent.dispatcher = nil
        // The stored properties go in no set order: the run loop may be freed
        // before the views whose recognizers would reach it through the
        // dispatcher. Recognizers let go of the dispatcher now, while everything still exists.
        touchDispatcher.lifetime.end()
        displayLink.invalidate()
        viewAnimator.application = nil
    }

    /// Adds `window` in front of the others; a window in another application leaves that one first.
    public func addWindow(_ window: Window) {
        if let previous = window.owningApplication, previous !== self { previous.removeWindow(window) }
        takeOut(window)
        windows.append(window)
        window.owningApplication = self
        // Laid out before it joined, it was left to right.
        if userInterfaceLayoutDirection == .rightToLeft { window.setNeedsLayoutInSubtree() }
        window.visibilityMayHaveChanged() // an activity indicator in it may start spinning
    }

    /// Takes `window` out of the application. Its touches are cancelled, as
    /// UIKit's are when a window leaves the screen: no event reaches it any
    /// more, so its views hear `touchesCancelled` (now, or once the delivery
    /// in progress ends) and a finger on it is ignored until it lifts.
    public func removeWindow(_ window: Window) {
        guard takeOut(window) else { return }
        window.owningApplication = nil
        window.visibilityMayHaveChanged() // its activity indicators leave the display link
        touchDispatcher.windowDidLeaveApplication(at: runLoop.now)
    }

    /// Removes `window` from `windows`; false when it was not there.
    @discardableResult @usableFromInline func takeOut(_ window: Window) -> Bool {
        guard let index = windows.firstIndex(where: { $0 === window }) else { return false }
        if let focused = focusSystem.focusedView, focused.window === window { focusSystem.viewDidLeave(focused) }
        windows.remove(at: index)
        return true
    }

    // MARK: Input

    /// Queues a frame of touch contacts, in screen points, from input `source`.
    /// A full queue drops the oldest frame: the newest state matters most.
    public func enqueue(_ frame: TouchFrame, source: Int = 0) {
        // Written in place: building a whole entry would also copy and
        // destroy its press and encoder parts, on every frame.
        let slot = takeQueueSlot()
        inputQueue[slot].frame = frame
        inputQueue[slot].source = source
    }

    /// Queues a key press from input `source`, to reach the first responder in
    /// order with the touches around it (R9, R14).
    public func enqueue(_ press: Press) {
        let slot = takeQueueSlot()
        inputQueue[slot].press = press
        inputQueue[slot].source = press.source
    }

    /// Queues a rotary encoder's turn or push from input `source`, for the
    /// `focusSystem`, in order with touches and presses (R14).
    public func enqueue(_ event: EncoderEvent, source: Int = 0) {
        let slot = takeQueueSlot()
        inputQueue[slot].encoder = event
        inputQueue[slot].source = source
    }

    /// The queue's next free entry, now counted in, dropping the oldest when
    /// the queue is full. A free entry holds no press and no encoder event
    /// (taking or dropping one clears them), so a touch frame written into it
    /// reads as a frame.
    @usableFromInline func takeQueueSlot() -> Int {
        if queueCount == inputQueue.count {
            inputQueue[queueHead].press = nil
            inputQueue[queueHead].encoder = nil
            queueHead = (queueHead + 1) % inputQueue.count
            queueCount -= 1
            droppedInputFrames += 1
            warnings.warnOnce(
                .inputQueueFull,
                "input came faster than the app took it: more than \(inputQueue.count) frames queued, the oldest dropped (Application(inputQueueCapacity:) sets the room)"
            )
        }
        let slot = (queueHead + queueCount) % inputQueue.count
        queueCount += 1
        return slot
    }

    /// One turn of the loop: due timers fire, queued frames are dispatched in
    /// the order they came (R14), next-turn work runs, and the turn ends
    /// (`RunLoop.endTurn()`: with a `FrameDriver`, the frame is laid out,
    /// rendered and presented, as on the device). Each frame goes
    /// past the `screen`'s idle timer first: input keeps the screen awake,
    /// and the touch that wakes a dimmed or blank screen is dropped here,
    /// whole, before any view or recognizer could see it.
    public func runTurn() {
        // App code called from this turn (a completion with nothing to wait for) waits for the next one.
        let outerTurn = ThreadAnimationState.beginTurn(of: runLoop)
        defer { ThreadAnimationState.endTurn(restoring: outerTurn) }
        turnRecord.beginTurn(at: runLoop.now)
        defer { turnRecord.endTurn() }
        runLoop.fireDueTimers()
        while queueCount > 0 {
            let index = queueHead
            queueHead = (queueHead + 1) % inputQueue.count
            queueCount -= 1
            if let press = inputQueue[index].press {
                inputQueue[index].press = nil // let go of its strings now
                turnRecord.beginInput(.key, detail: UInt64(press.keyCode))
                if screen.filterPress(press) { continue }
                sendPress(press)
                continue
            }
            if let encoder = inputQueue[index].encoder {
                inputQueue[index].encoder = nil
                turnRecord.beginInput(.encoder, detail: TurnRecord.detail(of: encoder))
                if !screen.filterDiscreteInput() { focusSystem.handle(encoder) }
                continue
            }
            let frame = inputQueue[index].frame
            let source = inputQueue[index].source
            turnRecord.beginInput(.touchFrame, detail: TurnRecord.detail(of: frame))
            if screen.filterInput(frame, source: source) { continue }
            // A finger on the screen hides the focus ring (docs/focus.md).
            if !frame.isEmpty { focusSystem.touchDidLand() }
            touchDispatcher.process(frame, source: source)
        }
        turnRecord.activity = .nextTurnWork
        runLoop.performNextTurnWork()
        turnRecord.activity = .frame
        runLoop.endTurn()
    }

    /// Whether frames are waiting for `runTurn()`.
    public var hasQueuedInput: Bool { queueCount > 0 }

    /// Cancels the touches of input `source`, or of every source when `nil`:
    /// for a device that vanished (rule 5), so no touch stays stuck down.
    public func cancelTouches(source: Int? = nil) {
        touchDispatcher.cancelTouches(source: source, at: runLoop.now)
        screen.inputSourceVanished(source)
    }

    /// Delivers a key press to the first responder, or to the front window
    /// when there is none (R9). A key's repeats, end and cancel go where its
    /// began went, while that responder is still in the app's chain (a view
    /// still in a window); otherwise to the first responder as it is now.
    public func sendPress(_ press: Press) {
        pressEvent.timestamp = runLoop.now
        // Not `firstResponder ?? windows.last`: that allocated once per press in a debug build.
        var target: Responder? = firstResponder
        if target == nil && !windows.isEmpty { target = windows[windows.count - 1] }
        let slot = pressSlot(press)
        if press.phase == .began && !press.isRepeat {
            if let slot { pressResponders[slot].responder = target } else { recordPress(press, target) }
        } else if let slot {
            if let responder = pressResponders[slot].responder, responder.application === self { target = responder }
            if press.phase != .began { pressResponders[slot] = PressResponder() }
        }
        switch press.phase {
        case .began: target?.pressesBegan(press, with: pressEvent)
        case .ended: target?.pressesEnded(press, with: pressEvent)
        case .cancelled: target?.pressesCancelled(press, with: pressEvent)
        }
    }

    /// The end of the responder chain for presses: a key no responder took
    /// may be a focus key (Tab, Shift-Tab, Return, space: `FocusSystem.handleKey(_:)`).
    open override func pressesBegan(_ press: Press, with event: Event) {
        if !focusSystem.handleKey(press) { super.pressesBegan(press, with: event) }
    }

    open override func pressesEnded(_ press: Press, with event: Event) {
        if !focusSystem.handleKey(press) { super.pressesEnded(press, with: event) }
    }

    @usableFromInline func pressSlot(_ press: Press) -> Int? {
        for i in 0..<pressResponders.count
        where pressResponders[i].isUsed && pressResponders[i].keyCode == press.keyCode
            && pressResponders[i].source == press.source
        {
            return i
        }
        return nil
    }

    @usableFromInline func recordPress(_ press: Press, _ responder: Responder?) {
        // More than 16 keys down at once: the oldest slot is reused (its key ends at the first responder).
        var free = 0
        for i in 0..<pressResponders.count where !pressResponders[i].isUsed {
            free = i
            break
        }
        pressResponders[free] = PressResponder(keyCode: press.keyCode, source: press.source, responder: responder)
    }

    /// Dispatches a touch event to the windows its touches landed in.
    /// Override to observe every event; call `super` to deliver.
    open func sendEvent(_ event: Event) {
        // Index loops: an unoptimized build allocates for `for-in` over an array.
        // The count is read again each time: app code may remove a window meanwhile.
        var i = 0
        while i < windows.count {
            let window = windows[i]
            i += 1
            if !event.touches(for: window).isEmpty { window.sendEvent(event) }
        }
    }

    // MARK: Hit-testing

    /// R4: asks each visible window, front to back, for the view at `screenPoint`.
    /// Returns the window the point landed in (the frontmost containing it),
    /// the point in its coordinates, and the hit view.
    @usableFromInline func hitTest(screenPoint: Point, with event: Event) -> (Window?, Point, View?) {
        var landed: (Window, Point)?
        var i = windows.count
        while i > 0 {
            i -= 1
            let window = windows[i]
            if window.isHidden { continue }
            let point = windowLocation(ofScreenPoint: screenPoint, in: window)
            if let view = window.hitTest(point, with: event) { return (window, point, view) }
            if landed == nil && window.bounds.contains(point) { landed = (window, point) }
        }
        if let landed { return (landed.0, landed.1, nil) }
        return (nil, screenPoint, nil)
    }

    /// `screenPoint` in `window`'s coordinates (screen coordinates without a window).
    @usableFromInline func windowLocation(ofScreenPoint screenPoint: Point, in window: Window?) -> Point {
        guard let window else { return screenPoint }
        return (window.transformToSuperview.inverted ?? .identity).apply(to: screenPoint)
    }
}

/// A key down and the responder its press began at.
@usableFromInline struct PressResponder {
    @usableFromInline var isUsed = false
    @usableFromInline var keyCode: UInt16 = 0
    @usableFromInline var source = 0
    @usableFromInline var responder: Responder?

    @usableFromInline init() {}
    @usableFromInline init(keyCode: UInt16, source: Int, responder: Responder?) {
        isUsed = true
        self.keyCode = keyCode
        self.source = source
        self.responder = responder
    }
}

/// One entry of the application's input queue: a touch frame, or a press.
@usableFromInline struct QueuedInput {
    @usableFromInline var frame = TouchFrame()
    @usableFromInline var press: Press?
    @usableFromInline var encoder: EncoderEvent?
    @usableFromInline var source = 0

    @usableFromInline init() {}
}
