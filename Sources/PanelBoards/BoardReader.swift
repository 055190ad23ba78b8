import PanelJSON
import PanelUI

extension Board {
    /// Reads and checks the board file at `path`. The file's `name` must match
    /// its file name, so `--board NAME` always finds `boards/NAME.json`.
    ///
    /// - Throws: `JSONError` naming the file, line, JSON path and the fix.
    public static func load(path: String) throws(JSONError) -> Board {
        try Board(json: try JSONParser.parseFile(path: path), path: path)
    }

    public init(parsing bytes: [UInt8], path: String) throws(JSONError) {
        try self.init(json: try JSONParser.parse(bytes, file: path), path: path)
    }

    public init(json: JSONValue, path: String) throws(JSONError) {
        var object = try JSONObjectReader(json, file: path, path: "")
        self.path = path
        name = try object.requiredString("name")
        let stem = Board.fileStem(path)
        if !stem.isEmpty && !sameBytes(stem, name) {
            throw object.error(
                "name",
                "the name '" + messageText(name) + "' does not match the file name " + messageText(stem)
                    + ".json; rename the file or the board, so --board finds it")
        }
        description = try object.requiredString("description")
        display = try Board.readDisplay(&object)
        touch = try Board.readTouch(&object)
        scale = try object.number("scale") ?? 1
        guard scale >= 1, scale <= 4 else {
            throw object.error("scale", "expected pixels per point from 1 to 4, not " + describeNumber(scale))
        }
        // The UI lays out on the mode over the scale: that must still be a screen.
        let smaller = Swift.min(display.width, display.height)
        guard ScreenLimits.contains(Double(smaller) / scale) else {
            throw object.error(
                "scale",
                describeNumber(scale) + " pixels per point leave " + describeNumber(Double(smaller) / scale)
                    + " points across the mode's " + String(smaller) + " pixels; the UI needs at least "
                    + describeNumber(ScreenLimits.minimum) + ": use a smaller scale")
        }
        cpu = try Board.readCPU(&object)
        budgets = try Board.readBudgets(&object, refreshRate: display.refreshRate)
        idle = try Board.readIdle(&object, hasBacklight: display.backlight != nil)
        encoder = try Board.readEncoder(&object)
        keyboard = try Board.readKeyboard(&object)
        fallbackFonts = try Board.readFallbackFonts(&object)
        dataDirectory = try Board.readData(&object)
        sources = try Board.readSources(&object)
        try object.finish()
    }

