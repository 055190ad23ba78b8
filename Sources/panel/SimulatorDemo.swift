import ArgumentParser
import Foundation
import PanelBoards
import PanelDemo
import PanelHeadless
import PanelKit
import PanelLinux
import PanelReplay
import PanelSDL
import PanelSimulator
import PanelText

/// `panel demo --backend sdl`'s options.
struct SimulatorOptions: ParsableArguments {
    @Option(help: "SDL: how far the board's panel is mounted turned clockwise: 0, 90, 180 or 270 (--screen is the panel's own size; default: the board's, else 0).")
    var rotation: Int?

    @Option(help: "SDL: window pixels per panel pixel: 1, 2 (up to 8) or fit (the largest that fits the desktop).")
    var zoom: SimulatorZoom = .scale(1)

    @Option(help: "SDL: record the simulated touch panel as an evemu file, for `panel replay` or evemu-device.")
    var record: String?

    @Flag(inversion: .prefixedNo, help: "SDL: draw the simulated fingers over the window (O toggles it).")
    var fingerOverlay = true
}

/// `--zoom 1|2|fit`.
enum SimulatorZoom: ExpressibleByArgument, Equatable {
    case scale(Int)
    case fit

    init?(argument: String) {
        if argument == "fit" {
            self = .fit
        } else if let scale = Int(argument), (1...8).contains(scale) {
            self = .scale(scale)
        } else {
            return nil
        }
    }

    var defaultValueDescription: String {
        switch self {
        case .scale(let scale): "\(scale)"
        case .fit: "fit"
        }
    }
}

extension DemoCommand {
    /// `--backend sdl`: the desktop simulator.
    func runSimulator(scene: SceneFile?, board: Board?) throws {
        let degrees = simulator.rotation ?? board?.display.rotation.rawValue ?? 0
        guard let rotation = DisplayRotation(rawValue: degrees) else {
            fail("--rotation must be 0, 90, 180 or 270, not \(degrees)")
        }
        // Checked before SDL is touched, so a missing display is one clear line, never a crash inside SDL.
        guard SDLWindow.displayName != nil else {
            fail("no display for the SDL simulator: neither DISPLAY nor WAYLAND_DISPLAY is set; use --backend headless")
        }
        let assets = Assets(given: assets)
        let textRenderer = assets.textRenderer()
        // --screen, else the board's mode, else the scene file's own screen, else 800x480: the panel's resolution.
        let boardMode = board.map { Size(width: Double($0.display.width), height: Double($0.display.height)) }
        let size = screen?.size ?? boardMode ?? scene?.screen ?? SceneFile.defaultScreen
        let screenSize = SimulatorScreen(physicalWidth: Int(size.width.rounded(.up)), physicalHeight: Int(size.height.rounded(.up)),
                                         rotation: rotation)
        let demo: SimulatorDemo
        do {
            demo = try SimulatorDemo(screen: screenSize, boardName: board?.name, zoom: simulator.zoom, scene: scene, textRenderer: textRenderer,
                                     icon: assets.icon, recordPath: simulator.record, fingerOverlay: simulator.fingerOverlay)
        } catch {
            fail("\(error)")
        }
        demo.run(duration: duration)
    }
}

/// The demo on the desktop: an SDL window at the board's resolution and
/// rotation, the mouse as a touch panel through the board's pipeline, and a
/// loop that sleeps in `SDL_WaitEventTimeout` until input or the run loop's
/// next timer, presenting only what changed.
final class SimulatorDemo {
    let scene: SceneFile?
    let icon: Image?
    let log: ReplayLog
    let clock: ScaledClock
    let runLoop: PanelKit.RunLoop
    let window: SDLWindow
    let renderer: Renderer
    let textRenderer: FreeTypeTextRenderer
    var screen: SimulatorScreen
    var content: DemoContent
    var touch: TouchSimulator
    /// The UI's image (logical size) and the panel's (physical size), as on the board.
    var logical: HeadlessDisplay
    let physical: HeadlessDisplay
    let recorder: EvemuWriter?
    let recordFile: Int32
    let recordPath: String?
    var showsFingers: Bool
    /// Shown in the title; the panel's size when there is no board.
    let boardName: String?
    var running = true
    var frames = 0
    var lastFrameTime = 0.0

