import CLinux
import PanelJSON
import PanelUI

/// A recorded touch session: the device that produced it and its events in order.
public struct Trace: Equatable {
    /// Where the trace came from, as given to the parser; used in error messages.
    public var path: String
    public var device: TouchDeviceDescription
    public var events: [InputEvent]
    /// The 1-based line of each event in the file, parallel to `events`,
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
    /// Reads and parses the evemu recording at `path`, every event into memory
    /// (for a replay that need not hold them, `TraceReader` streams them).
    ///
    /// - Throws: `TraceError` at line 0 (`cannot open: …`, `cannot read: …`, with
    ///   the system's reason) when the file cannot be read, or the parser's error.
    public static func load(path: String) throws(TraceError) -> Trace {
        let reader = try TraceReader(path: path)
        var events: [InputEvent] = []
        var eventLines: [Int] = []
        while let event = try reader.next() {
            events.append(event)
            eventLines.append(reader.line)
        }
        return Trace(path: path, device: reader.device, events: events, eventLines: eventLines)
    }
}

/// Reads an evemu recording a line at a time through a fixed buffer, so that
/// memory does not grow with the recording's length: the device description
/// at `init(path:)`, then one event per `next()`. `panel replay` and the
/// runtime's `--replay` stream their traces through it.
///
/// Only regular files are read (a FIFO or a device is refused at once), and
/// lines are at most `EvemuFormat.maximumLineLength` bytes.
public final class TraceReader {
    public let path: String
    /// The device, complete once the first event has been read (at init).
    /// A replay may wire it as a board's panel is (`TouchDeviceDescription.positionAxes`)
    /// before building its input path from it.
    public var device: TouchDeviceDescription {
        get { parser.device }
        set { parser.device = newValue }
    }
    /// What the trace's comments say when it is a flight recording (`FlightRecorder`), else nil.
    public var flightRecording: FlightRecording? { parser.flightRecording }
    /// The time of the first event: where a replay's clock starts.
    public private(set) var firstEventTime = 0.0
    /// The 1-based line of the event `next()` returned last.
    public private(set) var line = 0
    /// The buffer's size in bytes: one line at most, plus what was read beyond it.
    public static let bufferSize = 2 * EvemuFormat.maximumLineLength
    /// Events returned by `next()` so far.
    public private(set) var eventsRead = 0

    @usableFromInline var parser: EvemuParser
    @usableFromInline let descriptor: Int32
    @usableFromInline let buffer: UnsafeMutableRawBufferPointer
    /// Unparsed bytes are buffer[start..<end].
    @usableFromInline var start = 0
    @usableFromInline var end = 0
    @usableFromInline var atEndOfFile = false
    @usableFromInline var linesRead = 0
    @usableFromInline var pending: (event: InputEvent, line: Int)?

    /// Opens `path` and reads its device description, up to and including the first event.
    ///
    /// - Throws: `TraceError` at line 0 when the file cannot be read, or the
    ///   parser's error for the description (or an empty file, or one without events).
    public init(path: String) throws(TraceError) {
        self.path = path
        parser = EvemuParser(path: path)
        do {
            descriptor = try openRegularFile(path: path)
        } catch {
            throw TraceError(path: path, line: 0, message: error.message)
        }
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 1)
        // Every stored property is set from here on, so a throw runs deinit, which closes and frees.
        let first = try readEvent()
        // finish() throws for a file without events, so there is a first one after it.
        if first == nil { try parser.finish(lineCount: linesRead) }
        pending = first
        firstEventTime = first?.event.time ?? 0
    }

    deinit {
        _ = close(descriptor)
        buffer.deallocate()
    }

    /// The next event, or nil at the end of the file.
    public func next() throws(TraceError) -> InputEvent? {
        if let pending {
            self.pending = nil
            line = pending.line
            eventsRead += 1
            return pending.event
        }
        guard let next = try readEvent() else {
            try parser.finish(lineCount: linesRead)
            return nil
        }
        line = next.line
        eventsRead += 1
        return next.event
    }

    /// Reads lines until one holds an event; nil at the end of the file.
    @usableFromInline func readEvent() throws(TraceError) -> (event: InputEvent, line: Int)? {
        while true {
            guard let lineEnd = try nextLineEnd() else { return nil }
            linesRead += 1
            let text = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
            start = min(lineEnd + 1, end)
            if let event = try parser.parseLine(text, number: linesRead) { return (event, linesRead) }
        }
    }

    /// Where the line starting at `start` ends (its newline, or the end of the
    /// file's last line), reading more as needed; nil when nothing is left.
    @usableFromInline func nextLineEnd() throws(TraceError) -> Int? {
        var scanned = start
        while true {
            while scanned < end {
                if buffer[scanned] == ASCII.newline { return scanned }
                scanned += 1
            }
            if atEndOfFile { return end > start ? end : nil }
            let length = end - start
            guard length <= EvemuFormat.maximumLineLength else {
                throw TraceError(
                    path: path, line: linesRead + 1,
                    message: "the line is longer than "
                        + String(EvemuFormat.maximumLineLength) + " bytes; evemu lines are at most that (it starts '"
                        + messageText(UnsafeRawBufferPointer(rebasing: buffer[start..<(start + 40)]), limit: 40) + "…')"
                )
            }
            // Move the partial line to the front, then fill the rest.
            if start > 0 {
                if length > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: length) }
                start = 0
                end = length
                scanned = length
            }
            let count = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
            if count < 0 {
                let error = clinux_errno()
                if error == clinux_eintr() { continue }
                throw TraceError(path: path, line: 0, message: "cannot read: " + systemErrorDescription(error))
            }
            if count == 0 { atEndOfFile = true }
            end += count
        }
    }

    /// Reads the whole recording at `path`, holding one line at a time, and
    /// fails on its first problem: the check a replay makes before it starts,
    /// so that a bad line late in a long trace stops it before any output.
    public static func check(path: String) throws(TraceError) {
        let reader = try TraceReader(path: path)
        while try reader.next() != nil {}
    }
}
