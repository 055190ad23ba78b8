import PanelKit

/// The texts the screen shows, made once: the setpoint moves in half
/// degrees over a fixed range, so every label text exists before the first
/// touch and changing the setpoint allocates nothing (a new String of more
/// than 15 bytes would).
enum Thermostat {
    static let minimumValue = 10.0
    static let maximumValue = 30.0
    static let step = 0.5
    static let count = Int((maximumValue - minimumValue) / step) + 1

    /// "21.5°" for each setpoint.
    static let setpointTexts: [String] = texts { fixed($0, 1) + "°" }
    static let heatingTexts: [String] = texts { "Heating to " + fixed($0, 1) + "°" }
    /// Eco heats two degrees below the setpoint.
    static let ecoTexts: [String] = texts { "Eco, heating to " + fixed($0 - 2, 1) + "°" }

    static func texts(_ make: (Double) -> String) -> [String] {
        var texts: [String] = []
        for i in 0..<count { texts.append(make(minimumValue + Double(i) * step)) }
        return texts
    }

    /// The index of a setpoint in the tables.
    static func index(of value: Double) -> Int {
        min(max(Int(((value - minimumValue) / step).rounded()), 0), count - 1)
    }
}

/// The thermostat's one screen: the dial, a stepper built from two buttons,
/// the mode switches, and labels bound to the setpoint and the mode.
///
/// Every control sends its actions to this controller (target-action), which
/// keeps the model (`setpoint`, `isHeating`, `isEco`) and updates the
/// labels; each action is also a line in the runtime's JSON Lines log.
/// The setpoint and the switches are kept in the app's settings
/// (`LaunchOptions.settings`), so the panel comes back as it was left.
final class ThermostatViewController: ViewController {
    let dial = DialView(name: "dial")
    let setpointLabel = Label(name: "setpoint", text: "")
    let statusLabel = Label(name: "status", text: "")
    /// The room's name (`title` is the controller's own, as in UIKit).
    let heading = Label(name: "title", text: "Living room")
    let down = Button(name: "down", title: "\u{2212}")
    let up = Button(name: "up", title: "+")
    let heating = Switch(name: "heating", isOn: true)
    let heatingLabel = Label(name: "heatingLabel", text: "Heating")
    let eco = Switch(name: "eco", isOn: false)
    let ecoLabel = Label(name: "ecoLabel", text: "Eco")

    let screenBounds: Rect
    unowned(unsafe) let log: ReplayLog
    let settings: Settings

    /// The keys the model is kept under.
    enum Keys {
        static let setpoint = "setpoint"
        static let heating = "heating"
        static let eco = "eco"
    }

    /// The model: what the controls show.
    var setpoint: Double { dial.value }
    var isHeating: Bool { heating.isOn }
    var isEco: Bool { eco.isOn }

    init(screenBounds: Rect, log: ReplayLog, settings: Settings) {
        self.screenBounds = screenBounds
        self.log = log
        self.settings = settings
        super.init()
    }

    override func loadView() {
        let theme = Theme.standard
        heading.textColor = theme.text
        setpointLabel.textColor = theme.text
        setpointLabel.textAlignment = .center
        statusLabel.textColor = theme.secondaryText
        for label in [heatingLabel, ecoLabel] { label.textColor = theme.text }
        let root = ThermostatView(frame: screenBounds, controller: self)
        root.backgroundColor = theme.background
        view = root
    }

    override func viewDidLoad() {
        // The values kept from the last run (the controls' own at the first): restored now, written when changed.
        settings.register(defaults: [Keys.setpoint: .double(dial.value), Keys.heating: true, Keys.eco: false])
        dial.setValue(settings.double(forKey: Keys.setpoint), sendsActions: false)
        settings.bind(heating, to: Keys.heating)
        settings.bind(eco, to: Keys.eco)
        dial.addTarget(self, action: ThermostatViewController.setpointChanged, for: .valueChanged)
        down.addTarget(self, action: ThermostatViewController.stepDown, for: .touchUpInside)
        up.addTarget(self, action: ThermostatViewController.stepUp, for: .touchUpInside)
        heating.addTarget(self, action: ThermostatViewController.modeChanged, for: .valueChanged)
        eco.addTarget(self, action: ThermostatViewController.modeChanged, for: .valueChanged)
        // The log's action lines: what a test or a board-vm-test run compares.
        let dial = self.dial
        let heating = self.heating
        let eco = self.eco
        log.logActions(of: dial) { _ in dial.value }
        log.logActions(of: down) { _ in nil }
        log.logActions(of: up) { _ in nil }
        log.logActions(of: heating) { _ in heating.isOn ? 1 : 0 }
        log.logActions(of: eco) { _ in eco.isOn ? 1 : 0 }
        updateLabels()
    }

