/// Options of `View.animate(withDuration:delay:options:animations:completion:)`, as UIKit's.
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
/// started has ended, told whether all ran to their end. Kept by an
/// animator between calls (`ViewAnimator`), so animating allocates nothing.
@usableFromInline final class AnimationGroup: RunLoopTarget {
    @usableFromInline var completion: ((Bool) -> Void)?
    /// Animations started and not ended yet.
    @usableFromInline var pending = 0
    @usableFromInline var finished = true
    /// The next completion waiting on this thread: behind a running
    /// completion, or for a run loop to turn (a group is in one list at a time).
    @usableFromInline var nextWaiting: AnimationGroup?

    @usableFromInline init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// Runs the completion, once.
    @usableFromInline func complete() {
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }

    // A group with no animation to wait for completes on the next turn, as UIKit's.
    @usableFromInline func runLoopDidFire(_ handle: TimerHandle) { ThreadAnimationState.runCompletion(of: self) }
}

/// One view's part of one `animate` call: the properties the block changed,
/// where they started and where they end, and when. Records are reused
/// (`ViewAnimator` keeps the ended ones), so each field is set per use.
@usableFromInline final class ViewAnimation {
    /// The view animated; nil while the record waits for its next use.
    @usableFromInline var view: View?
    @usableFromInline var properties: AnimatedProperties = []
    @usableFromInline var from: ViewPresentation
    @usableFromInline var to: ViewPresentation
    @usableFromInline var startTime = 0.0
    @usableFromInline var duration = 0.0
    @usableFromInline var curve = TimingCurve.easeInOut
    @usableFromInline var blocksInteraction = true
    /// Told when the animation ends; nil for a call without a completion.
    @usableFromInline var group: AnimationGroup?
    @usableFromInline var isDone = false
    @usableFromInline var didFinish = true
    /// The open `animate` block recording into it; 0 once it started.
    @usableFromInline var captureID: UInt64 = 0
    /// The next record of the same view (`View.firstAnimation`). Unretained:
    /// a linked record is held by the block recording it or by the running list.
    @usableFromInline unowned(unsafe) var nextOfView: ViewAnimation?
    /// The next record of the same open block.
    @usableFromInline var nextInCapture: ViewAnimation?
    /// The animator running it, once started. Unretained: it holds the record while it runs.
    @usableFromInline unowned(unsafe) var animator: ViewAnimator?

    @usableFromInline init(view: View) {
        from = ViewPresentation(modelOf: view)
        to = from
        prepare(for: view)
    }

    /// Readies the record for a new animation of `view`.
    @usableFromInline func prepare(for view: View) {
        self.view = view
        properties = []
        from = ViewPresentation(modelOf: view)
        to = from
        group = nil
        animator = nil
        isDone = false
        didFinish = true
    }
}

// libc's thread-specific data: the core imports no C module, and this is all it
// needs of one. `pthread_key_t` is an `unsigned int` on Linux, an `unsigned long` on Darwin.
#if os(Linux)
    @usableFromInline typealias ThreadKey = UInt32
#else
    @usableFromInline typealias ThreadKey = UInt
#endif
@_silgen_name("pthread_key_create") @usableFromInline
func threadKeyCreate(
    _ key: UnsafeMutablePointer<ThreadKey>,
    _ destructor: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
) -> Int32
@_silgen_name("pthread_getspecific") @usableFromInline func threadSpecific(_ key: ThreadKey) -> UnsafeMutableRawPointer?
@_silgen_name("pthread_setspecific") @usableFromInline
func setThreadSpecific(_ key: ThreadKey, _ value: UnsafeRawPointer?) -> Int32

/// What `View.animate` keeps per thread: the block being run (view setters
/// record into their thread's), the run loop turning on the thread (where a
/// completion waits for its turn), the completions waiting for the one
/// running, and those asked outside any turn, waiting for the next. A UI runs on one thread, but tests run apps on several at once,
/// and one thread's block must not capture another's views: the state is
/// the thread's own (thread-specific data), made on its first use and freed
/// when the thread ends. Nothing here allocates after that.
@usableFromInline enum ThreadAnimationState {
    /// An open `animate` block: its id tags the records it makes, which it holds in order.
    @usableFromInline struct Capture {
        @usableFromInline var id: UInt64 = 0 // 0: none open
        @usableFromInline var options: AnimationOptions = []
        @usableFromInline var first: ViewAnimation?
        @usableFromInline unowned(unsafe) var last: ViewAnimation?
        @usableFromInline init() {}
    }

