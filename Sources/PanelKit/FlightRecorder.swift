import CLinux
import PanelLinux
import PanelLog
import PanelTrace
import PanelUI

/// The last minutes of input on a board, for bugs that only happen in the
/// field. PanelKit's replays are deterministic, so the events that led to a
/// crash or a stuck action are the bug report: `--replay` of the recording
/// on the desk logs what the panel logged.
///
/// Each input device's events (what its decoder read) go into one fixed
/// ring in CLinux (`clinux_flight_record`: five stores, no allocation),
/// sized at 1/64 of the board's memory budget, 16 bytes an event. It keeps
/// the first touch screen, the keyboards and buttons, and the encoder's
/// devices, eight devices at most. A recording is an evemu trace per device,
/// with the app's launch options in a comment, in the data directory
/// (`flight-recording.evemu` for the touch screen, `flight-recording.keys.evemu`,
/// `flight-recording.keys-2.evemu`, `flight-recording.encoder.evemu`,
/// `flight-recording.encoder-button.evemu`);
/// each names the others, and a replay of any of them plays them all. It is written:
/// - on SIGUSR1 (`kill -USR1`), from the run loop;
/// - when systemd's watchdog sends SIGABRT, and on a crash: from the fatal
///   signal handler, with async-signal-safe calls only.
final class FlightRecorder {
    typealias Role = FlightRecording.Role

    /// The touch screen's recording; the other devices' are named after it.
    static var fileName: String { Role.touch.fileName(1) }

    /// Events the ring holds for a memory budget of `megabytes` MiB: 1/64 of
    /// it, 16 bytes an event (64 MiB: 65,536 events, about 11 minutes of
    /// one finger dragging at 100 Hz; an hour of a panel's typical use, a
    /// few minutes of touches in all, is a fraction of that).
    static func capacity(memoryBudget megabytes: Double) -> UInt32 {
        UInt32(max(1024, min(Double(UInt32.max / 2), megabytes * 1_048_576 / 64 / 16)))
    }

    /// A line for the log: where recordings go, or why there are none.
    let line: String
    let isOn: Bool
    let directory: String
    /// The comment's "launched as" and "on the desk" parts.
    let appName: String
    let options: String
    /// Devices recorded so far, by role: one touch screen (a replay plays
    /// one), the keyboards and buttons as they come, the encoder's two.
    var count: [UInt8] = [0, 0, 0, 0]

    /// Sets up the ring; `record(_:as:)` then offers it devices.
    init(
        directory: String, seconds: Double, memoryBudget: Double, launchTime: Double, launchOptions: [String],
        appName: String
    ) {
        self.directory = directory
        self.appName = appName
        options = launchOptions.isEmpty ? "" : " " + launchOptions.joined(separator: " ")
        let capacity = Self.capacity(memoryBudget: memoryBudget)
        if seconds <= 0 {
            line = "flight recorder off (budgets.flightRecording is 0)"
        } else if directory.utf8.count + Role.encoderButton.fileName(1).utf8.count >= 500 {
            // clinux_flight_device's path holds 511 bytes, ".partial" included.
            line = "flight recorder off: the data directory's path is too long for it (" + directory + ")"
        } else if clinux_flight_configure(capacity, seconds, launchTime) != 0 {
            line = "flight recorder off: cannot keep " + String(capacity) + " events: " + Errno.current.message
        } else {
            line =
                "flight recorder: the last " + fixed(seconds, 0) + " s of input (at most " + String(capacity)
                + " events, " + String(Int(capacity) * 16 / 1024) + " KiB) go to " + directory + "/"
                + Self.fileName + " (and the keys' and the encoder's beside it) on SIGUSR1, the watchdog or a crash"
            isOn = true
            return
        }
        isOn = false
    }

    /// Records the devices of `set`, those open now (the board's touch
    /// screen) and each as it is plugged in, in the role `role` gives each.
    func record<Kind>(_ set: EvdevDeviceSet<Kind>, as role: @escaping (EvdevDevice<Kind>) -> Role) {
        guard isOn else { return }
        // Retained by the set's closure: the recorder holds no set, so there is no cycle.
        set.recordInFlight { device in self.add(role(device), device.description) }
    }

    /// Adds a device to the ring's recordings: its index, or -1.
    func add(_ role: Role, _ device: TouchDeviceDescription) -> Int32 {
        let ordinal = Int(count[Int(role.rawValue)]) + 1
        guard role == .keys || ordinal == 1 else { return -1 }
        let file = role.fileName(ordinal)
        let comment =
            "launched as: " + appName + options + "; on the desk: " + appName + " --backend headless --replay "
            + file + options
        let sink = MemorySink()
        _ = EvemuWriter(device: device, sink: sink, comment: comment)
        var header = sink.bytes
        header.append(0)
        let index = header.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { header in
                clinux_flight_add_device(header.baseAddress!, role.text, directory + "/" + file)
            }
        }
        if index >= 0 { count[Int(role.rawValue)] += 1 }
        return index
    }

    /// Writes the recording now (SIGUSR1); the line says where, or why not.
    static func write(reason: StaticString) -> String {
        let written = reason.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                // StaticString's bytes are NUL-terminated.
                clinux_flight_write(text.baseAddress!)
            }
        }
        guard written >= 0 else {
            let error = Errno.current
            if error.rawValue == ENODATA {
                return
                    "flight recording not written: no input device has been opened yet, so there is nothing to record"
            }
            return "flight recording not written to " + paths() + ": " + error.message
        }
        guard written > 0 else {
            return "flight recording: no input since launch (or in the last seconds it keeps), nothing written"
        }
        return "flight recording: " + String(written) + " events written to " + paths(writtenOnly: true)
    }

    /// The recorded devices' files (those the last recording wrote).
    static func paths(writtenOnly: Bool = false) -> String {
        var paths: [String] = []
        for i in 0..<clinux_flight_device_count() where !writtenOnly || clinux_flight_device_written(i) != 0 {
            paths.append(String(cString: clinux_flight_device_path(i)))
        }
        return paths.joined(separator: ", ")
    }
}
