import CEvdev
import CLinux
import PanelKeys
import PanelUI

/// Whether a device has keys PanelKit turns into presses: a USB keyboard,
/// `gpio-keys` buttons beside the panel (`EV_KEY` with `KEY_*` codes), and
/// not a touch screen. Mice and touch pads (only `BTN_*` codes) are not.
/// The one place devices are told apart for key input: a device the board
/// file gives to something else (an encoder's push button) is left out by
/// `EvdevKeyConfiguration.ignoredDevices`, not here.
public func isKeyDevice(_ description: TouchDeviceDescription) -> Bool {
    if isDirectTouchScreen(description) { return false }
    for code in description.keys where (code >= 1 && code < 0x100) || (code >= 0x160 && code <= KeyCode.maximum) {
        return true
    }
    return false
}

/// Board settings for hardware keys.
public struct EvdevKeyConfiguration {
    /// The board's keymap (its `keyboard` section), compiled once; each device gets its own state over it.
    public var keymap: Keymap
    public var directory: String = "/dev/input"
    /// Devices (evdev names or paths) key input leaves alone: an encoder's push button the board file names.
    public var ignoredDevices: [String] = []
    /// Take each keyboard exclusively (`EVIOCGRAB`), so the console does not see the keys.
    public var grab = false
    public init(keymap: Keymap) { self.keymap = keymap }
}

/// One open keyboard or button device, read by the epoll loop.
public typealias EvdevKeyDevice = EvdevDevice<EvdevKeyInput>

extension EvdevDevice where Kind == EvdevKeyInput {
    /// The device's own XKB state over the board's keymap.
    public var translator: KeyTranslator { state }

    /// One event of the device's stream, through the translator (ups wait for their `SYN_REPORT`).
    public func process(type: UInt16, code: UInt16, value: Int32, into application: Application) {
        state.handle(type: type, code: code, value: value, into: application)
    }
}

/// Hardware keys through libevdev: every keyboard and button device in
/// `/dev/input` (`isKeyDevice(_:)`), hot-plugged like touch screens. Each
/// key event becomes a `Press` through the board's keymap, queued with
/// `Application.enqueue(_:)`. The kernel's autorepeat (`EV_REP`, at the
/// device's own delay and period) arrives as value 2 and becomes a repeat
/// press; there is no timer here. A keyboard unplugged with keys down
/// cancels them; after `SYN_DROPPED` the keys that changed are cancelled (up) or begun (down).
public final class EvdevKeyInput: EvdevInputKind {
    public let application: Application
    public let configuration: EvdevKeyConfiguration
    /// Press sources are numbered apart from touch sources, from here.
    public static let firstSource = 64
    /// The open keyboards, opened, read and closed as every evdev device is.
    public private(set) lazy var deviceSet = EvdevDeviceSet(
        kind: self, noun: "keyboard", firstSource: Self.firstSource, reportsUnreadable: false)
    public var devices: [EvdevKeyDevice] { deviceSet.devices }
    public var log: ((String) -> Void)? {
        get { deviceSet.log }
        set { deviceSet.log = newValue }
    }

    public init(application: Application, configuration: EvdevKeyConfiguration) {
        self.application = application
        self.configuration = configuration
        deviceSet.grab = configuration.grab
    }

    /// Opens the keyboards there are now; later ones come through `rescan(_:)`
    /// (the session's inotify watch on the directory).
    public func start(_ loop: EpollRunLoop) {
        rescan(loop)
    }

    /// Opens every key device in the directory not open yet.
    public func rescan(_ loop: EpollRunLoop) {
        for path in deviceSet.unopenedNodes(in: configuration.directory)
        where !configuration.ignoredDevices.contains(where: { sameBytes($0, path) }) {
            _ = try? deviceSet.open(path, loop: loop, required: false)
        }
    }

    public func adopt(_ candidate: inout EvdevCandidate, required: Bool) -> KeyTranslator? {
        let description = candidate.description
        guard isKeyDevice(description),
            !configuration.ignoredDevices.contains(where: { sameBytes($0, description.name) })
        else { return nil }
        return KeyTranslator(keymap: configuration.keymap, source: deviceSet.nextSource)
    }

    public func openedMessage(_ device: EvdevKeyDevice) -> String {
        var delay: Int32 = 0
        var period: Int32 = 0
        let repeats = libevdev_get_repeat(device.evdev, &delay, &period) == 0
        return "panel: keys \(device.path) (\(device.name))"
            + (repeats ? ", repeating after \(delay) ms every \(period) ms" : ", no autorepeat")
    }

    public func handle(_ event: input_event, from device: EvdevKeyDevice) {
        device.record(event)
        device.process(type: event.type, code: event.code, value: event.value, into: application)
    }

    /// libevdev now hands over the keys that changed while events were lost
    /// (`resync`, then `handle`): the translator cancels the ups and begins the downs.
    public func syncDropped(_ event: input_event, on device: EvdevKeyDevice) {
        handle(event, from: device)
    }

    public func resynced(_ device: EvdevKeyDevice) {
        log?("panel: SYN_DROPPED on \(device.path): key events were lost; the keys were resynced from the kernel")
    }

    /// Each key down is cancelled.
    public func vanished(_ device: EvdevKeyDevice) -> String {
        device.translator.cancelAll { application.enqueue($0) }
        return "panel: keys \(device.path) are gone; keys held on them were cancelled"
    }

    /// Closes every device.
    public func close(_ loop: EpollRunLoop) {
        deviceSet.close(loop)
    }
}
