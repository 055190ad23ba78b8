import CLinux
import PanelUI

/// The options every PanelKit app understands, read by `ApplicationMain`
/// without Foundation (the board build compiles it too). `--name VALUE` and
/// `--name=VALUE` both work; an unknown option, or a value that does not fit,
/// is one line naming the fix (`OptionError`).
public struct StandardOptions {
    public var backend: Backend = .auto
    /// A board's name (`boards/NAME.json`) or a board file's path.
    public var board: String?
    /// The folder `--board NAME` is looked up in.
    public var boards: String?
    /// Seconds to run; nil runs until SIGTERM/SIGINT (or the window closes).
    public var duration: Double?
    /// The screen in points; default the board's, else 800x480.
    public var screen: (width: Int, height: Int)?
    /// PanelKit's assets folder (fonts, images, scenes).
    public var assets: String?
    /// Where the app keeps its settings (`Settings`, settings.sqlite); nil: the backend's default.
    public var data: String?

    // DRM/evdev
    public var card: String?
    public var connector: String?
    public var mode: String?
    public var device: String?
    public var grab = false
    public var touchRotation: Int?
    public var calibration: CalibrationMatrix?
    public var latencyLog: String?

    // The SDL simulator
    public var rotation: Int?
    /// Window pixels per panel pixel; 0 means "fit the desktop".
    public var zoom = 1
    public var record: String?
    public var fingerOverlay = true

    // Headless
    public var replay: String?
    public var png: String?

    // Touch calibration
    public var calibrate = false
    public var calibrationFile: String?

    // Benchmark
    public var bench = false
    public var quick = false
    public var json: String?
    public var chart: String?

    public var help = false

    /// The app's own options' values, in the order given.
    public var appValues: [(name: String, value: String?)] = []

    public init() {}

    /// Every standard option: name, value name (nil for a flag), help.
    public static let table: [(name: String, value: String?, help: String)] = [
        (
            "backend", "auto|drm|fbdev|sdl|headless",
            "where the app runs (auto: a KMS display, else a framebuffer (/dev/fbN); on a desktop, else the simulator, else headless)"
        ),
        ("board", "NAME|FILE", "the board: boards/NAME.json or a board file (screen, rotation, touch settings)"),
        ("boards", "DIR", "the folder --board NAME is looked up in"),
        ("duration", "SECONDS", "stop after this long (default: until SIGTERM/SIGINT or the window closes)"),
        ("screen", "WIDTHxHEIGHT", "the screen in points (default: the board's, else 800x480)"),
        (
            "assets", "DIR",
            "PanelKit's assets folder (fonts, images); found beside the executable or the checkout by default"
        ),
        (
            "data", "DIR",
            "where the app keeps its settings (default: the board's data.directory or /var/lib/panelkit/APP; sdl: ~/.local/state/panelkit/APP; headless: in memory)"
        ),
        (
            "card", "PATH",
            "the display device: a DRM card, e.g. /dev/dri/card0, or an fbdev framebuffer, /dev/fb0 (default: the board's display.device, else the first card with a connected display, else /dev/fb0)"
        ),
        ("connector", "NAME", "DRM: the connector, e.g. HDMI-A-1 (default: the board's, else the first connected)"),
        ("mode", "WxH|NAME", "DRM: the mode (default: the board's, else the preferred one)"),
        (
            "device", "PATH|NAME",
            "DRM/fbdev: the touch device (default: the board's, else every direct-touch device, hot-plugged)"
        ),
        ("grab", nil, "DRM/fbdev: take the touch devices exclusively (EVIOCGRAB)"),
        ("touch-rotation", "0|90|180|270", "DRM/fbdev: how far the touch sensor turns clockwise to match the screen"),
        (
            "calibration", "'a b c d e f'",
            "DRM/fbdev: the touch calibration matrix, as libinput's LIBINPUT_CALIBRATION_MATRIX"
        ),
        ("latency-log", "FILE", "DRM/fbdev: one line per presented frame: frame, input time, flip time, latency in ms"),
        ("rotation", "0|90|180|270", "SDL: how far the panel is mounted turned clockwise (default: the board's)"),
        ("zoom", "1..8|fit", "SDL: window pixels per panel pixel"),
        ("record", "FILE.evemu", "SDL: record the simulated touch panel as an evemu file"),
        ("finger-overlay", nil, "SDL: draw the simulated fingers (default; O toggles it)"),
        ("no-finger-overlay", nil, "SDL: do not draw the simulated fingers"),
        ("replay", "TRACE.evemu", "headless: play a recorded touch trace into the app"),
        ("png", "FILE", "headless: write the last frame as a PNG file"),
        (
            "calibrate", nil,
            "calibrate the board's touch panel: five targets on its display (or --replay a recorded session), written as the board's override"
        ),
        (
            "calibration-file", "FILE",
            "calibrate: where the override goes (default: beside the board file, or beside a board build's binary)"
        ),
        (
            "bench", nil,
            "measure the app's window: full redraw against memcpy, trace frames (median, p99), allocations per input frame, the board's budgets"
        ),
        ("quick", nil, "bench: a few iterations, to prove it runs"),
        ("json", "FILE", "bench: write the report as JSON (the schema of `panel bench --json`)"),
        ("chart", "FILE", "bench: write the report as an SVG chart"),
        ("help", nil, "show this help")
    ]

