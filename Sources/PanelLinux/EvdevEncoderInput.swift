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
        isPath(selector) ? selector == path : selector == name
    }

    @usableFromInline static func isPath(_ selector: String) -> Bool { selector.utf8.contains(UInt8(ascii: "/")) }

    /// The button's device selector: its own, or the encoder's.
    @usableFromInline var buttonSelector: String { buttonDevice ?? device }
}

/// One open evdev device of the encoder: it reports the turns, the push, or both.
public typealias EvdevEncoderDevice = EvdevDevice<EvdevEncoderInput>

/// What an encoder device carries: what it reports, and the frame being read.
public final class EvdevEncoderState {
    public let reportsTurns: Bool
    public let reportsPush: Bool
    /// Axis counts not yet a whole detent.
    @usableFromInline var counts = 0
    /// Whether the push button is down (a push began and has not ended).
    public internal(set) var isPushed = false
    /// The push's change in the frame being read, sent at its report.
    @usableFromInline var pendingPush: Press.Phase?
    /// Between `SYN_DROPPED` and the end of the resync.
    @usableFromInline var syncing = false

    init(reportsTurns: Bool, reportsPush: Bool) {
        self.reportsTurns = reportsTurns
        self.reportsPush = reportsPush
    }
}

extension EvdevDevice where Kind == EvdevEncoderInput {
    public var reportsTurns: Bool { state.reportsTurns }
    public var reportsPush: Bool { state.reportsPush }
    public var isPushed: Bool { state.isPushed }
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
        return EvdevEncoderState(reportsTurns: turns, reportsPush: push)
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

    /// One kernel event: axis counts add up to detents, and the button's key
    /// starts or ends a push, each sent at the report that ends the frame. A
    /// release in the frame the kernel makes when the device goes away
    /// (`SYN_REPORT` value 1, after it released the held keys) or in a resync
    /// was never pressed up: the push ends cancelled.
    public func handle(_ event: input_event, from device: EvdevEncoderDevice) {
        let state = device.state
        if event.type == EventType.relative && state.reportsTurns && event.code == configuration.axis {
            state.counts += Int(event.value) * (configuration.reversed ? -1 : 1)
        } else if event.type == EventType.key && state.reportsPush && event.code == configuration.buttonKey {
            if event.value == 1 && !state.isPushed {
                state.isPushed = true
                state.pendingPush = .began
            } else if event.value == 0 && state.isPushed {
                state.isPushed = false
                // pressed and released in one frame: nothing
                state.pendingPush = state.pendingPush == .began ? nil : .ended
            }
        } else if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
            let time = EvdevEncoderDevice.time(of: event)
            let steps = configuration.stepsPerDetent
            let detents = state.counts / steps // toward zero: a part-turned detent waits
            if detents != 0 {
                state.counts -= detents * steps
                send(.turn(detents), from: device, time: time)
            }
            if let phase = state.pendingPush {
                state.pendingPush = nil
                let released = event.value == 1 || state.syncing
                send(.push(phase == .ended && released ? .cancelled : phase), from: device, time: time)
            }
        }
    }

    /// SYN_DROPPED (then the kernel's state): counts in the gap are lost; a
    /// push whose release was lost ends cancelled (`handle(_:from:)`).
    public func syncDropped(_ event: input_event, on device: EvdevEncoderDevice) {
        device.state.syncing = true
        device.state.counts = 0
    }

    public func resynced(_ device: EvdevEncoderDevice) {
        device.state.syncing = false
    }

    @usableFromInline func send(_ event: EncoderEvent, from device: EvdevEncoderDevice, time: Double) {
        application.enqueue(event, source: device.source)
        inputTimes?.noteInput(at: time)
    }

    /// A push in progress ends cancelled.
    public func vanished(_ device: EvdevEncoderDevice) -> String {
        let wasPushed = device.isPushed
        if wasPushed {
            device.state.isPushed = false
            application.enqueue(.push(.cancelled), source: device.source)
        }
        return "panel: encoder input " + device.path + " is gone"
            + (wasPushed ? "; the push in progress was cancelled" : "")
    }

    /// Closes every device.
    public func close(_ loop: EpollRunLoop) {
        deviceSet.close(loop)
    }
}
