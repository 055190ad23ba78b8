import CLinux

/// Why a file could not be read: "cannot open: No such file or directory".
public struct FileReadError: Error {
    public var message: String
}

/// The whole file's bytes, read with `open`/`read`/`close`, retrying reads
/// that a signal interrupted. Traces and scene files load through it.
public func readWholeFile(path: String) throws(FileReadError) -> [UInt8] {
    let descriptor = clinux_open(path, clinux_o_rdonly(), 0)
    guard descriptor >= 0 else {
        throw FileReadError(message: "cannot open: \(systemErrorDescription(clinux_errno()))")
    }
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
            if error == clinux_eintr() { continue }
            throw FileReadError(message: "cannot read: \(systemErrorDescription(error))")
        }
        contents.append(contentsOf: chunk[0..<count])
    }
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
            if written <= 0 { failure = written < 0 ? clinux_errno() : 28 /* ENOSPC */; return }
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
