import PanelJSON
import PanelLog
import PanelScenes
import PanelTrace
import PanelUI

/// What stops a replay before it starts.
public struct ReplayError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

/// Replays a recorded trace through the whole pipeline, as the device would
/// feed it: decoder → transform → run loop (on a manual clock that follows
/// the trace's timestamps) → touch tracker → hit-test → delivery, with every
/// touch phase and responder message logged as JSON Lines. Each turn ends in
/// a frame on `display` (`FrameDriver`), as on the panel: the scene is
/// laid out, animated and drawn between input frames.
public final class TraceReplayer {
    public let trace: Trace
    public let application: ReplayApplication
    public let scene: Scene
    public var window: Window { scene.window }
    public let log: ReplayLog
    /// The device's frame loop onto `display`.
    public let frameDriver: FrameDriver
    /// What the panel shows: the window's pixels at the scale, drawn frame by frame.
    public let display: HeadlessDisplay
    /// Decoder, transform and delivery; the replay adds the scene, the clock and the log.
    public let input: TouchInputPath
    package var decoder: TouchDecoder { input.decoder }
    public var transform: TouchTransform { input.transform }
    /// Input frames (`SYN_REPORT`s) replayed so far.
    public var frames: Int { input.frames }

    /// How long after the last event the clock runs on, so pending timers fire.
    public static let settleTime = 1.0
    /// How long a replay's end waits at most for motion to stop (seconds).
    public static let motionLimit = 30.0

    /// `screenSize`: the screen in points; the scene file's own `screen` (else
    /// `SceneFile.defaultScreen`) when `nil`. The trace's axes map onto it,
    /// through the board's touch `calibration`, `rotation` and `filters` when given.
    /// `scale`: the board's pixels per point, the application's `Screen.scale`
    /// (a drawing of `window` is that many pixels a point). `display`: where
    /// frames go, by default the window's pixels in XRGB8888 at 60 Hz (a board's
    /// replay gives its format and refresh); `textRenderer` draws and measures
    /// text (none: no text is drawn or measured).
    public convenience init(
        trace: Trace, scene file: SceneFile, screenSize: Size? = nil, scale: Double = 1,
        calibration: CalibrationMatrix = .identity, rotation: TouchRotation = .none,
        filters: TouchFilterSettings = .none, display: HeadlessDisplay? = nil,
        textRenderer: (any TextRendering)? = nil, output: any TextSink
    ) throws(ReplayError) {
        try self.init(
            trace: trace, startTime: trace.events.first?.time ?? 0, scene: file, screenSize: screenSize, scale: scale,
            calibration: calibration, rotation: rotation, filters: filters, display: display,
            textRenderer: textRenderer, output: output)
    }

    /// A replay that streams its events from `reader` (`run(_:)`), holding
    /// one line of the file at a time: memory does not grow with the trace.
    /// `trace` then has the device and path, and no events.
    public convenience init(
        reader: TraceReader, scene file: SceneFile, screenSize: Size? = nil, scale: Double = 1,
        calibration: CalibrationMatrix = .identity, rotation: TouchRotation = .none,
        filters: TouchFilterSettings = .none, display: HeadlessDisplay? = nil,
        textRenderer: (any TextRendering)? = nil, output: any TextSink
    ) throws(ReplayError) {
        try self.init(
            trace: Trace(path: reader.path, device: reader.device, events: [], eventLines: []),
            startTime: reader.firstEventTime, scene: file, screenSize: screenSize, scale: scale,
            calibration: calibration, rotation: rotation, filters: filters, display: display,
            textRenderer: textRenderer, output: output)
    }

    @usableFromInline init(
        trace: Trace, startTime: Double, scene file: SceneFile, screenSize: Size?, scale: Double,
        calibration: CalibrationMatrix, rotation: TouchRotation, filters: TouchFilterSettings,
        display: HeadlessDisplay?, textRenderer: (any TextRendering)?, output: any TextSink
    ) throws(ReplayError) {
        self.trace = trace
        guard scale >= 1, scale <= 4 else {
            throw ReplayError(message: "the scale is pixels per point from 1 to 4, not " + describeNumber(scale))
        }
        let screenSize = screenSize ?? file.screen ?? SceneFile.defaultScreen
        input = try TouchInputPath(
            trace: trace, screenSize: screenSize, calibration: calibration, rotation: rotation, filters: filters)
        let clock = ManualClock(now: startTime)
        let runLoop = RunLoop(manualClock: clock)
        log = ReplayLog(sink: output, clock: clock)
        log.startTime = clock.now
        application = ReplayApplication(runLoop: runLoop, log: log)
        application.screen.configure(bounds: Rect(origin: .zero, size: screenSize), scale: scale)
        application.gestureObserver = log
        do {
            scene = try file.build(screenSize: screenSize, log: log)
        } catch {
            throw ReplayError(message: error.description)
        }
        scene.attach(to: application)
        let pixels = Screen.pixelSize(of: scene.window.bounds.size, scale: scale)
        let display = display ?? HeadlessDisplay(width: pixels.width, height: pixels.height)
        self.display = display
        guard display.framebuffer.width == pixels.width && display.framebuffer.height == pixels.height else {
            throw ReplayError(
                message: "the display is " + String(display.framebuffer.width) + "x"
                    + String(display.framebuffer.height)
                    + " pixels, the window " + String(pixels.width) + "x" + String(pixels.height))
        }
        frameDriver = FrameDriver(
            application: application, window: scene.window, renderer: Renderer(textRenderer: textRenderer),
            display: display)
        // The first frame, as the panel shows it before any finger lands.
        frameDriver.drawAll()
    }

