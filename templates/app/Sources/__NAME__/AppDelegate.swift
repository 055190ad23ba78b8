import PanelKit

/// The app's entry point: PanelKit's runtime reads the standard options
/// (`--backend`, `--board`, `--duration`, … see `--help`), creates this
/// delegate and runs it on the board, in the simulator or headless.
@main
final class AppDelegate: ApplicationDelegate {
    var window: Window?

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let home = HomeViewController(screenBounds: options.screenBounds, log: options.log)
        let window = Window(frame: options.screenBounds)
        window.rootViewController = home
        self.window = window
        return true
    }
}
