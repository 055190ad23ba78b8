/// A problem with a JSON file, as one compiler-style line:
/// `<file>:<line>:<column>: <json path>: <message>`, where the message says
/// what was expected, so the line tells how to fix the file.
///
/// The JSON path (`views[2].children[0].kind`) is empty for syntax errors and
/// for problems with the whole document.
public struct JSONError: Error, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the problem is the file as a whole (it cannot be read).
    public var line: Int
    public var column: Int
    public var path: String
    public var message: String

    public init(file: String, line: Int, column: Int, path: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    public var description: String {
        var text = file + ":" + String(line)
        if line > 0 { text += ":" + String(column) }
        text += ": "
        // A path holds the file's keys: escaped and cut like any echoed input.
        if !path.isEmpty { text += messageText(path, limit: 2 * MessageText.defaultLimit) + ": " }
        return text + message
    }
}
