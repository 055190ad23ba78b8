import CEvdev
import CLinux
import PanelUI

/// Builds PanelKit's description of an evdev device from libevdev: identity,
/// properties, keys and every absolute axis with its current value (incl. `ABS_MT_SLOT`).
public func touchDeviceDescription(evdev device: OpaquePointer) -> TouchDeviceDescription {
    var description = TouchDeviceDescription(name: libevdev_get_name(device).map { String(cString: $0) } ?? "")
    description.busType = UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device))
    description.vendor = UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device))
    description.product = UInt16(truncatingIfNeeded: libevdev_get_id_product(device))
    description.version = UInt16(truncatingIfNeeded: libevdev_get_id_version(device))
    var properties: UInt32 = 0
    for property in 0...UInt32(InputProperty.maximum) where libevdev_has_property(device, property) != 0 {
        properties |= 1 << property
    }
    description.properties = properties
    if libevdev_has_event_type(device, UInt32(EventType.key)) != 0 {
        for code in 0...UInt32(KeyCode.maximum) where libevdev_has_event_code(device, UInt32(EventType.key), code) != 0
        {
            description.keys.append(UInt16(code))
        }
    }
    for code in 0..<UInt32(AbsoluteAxis.count)
    where libevdev_has_event_code(device, UInt32(EventType.absolute), code) != 0 {
        guard let info = libevdev_get_abs_info(device, code)?.pointee else { continue }
        description.setAxis(
            UInt16(code),
            AbsoluteAxisInfo(
                value: info.value, minimum: info.minimum, maximum: info.maximum,
                fuzz: info.fuzz, flat: info.flat, resolution: info.resolution))
    }
    return description
}

/// Whether a description is a direct-touch screen: `INPUT_PROP_DIRECT` with
/// `ABS_MT_POSITION_X/Y`, or `ABS_X/Y` with `BTN_TOUCH`; or, where the board
/// wires the position to other axes (``TouchDeviceDescription/positionAxes``),
/// with those (and `BTN_TOUCH` when they are not multitouch axes).
public func isDirectTouchScreen(_ description: TouchDeviceDescription) -> Bool {
    guard description.hasProperty(InputProperty.direct) else { return false }
    if let wired = description.positionAxes {
        return description.axis(wired.x) != nil && description.axis(wired.y) != nil
            && (wired.isMultitouch || description.hasKey(KeyCode.touch))
    }
    if description.axis(AbsoluteAxis.multitouchPositionX) != nil
        && description.axis(AbsoluteAxis.multitouchPositionY) != nil
    {
        return true
    }
    return description.axis(AbsoluteAxis.x) != nil && description.axis(AbsoluteAxis.y) != nil
        && description.hasKey(KeyCode.touch)
}

/// Board settings for touch input.
public struct EvdevTouchConfiguration {
    /// A device path (`/dev/input/event3`) or name (`Goodix Capacitive TouchScreen`);
    /// `nil` discovers every direct-touch device in ``directory``. A device given by
    /// path and unplugged is picked up again at that path or, by its name, at another.
    public var devicePath: String?
    public var directory: String = "/dev/input"
    public var calibration: CalibrationMatrix = .identity
    public var rotation: TouchRotation = .none
    /// The absolute axes the position is wired to (the board's `touch.axes`);
    /// nil for the protocol's own. Every device opened is read through them.
    public var positionAxes: TouchPositionAxes?
    /// The board's jitter, debounce and pressure filters (after the transform).
    public var filters: TouchFilterSettings = .none
    /// Take the device exclusively (`EVIOCGRAB`), so the console does not see the touches.
    public var grab = false
    public init(devicePath: String? = nil) { self.devicePath = devicePath }
}

/// One open evdev touch device, read by the epoll loop.
public final class EvdevTouchDevice: EpollSource {
    public let path: String
    public let fd: FileDescriptor
    public let source: Int
    public let description: TouchDeviceDescription
    @usableFromInline let device: OpaquePointer
    /// Decoder, transform and filters: the path every input source shares.
    public let input: TouchInputPath
    public var decoder: TouchDecoder { input.decoder }
    @usableFromInline var owner: EvdevTouchInput?
    /// Times libevdev reported `SYN_DROPPED` and the state was re-synced from the kernel.
    public internal(set) var resyncCount = 0
    /// Events libevdev produced in the current (or last) resync: the
    /// differences between the state before the drop and the kernel's state.
    public internal(set) var resyncEvents = 0

    init(
        path: String, fd: FileDescriptor, device: OpaquePointer, description: TouchDeviceDescription, source: Int,
        input: TouchInputPath, owner: EvdevTouchInput
    ) {
        self.path = path
        self.fd = fd
        self.device = device
        self.description = description
        self.source = source
        self.input = input
        self.owner = owner
    }

