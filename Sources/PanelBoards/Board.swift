import PanelJSON
import PanelUI

/// Everything PanelKit needs to know about one board and its touch panel,
/// read from `boards/NAME.json`, the one source of truth for a board
/// (docs/boards.md).
public struct Board {
    public var name: String
    public var description: String
    public var display: Display
    public var touch: Touch
    /// Pixels per point (1 to 4): 2 on a dense panel, whose UI then lays out on
    /// half its pixels each way (`screenSize`) and is drawn at all of them
    /// (`screenPixels`), so text and shapes stay sharp.
    public var scale: Double
    public var cpu: CPU
    public var budgets: Budgets
    /// When the screen dims and blanks without input (`idle`); nil never does.
    public var idle: IdlePolicy?
    /// The rotary encoder and its push button (`encoder`); nil when the board has none.
    public var encoder: Encoder?
    /// The layout of the board's hardware keys (`keyboard`): a USB keyboard, `gpio-keys` buttons.
    public var keyboard: Keyboard
    /// The fonts tried, in order, for characters the app's font lacks (`fonts`
    /// `fallbacks`): what the board's bundle carries besides Inter and the
    /// icons. nil is PanelKit's default chain (`FreeTypeTextRenderer.defaultFallbackFontNames`:
    /// Noto for every script and colour emoji, about 31 MB); a board with a
    /// small flash names fewer.
    public var fallbackFonts: [String]?
    /// The folder apps keep their settings in (`data` `directory`), with
    /// `{app}` standing for the app's name; nil is `Board.defaultDataDirectory`.
    /// `dataDirectory(forApp:)` gives one app's.
    public var dataDirectory: String?
    /// Where each fact came from, by topic (`display`, `touch`, `cpu`…), in file order.
    public var sources: [(topic: String, text: String)]
    /// The file it was read from.
    public var path: String

    public struct Display {
        /// The display device, or nil to find one: a DRM card (`/dev/dri/card1`)
        /// picks that card, a framebuffer (`/dev/fb1`) picks the fbdev backend.
        public var device: String?
        /// The DRM connector's name (`DSI-1`), or nil for the first connected one.
        public var connector: String?
        /// The mode as the panel scans out, in pixels.
        public var width: Int
        public var height: Int
        public var refreshRate: Double
        /// The active area in millimetres, as the panel scans out.
        public var physicalWidth: Double
        public var physicalHeight: Double
        public var pixelFormat: PixelFormat
        /// How far the UI is turned clockwise on the panel.
        public var rotation: DisplayRotation
        /// The panel's backlight (`display.backlight`); nil when PanelKit controls none.
        public var backlight: BacklightSettings?

        /// The mode as `WIDTHxHEIGHT`, the way `--mode` takes it.
        public var modeName: String { String(width) + "x" + String(height) }
    }

    /// What a display device path names: a DRM card or an fbdev framebuffer.
    public enum DisplayDeviceKind: Equatable {
        /// `/dev/dri/cardN` (any `cardN`): the DRM/KMS backend on that card.
        case drm
        /// `/dev/fbN` (any `fbN`): the fbdev backend.
        case fbdev

