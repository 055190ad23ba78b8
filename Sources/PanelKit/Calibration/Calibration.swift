import PanelBoards
import PanelJSON
import PanelLinux
import PanelReplay
import PanelText
import PanelTrace
import PanelUI

/// A board's touch calibration, start to end: the five targets
/// (`CalibrationScreen`) on the board's display with raw touches from its
/// panel, or from a recorded session headless; the least-squares matrix; the
/// report; the override file. Any app's `--calibrate` and `panel calibrate`
/// run it.
public enum Calibration {
    /// Why a calibration produced no override, as one line.
    public struct Failure: Error {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    /// Runs the calibration for `board` and writes its override to `outputPath`.
    /// With `trace`, the touches come from that recording (headless); else from
    /// `touch`'s device on `card`'s display, until a second after the fifth
    /// target (a signal earlier is a failure). Returns the report's lines, the
    /// first without a program name ("calibrate: BOARD, 5 targets on WxH …"),
    /// the last "wrote PATH".
    public static func run(
        board: Board, trace: Trace?, card: String?, touch: EvdevTouchConfiguration,
        textRenderer: FreeTypeTextRenderer, outputPath: String,
        log: @escaping (String) -> Void
    ) throws(Failure) -> [String] {
        let screen: CalibrationScreen
        if var trace {
            // Read on the axes the board wires the position to, as on the device.
            trace.device = board.touch.wiring(trace.device)
            // In the panel's pixels, at scale 1, as on the device: the residuals are pixels.
            let pixels = board.screenPixels
            do throws(ReplayError) {
                screen = try CalibrationScreen.replaying(
                    trace, screenSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                    quirks: board.touch.axisQuirks,
                    rotation: board.touchRotationOnScreen, filters: board.touch.filters)
            } catch {
                throw Failure(error.message)
            }
            guard screen.isFinished else {
                throw Failure(
                    trace.path + " holds touches for " + String(screen.currentTarget) + " of the "
                        + String(screen.targets.count)
                        + " targets; a calibration recording touches each target once, in order (corners clockwise from the top left, then the centre)"
                )
            }
        } else {
            do throws(PanelLinuxError) {
                screen = try CalibrationScreen.runOnDevice(
                    board: board, card: card, touch: touch,
                    renderer: Renderer(textRenderer: textRenderer), log: log)
            } catch {
                throw Failure(error.message)
            }
            guard screen.isFinished else {
                throw Failure(
                    "stopped by a signal after " + String(screen.currentTarget) + " of " + String(screen.targets.count)
                        + " targets")
            }
        }
        guard var lines = screen.report(boardName: board.name),
            let override = screen.boardOverride(boardName: board.name)
        else {
            throw Failure(screen.failure ?? "the calibration did not finish")
        }
        do throws(FileWriteError) {
            try writeWholeFile(path: outputPath, text: override.json)
        } catch {
            throw Failure(outputPath + ": " + error.message)
        }
        lines.append("wrote " + outputPath)
        return lines
    }
}
