import PanelJSON
import PanelUI

/// Reads evemu recordings (`evemu-record` output, file format 1.3 and older):
///
/// ```
/// # EVEMU 1.3
/// # …comment header; its per-axis "Value" lines give each axis's value at start…
/// N: <device name>
/// I: <bus> <vendor> <product> <version>          (hex)
/// P: <8 hex bytes>                                (INPUT_PROP bitmask, repeated)
/// B: <type> <8 hex bytes>                         (event code bitmask, repeated per type)
/// A: <code> <min> <max> <fuzz> <flat> [<resolution>]   (code hex, the rest decimal)
/// L: <code> <state>   S: <code> <state>           (LEDs and switches, accepted and ignored)
/// E: <sec>.<usec> <type> <code> <value>           (type and code hex, value decimal)
/// ```
///
/// `#` starts a comment, on a line of its own or after a line's fields. The
/// comment header's `Value` lines are the only place an evemu file records an
/// axis's value at start, and so the current slot (H2); they fill
/// `AbsoluteAxisInfo.value`.
///
/// Parsing allocates (it is start-up work) and takes time linear in the file's size.
public enum EvemuFormat {
    /// Parses a whole recording.
    ///
    /// - Parameter path: names the file in errors and in the `Trace`.
    /// - Throws: `TraceError` naming the first line that does not fit the format,
    ///   or the last line when the file ends too early. Never traps on malformed input.
    public static func parse(_ bytes: UnsafeRawBufferPointer, path: String) throws(TraceError) -> Trace {
        var parser = EvemuParser(path: path)
        var events: [InputEvent] = []
        var eventLines: [Int] = []
        var lineStart = 0
        var lineNumber = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != ASCII.newline { lineEnd += 1 }
            lineNumber += 1
            if let event = try parser.parseLine(
                UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd]), number: lineNumber)
            {
                events.append(event)
                eventLines.append(lineNumber)
            }
            lineStart = lineEnd + 1
        }
        try parser.finish(lineCount: lineNumber)
        return Trace(path: path, device: parser.device, events: events, eventLines: eventLines)
    }

    /// The longest line a recording may have, in bytes: evemu's lines hold a few
    /// dozen; a longer one is not a recording, and a streaming reader
    /// (`TraceReader`) needs a bound for its buffer.
    public static let maximumLineLength = 4096
}

/// The parser's state between lines.
@usableFromInline struct EvemuParser {
    @usableFromInline let path: String
    @usableFromInline var device = TouchDeviceDescription(name: "")
    @usableFromInline var hasName = false
    @usableFromInline var hasIdentity = false
    @usableFromInline var axisCount = 0
    @usableFromInline var propertyByteCount = 0
    /// Bitmask bytes seen so far per event type, for `B:` lines that continue a mask.
    @usableFromInline var bitmaskByteCounts = [Int](repeating: 0, count: Int(EventType.maximum) + 1)
    /// Axis values from the comment header, by `ABS_*` code.
    @usableFromInline var headerAxisValues = [Int32?](repeating: nil, count: Int(AbsoluteAxis.count))
    @usableFromInline var headerEventType: Int?
    @usableFromInline var headerAxisCode: Int?
    /// What a flight recording's comments say (`readFlightComment`); nil for other traces.
    @usableFromInline var flightRecording: FlightRecording?
    /// Events parsed so far; the parser keeps only the last one's time.
    @usableFromInline var eventCount = 0
    @usableFromInline var previousTime = 0.0
    @usableFromInline var previousTimeText = ""
    @usableFromInline var previousTimeLine = 0

    @usableFromInline init(path: String) {
        self.path = path
    }

