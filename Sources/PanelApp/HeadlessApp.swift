import PanelBoards
import PanelHeadless
import PanelJSON
import PanelKit
import PanelReplay
import PanelText

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
    public let renderer: Renderer
    /// The window's pixels: its size in points times the screen's scale.
    public let display: HeadlessDisplay
    /// Kept alive for the renderer.
    let textRenderer: FreeTypeTextRenderer

    /// Launches `Delegate` on a screen of `screenSize` points (default: the board's, else what the app prefers,
    /// else 800x480) at `scale` pixels per point (default: the board's, else 1). `arguments` are the app's own
    /// options (`["--scene", "controls"]`); the log goes to `logSink`; `assetsPath` defaults to PanelKit's
    /// assets, found as the runtime finds them.
    public static func launch<Delegate: ApplicationDelegate>(
        _ type: Delegate.Type, screenSize: Size? = nil, scale: Double? = nil, board: Board? = nil, arguments: [String] = [],
        logSink: any TextSink = MemorySink(), assetsPath: String? = nil, programName: String = "app"
    ) throws(LaunchError) -> HeadlessApp {
        var options: StandardOptions
        do throws(OptionError) {
            options = try StandardOptions.parse(arguments, appOptions: Delegate.options)
        } catch {
            throw LaunchError(error.message)
        }
        guard let assets = locatePanelKitFolder("assets", given: assetsPath ?? options.assets, marker: "fonts", variable: "PANELKIT_ASSETS") else {
            throw LaunchError("cannot find PanelKit's assets folder (fonts): pass assetsPath or set PANELKIT_ASSETS")
        }
        let textRenderer: FreeTypeTextRenderer
        do throws(TextError) {
            textRenderer = try FreeTypeTextRenderer(fontDirectory: assets + "/fonts")
        } catch {
            throw LaunchError(error.description)
        }
        let arguments = AppArguments(board: board, assetsPath: assets, programName: programName, values: options.appValues)
        let delegate = Delegate()
        try delegate.applicationWillLaunch(arguments)
        var size = screenSize ?? board?.screenSize ?? delegate.preferredScreenSize ?? Size(width: 800, height: 480)
        if let screen = options.screen, screenSize == nil { size = Size(width: Double(screen.width), height: Double(screen.height)) }
        let clock = ManualClock()
        let scale = scale ?? board?.scale ?? 1
        guard scale >= 1, scale <= 4 else { throw LaunchError("the scale is pixels per point from 1 to 4, not " + describeNumber(scale)) }
        let launched = try LaunchedApp(delegate, runLoop: RunLoop(manualClock: clock), screenSize: size, scale: scale,
                                       backend: .headless, logSink: logSink, arguments: arguments)
        return HeadlessApp(delegate: delegate, application: launched.application, window: launched.window,
                           launchOptions: launched.options, clock: clock, textRenderer: textRenderer)
    }

    init(delegate: any ApplicationDelegate, application: Application, window: Window, launchOptions: LaunchOptions,
         clock: ManualClock, textRenderer: FreeTypeTextRenderer) {
        self.delegate = delegate
        self.application = application
        self.window = window
        self.launchOptions = launchOptions
        self.clock = clock
        self.textRenderer = textRenderer
        renderer = Renderer(textRenderer: textRenderer)
        let pixels = Screen.pixelSize(of: window.bounds.size, scale: application.screen.scale)
        display = HeadlessDisplay(width: pixels.width, height: pixels.height,
                                  format: launchOptions.board?.display.pixelFormat ?? .xrgb8888)
    }

    /// The JSON Lines log the app writes (action lines, and touch lines for scenes).
    public var log: ReplayLog { launchOptions.log }

    /// Draws the whole window into ``display`` and returns its framebuffer.
    @discardableResult
    public func drawAll() -> Framebuffer {
        renderer.draw(window, into: display.framebuffer)
        return display.framebuffer
    }

    /// Redraws what changed since the last frame into ``display``, as a
    /// display loop does; the areas redrawn (pixels), empty when nothing changed.
    @discardableResult
    public func render() -> DirtyRegion {
        renderer.render(window, into: display.framebuffer)
    }
}
