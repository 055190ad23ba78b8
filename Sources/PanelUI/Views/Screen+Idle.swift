/// The screen's brightness and its idle timer: awake → dimmed → blank after
/// the policy's times without input, back to awake at the next touch, which
/// is swallowed. Everything runs on the application's run loop: one timer at
/// the next transition, never a polling period; an input frame costs a clock
/// read and a few stores, and allocates nothing.
extension Screen {
    // MARK: Brightness

    /// UIKit's `UIScreen.brightness`: the backlight while the screen is
    /// awake, 0 (the dimmest usable level, not off) to 1. Out-of-range values
    /// are clamped. While dimmed or blank the value is kept and applied when
    /// the screen wakes. Without a backlight driver it is only stored.
    public var brightness: Double {
        get { storedBrightness }
        set {
            guard !newValue.isNaN else { return }
            storedBrightness = min(max(newValue, 0), 1)
            if idleState == .awake { backlightDriver?.brightness = storedBrightness }
        }
    }

    /// The backlight driver the host installed; nil where there is none.
    /// Installing one lights it at `brightness` (or at the dim level, or
    /// turns it off, as `idleState` says).
    public var backlight: (any Backlight)? {
        get { backlightDriver }
        set {
            backlightDriver = newValue
            applyBacklight()
        }
    }

    /// What blanks the display; the host installs its display backend here.
    public var blanking: (any DisplayBlanking)? {
        get { blankingDriver }
        set { blankingDriver = newValue }
    }

    // MARK: The idle timer

    /// When the screen dims and blanks. The board file's `idle` section sets
    /// it at launch; an app may change it at any time. Setting it wakes the
    /// screen and counts the idle time from now.
    public var idlePolicy: IdlePolicy {
        get { storedPolicy }
        set {
            storedPolicy = newValue
            wake()
        }
    }

    /// Whether the screen is dimmed or blank.
    public var isIdle: Bool { idleState != .awake }

    /// Wakes the screen as a touch would, for an app that has something to
    /// show (an alarm): the display on, the backlight at `brightness`,
    /// the idle time counted from now. No touch is swallowed.
    public func wake() {
        lastActivity = application?.runLoop.now ?? 0
        setIdleState(.awake)
        rearmIdleTimer()
    }

    // MARK: Observing

    /// Calls `action` on `target` after `idleState` changes. The target is
    /// not retained, as a control's is not (memory.md); UIKit has no such
    /// notification, so the shape is a control's target-action.
    public func addTarget<Target: LifetimeTracked>(_ target: Target, action: @escaping (Target) -> (Screen) -> Void) {
        stateTargets.add(target, action: action)
    }

    /// Calls `action` after `idleState` changes; the closure is retained.
    public func addAction(_ action: @escaping (Screen) -> Void) {
        stateTargets.add(action: action)
    }

    /// Removes `target`'s actions, or every target and action when nil.
    public func removeTarget(_ target: AnyObject?) {
        stateTargets.remove(target)
    }

    // MARK: For the application

    /// Starts the idle time at the application's creation.
    @usableFromInline func attach(to application: Application) {
        self.application = application
        lastActivity = application.runLoop.now
    }

    /// The application is going: no timer may call into it.
    @usableFromInline func detach() {
        if let idleTimer { application?.runLoop.cancel(idleTimer) }
        idleTimer = nil
        idleTimerDeadline = .infinity
        application = nil
    }

    /// `Application.isIdleTimerDisabled`: true wakes the screen and keeps it
    /// awake; false counts the idle time from now.
    @usableFromInline func setIdleTimerDisabled(_ disabled: Bool) {
        guard disabled != idleTimerDisabled else { return }
        idleTimerDisabled = disabled
        wake()
    }

    /// Every input frame passes here before the touch tracker sees it.
    /// Returns true when the frame belongs to the touch that woke the screen
    /// and must be dropped. No allocation: a clock read, a few stores, and a
    /// timer scheduled only at a lift that finds none pending.
    @usableFromInline func filterInput(_ frame: TouchFrame, source: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(min(max(source, 0), 63))
        if frame.isEmpty { sourcesDown &= ~bit } else { sourcesDown |= bit }
        guard storedPolicy.isEnabled || isSwallowingTouches || idleState != .awake else { return false }
        return idleInput(frame)
    }

    @usableFromInline func idleInput(_ frame: TouchFrame) -> Bool {
        lastActivity = application?.runLoop.now ?? lastActivity
        if isSwallowingTouches {
            // The wake touch goes on until every finger is up: its moves and lifts too.
            if sourcesDown == 0 {
                isSwallowingTouches = false
                rearmIdleTimer()
            }
            return true
        }
        if !frame.isEmpty && wakeForInput() {
            isSwallowingTouches = true
            return true
        }
        // While a finger is down the timer waits; the lift arms it again.
        if sourcesDown == 0 && idleTimer == nil { rearmIdleTimer() }
        return false
    }

    /// Input that finds the screen dimmed or blank wakes it. Returns whether
    /// that waking input is dropped: always on a blank screen, on a dimmed one
    /// as the policy says. The one rule touches, keys and encoders share.
    @usableFromInline func wakeForInput() -> Bool {
        guard idleState != .awake else { return false }
        let swallows = idleState == .blank || storedPolicy.swallowsWakeTouchWhenDimmed
        setIdleState(.awake)
        return swallows
    }

