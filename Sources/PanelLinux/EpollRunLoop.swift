import CLinux
import PanelUI

/// Something the epoll loop reads when its file descriptor is readable.
public protocol EpollSource: AnyObject {
    /// The descriptor is readable (or hung up): read what is there, without blocking.
    func readReady(_ loop: EpollRunLoop)
}

/// Told at the end of every turn, after input and timers ran: render if dirty.
public protocol EpollRunLoopDelegate: AnyObject {
    func runLoopTurnDidEnd(_ loop: EpollRunLoop)
    /// `/dev/input` (or the watched directory) changed: a device may have come or gone.
    func runLoopInputDirectoryChanged(_ loop: EpollRunLoop)
    /// A signal added with `EpollRunLoop.watchSignal(_:)` arrived (not SIGINT or SIGTERM, which end the run).
    func runLoop(_ loop: EpollRunLoop, didReceiveSignal signal: Int32)
}

extension EpollRunLoopDelegate {
    public func runLoop(_ loop: EpollRunLoop, didReceiveSignal signal: Int32) {}
}

/// The device backend's single-threaded loop: one `epoll_wait` over the
/// registered sources (touch devices, the DRM fd), a timerfd armed at the run
/// loop's next deadline, a signalfd for SIGINT/SIGTERM (and the VT switch
/// signals, `watchSignal(_:)`) and an inotify watch
/// for hot-plug. With nothing to do it blocks indefinitely: no polling period.
public final class EpollRunLoop {
    public let application: Application
    public var delegate: (any EpollRunLoopDelegate)?

    @usableFromInline let epoll: FileDescriptor
    @usableFromInline let timer: FileDescriptor
    @usableFromInline let signals: FileDescriptor
    @usableFromInline var inotify: FileDescriptor?
    @usableFromInline var sources: [(fd: FileDescriptor, source: (any EpollSource)?)] = []
    @usableFromInline var isRunning = false
    @usableFromInline var armedDeadline = -1.0

    /// The signal that ended the last `run()`, 0 when `stop()` ended it.
    public internal(set) var receivedSignal: Int32 = 0
    /// Wake-ups so far (each a return from `epoll_wait`), for idle checks.
    /// It wraps rather than traps: a 32-bit board's `Int` holds 2^31 wakes,
    /// a few months of input and frames.
    public internal(set) var wakeCount = 0

    @usableFromInline static let timerToken: UInt64 = 0
    @usableFromInline static let signalToken: UInt64 = 1
    @usableFromInline static let inotifyToken: UInt64 = 2
    @usableFromInline static let firstSourceToken: UInt64 = 16

    /// Sets up epoll, the timerfd and the signalfd. SIGINT and SIGTERM are
    /// blocked for the process from here on, and arrive through the loop.
    public init(application: Application) throws(Errno) {
        self.application = application
        let epoll = FileDescriptor(rawValue: try retryingOnInterrupt { clinux_epoll_create() })
        let timer: FileDescriptor
        do {
            timer = FileDescriptor(rawValue: try retryingOnInterrupt { clinux_timerfd_create() })
        } catch {
            epoll.close()
            throw error
        }
        let signals: FileDescriptor
        do {
            signals = FileDescriptor(rawValue: try retryingOnInterrupt { clinux_signalfd_term() })
        } catch {
            epoll.close()
            timer.close()
            throw error
        }
        self.epoll = epoll
        self.timer = timer
        self.signals = signals
        _ = try retryingOnInterrupt { clinux_epoll_add(epoll.rawValue, timer.rawValue, Self.timerToken) }
        _ = try retryingOnInterrupt { clinux_epoll_add(epoll.rawValue, signals.rawValue, Self.signalToken) }
    }

    /// Closes the loop's own descriptors; the sources' descriptors stay their owners'.
    deinit {
        inotify?.close()
        signals.close()
        timer.close()
        epoll.close()
    }

    @usableFromInline var watchedDirectory: String?
    @usableFromInline var isWatchingDirectory = false

    /// Watches `directory` (normally `/dev/input`) for devices appearing and going;
    /// the delegate hears of each change. When the directory does not exist yet
    /// (no input device so far), its parent is watched until it appears.
    public func watchInputDirectory(_ directory: String = "/dev/input") throws(Errno) {
        let fd = FileDescriptor(rawValue: try retryingOnInterrupt { clinux_inotify_create() })
        inotify = fd
        watchedDirectory = directory
        isWatchingDirectory = clinux_inotify_watch(fd.rawValue, directory) >= 0
        if !isWatchingDirectory {
            var parent = directory
            while let last = parent.utf8.last, last == UInt8(ascii: "/"), parent.utf8.count > 1 { parent.removeLast() }
            if let slash = parent.utf8.lastIndex(of: UInt8(ascii: "/")) {
                parent = slash == parent.utf8.startIndex ? "/" : String(parent[..<slash])
            } else {
                parent = "."
            }
            if clinux_inotify_watch(fd.rawValue, parent) < 0 {
                let error = Errno.current
                fd.close()
                inotify = nil
                throw error
            }
        }
        _ = try retryingOnInterrupt { clinux_epoll_add(epoll.rawValue, fd.rawValue, Self.inotifyToken) }
    }