    /// Parses one line (without its newline); returns the event of an `E:` line.
    @usableFromInline mutating func parseLine(_ rawLine: UnsafeRawBufferPointer, number: Int) throws(TraceError)
        -> InputEvent?
    {
        guard rawLine.count <= EvemuFormat.maximumLineLength else {
            throw error(
                number,
                "the line is longer than " + String(EvemuFormat.maximumLineLength)
                    + " bytes; evemu lines are at most that (it starts '"
                    + Field.text(UnsafeRawBufferPointer(rebasing: rawLine[0..<40])) + "…')")
        }
        var line = rawLine
        if let last = line.last, last == ASCII.carriageReturn {
            line = UnsafeRawBufferPointer(rebasing: line[0..<(line.count - 1)])
        }
        guard let first = line.firstIndex(where: { !ASCII.isSpace($0) }) else { return nil }
        if line[first] == ASCII.hash {
            // Comments after the first event are decoration, such as evemu's per-event notes.
            if eventCount == 0 { readHeaderComment(UnsafeRawBufferPointer(rebasing: line[(first + 1)...])) }
            return nil
        }
        guard first == 0, line.count >= 2, line[1] == ASCII.colon else {
            throw error(
                number,
                "unrecognized line '\(Field.text(line))'; expected a line starting with "
                    + "'#', 'N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:' or 'E:'")
        }
        let prefix = line[0]
        let body = UnsafeRawBufferPointer(rebasing: line[2...])
        if prefix == ASCII.letterE {
            return try parseEvent(Field.split(withoutComment(body)), line: number)
        }
        guard let kind = DescriptionLine(rawValue: prefix) else {
            throw error(
                number,
                "unknown line prefix '\(Field.text(UnsafeRawBufferPointer(rebasing: line[0..<2])))'; "
                    + "expected '#', 'N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:' or 'E:'")
        }
        guard eventCount == 0 else {
            throw error(
                number,
                "'\(kind.prefix)' line after the first event; expected the device "
                    + "description (N:, I:, P:, B:, A:) before any 'E:' line")
        }
        if kind == .name {
            try parseName(body, line: number)
            return nil
        }
        guard hasName else {
            throw error(number, "'\(kind.prefix)' line before the device name; expected 'N: <device name>' first")
        }
        let fields = Field.split(withoutComment(body))
        switch kind {
        case .name: break
        case .identity: try parseIdentity(fields, line: number)
        case .properties: try parseProperties(fields, line: number)
        case .bitmask: try parseBitmask(fields, line: number)
        case .axis: try parseAxis(fields, line: number)
        case .led, .switchState: try parseState(fields, kind: kind, line: number)
        }
        return nil
    }

    /// Checks the end of the file: it must have held a device description and events.
    @usableFromInline func finish(lineCount: Int) throws(TraceError) {
        let lastLine = max(lineCount, 1)
        if lineCount == 0 {
            throw error(
                lastLine,
                "empty file; expected an evemu recording: 'N:', 'I:' and 'A:' lines "
                    + "describing the device, then 'E:' event lines")
        }
        if eventCount == 0 {
            if let missing = missingDescription() {
                throw error(lastLine, "file ends before the device description is complete: expected \(missing)")
            }
            throw error(
                lastLine,
                "no events: expected 'E: <seconds> <type> <code> <value>' lines after "
                    + "the device description")
        }
    }

    // MARK: - Description lines

    @usableFromInline mutating func parseName(_ body: UnsafeRawBufferPointer, line: Int) throws(TraceError) {
        guard !hasName else {
            throw error(line, "second 'N:' line; expected one device description per recording")
        }
        // The name is the rest of the line, '#' included: names may contain it.
        let name = Field.trimmed(body)
        guard name.count > 0 else {
            throw error(line, "expected 'N: <device name>', found an empty name")
        }
        device.name = String(decoding: name, as: UTF8.self)
        hasName = true
    }

    @usableFromInline mutating func parseIdentity(_ fields: [Field], line: Int) throws(TraceError) {
        guard fields.count == 4 else {
            throw error(line, "expected 'I: <bus> <vendor> <product> <version>' (4 hex fields), found \(fields.count)")
        }
        let names = ["bus type", "vendor id", "product id", "version"]
        var values: [UInt16] = []
        for index in 0..<4 {
            let value = try hex(fields[index], names[index], maximum: 0xffff, line: line)
            values.append(UInt16(value))
        }
        device.busType = values[0]
        device.vendor = values[1]
        device.product = values[2]
        device.version = values[3]
        hasIdentity = true
    }

    @usableFromInline mutating func parseProperties(_ fields: [Field], line: Int) throws(TraceError) {
        guard fields.count == 8 else {
            throw error(line, "expected 'P:' and 8 hex bytes of the INPUT_PROP bitmask, found \(fields.count) fields")
        }
        for field in fields {
            let byte = try hex(field, "a property bitmask byte", maximum: 0xff, line: line)
            // Properties beyond INPUT_PROP_MAX (31) do not exist; their bits are dropped.
            if propertyByteCount < 4 {
                device.properties |= byte << UInt32(8 * propertyByteCount)
            }
            propertyByteCount += 1
        }
    }

