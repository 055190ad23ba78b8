import CLinux
import PanelBoards
import PanelJSON
import PanelLinux
import PanelLog
import PanelSettings
import PanelText
import PanelTrace
import PanelUI

/// UIKit's `UIApplicationMain`: reads the standard options, picks the
/// backend, creates the app delegate and runs it until the end. `@main` on
/// an `ApplicationDelegate` calls it through `ApplicationDelegate.main()`;
/// `panel demo` calls it with its own arguments.
///
/// What goes wrong before or while the display opens (an unknown option, a
/// board that does not exist, no card, no display, permission denied) is one
/// line on standard error that names the fix, exit status 1, and the display
/// is given back first.
public enum ApplicationMain {
    /// Runs `Delegate`'s app with `arguments` (without the program name) and returns the exit status.
    public static func run<Delegate: ApplicationDelegate>(
        _ type: Delegate.Type, arguments: [String],
        programName: String? = nil
    ) -> Int32 {
        let runtime = AppRuntime(
            programName: programName ?? ProcessArguments.programName,
            appOptions: Delegate.options, tools: carriedTools(Delegate.tools), makeDelegate: { Delegate() })
        return runtime.run(arguments)
    }

    /// What the binary carries: the delegate's list on a board; every tool on
    /// the desktop, whatever the list says (references and tests replay any app).
    static func carriedTools(_ listed: AppTools) -> AppTools {
        #if hasFeature(Embedded)
            listed
        #else
            [listed, .headless, .bench]
        #endif
    }
}

/// One run of an app: the command line, the board, the fonts, the backend,
/// and the launch the hosts share.
final class AppRuntime {
    let programName: String
    let appOptions: [AppOption]
    let tools: AppTools
    let makeDelegate: () -> any ApplicationDelegate
    var options = StandardOptions()
    var board: Board?
    var arguments: AppArguments!
    var textRenderer: FreeTypeTextRenderer!
    /// The first delegate; the simulator makes a new one when the board turns.
    var firstDelegate: (any ApplicationDelegate)?
    /// When `main()` started the app (CLOCK_MONOTONIC seconds), for the first frame's timing.
    let startTime = clinux_monotonic_now()
    /// The command line's words after the program name (the flight recording names them).
    var launchWords: [String] = []
    /// The app's settings, opened at the first launch (`openSettings(backend:)`).
    var settings: Settings?

    init(
        programName: String, appOptions: [AppOption], tools: AppTools,
        makeDelegate: @escaping () -> any ApplicationDelegate
    ) {
        self.programName = programName
        self.appOptions = appOptions
        self.tools = tools
        self.makeDelegate = makeDelegate
    }

    /// A new app delegate that has checked its options (`ApplicationDelegate.applicationWillLaunch(_:)`).
    func newDelegate() -> any ApplicationDelegate {
        let delegate = makeDelegate()
        do throws(LaunchError) {
            try delegate.applicationWillLaunch(arguments)
        } catch {
            fail(error.message)
        }
        return delegate
    }

    /// `--backend headless`, when the binary carries it (`AppTools.headless`).
    func runHeadless() -> Int32 {
        guard let run = tools.runHeadless else {
            fail(
                "this build has no headless backend: list it in the app delegate's tools "
                    + "(static var tools: AppTools { [.headless] }) to replay traces on a board")
        }
        return run(self)
    }

    /// Gives the display back: set by a host while it holds one, run by `fail(_:)` first.
    var restoreDisplay: (() -> Void)?

    /// Gives the display back (`restoreDisplay`), then prints
    /// `PROGRAM: error: MESSAGE` and ends the program with status 1.
    func fail(_ message: String) -> Never {
        if let restoreDisplay {
            self.restoreDisplay = nil
            restoreDisplay()
        }
        writeError(programName + ": error: " + message + "\n")
        exitProcess(1)
    }

    func note(_ message: String) {
        writeError(programName + ": " + message + "\n")
    }

