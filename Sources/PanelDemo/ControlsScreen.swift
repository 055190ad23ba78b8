import PanelKit
import PanelReplay

/// The demo's first screen: buttons (one disabled), two sliders and two
/// switches, with labels that show their values live, and Play/Stop that set
/// the status. Every control logs its actions as `action` lines.
/// (`assets/scenes/controls.json` is the same layout as a scene file, for replay.)
///
/// Laid out for 800×480 points and scaled to other screens: switches at the
/// top, sliders in the middle, the buttons along the bottom edge.
public final class ControlsScreen: View {
    public let title: Label
    public let play: Button
    public let stop: Button
    public let eject: Button
    public let more: Button
    public let volume: Slider
    public let volumeValue: Label
    public let brightness: Slider
    public let brightnessValue: Label
    public let wifi: Switch
    public let wifiValue: Label
    public let bluetooth: Switch
    public let bluetoothValue: Label
    public let status: Label

    public init(frame: Rect, log: ReplayLog?) {
        let theme = Theme.standard
        let sx = frame.width / 800, sy = frame.height / 480
        func at(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: x * sx, y: y * sy, width: w * sx, height: h * sy)
        }
        title = Label(frame: at(32, 20, 480, 44), name: "title", text: "Living room")
        title.font = .boldSystem(size: 28 * sy)
        title.textColor = theme.text
        status = Label(frame: at(520, 20, 248, 44), name: "status", text: "Ready")
        status.font = .system(size: 16 * sy)
        status.textColor = theme.secondaryText
        status.textAlignment = .right

        play = Button(frame: at(32, 332, 168, 56), name: "play")
        play.setTitle("Play", for: .normal)
        stop = Button(frame: at(216, 332, 168, 56), name: "stop")
        stop.setTitle("Stop", for: .normal)
        eject = Button(frame: at(400, 332, 168, 56), name: "eject")
        eject.setTitle("Eject", for: .normal)
        eject.isEnabled = false
        more = Button(frame: at(600, 332, 168, 56), name: "more")
        more.setTitle("More \u{203A}", for: .normal)

        volume = Slider(frame: at(32, 164, 520, 48), name: "volume")
        volume.value = 0.62
        volumeValue = Label(frame: at(576, 164, 192, 48), name: "volumeValue", text: "")
        brightness = Slider(frame: at(32, 236, 520, 48), name: "brightness")
        brightness.value = 0.8
        brightness.isContinuous = false
        brightnessValue = Label(frame: at(576, 236, 192, 48), name: "brightnessValue", text: "")

        wifi = Switch(frame: at(32, 92, 72, 40), name: "wifi")
        wifi.isOn = true
        wifiValue = Label(frame: at(120, 92, 240, 40), name: "wifiValue", text: "")
        bluetooth = Switch(frame: at(416, 92, 72, 40), name: "bluetooth")
        bluetoothValue = Label(frame: at(504, 92, 264, 40), name: "bluetoothValue", text: "")

        super.init(frame: frame, name: "controls")
        backgroundColor = theme.background
        for label in [volumeValue, brightnessValue, wifiValue, bluetoothValue] {
            label.font = .system(size: 18 * sy)
            label.textColor = theme.text
        }
        for view in [title, status, play, stop, eject, more, volume, volumeValue, brightness, brightnessValue,
                     wifi, wifiValue, bluetooth, bluetoothValue] as [View] {
            addSubview(view)
        }

        // Labels follow the controls live.
        volume.addTarget(self, action: ControlsScreen.showVolume, for: .valueChanged)
        brightness.addTarget(self, action: ControlsScreen.showBrightness, for: .valueChanged)
        wifi.addTarget(self, action: ControlsScreen.showWifi, for: .valueChanged)
        bluetooth.addTarget(self, action: ControlsScreen.showBluetooth, for: .valueChanged)
        play.addTarget(self, action: ControlsScreen.playPressed, for: .touchUpInside)
        stop.addTarget(self, action: ControlsScreen.stopPressed, for: .touchUpInside)
        showVolume(volume)
        showBrightness(brightness)
        showWifi(wifi)
        showBluetooth(bluetooth)

        if let log {
            for button in [play, stop, eject, more] { log.logActions(of: button) { _ in nil } }
            for slider in [volume, brightness] {
                log.logActions(of: slider) { control in (control as? Slider).map { $0.value } }
            }
            for toggle in [wifi, bluetooth] {
                log.logActions(of: toggle) { control in (control as? Switch).map { $0.isOn ? 1 : 0 } }
            }
        }
    }

    @usableFromInline func showVolume(_ sender: Control) { volumeValue.text = "Volume " + Self.percent(volume.value) }
    @usableFromInline func showBrightness(_ sender: Control) { brightnessValue.text = "Light " + Self.percent(brightness.value) }
    @usableFromInline func showWifi(_ sender: Control) { wifiValue.text = wifi.isOn ? "Wi-Fi on" : "Wi-Fi off" }
    @usableFromInline func showBluetooth(_ sender: Control) { bluetoothValue.text = bluetooth.isOn ? "Bluetooth on" : "Bluetooth off" }
    @usableFromInline func playPressed(_ sender: Control) {
        status.text = "Playing"
        play.isSelected = true
    }
    @usableFromInline func stopPressed(_ sender: Control) {
        status.text = "Stopped"
        play.isSelected = false
    }

    /// "62%": built from small strings, which Swift stores inline.
    @usableFromInline static func percent(_ value: Double) -> String {
        String(Int((value * 100).rounded())) + "%"
    }
}
