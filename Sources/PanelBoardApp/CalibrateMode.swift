// `panel-demo calibrate`: `panel calibrate` on the board. Five crosshairs on
// the board's display, raw touches from its panel, the least-squares matrix,
// and the override file beside the binary (BOARD.override.json), which the
// demo and replay modes then apply (main.swift).
import PanelBoards
import PanelDemo
import PanelJSON
import PanelKit
import PanelLinux
import PanelText

func runCalibrate(_ arguments: Arguments, board: Board) {
    var arguments = arguments
    let assets = arguments.option("--assets") ?? executableDirectory() + "/assets"
    let card = arguments.option("--card")
    let output = arguments.option("--output") ?? overridePath(board)
    arguments.rejectUnknownOptions(usage)
    if let extra = arguments.words.first { fail("unexpected argument '" + extra + "'\n" + usage) }

    let textRenderer = loadTextRenderer(assets: assets)
    let display = openDisplay(board, card: card)
    // Raw positions: the axis quirks stay (the screen folds them in), the
    // calibration and rotation do not (the screen solves and turns itself).
    var touch = touchConfiguration(board)
    touch.calibration = .identity
    touch.rotation = .none

    let application = Application(runLoop: RunLoop(clock: SystemClock()))
    let window = Window(frame: Rect(x: 0, y: 0, width: Double(display.width), height: Double(display.height)))
    let screen = CalibrationScreen(frame: window.bounds, quirks: board.touch.axisQuirks, rotation: board.touch.rotation)
    window.addSubview(screen)
    application.addWindow(window)
    do throws(PanelLinuxError) {
        let session = try DeviceSession(display: display, application: application, window: window,
                                        renderer: Renderer(textRenderer: textRenderer), touch: touch)
        screen.onFinish = { _ in session.stop(after: 1) }   // a second to read the result on the panel
        session.log = { message in writeError(message + "\n") }
        writeError("panel-demo calibrate: " + board.name + ": touch the centre of each cross and lift; SIGTERM or SIGINT ends it\n")
        try session.run()
        if session.stoppedBySignal {
            fail("stopped by a signal after " + String(screen.currentTarget) + " of " + String(screen.targets.count) + " targets")
        }
    } catch {
        display.close(nil)
        fail(error.message)
    }
    guard let lines = screen.report(boardName: board.name), let result = screen.result else {
        fail(screen.failure ?? "the calibration did not finish")
    }
    for i in 0..<lines.count { print(i == 0 ? "panel-demo " + lines[i] : lines[i]) }
    let override = BoardOverride(board: board.name, calibration: result.matrix,
                                 rmsResidual: result.rmsResidual,
                                 maximumResidual: result.maximumResidual)
    writeFile(override.json, to: output)
    print("wrote " + output)
}

/// Where the board binary keeps its unit's calibration: beside itself, as `BOARD.override.json`.
func overridePath(_ board: Board) -> String {
    executableDirectory() + "/" + board.name + ".override.json"
}

/// The board with the calibration `panel-demo calibrate` wrote beside the
/// binary, when there is one (said on standard error); a broken file ends the program.
func applyingOverride(_ board: Board) -> Board {
    let path = overridePath(board)
    do throws(JSONError) {
        let (calibrated, applied) = try board.applyingOverride(at: path)
        if applied { writeError("panel-demo: " + board.name + ": touch calibration from " + path + "\n") }
        return calibrated
    } catch {
        fail(error.description)
    }
}
