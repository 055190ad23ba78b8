import CLinux

/// A device backend failure, worded for the person at the board: which
/// device, what was missing, and what to do about it.
public struct PanelLinuxError: Error, CustomStringConvertible, Equatable {
    public var message: String
    /// The underlying `errno`, when a system call failed.
    public var errno: Errno?
    public init(_ message: String, errno: Errno? = nil) {
        self.message = message
        self.errno = errno
    }
    public var description: String { message }

    /// "permission denied" with the group that grants access.
    @usableFromInline static func opening(_ path: String, what: String, group: String, _ error: Errno)
        -> PanelLinuxError
    {
        if error == .permissionDenied || error == .notPermitted {
            return PanelLinuxError(
                "\(path): permission denied opening the \(what); run as root or add the user to the '\(group)' group (usermod -aG \(group) USER, then log in again)",
                errno: error)
        }
        if error == .noSuchFile {
            return PanelLinuxError("\(path): no such \(what)", errno: error)
        }
        return PanelLinuxError("\(path): cannot open the \(what): \(error.message)", errno: error)
    }
}
