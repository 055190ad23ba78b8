import CEvdev
import CLinux
import PanelUI

/// What one kind of evdev input (touch screens, keys, a rotary encoder) does
/// with its devices. Everything else is written once, in `EvdevDeviceSet`
/// and `EvdevDevice`: opening a node and reading it through libevdev,
/// `SYN_DROPPED`, hot-plug, a device that vanishes, closing; as LVGL's
/// `lv_evdev` serves pointer, keypad and encoder with one discovery path.
public protocol EvdevInputKind: AnyObject {
    /// What each open device carries for this kind: its touch path, its key
    /// translator, its detent count.
    associatedtype DeviceState

    /// The device at `candidate.path`, opened: its state when this kind takes
    /// it, nil to leave it (not a touch screen, not a keyboard, not the
    /// board's encoder). `required`: the device was named by path, so a
    /// refusal is an error saying why. The kind may complete the description
    /// (the board's position axes), which the device then keeps.
    func adopt(_ candidate: inout EvdevCandidate, required: Bool) throws(PanelLinuxError) -> DeviceState?
    /// Said once the device is open and watched: `panel: touch input PATH (NAME)`.
    func openedMessage(_ device: EvdevDevice<Self>) -> String
    /// One event read normally.
    func handle(_ event: input_event, from device: EvdevDevice<Self>)
    /// `SYN_DROPPED`: events were lost. `resync(_:from:)` follows with each
    /// event of the kernel's state, then `resynced(_:)`.
    func syncDropped(_ event: input_event, on device: EvdevDevice<Self>)
    func resync(_ event: input_event, from device: EvdevDevice<Self>)
    func resynced(_ device: EvdevDevice<Self>)
    /// The device is gone (unplugged or failed) and about to close: end what
    /// it began (touches, keys held, a push), so nothing stays stuck. Returns
    /// the log line.
    func vanished(_ device: EvdevDevice<Self>) -> String
}

extension EvdevInputKind {
    public func resync(_ event: input_event, from device: EvdevDevice<Self>) { handle(event, from: device) }
    public func resynced(_ device: EvdevDevice<Self>) {}
}

extension InputEvent {
    /// The kernel's event, its timestamp in seconds (CLOCK_MONOTONIC: the set asks for it before reading).
    @inlinable public init(_ event: input_event) {
        self.init(
            time: Double(event.time.tv_sec) + Double(event.time.tv_usec) * 1e-6, type: event.type, code: event.code,
            value: event.value)
    }
}

/// A node opened through libevdev, before a kind has said whether it takes it.
public struct EvdevCandidate {
    public let path: String
    /// Identity, properties, keys and absolute axes, as `touchDeviceDescription(evdev:)` reads them.
    public var description: TouchDeviceDescription
    /// The libevdev device, for what the description does not hold (relative axes, repeat).
    public let evdev: OpaquePointer
}

/// One open evdev device of some kind, read by the epoll loop.
public final class EvdevDevice<Kind: EvdevInputKind>: EpollSource {
    public let path: String
    public let description: TouchDeviceDescription
    public var name: String { description.name }
    /// The input source number its touches, presses or encoder events carry.
    public let source: Int
    public internal(set) var state: Kind.DeviceState
    @usableFromInline let fd: FileDescriptor
    @usableFromInline let evdev: OpaquePointer
    /// Cleared by `close(_:)`, which breaks the set → device → set cycle.
    @usableFromInline var set: EvdevDeviceSet<Kind>?
    /// Retained while the device is open, so the kind (which holds the set
    /// unretained) lives as long as the epoll loop can call this device.
    @usableFromInline var kind: Kind?
    /// Times libevdev reported `SYN_DROPPED` and the device was re-synced from the kernel.
    public internal(set) var resyncCount = 0
    /// The device's index in the flight recorder (`clinux_flight_add_device`), -1: not recorded.
    public internal(set) var flightRecorderIndex: Int32 = -1

    init(
        path: String, description: TouchDeviceDescription, source: Int, state: Kind.DeviceState,
        fd: FileDescriptor, evdev: OpaquePointer, set: EvdevDeviceSet<Kind>
    ) {
        self.path = path
        self.description = description
        self.source = source
        self.state = state
        self.fd = fd
        self.evdev = evdev
        self.set = set
        self.kind = set.kind
    }

    public func readReady(_ loop: EpollRunLoop) {
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status = libevdev_next_event(evdev, flags, &event)
            if !handle(status: status, event: event, flags: &flags) {
                // ENODEV (unplugged) or another error: this device is gone.
                if status != -clinux_eagain() { set?.deviceVanished(self, loop: loop) }
                return
            }
        }
    }

    /// One result of `libevdev_next_event`, to the kind: switches `flags`
    /// into and out of `LIBEVDEV_READ_FLAG_SYNC` around a `SYN_DROPPED`.
    /// Returns false when reading must stop (`-EAGAIN` in normal mode, or an error).
    @usableFromInline func handle(status: Int32, event: input_event, flags: inout UInt32) -> Bool {
        guard let kind else { return false }
        if status == LIBEVDEV_READ_STATUS_SYNC.rawValue {
            if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue {
                resyncCount += 1
                kind.syncDropped(event, on: self)
                flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
            } else {
                kind.resync(event, from: self)
            }
            return true
        }
        if status == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
            kind.handle(event, from: self)
            return true
        }
        if status == -clinux_eagain() && flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
            flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue // the resync is done; read on
            kind.resynced(self)
            return true
        }
        return false
    }

    /// Puts `event` in the flight recorder's ring, when the device is recorded (no allocation).
    @inlinable public func record(_ event: InputEvent) {
        clinux_flight_record(flightRecorderIndex, event.time, event.type, event.code, event.value)
    }

    /// Puts the kernel's `event` in the flight recorder's ring, when the device is recorded.
    @inlinable public func record(_ event: input_event) {
        if flightRecorderIndex >= 0 { record(InputEvent(event)) }
    }

    @usableFromInline func close(_ loop: EpollRunLoop) {
        loop.remove(fd)
        libevdev_free(evdev)
        fd.close()
        set = nil
        kind = nil
    }
}