    /// Reads `arguments` (without the program name). `appOptions` are the app's own.
    public static func parse(_ arguments: [String], appOptions: [AppOption]) throws(OptionError) -> StandardOptions {
        var options = StandardOptions()
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            guard hasPrefixBytes(word, "--"), word.utf8.count > 2 else {
                if sameBytes(word, "-h") {
                    options.help = true
                    continue
                }
                throw OptionError("unexpected argument '" + word + "'; options start with -- (see --help)")
            }
            var name = String(word.utf8.dropFirst(2))!
            var inlineValue: String?
            if let equals = name.utf8.firstIndex(of: UInt8(ascii: "=")) {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            var takesValue: Bool? = nil
            for entry in table where sameBytes(entry.name, name) { takesValue = entry.value != nil }
            var isAppOption = false
            if takesValue == nil {
                for option in appOptions where sameBytes(option.name, name) {
                    takesValue = option.valueName != nil
                    isAppOption = true
                }
            }
            guard let takesValue else {
                throw OptionError(unknownOptionMessage(name, appOptions: appOptions))
            }
            var value: String?
            if takesValue {
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw OptionError("--" + name + " needs a value (see --help)") }
                    value = arguments[i]
                    i += 1
                }
            } else if inlineValue != nil {
                throw OptionError("--" + name + " takes no value")
            }
            if isAppOption {
                options.appValues.append((name, value))
            } else {
                try options.set(name, value ?? "")
            }
        }
        return options
    }

    mutating func set(_ name: String, _ value: String) throws(OptionError) {
        switch name {
        case "backend":
            guard let backend = Backend(rawValue: value) else {
                throw OptionError("--backend must be auto, drm, fbdev, sdl or headless, not '" + value + "'")
            }
            self.backend = backend
        case "board": board = value
        case "boards": boards = value
        case "duration":
            guard let seconds = parseNumber(value), seconds > 0 else {
                throw OptionError("--duration takes a number of seconds above 0, not '" + value + "'")
            }
            duration = seconds
        case "screen":
            guard let size = parseSize(value) else {
                throw OptionError(
                    "--screen takes WIDTHxHEIGHT in whole points from 1 to 16384, e.g. 800x480, not '" + value + "'")
            }
            screen = size
        case "assets": assets = value
        case "data":
            guard !value.isEmpty else {
                throw OptionError("--data takes a folder (where settings.sqlite is kept), not ''")
            }
            data = value
        case "card": card = value
        case "connector": connector = value
        case "mode": mode = value
        case "device": device = value
        case "grab": grab = true
        case "touch-rotation": touchRotation = try Self.quarterTurn(value, option: name)
        case "calibration":
            var numbers: [Double] = []
            for part in value.split(whereSeparator: {
                characterIs($0, UInt8(ascii: " ")) || characterIs($0, UInt8(ascii: ","))
            }) {
                guard let number = parseNumber(String(part)) else {
                    numbers = []
                    break
                }
                numbers.append(number)
            }
            guard numbers.count == 6 else {
                throw OptionError("--calibration needs six numbers 'a b c d e f', not '" + value + "'")
            }
            calibration = CalibrationMatrix(
                a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
        case "latency-log": latencyLog = value
        case "rotation": rotation = try Self.quarterTurn(value, option: name)
        case "zoom":
            if sameBytes(value, "fit") {
                zoom = 0
            } else {
                guard let scale = Int(value), scale >= 1 && scale <= 8 else {
                    throw OptionError("--zoom takes 1 to 8 or fit, not '" + value + "'")
                }
                zoom = scale
            }
        case "record": record = value
        case "finger-overlay": fingerOverlay = true
        case "no-finger-overlay": fingerOverlay = false
        case "replay": replay = value
        case "png": png = value
        case "calibrate": calibrate = true
        case "calibration-file": calibrationFile = value
        case "bench": bench = true
        case "quick": quick = true
        case "json": json = value
        case "chart": chart = value
        case "help": help = true
        default: throw OptionError(StandardOptions.unknownOptionMessage(name, appOptions: []))
        }
    }

    /// 0, 90, 180 or 270 degrees.
    static func quarterTurn(_ value: String, option: String) throws(OptionError) -> Int {
        guard let degrees = Int(value), degrees == 0 || degrees == 90 || degrees == 180 || degrees == 270 else {
            throw OptionError("--" + option + " must be 0, 90, 180 or 270, not '" + value + "'")
        }
        return degrees
    }

    /// "unknown option '--bakend'; did you mean --backend? (see --help)".
    static func unknownOptionMessage(_ name: String, appOptions: [AppOption]) -> String {
        var best: String?
        var bestDistance = 3 // suggest only near misses
        var names: [String] = []
        for entry in table { names.append(entry.name) }
        for option in appOptions { names.append(option.name) }
        for candidate in names {
            let distance = editDistance(name, candidate)
            if distance < bestDistance {
                bestDistance = distance
                best = candidate
            }
        }
        if let best { return "unknown option '--" + name + "'; did you mean --" + best + "? (see --help)" }
        return "unknown option '--" + name + "'; run with --help for the options"
    }

    /// The usage text: `programName` with the standard options and the app's.
    public static func usage(programName: String, appOptions: [AppOption]) -> String {
        var text =
            "usage: " + programName
            + " [--backend auto|drm|fbdev|sdl|headless] [--board NAME|FILE] [--duration SECONDS] [options]\n\n"
        func line(_ name: String, _ value: String?, _ help: String) {
            var left = "  --" + name + (value.map { " " + $0 } ?? "")
            while left.utf8.count < 34 { left += " " }
            text += left + " " + help + "\n"
        }
        for entry in table { line(entry.name, entry.value, entry.help) }
        if !appOptions.isEmpty {
            text += "\n" + programName + "'s own options:\n"
            for option in appOptions { line(option.name, option.valueName, option.help) }
        }
        return text
    }
}

