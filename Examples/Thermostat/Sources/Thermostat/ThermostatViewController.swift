import PanelApp

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
/// keeps the model (``setpoint``, ``isHeating``, ``isEco``) and updates the
/// labels; each action is also a line in the runtime's JSON Lines log.
final class ThermostatViewController: ViewController {
    let dial = DialView(name: "dial")
    let setpointLabel = Label(name: "setpoint", text: "")
    let statusLabel = Label(name: "status", text: "")
    let title = Label(name: "title", text: "Living room")
    let down = Button(name: "down", title: "\u{2212}")
    let up = Button(name: "up", title: "+")
    let heating = Switch(name: "heating", isOn: true)
    let heatingLabel = Label(name: "heatingLabel", text: "Heating")
    let eco = Switch(name: "eco", isOn: false)
    let ecoLabel = Label(name: "ecoLabel", text: "Eco")

    let screenBounds: Rect
    unowned(unsafe) let log: ReplayLog

    /// The model: what the controls show.
    var setpoint: Double { dial.value }
    var isHeating: Bool { heating.isOn }
    var isEco: Bool { eco.isOn }

    init(screenBounds: Rect, log: ReplayLog) {
        self.screenBounds = screenBounds
        self.log = log
        super.init()
    }

    override func loadView() {
        let theme = Theme.standard
        let root = View(frame: screenBounds, name: "thermostat")
        root.backgroundColor = theme.background
        title.font = .boldSystem(size: 28)
        title.textColor = theme.text
        setpointLabel.font = .boldSystem(size: 40)
        setpointLabel.textColor = theme.text
        statusLabel.font = .system(size: 20)
        statusLabel.textColor = theme.secondaryText
        for label in [heatingLabel, ecoLabel] {
            label.font = .system(size: 22)
            label.textColor = theme.text
        }
        for button in [down, up] { button.titleFont = .boldSystem(size: 34) }
        for view in [title, dial, setpointLabel, statusLabel, down, up, heating, heatingLabel, eco, ecoLabel] as [View] {
            root.addSubview(view)
        }
        layout(in: screenBounds)
        view = root
    }

    /// Laid out for 800x480 and scaled to other screens: the dial on the left, the rest on the right.
    func layout(in bounds: Rect) {
        let sx = bounds.width / 800, sy = bounds.height / 480
        let scale = min(sx, sy)
        func at(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: x * sx, y: y * sy, width: w * sx, height: h * sy)
        }
        let side = 380 * scale
        dial.frame = Rect(x: 24 * sx, y: (bounds.height - side) / 2 + 20 * sy, width: side, height: side)
        title.frame = at(32, 16, 400, 40)
        setpointLabel.frame = at(452, 70, 320, 56)
        statusLabel.frame = at(452, 126, 320, 32)
        down.frame = at(452, 182, 140, 72)
        up.frame = at(612, 182, 140, 72)
        heating.frame = Rect(x: 452 * sx, y: 300 * sy, width: 72, height: 40)
        heatingLabel.frame = at(540, 300, 220, 40)
        eco.frame = Rect(x: 452 * sx, y: 370 * sy, width: 72, height: 40)
        ecoLabel.frame = at(540, 370, 220, 40)
    }

    override func viewDidLoad() {
        dial.addTarget(self, action: ThermostatViewController.setpointChanged, for: .valueChanged)
        down.addTarget(self, action: ThermostatViewController.stepDown, for: .touchUpInside)
        up.addTarget(self, action: ThermostatViewController.stepUp, for: .touchUpInside)
        heating.addTarget(self, action: ThermostatViewController.modeChanged, for: .valueChanged)
        eco.addTarget(self, action: ThermostatViewController.modeChanged, for: .valueChanged)
        // The log's action lines: what a test or a board-vm-test run compares.
        let dial = self.dial, heating = self.heating, eco = self.eco
        log.logActions(of: dial) { _ in dial.value }
        log.logActions(of: down) { _ in nil }
        log.logActions(of: up) { _ in nil }
        log.logActions(of: heating) { _ in heating.isOn ? 1 : 0 }
        log.logActions(of: eco) { _ in eco.isOn ? 1 : 0 }
        updateLabels()
    }

    func setpointChanged(_ sender: Control) { updateLabels() }

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
