import PanelLog
import PanelUI

/// The demo's first screen, the root of its navigation controller (whose bar
/// shows the title, "Living room", and the "settings" button): buttons (one
/// disabled, and "more", which opens About), two sliders and two switches,
/// with labels that show their values live, and Play/Stop that set the
/// status. Every control logs its actions as `action` lines.
/// (`assets/scenes/controls.json` has the same controls at fixed 800×480 frames, for replay.)
///
/// Laid out by stacks, for any screen: a column of rows (the status,
/// the switches, the sliders with their values above them, the buttons).
/// `layoutSubviews()` picks the arrangement for the shape of the screen:
/// side by side and spread evenly in landscape, one under the other with the
/// buttons at the bottom in portrait, and tighter margins and smaller text on
/// a small screen (smaller button titles on a narrow one).
public final class ControlsScreen: View {
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

    /// The column of rows, and the rows whose arrangement depends on the screen.
    public let content: StackView
    @usableFromInline let header: StackView
    @usableFromInline let switches: StackView
    @usableFromInline let sliders: StackView
    @usableFromInline let buttons: StackView
    /// Takes the free height in portrait, so the buttons sit at the bottom; hidden (taking nothing) in landscape.
    @usableFromInline let spacer: View

    public init(frame: Rect, log: ReplayLog?) {
        let theme = Theme.standard
        status = Label(name: "status", text: "Ready")
        status.textColor = theme.secondaryText

        play = Button(name: "play", title: "Play")
        stop = Button(name: "stop", title: "Stop")
        eject = Button(name: "eject", title: "Eject")
        eject.isEnabled = false
        more = Button(name: "more", title: "About")

        volume = Slider(name: "volume", value: 0.62)
        volumeValue = Label(name: "volumeValue", text: "")
        brightness = Slider(name: "brightness", value: 0.8)
        brightness.isContinuous = false
        brightnessValue = Label(name: "brightnessValue", text: "")

        wifi = Switch(name: "wifi", isOn: true)
        wifiValue = Label(name: "wifiValue", text: "")
        bluetooth = Switch(name: "bluetooth")
        bluetoothValue = Label(name: "bluetoothValue", text: "")
        for label in [volumeValue, brightnessValue, wifiValue, bluetoothValue] { label.textColor = theme.text }

        // Rows. A trailing label stretches to the end of its row (`fill`), so
        // its frame stays put while its text changes; a value label above its
        // slider is as wide as the slider for the same reason.
        // The title is the navigation bar's: the first row is the status alone.
        header = StackView(name: "header", arrangedSubviews: [status])
        header.alignment = .center
        func pair(_ toggle: Switch, _ label: Label, _ name: String) -> StackView {
            let row = StackView(name: name, arrangedSubviews: [toggle, label])
            row.alignment = .center
            row.spacing = 12
            return row
        }
        switches = StackView(
            name: "switches",
            arrangedSubviews: [
                pair(wifi, wifiValue, "wifiRow"),
                pair(bluetooth, bluetoothValue, "bluetoothRow")
            ])
        switches.distribution = .fillEqually
        func group(_ label: Label, _ slider: Slider, _ name: String) -> StackView {
            let column = StackView(name: name, arrangedSubviews: [label, slider])
            column.axis = .vertical
            return column
        }
        sliders = StackView(
            name: "sliders",
            arrangedSubviews: [
                group(volumeValue, volume, "volumeGroup"),
                group(brightnessValue, brightness, "brightnessGroup")
            ])
        sliders.distribution = .fillEqually
        buttons = StackView(name: "buttons", arrangedSubviews: [play, stop, eject, more])
        buttons.distribution = .fillEqually
        spacer = View(name: "spacer")
        content = StackView(
            frame: Rect(origin: .zero, size: frame.size), name: "content",
            arrangedSubviews: [header, switches, sliders, spacer, buttons])
        content.axis = .vertical
        content.isLayoutMarginsRelativeArrangement = true
        content.autoresizingMask = .flexibleSize

        super.init(frame: frame, name: "controls")
        backgroundColor = theme.background
        addSubview(content)

        // Labels follow the controls live.
        volume.addTarget(self, action: ControlsScreen.showVolume, for: .valueChanged)
        brightness.addTarget(self, action: ControlsScreen.showBrightness, for: .valueChanged)
        wifi.addTarget(self, action: ControlsScreen.showWifi, for: .valueChanged)
        bluetooth.addTarget(self, action: ControlsScreen.showBluetooth, for: .valueChanged)
        play.addTarget(self, action: ControlsScreen.playPressed, for: .touchUpInside)
        stop.addTarget(self, action: ControlsScreen.stopPressed, for: .touchUpInside)
        refreshValues()

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

    /// Whether a screen is small enough for the compact arrangement (a 480×272 panel).
    @usableFromInline static func isCompact(_ size: Size) -> Bool { size.height < 360 || size.width < 560 }

    /// Arranges the rows for the screen's shape and size; the stacks do the rest.
    public override func layoutSubviews() {
        let size = bounds.size
        let portrait = size.height > size.width
        let compact = Self.isCompact(size)
        // Under 210 points tall (stm32mp157f-dk2: 196 under the bar) the rows fill the height: no room between them.
        let short = size.height < 210
        let margin = compact ? 16.0 : 32.0
        content.layoutMargins = EdgeInsets(
            top: short ? 4 : compact ? 12 : 20, left: margin, bottom: short ? 8 : compact ? 16 : 32,
            right: margin)
        // Landscape: every row spread evenly down the screen. Portrait: rows
        // from the top, the spacer pushing the buttons to the bottom.
        content.distribution = portrait ? .fill : .equalSpacing
        content.spacing = portrait ? 40 : short ? 0 : 8
        if spacer.isHidden == portrait { spacer.isHidden = !portrait } // assigning the same value would redraw
        switches.axis = portrait ? .vertical : .horizontal
        switches.spacing = portrait ? 24 : 16
        sliders.axis = portrait ? .vertical : .horizontal
        sliders.spacing = portrait ? 32 : compact ? 24 : 40
        // Under 440 points across (stm32mp157f-dk2: 400×240 points at scale 2) four titles need a smaller face.
        let narrow = size.width < 440
        buttons.spacing = narrow ? 8 : compact ? 12 : 16
        let buttonFont = narrow ? Font.boldSystem(size: 15) : Theme.standard.buttonFont
        setTitleFont(play, buttonFont)
        setTitleFont(stop, buttonFont)
        setTitleFont(eject, buttonFont)
        setTitleFont(more, buttonFont)
        setFont(status, .system(size: compact ? 16 : 18))
        let valueFont = Font.system(size: compact ? 16 : 18)
        setFont(volumeValue, valueFont)
        setFont(brightnessValue, valueFont)
        setFont(wifiValue, valueFont)
        setFont(bluetoothValue, valueFont)
    }

    /// Assigns only a different font: the same one would redraw the label for nothing.
    @usableFromInline func setFont(_ label: Label, _ font: Font) {
        if label.font != font { label.font = font }
    }

    /// The same for a button's title.
    @usableFromInline func setTitleFont(_ button: Button, _ font: Font) {
        if button.titleFont != font { button.titleFont = font }
    }

    /// Shows the controls' values in their labels: after code (the settings screen) set them.
    public func refreshValues() {
        showVolume(volume)
        showBrightness(brightness)
        showWifi(wifi)
        showBluetooth(bluetooth)
    }

    @usableFromInline func showVolume(_ sender: Control) { volumeValue.text = "Volume " + Self.percent(volume.value) }
    @usableFromInline func showBrightness(_ sender: Control) {
        brightnessValue.text = "Light " + Self.percent(brightness.value)
    }
    @usableFromInline func showWifi(_ sender: Control) { wifiValue.text = wifi.isOn ? "Wi-Fi on" : "Wi-Fi off" }
    @usableFromInline func showBluetooth(_ sender: Control) {
        bluetoothValue.text = bluetooth.isOn ? "Bluetooth on" : "Bluetooth off"
    }
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
