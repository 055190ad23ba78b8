/// A problem with a trace file, reported as one compiler-style line:
/// `<path>:<line>: <message>`, where the message says what was expected,
/// so the line tells how to fix the file.
///
/// Line 0 means the file as a whole (it cannot be opened or read).
public struct TraceError: Error, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based line number; 0 when the problem is the file itself.
    public var line: Int
    public var message: String

    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "\(path):\(line): \(message)" }
}
