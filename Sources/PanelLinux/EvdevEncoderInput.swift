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
    /// The push button's device, as `device`; nil: the encoder's own device.
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
        sameBytes(selector, isPath(selector) ? path : name)
    }

    @usableFromInline static func isPath(_ selector: String) -> Bool { selector.utf8.contains(UInt8(ascii: "/")) }

    /// The button's device selector: its own, or the encoder's.
    @usableFromInline var buttonSelector: String { buttonDevice ?? device }

    /// Whether the push button is on the device that reports the turns (its
    /// key there is the push; on another device it is not).
    public var buttonIsOnTurnsDevice: Bool { buttonKey != nil && sameBytes(buttonSelector, device) }
}

/// One open evdev device of the encoder: it reports the turns, the push, or both.
public typealias EvdevEncoderDevice = EvdevDevice<EvdevEncoderInput>

/// What an encoder device carries: its decoder (what it reports, and the frame being read).
public final class EvdevEncoderState {
    public internal(set) var decoder: EncoderDecoder
    public var reportsTurns: Bool { decoder.reportsTurns }
    public var reportsPush: Bool { decoder.reportsPush }

    public init(decoder: EncoderDecoder) { self.decoder = decoder }
}

extension EvdevEncoderConfiguration {
    /// The decoder for a device of this encoder that reports its turns, its push, or both.
    public func decoder(reportsTurns: Bool, reportsPush: Bool) -> EncoderDecoder {
        EncoderDecoder(
            axis: axis, stepsPerDetent: stepsPerDetent, reversed: reversed, buttonKey: buttonKey,
            reportsTurns: reportsTurns, reportsPush: reportsPush)
    }
}

extension EvdevDevice where Kind == EvdevEncoderInput {
    public var reportsTurns: Bool { state.reportsTurns }
    public var reportsPush: Bool { state.reportsPush }
    public var isPushed: Bool { state.decoder.isPushed }
}

/// A rotary encoder and its push button through libevdev: the devices the
/// board names, opened at start and again when they are plugged in
/// (hot-plug through the loop's inotify watch). Turns and pushes go into the
/// application's input queue (`Application.enqueue(_:source:)`) for its
/// `FocusSystem`; a device unplugged mid-push ends the push cancelled.
public final class EvdevEncoderInput: EvdevInputKind {
    public let application: Application
    public let configuration: EvdevEncoderConfiguration
    /// The encoder's devices, opened, read and closed as every evdev device is.
    public private(set) lazy var deviceSet = EvdevDeviceSet(
        kind: self, noun: "encoder input", firstSource: 64, reportsUnreadable: true)
    public var devices: [EvdevEncoderDevice] { deviceSet.devices }
    /// Messages about the devices, for the caller to print.
    public var log: ((String) -> Void)? {
        get { deviceSet.log }
        set { deviceSet.log = newValue }
    }
    /// Told the time of each event, for the latency figures (the touch input's).
    public var inputTimes: EvdevTouchInput?

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
            let withButton = !hasPush && sameBytes(configuration.buttonSelector, configuration.device)
            log?(
                "panel: no rotary encoder " + (withButton ? "with its push button " : "") + "'" + configuration.device
                    + "' in "
                    + configuration.directory + " yet; waiting for it")
        }
        if !hasPush && (hasTurns || !sameBytes(configuration.buttonSelector, configuration.device)) {
            log?(
                "panel: no encoder push button '" + configuration.buttonSelector + "' in " + configuration.directory
                    + " yet; waiting for it")
        }
    }

    /// Looks for the devices not open yet: the board's paths first, then every node.
    public func rescan(_ loop: EpollRunLoop) {
        if hasTurns && hasPush { return }
        var paths: [String] = []
        for selector in [configuration.device, configuration.buttonSelector]
        where EvdevEncoderConfiguration.isPath(selector) && !deviceSet.isOpen(selector) {
            paths.append(selector)
        }
        paths += deviceSet.unopenedNodes(in: configuration.directory)
        for path in paths where !deviceSet.isOpen(path) {
            if hasTurns && hasPush { return }
            _ = try? deviceSet.open(path, loop: loop, required: false)
        }
    }

    /// The encoder takes a device the board names for the turns (and that
    /// reports its axis), or for the push (and that reports its key).
    public func adopt(_ candidate: inout EvdevCandidate, required: Bool) -> EvdevEncoderState? {
        let path = candidate.path
        let name = candidate.description.name
        let wantsTurns = !hasTurns && EvdevEncoderConfiguration.matches(configuration.device, path: path, name: name)
        let wantsPush =
            !hasPush && EvdevEncoderConfiguration.matches(configuration.buttonSelector, path: path, name: name)
        var turns = false
        var push = false
        if wantsTurns {
            turns =
                libevdev_has_event_code(candidate.evdev, UInt32(EventType.relative), UInt32(configuration.axis)) != 0
            if !turns {
                log?(
                    "panel: " + path + " (" + name + "): the encoder reports no " + axisName(configuration.axis)
                        + "; set encoder.axis in the board file to the axis it reports (evtest lists them)")
            }
        }
        if wantsPush, let key = configuration.buttonKey {
            push = libevdev_has_event_code(candidate.evdev, UInt32(EventType.key), UInt32(key)) != 0
            if !push {
                log?(
                    "panel: " + path + " (" + name + "): the device reports no key " + String(key)
                        + "; set encoder.button.key in the board file to the key it reports")
            }
        }
        guard turns || push else { return nil }
        return EvdevEncoderState(decoder: configuration.decoder(reportsTurns: turns, reportsPush: push))
    }

    public func openedMessage(_ device: EvdevEncoderDevice) -> String {
        "panel: "
            + (device.reportsTurns && device.reportsPush
                ? "rotary encoder and push button "
                : device.reportsTurns ? "rotary encoder " : "encoder push button ")
            + device.path + " (" + device.name + ")"
    }

    @usableFromInline func axisName(_ code: UInt16) -> String {
        for i in 0..<RelativeAxis.encoderAxes.count where RelativeAxis.encoderAxes[i].code == code {
            return RelativeAxis.encoderAxes[i].name
        }
        return "REL " + String(code)
    }

    /// One kernel event, through the device's `EncoderDecoder` (a resync's events come here too).
    public func handle(_ event: input_event, from device: EvdevEncoderDevice) {
        device.record(event)
        let event = InputEvent(event)
        device.state.decoder.decode(event) { encoderEvent in
            application.enqueue(encoderEvent, source: device.source)
            inputTimes?.noteInput(at: event.time)
        }
    }

    /// SYN_DROPPED (then the kernel's state): the decoder drops the counts in
    /// the gap, and a push whose release was lost ends cancelled.
    public func syncDropped(_ event: input_event, on device: EvdevEncoderDevice) {
        handle(event, from: device)
    }

    /// A push in progress ends cancelled.
    public func vanished(_ device: EvdevEncoderDevice) -> String {
        let wasPushed = device.state.decoder.cancelPush()
        if wasPushed { application.enqueue(.push(.cancelled), source: device.source) }
        return "panel: encoder input " + device.path + " is gone"
            + (wasPushed ? "; the push in progress was cancelled" : "")
    }

    /// Closes every device.
    public func close(_ loop: EpollRunLoop) {
        deviceSet.close(loop)
    }
}