    @usableFromInline struct Slot {
        @usableFromInline var capture = Capture()
        /// Blocks opened on this thread so far: a new block's id.
        @usableFromInline var blocksOpened: UInt64 = 0
        /// The loop whose turn is running on this thread (set by `Application.runTurn()`
        /// and `RunLoop.advance(to:)`), alive while it is set.
        @usableFromInline unowned(unsafe) var turningRunLoop: RunLoop?
        /// A completion is running: one due meanwhile queues behind it.
        @usableFromInline var isCompleting = false
        @usableFromInline var firstWaiting: AnimationGroup?
        @usableFromInline unowned(unsafe) var lastWaiting: AnimationGroup?
        /// Completions asked outside any turn (set-up code, a test's body):
        /// the next turn of a run loop on this thread runs them.
        @usableFromInline var firstForNextTurn: AnimationGroup?
        @usableFromInline unowned(unsafe) var lastForNextTurn: AnimationGroup?
    }

    @usableFromInline static let key: ThreadKey = {
        var key: ThreadKey = 0
        _ = threadKeyCreate(&key) { state in
            guard let state else { return }
            let slot = state.assumingMemoryBound(to: Slot.self)
            slot.deinitialize(count: 1)
            slot.deallocate()
        }
        return key
    }()

    /// This thread's state; made on first use when `create` is true.
    @usableFromInline static func slot(create: Bool) -> UnsafeMutablePointer<Slot>? {
        if let state = threadSpecific(key) { return state.assumingMemoryBound(to: Slot.self) }
        guard create else { return nil }
        let slot = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
        slot.initialize(to: Slot())
        guard setThreadSpecific(key, slot) == 0 else {
            slot.deinitialize(count: 1)
            slot.deallocate()
            return nil
        }
        return slot
    }

    /// This thread's open block, if any.
    @usableFromInline static var openCapture: UnsafeMutablePointer<Slot>? {
        guard let slot = slot(create: false), slot.pointee.capture.id != 0 else { return nil }
        return slot
    }

    /// Makes `capture` this thread's open block (an empty one closes it); false
    /// when the thread's state could not be made, and the block's changes then happen at once.
    @usableFromInline @discardableResult static func setCapture(_ capture: Capture) -> Bool {
        guard let slot = slot(create: capture.id != 0) else { return capture.id == 0 }
        slot.pointee.capture = capture
        return true
    }

    /// Marks `runLoop` as turning on this thread; returns the loop it replaces.
    @usableFromInline static func beginTurn(of runLoop: RunLoop) -> RunLoop? {
        guard let slot = slot(create: true) else { return nil }
        let outer = slot.pointee.turningRunLoop
        slot.pointee.turningRunLoop = runLoop
        return outer
    }

    /// Runs `group`'s completion on a later turn: the next of the loop
    /// turning now, or, outside any turn, at the end of the next turn of any
    /// loop on this thread.
    @usableFromInline static func completeOnNextTurn(_ group: AnimationGroup) {
        if let runLoop = turningRunLoop {
            runLoop.performOnNextTurn(target: group)
            return
        }
        guard let slot = slot(create: true) else {
            group.complete() // no per-thread state could be made: nothing else can hold it
            return
        }
        if let last = slot.pointee.lastForNextTurn {
            last.nextWaiting = group
        } else {
            slot.pointee.firstForNextTurn = group
        }
        slot.pointee.lastForNextTurn = group
    }

    /// Ends the turn: completions asked outside any turn before it began
    /// run now, once it is over (ones they ask wait for a later turn).
    @usableFromInline static func endTurn(restoring outer: RunLoop?) {
        guard let slot = slot(create: false) else { return }
        slot.pointee.turningRunLoop = outer
        var next = slot.pointee.firstForNextTurn
        slot.pointee.firstForNextTurn = nil
        slot.pointee.lastForNextTurn = nil
        while let group = next {
            next = group.nextWaiting
            group.nextWaiting = nil
            runCompletion(of: group)
        }
    }

    /// The loop turning on this thread, if any.
    @usableFromInline static var turningRunLoop: RunLoop? { slot(create: false)?.pointee.turningRunLoop }