    func run(_ words: [String]) -> Int32 {
        StartupPhases.begin(at: startTime)
        launchWords = words
        do throws(OptionError) {
            options = try StandardOptions.parse(words, appOptions: appOptions)
        } catch {
            fail(error.message)
        }
        if options.help {
            print(StandardOptions.usage(programName: programName, appOptions: appOptions), terminator: "")
            return 0
        }
        board = resolveBoard()
        guard
            let assets = locatePanelKitFolder(
                "assets", given: options.assets, marker: "fonts", variable: "PANELKIT_ASSETS")
        else {
            if let given = options.assets {
                fail("no fonts folder in " + given + ": give --assets PanelKit's assets folder")
            }
            fail("cannot find PanelKit's assets folder (fonts, images): pass --assets DIR or set PANELKIT_ASSETS")
        }
        arguments = AppArguments(board: board, assetsPath: assets, programName: programName, values: options.appValues)
        firstDelegate = newDelegate()
        StartupPhases.mark("options")
        // Fonts before any display: a missing assets folder leaves the screen alone.
        do throws(TextError) {
            textRenderer = try FreeTypeTextRenderer(fontDirectory: assets + "/fonts")
            textRenderer.useFallbackFonts(of: board)
            try textRenderer.preload(Font.system(size: 17))
        } catch {
            fail(
                error.description + " (PanelKit's assets are looked for in " + assets
                    + "; --assets DIR names another folder)")
        }
        StartupPhases.mark("fonts")

        if options.calibrate { return calibrate() }
        if options.bench {
            guard let runBench = tools.runBench else {
                fail(
                    "this build has no --bench: list it in the app delegate's tools "
                        + "(static var tools: AppTools { [.bench] }) to carry the bench on a board")
            }
            return runBench(self)
        }
        switch options.backend {
        case .headless:
            return runHeadless()
        case .sdl:
            return runSimulator()
        case .drm:
            let display = openDisplay(required: true)!
            StartupPhases.mark("display")
            return DeviceHost.run(self, display: display)
        case .fbdev:
            let display = openFramebuffer()
            StartupPhases.mark("display")
            return DeviceHost.run(self, display: display, backend: .fbdev)
        case .auto:
            #if canImport(PanelSDL)
                // The desktop: a KMS display if one opens, else a framebuffer, else the simulator, else headless.
                if let opened = openAnyDisplay(required: false) {
                    StartupPhases.mark("display")
                    return DeviceHost.run(self, display: opened.display, backend: opened.backend)
                }
                if SimulatorHost.displayName != nil { return SimulatorHost.run(self) }
                return runHeadless()
            #else
                // A board build: the panel (KMS, else fbdev), or one line saying why not.
                let opened = openAnyDisplay(required: true)!
                StartupPhases.mark("display")
                return DeviceHost.run(self, display: opened.display, backend: opened.backend)
            #endif
        }
    }

    /// `--calibrate`: the board's calibration (`Calibration`), its override
    /// written beside the board file, or beside a board build's binary.
    func calibrate() -> Int32 {
        guard let board else {
            fail("--calibrate needs a board (--board NAME): the calibration is written as that board's override")
        }
        let outputPath =
            options.calibrationFile
            ?? (options.board == nil
                ? executableDirectory() + "/" + board.name + ".override.json"
                : Board.overridePath(forBoardFile: board.path))
        var trace: Trace?
        if let path = options.replay {
            do throws(TraceError) {
                trace = try Trace.load(path: path)
            } catch {
                fail(error.description)
            }
        } else {
            note(board.name + ": touch the centre of each cross and lift; SIGTERM or SIGINT ends it")
        }
        do throws(Calibration.Failure) {
            let lines = try Calibration.run(
                board: board, trace: trace, card: options.card, touch: touchConfiguration(),
                textRenderer: textRenderer, outputPath: outputPath
            ) { message in writeError(message + "\n") }
            for i in 0..<lines.count { print(i == 0 ? programName + " " + lines[i] : lines[i]) }
        } catch {
            fail(error.message)
        }
        return 0
    }

