import ArgumentParser
import Foundation
import PanelBoards
import PanelDemo
import PanelHeadless
import PanelKit
import PanelLinux
import PanelReplay
import PanelSDL
import PanelText

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run PanelKit's demo: buttons, sliders and switches on two screens.",
        discussion: """
        Headless (what `auto` picks when there is no KMS card with a connected display), it plays a
        scripted touch session, prints each control action as a JSON line, and writes a PNG frame after
        every step to the output folder.

        With `--backend drm` (or `auto` on a board) it draws on the display through DRM/KMS at the mode's
        size, takes touch from evdev (the --device, or every direct-touch device in /dev/input, hot-plugged),
        prints each control action as a JSON line on stdout, and runs until SIGTERM/SIGINT or --duration;
        it then restores the console's mode and prints the input-to-flip latency summary to stderr.
        """
    )

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case auto, headless, drm, sdl
    }

    /// --rotation, --zoom, --record, --finger-overlay: the SDL simulator's.
    @OptionGroup var simulator: SimulatorOptions


    @Option(help: "Where frames go: \(Backend.allCases.map(\.rawValue).joined(separator: ", ")).")
    var backend: Backend = .auto

    @Option(help: "The screen size in points, WIDTHxHEIGHT (default: a scene file's `screen`, else 800x480).")
    var screen: ScreenSize?

    /// The screen for the demo app: --screen, else the board's, else 800x480.
    func appScreen(board: Board?) -> ScreenSize {
        if let screen { return screen }
        if let pixels = board?.screenPixels { return ScreenSize(width: pixels.width, height: pixels.height) }
        return ScreenSize(width: 800, height: 480)
    }

    @Option(help: "The folder for the headless demo's PNG frames.")
    var output: String = "out/demo"

    @Option(help: "PanelKit's assets folder (fonts and images); found from the current folder or the executable by default.")
    var assets: String?

    @Option(help: "DRM: the card, e.g. /dev/dri/card0 (default: the first with a connected connector).")
    var card: String?

    @Option(help: "DRM: the connector, e.g. Virtual-1 (default: the first connected).")
    var connector: String?

    @Option(help: "DRM: the mode, WIDTHxHEIGHT or a mode name (default: the preferred mode). The screen is the mode's size.")
    var mode: String?

    @Option(help: "DRM: the touch device, e.g. /dev/input/event3 (default: every direct-touch device, hot-plugged).")
    var device: String?

    @Flag(help: "DRM: take the touch devices exclusively (EVIOCGRAB).")
    var grab = false

    @Option(help: "DRM: how far the touch sensor turns clockwise to match the screen: 0, 90, 180 or 270.")
    var touchRotation: Int?

    @Option(help: "DRM: the touch calibration matrix, six numbers 'a b c d e f' as libinput's LIBINPUT_CALIBRATION_MATRIX.")
    var calibration: String?

    /// A scene instead of the demo app, logging what `panel replay` logs, so the two compare.
    @OptionGroup var sceneChoice: SceneChoice

    @OptionGroup var boardChoice: BoardChoice

    @Option(help: "DRM: write one line per presented frame: frame, input time, flip time, latency in ms.")
    var latencyLog: String?

    @Option(help: "DRM: stop after this many seconds (default: run until SIGTERM/SIGINT).")
    var duration: Double?

    func run() throws {
        // Checked before any display opens, so a bad scene file leaves the screen alone.
        let scene = sceneChoice.isGiven ? sceneChoice.load(assets: assets, default: SceneCatalog.defaultScene) : nil
        let board = boardChoice.load()
        if backend == .sdl { return try runSimulator(scene: scene, board: board) }
        var useDevice = backend == .drm
        var display: DRMDisplay?
        if backend != .headless {
            _ = touchConfiguration(board: board)   // bad touch options fail before the display changes
            var configuration = DRMDisplayConfiguration(cardPath: card)
            configuration.connectorName = connector ?? board?.display.connector
            configuration.mode = mode ?? board?.display.modeName
            do {
                display = try DRMDisplay.open(configuration)
                useDevice = true
            } catch {
                if backend == .drm { fail("\(error)") }
                // auto: no usable KMS device, but a desktop session: the simulator.
                if SDLWindow.displayName != nil { return try runSimulator(scene: scene, board: board) }
                FileHandle.standardError.write(Data("panel demo: no KMS display (\(error.message.split(separator: "\n").first ?? "")); running headless\n".utf8))
            }
        }
        if useDevice, let display {
            let touch = touchConfiguration(board: board)
            let assets = Assets(given: assets)
            let textRenderer = assets.textRenderer { display.close(nil) }
            do {
                let demo = try DeviceDemo(display: display, scene: scene, deviceConfiguration: touch, textRenderer: textRenderer,
                                          icon: assets.icon, latencyLogPath: latencyLog)
                try demo.run(duration: duration)
            } catch {
                display.close(nil)
                fail("\(error)")
            }
            return
        }
        try runHeadless(scene: scene, board: board)
    }

    /// The touch settings: the options given, else the board's, else the defaults.
    func touchConfiguration(board: Board?) -> EvdevTouchConfiguration {
        var touch = EvdevTouchConfiguration(devicePath: device ?? board?.touch.device.pathOrName)
        touch.grab = grab || board?.touch.grab == true
        if let touchRotation {
            guard let rotation = TouchRotation(rawValue: touchRotation) else {
                fail("--touch-rotation must be 0, 90, 180 or 270, not \(touchRotation)")
            }
            touch.rotation = rotation
        } else if let board {
            touch.rotation = board.touch.rotation
        }
        if let calibration {
            let numbers = calibration.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            guard numbers.count == 6 else { fail("--calibration needs six numbers 'a b c d e f', not '\(calibration)'") }
            touch.calibration = CalibrationMatrix(a: numbers[0], b: numbers[1], c: numbers[2],
                                                  d: numbers[3], e: numbers[4], f: numbers[5])
        } else if let board {
            touch.calibration = board.touch.effectiveCalibration
        }
        touch.filters = board?.touch.filters ?? .none
        return touch
    }

    func runHeadless(scene: SceneFile?, board: Board?) throws {
        let assets = Assets(given: assets)
        let textRenderer = assets.textRenderer()
        if let scene {
            try showHeadless(scene, board: board, textRenderer: textRenderer)
            return
        }
        let appScreen = appScreen(board: board)

        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let log = ReplayLog(sink: FileDescriptorSink(fileDescriptor: 1), clock: application.runLoop.clock)
        let demo = DemoApp(application: application, screenSize: appScreen.size, icon: assets.icon, log: log)
        let display = HeadlessDisplay(width: appScreen.width, height: appScreen.height)
        let renderer = Renderer(textRenderer: textRenderer)
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            fail("cannot create the output folder \(output): \(error.localizedDescription)")
        }
        renderer.draw(demo.window, into: display.framebuffer)
        var frameNumber = 0
        var written: [String] = []
        DemoSession(app: demo).play(.standard) { step in
            _ = renderer.render(demo.window, into: display.framebuffer)
            let path = "\(output)/\(String(format: "%02d", frameNumber))-\(step).png"
            frameNumber += 1
            do {
                try display.writePNG(to: path)
            } catch {
                fail("\(error)")
            }
            written.append(path)
        }
        log.writer.flush()
        FileHandle.standardError.write(Data("panel demo: wrote \(written.count) frames to \(output)/\n".utf8))
    }
}

