import CLinux
import PanelImage
import PanelJSON
import PanelKit
import PanelLog
import PanelReplay
import PanelScenes
import PanelUI

/// PanelKit's demo as an app like any other: `panel demo`, the board binary
/// and the simulator all run it through `ApplicationMain`.
///
/// Without `--scene` it shows the demo app (controls and about screens) and
/// logs each control action. With `--scene NAME|FILE` it shows a scene file
/// instead and logs what `panel replay` logs (touch, responder, gesture and
/// action lines), so the two logs compare. Headless with no `--replay`, it
/// plays its scripted session and writes a PNG after every step to `--output`.
public final class DemoAppDelegate: ApplicationDelegate {
    public var window: Window?
    /// The demo app, when no scene is shown: the target-action owner, kept alive here.
    public private(set) var demo: DemoApp?
    /// The scene shown: its delegates and label bindings, kept alive here.
    public private(set) var scene: Scene?
    var sceneFile: SceneFile?
    var output = "out/demo"
    /// `--right-to-left`: the whole demo laid out as for Hebrew or Arabic.
    var rightToLeft = false

    public init() {}

    /// PanelKit's demo carries the replayer on a board too: board-test replays
    /// traces into panel-demo headless under qemu-user. Its bench is the
    /// harness beside it, panel-bench, which measures the demo's screen.
    public static var tools: AppTools { [.headless] }

    public static var options: [AppOption] {
        [
            AppOption(
                "scene", value: "NAME|FILE",
                help: "a scene instead of the demo app: touches, gestures, controls, or a scene file"),
            AppOption(
                "scene-file", value: "FILE", help: "a scene file (docs/scene-files.md); the same as --scene FILE"),
            AppOption(
                "output", value: "DIR",
                help: "headless: the folder for the scripted session's PNG frames (default out/demo)"),
            AppOption(
                "right-to-left", value: nil,
                help:
                    "lay the demo out right to left, as for Hebrew or Arabic (application.userInterfaceLayoutDirection)"
            )
        ]
    }

    public func applicationWillLaunch(_ arguments: AppArguments) throws(LaunchError) {
        if let folder = arguments.value(of: "output") { output = folder }
        rightToLeft = arguments.isSet("right-to-left")
        let named = arguments.value(of: "scene")
        let file = arguments.value(of: "scene-file")
        if named != nil && file != nil { throw LaunchError("give --scene or --scene-file, not both") }
        guard let name = named ?? file else { return }
        sceneFile = try loadScene(name, isFile: file != nil, assets: arguments.assetsPath)
        try checkScene()
    }

    /// A built-in scene by name, else a scene file by path.
    func loadScene(_ name: String, isFile: Bool, assets: String) throws(LaunchError) -> SceneFile {
        if !isFile, SceneCatalog.path(of: name, assets: assets) != nil {
            do throws(SceneLoadError) {
                return try SceneCatalog.load(name, assets: assets)
            } catch {
                throw LaunchError(error.message)
            }
        }
        guard isFile || name.utf8.contains(UInt8(ascii: "/")) || hasSuffixBytes(name, ".json") else {
            throw LaunchError(SceneCatalog.unknownSceneMessage(name))
        }
        do throws(JSONError) {
            return try SceneFile.load(path: name)
        } catch {
            throw LaunchError(error.description)
        }
    }

    /// A scene file's views are checked by building them once, before any display opens.
    func checkScene() throws(LaunchError) {
        guard let sceneFile else { return }
        do throws(JSONError) {
            _ = try sceneFile.build(screenSize: nil, log: ReplayLog(sink: CountingSink(), clock: ManualClock()))
        } catch {
            throw LaunchError(error.description)
        }
    }

    public var preferredScreenSize: Size? { sceneFile?.screen }

    public func makeApplication(runLoop: PanelUI.RunLoop, options: LaunchOptions) -> Application {
        guard sceneFile != nil else { return Application(runLoop: runLoop) }
        // A scene logs every touch phase and arbitration, as `panel replay` does.
        let application = ReplayApplication(runLoop: runLoop, log: options.log)
        application.gestureObserver = options.log
        return application
    }

    public func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        if let sceneFile {
            let built: Scene
            do throws(JSONError) {
                built = try sceneFile.build(screenSize: options.screenBounds.size, log: options.log)
            } catch {
                writeError(options.programName + ": error: " + error.description + "\n")
                return false
            }
            built.attach(to: application)
            scene = built
            window = built.window
        } else {
            // Before the window exists, as an app in Hebrew or Arabic sets it.
            if rightToLeft { application.userInterfaceLayoutDirection = .rightToLeft }
            let demo = DemoApp(
                application: application, screenSize: options.screenBounds.size, icon: nil, log: options.log,
                settings: options.settings)
            // The @2x icon on a scale-2 screen when there is one; the 1x one is enlarged otherwise.
            // Decoded when About is first laid out: the first screen does not show it.
            let path = options.assetsPath + "/images/panelkit-icon.png"
            let scale = options.scale
            demo.about.iconLoader = { try? PNG.readImage(path: path, forScale: scale) }
            self.demo = demo
            window = demo.window
        }
        return true
    }

    /// The screens the demo showed before a restart (`StateRestoration`).
    public func application(_ application: Application, viewControllerWithRestorationIdentifierPath path: [String])
        -> ViewController?
    {
        demo?.controller(atRestorationPath: path)
    }

    /// Headless: a scene is drawn once to `OUTPUT/scene.png`; the demo app plays
    /// its scripted session with a PNG after every step.
    public func applicationRunHeadless(_ application: Application, host: HeadlessHost) -> Bool {
        let programName = host.launchOptions.programName
        makeDirectories(output, host: host)
        if let sceneFile {
            host.drawAll()
            host.writePNG(to: output + "/scene.png")
            writeError(
                programName + ": drew " + sceneFile.path + " (" + String(host.display.framebuffer.width) + "x"
                    + String(host.display.framebuffer.height) + ") to " + output + "/scene.png\n")
            return true
        }
        guard let demo else { return false }
        host.drawAll()
        var frameNumber = 0
        DemoSession(app: demo).play(.standard) { step in
            host.render()
            host.writePNG(to: output + "/" + (frameNumber < 10 ? "0" : "") + String(frameNumber) + "-" + step + ".png")
            frameNumber += 1
        }
        host.launchOptions.log.writer.flush()
        writeError(programName + ": wrote " + String(frameNumber) + " frames to " + output + "/\n")
        return true
    }

    /// `mkdir -p`; a folder that cannot be made ends the program.
    func makeDirectories(_ path: String, host: HeadlessHost) {
        var prefix = hasPrefixBytes(path, "/") ? "/" : ""
        for part in path.split(whereSeparator: { characterIs($0, UInt8(ascii: "/")) }) {
            prefix += String(part)
            if mkdir(prefix, 0o755) != 0 && clinux_errno() != EEXIST {
                host.fail("cannot create the output folder " + path + ": " + systemErrorDescription(clinux_errno()))
            }
            prefix += "/"
        }
    }
}