    /// The touch settings: the options given, else the board's, else the defaults.
    func touchConfiguration() -> EvdevTouchConfiguration {
        var touch = EvdevTouchConfiguration(devicePath: options.device ?? board?.touch.device.pathOrName)
        touch.grab = options.grab || board?.touch.grab == true
        // The sensor's rotation (the option's or the board's), then the display's: the UI is drawn turned.
        let sensor = options.touchRotation.map { TouchRotation(rawValue: $0)! } ?? board?.touch.rotation ?? .none
        let display = board?.display.rotation.touchRotation ?? .none
        touch.rotation = sensor.turned(by: display)
        touch.calibration = options.calibration ?? board?.touch.effectiveCalibration ?? .identity
        touch.filters = board?.touch.filters ?? .none
        touch.positionAxes = board?.touch.axes
        return touch
    }

    /// The board's rotary encoder (`encoder`), or nil when it has none.
    func encoderConfiguration() -> EvdevEncoderConfiguration? {
        guard let encoder = board?.encoder else { return nil }
        var configuration = EvdevEncoderConfiguration(device: encoder.device)
        configuration.axis = encoder.axis
        configuration.stepsPerDetent = encoder.stepsPerDetent
        configuration.reversed = encoder.reversed
        configuration.buttonDevice = encoder.button?.device
        configuration.buttonKey = encoder.button?.key
        return configuration
    }

    func runSimulator() -> Int32 {
        #if canImport(PanelSDL)
            return SimulatorHost.run(self)
        #else
            fail("this build has no simulator (a board build links no SDL): use --backend drm or --backend headless")
        #endif
    }

    /// The display device asked for: `--card`, else the board's `display.device`.
    var displayDevice: String? { options.card ?? board?.display.device }

    /// The board's connector and mode (or the options'), on `--card` (or the
    /// board's `display.device`) or the first card that has them. Not
    /// `required` (auto): nil when there is no usable display, after a note saying why.
    func openDisplay(required: Bool) -> DRMDisplay? {
        if let device = displayDevice, Board.DisplayDeviceKind(path: device) == .fbdev {
            fail(
                device
                    + " is a framebuffer (fbdev) device, not a DRM card: use --backend fbdev (or auto) for it, or give --card /dev/dri/cardN"
            )
        }
        switch openDRM() {
        case .success(let display):
            return display
        case .failure(let error):
            if required { fail(error.message) }
            #if canImport(PanelSDL)
                if SimulatorHost.displayName != nil { return nil }
            #endif
            note("no KMS display (" + firstLine(error.message) + "); running headless")
            return nil
        }
    }

    func openDRM() -> Result<DRMDisplay, PanelLinuxError> {
        var configuration = DRMDisplayConfiguration(board: board, cardPath: displayDevice)
        configuration.connectorName = options.connector ?? configuration.connectorName
        configuration.mode = options.mode ?? configuration.mode
        do throws(PanelLinuxError) {
            return .success(try DRMDisplay.open(configuration))
        } catch {
            return .failure(error)
        }
    }

    /// `--backend fbdev`: the framebuffer given (`--card`, the board's
    /// `display.device`), else /dev/fb0, else the first there is; or one line saying why not.
    func openFramebuffer() -> FramebufferDisplay {
        if let device = displayDevice, Board.DisplayDeviceKind(path: device) != .fbdev {
            fail(
                "--backend fbdev needs a framebuffer device (/dev/fbN), not " + device
                    + "; give --card /dev/fbN, or use --backend drm for a DRM card")
        }
        switch openFBDev() {
        case .success(let display): return display
        case .failure(let error): fail(error.message)
        }
    }

    func openFBDev() -> Result<FramebufferDisplay, PanelLinuxError> {
        var configuration = FramebufferDisplayConfiguration(devicePath: displayDevice)
        configuration.refreshRate = board?.display.refreshRate
        configuration.pixelFormat = board?.display.pixelFormat
        configuration.rotation = board?.display.rotation ?? .none
        do throws(PanelLinuxError) {
            let display = try FramebufferDisplay.open(configuration)
            if let board, board.display.width != display.width || board.display.height != display.height {
                note(
                    "note: " + board.name + " says " + board.display.modeName + ", but " + display.devicePath
                        + " scans out "
                        + String(display.width) + "x" + String(display.height) + "; the app lays out on that")
            }
            return .success(display)
        } catch {
            return .failure(error)
        }
    }

