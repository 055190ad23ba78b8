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
            screen = runCalibrationOnDevice(board: board, quirks: board.touch.axisQuirks)
        }
        report(screen, board: board, outputPath: outputPath)
    }

    /// Prints each target and the result, and writes the override file; exits 1 when the matrix could not be solved.
    func report(_ screen: CalibrationScreen, board: Board, outputPath: String) {
        guard let lines = screen.report(boardName: board.name), let result = screen.result else {
            fail(screen.failure ?? "the calibration did not finish")
        }
        for (i, line) in lines.enumerated() { print(i == 0 ? "panel " + line : line) }
        let override = BoardOverride(board: board.name, calibration: result.matrix,
                                     rmsResidual: result.rmsResidual,
                                     maximumResidual: result.maximumResidual)
        do {
            try writeWholeFile(path: outputPath, text: override.json)
        } catch {
            fail("\(outputPath): \(error.message)")
        }
        print("wrote \(outputPath)")
    }
}

extension CalibrateCommand {
    /// The five targets on the board's display, touches from its panel with
    /// the identity calibration (raw positions), until the fifth lifts or a signal ends it.
    func runCalibrationOnDevice(board: Board, quirks: CalibrationMatrix) -> CalibrationScreen {
        var configuration = DRMDisplayConfiguration(cardPath: card)
        configuration.connectorName = board.display.connector
        configuration.mode = board.display.modeName
        let display: DRMDisplay
        do {
            display = try DRMDisplay.open(configuration)
        } catch {
            fail(error.message)
        }
        let textRenderer = Assets(given: assets).textRenderer { display.close(nil) }
        var touch = EvdevTouchConfiguration(devicePath: device ?? board.touch.device.pathOrName)
        touch.grab = board.touch.grab
        touch.filters = board.touch.filters
        // Raw positions: no calibration and no rotation, the screen turns them itself.
        touch.calibration = .identity
        touch.rotation = .none
        let size = Size(width: Double(display.width), height: Double(display.height))
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let window = Window(frame: Rect(origin: .zero, size: size))
        let screen = CalibrationScreen(frame: window.bounds, quirks: quirks, rotation: board.touch.rotation)
        window.addSubview(screen)
        application.addWindow(window)
        do {
            let session = try DeviceSession(display: display, application: application, window: window,
                                            renderer: Renderer(textRenderer: textRenderer), touch: touch)
            screen.onFinish = { _ in session.stop(after: 1) }   // a second to read the result on the panel
            session.log = { message in FileHandle.standardError.write(Data(("panel calibrate: " + message + "\n").utf8)) }
            try session.run()
            if session.stoppedBySignal { fail("stopped by a signal after \(screen.currentTarget) of \(screen.targets.count) targets") }
        } catch {
            display.close(nil)
            fail(error.message)
        }
        return screen
    }
}