    public func readReady(_ loop: EpollRunLoop) {
        guard let owner else { return }
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status = libevdev_next_event(device, flags, &event)
            if !handle(status: status, event: event, flags: &flags, owner: owner) {
                if status != -clinux_eagain() {
                    // ENODEV (unplugged) or another error: this device is gone.
                    owner.deviceVanished(self, loop: loop)
                }
                return
            }
        }
    }

    /// Handles one result of `libevdev_next_event`: feeds the decoder, and
    /// switches `flags` into and out of `LIBEVDEV_READ_FLAG_SYNC` around a
    /// `SYN_DROPPED`. Returns false when reading must stop (`-EAGAIN` in
    /// normal mode, or an error).
    @usableFromInline func handle(status: Int32, event: input_event, flags: inout UInt32, owner: EvdevTouchInput)
        -> Bool
    {
        if status == LIBEVDEV_READ_STATUS_SYNC.rawValue {
            if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue {
                // `event` is SYN_DROPPED: the decoder forgets the frame in
                // progress; the empty report ends the lost stretch, and the
                // sync events that follow (the kernel's current state, which
                // libevdev fetched) rebuild it, flagged resynchronized.
                resyncCount += 1
                resyncEvents = 0
                let time = Self.time(of: event)
                feed(
                    InputEvent(
                        time: time, type: EventType.synchronization, code: SynchronizationCode.dropped, value: 0), owner
                )
                feed(
                    InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0),
                    owner)
                flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
            } else {
                resyncEvents += 1
                feed(Self.inputEvent(event), owner)
            }
            return true
        }
        if status == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
            feed(Self.inputEvent(event), owner)
            return true
        }
        if status == -clinux_eagain() && flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
            flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue // sync done; read on
            owner.log?(
                "panel: SYN_DROPPED on \(path): events were lost (the client buffer overflowed); "
                    + "resynced from the kernel (\(resyncEvents) sync events)")
            return true
        }
        return false
    }

    @inlinable static func time(of event: input_event) -> Double {
        Double(event.time.tv_sec) + Double(event.time.tv_usec) * 1e-6
    }

    @inlinable static func inputEvent(_ event: input_event) -> InputEvent {
        InputEvent(time: time(of: event), type: event.type, code: event.code, value: event.value)
    }

    @usableFromInline func feed(_ event: InputEvent, _ owner: EvdevTouchInput) {
        guard input.decode(event) else { return }
        owner.application.enqueue(input.frame, source: source)
        owner.noteInput(at: input.frame.timestamp)
    }

    @usableFromInline func close(_ loop: EpollRunLoop) {
        loop.remove(fd)
        libevdev_free(device)
        fd.close()
        owner = nil
    }
}

/// Touch input through libevdev: the configured device, or every direct-touch
/// device in `/dev/input`; devices that vanish have their touches cancelled,
/// devices that appear (inotify) are picked up.
public final class EvdevTouchInput {
    public let application: Application
    public let configuration: EvdevTouchConfiguration
    public let screenSize: Size
    public internal(set) var devices: [EvdevTouchDevice] = []
    @usableFromInline var nextSource = 1
    /// The frame loop the session runs: told of each input event's time, so
    /// the frame that reflects it carries the oldest to the display (latency).
    public var frameDriver: FrameDriver?
    /// Messages about devices coming and going, for the caller to print.
    public var log: ((String) -> Void)?

    public init(application: Application, screenSize: Size, configuration: EvdevTouchConfiguration) {
        self.application = application
        self.screenSize = screenSize
        self.configuration = configuration
    }

    @usableFromInline func noteInput(at time: Double) {
        frameDriver?.noteInput(at: time)
    }

    /// Opens the configured device, or discovers the touch screens, and
    /// registers them with `loop`; watches the directory for hot-plug.
    /// Throws when a configured device cannot be used; discovery finding
    /// nothing is not an error (a device may be plugged in later).
    public func start(_ loop: EpollRunLoop) throws(PanelLinuxError) {
        if let path = configuration.devicePath, path.utf8.contains(UInt8(ascii: "/")) {
            try open(path, loop: loop, required: true)
            wantedName = devices.last?.description.name
        } else {
            wantedName = configuration.devicePath
            rescan(loop)
            if let wantedName, devices.isEmpty {
                log?("panel: no input device named '\(wantedName)' in \(configuration.directory) yet; waiting for it")
            }
        }
        do {
            try loop.watchInputDirectory(configuration.directory)
        } catch {
            log?("panel: cannot watch \(configuration.directory) for hot-plug (errno \(error.rawValue))")
        }
    }

