import CLinux
import PanelUI

// What a process knows about itself and reports when it dies: its
// environment, when `exec` started it, and the fatal-signal report.

/// The environment variable's value (`getenv`); nil when unset or empty.
public func environmentVariable(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
}

/// Installs the fatal-signal report for `record` (`clinux_install_fatal_signal_report`):
/// SIGABRT from systemd's watchdog, or a crash, writes which event the turn was handling.
public func installFatalSignalReport(for record: TurnRecord) {
    _ = clinux_install_fatal_signal_report(record.words)
}

/// When this process was started by `exec`, in seconds since the kernel
/// started (CLOCK_BOOTTIME): /proc/self/stat's `starttime`, in clock ticks
/// (10 ms at Linux's usual 100 Hz). Nil when /proc cannot say.
public func processStartBootTime() -> Double? {
    let fd = clinux_open("/proc/self/stat", clinux_o_rdonly(), 0)
    guard fd >= 0 else { return nil }
    defer { _ = close(fd) }
    var buffer = InlineArray<1024, UInt8>(repeating: 0)
    var span = buffer.mutableSpan
    let count = span.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // Fields after the command's closing parenthesis (the command may hold spaces): state is 3, starttime 22.
    var field = 2
    var value: UInt64 = 0
    var index = count - 1
    while index > 0 && buffer[index] != UInt8(ascii: ")") { index -= 1 }
    guard index > 0 else { return nil }
    index += 1
    while index < count {
        let byte = buffer[index]
        index += 1
        if byte == UInt8(ascii: " ") {
            if field == 22 { break }
            field += 1
        } else if field == 22, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value = value &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
        }
    }
    let ticks = clinux_clock_ticks_per_second()
    guard field == 22, ticks > 0 else { return nil }
    return Double(value) / Double(ticks)
}
