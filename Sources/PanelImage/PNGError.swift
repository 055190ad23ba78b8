/// A PNG file could not be written or read: which file, which way, and what
/// libpng said.
public struct PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Which way the file was being used.
    public enum Operation: Equatable, Sendable {
        case writing
        case reading
    }

    /// The file, as given.
    public let path: String
    public let operation: Operation
    /// libpng's own words (for example "No such file or directory" or
    /// "Not a PNG file"), or PanelKit's where libpng was never asked.
    public let message: String

    public init(path: String, operation: Operation, message: String) {
        self.path = path
        self.operation = operation
        self.message = message
    }

    public var description: String {
        switch operation {
        case .writing: return "cannot write PNG file '\(path)': \(message)"
        case .reading: return "cannot read PNG file '\(path)': \(message)"
        }
    }
}