    /// Runs `group`'s completion now, unless another completion is running
    /// on this thread: then it waits until that one returned, which runs it.
    /// So a completion never runs inside another, and a chain of them (each
    /// starting the next animation, or interrupting one) takes no stack.
    /// Returns whether it ran now.
    @usableFromInline @discardableResult static func runCompletion(of group: AnimationGroup) -> Bool {
        guard let slot = slot(create: true) else {
            group.complete()
            return true
        }
        if slot.pointee.isCompleting {
            if let last = slot.pointee.lastWaiting {
                last.nextWaiting = group
            } else {
                slot.pointee.firstWaiting = group
            }
            slot.pointee.lastWaiting = group
            return false
        }
        slot.pointee.isCompleting = true
        var next: AnimationGroup? = group
        while let current = next {
            current.complete()
            // Looked up again: the completion ran app code.
            guard let slot = ThreadAnimationState.slot(create: false) else { break }
            next = slot.pointee.firstWaiting
            if let waiting = next {
                slot.pointee.firstWaiting = waiting.nextWaiting
                waiting.nextWaiting = nil
                if slot.pointee.firstWaiting == nil { slot.pointee.lastWaiting = nil }
            }
        }
        ThreadAnimationState.slot(create: false)?.pointee.isCompleting = false
        return true
    }
}

extension View {
    /// This thread's open `animate` block, if any: view setters record into it.
    @usableFromInline static var openCapture: UnsafeMutablePointer<ThreadAnimationState.Slot>? {
        ThreadAnimationState.openCapture
    }

