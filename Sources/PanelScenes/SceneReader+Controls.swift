import PanelJSON
import PanelLog
import PanelUI

/// `control` and `label`: the views a scene file can make besides plain ones.
extension SceneReader {
    /// A slider's values: far beyond any scale, and their differences stay finite.
    @usableFromInline static let valueLimit = 1e9
    /// Larger glyphs would take more memory than a board has.
    @usableFromInline static let fontSizeLimit = 1000.0

    @usableFromInline mutating func readControl(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> Control
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let kind = try object.requiredString("kind")
        let control: Control
        switch kind {
        case "button":
            let button = Button(frame: frame, name: name)
            if let title = try object.string("title") { button.setTitle(title, for: .normal) }
            log.logActions(of: button) { _ in nil }
            control = button
        case "slider":
            let slider = Slider(frame: frame, name: name)
            let minimum = try object.number("minimumValue") ?? 0
            let maximum = try object.number("maximumValue") ?? 1
            try checkCoordinates([minimum], object: object, key: "minimumValue", limit: Self.valueLimit, unit: "")
            try checkCoordinates([maximum], object: object, key: "maximumValue", limit: Self.valueLimit, unit: "")
            guard minimum < maximum else {
                throw object.error(
                    "maximumValue",
                    "maximumValue (" + describeNumber(maximum)
                        + ") must be above minimumValue (" + describeNumber(minimum) + ")")
            }
            slider.minimumValue = minimum
            slider.maximumValue = maximum
            if let value = try object.number("value") {
                guard value >= minimum, value <= maximum else {
                    throw object.error(
                        "value",
                        "the value " + describeNumber(value) + " is outside "
                            + describeNumber(minimum) + "…" + describeNumber(maximum))
                }
                slider.value = value
            }
            if let continuous = try object.bool("continuous") { slider.isContinuous = continuous }
            log.logActions(of: slider) { control in (control as? Slider).map { $0.value } }
            control = slider
        case "switch":
            let toggle = Switch(frame: frame, name: name)
            if let on = try object.bool("on") { toggle.isOn = on }
            log.logActions(of: toggle) { control in (control as? Switch).map { $0.isOn ? 1 : 0 } }
            control = toggle
        default:
            throw object.error(
                "kind", "unknown control kind '" + messageText(kind) + "'; expected button, slider or switch")
        }
        if let enabled = try object.bool("enabled") { control.isEnabled = enabled }
        if let selected = try object.bool("selected") { control.isSelected = selected }
        if let margin = try object.number("touchMargin") {
            guard margin >= 0 else {
                throw object.error("touchMargin", "expected 0 or more points, not " + describeNumber(margin))
            }
            try checkCoordinates([margin], object: object, key: "touchMargin")
            control.touchMargin = margin
        }
        if try object.bool("hangsOnTap") == true {
            // A stuck app on purpose, for a service's watchdog test (docs/boards.md): the action never returns.
            control.addAction(for: .touchUpInside) { _ in Self.spinForever() }
        }
        try object.finish()
        return control
    }

    /// Never returns, and keeps the CPU busy as an app's runaway loop does.
    @usableFromInline static func spinForever() -> Never {
        var turns: UInt64 = 0
        while true { turns &+= 1 }
    }

    @usableFromInline mutating func readLabel(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> Label
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let text = try object.string("text") ?? ""
        let label = Label(frame: frame, name: name, text: text)
        let size = try object.number("size") ?? Theme.standard.bodyFont.size
        guard size > 0, size <= Self.fontSizeLimit else {
            throw object.error(
                "size",
                "a font size must be above 0 and at most " + describeNumber(Self.fontSizeLimit)
                    + " points, not " + describeNumber(size))
        }
        label.font = try object.bool("bold") ?? false ? .boldSystem(size: size) : .system(size: size)
        if let color = try color(&object, "color") { label.textColor = color }
        if let alignment = object.member("alignment") {
            switch alignment.kind {
            case .string("left"): label.textAlignment = .left
            case .string("center"): label.textAlignment = .center
            case .string("right"): label.textAlignment = .right
            default:
                throw error(at: alignment, object.path(of: "alignment"), "expected \"left\", \"center\" or \"right\"")
            }
        }
        if let control = try object.string("valueOf") {
            references.append(
                Reference(
                    use: .valueOf(label, prefix: text), name: control,
                    value: object.member("valueOf")!, path: object.path(of: "valueOf")))
        }
        try object.finish()
        return label
    }

    /// `textField`: a `TextField` whose editing is logged as `text` lines
    /// and whose touches and return as `action` lines.
    @usableFromInline mutating func readTextField(
        _ value: JSONValue, path: String, frame: Rect,
        name: String
    ) throws(JSONError) -> TextField {
        var object = try JSONObjectReader(value, file: file, path: path)
        let field = LoggingTextField(
            frame: frame, name: name, text: try object.string("text") ?? "",
            placeholder: try object.string("placeholder") ?? "", log: log)
        if let secure = try object.bool("secure") { field.isSecureTextEntry = secure }
        if let keyboard = object.member("keyboardType") {
            switch keyboard.kind {
            case .string("default"): field.keyboardType = .default
            case .string("numberPad"): field.keyboardType = .numberPad
            case .string("decimalPad"): field.keyboardType = .decimalPad
            default:
                throw error(
                    at: keyboard, object.path(of: "keyboardType"),
                    "expected \"default\", \"numberPad\" or \"decimalPad\"")
            }
        }
        if let size = try object.number("size") {
            guard size > 0, size <= Self.fontSizeLimit else {
                throw object.error(
                    "size",
                    "a font size must be above 0 and at most " + describeNumber(Self.fontSizeLimit)
                        + " points, not " + describeNumber(size))
            }
            field.font = .system(size: size)
        }
        if let alignment = object.member("alignment") {
            switch alignment.kind {
            case .string("left"): field.textAlignment = .left
            case .string("center"): field.textAlignment = .center
            case .string("right"): field.textAlignment = .right
            default:
                throw error(at: alignment, object.path(of: "alignment"), "expected \"left\", \"center\" or \"right\"")
            }
        }
        if let enabled = try object.bool("enabled") { field.isEnabled = enabled }
        log.logActions(of: field) { _ in nil }
        log.logEditing(of: field)
        try object.finish()
        return field
    }
}

/// A scene's text field: the presses it receives are `press` lines, as for a
/// logging view (the keys it edits with, and their ends and cancels, stop
/// at the field), and then it edits.
final class LoggingTextField: TextField {
    /// Retained: the log holds no views, so there is no cycle.
    let log: ReplayLog

    init(frame: Rect, name: String, text: String, placeholder: String, log: ReplayLog) {
        self.log = log
        super.init(frame: frame, name: name, text: text, placeholder: placeholder)
    }

    override func pressesBegan(_ press: Press, with event: Event) {
        log.press(view: name, press)
        super.pressesBegan(press, with: event)
    }

    override func pressesEnded(_ press: Press, with event: Event) {
        log.press(view: name, press)
        super.pressesEnded(press, with: event)
    }

    override func pressesCancelled(_ press: Press, with event: Event) {
        log.press(view: name, press)
        super.pressesCancelled(press, with: event)
    }
}
