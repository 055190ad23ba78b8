import CLinux
import PanelLinux
import PanelLog
import PanelTrace
import PanelUI

/// The last minutes of touch input on a board, for bugs that only happen in
/// the field. PanelKit's replays are deterministic, so the events that led
/// to a crash or a stuck action are the bug report: `--replay` of the
/// recording on the desk logs what the panel logged.
///
/// The touch screen's raw events (what its decoder read) go into a fixed
/// ring in CLinux (`clinux_flight_record`: four stores, no allocation), sized
/// at 1/64 of the board's memory budget, 16 bytes an event. The recording is
/// written as an evemu trace, with the app's launch options in a comment,
/// to `flight-recording.evemu` in the data directory:
/// - on SIGUSR1 (`kill -USR1`), from the run loop;
/// - when systemd's watchdog sends SIGABRT, and on a crash: from the fatal
///   signal handler, with async-signal-safe calls only.
///
/// Keys and the encoder are not recorded yet (their own evemu devices).
enum FlightRecorder {
    static let fileName = "flight-recording.evemu"

    /// Events the ring holds for a memory budget of `megabytes` MiB: 1/64 of
    /// it, 16 bytes an event (64 MiB: 65,536 events, about 11 minutes of
    /// one finger dragging at 100 Hz; an hour of a panel's typical use, a
    /// few minutes of touches in all, is a fraction of that).
    static func capacity(memoryBudget megabytes: Double) -> UInt32 {
        UInt32(max(1024, min(Double(UInt32.max / 2), megabytes * 1_048_576 / 64 / 16)))
    }

    /// Sets up the ring and takes the first touch screen `input` opens.
    /// Returns a line for the log: where recordings go, or why there are none.
    static func start(
        directory: String, seconds: Double, memoryBudget: Double, launchTime: Double, launchOptions: [String],
        appName: String, input: EvdevTouchInput
    ) -> String {
        guard seconds > 0 else { return "flight recorder off (budgets.flightRecording is 0)" }
        let path = directory + "/" + fileName
        let capacity = capacity(memoryBudget: memoryBudget)
        guard clinux_flight_configure(capacity, seconds, launchTime, path) == 0 else {
            return "flight recorder off: cannot keep " + String(capacity) + " events for " + path + ": "
                + Errno.current.message
        }
        let options = launchOptions.isEmpty ? "" : " " + launchOptions.joined(separator: " ")
        let comment =
            "launched as: " + appName + options + "; on the desk: " + appName + " --backend headless --replay "
            + fileName + options
        input.flightRecorderDeviceOpened = { device in
            let sink = MemorySink()
            _ = EvemuWriter(device: device.description, sink: sink, comment: comment)
            var header = sink.bytes
            header.append(0)
            return header.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { clinux_flight_set_header($0.baseAddress!) == 0 }
            }
        }
        return "flight recorder: the last " + fixed(seconds, 0) + " s of touch input (at most "
            + String(capacity) + " events, " + String(Int(capacity) * 16 / 1024)
            + " KiB) go to " + path + " on SIGUSR1, the watchdog or a crash"
    }

    /// Writes the recording now (SIGUSR1); the line says where, or why not.
    static func write(reason: StaticString) -> String {
        let written = reason.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                // StaticString's bytes are NUL-terminated.
                clinux_flight_write(text.baseAddress!)
            }
        }
        let path = String(cString: clinux_flight_path())
        guard written >= 0 else {
            let error = Errno.current
            if error.rawValue == ENODATA {
                return
                    "flight recording not written: no touch screen has been opened yet, so there is nothing to record"
            }
            return "flight recording not written to " + path + ": " + error.message
        }
        return "flight recording: " + String(written) + " events written to " + path
    }
}
