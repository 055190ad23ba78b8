import PanelBoards
import PanelImage
import PanelKeys
import PanelLinux
import PanelReplay
import PanelTrace
import PanelUI

/// The app with no display: on a manual clock, `--replay TRACE.evemu` plays a
/// recorded touch session into it through the board's touch pipeline, the
/// JSON Lines log goes to standard output, and `--png FILE` writes the last
/// frame. Nothing sleeps: the clock follows the trace's timestamps.
public final class HeadlessHost {
    public let application: Application
    public let window: Window
    public let launchOptions: LaunchOptions
    /// The device's frame loop onto `display`: every turn of the app's
    /// run loop (an input frame, a timer, an animation frame) ends in a frame.
    public let frameDriver: FrameDriver
    package var renderer: Renderer { frameDriver.renderer }
    /// The window's pixels: its size in points times the screen's scale
    /// (the board's pixels, so `--png` writes what the panel would show).
    public let display: HeadlessDisplay
    let runtime: AppRuntime

    init(runtime: AppRuntime, launched: LaunchedApp) {
        self.runtime = runtime
        application = launched.application
        window = launched.window
        launchOptions = launched.options
        display = HeadlessDisplay(screenSize: window.bounds.size, scale: application.screen.scale, board: runtime.board)
        frameDriver = FrameDriver(
            application: application, window: window, renderer: Renderer(textRenderer: runtime.textRenderer),
            display: display)
    }

    /// The manual clock the app runs on.
    public var clock: ManualClock { application.runLoop.manualClock! }

    /// Draws the whole window and presents it: the first frame.
    public func drawAll() { frameDriver.drawAll() }

    /// Draws what changed since the last frame, as the end of a turn does.
    public func render() { frameDriver.drawFrame() }

    /// Writes the framebuffer as a PNG file; an error ends the program with one line.
    public func writePNG(to path: String) {
        do throws(PNGError) {
            try display.writePNG(to: path)
        } catch {
            runtime.fail(error.description)
        }
    }

    /// `--png`, when given.
    public var pngPath: String? { runtime.options.png }

    /// Ends the program with `PROGRAM: error: MESSAGE`.
    public func fail(_ message: String) -> Never { runtime.fail(message) }

    static func run(_ runtime: AppRuntime) -> Int32 {
        let delegate = runtime.firstDelegate!
        // The trace streams: checked whole first (a bad line fails before any
        // output), then read a line at a time, so memory does not grow with it.
        var reader: TraceReader?
        if let path = runtime.options.replay {
            do throws(TraceError) {
                try TraceReader.check(path: path)
                reader = try TraceReader(path: path)
            } catch {
                runtime.fail(error.description)
            }
        }
        // A flight recording's E: times count from the app's launch: its replay starts there too.
        var startTime = reader?.firstEventTime ?? 0
        var flight: FlightReplay?
        if let path = runtime.options.replay, let recording = FlightRecording.read(path: path) {
            startTime = 0
            flight = FlightReplay(recording, replayed: path, runtime: runtime)
            runtime.note(
                flight!.coversWholeSession
                    ? "replaying a flight recording of the whole session since launch: the log is the panel's"
                    : "this flight recording starts mid-session: what the app did before its first event is not in it, so the replay starts from the launch state and its log can differ from the panel's ("
                        + recording.text + ")")
        }
        let clock = ManualClock(now: startTime)
        let runLoop = RunLoop(manualClock: clock)
        let size = runtime.chosenScreenSize(delegate)
        let launched = runtime.launch(delegate, runLoop: runLoop, screenSize: size, backend: .headless)
        let host = HeadlessHost(runtime: runtime, launched: launched)
        if let flight {
            host.replay(flight)
        } else if let reader {
            host.replay(reader)
        } else if !delegate.applicationRunHeadless(launched.application, host: host) {
            host.drawAll()
            if runtime.options.png == nil {
                runtime.note(
                    "drew the first frame headless (" + String(host.display.framebuffer.width) + "x"
                        + String(host.display.framebuffer.height)
                        + "); --replay TRACE.evemu plays touches into it, --png FILE saves it")
            }
        }
        if let png = runtime.options.png {
            // What the display shows after the last frame, as a screendump of the panel would.
            host.render()
            host.writePNG(to: png)
        }
        launched.log.writer.flush()
        launched.terminate()
        return 0
    }

    /// Draws the first frame, then plays the trace `reader` streams (one line in memory at a time)
    /// through decoder, transform (the board's calibration and rotation, onto the screen in points) and
    /// filters into the app, then ends it as a device that goes away: the
    /// clock runs on so due timers fire, touches still down are cancelled, and
    /// a summary line closes the log, as `panel replay` does. Every turn on
    /// the way ends in a frame (`frameDriver`), so layout, animation and drawing
    /// happen when they would on the panel.
    public func replay(_ reader: TraceReader) {
        if isKeyDevice(reader.device) { return replayKeys(reader) }
        // The first frame, as a display shows it before any finger lands:
        // drawing lays the views out, so the first touch hits them where they are.
        drawAll()
        let input: TouchInputPath
        do throws(ReplayError) {
            input = try TouchInputPath(
                trace: Trace(path: reader.path, device: reader.device, events: [], eventLines: []),
                screenSize: window.bounds.size, board: runtime.board)
        } catch {
            runtime.fail(error.message)
        }
        do throws(TraceError) {
            try input.play(reader, into: application, log: launchOptions.log)
        } catch {
            runtime.fail(error.description)
        }
    }
}

extension HeadlessHost {
    /// Plays a keyboard's trace (an `evemu-record` of a USB keyboard or
    /// `gpio-keys`) through the board's keymap, as the device reads one: the
    /// same `KeyTranslator` path, each frame at its `SYN_REPORT`, on the
    /// trace's clock. At the end the keyboard goes away: keys still down are
    /// cancelled, as the kernel's ups on unplugging cancel them on a board.
    public func replayKeys(_ reader: TraceReader) {
        drawAll()
        let keys = runtime.keyTranslator(typing: reader.path)
        let runLoop = application.runLoop
        var frames = 0
        do throws(TraceError) {
            while let event = try reader.next() {
                if event.time > runLoop.now { runLoop.advance(to: event.time) }
                if keys.handle(type: event.type, code: event.code, value: event.value, into: application) {
                    frames += 1
                    application.runTurn()
                    launchOptions.log.writer.flush()
                }
            }
        } catch {
            fail(error.description)
        }
        application.finishReplay { keys.cancelAll { application.enqueue($0) } }
        launchOptions.log.summary(frames: frames, touches: 0, droppedFrames: 0)
    }
}

extension TouchInputPath {
    /// The path for a trace recorded on `board`'s touch panel: its position
    /// axes, its calibration, its rotation on the screen and its filters (none without a board).
    public convenience init(trace: Trace, screenSize: Size, board: Board?) throws(ReplayError) {
        var trace = trace
        if let board { trace.device = board.touch.wiring(trace.device) }
        try self.init(
            trace: trace, screenSize: screenSize, calibration: board?.touch.effectiveCalibration ?? .identity,
            rotation: board?.touchRotationOnScreen ?? .none, filters: board?.touch.filters ?? .none)
    }
}