    @usableFromInline mutating func parseBitmask(_ fields: [Field], line: Int) throws(TraceError) {
        guard fields.count == 9 else {
            throw error(
                line,
                "expected 'B: <type>' and 8 hex bytes of its code bitmask (9 fields), "
                    + "found \(fields.count)")
        }
        let type = try Int(hex(fields[0], "an event type", maximum: UInt32(EventType.maximum), line: line))
        for field in fields[1...] {
            let byte = try hex(field, "a bitmask byte", maximum: 0xff, line: line)
            let byteIndex = bitmaskByteCounts[type]
            bitmaskByteCounts[type] += 1
            guard UInt16(type) == EventType.key, byte != 0 else { continue }
            for bit in 0..<8 where byte & (1 << UInt32(bit)) != 0 {
                let code = byteIndex * 8 + bit
                if code <= Int(KeyCode.maximum) { device.keys.append(UInt16(code)) }
            }
        }
    }

    @usableFromInline mutating func parseAxis(_ fields: [Field], line: Int) throws(TraceError) {
        guard fields.count == 6 || fields.count == 5 else {
            throw error(
                line,
                "expected 'A: <code> <min> <max> <fuzz> <flat> <resolution>' (6 fields), "
                    + "found \(fields.count)")
        }
        let code = try Int(hex(fields[0], "an axis code", maximum: UInt32(AbsoluteAxis.count) - 1, line: line))
        guard device.absoluteAxes[code] == nil else {
            throw error(
                line,
                "second 'A:' line for axis 0x\(hexDigits(UInt32(code), width: 2)); "
                    + "expected one line per axis")
        }
        let minimum = try decimal(fields[1], "the axis minimum", line: line)
        let maximum = try decimal(fields[2], "the axis maximum", line: line)
        let fuzz = try decimal(fields[3], "the axis fuzz", line: line)
        let flat = try decimal(fields[4], "the axis flat", line: line)
        // Format 1.1 and older has no resolution field.
        var resolution: Int32 = 0
        if fields.count == 6 { resolution = try decimal(fields[5], "the axis resolution", line: line) }
        device.absoluteAxes[code] = AbsoluteAxisInfo(
            value: headerAxisValues[code] ?? 0, minimum: minimum, maximum: maximum,
            fuzz: fuzz, flat: flat, resolution: resolution)
        axisCount += 1
    }

    @usableFromInline func parseState(_ fields: [Field], kind: DescriptionLine, line: Int) throws(TraceError) {
        guard fields.count == 2 else {
            throw error(line, "expected '\(kind.prefix) <code> <state>' (2 fields), found \(fields.count)")
        }
        _ = try hex(fields[0], "a code", maximum: 0xffff, line: line)
        _ = try decimal(fields[1], "a state", line: line)
    }

    /// Reads `Event type`, `Event code` and `Value` lines of the comment header;
    /// anything else there is a plain comment.
    @usableFromInline mutating func readHeaderComment(_ body: UnsafeRawBufferPointer) {
        let words = Field.split(body)
        guard words.count >= 2 else { return }
        if words.count >= 4 && words[0].equals("PanelKit") && words[1].equals("flight") && words[2].equals("recording")
        {
            readFlightComment(words, body)
        } else if words[0].equals("Event"), words.count >= 3, let number = parseUnsigned(words[2].bytes) {
            if words[1].equals("type") {
                headerEventType = number
                headerAxisCode = nil
            } else if words[1].equals("code") {
                let isAxis = headerEventType == Int(EventType.absolute) && number < Int(AbsoluteAxis.count)
                headerAxisCode = isAxis ? number : nil
            }
        } else if words[0].equals("Value"), let code = headerAxisCode, let value = parseDecimal(words[1].bytes) {
            headerAxisValues[code] = value
        }
    }

    // MARK: - Events

