import CLinux

/// Why a file could not be read: "cannot open: No such file or directory".
public struct FileReadError: Error, Equatable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

/// The whole file's bytes, read with `open`/`read`/`close`, retrying reads
/// that a signal interrupted. Traces, scene files and board files load through it.
///
/// Only regular files are read: a FIFO, a device (`/dev/zero`), a socket or a
/// folder is refused at once (opened without blocking, so a FIFO without a
/// writer is not waited on), and a file larger than `limit` bytes is refused
/// rather than filling the memory.
public func readWholeFile(path: String, limit: Int = FileLimits.maximumFileSize) throws(FileReadError) -> [UInt8] {
    let descriptor = try openRegularFile(path: path)
    defer { _ = close(descriptor) }

    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { buffer in
            read(descriptor, buffer.baseAddress, buffer.count)
        }
        if count == 0 { return contents }
        if count < 0 {
            let error = clinux_errno()
            if error == clinux_eintr() || error == clinux_eagain() { continue }
            throw FileReadError(message: "cannot read: \(systemErrorDescription(error))")
        }
        // /proc files report size 0, and a file may grow while it is read: count as it comes.
        guard contents.count + count <= limit else { throw FileReadError(message: FileLimits.tooLargeMessage(limit)) }
        contents.append(contentsOf: chunk[0..<count])
    }
}

/// The size limits of the files PanelKit reads.
public enum FileLimits {
    /// 64 MiB: far beyond any scene or board file, or an hour's trace.
    public static let maximumFileSize = 64 * 1024 * 1024

    /// "is larger than 64 MiB, the most PanelKit reads; …"
    public static func tooLargeMessage(_ limit: Int) -> String {
        "the file is larger than " + sizeDescription(limit) + ", the most PanelKit reads of a file; give a smaller file"
    }

    /// 67108864 → "64 MiB"; 1000 → "1000 bytes".
    public static func sizeDescription(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        if bytes >= mebibyte && bytes % mebibyte == 0 { return String(bytes / mebibyte) + " MiB" }
        return String(bytes) + " bytes"
    }
}

/// Opens `path` for reading without blocking, and keeps it only when it is a
/// regular file; anything else is an error saying what it is. Returns the descriptor.
public func openRegularFile(path: String) throws(FileReadError) -> Int32 {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    let descriptor = clinux_open(path, clinux_o_rdonly_nonblock(), 0)
    guard descriptor >= 0 else {
        throw FileReadError(message: "cannot open: \(systemErrorDescription(clinux_errno()))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
        let error = clinux_errno()
        _ = close(descriptor)
        throw FileReadError(message: "cannot read: \(systemErrorDescription(error))")
    }
    let type = UInt32(status.st_mode) & UInt32(S_IFMT)
    guard type == UInt32(S_IFREG) else {
        _ = close(descriptor)
        let what: String
        switch type {
        case UInt32(S_IFDIR): what = "a folder"
        case UInt32(S_IFIFO): what = "a FIFO (named pipe)"
        case UInt32(S_IFCHR): what = "a character device"
        case UInt32(S_IFBLK): what = "a block device"
        case UInt32(S_IFSOCK): what = "a socket"
        default: what = "not a regular file"
        }
        throw FileReadError(message: "cannot read: it is " + what + ", not a regular file; give a file")
    }
    return descriptor
}

/// Whether something exists at `path` (`access(F_OK)`).
public func fileExists(path: String) -> Bool {
    access(path, F_OK) == 0
}

/// Why a file could not be written: "cannot write: Permission denied".
public struct FileWriteError: Error {
    public var message: String
}

/// Writes `text` to `path`, creating or replacing it (mode 0644), retrying
/// writes that a signal interrupted. Board override files and bench reports
/// go out through it.
public func writeWholeFile(path: String, text: String) throws(FileWriteError) {
    let descriptor = clinux_open(path, clinux_o_wronly_create_truncate(), 0o644)
    guard descriptor >= 0 else {
        throw FileWriteError(message: "cannot create: " + systemErrorDescription(clinux_errno()))
    }
    var failure: Int32 = 0
    var text = text
    text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 && clinux_errno() == clinux_eintr() { continue }
            if written <= 0 {
                failure = written < 0 ? clinux_errno() : 28 // ENOSPC
                return
            }
            offset += written
        }
    }
    // close reports a delayed write error (NFS, a full disk) too.
    if close(descriptor) != 0 && failure == 0 { failure = clinux_errno() }
    if failure != 0 { throw FileWriteError(message: "cannot write: " + systemErrorDescription(failure)) }
}

/// `strerror`'s text for an `errno` value.
public func systemErrorDescription(_ error: Int32) -> String {
    guard let text = strerror(error) else { return "error \(error)" }
    return String(cString: text)
}

extension JSONParser {
    /// Reads and parses the JSON file at `path`. A file that cannot be read is
    /// an error at line 0: `x.json:0: cannot open: No such file or directory`.
    public static func parseFile(path: String) throws(JSONError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(path: path)
        } catch {
            throw JSONError(file: path, line: 0, column: 0, message: error.message)
        }
        return try parse(bytes, file: path)
    }
}
