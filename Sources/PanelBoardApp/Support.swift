// Foundation-free helpers for the board binary's modes: failing with one
// line and the command line. (PanelKit has writeError, fixed and executableDirectory.)
import CLinux
import PanelKit

/// Prints `panel-demo: error: MESSAGE` on standard error and exits with status 1.
func fail(_ message: String) -> Never {
    writeError("panel-demo: error: " + message + "\n")
    _exit(1)
}

/// The command line's arguments after the program name, with `--name value` options
/// taken out by `option(_:)` and the rest left in order.
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