    /// `boards/rpi4-7inch.json` → `rpi4-7inch`.
    static func fileStem(_ path: String) -> String {
        var name = Substring(path)
        if let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) { name = name[name.utf8.index(after: slash)...] }
        guard name.utf8.count >= 5, name.utf8.suffix(5).elementsEqual(".json".utf8) else { return "" }
        return String(name.dropLast(5))
    }

    static func readDisplay(_ parent: inout JSONObjectReader) throws(JSONError) -> Display {
        guard let value = parent.member("display") else {
            throw parent.error(nil, "missing the key 'display' (an object)")
        }
        var object = try JSONObjectReader(value, file: parent.file, path: "display")
        let device = try object.string("device")
        if let device, !hasPrefixBytes(device, "/") || DisplayDeviceKind(path: device) == nil {
            throw object.error(
                "device",
                "expected a DRM card (\"/dev/dri/card0\") or a framebuffer (\"/dev/fb0\"), not '"
                    + messageText(device) + "'; leave it out to find the display")
        }
        let connector = try object.requiredString("connector")
        guard let mode = try object.numbers("mode", count: 3, shape: "[width, height, refresh Hz]") else {
            throw object.error(nil, "missing the key 'mode' ([width, height, refresh Hz] as the panel scans out)")
        }
        guard mode[0] == mode[0].rounded(), mode[1] == mode[1].rounded(),
            ScreenLimits.contains(mode[0]), ScreenLimits.contains(mode[1])
        else {
            throw object.error(
                "mode",
                "width and height must be whole pixels " + ScreenLimits.rangeDescription + ", not "
                    + describeNumber(mode[0]) + " × " + describeNumber(mode[1]))
        }
        guard mode[2] >= 1, mode[2] <= 360 else {
            throw object.error("mode", "the refresh rate must be from 1 to 360 Hz, not " + describeNumber(mode[2]))
        }
        guard let size = try object.numbers("physicalSize", count: 2, shape: "[width mm, height mm]") else {
            throw object.error(
                nil, "missing the key 'physicalSize' ([width, height] of the active area in millimetres)")
        }
        guard size[0] > 0, size[1] > 0, size[0] < 5000, size[1] < 5000 else {
            throw object.error(
                "physicalSize",
                "the active area must be above 0 and below 5000 mm, not "
                    + describeNumber(size[0]) + " × " + describeNumber(size[1]))
        }
        // Pixels are close to square on every real panel; a mode and a size that
        // disagree mean one of them is turned or mistyped.
        let pixelAspect = (size[0] / mode[0]) / (size[1] / mode[1])
        guard pixelAspect > 0.8, pixelAspect < 1.25 else {
            throw object.error(
                "physicalSize",
                "the mode " + describeNumber(mode[0]) + "×" + describeNumber(mode[1])
                    + " and the size " + describeNumber(size[0]) + "×" + describeNumber(size[1])
                    + " mm give pixels " + describeNumber((pixelAspect * 100).rounded() / 100)
                    + " times as wide as tall; give both as the panel scans out (width first)")
        }
        let format: PixelFormat
        switch try object.requiredString("pixelFormat") {
        case "XRGB8888": format = .xrgb8888
        case "RGB565": format = .rgb565
        default: throw object.error("pixelFormat", "expected \"XRGB8888\" or \"RGB565\"")
        }
        let rotation = try readRotation(&object, "rotation")
        let backlight = try readBacklight(&object)
        try object.finish()
        return Display(
            device: device, connector: sameBytes(connector, "auto") ? nil : connector, width: Int(mode[0]),
            height: Int(mode[1]),
            refreshRate: mode[2], physicalWidth: size[0], physicalHeight: size[1], pixelFormat: format,
            rotation: DisplayRotation(rawValue: rotation)!, backlight: backlight)
    }

    /// `"backlight": {"device": "auto" or a name under /sys/class/backlight, "minimum": raw, "maximum": raw}`.
    static func readBacklight(_ parent: inout JSONObjectReader) throws(JSONError) -> BacklightSettings? {
        guard let value = parent.member("backlight") else { return nil }
        var object = try JSONObjectReader(value, file: parent.file, path: parent.path(of: "backlight"))
        let device = try object.requiredString("device")
        let named = !sameBytes(device, "auto")
        if named
            && (device.isEmpty || sameBytes(device, ".") || sameBytes(device, "..")
                || device.utf8.contains(UInt8(ascii: "/")))
        {
            throw object.error(
                "device",
                "expected \"auto\" (the only backlight) or a device's name under /sys/class/backlight, such as \"rpi_backlight\", not '"
                    + messageText(device) + "'")
        }
        let minimum = try object.integer("minimum") ?? 1
        guard minimum >= 0 else {
            throw object.error(
                "minimum", "expected a raw level of 0 or more (the dimmest still lit), not " + String(minimum))
        }
        let maximum = try object.integer("maximum")
        if let maximum, maximum <= minimum {
            throw object.error(
                "maximum",
                "the maximum raw level " + String(maximum) + " must be above the minimum " + String(minimum)
                    + "; leave it out to use the device's max_brightness")
        }
        try object.finish()
        return BacklightSettings(device: named ? device : nil, minimumLevel: minimum, maximumLevel: maximum)
    }

    /// `"data": {"directory": "/var/lib/panelkit/{app}"}`: where apps keep their settings.
    static func readData(_ parent: inout JSONObjectReader) throws(JSONError) -> String? {
        guard let value = parent.member("data") else { return nil }
        var object = try JSONObjectReader(value, file: parent.file, path: "data")
        let directory = try object.requiredString("directory")
        let bytes = Array(directory.utf8)
        var hasDotDot = false
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "."), bytes[i + 1] == UInt8(ascii: "."),
                i == 0 || bytes[i - 1] == UInt8(ascii: "/"),
                i + 2 == bytes.count || bytes[i + 2] == UInt8(ascii: "/")
            {
                hasDotDot = true
            }
            i += 1
        }
        guard bytes.first == UInt8(ascii: "/"), bytes.count > 1, !hasDotDot else {
            throw object.error(
                "directory",
                "expected an absolute folder without '..', such as \"/var/lib/panelkit/{app}\" ({app} is the app's name), not '"
                    + messageText(directory) + "'; leave 'data' out for that default")
        }
        try object.finish()
        return directory
    }

    /// `"idle": {"dimAfter": s, "dimBrightness": 0–1, "blankAfter": s, "dimmedWakeTouch": "swallow" | "deliver"}`.
    static func readIdle(_ parent: inout JSONObjectReader, hasBacklight: Bool) throws(JSONError) -> IdlePolicy? {
        guard let value = parent.member("idle") else { return nil }
        var object = try JSONObjectReader(value, file: parent.file, path: "idle")
        var policy = IdlePolicy()
        // Up to a day: longer is "never", which is leaving the key out.
        for key in ["dimAfter", "blankAfter"] {
            guard let seconds = try object.number(key) else { continue }
            guard seconds > 0, seconds <= 86_400 else {
                throw object.error(
                    key,
                    "expected seconds without input, above 0 and at most 86400 (a day), not " + describeNumber(seconds)
                        + "; leave the key out for never")
            }
            if sameBytes(key, "dimAfter") { policy.dimAfter = seconds } else { policy.blankAfter = seconds }
        }
        if let brightness = try object.number("dimBrightness") {
            guard brightness >= 0, brightness <= 1 else {
                throw object.error(
                    "dimBrightness",
                    "expected a brightness from 0 (the backlight's minimum level) to 1, not "
                        + describeNumber(brightness))
            }
            guard policy.dimAfter != nil else {
                throw object.error(
                    "dimBrightness",
                    "a dim brightness without dimAfter never applies; give dimAfter too, or leave it out")
            }
            policy.dimBrightness = brightness
        }
        if let touch = try object.string("dimmedWakeTouch") {
            switch touch {
            case "swallow": policy.swallowsWakeTouchWhenDimmed = true
            case "deliver": policy.swallowsWakeTouchWhenDimmed = false
            default:
                throw object.error(
                    "dimmedWakeTouch",
                    "expected \"swallow\" (the touch that wakes a dimmed screen does nothing) or \"deliver\" (it acts), not '"
                        + messageText(touch) + "'")
            }
        }
        guard policy.isEnabled else {
            throw object.error(
                nil,
                "expected dimAfter, blankAfter or both (seconds without input); leave 'idle' out for a screen that stays on"
            )
        }
        if let dim = policy.dimAfter {
            guard hasBacklight else {
                throw object.error(
                    "dimAfter",
                    "dimming needs a backlight PanelKit controls: add display.backlight (the device under /sys/class/backlight), or give blankAfter alone"
                )
            }
            if let blank = policy.blankAfter, blank <= dim {
                throw object.error(
                    "blankAfter",
                    "the screen would blank (" + describeNumber(blank) + " s) before it dims (" + describeNumber(dim)
                        + " s); make blankAfter longer than dimAfter, or leave dimAfter out")
            }
        }
        try object.finish()
        return policy
    }

    /// `"keyboard": {"layout": "de", "variant": "nodeadkeys", "options": "ctrl:nocaps", "model": "pc105"}`,
    /// each optional (us on pc105). Whether xkbcommon knows the names is
    /// checked where the keymap is compiled (`Keymap`, PanelKeys), on the machine that has the XKB data.
    /// `"fonts": {"fallbacks": ["NotoSans-Regular", …]}`: font file names
    /// without extension, as `Font(name:)` takes them.
    static func readFallbackFonts(_ parent: inout JSONObjectReader) throws(JSONError) -> [String]? {
        guard let value = parent.member("fonts") else { return nil }
        var object = try JSONObjectReader(value, file: parent.file, path: "fonts")
        guard let list = object.member("fallbacks"), case .array(let items) = list.kind else {
            throw object.error(
                "fallbacks",
                "expected the fallback fonts as a list of font file names without extension, "
                    + "such as [\"NotoSans-Regular\", \"NotoSansHebrew-Regular\"] ([] for none)")
        }
        var names: [String] = []
        for item in items {
            guard case .string(let name) = item.kind, !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else {
                throw object.error(
                    "fallbacks",
                    "expected font file names without a folder or extension, such as \"NotoSansArabic-Regular\"")
            }
            names.append(name)
        }
        try object.finish()
        return names
    }

    static func readKeyboard(_ parent: inout JSONObjectReader) throws(JSONError) -> Keyboard {
        var keyboard = Keyboard()
        guard let value = parent.member("keyboard") else { return keyboard }
        var object = try JSONObjectReader(value, file: parent.file, path: "keyboard")
        keyboard.positions.append(("", value.line, value.column))
        for key in ["layout", "variant", "options", "model"] {
            guard let member = object.member(key) else { continue }
            guard let text = try object.string(key) else { continue }
            // Names go to xkbcommon as they are: no spaces, quotes or control characters.
            for byte in text.utf8 where byte <= 32 || byte == 34 || byte == 127 {
                throw object.error(
                    key,
                    "expected XKB names such as \"de\" or \"ctrl:nocaps,compose:ralt\" (comma-separated, no spaces), not '"
                        + messageText(text) + "'")
            }
            if !sameBytes(key, "variant") && !sameBytes(key, "options") && text.isEmpty {
                throw object.error(
                    key,
                    "expected a name, such as \"" + (sameBytes(key, "model") ? "pc105" : "us")
                        + "\"; leave the key out for the default")
            }
            keyboard.positions.append((key, member.line, member.column))
            switch key {
            case "layout": keyboard.layout = text
            case "variant": keyboard.variant = text
            case "options": keyboard.options = text
            default: keyboard.model = text
            }
        }
        try object.finish()
        return keyboard
    }

    static func readRotation(_ object: inout JSONObjectReader, _ key: String) throws(JSONError) -> Int {
        guard let rotation = try object.integer(key) else { return 0 }
        guard rotation == 0 || rotation == 90 || rotation == 180 || rotation == 270 else {
            throw object.error(key, "expected 0, 90, 180 or 270 (degrees clockwise), not " + String(rotation))
        }
        return rotation
    }

    static func readTouch(_ parent: inout JSONObjectReader) throws(JSONError) -> Touch {
        guard let value = parent.member("touch") else { throw parent.error(nil, "missing the key 'touch' (an object)") }
        var object = try JSONObjectReader(value, file: parent.file, path: "touch")
        var device = TouchDevice.automatic
        if let selector = object.member("device") {
            let path = object.path(of: "device")
            switch selector.kind {
            case .string("auto"):
                device = .automatic
            case .object:
                var choice = try JSONObjectReader(selector, file: parent.file, path: path)
                if let name = try choice.string("name") {
                    device = .named(name)
                } else if let file = try choice.string("path") {
                    device = .path(file)
                } else {
                    throw choice.error(nil, "expected {\"name\": \"evdev name\"} or {\"path\": \"/dev/input/…\"}")
                }
                try choice.finish()
            default:
                throw object.error(
                    "device", "expected \"auto\", {\"name\": \"evdev name\"} or {\"path\": \"/dev/input/…\"}")
            }
        }
        let driver = try object.string("driver")
        guard let contacts = try object.integer("maxContacts") else {
            throw object.error(nil, "missing the key 'maxContacts' (how many fingers the controller reports)")
        }
        guard contacts >= 1, contacts <= 16 else {
            throw object.error(
                "maxContacts", "expected 1 to 16 contacts (PanelKit tracks up to 16), not " + String(contacts))
        }
        let swap = try object.bool("swapAxes") ?? false
        let invertX = try object.bool("invertX") ?? false
        let invertY = try object.bool("invertY") ?? false
        let axes = try readTouchAxes(&object)
        let calibration =
            try readCalibration(&object, fix: "run `panel calibrate` or use [1, 0, 0, 0, 1, 0]") ?? .identity
        let rotation = try readRotation(&object, "rotation")
        let filters = try readFilters(&object)
        let grab = try object.bool("grab") ?? false
        try object.finish()
        return Touch(
            device: device, driver: driver, maxContacts: contacts, swapAxes: swap, invertX: invertX,
            invertY: invertY, axes: axes, calibration: calibration, rotation: TouchRotation(rawValue: rotation)!,
            filters: filters, grab: grab)
    }

    /// `"axes": {"x": "ABS_Z", "y": "ABS_RX"}`: the absolute axes the panel
    /// reports its position on, each by its kernel name or its code (0–63);
    /// nil when absent. Both multitouch (`ABS_MT_*`) or neither.
    static func readTouchAxes(_ parent: inout JSONObjectReader) throws(JSONError) -> TouchPositionAxes? {
        guard let value = parent.member("axes") else { return nil }
        var object = try JSONObjectReader(value, file: parent.file, path: parent.path(of: "axes"))
        var codes: [UInt16] = []
        for key in ["x", "y"] {
            guard let member = object.member(key) else {
                throw object.error(
                    nil,
                    "missing the key '" + key + "' (the absolute axis the panel reports its " + key
                        + " position on, such as \"" + (sameBytes(key, "x") ? "ABS_Z" : "ABS_RX")
                        + "\"; `evtest` lists the device's axes)")
            }
            let code: UInt16
            switch member.kind {
            case .string(let name):
                guard let named = AbsoluteAxis.code(named: name) else {
                    throw object.error(
                        key,
                        "unknown absolute axis '" + messageText(name) + "'; expected one of " + absoluteAxisList()
                            + ", or the axis's code as a number from 0 to 63 (`evtest` lists the device's axes)")
                }
                code = named
            case .number(let number):
                guard number == number.rounded(), number >= 0, number < Double(AbsoluteAxis.count) else {
                    throw object.error(
                        key,
                        "expected an absolute axis code from 0 to 63 (ABS_Z is 2, ABS_RX 3) or its name, not "
                            + describeNumber(number))
                }
                code = UInt16(number)
            default:
                throw object.error(
                    key,
                    "expected an absolute axis's name, such as \"ABS_Z\", or its code as a number, found "
                        + member.kindDescription)
            }
            if code == AbsoluteAxis.multitouchSlot || code == AbsoluteAxis.multitouchTrackingID {
                throw object.error(
                    key,
                    AbsoluteAxis.describe(code)
                        + (code == AbsoluteAxis.multitouchSlot ? " picks a slot" : " numbers a contact")
                        + ", it is no position; name the axis whose value follows the finger")
            }
            codes.append(code)
        }
        let axes = TouchPositionAxes(x: codes[0], y: codes[1])
        if axes.x == axes.y {
            throw object.error("y", "x and y are both " + AbsoluteAxis.describe(axes.x) + "; name two different axes")
        }
        if AbsoluteAxis.isMultitouch(axes.x) != AbsoluteAxis.isMultitouch(axes.y) {
            let (multitouch, other) = AbsoluteAxis.isMultitouch(axes.x) ? ("x", "y") : ("y", "x")
            throw object.error(
                nil,
                multitouch + " is " + AbsoluteAxis.describe(sameBytes(multitouch, "x") ? axes.x : axes.y)
                    + ", a multitouch axis (one value per contact), but " + other + " is "
                    + AbsoluteAxis.describe(sameBytes(other, "x") ? axes.x : axes.y)
                    + "; give both as ABS_MT_* axes (protocol A or B) or neither (a single touch, down with BTN_TOUCH)")
        }
        try object.finish()
        return axes
    }

    /// "ABS_X, ABS_Y, ABS_Z, …": every axis a board file may name.
    static func absoluteAxisList() -> String {
        var text = ""
        for code in AbsoluteAxis.namedCodes
        where code != AbsoluteAxis.multitouchSlot && code != AbsoluteAxis.multitouchTrackingID {
            text += (text.isEmpty ? "" : ", ") + AbsoluteAxis.describe(code)
        }
        return text
    }

    /// `"calibration": [a, b, c, d, e, f]` (libinput's matrix), which must be
    /// invertible; nil when absent. `fix` ends the error for a singular one.
    static func readCalibration(_ object: inout JSONObjectReader, fix: String) throws(JSONError) -> CalibrationMatrix? {
        guard
            let m = try object.numbers(
                "calibration", count: 6, shape: "[a, b, c, d, e, f] (libinput's calibration matrix)")
        else {
            return nil
        }
        let calibration = CalibrationMatrix(a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5])
        guard calibration.isInvertible else {
            throw object.error(
                "calibration",
                "the matrix is not invertible (a·e − b·d = "
                    + describeNumber(calibration.determinant) + "), so touches would collapse onto a line; " + fix)
        }
        return calibration
    }

    /// `"filters": {"jitter": points, "debounce": milliseconds, "pressureThreshold": raw units}`, each optional.
    static func readFilters(_ parent: inout JSONObjectReader) throws(JSONError) -> TouchFilterSettings {
        guard let value = parent.member("filters") else { return .none }
        var object = try JSONObjectReader(value, file: parent.file, path: parent.path(of: "filters"))
        var filters = TouchFilterSettings()
        // Limits past which a filter would eat real input: a 50-point dead band
        // hides drags, a half-second debounce eats double taps.
        let limits: [(key: String, maximum: Double, unit: String)] = [
            ("jitter", 50, "points"), ("debounce", 500, "milliseconds"),
            ("pressureThreshold", 65535, "raw pressure units")
        ]
        for i in 0..<limits.count {
            guard let number = try object.number(limits[i].key) else { continue }
            guard number >= 0, number <= limits[i].maximum else {
                throw object.error(
                    limits[i].key,
                    "expected 0 (off) to " + describeNumber(limits[i].maximum) + " " + limits[i].unit
                        + ", not " + describeNumber(number))
            }
            switch i {
            case 0: filters.jitter = number
            case 1: filters.debounce = number / 1000
            default: filters.pressureThreshold = number
            }
        }
        try object.finish()
        return filters
    }

    static func readCPU(_ parent: inout JSONObjectReader) throws(JSONError) -> CPU {
        guard let value = parent.member("cpu") else { throw parent.error(nil, "missing the key 'cpu' (an object)") }
        var object = try JSONObjectReader(value, file: parent.file, path: "cpu")
        let name = try object.requiredString("architecture")
        guard let architecture = Architecture(rawValue: name) else {
            throw object.error(
                "architecture", "unknown architecture '" + messageText(name) + "'; expected aarch64, armv7 or x86_64")
        }
        var flags: [String] = []
        if let values = try object.array("flags") {
            for i in 0..<values.count {
                guard case .string(let flag) = values[i].kind, hasPrefixBytes(flag, "-") else {
                    throw object.error(
                        at: values[i], path: object.path(of: "flags") + "[" + String(i) + "]",
                        "expected a compiler flag in double quotes, such as \"-mcpu=cortex-a72\"")
                }
                flags.append(flag)
            }
        }
        try object.finish()
        return CPU(architecture: architecture, flags: flags)
    }

    static func readBudgets(_ parent: inout JSONObjectReader, refreshRate: Double) throws(JSONError) -> Budgets {
        guard let value = parent.member("budgets") else {
            throw parent.error(nil, "missing the key 'budgets' (an object)")
        }
        var object = try JSONObjectReader(value, file: parent.file, path: "budgets")
        var budgets = Budgets(frameTime: 0, latency: 0, memory: 0)
        let keys = ["frameTime", "latency", "memory"]
        for i in 0..<keys.count {
            guard let number = try object.number(keys[i]) else {
                throw object.error(nil, "missing the key '" + keys[i] + "' (" + (i == 2 ? "MiB" : "milliseconds") + ")")
            }
            guard number > 0 else {
                throw object.error(keys[i], "expected a number above 0, not " + describeNumber(number))
            }
            switch i {
            case 0: budgets.frameTime = number
            case 1: budgets.latency = number
            default: budgets.memory = number
            }
        }
        if let seconds = try object.number("flightRecording") {
            guard seconds >= 0, seconds <= 86400 else {
                throw object.error(
                    "flightRecording",
                    "expected the seconds of input the flight recorder keeps, 0 (off) to 86400, not "
                        + describeNumber(seconds))
            }
            budgets.flightRecording = seconds
        }
        // A frame budget longer than two refresh intervals cannot keep up with the panel.
        let interval = 1000 / refreshRate
        guard budgets.frameTime <= 2 * interval else {
            throw object.error(
                "frameTime",
                describeNumber(budgets.frameTime) + " ms is more than two refresh intervals at "
                    + describeNumber(refreshRate) + " Hz (" + describeNumber((interval * 10).rounded() / 10)
                    + " ms each); use the refresh interval")
        }
        try object.finish()
        return budgets
    }

    static func readSources(_ parent: inout JSONObjectReader) throws(JSONError) -> [(topic: String, text: String)] {
        guard let value = parent.member("sources") else {
            throw parent.error(nil, "missing the key 'sources' (where the display, touch and cpu facts come from)")
        }
        guard case .object(let members) = value.kind else {
            throw parent.error("sources", "expected an object of topic → source text")
        }
        var sources: [(topic: String, text: String)] = []
        for i in 0..<members.count {
            guard case .string(let text) = members[i].value.kind, !text.isEmpty else {
                throw parent.error(
                    at: members[i].value, path: parent.path(of: "sources") + "." + members[i].key,
                    "expected the source as a non-empty string (a URL or a document and what it says)")
            }
            sources.append((members[i].key, text))
        }
        for topic in ["display", "touch", "cpu"] {
            var found = false
            for i in 0..<sources.count where sameBytes(sources[i].topic, topic) { found = true }
            if !found {
                throw parent.error("sources", "missing the source of the " + topic + " facts ('" + topic + "')")
            }
        }
        return sources
    }
}