        /// By the file name: `fbN` is a framebuffer, `cardN` a DRM card; nil for anything else.
        public init?(path: String) {
            var name = Substring(path)
            if let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) { name = name[name.utf8.index(after: slash)...] }
            func numbered(_ prefix: String) -> Bool {
                guard name.utf8.starts(with: prefix.utf8), name.utf8.count > prefix.utf8.count else { return false }
                for byte in name.utf8.dropFirst(prefix.utf8.count)
                where byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") {
                    return false
                }
                return true
            }
            if numbered("fb") {
                self = .fbdev
            } else if numbered("card") {
                self = .drm
            } else {
                return nil
            }
        }
    }

    /// A backlight in the kernel's backlight class and the raw levels PanelKit uses.
    public struct BacklightSettings: Equatable {
        /// A device's name under /sys/class/backlight; nil (`"auto"`) takes the only one there.
        public var device: String?
        /// The raw level brightness 0 maps to: the dimmest that is still lit (0 is off on many).
        public var minimumLevel: Int
        /// The raw level brightness 1 maps to; nil is the device's `max_brightness`.
        public var maximumLevel: Int?

        public init(device: String? = nil, minimumLevel: Int = 1, maximumLevel: Int? = nil) {
            self.device = device
            self.minimumLevel = minimumLevel
            self.maximumLevel = maximumLevel
        }
    }

    public enum TouchDevice: Equatable {
        /// Every direct-touch device, hot-plugged.
        case automatic
        /// The device whose evdev name is exactly this.
        case named(String)
        case path(String)

        /// What the evdev layer takes (it accepts a path or an evdev name in one
        /// field): nil to discover every touch screen.
        public var pathOrName: String? {
            switch self {
            case .automatic: return nil
            case .named(let name): return name
            case .path(let path): return path
            }
        }
    }

    public struct Touch {
        public var device: TouchDevice
        /// The kernel driver, for people reading the file.
        public var driver: String?
        public var maxContacts: Int
        public var swapAxes: Bool
        public var invertX: Bool
        public var invertY: Bool
        /// The absolute axes the panel reports its position on (`touch.axes`),
        /// when they are not its protocol's own; nil for those.
        public var axes: TouchPositionAxes? = nil
        /// As written in the file, before the axis quirks.
        public var calibration: CalibrationMatrix
        public var rotation: TouchRotation
        /// Jitter, debounce and pressure filters, applied after the transform.
        public var filters: TouchFilterSettings
        public var grab: Bool

        /// `device` as this board's panel is wired: its position read from
        /// `axes` when the board names them. Every input path builds its
        /// decoder and transform from the result (a live device, replay, tests).
        public func wiring(_ device: TouchDeviceDescription) -> TouchDeviceDescription {
            guard let axes else { return device }
            var wired = device
            wired.positionAxes = axes
            return wired
        }

        /// The calibration with the quirks folded in: the axes swapped and
        /// inverted first, then the file's matrix (libinput's convention).
        public var effectiveCalibration: CalibrationMatrix {
            let q = axisQuirks
            let m = calibration
            return CalibrationMatrix(
                a: m.a * q.a + m.b * q.d, b: m.a * q.b + m.b * q.e, c: m.a * q.c + m.b * q.f + m.c,
                d: m.d * q.a + m.e * q.d, e: m.d * q.b + m.e * q.e, f: m.d * q.c + m.e * q.f + m.f)
        }

        /// The axis quirks alone, as a matrix on normalized coordinates: swap
        /// (x, y) → (y, x), then invert x → 1 − x and y → 1 − y. A calibration
        /// measures raw touches through it and solves for the file's matrix.
        public var axisQuirks: CalibrationMatrix {
            var a = 1.0
            var b = 0.0
            var c = 0.0
            var d = 0.0
            var e = 1.0
            var f = 0.0
            if swapAxes { (a, b, d, e) = (0, 1, 1, 0) }
            if invertX { (a, b, c) = (-a, -b, 1 - c) }
            if invertY { (d, e, f) = (-d, -e, 1 - f) }
            return CalibrationMatrix(a: a, b: b, c: c, d: d, e: e, f: f)
        }
    }

    /// Where apps keep their settings when the board file does not say: `/var/lib/panelkit/{app}`.
    public static let defaultDataDirectory = "/var/lib/panelkit/{app}"

    /// The data directory of the app named `app`: the board's `data.directory`
    /// (or the default) with each `{app}` replaced by `app`.
    public func dataDirectory(forApp app: String) -> String {
        Board.dataDirectory(dataDirectory ?? Board.defaultDataDirectory, forApp: app)
    }

    /// `pattern` with each `{app}` replaced by `app` (byte for byte).
    public static func dataDirectory(_ pattern: String, forApp app: String) -> String {
        let bytes = Array(pattern.utf8)
        let marker = Array("{app}".utf8)
        var result: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if i + marker.count <= bytes.count && Array(bytes[i..<(i + marker.count)]) == marker {
                result.append(contentsOf: app.utf8)
                i += marker.count
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The XKB names the keyboard's keymap is compiled from (xkbcommon's
    /// rules, model, layout, variant, options), with where each was written,
    /// so a value xkbcommon rejects is an error at its line.
    public struct Keyboard {
        public var model: String
        public var layout: String
        public var variant: String
        public var options: String
        /// The file's line and column of each field given (`layout`, `variant`, `options`, `model`).
        public var positions: [(field: String, line: Int, column: Int)]

        public init(
            model: String = "pc105", layout: String = "us", variant: String = "", options: String = "",
            positions: [(field: String, line: Int, column: Int)] = []
        ) {
            self.model = model
            self.layout = layout
            self.variant = variant
            self.options = options
            self.positions = positions
        }
    }

    /// A board-file error about the keyboard's `field` (`layout`…, nil for
    /// the section): the file, the field's line and the message, as the reader's own errors read.
    public func keyboardError(field: String?, _ message: String) -> JSONError {
        var line = 0
        var column = 0
        for i in 0..<keyboard.positions.count where sameBytes(keyboard.positions[i].field, field ?? "") {
            line = keyboard.positions[i].line
            column = keyboard.positions[i].column
            break
        }
        if line == 0 {
            line = 1
            column = 1
        }
        return JSONError(
            file: path, line: line, column: column, path: field.map { "keyboard." + $0 } ?? "keyboard", message: message
        )
    }

    public enum Architecture: String {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // The names boards/*.json and the toolchains use.
        case aarch64, armv7, x86_64

        /// Matched by bytes (the `~=` beside `sameBytes`): the synthesized
        /// initializer compares with String's `==`, which links Unicode's normalization tables.
        public init?(rawValue: String) {
            switch rawValue {
            case "aarch64": self = .aarch64
            case "armv7": self = .armv7
            case "x86_64": self = .x86_64
            default: return nil
            }
        }
    }

    public struct CPU {
        public var architecture: Architecture
        /// Compiler flags for the board's CPU (`-mcpu=cortex-a72`).
        public var flags: [String]
    }

    public struct Budgets {
        /// Milliseconds per frame: the refresh interval.
        public var frameTime: Double
        /// Milliseconds from touch to photon.
        public var latency: Double
        /// MiB of resident memory.
        public var memory: Double
        /// Seconds of touch input the flight recorder keeps (`"flightRecording"`,
        /// 300 unless set; 0 turns it off), in a ring of 1/64 of `memory`.
        public var flightRecording: Double = 300
    }

    /// The screen the UI is drawn on, in pixels: the mode turned by the display
    /// rotation. The framebuffer the renderer draws into is this size.
    public var screenPixels: (width: Int, height: Int) {
        display.rotation == .clockwise90 || display.rotation == .clockwise270
            ? (display.height, display.width) : (display.width, display.height)
    }

    /// The screen the UI lays out on, in points: `screenPixels` over
    /// `scale` (the 720×1280 panel of `rpi5-touch-display-2`, turned 90° at
    /// scale 2, is 640×360 points). Windows, views and touches are in points.
    public var screenSize: Size {
        let pixels = screenPixels
        return Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }

    /// How far touches turn from the sensor onto `screenSize` (points): the sensor's own
    /// `touch.rotation` against the scanned-out panel, then the display's
    /// rotation (a sensor that runs along the panel turns with the UI), as the
    /// simulator's virtual panel does. Every backend uses it: they all draw turned.
    public var touchRotationOnScreen: TouchRotation {
        touch.rotation.turned(by: display.rotation.touchRotation)
    }

    /// Pixels per inch along the scanned-out width.
    public var pixelsPerInch: Double { Double(display.width) / (display.physicalWidth / 25.4) }
}
