import CXKBCommon
import PanelJSON

/// What a keymap is compiled from: XKB's rules, model, layout, variant and
/// options (RMLVO), as `setxkbmap` and `localectl` take them. The board file's
/// `keyboard` section gives them; the defaults are a US PC keyboard.
public struct KeymapNames: Equatable {
    /// The rules file under `/usr/share/X11/xkb/rules`: `evdev` for Linux key codes.
    public var rules: String
    public var model: String
    /// One layout (`de`) or several (`us,de`).
    public var layout: String
    /// The layout's variant (`nodeadkeys`), one per layout; empty for the basic one.
    public var variant: String
    /// Comma-separated options (`ctrl:nocaps,compose:ralt`).
    public var options: String

    public init(
        rules: String = "evdev", model: String = "pc105", layout: String = "us", variant: String = "",
        options: String = ""
    ) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }
}

/// A keymap xkbcommon could not compile, or compiled only by ignoring part of
/// what it was given. `field` names the part that is wrong (`layout`,
/// `variant`, `options`, `model`), nil when xkbcommon could not say.
public struct KeymapError: Error, Equatable {
    public var field: String?
    public var value: String
    /// What went wrong and how to find valid values, as one line.
    public var message: String

    public init(field: String?, value: String, message: String) {
        self.field = field
        self.value = value
        self.message = message
    }
}

/// A compiled XKB keymap (libxkbcommon, the library Wayland compositors use):
/// what each key types at each shift level, which keys are modifiers and
/// which repeat. Compiled once at start-up; each keyboard gets its own
/// `KeyTranslator` over it.
public final class Keymap {
    @usableFromInline let context: OpaquePointer
    @usableFromInline let keymap: OpaquePointer

    /// Where xkbcommon finds its data (xkb-data): layouts, rules, the `.lst` lists.
    public static let dataDirectory = "/usr/share/X11/xkb"

    /// Compiles the keymap `names` describe from the XKB data on this machine
    /// (`xkb-data`). A layout, variant, option or model xkbcommon does not know
    /// is an error naming it, never a fallback to US.
    ///
    /// A static function, not an initializer: Embedded Swift lists a class's
    /// initializers in its metadata, which would keep this code (and its
    /// diagnosis, some 12 KB) in board binaries that only load `init(text:)`.
    public static func compiling(_ names: KeymapNames) throws(KeymapError) -> Keymap {
        let (context, keymap) = try compileInNewContext(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) {
            context, log throws(KeymapError) in
            if let failure = Keymap.unknownModel(names) { throw failure }
            let keymap = Keymap.compile(context, names)
            if let keymap, log.pointee.errors == 0 { return keymap }
            // Compiled only by ignoring part of `names`: not the keymap asked for.
            if let keymap { xkb_keymap_unref(keymap) }
            throw Keymap.diagnose(context, names, log: log)
        }
        return Keymap(context: context, keymap: keymap)
    }

    @usableFromInline init(context: OpaquePointer, keymap: OpaquePointer) {
        self.context = context
        self.keymap = keymap
    }

