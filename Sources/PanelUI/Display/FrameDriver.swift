/// The device's frame loop, the one every host runs (DRM, fbdev, the SDL
/// simulator, headless apps, `panel replay`, `AppTester`, the bench): at the
/// end of each turn of the run loop (timers fired, input dispatched,
/// next-turn work done) it steps the display link when the display paces
/// frames, lays the window out, renders what changed and presents it.
/// Hosts differ only in their `Display`: where the frames go.
///
/// The driver hooks the application's run loop (`RunLoop.endTurn()`), so
/// every turn ends in a frame however it was run: `Application.runTurn()`
/// after input, or `RunLoop.advance(to:)` on a manual clock, which makes
/// each deadline on the way a turn of its own. A replay on a manual clock
/// therefore lays out, animates and draws when the panel would: a screen
/// pushed mid-trace is laid out before the next finger lands on it.
///
/// Animation pacing follows the display. A display that paces frames (a
/// page flip's completion wakes the loop) gets one display-link step per
/// turn that finds no frame in flight, and a timer a refresh later when no
/// flip will wake the loop; any other display leaves the display link on
/// run-loop timers at the display's `Display.refreshInterval`.
public final class FrameDriver: RunLoopTurnObserver, RunLoopTarget {
    public let application: Application
    /// The window shown: the one the host launched; an app that replaces its
    /// window (a new scene) sets the new one here and draws it whole.
    public var window: Window
    package let renderer: Renderer
    public let display: any Display
    // The counters and flags below skip the dynamic exclusivity check: trivial
    // values, read and written only by the driver (and `noteInput` by input
    // sources) in code that holds no access across a call into app code.
    /// Frames that put something on the screen (an area presented).
    @exclusivity(unchecked) public internal(set) var framesPresented = 0
    /// The areas (pixels) the last frame presented; a frame with nothing to draw leaves it as it was.
    @exclusivity(unchecked) public internal(set) var lastPresented = DirtyRegion()
    /// The pixels presented by every frame so far, added up.
    @exclusivity(unchecked) public internal(set) var pixelsPresented = 0.0
    /// The oldest input event time not yet reflected in a presented frame
    /// (`noteInput(at:)`); `.infinity` when there is none. Each frame hands it to the display.
    @exclusivity(unchecked) public internal(set) var oldestUnpresentedInput = Double.infinity
    /// Wakes the loop a refresh later when an animation frame put nothing in
    /// flight, so no flip will (a display that paces frames).
    @exclusivity(unchecked) @usableFromInline var animationWake: TimerHandle?
    @exclusivity(unchecked) @usableFromInline var isDrawing = false
    @exclusivity(unchecked) @usableFromInline var isHoldingFrames = false
    @exclusivity(unchecked) @usableFromInline var isAttached = true

    /// Drives `window` of `application` onto `display` from now on: the
    /// display link takes the display's refresh interval and pacing, and
    /// every turn of the application's run loop ends in a frame. One driver
    /// per run loop at a time: a new one takes the turns over.
    package init(application: Application, window: Window, renderer: Renderer, display: any Display) {
        self.application = application
        self.window = window
        self.renderer = renderer
        self.display = display
        let link = application.displayLink
        link.frameInterval = display.refreshInterval
        link.isPacedByDisplay = display.pacesFrames
        application.runLoop.turnObserver = self
    }

    deinit {
        detach()
    }

    /// Stops drawing at the end of turns, and gives the display link back to
    /// run-loop timers: the host is done with the display (the device session's
    /// run ended, the simulator restarts the app).
    public func detach() {
        guard isAttached else { return }
        isAttached = false
        let runLoop = application.runLoop
        if runLoop.turnObserver === self { runLoop.turnObserver = nil }
        if let animationWake { runLoop.cancel(animationWake) }
        animationWake = nil
        if display.pacesFrames { application.displayLink.isPacedByDisplay = false }
    }

    /// An input event from `time` on is on its way into the app: the next
    /// frame presented reflects it (the display's latency counts from the oldest).
    @inline(__always)
    public func noteInput(at time: Double) {
        if time < oldestUnpresentedInput { oldestUnpresentedInput = time }
    }

    /// Lays out and draws the whole window, and presents all of it: the
    /// first frame a display shows, before any finger can land.
    public func drawAll() {
        let framebuffer = display.framebuffer
        renderer.draw(window, into: framebuffer)
        var whole = DirtyRegion()
        whole.add(Rect(x: 0, y: 0, width: Double(framebuffer.width), height: Double(framebuffer.height)))
        present(whole)
        oldestUnpresentedInput = .infinity
    }

    /// Runs `body` with the turns' frames held, then draws the one frame
    /// that shows what changed: a turn's input work measured apart from its
    /// drawing (`AppTester`'s allocation counts). The frame comes before any
    /// further input, as on the panel.
    public func holdingFrames<Result>(_ body: () -> Result) -> Result {
        let wasHolding = isHoldingFrames
        isHoldingFrames = true
        let result = body()
        isHoldingFrames = wasHolding
        if !wasHolding { drawFrame() }
        return result
    }

    // RunLoopTurnObserver
    public func runLoopTurnDidEnd(_ runLoop: RunLoop) {
        drawFrame()
    }

    /// One frame, as the end of a turn draws it: the display link steps
    /// (when the display paces frames and none is in flight), then what
    /// changed is laid out, rendered and presented. While the screen's idle
    /// timer has it blank nothing is drawn; the wake redraws it whole.
    public func drawFrame() {
        // A view's layout or drawing that runs a turn (it should not) draws no frame inside this one.
        guard isAttached, !isDrawing, !isHoldingFrames else { return }
        isDrawing = true
        defer { isDrawing = false }
        let link = application.displayLink
        let runLoop = application.runLoop
        let paced = display.pacesFrames
        if paced && link.wantsFrames && !display.isBusy { link.fire(at: runLoop.now) }
        if application.screen.idleState != .blank {
            let dirty = renderer.render(window, into: display.framebuffer)
            if !dirty.isEmpty { present(dirty) }
        }
        oldestUnpresentedInput = .infinity
        if paced && link.wantsFrames && !display.isBusy && animationWake == nil {
            // No flip will wake the loop for the next frame: a timer does.
            animationWake = runLoop.schedule(after: link.frameInterval, target: self, tag: 0)
        }
    }

    @usableFromInline func present(_ dirty: DirtyRegion) {
        display.present(dirty, inputTime: oldestUnpresentedInput)
        lastPresented = dirty
        pixelsPresented += dirty.area
        framesPresented &+= 1 // wraps, never traps (armv7: 2^31 frames are 414 days at 60 Hz)
    }

    // The animation wake: the turn it ends steps the display link.
    public func runLoopDidFire(_ handle: TimerHandle) {
        animationWake = nil
    }
}
