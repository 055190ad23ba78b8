import CLinux
import PanelJSON
import PanelKit

/// A recorded touch session: the device that produced it and its events in order.
public struct Trace: Equatable {
    /// Where the trace came from, as given to the parser; used in error messages.
    public var path: String
    public var device: TouchDeviceDescription
    public var events: [InputEvent]
    /// The 1-based line of each event in the file, parallel to ``events``,
    /// so that replay problems can point at the line that caused them.
    public var eventLines: [Int]

    public init(path: String, device: TouchDeviceDescription, events: [InputEvent], eventLines: [Int]) {
        self.path = path
        self.device = device
        self.events = events
        self.eventLines = eventLines
    }
}

extension Trace {
    /// Reads and parses the evemu recording at `path`.
    ///
    /// - Throws: ``TraceError`` at line 0 (`cannot open: …`, `cannot read: …`, with
    ///   the system's reason) when the file cannot be read, or the parser's error.
    public static func load(path: String) throws(TraceError) -> Trace {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(path: path)
        } catch {
            throw TraceError(path: path, line: 0, message: error.message)
        }
        var outcome: Result<Trace, TraceError> = .failure(TraceError(path: path, line: 0, message: "not parsed"))
        bytes.withUnsafeBytes { buffer in
            do throws(TraceError) {
                outcome = .success(try EvemuFormat.parse(buffer, path: path))
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome.get()
    }
}
