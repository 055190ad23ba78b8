/// Parses JSON text (RFC 8259) into `JSONValue`s that remember their line
/// and column. Foundation-free, so board files and scene files load the same
/// way on a desktop and in an Embedded Swift binary on the board.
///
/// Numbers become `Double`. Those with at most 15 significant digits and a
/// decimal exponent within ±22 (every number a scene or board file holds)
/// convert exactly as the compiler would; longer ones may be off in the last bit.
///
/// Parsing allocates (it is start-up work); it never traps on malformed input.
public struct JSONParser {
    /// Deeper nesting than this is refused rather than risking the stack.
    public static let maximumDepth = 64

    @usableFromInline let bytes: [UInt8]
    @usableFromInline let file: String
    @usableFromInline var index = 0
    @usableFromInline var line = 1
    @usableFromInline var lineStart = 0
    @usableFromInline var depth = 0

    /// Parses one JSON document; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected text after the JSON value; a file holds one value")
        }
        return value
    }

    @usableFromInline init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        // A UTF-8 byte order mark is not JSON, but editors write it.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    @usableFromInline var column: Int { index - lineStart + 1 }

    @usableFromInline func error(_ message: String) -> JSONError {
        JSONError(file: file, line: line, column: column, message: message)
    }

    @usableFromInline var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    @usableFromInline mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    @usableFromInline mutating func parseValue() throws(JSONError) -> JSONValue {
        guard let byte = current else { throw error("the file ends where a value was expected") }
        let startLine = line
        let startColumn = column
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(.object(try parseObject()), line: startLine, column: startColumn)
        case UInt8(ascii: "["): return JSONValue(.array(try parseArray()), line: startLine, column: startColumn)
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), line: startLine, column: startColumn)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), line: startLine, column: startColumn)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(.bool(true), line: startLine, column: startColumn)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(.bool(false), line: startLine, column: startColumn)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(.null, line: startLine, column: startColumn)
        default:
            throw error(
                "expected a value (an object, array, string, number, true, false or null), found " + describe(byte))
        }
    }

    @usableFromInline mutating func expectWord(_ word: String) throws(JSONError) {
        let start = index
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                index = start
                throw error("expected '" + word + "' (JSON's words are lower case; strings need double quotes)")
            }
            index += 1
        }
    }

    @usableFromInline mutating func enter() throws(JSONError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    @usableFromInline mutating func parseObject() throws(JSONError) -> [JSONMember] {
        try enter()
        index += 1 // {
        var members: [JSONMember] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return members
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(
                    current == UInt8(ascii: "}")
                        ? "a trailing comma before '}'; remove it"
                        : "expected a key in double quotes")
            }
            let keyLine = line
            let keyColumn = column
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"" + messageText(key) + "\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, value: value, line: keyLine, column: keyColumn))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if current == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return members
            }
            throw error("expected ',' or '}' after the value of \"" + messageText(key) + "\"")
        }
    }

    @usableFromInline mutating func parseArray() throws(JSONError) -> [JSONValue] {
        try enter()
        index += 1 // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return elements
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw error("a trailing comma before ']'; remove it") }
            elements.append(try parseValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if current == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return elements
            }
            throw error("expected ',' or ']' in the array")
        }
    }

    @usableFromInline mutating func parseString() throws(JSONError) -> String {
        index += 1 // "
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the file ends inside a string; close it with '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { throw error("the file ends inside a string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &utf8)
                default:
                    index -= 1
                    throw error(
                        "unknown escape '\\" + describeCharacter(escaped)
                            + "'; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
                }
            case 0x00..<0x20:
                throw error("a control character inside a string; write it as an escape such as \\n")
            case 0x80...:
                // JSON text is UTF-8 (RFC 8259): a byte that starts no valid sequence is an error, not a '�'.
                let length = bytes.withUnsafeBytes { MessageText.validSequenceLength($0, at: index) }
                guard length > 0 else {
                    throw error(
                        "invalid UTF-8 (the byte \\x" + String(byte, radix: 16, uppercase: true)
                            + ") inside a string; save the file as UTF-8")
                }
                for k in 0..<length { utf8.append(bytes[index + k]) }
                index += length
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    @usableFromInline mutating func parseHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("expected four hex digits after \\u") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    @usableFromInline mutating func appendUnicodeEscape(to utf8: inout [UInt8]) throws(JSONError) {
        var scalar = try parseHex4()
        if scalar >= 0xD800 && scalar < 0xDC00 {
            // A high surrogate must be followed by its low half: \uD83D\uDE00.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw error("a \\u surrogate without its second half")
            }
            index += 2
            let low = try parseHex4()
            guard low >= 0xDC00 && low < 0xE000 else { throw error("a \\u surrogate without its second half") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if scalar >= 0xDC00 && scalar < 0xE000 {
            throw error("a lone \\u surrogate")
        }
        switch scalar {
        case 0..<0x80:
            utf8.append(UInt8(scalar))
        case 0x80..<0x800:
            utf8.append(UInt8(0xC0 | scalar >> 6))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            utf8.append(UInt8(0xE0 | scalar >> 12))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        default:
            utf8.append(UInt8(0xF0 | scalar >> 18))
            utf8.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    @usableFromInline mutating func parseNumber() throws(JSONError) -> Double {
        let startColumn = column
        let numberStart = index
        var negative = false
        if current == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        var integerDigits = 0
        func isDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
        while isDigit(current) {
            let digit = UInt64(bytes[index] - UInt8(ascii: "0"))
            if integerDigits == 1 && mantissa == 0 {
                throw JSONError(
                    file: file, line: line, column: startColumn, message: "a number may not start with 0 unless it is 0"
                )
            }
            if significantDigits < 19 {
                mantissa = mantissa * 10 + digit
                if mantissa > 0 { significantDigits += 1 }
            } else {
                decimalExponent += 1
            }
            integerDigits += 1
            index += 1
        }
        guard integerDigits > 0 else { throw error("expected a digit") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("expected a digit after the decimal point") }
            while isDigit(current) {
                if significantDigits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                    if mantissa > 0 { significantDigits += 1 }
                    decimalExponent -= 1
                }
                index += 1
            }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                exponentNegative = current == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(current) else { throw error("expected a digit in the exponent") }
            var exponent = 0
            while isDigit(current) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        var value = Double(mantissa)
        if mantissa != 0 {
            // Exact powers of ten up to 1e22: one correctly rounded multiply or divide.
            var remaining = decimalExponent < 0 ? -decimalExponent : decimalExponent
            while remaining > 0 && value != 0 && value.isFinite {
                let step = remaining > 22 ? 22 : remaining
                var power = 1.0
                for _ in 0..<step { power *= 10 }
                value = decimalExponent < 0 ? value / power : value * power
                remaining -= step
            }
        }
        // Too large for a Double (1.8e308): no file means that, and infinity would trap later.
        guard value.isFinite else {
            throw JSONError(
                file: file, line: line, column: startColumn,
                message: "the number " + messageText(Array(bytes[numberStart..<index]), limit: 30)
                    + " is too large; numbers must be within ±1.7e308")
        }
        return negative ? -value : value
    }

    @usableFromInline func describe(_ byte: UInt8) -> String {
        "'" + describeCharacter(byte) + "'"
    }

    @usableFromInline func describeCharacter(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(decoding: [byte], as: UTF8.self) : "byte " + String(byte)
    }
}
