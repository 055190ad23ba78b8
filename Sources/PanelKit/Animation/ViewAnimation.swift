/// Options of ``View/animate(withDuration:delay:options:animations:completion:)``, as UIKit's.
public struct AnimationOptions: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Touches reach the animating views. Without it they pass through them
    /// until the animation ends, as in UIKit.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from what the screen shows now (the presentation) when the view
    /// is already animating. Without it an interrupted property starts from
    /// its model value before the change: the previous animation's end.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)

    /// The default curve.
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    @usableFromInline var curve: TimingCurve {
        switch (rawValue >> 16) & 3 {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInOut
        }
    }
}

/// One `animate` call: its completion runs once every view animation it
/// started has ended, told whether all ran to their end.
@usableFromInline final class AnimationGroup: RunLoopTarget {
    @usableFromInline var completion: ((Bool) -> Void)?
    @usableFromInline var pending = 0
    @usableFromInline var finished = true

    @usableFromInline init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    @usableFromInline func animationDidEnd(finished: Bool) {
        if !finished { self.finished = false }
        pending -= 1
        if pending == 0 { complete() }
    }

    @usableFromInline func complete() {
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }

    // An animation that changed nothing completes on the next turn, as UIKit's.
    @usableFromInline func runLoopDidFire(_ handle: TimerHandle) { complete() }
}

/// One view's part of one `animate` call: the properties the block changed,
/// where they started and where they end, and when.
@usableFromInline final class ViewAnimation {
    @usableFromInline let view: View
    @usableFromInline var properties: AnimatedProperties = []
    @usableFromInline var from: ViewPresentation
    @usableFromInline var to: ViewPresentation
    @usableFromInline var startTime = 0.0
    @usableFromInline var duration = 0.0
    @usableFromInline var curve = TimingCurve.easeInOut
    @usableFromInline var blocksInteraction = true
    @usableFromInline let group: AnimationGroup
    @usableFromInline var isDone = false
    @usableFromInline var didFinish = true

    @usableFromInline init(view: View, group: AnimationGroup) {
        self.view = view
        self.group = group
        from = ViewPresentation(modelOf: view)
        to = from
    }
}

/// What an open `animate` block records: the view changes it makes become
/// animations instead of jumps.
@usableFromInline final class AnimationCapture {
    @usableFromInline let options: AnimationOptions
    @usableFromInline let group: AnimationGroup
    @usableFromInline var animations: [ViewAnimation] = []

    @usableFromInline init(options: AnimationOptions, group: AnimationGroup) {
        self.options = options
        self.group = group
    }

    /// The animation being recorded for `view`, made on its first change.
    @usableFromInline func animation(for view: View) -> ViewAnimation {
        for animation in animations where animation.view === view { return animation }
        let animation = ViewAnimation(view: view, group: group)
        animations.append(animation)
        return animation
    }
}

/// libc's `pthread_self`: the core imports no C module, and this is all it needs of one.
@_silgen_name("pthread_self") @usableFromInline func currentThreadIdentifier() -> UInt

/// The `animate` blocks being run, one per thread: view setters record into
/// their thread's. A UI runs on one thread, but tests run apps on several at
/// once, and one thread's block must not capture another's views. Slots are
/// found by the thread's identifier; a thread writes only the slot it claimed.
/// The captures are unretained: `View.run` holds its capture while it is open.
@usableFromInline enum OpenAnimationBlocks {
    @usableFromInline struct Slot {
        @usableFromInline var thread: UInt = 0
        @usableFromInline var capture: Unmanaged<AnimationCapture>?
    }

    @usableFromInline static let slotCount = 64
    @usableFromInline nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        return slots
    }()

    @inline(__always) @usableFromInline static func home(of thread: UInt) -> Int {
        // Thread identifiers are addresses a stack apart: mix the high bits in.
        Int(truncatingIfNeeded: (thread >> 12) ^ (thread >> 24)) & (slotCount - 1)
    }

    /// This thread's open block, if any.
    @usableFromInline static var current: AnimationCapture? {
        let me = currentThreadIdentifier()
        var i = home(of: me)
        for _ in 0..<4 {
            if slots[i].thread == me { return slots[i].capture?.takeUnretainedValue() }
            i = (i + 1) & (slotCount - 1)
        }
        return nil
    }

    /// Makes `capture` this thread's open block (nil closes it); false when
    /// no slot was free, and the block's changes then happen at once.
    @usableFromInline @discardableResult static func setCurrent(_ capture: AnimationCapture?) -> Bool {
        let me = currentThreadIdentifier()
        var i = home(of: me)
        for _ in 0..<4 {
            if slots[i].thread == me || (slots[i].thread == 0 && capture != nil) {
                if let capture {
                    slots[i].capture = Unmanaged.passUnretained(capture)
                    slots[i].thread = me
                } else {
                    slots[i].thread = 0
                    slots[i].capture = nil
                }
                return true
            }
            i = (i + 1) & (slotCount - 1)
        }
        return capture == nil
    }
}