    @usableFromInline mutating func parseEvent(_ fields: [Field], line: Int) throws(TraceError) -> InputEvent {
        if eventCount == 0, let missing = missingDescription() {
            throw error(
                line,
                "event before the device description is complete: expected \(missing) "
                    + "before the first 'E:' line")
        }
        guard fields.count == 4 else {
            throw error(line, "expected 'E: <seconds> <type> <code> <value>' (4 fields), found \(fields.count)")
        }
        guard let time = parseTimestamp(fields[0].bytes) else {
            throw error(line, "expected a timestamp '<seconds>.<microseconds>', found '\(fields[0].text)'")
        }
        let type = try hex(fields[1], "an event type", maximum: 0xffff, line: line)
        guard EventType.isKnown(UInt16(type)) else {
            throw error(
                line,
                "unknown event type 0x\(hexDigits(type, width: 4)); expected one of "
                    + "linux/input-event-codes.h's EV_* types")
        }
        let code = try hex(fields[2], "an event code", maximum: 0xffff, line: line)
        let value = try decimal(fields[3], "the event value", line: line)
        if eventCount > 0, time < previousTime {
            throw error(
                line,
                "timestamp \(fields[0].text) is earlier than \(previousTimeText) on line "
                    + "\(previousTimeLine); expected events in recording order")
        }
        eventCount += 1
        previousTime = time
        previousTimeText = fields[0].text
        previousTimeLine = line
        return InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
    }

    /// What the description still lacks, as the lines to add; nil when complete.
    @usableFromInline func missingDescription() -> String? {
        if !hasName { return "'N: <device name>', 'I:' and 'A:' lines" }
        if !hasIdentity { return "'I: <bus> <vendor> <product> <version>'" }
        // A keyboard (`B: 01` key bits, no axes) is a whole description too: `--replay` types it.
        if axisCount == 0 && device.keys.isEmpty {
            return "'A: <code> <min> <max> <fuzz> <flat> <resolution>' axis lines"
        }
        return nil
    }

    // MARK: - Fields

    @usableFromInline func error(_ line: Int, _ message: String) -> TraceError {
        TraceError(path: path, line: line, message: message)
    }

    @usableFromInline func hex(_ field: Field, _ what: String, maximum: UInt32, line: Int) throws(TraceError) -> UInt32
    {
        guard let value = parseHex(field.bytes), value <= maximum else {
            throw error(
                line,
                "expected \(what) in hexadecimal (at most 0x\(hexDigits(maximum, width: 2))), "
                    + "found '\(field.text)'")
        }
        return value
    }

    @usableFromInline func decimal(_ field: Field, _ what: String, line: Int) throws(TraceError) -> Int32 {
        guard let value = parseDecimal(field.bytes) else {
            throw error(line, "expected \(what) as a decimal integer, found '\(field.text)'")
        }
        return value
    }

    @usableFromInline func withoutComment(_ body: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard let hash = body.firstIndex(of: ASCII.hash) else { return body }
        return UnsafeRawBufferPointer(rebasing: body[0..<hash])
    }
}

/// The description lines, by their prefix letter.
@usableFromInline enum DescriptionLine: UInt8 {
    case name = 0x4E // N
    case identity = 0x49 // I
    case properties = 0x50 // P
    case bitmask = 0x42 // B
    case axis = 0x41 // A
    case led = 0x4C // L
    case switchState = 0x53 // S

    @usableFromInline var prefix: String {
        switch self {
        case .name: "N:"
        case .identity: "I:"
        case .properties: "P:"
        case .bitmask: "B:"
        case .axis: "A:"
        case .led: "L:"
        case .switchState: "S:"
        }
    }
}

/// One whitespace-separated field of a line.
@usableFromInline struct Field {
    @usableFromInline let bytes: UnsafeRawBufferPointer

    /// The field as text for messages.
    @usableFromInline var text: String { Field.text(bytes) }

    @usableFromInline func equals(_ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }

    @usableFromInline static func split(_ line: UnsafeRawBufferPointer) -> [Field] {
        var fields: [Field] = []
        var index = 0
        while index < line.count {
            while index < line.count && ASCII.isSpace(line[index]) { index += 1 }
            let start = index
            while index < line.count && !ASCII.isSpace(line[index]) { index += 1 }
            if index > start { fields.append(Field(bytes: UnsafeRawBufferPointer(rebasing: line[start..<index]))) }
        }
        return fields
    }

    @usableFromInline static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end && ASCII.isSpace(bytes[start]) { start += 1 }
        while end > start && ASCII.isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// Text for a message: control bytes and invalid UTF-8 escaped, cut
    /// short so the message stays one readable line (`messageText(_:limit:)`).
    @usableFromInline static func text(_ bytes: UnsafeRawBufferPointer, limit: Int = 40) -> String {
        messageText(bytes, limit: limit)
    }
}

