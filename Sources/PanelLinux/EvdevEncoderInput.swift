import CEvdev
import CLinux
import PanelUI

/// Board settings for a rotary encoder and its push button (the board
/// file's `encoder`; docs/focus.md).
public struct EvdevEncoderConfiguration {
    /// The device reporting the turns: a path (`/dev/input/event2`) or an evdev name (`rotary@0`).
    public var device: String
    /// The relative axis the turns come on (`REL_X`, the rotary-encoder driver's default).
    public var axis: UInt16 = RelativeAxis.x
    /// Counts of the axis per detent.
    public var stepsPerDetent = 1
    /// Counts go down clockwise.
    public var reversed = false
    /// The push button's device, as ``device``; nil: the encoder's own device.
    public var buttonDevice: String?
    /// The push button's key code; nil: no push button.
    public var buttonKey: UInt16?
    public var directory = "/dev/input"

    public init(device: String) { self.device = device }

    /// The one place that says which input devices the encoder takes (by
    /// path or evdev name): other evdev readers (keyboards, key devices)
    /// leave a claimed device alone.
    public func claims(path: String, name: String) -> Bool {
        Self.matches(device, path: path, name: name)
            || (buttonKey != nil && buttonDevice.map { Self.matches($0, path: path, name: name) } == true)
    }

    /// Whether `selector` (a path or a name) names the device at `path` called `name`.
    public static func matches(_ selector: String, path: String, name: String) -> Bool {
        isPath(selector) ? selector == path : selector == name
    }

    @usableFromInline static func isPath(_ selector: String) -> Bool { selector.utf8.contains(UInt8(ascii: "/")) }

    /// The button's device selector: its own, or the encoder's.
    @usableFromInline var buttonSelector: String { buttonDevice ?? device }
}

/// One open evdev device of the encoder: it reports the turns, the push, or both.
public final class EvdevEncoderDevice: EpollSource {
    public let path: String
    public let name: String
    public let source: Int
    public let reportsTurns: Bool
    public let reportsPush: Bool
    @usableFromInline let fd: FileDescriptor
    @usableFromInline let device: OpaquePointer
    /// Cleared by `close`, which breaks the cycle (as ``EvdevTouchDevice``'s owner).
    @usableFromInline var owner: EvdevEncoderInput?
    /// Axis counts not yet a whole detent.
    @usableFromInline var counts = 0
    /// Whether the push button is down (a push began and has not ended).
    public internal(set) var isPushed = false
    /// The push's change in the frame being read, sent at its report.
    @usableFromInline var pendingPush: Press.Phase?
    @usableFromInline var syncing = false

    init(
        path: String, name: String, fd: FileDescriptor, device: OpaquePointer, source: Int, reportsTurns: Bool,
        reportsPush: Bool, owner: EvdevEncoderInput
    ) {
        self.path = path
        self.name = name
        self.fd = fd
        self.device = device
        self.source = source
        self.reportsTurns = reportsTurns
        self.reportsPush = reportsPush
        self.owner = owner
    }

    public func readReady(_ loop: EpollRunLoop) {
        guard let owner else { return }
        var event = input_event()
        while true {
            let flags = syncing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
            let status = libevdev_next_event(device, flags, &event)
            if status == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                // SYN_DROPPED (then the kernel's state): counts in the gap are
                // lost; a push whose release was lost ends cancelled, below.
                if !syncing {
                    syncing = true
                    counts = 0
                } else {
                    handle(event, owner: owner)
                }
                continue
            }
            if status == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
                handle(event, owner: owner)
                continue
            }
            if status == -clinux_eagain() && syncing {
                syncing = false
                continue
            }
            if status != -clinux_eagain() { owner.deviceVanished(self, loop: loop) }
            return
        }
    }

    /// One kernel event: axis counts add up to detents, and the button's key
    /// starts or ends a push, each sent at the report that ends the frame. A
    /// release in the frame the kernel makes when the device goes away
    /// (`SYN_REPORT` value 1, after it released the held keys) or in a resync
    /// was never pressed up: the push ends cancelled.
    @usableFromInline func handle(_ event: input_event, owner: EvdevEncoderInput) {
        let configuration = owner.configuration
        if event.type == EventType.relative && reportsTurns && event.code == configuration.axis {
            counts += Int(event.value) * (configuration.reversed ? -1 : 1)
        } else if event.type == EventType.key && reportsPush && event.code == configuration.buttonKey {
            if event.value == 1 && !isPushed {
                isPushed = true
                pendingPush = .began
            } else if event.value == 0 && isPushed {
                isPushed = false
                pendingPush = pendingPush == .began ? nil : .ended // pressed and released in one frame: nothing
            }
        } else if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
            let time = EvdevTouchDevice.time(of: event)
            let steps = configuration.stepsPerDetent
            let detents = counts / steps // toward zero: a part-turned detent waits
            if detents != 0 {
                counts -= detents * steps
                owner.send(.turn(detents), from: self, time: time)
            }
            if let phase = pendingPush {
                pendingPush = nil
                let released = event.value == 1 || syncing
                owner.send(.push(phase == .ended && released ? .cancelled : phase), from: self, time: time)
            }
        }
    }

    @usableFromInline func close(_ loop: EpollRunLoop) {
        loop.remove(fd)
        libevdev_free(device)
        fd.close()
        owner = nil
    }
}