extension View {
    /// This thread's open `animate` block, if any: view setters record into it.
    @usableFromInline static var openCapture: AnimationCapture? { OpenAnimationBlocks.current }

    /// Animates the changes `animations` makes to views' ``frame``, ``bounds``,
    /// ``center``, ``alpha``, ``transform`` and ``backgroundColor``:
    /// UIKit's `UIView.animate`. The views' own values change at once (and
    /// hit-testing uses them); the screen shows values leading there over
    /// `duration` seconds after `delay`, stepped by the application's
    /// ``DisplayLink``. `completion` runs when every change ended, told
    /// whether all ran to their end (false when one was interrupted by
    /// another animation of the same property).
    ///
    /// Views not in an application's window change at once.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: delay, options: options, curve: options.curve,
            animations: animations, completion: completion)
    }

    /// ``animate(withDuration:delay:options:animations:completion:)`` on a
    /// spring: `dampingRatio` 1 settles without overshoot, lower values
    /// oscillate; `velocity` is the initial speed in whole distances per second
    /// (UIKit's unit: 1 covers the whole change in one second).
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double,
                               options: AnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: delay, options: options,
            curve: .spring(damping: dampingRatio, initialVelocity: velocity * max(duration, 0)),
            animations: animations, completion: completion)
    }

    /// Runs `changes` with no animation, even inside an `animate` block.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let outer = openCapture
        OpenAnimationBlocks.setCurrent(nil)
        changes()
        OpenAnimationBlocks.setCurrent(outer)
        withExtendedLifetime(outer) {}
    }

    @usableFromInline static func run(duration: Double, delay: Double, options: AnimationOptions, curve: TimingCurve,
                                      animations: () -> Void, completion: ((Bool) -> Void)?) {
        let group = AnimationGroup(completion: completion)
        let capture = AnimationCapture(options: options, group: group)
        let outer = openCapture
        OpenAnimationBlocks.setCurrent(capture)
        animations()
        OpenAnimationBlocks.setCurrent(outer)
        withExtendedLifetime(outer) {}
        var animator: ViewAnimator?
        for animation in capture.animations {
            guard let application = animation.view.window?.owningApplication else {
                // The block took the view out of its app: it jumps, as outside a block.
                animation.view.dropPresentation(of: animation.properties)
                continue
            }
            animation.to.copy(animation.properties, from: ViewPresentation(modelOf: animation.view))
            animation.startTime = application.runLoop.now + (delay.isFinite ? max(delay, 0) : 0)
            animation.duration = duration.isFinite ? max(duration, 0) : 0
            animation.curve = curve
            animation.blocksInteraction = !options.contains(.allowUserInteraction)
            group.pending += 1
            application.viewAnimator.start(animation)
            animator = application.viewAnimator
        }
        if group.pending == 0 {
            if let application = capture.animations.first?.view.window?.owningApplication ?? animator?.application {
                application.runLoop.performOnNextTurn(target: group)
            } else {
                group.complete()
            }
        }
    }

    /// What the screen shows of this view now: its model values, or where
    /// a running animation has them.
    public var presentation: ViewPresentation {
        var shown = ViewPresentation(modelOf: self)
        if let presentationState { shown.copy(presentedProperties, from: presentationState) }
        return shown
    }

    /// The screen shows the model's `properties` again; the whole model once no animation runs.
    @usableFromInline func dropPresentation(of properties: AnimatedProperties) {
        presentedProperties.subtract(properties)
        if presentedProperties.isEmpty { presentationState = nil }
        presentationDidChange()
    }

    /// Called by the setters of animatable properties after the model
    /// changed, with what the model was before. Inside an `animate` block the
    /// change becomes an animation: the screen keeps showing the start value.
    @usableFromInline func recordAnimatedChange(_ property: AnimatedProperties, oldModel: ViewPresentation) {
        guard let capture = View.openCapture, window?.owningApplication != nil else { return }
        let animation = capture.animation(for: self)
        if !animation.properties.contains(property) {
            animation.properties.insert(property)
            var current = oldModel
            if let presentationState { current.copy(presentedProperties, from: presentationState) }
            let start = capture.options.contains(.beginFromCurrentState) ? current : oldModel
            animation.from.copy(property, from: start)
            current.copy(property, from: start)
            presentationState = current
            presentedProperties.insert(property)
        }
    }
}

