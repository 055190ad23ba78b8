import CLinux
import PanelUI

/// systemd's notify protocol (`sd_notify(3)`), written by hand: one datagram
/// per state to `$NOTIFY_SOCKET`. A unit of `Type=notify` hears `READY=1`
/// once the first frame is on the screen and `STOPPING=1` when SIGTERM ends
/// the app; with `WatchdogSec=` it hears `WATCHDOG=1` every half of
/// `$WATCHDOG_USEC` from a run-loop timer. The ping rides the loop's own
/// timerfd (no thread, no polling), so a turn that never ends, an app action
/// that spins or blocks, stops the pings and systemd restarts the app.
public final class ServiceNotifier: RunLoopTarget {
    /// `$NOTIFY_SOCKET`: a path, or an abstract socket's name after '@'.
    public let address: String
    /// Half of `$WATCHDOG_USEC`, in seconds; nil when systemd expects no pings
    /// (unset, or `$WATCHDOG_PID` names another process).
    public let pingInterval: Double?
    /// Datagrams sent, by kind (for tests and the log).
    public private(set) var readySent = false
    public private(set) var stoppingSent = false
    public private(set) var pingsSent = 0

    @usableFromInline let socket: FileDescriptor
    @usableFromInline var pingTimer: TimerHandle?
    @usableFromInline unowned(unsafe) var runLoop: RunLoop?

    /// The notifier systemd's environment asks for, nil when it asks for none
    /// (no `$NOTIFY_SOCKET`: not started by a `Type=notify` unit).
    /// `environment` reads one variable (`getenv` by default; tests pass their own).
    public static func fromEnvironment(
        _ environment: (String) -> String? = environmentVariable
    ) throws(PanelLinuxError) -> ServiceNotifier? {
        guard let address = environment("NOTIFY_SOCKET") else { return nil }
        guard address.utf8.first == UInt8(ascii: "/") || address.utf8.first == UInt8(ascii: "@"),
            address.utf8.count >= 2, address.utf8.count < 108
        else {
            throw PanelLinuxError(
                "NOTIFY_SOCKET='" + address
                    + "' is neither a socket path (/...) nor an abstract name (@...): systemd sets it for Type=notify units; unset it to run without one"
            )
        }
        var interval: Double?
        if let microseconds = environment("WATCHDOG_USEC") {
            guard let value = UInt64(microseconds), value > 0 else {
                throw PanelLinuxError(
                    "WATCHDOG_USEC='" + microseconds
                        + "' is not a positive number of microseconds: systemd sets it from the unit's WatchdogSec=")
            }
            // WATCHDOG_PID, when set, names the process that must ping: a child started by the app does not.
            let forUs = environment("WATCHDOG_PID").map { UInt64($0) == UInt64(getpid()) } ?? true
            if forUs { interval = Double(value) / 2_000_000 }
        }
        let fd = clinux_notify_socket()
        guard fd >= 0 else {
            let error = Errno.current
            throw PanelLinuxError("cannot open a socket for NOTIFY_SOCKET: " + error.message, errno: error)
        }
        return ServiceNotifier(address: address, pingInterval: interval, socket: FileDescriptor(rawValue: fd))
    }

    init(address: String, pingInterval: Double?, socket: FileDescriptor) {
        self.address = address
        self.pingInterval = pingInterval
        self.socket = socket
    }

    deinit {
        if let pingTimer, let runLoop { runLoop.cancel(pingTimer) }
        socket.close()
    }

    /// Starts the watchdog's pings on `runLoop` (nothing when systemd wants none).
    /// The first goes out at once: a slow first frame must not starve the watchdog.
    public func startPinging(on runLoop: RunLoop) {
        guard let pingInterval else { return }
        self.runLoop = runLoop
        ping()
        pingTimer = runLoop.schedule(after: pingInterval, target: self)
    }

    /// `READY=1`, once: the first frame is on the screen.
    public func notifyReady() {
        guard !readySent else { return }
        readySent = true
        send("READY=1")
    }

    /// `STOPPING=1`, once, and no more pings: the app is ending (SIGTERM).
    public func notifyStopping() {
        guard !stoppingSent else { return }
        stoppingSent = true
        if let pingTimer, let runLoop { runLoop.cancel(pingTimer) }
        pingTimer = nil
        send("STOPPING=1")
    }

    public func ping() {
        pingsSent &+= 1
        send("WATCHDOG=1")
    }

    public func runLoopDidFire(_ handle: TimerHandle) {
        guard let pingInterval, let runLoop, !stoppingSent else { return }
        ping()
        pingTimer = runLoop.schedule(after: pingInterval, target: self)
    }

    /// One datagram; a failure (systemd gone) is ignored, as sd_notify's callers do.
    func send(_ message: StaticString) {
        _ = message.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                clinux_notify_send(socket.rawValue, address, text.baseAddress, text.count)
            }
        }
    }
}
