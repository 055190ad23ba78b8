import PanelBoards
import PanelImage
import PanelJSON
import PanelLog
import PanelSettings
import PanelText
import PanelUI

/// An app launched headless on a manual clock, without a command line: what
/// UI tests drive (PanelTesting's `AppTester` builds on it). The delegate
/// goes through the same launch as on a board: `applicationWillLaunch`,
/// `makeApplication`, `application(_:didFinishLaunchingWithOptions:)`.
public final class HeadlessApp {
    public let delegate: any ApplicationDelegate
    public let application: Application
    public let window: Window
    public let launchOptions: LaunchOptions
    public let clock: ManualClock
    /// The device's frame loop onto `display`: every turn of the app's run
    /// loop (a touch frame, a timer, an animation frame) ends in a frame, laid
    /// out, rendered and presented as on the panel.
    public let frameDriver: FrameDriver
    package var renderer: Renderer { frameDriver.renderer }
    /// The window's pixels: its size in points times the screen's scale.
    public let display: HeadlessDisplay
    /// Kept alive for the renderer.
    let textRenderer: FreeTypeTextRenderer

    /// Launches `Delegate` on a screen of `screenSize` points (default: the board's, else what the app prefers,
    /// else 800x480) at `scale` pixels per point (default: the board's, else 1). `arguments` are the app's own
    /// options (`["--scene", "controls"]`); the log goes to `logSink`; `assetsPath` defaults to PanelKit's
    /// assets, found as the runtime finds them.
    public static func launch<Delegate: ApplicationDelegate>(
        _ type: Delegate.Type, screenSize: Size? = nil, scale: Double? = nil, board: Board? = nil,
        arguments: [String] = [],
        logSink: any TextSink = MemorySink(), assetsPath: String? = nil, programName: String = "app"
    ) throws(LaunchError) -> HeadlessApp {
        var options: StandardOptions
        do throws(OptionError) {
            options = try StandardOptions.parse(arguments, appOptions: Delegate.options)
        } catch {
            throw LaunchError(error.message)
        }
        guard
            let assets = locatePanelKitFolder(
                "assets", given: assetsPath ?? options.assets, marker: "fonts", variable: "PANELKIT_ASSETS")
        else {
            throw LaunchError("cannot find PanelKit's assets folder (fonts): pass assetsPath or set PANELKIT_ASSETS")
        }
        let textRenderer: FreeTypeTextRenderer
        do throws(TextError) {
            textRenderer = try FreeTypeTextRenderer(fontDirectory: assets + "/fonts")
            textRenderer.useFallbackFonts(of: board)
        } catch {
            throw LaunchError(error.description)
        }
        let arguments = AppArguments(
            board: board, assetsPath: assets, programName: programName, values: options.appValues)
        let delegate = Delegate()
        try delegate.applicationWillLaunch(arguments)
        var size = screenSize ?? board?.screenSize ?? delegate.preferredScreenSize ?? Size(width: 800, height: 480)
        if let screen = options.screen, screenSize == nil {
            size = Size(width: Double(screen.width), height: Double(screen.height))
        }
        let clock = ManualClock()
        let scale = scale ?? board?.scale ?? 1
        guard scale >= 1, scale <= 4 else {
            throw LaunchError("the scale is pixels per point from 1 to 4, not " + describeNumber(scale))
        }
        // In memory, so tests are deterministic and write nothing, unless `--data DIR` names a folder.
        var settings = Settings.inMemory()
        if let data = options.data {
            do throws(SettingsError) {
                settings = try Settings(directory: data)
            } catch {
                throw LaunchError(error.message)
            }
        }
        let launched = try LaunchedApp(
            delegate, runLoop: RunLoop(manualClock: clock), screenSize: size, scale: scale,
            backend: .headless, logSink: logSink, arguments: arguments, settings: settings)
        let app = HeadlessApp(
            delegate: delegate, application: launched.application, window: launched.window,
            launchOptions: launched.options, clock: clock, textRenderer: textRenderer)
        // The first frame, as the panel shows it before any finger can land.
        app.frameDriver.drawAll()
        return app
    }

    init(
        delegate: any ApplicationDelegate, application: Application, window: Window, launchOptions: LaunchOptions,
        clock: ManualClock, textRenderer: FreeTypeTextRenderer
    ) {
        self.delegate = delegate
        self.application = application
        self.window = window
        self.launchOptions = launchOptions
        self.clock = clock
        self.textRenderer = textRenderer
        display = HeadlessDisplay(
            screenSize: window.bounds.size, scale: application.screen.scale, board: launchOptions.board)
        frameDriver = FrameDriver(
            application: application, window: window, renderer: Renderer(textRenderer: textRenderer), display: display)
    }

    /// The app's settings (`Settings.standard` while it runs): in memory unless launched with `--data DIR`.
    public var settings: Settings { launchOptions.settings }

    /// Ends the app as the runtime does: `applicationWillTerminate(_:)`, then
    /// the settings' pending changes committed and the file closed. The app
    /// is not driven after.
    public func terminate() {
        delegate.applicationWillTerminate(application)
        settings.close()
    }

    /// An app let go without `terminate()` (most tests) still closes its
    /// settings: a commit pending on the run loop's timer would otherwise
    /// keep the run loop and the settings alive, each holding the other.
    deinit {
        application.stateRestoration?.stop() // its pending save would keep the settings and the run loop alive
        settings.close()
    }

    /// The JSON Lines log the app writes (action lines, and touch lines for scenes).
    public var log: ReplayLog { launchOptions.log }

    /// Draws the whole window into `display`, presents it and returns its framebuffer.
    @discardableResult
    public func drawAll() -> Framebuffer {
        frameDriver.drawAll()
        return display.framebuffer
    }

    /// Draws the frame a turn's end draws: what changed since the last one
    /// (nothing after a turn, which drew its own). `FrameDriver.drawFrame()`.
    public func render() {
        frameDriver.drawFrame()
    }
}
