import ArgumentParser
import Foundation
import PanelBoards
import PanelDemo
import PanelJSON
import PanelKit
import PanelLinux
import PanelReplay

/// `panel calibrate`: ts_calibrate's five crosshairs on the board's display,
/// a least-squares matrix from the raw touches, and the board's override file.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate a board's touch panel: five targets, a least-squares matrix, an override file.",
        discussion: """
        Shows five crosshairs on the display (DRM/KMS), one at a time: touch the centre of each and lift.
        The raw touches (the board's axis quirks and rotation apply, its calibration does not) are solved
        for libinput's calibration matrix by least squares; the residual error is printed in pixels, and the
        matrix is written to the board's override file, boards/NAME.override.json beside the board file,
        which --board and `panel boards check` then use (docs/boards.md). With --trace, the touches come
        from an evemu recording instead, headless.
        """
    )

    @OptionGroup var boardChoice: BoardChoice

    @Option(help: "Take the touches from this evemu recording instead of the touch device (headless).")
    var trace: String?

    @Option(help: "Where to write the override file (default: NAME.override.json beside the board file).")
    var output: String?

    @Option(help: "DRM: the card device (default: the first card with a connected display).")
    var card: String?

    @Option(help: "evdev: the touch device path or name (default: the board's, else every touch screen).")
    var device: String?

    @Option(help: "PanelKit's assets folder, for the fonts; found from the current folder or the executable by default.")
    var assets: String?

    func run() throws {
        guard let name = boardChoice.board else {
            fail("panel calibrate needs --board NAME: the calibration is written for that board (see `panel boards`)")
        }
        let boardPath = boardChoice.filePath(name)
        let board: Board
        do {
            board = try Board.load(path: boardPath)   // without any earlier override: this run replaces it
        } catch {
            fail(error.description)
        }
        let outputPath = output ?? Board.overridePath(forBoardFile: boardPath)
        let screen: CalibrationScreen
        if let trace {
            let loaded: Trace
            do {
                loaded = try Trace.load(path: trace)
                screen = try CalibrationScreen.replaying(loaded, screenSize: board.screenSize, quirks: board.touch.axisQuirks,
                                                         rotation: board.touchRotationOnScreen, filters: board.touch.filters)
            } catch {
                fail("\(error)")
            }
            guard screen.isFinished else {
                fail("\(trace) holds touches for \(screen.currentTarget) of the \(screen.targets.count) targets; "
                     + "a calibration recording touches each target once, in order (corners clockwise from the top left, then the centre)")
            }
        } else {
            screen = runCalibrationOnDevice(board: board)
        }
        report(screen, board: board, outputPath: outputPath)
    }

    /// Prints each target and the result, and writes the override file; exits 1 when the matrix could not be solved.
    func report(_ screen: CalibrationScreen, board: Board, outputPath: String) {
        guard let lines = screen.report(boardName: board.name), let override = screen.boardOverride(boardName: board.name) else {
            fail(screen.failure ?? "the calibration did not finish")
        }
        for (i, line) in lines.enumerated() { print(i == 0 ? "panel " + line : line) }
        do {
            try writeWholeFile(path: outputPath, text: override.json)
        } catch {
            fail("\(outputPath): \(error.message)")
        }
        print("wrote \(outputPath)")
    }
}

extension CalibrateCommand {
    /// The five targets on the board's display, touches from its panel, until
    /// a second after the fifth lifts; a signal before then ends the program.
    func runCalibrationOnDevice(board: Board) -> CalibrationScreen {
        // Fonts first: a missing assets folder fails before the screen changes.
        let textRenderer = Assets(given: assets).textRenderer()
        var touch = EvdevTouchConfiguration(devicePath: device ?? board.touch.device.pathOrName)
        touch.grab = board.touch.grab
        touch.filters = board.touch.filters
        let screen: CalibrationScreen
        do {
            screen = try CalibrationScreen.runOnDevice(board: board, card: card, touch: touch,
                                                       renderer: Renderer(textRenderer: textRenderer)) { message in
                FileHandle.standardError.write(Data(("panel calibrate: " + message + "\n").utf8))
            }
        } catch {
            fail(error.message)
        }
        guard screen.isFinished else { fail("stopped by a signal after \(screen.currentTarget) of \(screen.targets.count) targets") }
        return screen
    }
}
