import PanelJSON
import PanelKit
import PanelReplay

/// What a live demo shows: a scene file (its window, with the replay's touch,
/// responder, gesture and action lines, so the logs compare) or, without one,
/// the demo app (action lines only). The one place the simulator, the DRM
/// backend of `panel demo` and the board binary's demo build either
/// (Foundation-free, so the board binary compiles it too).
public struct DemoContent {
    public let application: Application
    public let window: Window
    /// Kept alive: the demo app's target-action owner (nil for a scene).
    public let demo: DemoApp?
    /// Kept alive: the scene's delegates and label bindings (nil for the demo app).
    public let scene: Scene?

    /// Throws the scene file's error, so a backend can restore its display before reporting it.
    public init(scene file: SceneFile?, runLoop: PanelKit.RunLoop, screenSize: Size, icon: Image?, log: ReplayLog) throws(DemoError) {
        if let file {
            let replayApplication = ReplayApplication(runLoop: runLoop, log: log)
            replayApplication.gestureArena.observer = log
            let built: Scene
            do {
                built = try file.build(screenSize: screenSize, log: log)
            } catch {
                throw DemoError(message: error.description)
            }
            built.attach(to: replayApplication)
            application = replayApplication
            window = built.window
            scene = built
            demo = nil
        } else {
            scene = nil
            application = Application(runLoop: runLoop)
            let demo = DemoApp(application: application, screenSize: screenSize, icon: icon, log: log)
            window = demo.window
            self.demo = demo
        }
    }
}

/// A problem that stops a live demo after its display opened.
public struct DemoError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
