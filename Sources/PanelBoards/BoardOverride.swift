import PanelJSON
import PanelUI

/// What one panel, as built, needs on top of its board file: the touch
/// calibration `panel calibrate` measured. It lives beside the board file as
/// `NAME.override.json` (beside the binary in a board bundle), so the board
/// file stays the shared, reviewed description of every unit:
///
///     {
///       "board": "rpi4-7inch",
///       "touch": { "calibration": [1.012, 0.003, -0.008, -0.001, 0.994, 0.004] },
///       "residualPixels": { "rms": 0.41, "max": 0.73 }
///     }
///
/// `residualPixels` is what the calibration measured, for people reading it.
public struct BoardOverride: Equatable {
    /// The board it was measured on; applying it to another board is an error.
    public var board: String
    /// Replaces the board file's `touch.calibration` (applied after the axis quirks, as there).
    public var calibration: CalibrationMatrix
    /// The residual error in pixels, kept to thousandths.
    public var rmsResidual: Double?
    public var maximumResidual: Double?

    public init(
        board: String, calibration: CalibrationMatrix, rmsResidual: Double? = nil, maximumResidual: Double? = nil
    ) {
        self.board = board
        self.calibration = calibration
        self.rmsResidual = rmsResidual.map { ($0 * 1000).rounded() / 1000 }
        self.maximumResidual = maximumResidual.map { ($0 * 1000).rounded() / 1000 }
    }

    /// Reads and checks an override file, with errors that name the file, line and fix.
    public static func load(path: String) throws(JSONError) -> BoardOverride {
        try BoardOverride(json: try JSONParser.parseFile(path: path), path: path)
    }

    public init(parsing bytes: [UInt8], path: String) throws(JSONError) {
        try self.init(json: try JSONParser.parse(bytes, file: path), path: path)
    }

    public init(json: JSONValue, path: String) throws(JSONError) {
        var object = try JSONObjectReader(json, file: path, path: "")
        board = try object.requiredString("board")
        guard let touchValue = object.member("touch") else {
            throw object.error(nil, "missing the key 'touch' (an object with the 'calibration' matrix)")
        }
        var touch = try JSONObjectReader(touchValue, file: path, path: "touch")
        guard let matrix = try Board.readCalibration(&touch, fix: "run `panel calibrate` again or delete " + path)
        else {
            throw touch.error(nil, "missing the key 'calibration'; run `panel calibrate` to measure it")
        }
        calibration = matrix
        try touch.finish()
        if let residualValue = object.member("residualPixels") {
            var residual = try JSONObjectReader(residualValue, file: path, path: "residualPixels")
            rmsResidual = try residual.number("rms")
            maximumResidual = try residual.number("max")
            try residual.finish()
        }
        try object.finish()
    }

    /// The file's text, as `init(parsing:path:)` reads it back.
    public var json: String {
        let m = calibration
        var numbers = ""
        let values = [m.a, m.b, m.c, m.d, m.e, m.f]
        for i in 0..<values.count { numbers += (i == 0 ? "" : ", ") + describeNumber(values[i]) }
        var text = "{\n  \"board\": \"" + board + "\",\n  \"touch\": { \"calibration\": [" + numbers + "] }"
        if let rmsResidual, let maximumResidual {
            text +=
                ",\n  \"residualPixels\": { \"rms\": " + describeNumber(rmsResidual)
                + ", \"max\": " + describeNumber(maximumResidual) + " }"
        }
        return text + "\n}\n"
    }
}

extension Board {
    /// Where this board's override lives: `boards/rpi4-7inch.json` → `boards/rpi4-7inch.override.json`.
    public static func overridePath(forBoardFile path: String) -> String {
        (hasSuffixBytes(path, ".json") ? String(path.dropLast(5)) : path) + ".override.json"
    }

    /// This board with `override` applied; an override measured on another board is an error.
    public func applying(_ override: BoardOverride, from path: String) throws(JSONError) -> Board {
        guard sameBytes(override.board, name) else {
            throw JSONError(
                file: path, line: 1, column: 1,
                message: "board: the override is for '" + messageText(override.board) + "', not '" + messageText(name)
                    + "'; run `panel calibrate --board " + name + "` or delete it")
        }
        var board = self
        board.touch.calibration = override.calibration
        return board
    }

    /// This board with the override file at `path` applied when that file exists;
    /// the second value says whether it did.
    public func applyingOverride(at path: String) throws(JSONError) -> (board: Board, applied: Bool) {
        guard fileExists(path: path) else { return (self, false) }
        return (try applying(try BoardOverride.load(path: path), from: path), true)
    }
}
