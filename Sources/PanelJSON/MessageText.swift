/// Input echoed in an error message, made safe and short: the one helper every
/// parser's error uses when it quotes what it read (evemu traces, JSON, scene
/// files, board files).
///
/// - Printable ASCII and valid UTF-8 of printable characters stay as they are.
/// - Control bytes become escapes (`\n`, `\t`, `\r`, `\e`, else `\xNN`), as do
///   DEL and the C1 controls (U+0080–U+009F): a message never drives the terminal.
/// - U+FFFD and the noncharacters U+FFFE and U+FFFF, which a JSON `\u` escape
///   can spell, become `\u{FFFD}`: a `�` in a message always means the
///   reader's terminal, never the input.
/// - Each byte of invalid UTF-8 becomes `\xNN`; a backslash becomes `\\`, so
///   the text reads back unambiguously.
/// - Output past `limit` bytes (escapes counted as written) is cut, with `…`
///   and the whole input's length in bytes: one line, however the input escapes.
///
/// ```swift
/// messageText(Array("\u{1B}]0;PWNED\u{07}".utf8))  // \e]0;PWNED\x07
/// ```
public func messageText(_ bytes: UnsafeRawBufferPointer, limit: Int = MessageText.defaultLimit) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(min(bytes.count, limit) + 32)
    var index = 0
    while index < bytes.count {
        // Write the next character, then take it back and cut if it went past
        // the limit: the limit is on the output, so input that escapes four
        // bytes to one is cut as soon as plain text, and an escape is never split.
        let written = output.count
        let byte = bytes[index]
        var taken = 1
        if byte >= 0x20 && byte < 0x7F {
            if byte == 0x5C { output.append(0x5C) }
            output.append(byte)
        } else if byte < 0x80 {
            MessageText.appendEscape(byte, to: &output)
        } else {
            let sequence = MessageText.validSequenceLength(bytes, at: index)
            if sequence == 0 {
                MessageText.appendHex(byte, to: &output)
            } else {
                taken = sequence
                let scalar = MessageText.scalarValue(bytes, at: index, length: sequence)
                if MessageText.isEscaped(scalar) {
                    output.append(contentsOf: "\\u{".utf8)
                    if scalar > 0xFF {
                        MessageText.appendHexDigits(UInt8(truncatingIfNeeded: scalar >> 8), to: &output)
                    }
                    MessageText.appendHexDigits(UInt8(truncatingIfNeeded: scalar), to: &output)
                    output.append(0x7D)
                } else {
                    for k in 0..<sequence { output.append(bytes[index + k]) }
                }
            }
        }
        if output.count > limit {
            output.removeSubrange(written...)
            output.append(contentsOf: "… (".utf8)
            output.append(contentsOf: String(bytes.count).utf8)
            output.append(contentsOf: " bytes)".utf8)
            break
        }
        index += taken
    }
    return String(decoding: output, as: UTF8.self)
}

/// `messageText(_:limit:)` for bytes in an array.
public func messageText(_ bytes: [UInt8], limit: Int = MessageText.defaultLimit) -> String {
    bytes.withUnsafeBytes { messageText($0, limit: limit) }
}

/// `messageText(_:limit:)` for a string (a JSON string, a name read from a file).
public func messageText(_ text: String, limit: Int = MessageText.defaultLimit) -> String {
    var text = text
    return text.withUTF8 { messageText(UnsafeRawBufferPointer($0), limit: limit) }
}

public enum MessageText {
    /// Bytes of quoted input an error message shows before it cuts: enough for
    /// any name or number a file holds, short enough for one terminal line.
    public static let defaultLimit = 60

    /// The scalar a valid 2- or 3-byte sequence encodes (4-byte ones are
    /// never escaped, so their value is not needed).
    @usableFromInline static func scalarValue(_ bytes: UnsafeRawBufferPointer, at index: Int, length: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        let second = UInt32(bytes[index + 1] & 0x3F)
        switch length {
        case 2: return (lead & 0x1F) << 6 | second
        case 3: return (lead & 0x0F) << 12 | second << 6 | UInt32(bytes[index + 2] & 0x3F)
        default: return 0x10000
        }
    }

    /// C1 controls, the replacement character and the BMP's last two noncharacters.
    @usableFromInline static func isEscaped(_ scalar: UInt32) -> Bool {
        (scalar >= 0x80 && scalar < 0xA0) || scalar >= 0xFFFD && scalar <= 0xFFFF
    }

    @usableFromInline static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case 0x0A: output.append(contentsOf: "\\n".utf8)
        case 0x09: output.append(contentsOf: "\\t".utf8)
        case 0x0D: output.append(contentsOf: "\\r".utf8)
        case 0x1B: output.append(contentsOf: "\\e".utf8)
        default: appendHex(byte, to: &output)
        }
    }

    @usableFromInline static func appendHex(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(0x5C)
        output.append(0x78)
        appendHexDigits(byte, to: &output)
    }

    @usableFromInline static func appendHexDigits(_ byte: UInt8, to output: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        output.append(digits.utf8Start[Int(byte >> 4)])
        output.append(digits.utf8Start[Int(byte & 0xF)])
    }

    /// The length of the valid UTF-8 sequence starting at `index` (2–4), or 0
    /// when it is not one: a stray continuation byte, an overlong form, a
    /// surrogate, a value above U+10FFFF, or a sequence the input cuts short.
    @usableFromInline static func validSequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF // the second byte's range
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        guard bytes[index + 1] >= low && bytes[index + 1] <= high else { return 0 }
        for k in 2..<length where bytes[index + k] < 0x80 || bytes[index + k] > 0xBF { return 0 }
        return length
    }
}