    /// Adds `fd`; `source` reads it whenever it is readable. The loop does not
    /// own the descriptor: `remove(_:)` it before closing it.
    public func add(_ fd: FileDescriptor, source: any EpollSource) throws(Errno) {
        let index = sources.firstIndex { $0.source == nil } ?? sources.count
        if index == sources.count { sources.append((fd, nil)) }
        _ = try retryingOnInterrupt {
            clinux_epoll_add(epoll.rawValue, fd.rawValue, Self.firstSourceToken + UInt64(index))
        }
        sources[index] = (fd, source)
    }

    /// Stops watching `fd` (before it is closed).
    public func remove(_ fd: FileDescriptor) {
        for i in sources.indices where sources[i].source != nil && sources[i].fd == fd {
            _ = clinux_epoll_remove(epoll.rawValue, fd.rawValue)
            sources[i].source = nil
        }
    }

    /// Also blocks `signal` and delivers it through the loop to the
    /// delegate's `runLoop(_:didReceiveSignal:)`, as the signalfd does SIGINT
    /// and SIGTERM: no work in a signal handler. Signals add up (at most 8).
    public func watchSignal(_ signal: Int32) throws(Errno) {
        guard !watchedSignals.contains(signal) else { return }
        guard watchedSignals.count < 8 else { throw Errno(rawValue: EINVAL) }
        watchedSignals.append(signal)
        _ = try retryingOnInterrupt {
            watchedSignals.withUnsafeBufferPointer {
                clinux_signalfd_update(signals.rawValue, $0.baseAddress, Int32($0.count))
            }
        }
    }
    @usableFromInline var watchedSignals: [Int32] = []

    /// Ends `run()` after the current turn.
    public func stop() { isRunning = false }

    /// Waits and dispatches until SIGINT/SIGTERM or `stop()`.
    public func run() throws(Errno) {
        isRunning = true
        receivedSignal = 0
        // Work queued before the loop started (first frame, next-turn requests).
        endTurn()
        while isRunning {
            try waitOnce()
        }
    }

    /// One wait (blocking as long as nothing is due) and one turn.
    public func waitOnce() throws(Errno) {
        let runLoop = application.runLoop
        var timeout: Int32 = -1
        if application.hasQueuedInput || !runLoop.isIdle && runLoop.nextDeadline == nil {
            timeout = 0
        }
        let deadline = runLoop.nextDeadline ?? -1
        if deadline != armedDeadline {
            _ = try retryingOnInterrupt { clinux_timerfd_arm(timer.rawValue, deadline) }
            armedDeadline = deadline
        }
        var data: UInt64 = 0
        var events: UInt32 = 0
        let count = clinux_epoll_wait_one(epoll.rawValue, timeout, &data, &events)
        if count < 0 {
            let error = Errno.current
            if error == .interrupted { return }
            throw error
        }
        wakeCount &+= 1
        if count == 1 { dispatch(data) }
        endTurn()
    }

    @usableFromInline func dispatch(_ token: UInt64) {
        switch token {
        case Self.timerToken:
            var expirations: UInt64 = 0
            _ = try? timer.read(into: &expirations, count: 8)
            armedDeadline = -1
        case Self.signalToken:
            while true {
                let signal = clinux_signalfd_read(signals.rawValue)
                if signal <= 0 { break }
                if signal == clinux_sigterm() || signal == clinux_sigint() {
                    receivedSignal = signal
                    isRunning = false
                } else {
                    delegate?.runLoop(self, didReceiveSignal: signal)
                }
            }
        case Self.inotifyToken:
            var buffer = (
                UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)
            )
            if let inotify {
                while (try? inotify.read(into: &buffer, count: 128)) ?? 0 > 0 {}
                if !isWatchingDirectory, let watchedDirectory {
                    isWatchingDirectory = clinux_inotify_watch(inotify.rawValue, watchedDirectory) >= 0
                }
            }
            delegate?.runLoopInputDirectoryChanged(self)
        default:
            let index = Int(token - Self.firstSourceToken)
            if index < sources.count, let source = sources[index].source {
                source.readReady(self)
            }
        }
    }

    @usableFromInline func endTurn() {
        application.runTurn()
        delegate?.runLoopTurnDidEnd(self)
    }
}
