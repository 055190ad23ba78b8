import PanelBoards
import PanelLinux
import PanelUI

extension CalibrationScreen {
    /// The calibration on a panel, for `panel calibrate` and `panel-demo
    /// calibrate`: the board's connector and mode on `card` (a framebuffer,
    /// `--card /dev/fbN` or the board's `display.device`, runs on fbdev), the five targets
    /// in a `DeviceSession`, touches from `touch` with the calibration and
    /// rotation taken off (raw positions: the screen folds in the board's axis
    /// quirks and turns by its touch rotation itself). It returns a second
    /// after the fifth target lifts, so the result can be read on the panel,
    /// or earlier when a signal ends it (the screen is then not
    /// `isFinished`); the console's mode is back either way.
    package static func runOnDevice(
        board: Board, card: String?, touch: EvdevTouchConfiguration, renderer: Renderer,
        log: @escaping (String) -> Void
    ) throws(PanelLinuxError) -> CalibrationScreen {
        let device = card ?? board.display.device
        let display: any ScanoutDisplay
        if let device, Board.DisplayDeviceKind(path: device) == .fbdev {
            var configuration = FramebufferDisplayConfiguration(devicePath: device)
            configuration.refreshRate = board.display.refreshRate
            configuration.rotation = board.display.rotation
            configuration.pixelFormat = board.display.pixelFormat
            display = try FramebufferDisplay.open(configuration)
        } else {
            display = try DRMDisplay.open(DRMDisplayConfiguration(board: board, cardPath: device))
        }
        var raw = touch
        raw.calibration = .identity
        raw.rotation = .none
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        // Scale 1 whatever the board's: targets and residuals are in the panel's pixels.
        let size = display.logicalSize
        let window = Window(frame: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        let screen = CalibrationScreen(
            frame: window.bounds, quirks: board.touch.axisQuirks, rotation: board.touchRotationOnScreen)
        window.addSubview(screen)
        application.addWindow(window)
        do throws(PanelLinuxError) {
            let session = try DeviceSession(
                display: display, application: application, window: window, renderer: renderer, touch: raw)
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