    /// The configured device's name: given as the device, or read from the
    /// configured path at start. A re-plugged device with this name is taken
    /// even when its node has another number.
    public internal(set) var wantedName: String?

    /// Looks for devices not open yet: the configured device (at its path, or
    /// by its name at any path), or every direct-touch `event*` node.
    public func rescan(_ loop: EpollRunLoop) {
        if let path = configuration.devicePath, path.utf8.contains(UInt8(ascii: "/")) {
            if devices.isEmpty { try? open(path, loop: loop, required: false, name: wantedName) }
            if !devices.isEmpty { return }
            guard wantedName != nil else { return }
        }
        for path in eventNodePaths(in: configuration.directory) where !devices.contains(where: { $0.path == path }) {
            if configuration.devicePath != nil && !devices.isEmpty { return } // one configured device
            try? open(path, loop: loop, required: false, name: wantedName)
        }
    }

    /// Opens one device. `required`: the device was named, so not being a
    /// touch screen is an error; otherwise non-touch devices are skipped quietly.
    /// `name`, when given, must be the device's name (others are skipped).
    public func open(_ path: String, loop: EpollRunLoop, required: Bool, name: String? = nil) throws(PanelLinuxError) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, flags: clinux_o_rdonly_nonblock())
        } catch {
            let failure = PanelLinuxError.opening(path, what: "touch input device", group: "input", error)
            if required { throw failure }
            if error == .permissionDenied || error == .notPermitted { log?("panel: " + failure.message) }
            return
        }
        // Monotonic timestamps before libevdev reads anything (the kernel
        // stamps queued events with the clock chosen when they were queued).
        _ = clinux_eviocsclockid_monotonic(fd.rawValue)
        var device: OpaquePointer?
        let status = libevdev_new_from_fd(fd.rawValue, &device)
        guard status >= 0, let device else {
            fd.close()
            if required {
                throw PanelLinuxError(
                    "\(path): not an evdev input device (libevdev: errno \(-status))", errno: Errno(rawValue: -status))
            }
            return
        }
        var description = touchDeviceDescription(evdev: device)
        if let wired = configuration.positionAxes { description.positionAxes = wired }
        if let name, description.name != name, !required {
            libevdev_free(device)
            fd.close()
            return
        }
        guard isDirectTouchScreen(description) || ((required || name != nil) && description.touchProtocol != nil) else {
            libevdev_free(device)
            fd.close()
            if required {
                throw PanelLinuxError(
                    "\(path) (\(description.name)): not a touch screen: "
                        + (description.positionAxes == nil
                            ? "it reports neither ABS_MT_POSITION_X/Y nor ABS_X/Y with BTN_TOUCH"
                            : "it " + description.noTouchReason))
            }
            return
        }
        let input: TouchInputPath
        do {
            input = try TouchInputPath(
                device: description, screenSize: screenSize, calibration: configuration.calibration,
                rotation: configuration.rotation, filters: configuration.filters)
        } catch {
            libevdev_free(device)
            fd.close()
            if required { throw PanelLinuxError("\(path) (\(description.name)): \(error.message)") }
            return
        }
        // Fingers the decoder has to leave out, and position axes that never
        // move, are said once, with the app's other warnings.
        input.decoder.warnings = application.warnings
        if configuration.grab && clinux_eviocgrab(fd.rawValue, 1) != 0 {
            log?(
                "panel: \(path): cannot grab the device exclusively (errno \(Errno.current.rawValue)); reading it shared"
            )
        }
        let touch = EvdevTouchDevice(
            path: path, fd: fd, device: device, description: description, source: nextSource,
            input: input, owner: self)
        nextSource += 1
        do {
            try loop.add(fd, source: touch)
        } catch {
            libevdev_free(device)
            fd.close()
            if required {
                throw PanelLinuxError("\(path): cannot watch the device (errno \(error.rawValue))", errno: error)
            }
            return
        }
        devices.append(touch)
        log?("panel: touch input \(path) (\(description.name))")
    }

    /// The device was unplugged (ENODEV) or failed: its touches end as cancelled, and it is closed.
    @usableFromInline func deviceVanished(_ device: EvdevTouchDevice, loop: EpollRunLoop) {
        // Frames read before the error go first, or they would start touches
        // after the cancel and leave them stuck.
        application.runTurn()
        application.cancelTouches(source: device.source)
        device.close(loop)
        devices.removeAll { $0 === device }
        log?("panel: touch input \(device.path) is gone; its touches were cancelled")
    }

    /// Closes every device (ungrabbing them).
    public func close(_ loop: EpollRunLoop) {
        for device in devices { device.close(loop) }
        devices.removeAll()
    }
}
