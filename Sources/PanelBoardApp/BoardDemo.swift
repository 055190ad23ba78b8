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
    let textRenderer: FreeTypeTextRenderer
    do throws(TextError) {
        textRenderer = try FreeTypeTextRenderer(fontDirectory: assets + "/fonts")
        try textRenderer.preload(Font.system(size: 17))
    } catch {
        fail(error.description + " (the bundle's assets are looked for in " + assets + "; --assets DIR names another folder)")
    }
    let icon = try? PNG.readImage(path: assets + "/images/panelkit-icon.png")

    var configuration = DRMDisplayConfiguration(cardPath: card)
    configuration.connectorName = board.display.connector
    configuration.mode = board.display.modeName
    let display: DRMDisplay
    do throws(PanelLinuxError) {
        display = try DRMDisplay.open(configuration)
    } catch {
        fail(error.message)
    }
    do throws(PanelLinuxError) {
        let demo = try BoardDemo(board: board, display: display, scene: scene, textRenderer: textRenderer, icon: icon)
        try demo.run(duration: duration)
    } catch {
        display.close(nil)
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

/// The board's touch settings: its device, grab, rotation and calibration (with the axis quirks folded in).
func touchConfiguration(_ board: Board) -> EvdevTouchConfiguration {
    var touch = EvdevTouchConfiguration()
    switch board.touch.device {
    case .automatic: break
    case .named(let name): touch.devicePath = name   // the device layer takes a path or an evdev name
    case .path(let path): touch.devicePath = path
    }
    touch.grab = board.touch.grab
    touch.rotation = board.touch.rotation
    touch.calibration = board.touch.effectiveCalibration
    return touch
}

final class BoardDemo: EpollRunLoopDelegate, DRMDisplayDelegate, RunLoopTarget {
    let board: Board
    let display: DRMDisplay
    let input: EvdevTouchInput
    let loop: EpollRunLoop
    /// The demo app or the scene, and the application running it.
    let content: DemoContent
    var application: Application { content.application }
    let log: ReplayLog
    let renderer: Renderer
    let logical: Framebuffer
    var latencies: [Double] = []
    var frames = 0

    /// This process's CPU time (user + system), in seconds.
    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    init(board: Board, display: DRMDisplay, scene: SceneFile?, textRenderer: FreeTypeTextRenderer, icon: Image?) throws(PanelLinuxError) {
        self.board = board
        self.display = display
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
        renderer = Renderer(textRenderer: textRenderer)
        let stride = display.width * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * display.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * display.height)
        logical = Framebuffer(width: display.width, height: display.height, stride: stride, format: .xrgb8888, baseAddress: pixels)
        do throws(Errno) {
            loop = try EpollRunLoop(application: content.application)
        } catch {
            throw PanelLinuxError("cannot set up the epoll loop: " + error.message, errno: error)
        }
        input = EvdevTouchInput(application: content.application, screenSize: size, configuration: touchConfiguration(board))
        latencies.reserveCapacity(1 << 16)
    }

    func run(duration: Int?) throws(PanelLinuxError) {
        input.log = { message in writeError(message + "\n") }
        try input.start(loop)
        if input.devices.isEmpty {
            writeError("panel-demo: no touch screen yet; waiting for one in " + input.configuration.directory + "\n")
        }
        renderer.draw(content.window, into: logical)
        loop.delegate = self
        display.delegate = self
        try display.attach(to: loop, source: logical)
        if let duration { _ = application.runLoop.schedule(after: Double(duration), target: self, tag: 1) }
        writeError("panel-demo: " + board.name + ": " + display.cardPath + " " + display.connectorName + " " + display.modeName
                   + "; SIGTERM or SIGINT ends it\n")
        let startWall = application.runLoop.now
        let startCPU = Self.processCPUTime()
        do throws(Errno) {
            try loop.run()
        } catch {
            throw PanelLinuxError("the epoll loop failed: " + error.message, errno: error)
        }
        let wall = application.runLoop.now - startWall
        let cpu = Self.processCPUTime() - startCPU
        // The console's mode comes back before anything else is said.
        display.close(loop)
        input.close(loop)
        log.writer.flush()
        writeError(summary() + "\n")
        writeError("panel-demo: CPU " + fixed(cpu, 3) + " s over " + fixed(wall, 3) + " s running ("
                   + fixed(wall > 0 ? cpu / wall * 100 : 0, 2) + "%), " + String(loop.wakeCount) + " wake-ups\n")
    }

    func summary() -> String {
        let stop = loop.receivedSignal != 0 ? "signal " + String(loop.receivedSignal) : "the duration"
        guard !latencies.isEmpty else {
            return "panel-demo: stopped by " + stop + "; " + String(frames) + " frames presented; latency: no frame reflected touch input"
        }
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        return "panel-demo: stopped by " + stop + "; " + String(frames) + " frames presented; latency evdev→page flip over "
            + String(sorted.count) + " frames: p50 " + fixed(percentile(0.50) * 1000, 2) + " ms, p99 "
            + fixed(percentile(0.99) * 1000, 2) + " ms, max " + fixed(sorted[sorted.count - 1] * 1000, 2) + " ms"
    }

    // EpollRunLoopDelegate
    func runLoopTurnDidEnd(_ loop: EpollRunLoop) {
        if let dirty = renderer.render(content.window, into: logical) {
            display.update(dirty: dirty, inputTime: input.oldestUnpresentedInput)
        }
        input.oldestUnpresentedInput = .infinity
        log.writer.flush()
    }

    func runLoopInputDirectoryChanged(_ loop: EpollRunLoop) {
        input.rescan(loop)
    }

    // DRMDisplayDelegate
    func display(_ display: DRMDisplay, didPresent frame: PresentedFrame) {
        frames += 1
        guard let inputTime = frame.inputTime else { return }   // a frame no touch caused: no latency
        latencies.append(frame.flipTime - inputTime)
    }

    // --duration
    func runLoopDidFire(_ handle: TimerHandle) { loop.stop() }
}