/// Steps an application's running view animations on its display link:
/// each frame sets their views' presentation values and marks what moved
/// dirty. Running animations sit in storage reserved up front, so a frame
/// allocates nothing; starting one allocates its records.
public final class ViewAnimator: DisplayLinkTarget {
    @usableFromInline let displayLink: DisplayLink
    @usableFromInline unowned(unsafe) var application: Application?   // owns the animator; cleared in its deinit
    @usableFromInline var running: ContiguousArray<ViewAnimation> = []
    @usableFromInline var ended: ContiguousArray<ViewAnimation> = []

    @usableFromInline init(displayLink: DisplayLink) {
        self.displayLink = displayLink
        running.reserveCapacity(64)
        ended.reserveCapacity(64)
    }

    /// How many view animations are running or waiting for their delay.
    public var runningCount: Int { running.count }

    @usableFromInline func start(_ animation: ViewAnimation) {
        let view = animation.view
        // A property belongs to one animation at a time: the older one lets it go.
        for i in 0..<running.count where running[i].view === view && !running[i].isDone {
            let older = running[i]
            guard !older.properties.isDisjoint(with: animation.properties) else { continue }
            older.properties.subtract(animation.properties)
            if older.properties.isEmpty { retire(older, finished: false) }
        }
        running.append(animation)
        view.runningAnimations += 1
        if animation.blocksInteraction { view.interactionBlockingAnimations += 1 }
        view.presentationDidChange()
        displayLink.add(self)
        if !displayLink.isFiring { sweep() }
    }

    /// Ends `animation` now; its group hears it after the frame.
    @usableFromInline func retire(_ animation: ViewAnimation, finished: Bool) {
        guard !animation.isDone else { return }
        animation.isDone = true
        animation.didFinish = finished
        let view = animation.view
        view.runningAnimations -= 1
        if animation.blocksInteraction { view.interactionBlockingAnimations -= 1 }
        view.dropPresentation(of: animation.properties)
    }

    public func displayLinkDidFire(_ link: DisplayLink) {
        let now = link.timestamp
        for i in 0..<running.count {
            let animation = running[i]
            if animation.isDone { continue }
            let elapsed = now - animation.startTime
            if elapsed < 0 { continue }   // still in its delay: the start value shows
            let t = animation.duration > 0 ? elapsed / animation.duration : 1
            if t >= 1 {
                retire(animation, finished: true)
                continue
            }
            let view = animation.view
            var shown = view.presentationState ?? animation.from
            shown.interpolate(animation.properties, from: animation.from, to: animation.to,
                              progress: animation.curve.progress(at: t))
            view.presentationState = shown
            view.presentationDidChange()
        }
        sweep()
    }

    /// Drops ended animations and tells their groups, after the frame, so a
    /// completion that starts another animation appends to a list nobody reads.
    @usableFromInline func sweep() {
        var kept = 0
        for i in 0..<running.count {
            let animation = running[i]
            if animation.isDone { ended.append(animation) } else { running[kept] = animation; kept += 1 }
        }
        running.removeLast(running.count - kept)
        if running.isEmpty { displayLink.remove(self) }
        // Taken off before it is told: a completion may start animations,
        // and a nested sweep drains the same queue.
        while !ended.isEmpty {
            let animation = ended.removeFirst()
            animation.group.animationDidEnd(finished: animation.didFinish)
        }
    }

    /// Ends every running animation of `view` where it is: the model values
    /// show. (A view leaving its window stops animating.)
    public func removeAnimations(of view: View) {
        for i in 0..<running.count where running[i].view === view {
            retire(running[i], finished: false)
        }
        if !displayLink.isFiring { sweep() }
    }
}
