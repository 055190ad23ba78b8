import CLinux

/// Retries `body` while it fails with `EINTR`; any other failure (a negative
/// result) throws the thread's `errno`.
@inlinable
public func retryingOnInterrupt<T: SignedInteger>(_ body: () -> T) throws(Errno) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}

/// An open file descriptor: a small handle, closed explicitly with `close()`.
public struct FileDescriptor: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Opens `path` with raw `open(2)` flags (`O_CLOEXEC` is the caller's choice).
    public static func open(_ path: String, flags: Int32, mode: UInt32 = 0) throws(Errno) -> FileDescriptor {
        let fd = try retryingOnInterrupt { clinux_open(path, flags, mode_t(mode)) }
        return FileDescriptor(rawValue: fd)
    }

    /// Opens `path` read-write, non-blocking, close-on-exec.
    public static func openReadWriteNonBlocking(_ path: String) throws(Errno) -> FileDescriptor {
        try open(path, flags: clinux_o_rdwr_nonblock())
    }

    /// Reads up to `count` bytes into `buffer`. Returns 0 at end of file; throws
    /// `EAGAIN` (`Errno.wouldBlock`) on a non-blocking fd with nothing to read.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int {
        try retryingOnInterrupt { CLinux.read(rawValue, buffer, count) }
    }

    public func write(_ buffer: UnsafeRawPointer, count: Int) throws(Errno) -> Int {
        try retryingOnInterrupt { CLinux.write(rawValue, buffer, count) }
    }

    /// Closes the descriptor. `EINTR` from `close` is not retried (Linux has
    /// already released the descriptor).
    public func close() {
        _ = CLinux.close(rawValue)
    }
}
