import ArgumentParser
import Foundation
import PanelBoards
import PanelImage
import PanelJSON
import PanelLog
import PanelReplay
import PanelScenes
import PanelText
import PanelTrace
import PanelUI

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an evemu touch recording through the whole pipeline and log it as JSON Lines.",
        discussion: """
            The trace's axis ranges are mapped onto the screen, and its events run through \
            decoding, tracking, hit-testing and delivery on a clock that follows the trace's \
            timestamps. Each touch phase change and responder message prints one JSON object \
            per line on standard output; a summary line ends the log.
            """
    )

    @Argument(help: "An evemu-record file (.evemu).")
    var trace: String

    @OptionGroup var sceneChoice: SceneChoice

    @OptionGroup var boardChoice: BoardChoice

    @Option(
        help:
            "The screen size in points, WIDTHxHEIGHT (default: the board's, else the scene file's `screen`, else 800x480)."
    )
    var screen: ScreenSize?

    @Option(help: "Save the last frame as a PNG file, in pixels (a board's scale times the points).")
    var png: String?

    @Option(
        help: "PanelKit's assets folder, for the fonts; found from the current folder or the executable by default.")
    var assets: String?

    func run() throws {
        // The trace streams through a fixed buffer, so memory does not grow with its
        // length; it is read through once first, so a bad line fails before any output.
        let reader: TraceReader
        do {
            try TraceReader.check(path: trace)
            reader = try TraceReader(path: trace)
        } catch {
            fail("\(error)")
        }
        let sceneFile = sceneChoice.load(assets: assets, default: SceneCatalog.defaultScene)
        let board = boardChoice.load()
        // The board's pixels (the screen in points times its scale), in its pixel format, at its refresh rate.
        let screenSize = screen?.size ?? board?.screenSize ?? sceneFile.screen ?? SceneFile.defaultScreen
        let display = HeadlessDisplay(screenSize: screenSize, scale: board?.scale ?? 1, board: board)
        // A board's trace comes from its own touch panel: its position axes,
        // calibration, rotation and filters apply.
        if let board { reader.device = board.touch.wiring(reader.device) }
        let replayer: TraceReplayer
        do {
            replayer = try TraceReplayer(
                reader: reader, scene: sceneFile, screenSize: screen?.size ?? board?.screenSize,
                scale: board?.scale ?? 1,
                calibration: board?.touch.effectiveCalibration ?? .identity,
                rotation: board?.touchRotationOnScreen ?? .none,
                filters: board?.touch.filters ?? .none, display: display,
                textRenderer: Assets(given: assets).textRenderer(board: board),
                output: FileDescriptorSink(fileDescriptor: 1))
        } catch {
            fail(error.message)
        }
        // What the runtime works around (touches on axes that never move, …)
        // is said once on standard error, so the JSON Lines log stays clean.
        replayer.application.warnings.handler = { warning in
            FileHandle.standardError.write(Data("panel: warning: \(warning.message)\n".utf8))
        }
        do {
            try replayer.run(reader)
        } catch {
            fail("\(error)")
        }
        if let png {
            // What the display shows after the replay's last frame.
            do {
                try display.writePNG(to: png)
            } catch {
                fail("\(error)")
            }
        }
    }
}

/// `--scene NAME` or `--scene-file FILE`: the view tree a command runs, from
/// a scene file (docs/scene-files.md).
struct SceneChoice: ParsableArguments {
    @Option(help: "A built-in scene: \(SceneCatalog.names.joined(separator: ", ")) (assets/scenes/NAME.json).")
    var scene: String?

    @Option(help: "A scene file (JSON; see docs/scene-files.md) instead of a built-in scene.")
    var sceneFile: String?

    var isGiven: Bool { scene != nil || sceneFile != nil }

    /// The scene file chosen, else the built-in `defaultScene`; a bad choice or file ends the program with its error.
    func load(assets: String?, default defaultScene: String) -> SceneFile {
        if scene != nil && sceneFile != nil { fail("give --scene or --scene-file, not both") }
        do {
            if let sceneFile { return try SceneFile.load(path: sceneFile) }
            let name = scene ?? defaultScene
            guard SceneCatalog.names.contains(name) else { fail(SceneCatalog.unknownSceneMessage(name)) }
            return try SceneCatalog.load(name, assets: Assets(given: assets).path)
        } catch let error as JSONError {
            fail(error.description)
        } catch let error as SceneLoadError {
            fail(error.message)
        } catch {
            fail("\(error)")
        }
    }
}

/// `WIDTHxHEIGHT`, both whole points within `ScreenLimits` (16 to 8192, as board and scene files).
struct ScreenSize: ExpressibleByArgument {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            ScreenLimits.contains(Double(w)), ScreenLimits.contains(Double(h))
        else { return nil }
        self.init(width: w, height: h)
    }

    var size: Size { Size(width: Double(width), height: Double(height)) }
    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// Prints one line to standard error and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("panel: error: \(message)\n".utf8))
    Foundation.exit(1)
}
