// Foundation-free helpers for the board binary: standard error, fixed-point
// numbers, the bundle folder and the command line.
import CLinux

/// Writes `text` to standard error, unbuffered.
func writeError(_ text: String) {
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

/// Prints `panel-demo: error: MESSAGE` on standard error and exits with status 1.
func fail(_ message: String) -> Never {
    writeError("panel-demo: error: " + message + "\n")
    _exit(1)
}

/// `value` with `digits` decimals, rounded half away from zero ("%.*f" without printf).
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64((value < 0 ? -value : value) * Double(scale) + 0.5)
    var fraction = String(scaled % scale)
    while fraction.utf8.count < digits { fraction = "0" + fraction }
    return (value < 0 && scaled != 0 ? "-" : "") + String(scaled / scale) + (digits > 0 ? "." + fraction : "")
}

/// The folder holding this executable (the bundle: `assets/` lies beside it),
/// from /proc/self/exe; "." when that cannot be read.
func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4097)
    let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, 4096) }
    guard count > 0 else { return "." }
    buffer[count] = 0
    let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
}

/// The command line's arguments after the program name, with `--name value` options
/// taken out by ``option(_:)`` and the rest left in order.
struct Arguments {
    var words: [String]

    init(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        words = []
        var i = 1
        while i < Int(argc) {
            if let word = argv[i] { words.append(String(cString: word)) }
            i += 1
        }
    }

    /// Removes `--name VALUE` (or `--name=VALUE`) and returns VALUE; nil when absent.
    mutating func option(_ name: String) -> String? {
        var i = 0
        while i < words.count {
            let word = words[i]
            if word == name {
                guard i + 1 < words.count else { fail(name + " needs a value") }
                let value = words[i + 1]
                words.removeSubrange(i...(i + 1))
                return value
            }
            if word.hasPrefix(name + "=") {
                words.remove(at: i)
                return String(word.utf8.dropFirst(name.utf8.count + 1))!
            }
            i += 1
        }
        return nil
    }

    /// Fails on any option left over, naming it.
    func rejectUnknownOptions(_ usage: String) {
        for word in words where word.hasPrefix("--") {
            fail("unknown option '" + word + "'\n" + usage)
        }
    }
}
