import PanelBoards
import PanelKit
import PanelLinux

extension CalibrationScreen {
    /// The calibration on a panel, for `panel calibrate` and `panel-demo
    /// calibrate`: the board's connector and mode on `card`, the five targets
    /// in a ``DeviceSession``, touches from `touch` with the calibration and
    /// rotation taken off (raw positions: the screen folds in the board's axis
    /// quirks and turns by its touch rotation itself). It returns a second
    /// after the fifth target lifts, so the result can be read on the panel,
    /// or earlier when a signal ends it (the screen is then not
    /// ``isFinished``); the console's mode is back either way.
    public static func runOnDevice(board: Board, card: String?, touch: EvdevTouchConfiguration, renderer: Renderer,
                                   log: @escaping (String) -> Void) throws(PanelLinuxError) -> CalibrationScreen {
        var configuration = DRMDisplayConfiguration(cardPath: card)
        configuration.connectorName = board.display.connector
        configuration.mode = board.display.modeName
        let display = try DRMDisplay.open(configuration)
        var raw = touch
        raw.calibration = .identity
        raw.rotation = .none
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        // Scale 1 whatever the board's: targets and residuals are in the panel's pixels.
        let window = Window(frame: Rect(x: 0, y: 0, width: Double(display.width), height: Double(display.height)))
        let screen = CalibrationScreen(frame: window.bounds, quirks: board.touch.axisQuirks, rotation: board.touch.rotation)
        window.addSubview(screen)
        application.addWindow(window)
        do throws(PanelLinuxError) {
            let session = try DeviceSession(display: display, application: application, window: window, renderer: renderer, touch: raw)
            screen.onFinish = { _ in session.stop(after: 1) }
            session.log = log
            try session.run()
        } catch {
            display.close(nil)
            throw error
        }
        return screen
    }
}
