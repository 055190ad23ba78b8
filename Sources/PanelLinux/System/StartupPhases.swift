import CLinux
import PanelUI

/// Where an app's start-up went, phase by phase, on CLOCK_MONOTONIC: the app
/// runtime and the device session each `mark(_:)` the end of a phase as it
/// starts up (a dozen marks, once per run), and the device host says them in
/// one line at the first frame, beside the first-frame line:
///
/// ```
/// panel-demo: startup in ms: options 1.2, fonts 38.0, display 21.5, settings 9.8, launch 60.3, …; 301.4 after main(), 240.1 of it on the CPU
/// ```
///
/// Headless, `PANELKIT_STARTUP_PHASES=1` prints the same line after the first frame is drawn.
public enum StartupPhases {
    nonisolated(unsafe) static var start = 0.0
    nonisolated(unsafe) static var names: [String] = []
    nonisolated(unsafe) static var times: [Double] = []

    /// Starts the timeline at `time` (CLOCK_MONOTONIC seconds: `main()`'s), forgetting earlier marks.
    public static func begin(at time: Double) {
        start = time
        names.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
        names.reserveCapacity(16)
        times.reserveCapacity(16)
    }

    /// Ends the phase `name`: the time since the last mark (or `begin`) is its.
    public static func mark(_ name: String) {
        guard start > 0 else { return }
        names.append(name)
        times.append(clinux_monotonic_now())
    }

    /// The phases up to `end` (CLOCK_MONOTONIC seconds: the first flip's), in
    /// ms, the rest up to `end` named `last`; with the process's CPU time so
    /// far, which tells work from waiting (a vblank, the disk, other processes).
    public static func line(endingAt end: Double, last: String) -> String {
        var text = "startup in ms:"
        var previous = start
        for i in 0..<names.count {
            text += (i == 0 ? " " : ", ") + names[i] + " " + fixed((times[i] - previous) * 1000, 1)
            previous = times[i]
        }
        // 0 when the phase before already ended past it (a driver that completes a flip at once stamps it inside the ioctl).
        text += (names.isEmpty ? " " : ", ") + last + " " + fixed(max(end - previous, 0) * 1000, 1)
        return text + "; " + fixed((end - start) * 1000, 1) + " after main(), " + fixed(processCPUTime() * 1000, 1)
            + " of CPU since exec"
    }

    /// This process's CPU time (user + system) since `exec`, in seconds.
    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