/// The open devices of one kind, and the one way they are opened, watched,
/// lost and closed.
public final class EvdevDeviceSet<Kind: EvdevInputKind> {
    /// The kind that owns this set. Unretained (the kind holds the set); each
    /// open device retains it, so it outlives every device that can call it.
    @usableFromInline unowned(unsafe) let kind: Kind
    public internal(set) var devices: [EvdevDevice<Kind>] = []
    /// Take each device exclusively (`EVIOCGRAB`), so the console does not see its events.
    public var grab = false
    /// What the log calls a device of this kind when it cannot be read or grabbed.
    let noun: String
    /// Whether a node this kind cannot open for want of permission is said
    /// (one kind says it, so that a missing `input` group is said once).
    let reportsUnreadable: Bool
    @usableFromInline var nextSource: Int
    public var log: ((String) -> Void)?
    /// Offered each device as it opens: returns its flight recorder index, or
    /// -1 to leave it out of the recordings (`recordInFlight(_:)`).
    var flightRecorderDeviceOpened: ((EvdevDevice<Kind>) -> Int32)?

    /// Offers `offer` every device open now, then each as it opens: it returns the
    /// device's flight recorder index (`clinux_flight_add_device`), or -1 to leave it out.
    public func recordInFlight(_ offer: @escaping (EvdevDevice<Kind>) -> Int32) {
        flightRecorderDeviceOpened = offer
        for device in devices { device.flightRecorderIndex = offer(device) }
    }

    init(kind: Kind, noun: String, firstSource: Int, reportsUnreadable: Bool) {
        self.kind = kind
        self.noun = noun
        self.nextSource = firstSource
        self.reportsUnreadable = reportsUnreadable
    }

    public func isOpen(_ path: String) -> Bool { devices.contains { sameBytes($0.path, path) } }

    /// Opens `path` and gives it to the kind. `required`: the device was
    /// named, so failing to open it, or the kind refusing it, is an error;
    /// otherwise a node that is not the kind's is closed quietly.
    @discardableResult
    public func open(_ path: String, loop: EpollRunLoop, required: Bool) throws(PanelLinuxError) -> EvdevDevice<Kind>? {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, flags: clinux_o_rdonly_nonblock())
        } catch {
            let failure = PanelLinuxError.opening(path, what: noun + " device", group: "input", error)
            if required { throw failure }
            if reportsUnreadable && (error == .permissionDenied || error == .notPermitted) {
                log?("panel: " + failure.message)
            }
            return nil
        }
        // Monotonic timestamps before libevdev reads anything (the kernel
        // stamps queued events with the clock chosen when they were queued).
        _ = clinux_eviocsclockid_monotonic(fd.rawValue)
        var opened: OpaquePointer?
        let status = libevdev_new_from_fd(fd.rawValue, &opened)
        guard status >= 0, let evdev = opened else {
            fd.close()
            if required {
                throw PanelLinuxError(
                    "\(path): not an evdev input device (libevdev: errno \(-status))", errno: Errno(rawValue: -status))
            }
            return nil
        }
        var candidate = EvdevCandidate(path: path, description: touchDeviceDescription(evdev: evdev), evdev: evdev)
        let state: Kind.DeviceState?
        do {
            state = try kind.adopt(&candidate, required: required)
        } catch {
            libevdev_free(evdev)
            fd.close()
            throw error
        }
        guard let state else {
            libevdev_free(evdev)
            fd.close()
            return nil
        }
        if grab && clinux_eviocgrab(fd.rawValue, 1) != 0 {
            log?(
                "panel: \(path): cannot grab the \(noun) device exclusively (errno \(Errno.current.rawValue)); reading it shared"
            )
        }
        let device = EvdevDevice(
            path: path, description: candidate.description, source: nextSource, state: state, fd: fd, evdev: evdev,
            set: self)
        do {
            try loop.add(fd, source: device)
        } catch {
            libevdev_free(evdev)
            fd.close()
            let failure = PanelLinuxError("\(path): cannot watch the device (errno \(error.rawValue))", errno: error)
            if required { throw failure }
            log?("panel: " + failure.message)
            return nil
        }
        nextSource += 1
        devices.append(device)
        if let flightRecorderDeviceOpened { device.flightRecorderIndex = flightRecorderDeviceOpened(device) }
        log?(kind.openedMessage(device))
        return device
    }

    /// Every `event*` node in `directory` not open yet, in order.
    public func unopenedNodes(in directory: String) -> [String] {
        var paths: [String] = []
        for path in eventNodePaths(in: directory) where !isOpen(path) { paths.append(path) }
        return paths
    }

    /// The device was unplugged (ENODEV) or failed: the kind ends what it began, then it is closed.
    public func deviceVanished(_ device: EvdevDevice<Kind>, loop: EpollRunLoop) {
        let message = kind.vanished(device)
        device.close(loop)
        devices.removeAll { $0 === device }
        log?(message)
    }

    /// Closes every device (ungrabbing them).
    public func close(_ loop: EpollRunLoop) {
        for device in devices { device.close(loop) }
        devices.removeAll()
    }
}