    init(screen requested: SimulatorScreen, boardName: String?, zoom: SimulatorZoom, scene: SceneFile?, textRenderer: FreeTypeTextRenderer,
         icon: Image?, recordPath: String?, fingerOverlay: Bool) throws {
        self.scene = scene
        self.boardName = boardName
        self.icon = icon
        self.textRenderer = textRenderer
        showsFingers = fingerOverlay
        self.recordPath = recordPath
        clock = ScaledClock(source: SystemClock())
        runLoop = PanelKit.RunLoop(clock: clock)
        log = ReplayLog(sink: FileDescriptorSink(fileDescriptor: 1), clock: clock)
        log.startTime = clock.now
        var screen = requested
        window = try SDLWindow(title: "PanelKit Simulator", screen: screen)
        if zoom == .fit {
            screen.zoom = SDLWindow.fittingZoom(for: screen)
        } else if case .scale(let scale) = zoom {
            screen.zoom = scale
        }
        window.setScreen(screen)
        self.screen = screen
        renderer = Renderer(textRenderer: textRenderer)
        physical = HeadlessDisplay(width: screen.physicalWidth, height: screen.physicalHeight)
        logical = HeadlessDisplay(width: screen.logicalWidth, height: screen.logicalHeight)
        content = try DemoContent(scene: scene, runLoop: runLoop, screenSize: screen.logicalSize, icon: icon, log: log)
        touch = TouchSimulator(screen: screen, application: content.application)
        if let recordPath {
            let file = open(recordPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard file >= 0 else {
                window.close()
                fail("cannot write the recording \(recordPath): \(String(cString: strerror(errno)))")
            }
            recordFile = file
            recorder = EvemuWriter(device: touch.device, sink: FileDescriptorSink(fileDescriptor: file),
                                   comment: "Recorded by PanelKit's simulator (panel demo --backend sdl): panel "
                                       + "\(screen.physicalWidth)x\(screen.physicalHeight), display rotation \(screen.rotation.rawValue)")
            touch.recorder = recorder
        } else {
            recordFile = -1
            recorder = nil
        }
    }

    func run(duration: Double?) {
        let name = scene.map { "scene \($0.path)" } ?? "the demo app"
        FileHandle.standardError.write(Data("""
            panel demo: SDL simulator on \(SDLWindow.displayName ?? "?"): \(name), panel \(screen.physicalWidth)x\(screen.physicalHeight) \
            at \(screen.rotation.rawValue)°, zoom \(screen.zoom)
            panel demo: \(SimulatorKey.help)

            """.utf8))
        let startWall = clock.source.now
        let startCPU = Self.processCPUTime()
        let end = duration.map { startWall + $0 } ?? .infinity
        drawAll()
        while running {
            // Sleep until input, the next timer (in real time: slow motion stretches it) or the end.
            var wait = clock.source.now < end ? end - clock.source.now : 0
            if !runLoop.isIdle {
                wait = min(wait, runLoop.nextDeadline.map { clock.sourceInterval(until: $0) } ?? 0)
            }
            let milliseconds: Int32 = wait.isFinite ? Int32(min((wait * 1000).rounded(.up), 86_400_000)) : -1
            if let input = window.waitInput(milliseconds: milliseconds) {
                handle(input)
                while running, let more = window.pollInput() { handle(more) }
            }
            content.application.runTurn()
            presentChanges()
            log.writer.flush()
            if clock.source.now >= end { running = false }
        }
        touch.mouseUp(time: clock.now)
        content.application.runTurn()
        log.writer.flush()
        if let recorder {
            recorder.flush()
            Foundation.close(recordFile)
            FileHandle.standardError.write(Data("panel demo: recorded \(recorder.eventCount) events to \(recordPath ?? "")\n".utf8))
        }
        let wall = clock.source.now - startWall
        let cpu = Self.processCPUTime() - startCPU
        window.close()
        FileHandle.standardError.write(Data(String(format: "panel demo: %d frames presented; CPU %.3f s over %.3f s running (%.2f%%)\n",
                                                   frames, cpu, wall, wall > 0 ? cpu / wall * 100 : 0).utf8))
    }

    /// This process's CPU time (user + system), in seconds.
    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    func handle(_ input: SimulatorInput) {
        switch input {
        case .none:
            break
        case .quit, .key(.quit):
            running = false
        case .exposed:
            present()
        case .mouseDown(let x, let y, let mode):
            touch.mouseDown(windowX: x, windowY: y, mode: mode, time: clock.now)
            if showsFingers { present() }
        case .mouseMoved(let x, let y):
            touch.mouseMoved(windowX: x, windowY: y, time: clock.now)
            if showsFingers { present() }
        case .mouseUp:
            let wasDown = touch.fingers.isDown
            touch.mouseUp(time: clock.now)
            if showsFingers && wasDown { present() }
        case .key(.screenshot):
            screenshot()
        case .key(.rotate):
            rotate()
        case .key(.overlay):
            showsFingers.toggle()
            present()
        case .key(.slowMotion):
            clock.setRate(clock.rate == 1 ? 0.2 : 1)
            FileHandle.standardError.write(Data("panel demo: \(clock.rate == 1 ? "normal speed" : "slow motion, 1/5 speed")\n".utf8))
            updateTitle()
        }
    }

    /// The whole UI drawn and shown: at start and after a rotation.
    func drawAll() {
        let start = clock.source.now
        renderer.draw(content.window, into: logical.framebuffer)
        let area = screen.rotation.copy(logical.framebuffer.bounds, from: logical.framebuffer, to: physical.framebuffer)
        if let area { window.update(from: physical.framebuffer, area: area) }
        present()
        lastFrameTime = clock.source.now - start
        updateTitle()
    }

    /// Redraws what changed, turns it into the panel's framebuffer and shows it; nothing when nothing changed.
    func presentChanges() {
        let start = clock.source.now
        guard let dirty = renderer.render(content.window, into: logical.framebuffer) else { return }
        if let area = screen.rotation.copy(dirty, from: logical.framebuffer, to: physical.framebuffer) {
            window.update(from: physical.framebuffer, area: area)
        }
        present()
        lastFrameTime = clock.source.now - start
        updateTitle()
    }

    func present() {
        window.present(fingers: showsFingers ? touch.fingers : nil)
        frames += 1
    }

    func updateTitle() {
        // ASCII only: some X11 paths mangle a UTF-8 title (an em dash came out as Latin-1 bytes).
        let slow = clock.rate == 1 ? "" : " - slow motion"
        let milliseconds = String(format: "%.2f", lastFrameTime * 1000)
        let panel = "\(screen.physicalWidth)x\(screen.physicalHeight) turned \(screen.rotation.rawValue) deg"
        window.setTitle("PanelKit Simulator - \(boardName.map { "\($0), " } ?? "")\(panel) - frame \(milliseconds) ms\(slow)")
    }

    func screenshot() {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let path = "panelkit-simulator-\(formatter.string(from: Date())).png"
        do {
            try logical.writePNG(to: path)
            FileHandle.standardError.write(Data("panel demo: screenshot \(path)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("panel demo: screenshot failed: \(error)\n".utf8))
        }
    }

    /// The board turned a further 90°: the app restarts at the turned logical size, as a board
    /// booted with the new rotation would; the panel and its touch sensor stay as they are.
    func rotate() {
        touch.mouseUp(time: clock.now)
        content.application.runTurn()
        screen = screen.turnedClockwise()
        window.setScreen(screen)
        logical = HeadlessDisplay(width: screen.logicalWidth, height: screen.logicalHeight)
        do {
            content = try DemoContent(scene: scene, runLoop: runLoop, screenSize: screen.logicalSize, icon: icon, log: log)
        } catch {
            fail(error.message)   // the file built at start; it cannot fail now, but say so if it does
        }
        let previous = touch
        touch = TouchSimulator(screen: screen, application: content.application)
        // One sensor, one event stream: the recording and the slot state carry on.
        touch.recorder = previous.recorder
        touch.panel = previous.panel
        FileHandle.standardError.write(Data("panel demo: board turned to \(screen.rotation.rawValue)°; the app restarts at \(screen.logicalWidth)x\(screen.logicalHeight)\n".utf8))
        drawAll()
    }
}
