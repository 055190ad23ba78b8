import CLinux
import Glibc
import PanelUI
import Testing

@testable import PanelLinux

final class CountingSource: EpollSource {
    let fd: FileDescriptor
    var reads = 0
    var stopAfter: Int
    init(fd: FileDescriptor, stopAfter: Int = 1) {
        self.fd = fd
        self.stopAfter = stopAfter
    }
    func readReady(_ loop: EpollRunLoop) {
        var value: UInt64 = 0
        _ = try? fd.read(into: &value, count: 8)
        reads += 1
        if reads >= stopAfter { loop.stop() }
    }
}

final class OrderTarget: RunLoopTarget {
    var fired: [Int] = []
    var stopAt: Int
    var loop: EpollRunLoop?
    init(stopAt: Int) { self.stopAt = stopAt }
    func runLoopDidFire(_ handle: TimerHandle) {
        fired.append(handle.tag)
        if fired.count == stopAt { loop?.stop() }
    }
}

final class SignalSender: RunLoopTarget {
    func runLoopDidFire(_ handle: TimerHandle) { _ = raise(SIGTERM) }
}

/// epoll, timerfd and signalfd on the real kernel; serialized because the
/// signal mask and SIGTERM are process-wide.
@Suite(.serialized) struct EpollRunLoopTests {
    @Test func anEventfdSourceWakesTheLoopAndItsHandlerRuns() throws {
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        let fd = FileDescriptor(rawValue: clinux_eventfd_create())
        #expect(fd.rawValue >= 0)
        defer { fd.close() }
        let source = CountingSource(fd: fd)
        try loop.add(fd, source: source)
        var one: UInt64 = 1
        _ = try fd.write(&one, count: 8)
        try loop.run()
        #expect(source.reads == 1)
        #expect(loop.receivedSignal == 0)
        loop.remove(fd)
    }

    @Test func timersFireFromTheTimerfdInOrder() throws {
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        let target = OrderTarget(stopAt: 3)
        target.loop = loop
        application.runLoop.schedule(after: 0.030, target: target, tag: 3)
        application.runLoop.schedule(after: 0.010, target: target, tag: 1)
        application.runLoop.schedule(after: 0.020, target: target, tag: 2)
        try loop.run()
        #expect(target.fired == [1, 2, 3])
        #expect(application.runLoop.nextDeadline == nil)
    }

    @Test func sigtermRaisedAtSelfEndsRun() throws {
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        let sender = SignalSender()
        application.runLoop.schedule(after: 0.005, target: sender)
        try loop.run()
        #expect(loop.receivedSignal == SIGTERM)
    }

    @Test func anIdleLoopWaitsWithoutWaking() throws {
        // Nothing registered, no timers: one wait must block. A timer 50 ms out
        // is the only thing that may wake it, so exactly one wake happens.
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        let target = OrderTarget(stopAt: 1)
        target.loop = loop
        application.runLoop.schedule(after: 0.050, target: target, tag: 7)
        try loop.run()
        #expect(target.fired == [7])
        #expect(loop.wakeCount == 1)
    }
}

final class DirectoryWatcher: EpollRunLoopDelegate {
    var changes = 0
    func runLoopTurnDidEnd(_ loop: EpollRunLoop) {}
    func runLoopInputDirectoryChanged(_ loop: EpollRunLoop) {
        changes += 1
        loop.stop()
    }
}

extension EpollRunLoopTests {
    @Test func aNodeAppearingInTheWatchedDirectoryWakesTheLoop() throws {
        let base = "/tmp/panel-input-\(getpid())-\(Int(SystemClock().now * 1e6))"
        let directory = base + "/input"
        #expect(mkdir(base, 0o700) == 0)
        defer {
            unlink(directory + "/event0")
            rmdir(directory)
            rmdir(base)
        }
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        let watcher = DirectoryWatcher()
        loop.delegate = watcher
        // The directory does not exist yet (no input device at boot): its parent is watched.
        try loop.watchInputDirectory(directory)
        #expect(mkdir(directory, 0o700) == 0)
        try loop.run()
        #expect(watcher.changes == 1)
        // Now the directory itself is watched: a new node wakes the loop again.
        let fd = clinux_open(directory + "/event0", clinux_o_wronly_create_truncate(), 0o600)
        _ = close(fd)
        try loop.run()
        #expect(watcher.changes == 2)
    }
}

final class SignalWatcher: EpollRunLoopDelegate {
    var signals: [Int32] = []
    func runLoopTurnDidEnd(_ loop: EpollRunLoop) {}
    func runLoopInputDirectoryChanged(_ loop: EpollRunLoop) {}
    func runLoop(_ loop: EpollRunLoop, didReceiveSignal signal: Int32) {
        signals.append(signal)
        if signal == SIGUSR2 { loop.stop() }
    }
}

final class VTSignalSender: RunLoopTarget {
    func runLoopDidFire(_ handle: TimerHandle) { _ = raise(handle.tag == 1 ? SIGUSR1 : SIGUSR2) }
}

extension EpollRunLoopTests {
    /// The VT switch signals (VT_PROCESS's release and acquire) come through
    /// the loop to the delegate, in order, and do not end the run as SIGTERM does.
    @Test func watchedSignalsReachTheDelegateWithoutEndingTheRun() throws {
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        let watcher = SignalWatcher()
        loop.delegate = watcher
        try loop.watchSignal(SIGUSR1)
        try loop.watchSignal(SIGUSR2)
        let sender = VTSignalSender()
        application.runLoop.schedule(after: 0.010, target: sender, tag: 1)
        application.runLoop.schedule(after: 0.030, target: sender, tag: 2)
        try loop.run()
        #expect(watcher.signals == [SIGUSR1, SIGUSR2])
        #expect(loop.receivedSignal == 0)
    }

    /// Not started on a virtual terminal (a test runner's stdin is a pipe or
    /// a pseudo-terminal): no VT to take over, and nothing fails.
    @Test func noVirtualTerminalWhenStandardInputIsNotOne() {
        if clinux_vt_number(0) == 0 {
            let tty = clinux_open("/dev/tty", clinux_o_rdwr_noctty(), 0)
            let controllingIsVT = tty >= 0 && clinux_vt_number(tty) != 0
            if tty >= 0 { _ = close(tty) }
            if !controllingIsVT { #expect(VirtualTerminal.current() == nil) }
        }
        // /dev/null is a character device, but not a VT (major 1).
        let null = clinux_open("/dev/null", clinux_o_rdwr_noctty(), 0)
        #expect(null >= 0)
        #expect(clinux_vt_number(null) == 0)
        _ = close(null)
    }
}
