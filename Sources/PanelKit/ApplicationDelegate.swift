import PanelBoards
@_exported import PanelLog // the log apps write action lines to (LaunchOptions.log)
@_exported import PanelSettings // the app's settings (Settings.standard, LaunchOptions.settings)
@_exported import PanelUI

/// What an app gives PanelKit: UIKit's `UIApplicationDelegate`, launch half.
///
/// The runtime (`ApplicationMain`) creates the delegate, the application and
/// its run loop for the backend the command line picks, then calls
/// `application(_:didFinishLaunchingWithOptions:)`, which builds the window
/// and its root view controller:
///
/// ```swift
/// @main
/// final class AppDelegate: ApplicationDelegate {
///     var window: Window?
///
///     func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
///         let window = Window(frame: options.screenBounds)
///         window.rootViewController = HomeViewController()
///         application.addWindow(window)
///         self.window = window
///         return true
///     }
/// }
/// ```
///
/// The same code runs on a board (DRM/KMS and evdev), in the desktop
/// simulator (SDL) and headless (traces in, PNG out); `@main` runs
/// `main()`, the equivalent of `UIApplicationMain`. Class-bound, so the
/// runtime holds it without existentials and it builds as Embedded Swift.
public protocol ApplicationDelegate: AnyObject {
    init()

    /// The app's window, set at launch. The runtime draws it and sends it the touches.
    var window: Window? { get set }

    /// Builds the UI. Return false to end the program (with status 1) instead of running it.
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool

    /// Called once after the run ends (a signal, `--duration`, the window closed, the replay played).
    func applicationWillTerminate(_ application: Application)

    /// The app's own command-line options, besides the standard ones
    /// (`StandardOptions`); their values reach the app as `LaunchOptions.value(of:)`.
    static var options: [AppOption] { get }

    /// The modes the binary carries besides the app: `--backend headless` and
    /// `--bench` (`AppTools`). The default, `AppTools.standard`, is both on
    /// the desktop and neither on a board; list them to have them on a board.
    static var tools: AppTools { get }

    /// Called before any display opens, with the command line read: check the
    /// app's own options and files here and throw, so a mistake is one line
    /// and the screen is never touched.
    func applicationWillLaunch(_ arguments: AppArguments) throws(LaunchError)

    /// The screen size the app asks for where the backend lets it choose
    /// (headless, the simulator) and neither `--screen` nor a board sets one;
    /// nil gives 800x480. Read after `applicationWillLaunch(_:)`.
    var preferredScreenSize: Size? { get }

    /// The application object to run; override to use a subclass of `Application`. The default is `Application(runLoop:)`.
    func makeApplication(runLoop: RunLoop, options: LaunchOptions) -> Application

    /// Headless with no `--replay`: the app may drive itself (PanelKit's demo
    /// plays a scripted session) and return true. The default returns false,
    /// and the runtime draws the first frame (to `--png` when given).
    func applicationRunHeadless(_ application: Application, host: HeadlessHost) -> Bool
    /// At launch, when the last run saved a navigation stack deeper than the
    /// one the app built: the controller for `path`, the restoration
    /// identifiers from the window's root to it (UIKit's
    /// `application(_:viewControllerWithRestorationIdentifierPath:coder:)`).
    /// Return one with that identifier, made or kept; nil stops the stack
    /// below it. The default returns nil. See docs/navigation.md, "State restoration".
    func application(_ application: Application, viewControllerWithRestorationIdentifierPath path: [String])
        -> ViewController?
}

extension ApplicationDelegate {
    public func applicationWillTerminate(_ application: Application) {}
    public static var options: [AppOption] { [] }
    public static var tools: AppTools { .standard }
    public func applicationWillLaunch(_ arguments: AppArguments) throws(LaunchError) {}
    public var preferredScreenSize: Size? { nil }
    public func makeApplication(runLoop: RunLoop, options: LaunchOptions) -> Application {
        Application(runLoop: runLoop)
    }
    public func applicationRunHeadless(_ application: Application, host: HeadlessHost) -> Bool { false }
    public func application(
        _ application: Application, viewControllerWithRestorationIdentifierPath path: [String]
    ) -> ViewController? { nil }

    /// `@main`'s entry point: runs the app with the process's command line and exits with its status.
    public static func main() {
        let status = ApplicationMain.run(Self.self, arguments: ProcessArguments.read())
        exitProcess(status)
    }
}