    /// `--backend auto` with a display: the device given decides (`/dev/fbN`
    /// is fbdev); else a KMS display, else a framebuffer. Not under a desktop
    /// session, whose display server holds the display and hides the
    /// framebuffer: the simulator takes over there. Nil when neither opens,
    /// after a note saying why (none when the simulator takes over);
    /// `required` (a board build) fails with both reasons instead.
    func openAnyDisplay(required: Bool) -> (display: any ScanoutDisplay, backend: Backend)? {
        let kind = displayDevice.flatMap { Board.DisplayDeviceKind(path: $0) }
        var desktop = false
        #if canImport(PanelSDL)
            desktop = SimulatorHost.displayName != nil
        #endif
        var reasons: [String] = []
        if kind != .fbdev {
            switch openDRM() {
            case .success(let display): return (display, .drm)
            case .failure(let error): reasons.append(firstLine(error.message))
            }
        }
        if kind == .fbdev || (kind == nil && !desktop) {
            switch openFBDev() {
            case .success(let display): return (display, .fbdev)
            case .failure(let error): reasons.append(firstLine(error.message))
            }
        }
        let reason = reasons.joined(separator: "; ")
        if required { fail(reason) }
        if desktop { return nil }
        note("no display (" + reason + "); running headless")
        return nil
    }

    func firstLine(_ text: String) -> String {
        var line = ""
        for character in text {
            if characterIs(character, UInt8(ascii: "\n")) { break }
            line.append(character)
        }
        return line
    }

    /// The screen for backends that let the app choose, in points: `--screen`,
    /// else the board's (turned by its rotation, over its scale), else what the
    /// app prefers, else 800x480.
    func chosenScreenSize(_ delegate: any ApplicationDelegate) -> Size {
        if let screen = options.screen { return Size(width: Double(screen.width), height: Double(screen.height)) }
        if let board { return board.screenSize }
        return delegate.preferredScreenSize ?? Size(width: 800, height: 480)
    }

    /// Pixels per point: the board's scale, else 1.
    var scale: Double { board?.scale ?? 1 }

    /// Creates the application on `runLoop` and launches `delegate` on a screen
    /// of `size` points at `scale`; `prepare` installs the host's screen
    /// drivers (backlight, blanking) before the app launches.
    func launch(
        _ delegate: any ApplicationDelegate, runLoop: RunLoop, screenSize: Size, backend: Backend,
        logSink: any TextSink = FileDescriptorSink(fileDescriptor: 1),
        prepare: (Application) -> Void = { _ in }
    ) -> LaunchedApp {
        let settings = self.settings ?? openSettings(backend: backend)
        self.settings = settings
        StartupPhases.mark("settings")
        // `UserDefaults.standard`: set by the one runtime of the process only, never by
        // HeadlessApp, whose tests may run several apps at once.
        Settings.standard = settings
        do throws(LaunchError) {
            let launched = try LaunchedApp(
                delegate, runLoop: runLoop, screenSize: screenSize, scale: scale, backend: backend,
                logSink: logSink, arguments: arguments, settings: settings, prepare: prepare)
            StartupPhases.mark("restoration")
            return launched
        } catch {
            fail(error.message)
        }
    }

    // MARK: The settings