/// A rotary encoder and its push button through libevdev: the devices the
/// board names, opened at start and again when they are plugged in
/// (hot-plug through the loop's inotify watch). Turns and pushes go into the
/// application's input queue (``Application/enqueue(_:source:)``) for its
/// ``FocusSystem``; a device unplugged mid-push ends the push cancelled.
public final class EvdevEncoderInput {
    public let application: Application
    public let configuration: EvdevEncoderConfiguration
    public internal(set) var devices: [EvdevEncoderDevice] = []
    /// Messages about the devices, for the caller to print.
    public var log: ((String) -> Void)?
    /// Told the time of each event, for the latency figures (the touch input's).
    public var inputTimes: EvdevTouchInput?
    @usableFromInline var nextSource = 64

    public init(application: Application, configuration: EvdevEncoderConfiguration) {
        self.application = application
        self.configuration = configuration
    }

    /// Whether a device reporting the turns is open.
    public var hasTurns: Bool { devices.contains { $0.reportsTurns } }
    /// Whether a device reporting the push is open (or none is wanted).
    public var hasPush: Bool { configuration.buttonKey == nil || devices.contains { $0.reportsPush } }

    /// Opens the devices there are now; says which are still awaited.
    public func start(_ loop: EpollRunLoop) {
        rescan(loop)
        if !hasTurns {
            let withButton = !hasPush && configuration.buttonSelector == configuration.device
            log?(
                "panel: no rotary encoder " + (withButton ? "with its push button " : "") + "'" + configuration.device
                    + "' in "
                    + configuration.directory + " yet; waiting for it")
        }
        if !hasPush && (hasTurns || configuration.buttonSelector != configuration.device) {
            log?(
                "panel: no encoder push button '" + configuration.buttonSelector + "' in " + configuration.directory
                    + " yet; waiting for it")
        }
    }

    /// Looks for the devices not open yet.
    public func rescan(_ loop: EpollRunLoop) {
        if hasTurns && hasPush { return }
        var paths: [String] = []
        for selector in [configuration.device, configuration.buttonSelector]
        where EvdevEncoderConfiguration.isPath(selector) {
            paths.append(selector)
        }
        paths += eventNodePaths(in: configuration.directory)
        for path in paths where !devices.contains(where: { $0.path == path }) {
            if hasTurns && hasPush { return }
            open(path, loop: loop)
        }
    }

    /// Opens `path` if it is a device the encoder wants and not open yet.
    @usableFromInline func open(_ path: String, loop: EpollRunLoop) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, flags: clinux_o_rdonly_nonblock())
        } catch {
            if error == .permissionDenied || error == .notPermitted {
                log?("panel: " + PanelLinuxError.opening(path, what: "input device", group: "input", error).message)
            }
            return
        }
        _ = clinux_eviocsclockid_monotonic(fd.rawValue)
        var opened: OpaquePointer?
        guard libevdev_new_from_fd(fd.rawValue, &opened) >= 0, let device = opened else {
            fd.close()
            return
        }
        let name = libevdev_get_name(device).map { String(cString: $0) } ?? ""
        let wantsTurns = !hasTurns && EvdevEncoderConfiguration.matches(configuration.device, path: path, name: name)
        let wantsPush =
            !hasPush && EvdevEncoderConfiguration.matches(configuration.buttonSelector, path: path, name: name)
        var turns = false
        var push = false
        if wantsTurns {
            turns = libevdev_has_event_code(device, UInt32(EventType.relative), UInt32(configuration.axis)) != 0
            if !turns {
                log?(
                    "panel: " + path + " (" + name + "): the encoder reports no " + axisName(configuration.axis)
                        + "; set encoder.axis in the board file to the axis it reports (evtest lists them)")
            }
        }
        if wantsPush, let key = configuration.buttonKey {
            push = libevdev_has_event_code(device, UInt32(EventType.key), UInt32(key)) != 0
            if !push {
                log?(
                    "panel: " + path + " (" + name + "): the device reports no key " + String(key)
                        + "; set encoder.button.key in the board file to the key it reports")
            }
        }
        guard turns || push else {
            libevdev_free(device)
            fd.close()
            return
        }
        let encoder = EvdevEncoderDevice(
            path: path, name: name, fd: fd, device: device, source: nextSource,
            reportsTurns: turns, reportsPush: push, owner: self)
        nextSource += 1
        do {
            try loop.add(fd, source: encoder)
        } catch {
            libevdev_free(device)
            fd.close()
            log?("panel: " + path + ": cannot watch the device (errno " + String(error.rawValue) + ")")
            return
        }
        devices.append(encoder)
        log?(
            "panel: "
                + (turns && push
                    ? "rotary encoder and push button " : turns ? "rotary encoder " : "encoder push button ")
                + path + " (" + name + ")")
    }

    @usableFromInline func axisName(_ code: UInt16) -> String {
        for i in 0..<RelativeAxis.encoderAxes.count where RelativeAxis.encoderAxes[i].code == code {
            return RelativeAxis.encoderAxes[i].name
        }
        return "REL " + String(code)
    }

    @usableFromInline func send(_ event: EncoderEvent, from device: EvdevEncoderDevice, time: Double) {
        application.enqueue(event, source: device.source)
        inputTimes?.noteInput(at: time)
    }

    /// Unplugged (ENODEV) or failed: a push in progress ends cancelled, and the device is closed.
    @usableFromInline func deviceVanished(_ device: EvdevEncoderDevice, loop: EpollRunLoop) {
        let wasPushed = device.isPushed
        if wasPushed {
            device.isPushed = false
            application.enqueue(.push(.cancelled), source: device.source)
        }
        device.close(loop)
        devices.removeAll { $0 === device }
        log?(
            "panel: encoder input " + device.path + " is gone"
                + (wasPushed ? "; the push in progress was cancelled" : ""))
    }

    /// Closes every device.
    public func close(_ loop: EpollRunLoop) {
        for device in devices { device.close(loop) }
        devices.removeAll()
    }
}
