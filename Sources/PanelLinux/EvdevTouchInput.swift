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
/// wires the position to other axes (`TouchDeviceDescription.positionAxes`),
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
    /// `nil` discovers every direct-touch device in `directory`. A device given by
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
public typealias EvdevTouchDevice = EvdevDevice<EvdevTouchInput>

/// What a touch device carries: the path its events take, and the resync count.
public final class EvdevTouchState {
    /// Decoder, transform and filters: the path every input source shares.
    public let input: TouchInputPath
    /// Events libevdev produced in the current (or last) resync: the
    /// differences between the state before the drop and the kernel's state.
    public internal(set) var resyncEvents = 0

    init(input: TouchInputPath) { self.input = input }
}

extension EvdevDevice where Kind == EvdevTouchInput {
    public var input: TouchInputPath { state.input }
    package var decoder: TouchDecoder { state.input.decoder }
    public var resyncEvents: Int { state.resyncEvents }
}

/// Touch input through libevdev: the configured device, or every direct-touch
/// device in `/dev/input`; devices that vanish have their touches cancelled,
/// devices that appear (inotify) are picked up.
public final class EvdevTouchInput: EvdevInputKind {
    public let application: Application
    public let configuration: EvdevTouchConfiguration
    public let screenSize: Size
    /// The open touch screens, opened, read and closed as every evdev device is.
    public private(set) lazy var deviceSet = EvdevDeviceSet(
        kind: self, noun: "touch input", firstSource: 1, reportsUnreadable: true)
    public var devices: [EvdevTouchDevice] { deviceSet.devices }
    /// The frame loop the session runs: told of each input event's time, so
    /// the frame that reflects it carries the oldest to the display (latency).
    public var frameDriver: FrameDriver?
    /// Messages about devices coming and going, for the caller to print.
    public var log: ((String) -> Void)? {
        get { deviceSet.log }
        set { deviceSet.log = newValue }
    }

