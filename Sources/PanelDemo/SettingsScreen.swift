import PanelLog
import PanelSettings
import PanelUI

/// The demo's settings: a `TableView` in four sections with headers.
///
/// - **Display**: brightness (a slider), auto-dim (a switch), screen timeout
///   (a row that cycles 30 s, 1 min, 5 min, 10 min, Never when tapped).
/// - **Network**: Wi-Fi and Bluetooth (switches), the hostname (a value). A
///   tap on the Wi-Fi row beside its switch pushes the networks
///   (`WiFiViewController`).
/// - **Sound**: volume (a slider), key clicks (a switch).
/// - **Sensors**: 200 rows, "Sensor 001" … "Sensor 200" with a room and a
///   reading; tapping one toggles its checkmark.
///
/// The controls rows are cells made once (no reuse identifier): their views
/// are named (`settingsBrightness`, `autoDim`, `timeoutRow`, `settingsWifi`,
/// `settingsBluetooth`, `hostnameRow`, `settingsVolume`, `keyClicks`). Sensor
/// rows are reused `SensorCell`s named `sensor001` … while they show that
/// row. Brightness, Wi-Fi, Bluetooth and volume are the controls screen's
/// values: shown when the screen appears, written back when changed.
///
/// Every text a row shows is built once, in the initializer: `cellForRowAt`
/// runs on the display link while the list scrolls and only assigns them
/// (docs/lists.md), so flinging the list allocates nothing per frame.
public final class SettingsViewController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The controls screen whose values four rows show and change.
    public let controls: ControlsScreen
    public let table: TableView

    public let brightness: Slider
    public let autoDim: Switch
    public let wifi: Switch
    public let bluetooth: Switch
    public let volume: Slider
    public let keyClicks: Switch
    /// The rows that are not reused, by section.
    public let brightnessRow: TableViewCell
    public let autoDimRow: TableViewCell
    public let timeoutRow: TableViewCell
    public let wifiRow: TableViewCell
    public let bluetoothRow: TableViewCell
    public let hostnameRow: TableViewCell
    public let volumeRow: TableViewCell
    public let keyClicksRow: TableViewCell
    /// The Wi-Fi networks and their password, pushed by the Wi-Fi row.
    public let wifiNetworks: WiFiViewController

    public static let sectionTitles = ["Display", "Network", "Sound", "Sensors"]
    public static let sensorSection = 3
    public static let sensorCount = 200
    public static let timeoutChoices = ["30 s", "1 min", "5 min", "10 min", "Never"]
    /// The screen timeout shown: an index into `timeoutChoices`.
    public internal(set) var timeoutChoice = 2
    /// Where the screen timeout is kept (`DemoApp.keepValues(in:)`); nil keeps it for this run only.
    public internal(set) var settings: Settings?

    /// Shows `choice`, an index into `timeoutChoices` (clamped).
    public func showTimeout(_ choice: Int) {
        timeoutChoice = min(max(choice, 0), Self.timeoutChoices.count - 1)
        timeoutRow.detailTextLabel.text = Self.timeoutChoices[timeoutChoice]
    }

    /// Each sensor row's texts and view name, built once.
    public let sensorTitles: [String]
    public let sensorDetails: [String]
    public let sensorNames: [String]
    /// Which sensor rows show a checkmark.
    public internal(set) var sensorChecked: [Bool]

    public init(controls: ControlsScreen, log: ReplayLog? = nil) {
        self.controls = controls
        table = TableView(name: "settingsTable")
        brightness = Slider(name: "settingsBrightness", value: controls.brightness.value)
        brightness.isContinuous = false
        autoDim = Switch(name: "autoDim", isOn: true)
        wifi = Switch(name: "settingsWifi", isOn: controls.wifi.isOn)
        bluetooth = Switch(name: "settingsBluetooth", isOn: controls.bluetooth.isOn)
        volume = Slider(name: "settingsVolume", value: controls.volume.value)
        keyClicks = Switch(name: "keyClicks")
        wifiNetworks = WiFiViewController(log: log)

        func row(_ name: String, _ text: String, style: TableViewCell.CellStyle = .default, accessory: View? = nil)
            -> TableViewCell
        {
            let cell = TableViewCell(style: style, reuseIdentifier: nil)
            cell.name = name
            cell.textLabel.text = text
            if let accessory {
                // A slider has no width of its own: 40% of an 800-point row, at most.
                if accessory is Slider {
                    accessory.frame = Rect(x: 0, y: 0, width: 180, height: Theme.standard.controlHeight)
                } else {
                    accessory.sizeToFit()
                }
                cell.accessoryView = accessory
                cell.selectionStyle = .none
            }
            return cell
        }
        brightnessRow = row("brightnessRow", "Brightness", accessory: brightness)
        autoDimRow = row("autoDimRow", "Auto-dim", accessory: autoDim)
        timeoutRow = row("timeoutRow", "Screen timeout", style: .value1)
        timeoutRow.detailTextLabel.text = Self.timeoutChoices[2]
        wifiRow = row("wifiRow", "Wi-Fi", accessory: wifi)
        bluetoothRow = row("bluetoothRow", "Bluetooth", accessory: bluetooth)
        hostnameRow = row("hostnameRow", "Hostname", style: .value1)
        hostnameRow.detailTextLabel.text = "panelkit-demo"
        hostnameRow.selectionStyle = .none
        volumeRow = row("volumeRow", "Volume", accessory: volume)
        keyClicksRow = row("keyClicksRow", "Key clicks", accessory: keyClicks)

        let rooms = ["Hall", "Kitchen", "Lounge", "Bedroom", "Bath", "Office", "Garage", "Attic"]
        var titles: [String] = []
        var details: [String] = []
        var names: [String] = []
        for i in 1...Self.sensorCount {
            let number = (i < 10 ? "00" : i < 100 ? "0" : "") + String(i)
            titles.append("Sensor " + number)
            names.append("sensor" + number)
            // A reading that varies from row to row: 18.0 … 25.9 °C.
            let tenths = 180 + (i * 37) % 80
            details.append(
                rooms[i % rooms.count] + " " + String(tenths / 10) + "." + String(tenths % 10) + " \u{00B0}C")
        }
        sensorTitles = titles
        sensorDetails = details
        sensorNames = names
        sensorChecked = Array(repeating: false, count: Self.sensorCount)
        super.init()
        title = "Settings"

        brightness.addTarget(self, action: SettingsViewController.brightnessChanged, for: .valueChanged)
        volume.addTarget(self, action: SettingsViewController.volumeChanged, for: .valueChanged)
        wifi.addTarget(self, action: SettingsViewController.wifiChanged, for: .valueChanged)
        bluetooth.addTarget(self, action: SettingsViewController.bluetoothChanged, for: .valueChanged)
        if let log {
            for slider in [brightness, volume] {
                log.logActions(of: slider) { control in (control as? Slider).map { $0.value } }
            }
            for toggle in [autoDim, wifi, bluetooth, keyClicks] {
                log.logActions(of: toggle) { control in (control as? Switch).map { $0.isOn ? 1 : 0 } }
            }
        }
    }

    public override func loadView() {
        let root = View(name: "settingsScreen")
        root.backgroundColor = Theme.standard.background
        table.frame = root.bounds
        table.rowHeight = 52 // a 48-point switch or slider and a little air
        table.autoresizingMask = .flexibleSize
        table.register(SensorCell.self, forCellReuseIdentifier: SensorCell.identifier)
        table.dataSource = self
        table.tableDelegate = self
        root.addSubview(table)
        view = root
    }

    /// Shows the controls screen's values, which may have changed since.
    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if brightness.value != controls.brightness.value { brightness.value = controls.brightness.value }
        if volume.value != controls.volume.value { volume.value = controls.volume.value }
        if wifi.isOn != controls.wifi.isOn { wifi.isOn = controls.wifi.isOn }
        if bluetooth.isOn != controls.bluetooth.isOn { bluetooth.isOn = controls.bluetooth.isOn }
    }

    @usableFromInline func brightnessChanged(_ sender: Control) {
        controls.brightness.value = brightness.value
        controls.refreshValues()
    }
    @usableFromInline func volumeChanged(_ sender: Control) {
        controls.volume.value = volume.value
        controls.refreshValues()
    }
    @usableFromInline func wifiChanged(_ sender: Control) {
        controls.wifi.isOn = wifi.isOn
        controls.refreshValues()
    }
    @usableFromInline func bluetoothChanged(_ sender: Control) {
        controls.bluetooth.isOn = bluetooth.isOn
        controls.refreshValues()
    }

    // MARK: Data source

    public func numberOfSections(in tableView: TableView) -> Int { Self.sectionTitles.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        switch section {
        case 0, 1: return 3
        case 2: return 2
        default: return Self.sensorCount
        }
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        Self.sectionTitles[section]
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        switch (indexPath.section, indexPath.row) {
        case (0, 0): return brightnessRow
        case (0, 1): return autoDimRow
        case (0, _): return timeoutRow
        case (1, 0): return wifiRow
        case (1, 1): return bluetoothRow
        case (1, _): return hostnameRow
        case (2, 0): return volumeRow
        case (2, _): return keyClicksRow
        default:
            let cell = tableView.dequeueReusableCell(withIdentifier: SensorCell.identifier, for: indexPath)
            let row = indexPath.row
            // Only assignments of the strings built in init: nothing allocates here.
            cell.name = sensorNames[row]
            cell.textLabel.text = sensorTitles[row]
            cell.detailTextLabel.text = sensorDetails[row]
            if let sensor = cell as? SensorCell { sensor.showsCheckmark = sensorChecked[row] }
            return cell
        }
    }

    // MARK: Delegate

    /// Rows with a control keep their touches, but the Wi-Fi row opens the
    /// networks; the hostname is only shown.
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        indexPath.section == Self.sensorSection || (indexPath.section == 0 && indexPath.row == 2)
            || (indexPath.section == 1 && indexPath.row == 0)
    }

    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        self.tableView(tableView, shouldHighlightRowAt: indexPath) ? indexPath : nil
    }

    /// The timeout row cycles through its choices; a sensor row toggles its
    /// checkmark; the Wi-Fi row pushes the networks.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        if indexPath.section == 1 {
            navigationController?.pushViewController(wifiNetworks, animated: true)
        } else if indexPath.section == Self.sensorSection {
            let row = indexPath.row
            sensorChecked[row].toggle()
            if let cell = tableView.cellForRow(at: indexPath) as? SensorCell {
                cell.showsCheckmark = sensorChecked[row]
            }
        } else {
            showTimeout((timeoutChoice + 1) % Self.timeoutChoices.count)
            settings?.set(timeoutChoice, forKey: DemoSettingKeys.screenTimeout)
        }
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// A sensor's row: its name, its room and reading at the right, and a
/// checkmark after them when the row is checked.
public final class SensorCell: TableViewCell {
    public static let identifier = "sensor"
    /// "✓", always the accessory; hidden while the row is not checked.
    public let checkmark: Label

    public required init(style: CellStyle = .default, reuseIdentifier: String?) {
        checkmark = Label(name: "checkmark", text: "\u{2713}")
        super.init(style: .value1, reuseIdentifier: reuseIdentifier)
        checkmark.textColor = Theme.standard.accent
        checkmark.textAlignment = .center
        checkmark.frame = Rect(x: 0, y: 0, width: 24, height: 24)
        checkmark.isHidden = true
        accessoryView = checkmark
    }

    public var showsCheckmark: Bool {
        get { !checkmark.isHidden }
        set { if checkmark.isHidden == newValue { checkmark.isHidden = !newValue } } // the same value would redraw
    }
}
