import CLinux
import PanelJSON
import PanelLinux
import PanelUI

/// The process's command line, read from /proc/self/cmdline: Embedded Swift
/// has no `CommandLine`, and a board is Linux.
public enum ProcessArguments {
    /// The arguments after the program name.
    public static func read() -> [String] {
        let all = readAll()
        return all.isEmpty ? [] : Array(all.dropFirst())
    }

    /// The program's name as started (argv[0]'s last component).
    public static var programName: String {
        guard let first = readAll().first else { return "app" }
        return lastPathComponent(first)
    }

    static func readAll() -> [String] {
        let fd = clinux_open("/proc/self/cmdline", clinux_o_rdonly(), 0)
        guard fd >= 0 else { return [] }
        defer { _ = close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { CLinux.read(fd, $0.baseAddress, 4096) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        var words: [String] = []
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 0 {
            words.append(String(decoding: bytes[start..<i], as: UTF8.self))
            start = i + 1
        }
        return words
    }
}

/// The command line of PanelKit's own board binaries (panel-demo,
/// panel-bench): the words after the program name, `--name value` options
/// taken out by `option(_:)` and the rest left in order. An app's options go
/// through `ApplicationDelegate.options` instead.
package struct ToolArguments {
    /// The program's name in its error lines.
    package let program: String
    package var words: [String]

    package init(program: String, argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        self.program = program
        words = []
        var i = 1
        while i < Int(argc) {
            if let word = argv[i] { words.append(String(cString: word)) }
            i += 1
        }
    }

    /// Prints `PROGRAM: error: MESSAGE` on standard error and exits with status 1.
    package func fail(_ message: String) -> Never {
        writeError(program + ": error: " + message + "\n")
        _exit(1)
    }

    /// Removes `--name VALUE` (or `--name=VALUE`) and returns VALUE; nil when absent.
    package mutating func option(_ name: String) -> String? {
        var i = 0
        while i < words.count {
            let word = words[i]
            if sameBytes(word, name) {
                guard i + 1 < words.count else { fail(name + " needs a value") }
                let value = words[i + 1]
                words.removeSubrange(i...(i + 1))
                return value
            }
            if hasPrefixBytes(word, name + "=") {
                words.remove(at: i)
                return String(word.utf8.dropFirst(name.utf8.count + 1))!
            }
            i += 1
        }
        return nil
    }

    /// Removes `flag` and says whether it was there.
    package mutating func flag(_ flag: String) -> Bool {
        guard let index = words.firstIndex(where: { sameBytes($0, flag) }) else { return false }
        words.remove(at: index)
        return true
    }

    /// Fails on any option left over, naming it.
    package func rejectUnknownOptions(_ usage: String) {
        for word in words where hasPrefixBytes(word, "--") {
            fail("unknown option '" + word + "'\n" + usage)
        }
    }
}

/// Ends the process with `status`, after flushing standard output (`print`).
public func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

/// Writes `text` to standard error, unbuffered.
public func writeError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(2, base + offset, bytes.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
}

/// The folder holding this executable, from /proc/self/exe; "." when that cannot be read.
public func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4097)
    let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, 4096) }
    guard count > 0 else { return "." }
    buffer[count] = 0
    let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return parentDirectory(path)
}

func parentDirectory(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
}

func lastPathComponent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.index(after: slash)...])
}

/// Whether `path` is a folder.
func isDirectory(_ path: String) -> Bool {
    guard let directory = opendir(path) else { return false }
    closedir(directory)
    return true
}

/// Whether `path` is a file this process can read.
func isFile(_ path: String) -> Bool {
    access(path, R_OK) == 0 && !isDirectory(path)
}

/// The names in `folder` that end with `suffix`, sorted; none when the folder is missing.
public func fileNames(in folder: String, suffix: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let name = clinux_readdir_name(directory) {
        let entry = String(cString: name)
        if hasSuffixBytes(entry, suffix) { names.append(entry) }
    }
    names.sort(by: bytesPrecede)
    return names
}

/// The current folder, absolute.
func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4097)
    let ok = buffer.withUnsafeMutableBufferPointer { getcwd($0.baseAddress!, 4096) != nil }
    return ok ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : "."
}

/// A folder PanelKit ships (`assets`, `boards`): the one given, else the
/// environment variable's, else `name` in the current folder, else beside the
/// executable or a folder above it (a board bundle, the `panel` of a
/// checkout), else in the PanelKit checkout this module was compiled from (an
/// app that depends on PanelKit by path or URL, on the machine that built
/// it), else in a checkout found walking up from the current folder.
/// `marker` must exist inside it (`.` for the folder alone). The runtime and
/// the `panel` tool both look folders up through this.
public func locatePanelKitFolder(_ name: String, given: String?, marker: String, variable: String) -> String? {
    func holds(_ folder: String) -> Bool { isDirectory(folder + "/" + marker) }
    func walkingUp(from start: String) -> String? {
        var folder = start
        for _ in 0..<8 {
            if holds(folder + "/" + name) { return folder + "/" + name }
            if sameBytes(folder, "/") || sameBytes(folder, ".") { return nil }
            folder = parentDirectory(folder)
        }
        return nil
    }
    if let given { return holds(given) ? given : nil }
    if let value = environmentVariable(variable), holds(value) { return value }
    if holds(name) { return name }
    if let found = walkingUp(from: executableDirectory()) { return found }
    // Sources/PanelKit/Process.swift → the checkout.
    let checkout = parentDirectory(parentDirectory(parentDirectory(#filePath)))
    if holds(checkout + "/" + name) { return checkout + "/" + name }
    return walkingUp(from: currentDirectory())
}
