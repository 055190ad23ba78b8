import CLinux
import Glibc
import PanelUI
import Testing

@testable import PanelLinux

/// systemd's notify protocol, with a datagram socket standing in for
/// systemd's: READY and STOPPING once, watchdog pings only from the run
/// loop's turns, and the report a stuck action leaves when the watchdog's
/// SIGABRT comes. (The VM's systemd runs the real unit: docs/boards.md.)
@Suite struct ServiceNotifierTests {
    /// A bound datagram socket in a fresh folder, and what it received.
    final class FakeSystemd {
        let folder: String
        let path: String
        let fd: Int32

        init() throws {
            var template = Array("/tmp/panel-notify-XXXXXX".utf8CString)
            folder = try #require(mkdtemp(&template)).withMemoryRebound(to: UInt8.self, capacity: 32) {
                String(cString: $0)
            }
            path = folder + "/notify"
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (i, byte) in path.utf8.enumerated() { bytes[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try #require(bound == 0)
        }

        deinit {
            close(fd)
            unlink(path)
            rmdir(folder)
        }

        /// Every datagram received so far.
        func received() -> [String] {
            var messages: [String] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { break }
                messages.append(String(decoding: buffer[..<count], as: UTF8.self))
            }
            return messages
        }

        func environment(_ variables: [String: String] = [:]) -> (String) -> String? {
            var all = variables
            all["NOTIFY_SOCKET"] = all["NOTIFY_SOCKET"] ?? path
            return { all[$0] }
        }
    }

    @Test func withoutNotifySocketThereIsNoNotifier() throws {
        #expect(try ServiceNotifier.fromEnvironment { _ in nil } == nil)
    }

    @Test func readyAndStoppingAreSentOnce() throws {
        let systemd = try FakeSystemd()
        let notifier = try #require(try ServiceNotifier.fromEnvironment(systemd.environment()))
        notifier.notifyReady()
        notifier.notifyReady()
        notifier.notifyStopping()
        notifier.notifyStopping()
        #expect(systemd.received() == ["READY=1", "STOPPING=1"])
    }

    @Test func pingsRideTheRunLoopsTurns() throws {
        let systemd = try FakeSystemd()
        let clock = ManualClock()
        let application = Application(runLoop: RunLoop(manualClock: clock))
        let notifier = try #require(
            try ServiceNotifier.fromEnvironment(systemd.environment(["WATCHDOG_USEC": "10000000"])))
        #expect(notifier.pingInterval == 5)
        notifier.startPinging(on: application.runLoop)
        #expect(systemd.received() == ["WATCHDOG=1"]) // at once: a slow first frame does not starve it

        // Time passes while no turn completes (an action that spins): no ping.
        clock.now = 30
        #expect(systemd.received() == [])
        // The next turn fires the timer once, and the pings go on every 5 s from there.
        application.runTurn()
        #expect(systemd.received() == ["WATCHDOG=1"])
        clock.now = 34
        application.runTurn()
        #expect(systemd.received() == [])
        clock.now = 35
        application.runTurn()
        #expect(systemd.received() == ["WATCHDOG=1"])
        // Stopping ends the pings.
        notifier.notifyStopping()
        clock.now = 50
        application.runTurn()
        #expect(systemd.received() == ["STOPPING=1"])
    }

    @Test func watchdogPidOfAnotherProcessMeansNoPings() throws {
        let systemd = try FakeSystemd()
        let notifier = try #require(
            try ServiceNotifier.fromEnvironment(
                systemd.environment(["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": String(getpid() + 1)])))
        #expect(notifier.pingInterval == nil)
        let mine = try #require(
            try ServiceNotifier.fromEnvironment(
                systemd.environment(["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": String(getpid())])))
        #expect(mine.pingInterval == 1)
    }

    @Test func aBadSocketOrIntervalIsAClearError() {
        let socket = #expect(throws: PanelLinuxError.self) {
            try ServiceNotifier.fromEnvironment { $0 == "NOTIFY_SOCKET" ? "run/notify" : nil }
        }
        #expect(socket?.message.hasPrefix("NOTIFY_SOCKET='run/notify' is neither a socket path") == true)
        let interval = #expect(throws: PanelLinuxError.self) {
            try ServiceNotifier.fromEnvironment {
                $0 == "NOTIFY_SOCKET" ? "/run/notify" : $0 == "WATCHDOG_USEC" ? "ten" : nil
            }
        }
        #expect(interval?.message.contains("WatchdogSec=") == true)
    }

    /// What the watchdog's SIGABRT writes when an app's action never returns:
    /// the event, how long the turn has run and the control, from the turn
    /// record (the handler calls the same function, async-signal-safe).
    @Test func theReportNamesTheStuckActionsEventAndControl() throws {
        let clock = SystemClock()
        let application = Application(runLoop: RunLoop(clock: clock))
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        application.addWindow(window)
        let spin = Button(frame: Rect(x: 0, y: 0, width: 100, height: 50), name: "spin", title: "Spin")
        window.addSubview(spin)
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        installFatalSignalReport(for: application.turnRecord)
        defer { clinux_remove_fatal_signal_report() }
        spin.addAction(for: .touchUpInside) { _ in
            clinux_write_fatal_signal_report(pipeEnds[1], SIGABRT)
        }
        var down = TouchFrame(timestamp: clock.now)
        _ = down.append(TouchContact(id: 1, x: 20, y: 20))
        application.enqueue(down)
        application.runTurn()
        application.enqueue(TouchFrame(timestamp: clock.now))
        application.runTurn()

        var buffer = [UInt8](repeating: 0, count: 600)
        let count = read(pipeEnds[0], &buffer, buffer.count)
        let report = String(decoding: buffer[..<max(count, 0)], as: UTF8.self)
        #expect(
            report.hasPrefix("panel: SIGABRT (systemd's watchdog, or an abort): the main thread's turn has run for 0."))
        #expect(
            report.hasSuffix(
                " s, handling input event 2, the touch frame in which the last finger lifted, in the action for control events 0x40 of 'spin'\n"
            ))
        // Between turns, the record says so.
        clinux_write_fatal_signal_report(pipeEnds[1], SIGSEGV)
        let idle = read(pipeEnds[0], &buffer, buffer.count)
        #expect(
            String(decoding: buffer[..<max(idle, 0)], as: UTF8.self)
                == "panel: SIGSEGV (a bad memory access, or the stack overflowed): the main thread was between turns\n")
    }
}
