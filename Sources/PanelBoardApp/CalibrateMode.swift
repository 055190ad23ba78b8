// `panel-demo calibrate`: `panel calibrate` on the board. Five crosshairs on
// the board's display, raw touches from its panel, the least-squares matrix,
// and the override file beside the binary (BOARD.override.json), which the
// demo and replay modes then apply (main.swift).
import PanelApp
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
    writeError("panel-demo calibrate: " + board.name + ": touch the centre of each cross and lift; SIGTERM or SIGINT ends it\n")
    let screen: CalibrationScreen
    do throws(PanelLinuxError) {
        screen = try CalibrationScreen.runOnDevice(board: board, card: card, touch: touchConfiguration(board),
                                                   renderer: Renderer(textRenderer: textRenderer)) { message in writeError(message + "\n") }
    } catch {
        fail(error.message)
    }
    guard screen.isFinished else {
        fail("stopped by a signal after " + String(screen.currentTarget) + " of " + String(screen.targets.count) + " targets")
    }
    guard let lines = screen.report(boardName: board.name), let override = screen.boardOverride(boardName: board.name) else {
        fail(screen.failure ?? "the calibration did not finish")
    }
    for i in 0..<lines.count { print(i == 0 ? "panel-demo " + lines[i] : lines[i]) }
    writeFile(override.json, to: output)
    print("wrote " + output)
}

/// Where the board binary keeps its unit's calibration: beside itself, as `BOARD.override.json`.
func overridePath(_ board: Board) -> String {
    executableDirectory() + "/" + board.name + ".override.json"
}

/// FreeType on the bundle's fonts; a missing or broken font ends the program.
func loadTextRenderer(assets: String) -> FreeTypeTextRenderer {
    do throws(TextError) {
        let textRenderer = try FreeTypeTextRenderer(fontDirectory: assets + "/fonts")
        try textRenderer.preload(Font.system(size: 17))
        return textRenderer
    } catch {
        fail(error.description + " (the bundle's assets are looked for in " + assets + "; --assets DIR names another folder)")
    }
}

/// The board's touch settings: its device, grab, rotation, filters and calibration (with the axis quirks folded in).
func touchConfiguration(_ board: Board) -> EvdevTouchConfiguration {
    var touch = EvdevTouchConfiguration(devicePath: board.touch.device.pathOrName)
    touch.grab = board.touch.grab
    touch.rotation = board.touch.rotation
    touch.calibration = board.touch.effectiveCalibration
    touch.filters = board.touch.filters
    return touch
}
