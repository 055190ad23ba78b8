import PanelLog
import Testing

/// The log's writer escapes what JSON needs escaped and prints numbers by
/// integer arithmetic: its output must be what escaping and printing one byte
/// and one digit at a time gives, wherever the byte that needs escaping sits.
@Suite("The JSON line writer escapes and prints numbers exactly, whatever the string's length")
struct JSONLineWriterTests {
    /// The JSON string literal of `text`, one byte at a time: the reference.
    static func quoted(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x00..<0x20: out += Array("\\u00".utf8) + Array(hexDigits(byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    static func hexDigits(_ byte: UInt8) -> String {
        let hex = Array("0123456789abcdef")
        return String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
    }

    static func line(_ write: (JSONLineWriter) -> Void) -> String {
        let sink = MemorySink()
        let writer = JSONLineWriter(sink: sink)
        writer.beginObject(type: "test")
        write(writer)
        writer.endObject()
        writer.flush()
        return sink.lines.first ?? ""
    }

    @Test(
        "A quote, backslash, newline or control byte is escaped at every position of strings up to 24 bytes; UTF-8 passes through"
    )
    func escapesAtEveryPosition() {
        let specials: [Character] = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "é", " ", "~"]
        for length in 1...24 {
            for position in 0..<length {
                for special in specials {
                    var text = String(repeating: "a", count: length)
                    let index = text.index(text.startIndex, offsetBy: position)
                    text.replaceSubrange(index...index, with: String(special))
                    let written = Self.line { $0.field("name", text) }
                    #expect(
                        written == "{\"type\":\"test\",\"name\":" + Self.quoted(text) + "}",
                        "length \(length), \(special.debugDescription) at \(position)")
                }
            }
        }
    }

    @Test("Numbers print rounded to their places, trailing zeros trimmed, for every number of places")
    func numbers() {
        let cases: [(Double, Int, String)] = [
            (0.0318, 4, "0.0318"), (1.25, 4, "1.25"), (0.99996, 4, "1.0"), (-0.00004, 4, "0.0"),
            (-12.34567, 4, "-12.3457"), (0.62, 3, "0.62"), (0.6206, 3, "0.621"), (999.9996, 3, "1000.0"),
            (250.64, 1, "250.6"), (-0.04, 1, "0.0"), (255.96, 1, "256.0"), (7.125, 2, "7.13"), (42, 0, "42.0"),
            (123456.123456, 5, "123456.12346"),
            // Each number of whole digits, at and either side of a power of ten.
            (9, 0, "9.0"), (10, 0, "10.0"), (99.96, 1, "100.0"), (1e14, 0, "100000000000000.0"),
            (99_999_999_999_999, 0, "99999999999999.0"), (999_999_999_999_999, 0, "999999999999999.0")
        ]
        for (value, decimals, expected) in cases {
            let written = Self.line { $0.field("v", value, decimals: decimals) }
            #expect(written == "{\"type\":\"test\",\"v\":" + expected + "}", "\(value) to \(decimals) places")
        }
    }

    @Test(
        "The counting sink counts every newline, wherever it falls and however long the write (past the 248 bytes it sums at a time)"
    )
    func countingSinkCountsLines() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for length in [0, 1, 7, 8, 9, 247, 248, 249, 255, 256, 257, 1000, 4096] {
            for density in [0, 1, 3, 50, 100] {
                var bytes = [UInt8](repeating: 0x41, count: length)
                var expected = 0
                for i in 0..<length where Int(next() % 100) < density {
                    bytes[i] = 0x0A
                    expected += 1
                }
                if density == 50 && length > 2 { bytes[length - 1] = 0x8A } // a high byte that is not a newline
                expected = bytes.filter { $0 == 0x0A }.count
                let sink = CountingSink()
                bytes.withUnsafeBytes { sink.write($0) }
                #expect(sink.lineCount == expected, "\(length) bytes, \(density)% newlines")
                #expect(sink.byteCount == length)
            }
        }
    }
}
