import PanelKit

/// A thermostat panel: PanelKit's runtime runs it on a board, in the
/// simulator or headless (`--help` lists the standard options).
@main
final class AppDelegate: ApplicationDelegate {
    /// The bench on the board too (`./Thermostat --bench`); a board binary
    /// carries it only when asked (the desktop always has it).
    static var tools: AppTools { [.bench] }

    var window: Window?
    private(set) var thermostat: ThermostatViewController?

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let thermostat = ThermostatViewController(
            screenBounds: options.screenBounds, log: options.log, settings: options.settings)
        let window = Window(frame: options.screenBounds)
        window.rootViewController = thermostat
        self.thermostat = thermostat
        self.window = window
        return true
    }
}