/// A command-line mistake, as one line that names the fix.
public struct OptionError: Error {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Levenshtein distance on UTF-8 bytes: option names are ASCII.
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
            current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        }
        swap(&previous, &current)
    }
    return previous[y.count]
}

/// A decimal number ("2", "0.5", "1e3"), through the C library (no Foundation); nil when it is not one.
public func parseNumber(_ text: String) -> Double? {
    guard !text.isEmpty else { return nil }
    var end: UnsafeMutablePointer<CChar>?
    let value = text.withCString { start -> Double? in
        let parsed = strtod(start, &end)
        guard let end, end.pointee == 0, end != UnsafeMutablePointer(mutating: start) else { return nil }
        return parsed
    }
    guard let value, value.isFinite else { return nil }
    return value
}

/// `WIDTHxHEIGHT`, both whole numbers from 1 to 16384.
public func parseSize(_ text: String) -> (width: Int, height: Int)? {
    var parts: [Substring] = []
    for part in text.split(whereSeparator: { characterIs($0, UInt8(ascii: "x")) }) { parts.append(part) }
    if parts.count != 2 {
        parts = []
        for part in text.split(whereSeparator: { characterIs($0, UInt8(ascii: "X")) }) { parts.append(part) }
    }
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
        width >= 1 && width <= 16384, height >= 1 && height <= 16384
    else { return nil }
    return (width, height)
}