    /// Feeds one kernel event. On a `SYN_REPORT` the frame goes through the
    /// pipeline at the event's timestamp.
    public func feed(_ event: InputEvent) {
        input.feed(event, to: application)
    }

    /// Replays the whole trace, then ends it as a device that goes away: touches
    /// still down are cancelled (rule 5), and the clock runs on for
    /// `settleTime` so timers due after the last event fire. Writes the summary line.
    public func run() {
        for event in trace.events { feed(event) }
        finish()
    }

    /// Replays every event `reader` has left, then ends as `run()` does.
    /// A line that does not parse stops the replay there with its error (use
    /// `TraceReader.check(path:)` first to fail before any output).
    public func run(_ reader: TraceReader) throws(TraceError) {
        while let event = try reader.next() { feed(event) }
        finish()
    }

    public func finish() {
        input.finishPlaying(into: application, log: log)
    }
}

/// The replay's application: logs each touch phase change before delivery.
public final class ReplayApplication: Application {
    /// Retained: the log holds no views, so there is no cycle.
    public let log: ReplayLog

    public init(runLoop: RunLoop, log: ReplayLog) {
        self.log = log
        super.init(runLoop: runLoop)
    }

    public override func sendEvent(_ event: Event) {
        for touch in event.allTouches where touch.phase != .stationary {
            log.touch(touch)
        }
        super.sendEvent(event)
    }
}

extension TouchInputPath {
    /// Plays `events` into `application` (flushing the log after each frame),
    /// then ends the replay with `finishPlaying(into:log:)`.
    public func play(_ events: [InputEvent], into application: Application, log: ReplayLog) {
        for i in 0..<events.count {
            if feed(events[i], to: application) { log.writer.flush() }
        }
        finishPlaying(into: application, log: log)
    }

    /// The end of a replay, as a device that goes away: touches still down
    /// are cancelled (rule 5) and the rest is `Application.finishReplay`'s;
    /// a summary line closes the log.
    public func finishPlaying(into application: Application, log: ReplayLog) {
        application.finishReplay { application.cancelTouches() }
        log.summary(
            frames: frames, touches: application.touchDispatcher.touchesSeen, droppedFrames: decoder.droppedEventBursts)
    }

    /// The path for a trace's device; a device without usable touch axes is an
    /// error that names the trace.
    public convenience init(
        trace: Trace, screenSize: Size, calibration: CalibrationMatrix = .identity,
        rotation: TouchRotation = .none, filters: TouchFilterSettings = .none
    ) throws(ReplayError) {
        do throws(TouchDeviceError) {
            try self.init(
                device: trace.device, screenSize: screenSize, calibration: calibration, rotation: rotation,
                filters: filters)
        } catch {
            // The message quotes the device's name from the trace: escaped and cut.
            throw ReplayError(
                message: trace.path + ": " + messageText(error.message, limit: 4 * MessageText.defaultLimit))
        }
    }
}

extension Application {
    /// The end of a replay, as devices that go away: the clock runs on for
    /// `TraceReplayer.settleTime` so due timers fire, `cancelInput` cancels
    /// what is still down (touches, keys, a push: rule 5), and motion still
    /// running (a fling, a bounce, a transition) runs to its end, up to
    /// `TraceReplayer.motionLimit`. So the last screen is the one a device
    /// shows once it is still.
    public func finishReplay(cancelInput: () -> Void) {
        runLoop.advance(to: runLoop.now + TraceReplayer.settleTime)
        cancelInput()
        runTurn()
        let limit = runLoop.now + TraceReplayer.motionLimit
        while displayLink.isActive && runLoop.now < limit {
            runLoop.advance(to: runLoop.now + displayLink.frameInterval)
        }
    }
}