    public init(application: Application, screenSize: Size, configuration: EvdevTouchConfiguration) {
        self.application = application
        self.screenSize = screenSize
        self.configuration = configuration
        deviceSet.grab = configuration.grab
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
    /// While `open(_:loop:required:name:)` runs: the name a device must have.
    @usableFromInline var nameToOpen: String?

    /// Looks for devices not open yet: the configured device (at its path, or
    /// by its name at any path), or every direct-touch `event*` node.
    public func rescan(_ loop: EpollRunLoop) {
        if let path = configuration.devicePath, path.utf8.contains(UInt8(ascii: "/")) {
            if devices.isEmpty { try? open(path, loop: loop, required: false, name: wantedName) }
            if !devices.isEmpty { return }
            guard wantedName != nil else { return }
        }
        for path in deviceSet.unopenedNodes(in: configuration.directory)
        where mayBeTouchScreen(path, directory: configuration.directory) {
            if configuration.devicePath != nil && !devices.isEmpty { return } // one configured device
            try? open(path, loop: loop, required: false, name: wantedName)
        }
    }

    /// Opens one device. `required`: the device was named, so not being a
    /// touch screen is an error; otherwise non-touch devices are skipped quietly.
    /// `name`, when given, must be the device's name (others are skipped).
    public func open(_ path: String, loop: EpollRunLoop, required: Bool, name: String? = nil) throws(PanelLinuxError) {
        nameToOpen = name
        defer { nameToOpen = nil }
        try deviceSet.open(path, loop: loop, required: required)
    }

    public func adopt(_ candidate: inout EvdevCandidate, required: Bool) throws(PanelLinuxError) -> EvdevTouchState? {
        let path = candidate.path
        if let wired = configuration.positionAxes { candidate.description.positionAxes = wired }
        let description = candidate.description
        if let name = nameToOpen, !sameBytes(description.name, name), !required { return nil }
        guard isDirectTouchScreen(description) || ((required || nameToOpen != nil) && description.touchProtocol != nil)
        else {
            if required {
                throw PanelLinuxError(
                    "\(path) (\(description.name)): not a touch screen: "
                        + (description.positionAxes == nil
                            ? "it reports neither ABS_MT_POSITION_X/Y nor ABS_X/Y with BTN_TOUCH"
                            : "it " + description.noTouchReason))
            }
            return nil
        }
        let input: TouchInputPath
        do {
            input = try TouchInputPath(
                device: description, screenSize: screenSize, calibration: configuration.calibration,
                rotation: configuration.rotation, filters: configuration.filters)
        } catch {
            if required { throw PanelLinuxError("\(path) (\(description.name)): \(error.message)") }
            return nil
        }
        // Fingers the decoder has to leave out, and position axes that never
        // move, are said once, with the app's other warnings.
        input.decoder.warnings = application.warnings
        return EvdevTouchState(input: input)
    }

    public func openedMessage(_ device: EvdevTouchDevice) -> String {
        "panel: touch input \(device.path) (\(device.name))"
    }

    public func handle(_ event: input_event, from device: EvdevTouchDevice) {
        feed(InputEvent(event), device)
    }

    /// `event` is SYN_DROPPED: the decoder forgets the frame in progress; the
    /// empty report ends the lost stretch, and the sync events that follow
    /// (the kernel's current state, which libevdev fetched) rebuild it,
    /// flagged resynchronized.
    public func syncDropped(_ event: input_event, on device: EvdevTouchDevice) {
        device.state.resyncEvents = 0
        let time = InputEvent(event).time
        feed(
            InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.dropped, value: 0),
            device)
        feed(
            InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0), device)
    }

    public func resync(_ event: input_event, from device: EvdevTouchDevice) {
        device.state.resyncEvents += 1
        feed(InputEvent(event), device)
    }

    public func resynced(_ device: EvdevTouchDevice) {
        log?(
            "panel: SYN_DROPPED on \(device.path): events were lost (the client buffer overflowed); "
                + "resynced from the kernel (\(device.resyncEvents) sync events)")
    }

    @usableFromInline func feed(_ event: InputEvent, _ device: EvdevTouchDevice) {
        // What the decoder reads is what a replay of the recording reads (a SYN_DROPPED's stand-ins included).
        device.record(event)
        let input = device.state.input
        guard input.decode(event) else { return }
        application.enqueue(input.frame, source: device.source)
        noteInput(at: input.frame.timestamp)
    }

    /// Its touches end as cancelled. Frames read before the error go first,
    /// or they would start touches after the cancel and leave them stuck.
    public func vanished(_ device: EvdevTouchDevice) -> String {
        application.runTurn()
        application.cancelTouches(source: device.source)
        return "panel: touch input \(device.path) is gone; its touches were cancelled"
    }

    /// Closes every device (ungrabbing them).
    public func close(_ loop: EpollRunLoop) {
        deviceSet.close(loop)
    }
}

/// Whether the evdev node at `path` may be a touch screen, as sysfs says
/// without opening it: a touch screen has absolute axes, so a node whose
/// device has none (a keyboard, a mouse, a power button) is left closed.
/// Opening one is not free: libevdev reads all its capabilities, and a PS/2
/// mouse is switched on over the i8042 (on the x86_64 VM, about 90 ms of the
/// start-up before the first frame). True when sysfs cannot say (no /sys, a
/// directory other than /dev/input), so the node is opened and asked.
func mayBeTouchScreen(_ path: String, directory: String) -> Bool {
    guard sameBytes(directory, "/dev/input") else { return true }
    var node: [UInt8] = []
    for byte in path.utf8 {
        if byte == UInt8(ascii: "/") { node.removeAll() } else { node.append(byte) }
    }
    let fd = clinux_open(
        "/sys/class/input/" + String(decoding: node, as: UTF8.self) + "/device/capabilities/abs", clinux_o_rdonly(),
        0)
    guard fd >= 0 else { return true }
    defer { _ = close(fd) }
    var buffer = InlineArray<256, UInt8>(repeating: 0)
    var span = buffer.mutableSpan
    let count = span.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return true }
    // The axes' bitmask in hexadecimal words: only "0" when the device has no absolute axis.
    for index in 0..<count {
        let byte = buffer[index]
        if (byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
        {
            return true
        }
    }
    return false
}