    func setpointChanged(_ sender: Control) {
        settings.set(dial.value, forKey: Keys.setpoint)
        updateLabels()
    }

    /// The stepper: half a degree per tap; the dial sends the change like a drag.
    func stepDown(_ sender: Control) { dial.setValue(dial.value - dial.step, sendsActions: true) }
    func stepUp(_ sender: Control) { dial.setValue(dial.value + dial.step, sendsActions: true) }

    func modeChanged(_ sender: Control) { updateLabels() }

    /// The labels bound to the model.
    func updateLabels() {
        let index = Thermostat.index(of: setpoint)
        setpointLabel.text = Thermostat.setpointTexts[index]
        statusLabel.text = !isHeating ? "Off" : isEco ? Thermostat.ecoTexts[index] : Thermostat.heatingTexts[index]
    }
}

/// The thermostat's root view: the dial and a column of stacks, arranged in
/// `layoutSubviews()` for the screen's shape. Landscape: the dial on the
/// left, as tall as the screen allows; the column on the right, spread over
/// the height. Portrait: the column at the top, the dial under it.
final class ThermostatView: View {
    /// The title, the status, the stepper `−  21.5°  +` and the two mode rows.
    let column: StackView
    let stepper: StackView
    /// Unretained: the controller owns this view (its `view`) and outlives it.
    unowned(unsafe) let controller: ThermostatViewController

    init(frame: Rect, controller: ThermostatViewController) {
        self.controller = controller
        stepper = StackView(
            name: "stepper", arrangedSubviews: [controller.down, controller.setpointLabel, controller.up])
        // Buttons and the value at their own widths, the buttons at the ends, the value midway.
        stepper.distribution = .equalCentering
        stepper.alignment = .center
        func row(_ toggle: Switch, _ label: Label, _ name: String) -> StackView {
            let row = StackView(name: name, arrangedSubviews: [toggle, label])
            row.alignment = .center
            row.spacing = 16
            return row
        }
        column = StackView(
            name: "column",
            arrangedSubviews: [
                controller.heading, controller.statusLabel, stepper,
                row(controller.heating, controller.heatingLabel, "heatingRow"),
                row(controller.eco, controller.ecoLabel, "ecoRow")
            ])
        column.axis = .vertical
        super.init(frame: frame, name: "thermostat")
        addSubview(controller.dial)
        addSubview(column)
    }

    override func layoutSubviews() {
        let compact = bounds.height < 360 || bounds.width < 560
        let portrait = bounds.height > bounds.width
        let margin = compact ? 12.0 : 24.0
        let area = bounds.inset(by: EdgeInsets(all: margin))
        setFonts(compact: compact)
        column.spacing = compact ? 6 : 16
        stepper.spacing = compact ? 8 : 16
        let dial = controller.dial
        if portrait {
            // The column at its natural height, the dial in the space below.
            column.distribution = .fill
            let height = column.intrinsicContentSize.height
            column.frame = Rect(x: area.minX, y: area.minY, width: area.width, height: height)
            let below = Rect(
                x: area.minX, y: column.frame.maxY + margin, width: area.width,
                height: area.maxY - column.frame.maxY - margin)
            let side = min(below.width, below.height)
            dial.frame = Rect(x: below.midX - side / 2, y: below.midY - side / 2, width: side, height: side).integral
        } else {
            // The dial as large as the height allows (at most half the width), the column beside it.
            let side = min(area.height, area.width / 2)
            dial.frame = Rect(x: area.minX, y: area.midY - side / 2, width: side, height: side).integral
            let left = dial.frame.maxX + margin
            column.distribution = .equalSpacing
            column.frame = Rect(x: left, y: area.minY, width: area.maxX - left, height: area.height)
        }
    }

    /// Text sizes for the screen; a font is assigned only when it changes (the same one would redraw for nothing).
    func setFonts(compact: Bool) {
        func set(_ label: Label, _ font: Font) { if label.font != font { label.font = font } }
        set(controller.heading, .boldSystem(size: compact ? 22 : 28))
        set(controller.statusLabel, .system(size: compact ? 16 : 20))
        set(controller.setpointLabel, .boldSystem(size: compact ? 26 : 34))
        set(controller.heatingLabel, .system(size: compact ? 18 : 22))
        set(controller.ecoLabel, .system(size: compact ? 18 : 22))
        let buttonFont = Font.boldSystem(size: compact ? 26 : 34)
        if controller.down.titleFont != buttonFont { controller.down.titleFont = buttonFont }
        if controller.up.titleFont != buttonFont { controller.up.titleFont = buttonFont }
    }
}

extension Rect {
    /// On whole points, so the dial is drawn crisply.
    var integral: Rect {
        Rect(x: minX.rounded(), y: minY.rounded(), width: width.rounded(), height: height.rounded())
    }
}
