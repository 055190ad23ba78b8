// The demo on the board: Sources/panel/DeviceDemo.swift without Foundation.
// DRM/KMS display and evdev touch from the board file, the epoll loop, FreeType
// text from the bundle's fonts; SIGTERM/SIGINT end it and restore the console.
// With --scene it shows a scene file and logs what `panel replay` logs, like
// `panel demo --backend drm --scene NAME` (scripts/board-vm-test compares them).
import CLinux
import PanelBoards
import PanelDemo
import PanelHeadless
import PanelJSON
import PanelKit
import PanelLinux
import PanelReplay
import PanelText

func runBoardDemo(_ arguments: Arguments, board: Board) {
    var arguments = arguments
    let assets = arguments.option("--assets") ?? executableDirectory() + "/assets"
    let card = arguments.option("--card")
    let sceneName = arguments.option("--scene")
    var duration: Int?
    if let text = arguments.option("--duration") {
        guard let seconds = Int(text), seconds > 0 else { fail("--duration takes whole seconds, not '" + text + "'") }
        duration = seconds
    }
    arguments.rejectUnknownOptions(usage)
    if let extra = arguments.words.first { fail("unexpected argument '" + extra + "'\n" + usage) }
    // Read before the screen changes, so a bad scene leaves the console alone.
    let scene = sceneName.map { loadScene($0, assets: assets) }

    // Fonts first: a missing bundle fails before the screen changes.
    let textRenderer = loadTextRenderer(assets: assets)
    let icon = try? PNG.readImage(path: assets + "/images/panelkit-icon.png")
    let display = openDisplay(board, card: card)
    do throws(PanelLinuxError) {
        let demo = try BoardDemo(board: board, display: display, scene: scene, textRenderer: textRenderer, icon: icon)
        try demo.run(duration: duration)
    } catch {
        display.close(nil)
        fail(error.message)
    }
}

/// FreeType on the bundle's fonts; a missing or broken font ends the program.
func loadTextRenderer(assets: String) -> FreeTypeTextRenderer {
    do throws(TextError) {
        let textRenderer = try FreeTypeTextRenderer(fontDirectory: assets + "/fonts")
        try textRenderer.preload(Font.system(size: 17))
        return textRenderer
    } catch {
        fail(error.description + " (the bundle's assets are looked for in " + assets + "; --assets DIR names another folder)")
    }
}

/// The board's connector and mode on `card` (or the first card that has them); an error ends the program.
func openDisplay(_ board: Board, card: String?) -> DRMDisplay {
    var configuration = DRMDisplayConfiguration(cardPath: card)
    configuration.connectorName = board.display.connector
    configuration.mode = board.display.modeName
    do throws(PanelLinuxError) {
        return try DRMDisplay.open(configuration)
    } catch {
        fail(error.message)
    }
}

/// The scene `--scene NAME` names: a built-in one from the bundle's
/// `assets/scenes`, or a scene file's path; a bad name or file ends the program.
func loadScene(_ name: String, assets: String) -> SceneFile {
    if SceneCatalog.path(of: name, assets: assets) != nil {
        do throws(ReplayError) {
            return try SceneCatalog.load(name, assets: assets)
        } catch {
            fail(error.message)
        }
    }
    guard name.utf8.contains(UInt8(ascii: "/")) || name.hasSuffix(".json") else {
        var list = ""
        for i in 0..<SceneCatalog.names.count { list += (i == 0 ? "" : ", ") + SceneCatalog.names[i] }
        fail("unknown scene '" + name + "'; expected one of: " + list + ", or a scene file's path")
    }
    do throws(JSONError) {
        return try SceneFile.load(path: name)
    } catch {
        fail(error.description)
    }
}

/// The board's touch settings: its device, grab, rotation, filters and calibration (with the axis quirks folded in).
func touchConfiguration(_ board: Board) -> EvdevTouchConfiguration {
    var touch = EvdevTouchConfiguration(devicePath: board.touch.device.pathOrName)
    touch.grab = board.touch.grab
    touch.rotation = board.touch.rotation
    touch.calibration = board.touch.effectiveCalibration
    touch.filters = board.touch.filters
    return touch
}

/// The demo app or a scene in a ``DeviceSession``, its log on standard output.
final class BoardDemo {
    let board: Board
    let session: DeviceSession
    /// The demo app or the scene, and the application running it.
    let content: DemoContent
    let log: ReplayLog

    init(board: Board, display: DRMDisplay, scene: SceneFile?, textRenderer: FreeTypeTextRenderer, icon: Image?) throws(PanelLinuxError) {
        self.board = board
        let runLoop = RunLoop(clock: SystemClock())
        // The mode's size, unturned, as DeviceDemo draws (docs/boards.md: display rotation is not wired on DRM yet).
        let size = Size(width: Double(display.width), height: Double(display.height))
        log = ReplayLog(sink: FileDescriptorSink(fileDescriptor: 1), clock: runLoop.clock)
        log.startTime = runLoop.now
        do throws(DemoError) {
            content = try DemoContent(scene: scene, runLoop: runLoop, screenSize: size, icon: icon, log: log)
        } catch {
            throw PanelLinuxError(error.message)
        }
        session = try DeviceSession(display: display, application: content.application, window: content.window,
                                    renderer: Renderer(textRenderer: textRenderer), touch: touchConfiguration(board))
        let log = self.log
        session.turnDidEnd = { log.writer.flush() }
        session.log = { message in writeError(message + "\n") }
    }

    func run(duration: Int?) throws(PanelLinuxError) {
        let display = session.display
        writeError("panel-demo: " + board.name + ": " + display.cardPath + " " + display.connectorName + " " + display.modeName
                   + "; SIGTERM or SIGINT ends it\n")
        try session.run(duration: duration.map { Double($0) })
        log.writer.flush()
        writeError(summary() + "\n")
        let wall = session.wallTime, cpu = session.cpuTime
        writeError("panel-demo: CPU " + fixed(cpu, 3) + " s over " + fixed(wall, 3) + " s running ("
                   + fixed(wall > 0 ? cpu / wall * 100 : 0, 2) + "%), " + String(session.loop.wakeCount) + " wake-ups\n")
    }

    func summary() -> String {
        let stop = session.stoppedBySignal ? "signal " + String(session.loop.receivedSignal) : "the duration"
        guard let latency = session.latencySummary() else {
            return "panel-demo: stopped by " + stop + "; " + String(session.frames) + " frames presented; latency: no frame reflected touch input"
        }
        return "panel-demo: stopped by " + stop + "; " + String(session.frames) + " frames presented; latency evdev→page flip over "
            + String(session.latencies.count) + " frames: p50 " + fixed(latency.p50 * 1000, 2) + " ms, p99 "
            + fixed(latency.p99 * 1000, 2) + " ms, max " + fixed(latency.max * 1000, 2) + " ms"
    }
}