    /// Loads a keymap compiled earlier (`text`): a board without XKB data
    /// ships its keymap as a file (`scripts/build-board` writes it).
    public init(text: String) throws(KeymapError) {
        (context, keymap) = try Keymap.compileInNewContext(XKB_CONTEXT_NO_DEFAULT_INCLUDES) {
            context, log throws(KeymapError) in
            guard
                let keymap = xkb_keymap_new_from_string(
                    context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
            else {
                throw KeymapError(
                    field: nil, value: "", message: "not a keymap xkbcommon can load: " + Keymap.firstMessage(log))
            }
            return keymap
        }
    }

    /// A new xkbcommon context and the keymap `body` compiles in it, with
    /// xkbcommon's log captured meanwhile. When `body` throws, its keymap is
    /// already released and the context is released here, after the capture
    /// stops: stopping it writes into the context, which must still exist.
    static func compileInNewContext(
        _ flags: xkb_context_flags,
        _ body: (OpaquePointer, UnsafeMutablePointer<panel_xkb_log>) throws(KeymapError) -> OpaquePointer
    ) throws(KeymapError) -> (context: OpaquePointer, keymap: OpaquePointer) {
        guard let context = xkb_context_new(flags) else {
            throw KeymapError(field: nil, value: "", message: "xkbcommon could not create a context")
        }
        do throws(KeymapError) {
            let keymap = try withCapturedLog(context) { log throws(KeymapError) in try body(context, log) }
            return (context, keymap)
        } catch {
            xkb_context_unref(context)
            throw error
        }
    }

    /// Runs `body` with xkbcommon's log for `context` captured (errors
    /// counted, the first message kept for the error), then stops capturing.
    static func withCapturedLog<Result>(
        _ context: OpaquePointer,
        _ body: (UnsafeMutablePointer<panel_xkb_log>) throws(KeymapError) -> Result
    )
        throws(KeymapError) -> Result
    {
        // On the heap: the context keeps the pointer until capturing stops.
        let log = UnsafeMutablePointer<panel_xkb_log>.allocate(capacity: 1)
        log.initialize(to: panel_xkb_log())
        panel_xkb_capture_log(context, log)
        defer {
            xkb_context_set_user_data(context, nil)
            log.deallocate()
        }
        return try body(log)
    }

    deinit {
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The keymap as XKB text, for `init(text:)`.
    public var text: String {
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }

    /// How many layouts (groups) the keymap has: `us,de` has two.
    public var layoutCount: Int { Int(xkb_keymap_num_layouts(keymap)) }

    @usableFromInline static func compile(_ context: OpaquePointer, _ names: KeymapNames) -> OpaquePointer? {
        names.rules.withCString { rules in
            names.model.withCString { model in
                names.layout.withCString { layout in
                    names.variant.withCString { variant in
                        names.options.withCString { options in
                            var rmlvo = xkb_rule_names(
                                rules: rules, model: model, layout: layout, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
    }

    static func firstMessage(_ log: UnsafeMutablePointer<panel_xkb_log>) -> String {
        withUnsafeBytes(of: &log.pointee.first) { bytes in
            var text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            while let last = text.utf8.last, last == 10 || last == 32 { text.removeLast() }
            return text
        }
    }

    static let listHint = "list valid ones with `localectl list-x11-keymap-"

    /// Finds which of `names` xkbcommon rejected, compiling each part on its own.
    static func diagnose(_ context: OpaquePointer, _ names: KeymapNames, log: UnsafeMutablePointer<panel_xkb_log>)
        -> KeymapError
    {
        let lst = dataDirectory + "/rules/" + names.rules + ".lst"
        func fails(_ trial: KeymapNames) -> Bool {
            log.pointee.errors = 0
            guard let keymap = compile(context, trial) else { return true }
            xkb_keymap_unref(keymap)
            return log.pointee.errors > 0
        }
        var trial = KeymapNames(rules: names.rules, model: names.model, layout: names.layout)
        if fails(trial) {
            return KeymapError(
                field: "layout", value: names.layout,
                message: "xkbcommon has no keyboard layout '" + names.layout + "'; " + listHint + "layouts` or in "
                    + lst)
        }
        trial.variant = names.variant
        if fails(trial) {
            return KeymapError(
                field: "variant", value: names.variant,
                message: "xkbcommon has no variant '" + names.variant + "' of the layout '" + names.layout + "'; "
                    + listHint + "variants " + names.layout + "` or in " + lst)
        }
        for option in names.options.split(separator: ",") {
            trial.options = String(option)
            if fails(trial) {
                return KeymapError(
                    field: "options", value: String(option),
                    message: "xkbcommon has no keyboard option '" + String(option) + "'; " + listHint
                        + "options` or in " + lst)
            }
        }
        log.pointee.errors = 0
        _ = fails(names)
        return KeymapError(field: nil, value: "", message: "xkbcommon cannot compile the keymap: " + firstMessage(log))
    }

    /// xkbcommon takes any model without a word (it only picks the key
    /// geometry), so a model is checked against the rules' list, when the list is there.
    static func unknownModel(_ names: KeymapNames) -> KeymapError? {
        let lst = dataDirectory + "/rules/" + names.rules + ".lst"
        guard let bytes = try? readWholeFile(path: lst) else { return nil }
        var inModels = false
        var lineStart = 0
        var found = false
        let model = Array(names.model.utf8)
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 10 {
            let line = bytes[lineStart..<i]
            lineStart = i + 1
            if line.first == UInt8(ascii: "!") {
                inModels = line.elementsEqual("! model".utf8)
                continue
            }
            guard inModels else { continue }
            let name = line.drop { $0 == 32 }.prefix { $0 != 32 && $0 != 9 }
            if name.elementsEqual(model) {
                found = true
                break
            }
        }
        if found { return nil }
        return KeymapError(
            field: "model", value: names.model,
            message: "xkbcommon has no keyboard model '" + names.model + "' (pc105 is a standard PC keyboard); "
                + listHint + "models` or in " + lst)
    }
}
