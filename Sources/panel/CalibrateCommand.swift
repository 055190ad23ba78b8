import ArgumentParser
import Foundation
import PanelBoards
import PanelJSON
import PanelKit
import PanelLinux
import PanelTrace
import PanelUI

/// `panel calibrate`: ts_calibrate's five crosshairs on the board's display,
/// a least-squares matrix from the raw touches, and the board's override file.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate a board's touch panel: five targets, a least-squares matrix, an override file.",
        discussion: """
            Shows five crosshairs on the display (DRM/KMS), one at a time: touch the centre of each and lift. \
            The raw touches (the board's axis quirks and rotation apply, its calibration does not) are solved \
            for libinput's calibration matrix by least squares; the residual error is printed in pixels, and the \
            matrix is written to the board's override file, boards/NAME.override.json beside the board file, \
            which --board and `panel boards check` then use (docs/boards.md). With --trace, the touches come \
            from an evemu recording instead, headless.
            """
    )

    @OptionGroup var boardChoice: BoardChoice

    @Option(help: "Take the touches from this evemu recording instead of the touch device (headless).")
    var trace: String?

    @Option(help: "Where to write the override file (default: NAME.override.json beside the board file).")
    var output: String?

    @Option(
        help:
            "The display device: a DRM card, or a framebuffer (/dev/fbN) for fbdev (default: the board's display.device, else the first card with a connected display)."
    )
    var card: String?

    @Option(help: "evdev: the touch device path or name (default: the board's, else every touch screen).")
    var device: String?

    @Option(
        help: "PanelKit's assets folder, for the fonts; found from the current folder or the executable by default.")
    var assets: String?

    func run() throws {
        guard let name = boardChoice.board else {
            fail("panel calibrate needs --board NAME: the calibration is written for that board (see `panel boards`)")
        }
        let boardPath = boardChoice.filePath(name)
        let board: Board
        do {
            board = try Board.load(path: boardPath) // without any earlier override: this run replaces it
        } catch {
            fail(error.description)
        }
        let outputPath = output ?? Board.overridePath(forBoardFile: boardPath)
        var loadedTrace: Trace?
        if let trace {
            do {
                loadedTrace = try Trace.load(path: trace)
            } catch {
                fail("\(error)")
            }
        }
        // Fonts first: a missing assets folder fails before the screen changes.
        let textRenderer = Assets(given: assets).textRenderer()
        var touch = EvdevTouchConfiguration(devicePath: device ?? board.touch.device.pathOrName)
        touch.grab = board.touch.grab
        touch.filters = board.touch.filters
        do throws(Calibration.Failure) {
            let lines = try Calibration.run(
                board: board, trace: loadedTrace, card: card, touch: touch, textRenderer: textRenderer,
                outputPath: outputPath
            ) { message in
                FileHandle.standardError.write(Data(("panel calibrate: " + message + "\n").utf8))
            }
            for (i, line) in lines.enumerated() { print(i == 0 ? "panel " + line : line) }
        } catch {
            fail(error.message)
        }
    }
}