    /// Animates the changes `animations` makes to views' `frame`, `bounds`,
    /// `center`, `alpha`, `transform` and `backgroundColor`:
    /// UIKit's `UIView.animate`. The views' own values change at once (and
    /// hit-testing uses them); the screen shows values leading there over
    /// `duration` seconds after `delay`, stepped by the application's
    /// `DisplayLink`. `completion` runs when every change ended, told
    /// whether all ran to their end (false when one was interrupted by
    /// another animation of the same property), never inside this call: after
    /// the frame that ends the animations, or, for a block that animated
    /// nothing and an animation interrupted or removed between frames, on the
    /// next turn of the run loop (docs/memory.md, "Changes made from inside a
    /// dispatch"). Called outside any turn (set-up code, a test's body), it
    /// waits for the next turn of a run loop on the same thread.
    ///
    /// Views not in an application's window change at once.
    ///
    /// In steady state a call allocates nothing: its records are reused
    /// (`ViewAnimator`). The closures are the caller's: a completion that
    /// captures values is allocated where it is written, as any closure.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(
            duration: duration, delay: delay, options: options, curve: options.curve,
            animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` on a
    /// spring: `dampingRatio` 1 settles without overshoot, lower values
    /// oscillate; `velocity` is the initial speed in whole distances per second
    /// (UIKit's unit: 1 covers the whole change in one second).
    public static func animate(
        withDuration duration: Double, delay: Double = 0,
        usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double,
        options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        run(
            duration: duration, delay: delay, options: options,
            curve: .spring(damping: dampingRatio, initialVelocity: velocity * max(duration, 0)),
            animations: animations, completion: completion)
    }

    /// Runs `changes` with no animation, even inside an `animate` block.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        guard let slot = openCapture else { return changes() }
        let outer = slot.pointee.capture
        ThreadAnimationState.setCapture(ThreadAnimationState.Capture())
        changes()
        ThreadAnimationState.setCapture(outer)
    }

    @usableFromInline static func run(
        duration: Double, delay: Double, options: AnimationOptions, curve: TimingCurve,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        // Record the block's changes into a capture of this thread's.
        let outer = openCapture?.pointee.capture ?? ThreadAnimationState.Capture()
        var capture = ThreadAnimationState.Capture()
        capture.options = options
        if let slot = ThreadAnimationState.slot(create: true) {
            slot.pointee.blocksOpened &+= 1
            capture.id = slot.pointee.blocksOpened
        }
        let isRecording = capture.id != 0 && ThreadAnimationState.setCapture(capture)
        animations()
        if isRecording, let slot = openCapture { capture = slot.pointee.capture }
        ThreadAnimationState.setCapture(outer)

        // Start what it recorded. The group is held (one extra pending) until
        // every animation started, so none ending meanwhile completes it early.
        var group: AnimationGroup?
        var next = capture.first
        while let animation = next {
            next = animation.nextInCapture
            animation.nextInCapture = nil
            animation.captureID = 0
            let view = animation.view.unsafelyUnwrapped
            guard let application = view.window?.owningApplication else {
                // The block took the view out of its app: it jumps, as outside a block.
                view.unlinkAnimation(animation)
                view.dropPresentation(of: animation.properties)
                animation.view = nil
                continue
            }
            animation.to.copy(animation.properties, from: ViewPresentation(modelOf: view))
            animation.startTime = application.runLoop.now + (delay.isFinite ? max(delay, 0) : 0)
            animation.duration = duration.isFinite ? max(duration, 0) : 0
            animation.curve = curve
            animation.blocksInteraction = !options.contains(.allowUserInteraction)
            if let completion, group == nil {
                let made = application.viewAnimator.makeGroup(completion: completion)
                made.pending = 1
                group = made
            }
            if let group {
                animation.group = group
                group.pending += 1
            }
            application.viewAnimator.start(animation)
        }
        if let group {
            group.pending -= 1
            if group.pending > 0 { return }
            // Every animation it started was ended meanwhile (by a completion it triggered).
            ThreadAnimationState.completeOnNextTurn(group)
        } else if let completion {
            ThreadAnimationState.completeOnNextTurn(AnimationGroup(completion: completion))
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

    /// Takes `animation` off this view's list of animations.
    @usableFromInline func unlinkAnimation(_ animation: ViewAnimation) {
        if firstAnimation === animation {
            firstAnimation = animation.nextOfView
        } else {
            var previous = firstAnimation
            while let current = previous, current.nextOfView !== animation { previous = current.nextOfView }
            previous?.nextOfView = animation.nextOfView
        }
        animation.nextOfView = nil
    }

    /// Called by the setters of animatable properties after the model
    /// changed, with what the model was before. Inside an `animate` block the
    /// change becomes an animation: the screen keeps showing the start value.
    @usableFromInline func recordAnimatedChange(_ property: AnimatedProperties, oldModel: ViewPresentation) {
        guard let slot = View.openCapture, let application = window?.owningApplication else { return }
        let animation = application.viewAnimator.animation(for: self, recordingIn: slot)
        if !animation.properties.contains(property) {
            animation.properties.insert(property)
            var current = oldModel
            if let presentationState { current.copy(presentedProperties, from: presentationState) }
            let start = slot.pointee.capture.options.contains(.beginFromCurrentState) ? current : oldModel
            animation.from.copy(property, from: start)
            current.copy(property, from: start)
            presentationState = current
            presentedProperties.insert(property)
        }
    }
}

/// Steps an application's running view animations on its display link:
/// each frame sets their views' presentation values and marks what moved
/// dirty. Running animations sit in storage reserved up front, and ended
/// records and groups are kept for the next `animate`, so in steady state
/// neither a frame nor starting an animation allocates.
///
/// Starting one costs O(1) amortised, whatever runs already: a view's own
/// animations are found through the view (`View.firstAnimation`), and
/// ended ones leave the running list in batches.
public final class ViewAnimator: DisplayLinkTarget {
    @usableFromInline let displayLink: DisplayLink
    @usableFromInline unowned(unsafe) var application: Application? // owns the animator; cleared in its deinit
    /// Started animations, oldest first; ended ones stay (done) until half the list has ended.
    @usableFromInline var running: ContiguousArray<ViewAnimation> = []
    /// How many of `running` are not done.
    @usableFromInline var liveCount = 0
    /// Ended animations whose groups are not told yet, from `endedHead` on.
    @usableFromInline var ended: ContiguousArray<ViewAnimation> = []
    @usableFromInline var endedHead = 0
    @usableFromInline var isTellingGroups = false
    @usableFromInline var spareAnimations: ContiguousArray<ViewAnimation> = []
    @usableFromInline var spareGroups: ContiguousArray<AnimationGroup> = []
    /// List entries looked at to start, record, end and drop animations: the
    /// work tests count to show a start costs O(1), not O(running animations).
    @usableFromInline var bookkeepingSteps = 0

    @usableFromInline init(displayLink: DisplayLink) {
        self.displayLink = displayLink
        running.reserveCapacity(64)
        ended.reserveCapacity(64)
        spareAnimations.reserveCapacity(64)
        spareGroups.reserveCapacity(64)
    }

    deinit {
        // The views outlive their animations here: they forget them.
        for animation in running where !animation.isDone {
            animation.view?.unlinkAnimation(animation)
        }
    }

    /// How many view animations are running or waiting for their delay.
    public var runningCount: Int { liveCount }

    @usableFromInline func makeGroup(completion: @escaping (Bool) -> Void) -> AnimationGroup {
        guard let group = spareGroups.popLast() else { return AnimationGroup(completion: completion) }
        group.completion = completion
        group.pending = 0
        group.finished = true
        return group
    }

    /// The animation the open block in `slot` records `view`'s changes into, made on its first change.
    @usableFromInline func animation(for view: View, recordingIn slot: UnsafeMutablePointer<ThreadAnimationState.Slot>)
        -> ViewAnimation
    {
        let id = slot.pointee.capture.id
        var other = view.firstAnimation
        while let animation = other {
            bookkeepingSteps &+= 1
            if animation.captureID == id { return animation }
            other = animation.nextOfView
        }
        let animation: ViewAnimation
        if let spare = spareAnimations.popLast() {
            spare.prepare(for: view)
            animation = spare
        } else {
            animation = ViewAnimation(view: view)
        }
        animation.captureID = id
        animation.nextOfView = view.firstAnimation
        view.firstAnimation = animation
        if let last = slot.pointee.capture.last {
            last.nextInCapture = animation
        } else {
            slot.pointee.capture.first = animation
        }
        slot.pointee.capture.last = animation
        return animation
    }

    @usableFromInline func start(_ animation: ViewAnimation) {
        let view = animation.view.unsafelyUnwrapped
        // A property belongs to one animation at a time: the older one lets it go.
        var other = view.firstAnimation
        while let older = other {
            bookkeepingSteps &+= 1
            other = older.nextOfView
            guard older !== animation, older.captureID == 0, !older.isDone,
                !older.properties.isDisjoint(with: animation.properties)
            else { continue }
            older.properties.subtract(animation.properties)
            if older.properties.isEmpty { older.animator.unsafelyUnwrapped.retire(older, finished: false) }
        }
        animation.animator = self
        running.append(animation)
        liveCount += 1
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
        liveCount -= 1
        let view = animation.view.unsafelyUnwrapped
        view.runningAnimations -= 1
        if animation.blocksInteraction { view.interactionBlockingAnimations -= 1 }
        view.unlinkAnimation(animation)
        view.dropPresentation(of: animation.properties)
        ended.append(animation)
    }

    public func displayLinkDidFire(_ link: DisplayLink) {
        let now = link.timestamp
        for i in 0..<running.count {
            let animation = running[i]
            if animation.isDone { continue }
            let elapsed = now - animation.startTime
            if elapsed < 0 { continue } // still in its delay: the start value shows
            let t = animation.duration > 0 ? elapsed / animation.duration : 1
            if t >= 1 {
                retire(animation, finished: true)
                continue
            }
            let view = animation.view.unsafelyUnwrapped
            var shown = view.presentationState ?? animation.from
            shown.interpolate(
                animation.properties, from: animation.from, to: animation.to,
                progress: animation.curve.progress(at: t))
            view.presentationState = shown
            view.presentationDidChange()
        }
        sweep()
    }

    /// Tells the groups of ended animations, after the frame, then drops the
    /// ended ones from the running list once they are half of it (so a start
    /// costs O(1) amortised) and keeps their records for the next `animate`.
    /// A completion may start animations (which append to `running`) or end
    /// them (which queue here): the outermost call tells every group in turn,
    /// and a completion due while another runs waits for it to return
    /// (`ThreadAnimationState.runCompletion(of:)`), so chains take no stack.
    @usableFromInline func sweep() {
        guard !isTellingGroups else { return }
        isTellingGroups = true
        while endedHead < ended.count {
            bookkeepingSteps &+= 1
            let animation = ended[endedHead]
            endedHead += 1
            guard let group = animation.group else { continue }
            animation.group = nil
            if !animation.didFinish { group.finished = false }
            group.pending -= 1
            guard group.pending == 0 else { continue }
            if displayLink.isFiring {
                // After the frame that ended it; kept for the next `animate` unless it waits behind a running completion.
                if ThreadAnimationState.runCompletion(of: group) { spareGroups.append(group) }
            } else {
                // Interrupted or removed between frames (inside an `animate`, a removal): a later turn.
                ThreadAnimationState.completeOnNextTurn(group)
            }
        }
        ended.removeAll(keepingCapacity: true)
        endedHead = 0
        isTellingGroups = false
        let done = running.count - liveCount
        if done > 0 && done * 2 >= running.count {
            var kept = 0
            for i in 0..<running.count {
                bookkeepingSteps &+= 1
                let animation = running[i]
                if animation.isDone {
                    animation.view = nil
                    animation.animator = nil
                    spareAnimations.append(animation)
                } else {
                    running[kept] = animation
                    kept += 1
                }
            }
            running.removeLast(running.count - kept)
        }
        if liveCount == 0 { displayLink.remove(self) }
    }

    /// Ends every running animation of `view` where it is: the model values
    /// show. (A view leaving its window stops animating.)
    public func removeAnimations(of view: View) {
        var other = view.firstAnimation
        while let animation = other {
            bookkeepingSteps &+= 1
            other = animation.nextOfView
            if animation.captureID == 0 { animation.animator.unsafelyUnwrapped.retire(animation, finished: false) }
        }
        if !displayLink.isFiring { sweep() }
    }
}