@usableFromInline enum ASCII {
    @usableFromInline static let newline: UInt8 = 0x0A
    @usableFromInline static let carriageReturn: UInt8 = 0x0D
    @usableFromInline static let space: UInt8 = 0x20
    @usableFromInline static let tab: UInt8 = 0x09
    @usableFromInline static let hash: UInt8 = 0x23
    @usableFromInline static let colon: UInt8 = 0x3A
    @usableFromInline static let period: UInt8 = 0x2E
    @usableFromInline static let minus: UInt8 = 0x2D
    @usableFromInline static let plus: UInt8 = 0x2B
    @usableFromInline static let zero: UInt8 = 0x30
    @usableFromInline static let letterE: UInt8 = 0x45

    @usableFromInline static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == carriageReturn
    }

    @usableFromInline static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        default: nil
        }
    }

    @usableFromInline static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}

/// Hex digits with an optional `0x`; nil when empty, not hex, or above `UInt32.max`.
func parseHex(_ bytes: UnsafeRawBufferPointer) -> UInt32? {
    var digits = bytes
    if digits.count > 2 && digits[0] == ASCII.zero && (digits[1] == 0x78 || digits[1] == 0x58) {
        digits = UnsafeRawBufferPointer(rebasing: digits[2...])
    }
    guard digits.count > 0 else { return nil }
    var value: UInt32 = 0
    for byte in digits {
        guard let digit = ASCII.hexDigitValue(byte) else { return nil }
        let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
        guard !overflow else { return nil }
        value = shifted | digit
    }
    return value
}

/// A decimal integer with an optional sign, as evemu writes values (`-001`); nil
/// when it is not one or does not fit in `Int32`.
func parseDecimal(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    var index = 0
    var isNegative = false
    if bytes.count > 0 && (bytes[0] == ASCII.minus || bytes[0] == ASCII.plus) {
        isNegative = bytes[0] == ASCII.minus
        index = 1
    }
    guard index < bytes.count else { return nil }
    var magnitude: Int64 = 0
    while index < bytes.count {
        guard let digit = ASCII.digitValue(bytes[index]) else { return nil }
        magnitude = magnitude * 10 + Int64(digit)
        // Past Int32's range already: stop before Int64 could overflow.
        guard magnitude <= Int64(Int32.max) + 1 else { return nil }
        index += 1
    }
    let value = isNegative ? -magnitude : magnitude
    guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { return nil }
    return Int32(value)
}

/// Decimal digits only, small enough for an `Int`; for the comment header.
func parseUnsigned(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard bytes.count > 0 && bytes.count <= 9 else { return nil }
    var value = 0
    for byte in bytes {
        guard let digit = ASCII.digitValue(byte) else { return nil }
        value = value * 10 + Int(digit)
    }
    return value
}

/// `<seconds>[.<fraction>]` in seconds; nil when malformed or absurdly long.
func parseTimestamp(_ bytes: UnsafeRawBufferPointer) -> Double? {
    var index = 0
    var seconds: UInt64 = 0
    var secondDigits = 0
    while index < bytes.count, let digit = ASCII.digitValue(bytes[index]) {
        guard secondDigits < 18 else { return nil }
        seconds = seconds * 10 + UInt64(digit)
        secondDigits += 1
        index += 1
    }
    guard secondDigits > 0 else { return nil }
    if index == bytes.count { return Double(seconds) }
    guard bytes[index] == ASCII.period else { return nil }
    index += 1
    var fraction: UInt64 = 0
    var scale: UInt64 = 1
    var fractionDigits = 0
    while index < bytes.count, let digit = ASCII.digitValue(bytes[index]) {
        guard fractionDigits < 18 else { return nil }
        fraction = fraction * 10 + UInt64(digit)
        scale *= 10
        fractionDigits += 1
        index += 1
    }
    guard index == bytes.count, fractionDigits > 0 else { return nil }
    return Double(seconds) + Double(fraction) / Double(scale)
}

/// `value` in lowercase hex, zero-padded to `width` digits.
func hexDigits(_ value: UInt32, width: Int) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var reversed: [UInt8] = []
    var remaining = value
    repeat {
        reversed.append(digits[Int(remaining & 0xf)])
        remaining >>= 4
    } while remaining != 0
    while reversed.count < width { reversed.append(ASCII.zero) }
    return String(decoding: reversed.reversed(), as: UTF8.self)
}