extension DemoCommand {
    /// Headless with a scene: draws it once, as the board would show it before
    /// any touch, to `OUTPUT/scene.png`. (`panel replay TRACE --scene-file F
    /// --png P` shows it after a recorded session.)
    func showHeadless(_ file: SceneFile, board: Board?, textRenderer: FreeTypeTextRenderer) throws {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let log = ReplayLog(sink: FileDescriptorSink(fileDescriptor: 1), clock: application.runLoop.clock)
        let scene: Scene
        do {
            scene = try file.build(screenSize: screen?.size ?? board?.screenSize, log: log)
        } catch {
            fail(error.description)
        }
        scene.attach(to: application)
        let size = scene.window.bounds.size
        let display = HeadlessDisplay(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
        Renderer(textRenderer: textRenderer).draw(scene.window, into: display.framebuffer)
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            try display.writePNG(to: output + "/scene.png")
        } catch {
            fail("cannot write \(output)/scene.png: \(error)")
        }
        FileHandle.standardError.write(Data("panel demo: drew \(file.path) (\(display.framebuffer.width)x\(display.framebuffer.height)) to \(output)/scene.png\n".utf8))
    }
}

/// PanelKit's assets: the fonts every screen draws with and the demo's icon.
struct Assets {
    let path: String

    init(given: String?) {
        path = locateAssets(given)
    }

    /// FreeType on the assets' fonts. A font that cannot load ends the program
    /// with its error, after `cleanUp` (which restores a display already taken).
    func textRenderer(cleanUp: () -> Void = {}) -> FreeTypeTextRenderer {
        do {
            return try FreeTypeTextRenderer(fontDirectory: path + "/fonts")
        } catch {
            cleanUp()
            fail("\(error)")
        }
    }

    /// The demo's icon, read through libpng; `nil` (no icon drawn) when missing.
    var icon: Image? { try? PNG.readImage(path: path + "/images/panelkit-icon.png") }
}

/// The assets folder: the one given, else PANELKIT_ASSETS, else `assets` here,
/// else next to the executable's package checkout (walking up from the executable).
func locateAssets(_ given: String?) -> String {
    locatePackageFolder("assets", given: given, marker: "fonts", option: "--assets", variable: "PANELKIT_ASSETS")
}

/// A folder of the PanelKit checkout (`assets`, `boards`): the one given, else
/// the environment variable's, else `NAME` here, else beside the executable's
/// checkout (walking up from the executable). `marker` is a child it must hold.
func locatePackageFolder(_ name: String, given: String?, marker: String?, option: String, variable: String) -> String {
    let manager = FileManager.default
    func holds(_ folder: String) -> Bool {
        var isFolder: ObjCBool = false
        return manager.fileExists(atPath: folder + (marker.map { "/" + $0 } ?? ""), isDirectory: &isFolder) && isFolder.boolValue
    }
    if let given {
        guard holds(given) else {
            fail("no \(marker.map { "\($0) in " } ?? "folder ")\(given): give \(option) PanelKit's \(name) folder")
        }
        return given
    }
    if let environment = ProcessInfo.processInfo.environment[variable], holds(environment) { return environment }
    if holds(name) { return name }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
        let candidate = directory.appendingPathComponent(name).path
        if holds(candidate) { return candidate }
        directory.deleteLastPathComponent()
    }
    fail("cannot find PanelKit's \(name) folder: run from the PanelKit folder, or pass \(option) DIR or set \(variable)")
}
