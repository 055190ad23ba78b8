import CLinux
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
    public func drawAll() {
        frameDriver.drawAll()
        if !drewFirstFrame {
            drewFirstFrame = true
            // The start-up's phases, as the device host says them at its first flip (docs/boards.md).
            if sameBytes(environmentVariable("PANELKIT_STARTUP_PHASES"), "1") {
                runtime.note(StartupPhases.line(endingAt: clinux_monotonic_now(), last: "layout and draw"))
            }
        }
    }
    var drewFirstFrame = false

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
        var replay: InputReplay?
        var startTime = 0.0
        if let path = runtime.options.replay {
            do throws(TraceError) {
                try TraceReader.check(path: path)
                let reader = try TraceReader(path: path)
                if let recording = reader.flightRecording {
                    // A flight recording's E: times count from the app's launch: its replay starts there too.
                    replay = InputReplay(recording, replayed: reader, runtime: runtime)
                    runtime.note(
                        replay!.coversWholeSession
                            ? "replaying a flight recording of the whole session since launch: the log is the panel's"
                            : "this flight recording starts mid-session: what the app did before its first event is not in it, so the replay starts from the launch state and its log can differ from the panel's ("
                                + recording.text + ")")
                } else {
                    startTime = reader.firstEventTime
                    replay = try InputReplay(trace: reader)
                }
            } catch {
                runtime.fail(error.description)
            }
        }
        let clock = ManualClock(now: startTime)
        let runLoop = RunLoop(manualClock: clock)
        let size = runtime.chosenScreenSize(delegate)
        let launched = runtime.launch(delegate, runLoop: runLoop, screenSize: size, backend: .headless)
        let host = HeadlessHost(runtime: runtime, launched: launched)
        if let replay {
            host.play(replay)
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
