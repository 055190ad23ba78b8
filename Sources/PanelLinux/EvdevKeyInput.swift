import CEvdev
import CLinux
import PanelKeys
import PanelUI

/// Whether a device has keys PanelKit turns into presses: a USB keyboard,
/// `gpio-keys` buttons beside the panel (`EV_KEY` with `KEY_*` codes), and
/// not a touch screen. Mice and touch pads (only `BTN_*` codes) are not.
/// The one place devices are told apart for key input: a device the board
/// file gives to something else (an encoder's push button) is left out by
/// ``EvdevKeyConfiguration/ignoredDevices``, not here.
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
public final class EvdevKeyDevice: EpollSource {
    public let path: String
    public let name: String
    public let fd: FileDescriptor
    public let translator: KeyTranslator
    @usableFromInline let device: OpaquePointer
    @usableFromInline var owner: EvdevKeyInput?
    /// Times libevdev reported `SYN_DROPPED` and the keys were re-synced from the kernel.
    public internal(set) var resyncCount = 0
    init(
        path: String, name: String, fd: FileDescriptor, device: OpaquePointer, translator: KeyTranslator,
        owner: EvdevKeyInput
    ) {
        self.path = path
        self.name = name
        self.fd = fd
        self.device = device
        self.translator = translator
        self.owner = owner
    }

    public var source: Int { translator.source }

    public func readReady(_ loop: EpollRunLoop) {
        guard let owner else { return }
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status = libevdev_next_event(device, flags, &event)
            if status == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue {
                    // SYN_DROPPED: libevdev now hands over the keys that changed while events were lost.
                    resyncCount += 1
                    flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                } else {
                    owner.resync(event, self)
                }
                continue
            }
            if status == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
                owner.handle(event, self)
                continue
            }
            if status == -clinux_eagain() && flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
                owner.log?(
                    "panel: SYN_DROPPED on \(path): key events were lost; the keys were resynced from the kernel")
                continue
            }
            if status != -clinux_eagain() { owner.deviceVanished(self, loop: loop) }
            return
        }
    }

    /// One event of the device's stream, through the translator (ups wait for their `SYN_REPORT`).
    public func process(type: UInt16, code: UInt16, value: Int32, into application: Application) {
        translator.handle(type: type, code: code, value: value, into: application)
    }

    @usableFromInline func close(_ loop: EpollRunLoop) {
        loop.remove(fd)
        libevdev_free(device)
        fd.close()
        owner = nil
    }
}

/// Hardware keys through libevdev: every keyboard and button device in
/// `/dev/input` (``isKeyDevice(_:)``), hot-plugged like touch screens. Each
/// key event becomes a ``Press`` through the board's keymap, queued with
/// ``Application/enqueue(_:)``. The kernel's autorepeat (`EV_REP`, at the
/// device's own delay and period) arrives as value 2 and becomes a repeat
/// press; there is no timer here. A keyboard unplugged with keys down
/// cancels them; after `SYN_DROPPED` the keys that changed are cancelled (up) or begun (down).
public final class EvdevKeyInput {
    public let application: Application
    public let configuration: EvdevKeyConfiguration
    public internal(set) var devices: [EvdevKeyDevice] = []
    /// Press sources are numbered apart from touch sources, from here.
    public static let firstSource = 64
    @usableFromInline var nextSource = EvdevKeyInput.firstSource
    public var log: ((String) -> Void)?

    public init(application: Application, configuration: EvdevKeyConfiguration) {
        self.application = application
        self.configuration = configuration
    }

    /// Opens the keyboards there are now; later ones come through ``rescan(_:)``
    /// (the session's inotify watch on the directory).
    public func start(_ loop: EpollRunLoop) {
        rescan(loop)
    }

    /// Opens every key device in the directory not open yet.
    public func rescan(_ loop: EpollRunLoop) {
        for path in eventNodePaths(in: configuration.directory)
        where !devices.contains(where: { $0.path == path }) && !configuration.ignoredDevices.contains(path) {
            open(path, loop: loop)
        }
    }

    /// Opens `path` if it is a key device; anything else is skipped quietly.
    public func open(_ path: String, loop: EpollRunLoop) {
        guard let fd = try? FileDescriptor.open(path, flags: clinux_o_rdonly_nonblock()) else { return }
        _ = clinux_eviocsclockid_monotonic(fd.rawValue)
        var device: OpaquePointer?
        guard libevdev_new_from_fd(fd.rawValue, &device) >= 0, let device else {
            fd.close()
            return
        }
        let description = touchDeviceDescription(evdev: device)
        guard isKeyDevice(description), !configuration.ignoredDevices.contains(description.name) else {
            libevdev_free(device)
            fd.close()
            return
        }
        if configuration.grab && clinux_eviocgrab(fd.rawValue, 1) != 0 {
            log?(
                "panel: \(path): cannot grab the keyboard exclusively (errno \(Errno.current.rawValue)); reading it shared"
            )
        }
        let keys = EvdevKeyDevice(
            path: path, name: description.name, fd: fd, device: device,
            translator: KeyTranslator(keymap: configuration.keymap, source: nextSource), owner: self)
        guard (try? loop.add(fd, source: keys)) != nil else {
            libevdev_free(device)
            fd.close()
            return
        }
        nextSource += 1
        devices.append(keys)
        var delay: Int32 = 0
        var period: Int32 = 0
        let repeats = libevdev_get_repeat(device, &delay, &period) == 0
        log?(
            "panel: keys \(path) (\(description.name))"
                + (repeats ? ", repeating after \(delay) ms every \(period) ms" : ", no autorepeat"))
    }

    /// One event read normally.
    @usableFromInline func handle(_ event: input_event, _ device: EvdevKeyDevice) {
        device.process(type: event.type, code: event.code, value: event.value, into: application)
    }

    /// One event of a resync after `SYN_DROPPED`: a key that went up while
    /// events were lost is cancelled (its up came at an unknown time); one that went down begins.
    @usableFromInline func resync(_ event: input_event, _ device: EvdevKeyDevice) {
        guard event.type == UInt16(EV_KEY) else { return }
        let press =
            event.value == 0
            ? device.translator.cancel(keyCode: event.code)
            : device.translator.press(keyCode: event.code, value: 1)
        if let press { application.enqueue(press) }
    }

    /// The keyboard was unplugged (ENODEV) or failed: each key down is cancelled, and it is closed.
    @usableFromInline func deviceVanished(_ device: EvdevKeyDevice, loop: EpollRunLoop) {
        device.translator.cancelAll { application.enqueue($0) }
        device.close(loop)
        devices.removeAll { $0 === device }
        log?("panel: keys \(device.path) are gone; keys held on them were cancelled")
    }

    /// Closes every device.
    public func close(_ loop: EpollRunLoop) {
        for device in devices { device.close(loop) }
        devices.removeAll()
    }
}
