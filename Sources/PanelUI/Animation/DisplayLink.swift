/// Called once per display frame while registered with a `DisplayLink`:
/// UIKit's `CADisplayLink` target. Class-bound, so a frame calls it without
/// allocating.
public protocol DisplayLinkTarget: AnyObject {
    /// Step whatever moves to `DisplayLink.timestamp`. A target may remove
    /// itself (or others) here, and add others: those first fire next frame.
    func displayLinkDidFire(_ link: DisplayLink)
}

/// The one clock every animation steps on: view animations, a switch's thumb,
/// a scroll view's deceleration and bounce, navigation transitions.
/// One per `Application` (`Application.displayLink`).
///
/// It fires only while a target is registered, so an idle screen schedules
/// nothing and uses no CPU. How frames are paced is the host's choice:
/// - **On the run loop's clock** (the default; headless and the simulator):
///   a timer every `frameInterval`, so on a `ManualClock` a frame's values
///   depend only on the clock.
/// - **By the display** (`isPacedByDisplay`; DRM): the host calls
///   `fire(at:)` when the previous frame's page flip completed, so there is
///   one frame per vblank and never two queued for one.
///
/// Targets are retained while registered, as `CADisplayLink` retains its
/// target, in slots allocated up front: registering and firing allocate nothing.
public final class DisplayLink: RunLoopTarget {
    /// Frames per second when the run loop's clock paces the link: 60.
    public static let defaultFrameInterval = 1.0 / 60
    /// The default number of targets registered at once before the slots grow.
    public static let defaultCapacity = 32

    @usableFromInline struct Slot {
        @usableFromInline var target: (any DisplayLinkTarget)?
        /// Added during a frame: first fires in the next one.
        @usableFromInline var isArmed = true
    }

    // Strong: the loop holds the link only while a tick is pending, and the
    // application ends that in its `deinit` (`invalidate()`).
    @usableFromInline let runLoop: RunLoop
    @usableFromInline var slots: ContiguousArray<Slot>
    @usableFromInline var tick: TimerHandle?
    @usableFromInline var isFiring = false

    /// Seconds between frames when the run loop's clock paces the link; a
    /// display-paced host sets it to the mode's refresh interval.
    public var frameInterval: Double = DisplayLink.defaultFrameInterval
    /// The time of the frame being stepped (or of the last one), on the run loop's clock.
    public internal(set) var timestamp = 0.0
    /// Frames fired since the link was created.
    public internal(set) var frameCount = 0
    /// Set by a host that calls `fire(at:)` when the display can take a frame
    /// (page-flip completion). Otherwise run-loop timers pace the link.
    public var isPacedByDisplay = false {
        didSet {
            if isPacedByDisplay, let tick {
                runLoop.cancel(tick)
                self.tick = nil
            }
            scheduleTickIfNeeded()
        }
    }

    /// UIKit's `CADisplayLink.isPaused`: while true no frame fires and no
    /// tick is scheduled; targets stay registered and step again, to the time
    /// then, once it is false. The screen pauses it while blank.
    public var isPaused = false {
        didSet {
            guard isPaused != oldValue else { return }
            if isPaused, let tick {
                runLoop.cancel(tick)
                self.tick = nil
            }
            scheduleTickIfNeeded()
        }
    }

    /// Whether a display-paced host should produce a frame now: a target is
    /// registered and the link is not paused.
    public var wantsFrames: Bool { !isPaused && isActive }

    @usableFromInline init(runLoop: RunLoop, capacity: Int = DisplayLink.defaultCapacity) {
        self.runLoop = runLoop
        slots = ContiguousArray(repeating: Slot(), count: max(capacity, 1))
    }

    /// Whether any target is registered: the host should keep producing frames.
    public var isActive: Bool {
        for i in 0..<slots.count where slots[i].target != nil { return true }
        return false
    }

    /// How many targets are registered (a soak checks it returns to zero).
    public var targetCount: Int {
        var count = 0
        for i in 0..<slots.count where slots[i].target != nil { count += 1 }
        return count
    }

    /// Registers `target` to be called every frame from the next one on; a
    /// target already registered stays registered once.
    public func add(_ target: any DisplayLinkTarget) {
        var free = -1
        for i in 0..<slots.count {
            if slots[i].target === target { return }
            if free < 0 && slots[i].target == nil { free = i }
        }
        if free < 0 {
            free = slots.count
            runLoop.warnings.warnOnce(
                .displayLinkCapacity,
                "more than \(slots.count) display-link targets at once (animations, scroll views): the display link grew its table (an allocation)"
            )
            slots.append(contentsOf: repeatElement(Slot(), count: slots.count))
        }
        slots[free].target = target
        slots[free].isArmed = !isFiring
        scheduleTickIfNeeded()
    }

    /// Stops calling `target`. Safe from inside a frame.
    public func remove(_ target: any DisplayLinkTarget) {
        for i in 0..<slots.count where slots[i].target === target {
            slots[i].target = nil
        }
        if !isActive, let tick {
            runLoop.cancel(tick)
            self.tick = nil
        }
    }

    /// Unregisters every target and cancels the pending frame: the
    /// application's `deinit` calls it, so nothing steps views of an app that is gone.
    public func invalidate() {
        for i in 0..<slots.count { slots[i].target = nil }
        if let tick {
            runLoop.cancel(tick)
            self.tick = nil
        }
    }

    /// Whether `target` is registered.
    public func contains(_ target: any DisplayLinkTarget) -> Bool {
        for i in 0..<slots.count where slots[i].target === target { return true }
        return false
    }

    /// Steps every registered target to `time`, in the order they were
    /// registered into their slots. A display-paced host calls it once per
    /// page flip; the run-loop pacing calls it from its timer.
    public func fire(at time: Double) {
        guard !isFiring, !isPaused else { return }
        isFiring = true
        timestamp = time
        frameCount &+= 1 // wraps, never traps: 2^31 frames are 414 days at 60 Hz on armv7
        // Index loop, re-reading the count: a target may add others (they wait a frame).
        var i = 0
        while i < slots.count {
            if slots[i].isArmed, let target = slots[i].target {
                target.displayLinkDidFire(self)
            }
            i += 1
        }
        for j in 0..<slots.count { slots[j].isArmed = true }
        isFiring = false
        scheduleTickIfNeeded()
    }

    @usableFromInline func scheduleTickIfNeeded() {
        guard !isPacedByDisplay, !isPaused, tick == nil, !isFiring, isActive else { return }
        tick = runLoop.schedule(after: frameInterval, target: self)
    }

    public func runLoopDidFire(_ handle: TimerHandle) {
        guard tick == handle else { return }
        tick = nil
        fire(at: runLoop.now)
    }
}