    /// A rotary encoder's turn or push passes here before the focus system
    /// sees it: it keeps the screen awake, and one that finds the screen
    /// dimmed or blank wakes it and is dropped (true), as the wake touch is.
    @usableFromInline func filterDiscreteInput() -> Bool {
        guard storedPolicy.isEnabled || idleState != .awake else { return false }
        lastActivity = application?.runLoop.now ?? lastActivity
        let swallows = wakeForInput()
        if sourcesDown == 0 && idleTimer == nil { rearmIdleTimer() }
        return swallows
    }

    /// Every key press passes here before the first responder sees it: a key
    /// keeps the screen awake, and the key that wakes a blank screen (or a
    /// dimmed one, when the policy swallows the wake touch) is dropped, with
    /// its repeats and its end, as the waking touch is.
    @usableFromInline func filterPress(_ press: Press) -> Bool {
        if let key = swallowedKey, key.keyCode == press.keyCode, key.source == press.source {
            if press.phase != .began { swallowedKey = nil }
            lastActivity = application?.runLoop.now ?? lastActivity
            return true
        }
        guard storedPolicy.isEnabled || idleState != .awake else { return false }
        lastActivity = application?.runLoop.now ?? lastActivity
        if press.phase == .began && wakeForInput() {
            swallowedKey = (press.keyCode, press.source)
            rearmIdleTimer()
            return true
        }
        if sourcesDown == 0 && idleTimer == nil { rearmIdleTimer() }
        return false
    }

    /// A device went away (`source`), or all of them (nil): its fingers are up.
    @usableFromInline func inputSourceVanished(_ source: Int?) {
        if let source {
            sourcesDown &= ~(UInt64(1) << UInt64(min(max(source, 0), 63)))
        } else {
            sourcesDown = 0
        }
        if sourcesDown == 0 && isSwallowingTouches {
            isSwallowingTouches = false
        }
        if sourcesDown == 0 && idleTimer == nil { rearmIdleTimer() }
    }

    // MARK: The state machine

    /// When the next transition is due, from the last activity; nil when none is.
    @usableFromInline var nextTransitionTime: Double? {
        guard !idleTimerDisabled else { return nil }
        let policy = storedPolicy
        if idleState == .awake, let dim = policy.dimAfter, policy.blankAfter.map({ dim < $0 }) ?? true {
            return lastActivity + max(dim, 0)
        }
        if idleState != .blank, let blank = policy.blankAfter {
            return lastActivity + max(blank, 0)
        }
        return nil
    }

    /// Schedules the timer for the next transition, moving a pending one that is due later.
    @usableFromInline func rearmIdleTimer() {
        guard let runLoop = application?.runLoop else { return }
        guard let due = nextTransitionTime else {
            if let idleTimer { runLoop.cancel(idleTimer) }
            idleTimer = nil
            idleTimerDeadline = .infinity
            return
        }
        // A timer due earlier finds the idle time not yet up and re-arms itself then:
        // new input needs no new timer.
        if idleTimer != nil && idleTimerDeadline <= due { return }
        if let idleTimer { runLoop.cancel(idleTimer) }
        idleTimerDeadline = due
        idleTimer = runLoop.schedule(after: due - runLoop.now, target: self, tag: 0)
    }

    public func runLoopDidFire(_ handle: TimerHandle) {
        guard handle == idleTimer, let runLoop = application?.runLoop else { return }
        idleTimer = nil
        idleTimerDeadline = .infinity
        // A finger resting on the panel sends nothing (H3) but is not idle: its lift re-arms.
        guard !idleTimerDisabled, sourcesDown == 0 else { return }
        let idle = runLoop.now - lastActivity
        // A hair of slack: the deadline came back through a subtraction and an addition.
        let slack = 1e-9
        let policy = storedPolicy
        if let blank = policy.blankAfter, idle >= blank - slack {
            setIdleState(.blank)
        } else if let dim = policy.dimAfter, idle >= dim - slack, idleState == .awake {
            setIdleState(.dimmed)
        }
        rearmIdleTimer()
    }

    @usableFromInline func setIdleState(_ state: IdleState) {
        guard state != idleState else { return }
        let old = idleState
        idleState = state
        if state == .blank {
            // The light first, then the picture: no glow of an emptied panel.
            applyBacklight()
            blankingDriver?.setBlanked(true)
            application?.displayLink.isPaused = true
        } else if old == .blank {
            // The picture first, whole, then the light.
            blankingDriver?.setBlanked(false)
            if let application {
                application.displayLink.isPaused = false
                for i in 0..<application.windows.count { application.windows[i].markDirty(nil) }
            }
            applyBacklight()
        } else {
            applyBacklight()
        }
        // An action may add or remove others: added ones count from the next change (TargetActionList).
        stateTargets.send(from: self)
    }

    /// Puts the backlight where `idleState` wants it.
    @usableFromInline func applyBacklight() {
        guard let backlight = backlightDriver else { return }
        switch idleState {
        case .awake:
            backlight.brightness = storedBrightness
            if !backlight.isOn { backlight.isOn = true }
        case .dimmed:
            backlight.brightness = min(storedBrightness, min(max(storedPolicy.dimBrightness, 0), 1))
            if !backlight.isOn { backlight.isOn = true }
        case .blank:
            if backlight.isOn { backlight.isOn = false }
        }
    }
}
