import PanelBoards
import PanelJSON
import PanelTrace
import PanelUI

/// The fuzz targets (issue 15) and the check each one runs on an input: the
/// same code for libFuzzer (`Fuzz/`, `scripts/fuzz`) and for the regression
/// test that replays every file of `Fuzz/Regressions` in the ordinary suite.
///
/// A check returns normally when the input is handled correctly (parsed or
/// refused with a good error), throws `FuzzViolation` when an invariant
/// breaks, and traps when the code under test traps: libFuzzer saves both.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// evemu traces: the buffer parser and its error messages.
    case evemu
    /// JSON: the parser and its error messages.
    case json
    /// Scene files: parsed, built, drawn and touched.
    case scene
    /// Board files: parsed and checked.
    case board
    /// The touch decoder fed random kernel event streams: every touch that begins ends once.
    case decoder
    /// Random finger paths over random view trees with recognizers and controls.
    case pipeline

    /// Runs this target's check on one input.
    public func check(_ bytes: UnsafeRawBufferPointer) throws(FuzzViolation) {
        switch self {
        case .evemu: try EvemuCheck.run(bytes)
        case .json: try JSONCheck.run(bytes)
        case .scene: try SceneCheck.run(bytes)
        case .board: try BoardCheck.run(bytes)
        case .decoder: try DecoderCheck.run(bytes)
        case .pipeline: try PipelineCheck.run(bytes)
        }
    }

    public func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        var failure: FuzzViolation?
        bytes.withUnsafeBytes { buffer in
            do throws(FuzzViolation) { try check(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}

/// An invariant the input broke, said as one line.
public struct FuzzViolation: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Every parser error is one line a person can read: no control bytes, no
/// invalid UTF-8 (the echoed input is escaped), and short (the echo is cut).
func checkErrorMessage(_ text: String, what: String) throws(FuzzViolation) {
    let limit = 1000
    if text.utf8.count > limit {
        throw FuzzViolation(
            what + " error is " + String(text.utf8.count) + " bytes long (over " + String(limit) + "): "
                + messageText(text, limit: 200))
    }
    for byte in text.utf8 where byte < 0x20 || byte == 0x7F {
        throw FuzzViolation(
            what + " error holds the control byte " + String(byte) + ": " + messageText(text, limit: 200))
    }
    // String(decoding:) repairs invalid UTF-8 with U+FFFD; the escaping helper never leaves any.
    for scalar in text.unicodeScalars where scalar.value == 0xFFFD || (scalar.value >= 0x80 && scalar.value < 0xA0) {
        throw FuzzViolation(
            what + " error holds U+" + String(scalar.value, radix: 16) + " (unescaped input): "
                + messageText(text, limit: 200))
    }
}

enum EvemuCheck {
    static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzViolation) {
        let trace: Trace
        do throws(TraceError) {
            trace = try EvemuFormat.parse(bytes, path: "fuzz.evemu")
        } catch {
            guard error.line >= 1 else {
                throw FuzzViolation("a parse error at line \(error.line): \(error.description)")
            }
            try checkErrorMessage(error.description, what: "the evemu")
            return
        }
        guard trace.events.count == trace.eventLines.count, !trace.events.isEmpty else {
            throw FuzzViolation("a parsed trace has \(trace.events.count) events and \(trace.eventLines.count) lines")
        }
        for i in 1..<trace.events.count where trace.events[i].time < trace.events[i - 1].time {
            throw FuzzViolation("events out of time order at line \(trace.eventLines[i])")
        }
    }
}

enum JSONCheck {
    static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzViolation) {
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONParser.parse(Array(bytes), file: "fuzz.json")
        } catch {
            guard error.line >= 1, error.column >= 1 else {
                throw FuzzViolation("a JSON error without a place: " + error.description)
            }
            try checkErrorMessage(error.description, what: "the JSON")
            return
        }
        try checkValue(value, depth: 0)
        // Reading it as a configuration object must not trap either.
        guard case .object = value.kind else { return }
        do throws(JSONError) {
            var object = try JSONObjectReader(value, file: "fuzz.json", path: "")
            _ = try object.string("name")
            _ = try object.numbers("frame", count: 4, shape: "[x, y, width, height]")
            _ = try object.integer("count")
            try object.finish()
        } catch {
            try checkErrorMessage(error.description, what: "the JSON object")
        }
    }

    static func checkValue(_ value: JSONValue, depth: Int) throws(FuzzViolation) {
        guard depth <= JSONParser.maximumDepth else { throw FuzzViolation("a value nested \(depth) deep") }
        switch value.kind {
        case .number(let number):
            guard number.isFinite else { throw FuzzViolation("a parsed number is not finite, at line \(value.line)") }
        case .array(let elements):
            for i in 0..<elements.count { try checkValue(elements[i], depth: depth + 1) }
        case .object(let members):
            for i in 0..<members.count { try checkValue(members[i].value, depth: depth + 1) }
        default: break
        }
    }
}

enum BoardCheck {
    static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzViolation) {
        let board: Board
        do throws(JSONError) {
            // No ".json": the name need not match the file's.
            board = try Board(parsing: Array(bytes), path: "fuzz-board")
        } catch {
            try checkErrorMessage(error.description, what: "the board file")
            return
        }
        guard ScreenLimits.contains(board.screenSize.width), ScreenLimits.contains(board.screenSize.height) else {
            throw FuzzViolation("a board's screen is outside the limits: \(board.screenSize)")
        }
        guard board.touch.effectiveCalibration.isInvertible else {
            throw FuzzViolation("a board's calibration is singular")
        }
        if let backlight = board.display.backlight {
            guard backlight.minimumLevel >= 0, backlight.maximumLevel.map({ $0 > backlight.minimumLevel }) ?? true
            else {
                throw FuzzViolation("a board's backlight levels are out of order: \(backlight)")
            }
        }
        if let idle = board.idle {
            let times = [idle.dimAfter, idle.blankAfter].compactMap { $0 }
            guard !times.isEmpty, times.allSatisfy({ $0 > 0 && $0 <= 86_400 }), idle.dimBrightness >= 0,
                idle.dimBrightness <= 1,
                idle.dimAfter == nil || board.display.backlight != nil,
                idle.dimAfter.flatMap({ dim in idle.blankAfter.map { $0 > dim } }) ?? true
            else {
                throw FuzzViolation("a board's idle policy is not one the reader allows: \(idle)")
            }
        }
    }
}