    /// The app's name in its data directory: the program's file name, spaces as
    /// dashes (`panel demo` and the board binary are both `panel-demo`).
    var appName: String {
        var bytes = Array(lastPathComponent(programName).utf8)
        for i in 0..<bytes.count where bytes[i] == UInt8(ascii: " ") { bytes[i] = UInt8(ascii: "-") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the settings live (docs/settings.md): `--data DIR` on any
    /// backend; on the panel (DRM, fbdev) the board's `data.directory`, else
    /// /var/lib/panelkit/APP; in the simulator ~/.local/state/panelkit/APP
    /// (`XDG_STATE_HOME`); headless (replay, the bench, calibration) in
    /// memory, so runs are deterministic and write nothing.
    func dataDirectory(backend: Backend) -> String? {
        if let data = options.data { return data }
        switch backend {
        case .drm, .fbdev, .auto:
            return board.map { $0.dataDirectory(forApp: appName) }
                ?? Board.dataDirectory(Board.defaultDataDirectory, forApp: appName)
        case .sdl:
            if let state = environmentVariable("XDG_STATE_HOME") { return state + "/panelkit/" + appName }
            if let home = environmentVariable("HOME") { return home + "/.local/state/panelkit/" + appName }
            return nil
        case .headless:
            return nil
        }
    }

    /// Opens the settings for `backend` (`dataDirectory(backend:)`), or ends
    /// the program with the file and the fix.
    func openSettings(backend: Backend) -> Settings {
        guard let directory = dataDirectory(backend: backend) else { return Settings.inMemory() }
        do throws(SettingsError) {
            return try Settings(directory: directory)
        } catch {
            fail(error.message)
        }
    }

    // MARK: The board

    /// `--board NAME|FILE` (or the board a board build compiles in), with the
    /// touch calibration `calibrate` wrote beside it; nil without one.
    func resolveBoard() -> Board? {
        guard let name = options.board else { return compiledInBoard() }
        var path = name
        if !(name.utf8.contains(UInt8(ascii: "/")) || hasSuffixBytes(name, ".json")) {
            guard
                let folder = locatePanelKitFolder(
                    "boards", given: options.boards, marker: ".", variable: "PANELKIT_BOARDS")
            else {
                fail(
                    "cannot find PanelKit's boards folder for --board " + name
                        + ": pass --boards DIR, set PANELKIT_BOARDS, or give the board file's path")
            }
            path = folder + "/" + name + ".json"
            guard fileExists(path: path) else {
                var list = ""
                for file in fileNames(in: folder, suffix: ".json") where !hasSuffixBytes(file, ".override.json") {
                    list += (list.isEmpty ? "" : ", ") + String(file.utf8.dropLast(5))!
                }
                fail(
                    "no board '" + name + "' in " + folder + "; expected one of: " + list + " (or a board file's path)")
            }
        } else if !fileExists(path: path) {
            fail(
                "no board file " + path + " (--board takes a board's name, see `panel boards`, or a board file's path)")
        }
        do throws(JSONError) {
            let loaded = try Board.load(path: path)
            return applyingOverride(loaded, at: Board.overridePath(forBoardFile: path))
        } catch {
            fail(error.description)
        }
    }

    func applyingOverride(_ board: Board, at path: String) -> Board {
        do throws(JSONError) {
            let (calibrated, applied) = try board.applyingOverride(at: path)
            if applied { note("note: " + board.name + ": touch calibration from " + path) }
            return calibrated
        } catch {
            fail(error.description)
        }
    }

    /// A board build's board: boards/BOARD.json compiled in by scripts/build-board
    /// (`BoardPreset.swift`, with `-D PANELKIT_BOARD_PRESET`), its override beside the binary.
    func compiledInBoard() -> Board? {
        guard let preset = compiledInBoardPreset() else { return nil }
        do throws(JSONError) {
            let board = try Board(parsing: Array(preset.json.utf8), path: preset.path)
            return applyingOverride(board, at: executableDirectory() + "/" + board.name + ".override.json")
        } catch {
            fail("the board compiled in is not valid: " + error.description)
        }
    }
}

extension DRMDisplayConfiguration {
    /// The board's display: connector, mode, pixel format and rotation, on `cardPath` (or the first card).
    init(board: Board?, cardPath: String?) {
        self.init(cardPath: cardPath)
        connectorName = board?.display.connector
        mode = board?.display.modeName
        pixelFormat = board?.display.pixelFormat
        rotation = board?.display.rotation ?? .none
    }
}

/// A launched app: its delegate (kept alive here), application and window.
final class LaunchedApp {
    let delegate: any ApplicationDelegate
    let application: Application
    let window: Window
    let options: LaunchOptions

    /// The launch every host and `HeadlessApp` share: the log on `logSink`
    /// timed by `runLoop`, the delegate's application with its `Screen` of
    /// `screenSize` points at `scale`, its
    /// `application(_:didFinishLaunchingWithOptions:)`, and its window shown.
    /// Before the launch, `prepare` installs the host's screen drivers, and the
    /// board's idle policy applies (the app may change both); the screen's idle
    /// changes go to the log as `{"type":"screen","t":…,"state":"dimmed"}` lines.
    init(
        _ delegate: any ApplicationDelegate, runLoop: RunLoop, screenSize: Size, scale: Double, backend: Backend,
        logSink: any TextSink, arguments: AppArguments, settings: Settings,
        prepare: (Application) -> Void = { _ in }
    ) throws(LaunchError) {
        let log = ReplayLog(sink: logSink, clock: runLoop.clock)
        log.startTime = runLoop.now
        // What the runtime works around (a capacity outgrown, a view placed at
        // NaN) is said once, on standard error, so the JSON log stays clean.
        runLoop.warnings.handler = { warning in writeError("warning: \(warning.message)\n") }
        options = LaunchOptions(
            screenBounds: Rect(origin: .zero, size: screenSize), scale: scale, backend: backend, log: log,
            arguments: arguments, settings: settings)
        // The app's settings, committed on this run loop's timer.
        settings.attach(to: runLoop)
        application = delegate.makeApplication(runLoop: runLoop, options: options)
        application.screen.configure(bounds: options.screenBounds, scale: scale)
        // Rasterized views' pictures (Layer.shouldRasterize) take at most an eighth of the board's memory budget.
        application.rasterization.bytes = Int((arguments.board?.budgets.memory ?? 64) * 1_048_576 / 8)
        AppResources.screenScale = scale // what Image(named:) picks files for
        AppResources.fontDirectory = arguments.assetsPath + "/fonts" // where Image(systemName:) finds the icon font
        prepare(application)
        if let idle = arguments.board?.idle { application.screen.idlePolicy = idle }
        application.screen.addAction { screen in
            log.writer.beginObject(type: "screen")
            log.writer.field("t", log.time, decimals: 4)
            switch screen.idleState {
            case .awake: log.writer.field("state", "awake" as StaticString)
            case .dimmed: log.writer.field("state", "dimmed" as StaticString)
            case .blank: log.writer.field("state", "blank" as StaticString)
            }
            log.writer.endObject()
        }
        // Encoder events and focus changes: `encoder` and `focus` lines (docs/focus.md).
        application.focusSystem.observer = FocusLogger(log: log)
        guard delegate.application(application, didFinishLaunchingWithOptions: options) else {
            throw LaunchError("the app did not launch (application(_:didFinishLaunchingWithOptions:) returned false)")
        }
        StartupPhases.mark("didFinishLaunching")
        guard let window = delegate.window else {
            throw LaunchError(
                "the app delegate set no window: set `window` in application(_:didFinishLaunchingWithOptions:)")
        }
        var shown = false
        for i in 0..<application.windows.count where application.windows[i] === window { shown = true }
        if !shown { application.addWindow(window) }
        application.stateRestoration = StateRestoration.launch(application, delegate: delegate, settings: settings)
        self.delegate = delegate
        self.window = window
    }

    var log: ReplayLog { options.log }

    /// The app's end: `applicationWillTerminate(_:)`, then the settings set
    /// since the last commit are committed.
    func terminate() {
        delegate.applicationWillTerminate(application)
        // What the panel shows now, committed with the settings below.
        application.stateRestoration?.saveNow()
        application.stateRestoration?.stop()
        do throws(SettingsError) { try options.settings.flush() } catch { options.settings.failureHandler(error) }
    }
}

/// The board file a board build compiled in (its JSON and the path it came
/// from): scripts/build-board adds `BoardPreset.swift` to this module with
/// `-D PANELKIT_BOARD_PRESET`. Nil in desktop builds.
public func compiledInBoardPreset() -> (json: String, path: String)? {
    #if PANELKIT_BOARD_PRESET
        return (boardPresetJSON, boardPresetPath)
    #else
        return nil
    #endif
}

extension ToolArguments {
    /// The board compiled in, as its file says (no override applied); fails
    /// with the fix when the binary was not built by scripts/build-board.
    package func compiledInBoard() -> Board {
        guard let preset = compiledInBoardPreset() else {
            fail("no board compiled in: build with scripts/build-board BOARD")
        }
        do throws(JSONError) {
            return try Board(parsing: Array(preset.json.utf8), path: preset.path)
        } catch {
            fail("the board compiled in is not valid: " + error.description)
        }
    }
}