/// One of an app's own command-line options: `--name VALUE`, or a flag `--name`.
public struct AppOption {
    public var name: String
    public var valueName: String?
    public var help: String

    /// `name` without the dashes; `valueName` nil for a flag.
    public init(_ name: String, value valueName: String? = "VALUE", help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }
}

/// The command line as the app sees it before launch: its own options' values,
/// the board and PanelKit's assets.
public final class AppArguments {
    /// The board (`--board`, or the one a board build compiles in), with its calibration override applied.
    public let board: Board?
    /// PanelKit's assets folder: `fonts/`, `images/`, `scenes/`.
    public let assetsPath: String
    /// The program name for messages ("panel demo", the app's executable).
    public let programName: String
    let values: [(name: String, value: String?)]

    init(board: Board?, assetsPath: String, programName: String, values: [(name: String, value: String?)]) {
        self.board = board
        self.assetsPath = assetsPath
        self.programName = programName
        self.values = values
    }

    /// The value given for the app's option `name` (no dashes); "" for a flag given; nil when absent.
    public func value(of name: String) -> String? {
        for entry in values where sameBytes(entry.name, name) { return entry.value ?? "" }
        return nil
    }

    /// Whether the app's flag `name` was given.
    public func isSet(_ name: String) -> Bool { value(of: name) != nil }
}

/// Why an app cannot launch, as one line that names the fix.
public struct LaunchError: Error {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What the app is launched with: `UIScreen.main.bounds` and `.scale`, the
/// board, the backend, PanelKit's assets and the app's own options.
public final class LaunchOptions {
    /// The screen, in points, with the board's rotation applied: the window's frame.
    public let screenBounds: Rect
    /// Pixels per point (the board's `scale`, else 1), as `application.screen.scale`:
    /// the UI is drawn at `screenBounds` times this. For choosing images
    /// (`PNG.readImage(path:forScale:)`).
    public let scale: Double
    /// The backend running the app (never `.auto`).
    public let backend: Backend
    /// The JSON Lines log on standard output (`action` lines, and `touch`/`responder` lines for
    /// scenes), timed by the application's run loop. `log.logActions(of:value:)` logs a control.
    public let log: ReplayLog
    /// The app's own options, the board and the assets.
    public let arguments: AppArguments
    /// The app's settings, kept across restarts (`Settings.standard`, the same
    /// store): in the data directory on a panel, in memory headless (docs/settings.md).
    public let settings: Settings

    init(
        screenBounds: Rect, scale: Double, backend: Backend, log: ReplayLog, arguments: AppArguments,
        settings: Settings
    ) {
        self.screenBounds = screenBounds
        self.scale = scale
        self.backend = backend
        self.log = log
        self.arguments = arguments
        self.settings = settings
    }

    public var board: Board? { arguments.board }
    public var assetsPath: String { arguments.assetsPath }
    public var programName: String { arguments.programName }
    public func value(of name: String) -> String? { arguments.value(of: name) }
    public func isSet(_ name: String) -> Bool { arguments.isSet(name) }
}

/// Where the app runs.
public enum Backend: String {
    /// DRM if a KMS display opens, else an fbdev framebuffer (not on a desktop session, whose
    /// display server hides it), else the simulator when a desktop session is there, else
    /// headless. In a board build (no simulator): DRM, else fbdev, or an error saying why neither.
    /// A display device given (`--card`, the board's `display.device`) decides: `/dev/fbN` is fbdev.
    case auto
    /// DRM/KMS display and evdev touch: a board.
    case drm
    /// An fbdev framebuffer (`/dev/fbN`) and evdev touch: boards without KMS (SPI panels through fbtft, BSP kernels).
    case fbdev
    /// The SDL simulator window, the mouse standing in for touch.
    case sdl
    /// No display: traces in (`--replay`), PNG out (`--png`), the JSON Lines log.
    case headless

    /// Matched by bytes (the `~=` beside `sameBytes`): the synthesized
    /// initializer compares with String's `==`, which links Unicode's normalization tables.
    public init?(rawValue: String) {
        switch rawValue {
        case "auto": self = .auto
        case "drm": self = .drm
        case "fbdev": self = .fbdev
        case "sdl": self = .sdl
        case "headless": self = .headless
        default: return nil
        }
    }
}
