import CLinux

/// A POSIX error number (`errno`), typed.
public struct Errno: Error, RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's current `errno`.
    @inlinable public static var current: Errno { Errno(rawValue: clinux_errno()) }

    /// The C library's text for the error, e.g. "Is a directory".
    public var message: String {
        guard let text = strerror(rawValue) else { return "errno \(rawValue)" }
        return String(cString: text) + " (errno \(rawValue))"
    }

    public static var interrupted: Errno { Errno(rawValue: EINTR) }
    public static var wouldBlock: Errno { Errno(rawValue: EAGAIN) }
    public static var noDevice: Errno { Errno(rawValue: ENODEV) }
    public static var noSuchFile: Errno { Errno(rawValue: ENOENT) }
    public static var permissionDenied: Errno { Errno(rawValue: EACCES) }
    public static var notPermitted: Errno { Errno(rawValue: EPERM) }
    public static var busy: Errno { Errno(rawValue: EBUSY) }
    public static var readOnlyFileSystem: Errno { Errno(rawValue: EROFS) }
}
