import Foundation
import PanelJSON
import PanelLog
import PanelReplay
import PanelScenes
import PanelTesting
import PanelTrace
import PanelUI
import Testing

// Issue 15, parser and file hardening: numbers that overflow, screens and
// geometry out of range, files that are not files or are too large, scene
// loading linear in the views, traces streamed, and echoed input escaped.

@Suite("Error messages escape what they echo and cut it short")
struct MessageTextTests {
    @Test("Printable text, UTF-8 included, stays as it is")
    func printable() {
        #expect(messageText("slider-1 ±½ 温度") == "slider-1 ±½ 温度")
    }

    @Test("Control bytes, DEL and C1 controls become escapes; a backslash doubles")
    func controls() {
        #expect(messageText("\u{1B}]0;PWNED\u{07}") == "\\e]0;PWNED\\x07")
        #expect(messageText("a\nb\tc\r\u{7F}") == "a\\nb\\tc\\r\\x7F")
        #expect(messageText("\u{9B}31m") == "\\u{9B}31m")
        #expect(messageText("C:\\x") == "C:\\\\x")
    }

    @Test(
        "U+FFFD, U+FFFE and U+FFFF, which a JSON \\u escape can spell, become escapes: a � in a message never comes from the input"
    )
    func replacementCharacter() {
        #expect(messageText("key \u{FFFD}\u{FFFF}\u{FFFE}\u{F2E2}") == "key \\u{FFFD}\\u{FFFF}\\u{FFFE}\u{F2E2}")
    }

    @Test("Invalid UTF-8 becomes \\xNN a byte: stray, overlong, surrogate, cut short")
    func invalidUTF8() {
        #expect(messageText([0x61, 0xFF, 0x62]) == "a\\xFFb")
        #expect(messageText([0xC0, 0xAF]) == "\\xC0\\xAF")
        #expect(messageText([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80")
        #expect(messageText([0xE2, 0x82]) == "\\xE2\\x82")
        #expect(messageText([0xF4, 0x90, 0x80, 0x80]) == "\\xF4\\x90\\x80\\x80")
    }

    @Test("Long input is cut to the limit, with its length")
    func cut() {
        let text = messageText(String(repeating: "x", count: 10_000_000))
        #expect(text == String(repeating: "x", count: MessageText.defaultLimit) + "… (10000000 bytes)")
        #expect(messageText("abcdef", limit: 3) == "abc… (6 bytes)")
    }

    @Test("The limit is on what is written: input that escapes to four bytes a byte is cut four times sooner")
    func cutCountsEscapes() {
        #expect(
            messageText(String(repeating: "\u{7F}", count: 100)) == String(repeating: "\\x7F", count: 15)
                + "… (100 bytes)")
        // An escape is never split at the limit.
        #expect(messageText("ab\u{7F}", limit: 4) == "ab… (3 bytes)")
        #expect(messageText("温度", limit: 4) == "温… (6 bytes)")
    }
}

@Suite("Parsers quote input safely in their errors")
struct EchoedInputTests {
    @Test("A trace line with a terminal escape comes back escaped")
    func traceEscape() {
        let bytes = Array("N: x\n\u{1B}]0;PWNED\u{07}\n".utf8)
        let error = parseTrace(bytes)
        #expect(
            error?.description == "t.evemu:2: unrecognized line '\\e]0;PWNED\\x07'; expected a line starting with "
                + "'#', 'N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:' or 'E:'")
    }

    @Test("A 10 MB line is an error of one short line, in the buffer parser and the streaming reader")
    func longLine() throws {
        var bytes = Array("N: x\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "Q"), count: 10_000_000)
        let expected =
            "the line is longer than 4096 bytes; evemu lines are at most that (it starts '"
            + String(repeating: "Q", count: 40) + "…')"
        #expect(parseTrace(bytes)?.message == expected)
        let path = try temporaryFile(bytes, suffix: ".evemu")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TraceError(path: path, line: 2, message: expected)) { try Trace.load(path: path) }
    }

    @Test("JSON keys, scene names and values are escaped")
    func jsonEscape() {
        #expect(
            sceneError(#"{"views": [], "\u001b[2J": 1}"#)
                == "bad.json:1:15: \\e[2J: unknown key '\\e[2J'; expected one of: screen, color, views")
        #expect(
            sceneError(#"{"views": [{"name": "\u0007", "frame": [0, 0, 1, 1], "color": "\u001b"}]}"#)
                == "bad.json:1:63: views[0].color: expected a colour as \"#RRGGBB\" or \"#RRGGBBAA\", not \"\\e\"")
        let long = String(repeating: "n", count: 1000)
        let error = sceneError(
            #"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "hitTest": {"redirect": ""# + long + #""}}]}"#)
        #expect(
            error?.hasSuffix(
                "no view is named '" + String(repeating: "n", count: 60) + "… (1000 bytes)'; the scene's views are: a")
                == true)
    }

    @Test("An unknown key of 500 DEL bytes deep in a scene is one short line (a fuzz finding: 1,020 bytes)")
    func escapedKeyInPath() {
        let key = String(repeating: "\\u007f", count: 500)
        let error = sceneError(
            #"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "children": [{"name": "b", "frame": [0, 0, 1, 1], ""#
                + key + #"": 1}]}]}"#)
        #expect(error?.contains("views[0].children[0].\\x7F") == true, "\(error ?? "")")
        #expect(error?.contains("unknown key '\\x7F") == true)
        // The key and its path, quoted, stay short; the list of the keys a view takes grows with the views.
        let quoted = error.map { $0.components(separatedBy: "; expected one of:")[0] } ?? ""
        #expect(quoted.utf8.count < 300, "\(quoted.utf8.count) bytes before the list of keys")
        #expect((error?.utf8.count ?? 0) < 1_000, "\(error?.utf8.count ?? 0) bytes")
    }
}

@Suite("Numbers, screens and geometry stay within limits")
struct LimitTests {
    @Test("A JSON number that overflows is an error at its line and column")
    func overflow() {
        for number in [
            "0.1e99999", "-1e99999", "1e309",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"
        ] {
            #expect(
                throws: JSONError(
                    file: "n.json", line: 2, column: 6,
                    message: "the number " + messageText(number, limit: 30)
                        + " is too large; numbers must be within ±1.7e308")
            ) {
                try JSONParser.parse(Array("[1,\n  1, \(number)]".utf8), file: "n.json")
            }
        }
        // Underflow is fine: it is zero.
        #expect(throws: Never.self) { try JSONParser.parse(Array("1e-99999".utf8), file: "n.json") }
    }

    @Test("A scene's screen has the limits of a board's display mode")
    func screen() {
        #expect(
            sceneError(#"{"screen": [1e9, 1e9], "views": []}"#)
                == "bad.json:1:12: screen: the screen's width and height must be from 16 to 8192 points, not 1000000000 × 1000000000"
        )
        #expect(sceneError(#"{"screen": [8192, 16], "views": []}"#) == nil)
    }

    @Test("Frames, transforms, outsets and font sizes are checked, with the JSON path")
    func geometry() {
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 10, 1e300]}]}"#)
                == "bad.json:1:46: views[0].frame[3]: expected a number from -1000000 to 1000000 points, not 1e12 or more"
        )
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "transform": {"scale": [1, 1e5]}}]}"#)
                == "bad.json:1:76: views[0].transform.scale[1]: expected a number from -1000 to 1000 (scale factors), not 100000"
        )
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "transform": {"rotate": -1e7}}]}"#)
                == "bad.json:1:73: views[0].transform.rotate: expected a number from -1000 to 1000 radians, not -10000000"
        )
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "hitArea": {"outset": 1e8}}]}"#)
                == "bad.json:1:71: views[0].hitArea.outset: expected a number from -1000000 to 1000000 points, not 100000000"
        )
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "label": {"size": 1e6}}]}"#)
                == "bad.json:1:67: views[0].label.size: a font size must be above 0 and at most 1000 points, not 1000000"
        )
    }
}

@Suite("Files: only regular files, up to a size limit")
struct FileLimitTests {
    @Test("A character device and a FIFO are refused at once, never read or waited on")
    func notRegular() throws {
        #expect(
            throws: TraceError(
                path: "/dev/zero", line: 0,
                message: "cannot read: it is a character device, not a regular file; give a file")
        ) {
            try Trace.load(path: "/dev/zero")
        }
        let fifo = NSTemporaryDirectory() + "panelkit-fifo-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(
            throws: JSONError(
                file: fifo, line: 0, column: 0,
                message: "cannot read: it is a FIFO (named pipe), not a regular file; give a file")
        ) {
            try JSONParser.parseFile(path: fifo)
        }
    }

    @Test("A file over the limit is refused, naming the limit")
    func tooLarge() throws {
        let path = try temporaryFile([UInt8](repeating: 0x20, count: 2048), suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            throws: FileReadError(
                message: "the file is larger than 1024 bytes, the most PanelKit reads of a file; give a smaller file")
        ) {
            try readWholeFile(path: path, limit: 1024)
        }
        #expect(FileLimits.tooLargeMessage(FileLimits.maximumFileSize).contains("64 MiB"))
    }
}

@Suite("Scene loading is linear in the views")
struct LargeSceneTests {
    @Test("A scene of 100,000 views loads, every name found; a duplicate at the end is still caught")
    func hundredThousandViews() throws {
        let count = 100_000
        var json = #"{"views": ["#
        for i in 0..<count {
            json += (i == 0 ? "" : ",") + #"{"name": "v\#(i)", "frame": [\#(i % 800), 0, 1, 1]"#
            // A label early on shows the last view's value: a name resolved across the whole scene.
            json +=
                i == 1
                ? #", "label": {"valueOf": "v\#(count - 1)"}}"#
                : i == count - 1 ? #", "control": {"kind": "slider"}}"# : "}"
        }
        let scene = try SceneFiles.parse(json + "]}").build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        #expect(scene.views.count == count)
        #expect(scene.view(named: "v99999") === scene.views[count - 1])
        #expect(scene.view(named: "v12345")?.name == "v12345")
        #expect(scene.view(named: "v100000") == nil)

        let duplicate = json + #",{"name": "v7", "frame": [0, 0, 1, 1]}]}"#
        #expect(
            sceneError(duplicate)?.hasSuffix(
                "views[100000].name: the view name 'v7' is already used at views[7]; names must be unique") == true)
    }

    @Test("An object with many keys is checked for duplicates in linear time")
    func manyKeys() {
        var json = "{"
        for i in 0..<50_000 { json += (i == 0 ? "" : ",") + "\"k\(i)\": 1" }
        json += ",\"k3\": 2}"
        #expect(
            throws: JSONError(
                file: "k.json", line: 1, column: 588_892,
                message: "the key 'k3' appears twice (also on line 1); keep one")
        ) {
            _ = try JSONObjectReader(try JSONParser.parse(Array(json.utf8), file: "k.json"), file: "k.json", path: "")
        }
    }
}

@Suite("Traces stream through a bounded buffer")
struct TraceStreamingTests {
    @Test("The reader gives the same events and lines as the whole-file parser, holding a fixed buffer")
    func sameEvents() throws {
        for name in [
            "edt-EP0430M09_protoB_2finger-scroll-down.evemu", "synthetic_protoB_syn-dropped.evemu",
            "synthetic_single-touch_btn-left.evemu"
        ] {
            let path = TracePaths.url(name)
            let whole = try Array(Data(contentsOf: URL(fileURLWithPath: path))).withUnsafeBytes { bytes in
                try EvemuFormat.parse(bytes, path: path)
            }
            let reader = try TraceReader(path: path)
            #expect(reader.device == whole.device)
            #expect(reader.firstEventTime == whole.events[0].time)
            var i = 0
            while let event = try reader.next() {
                #expect(event == whole.events[i] && reader.line == whole.eventLines[i])
                i += 1
            }
            #expect(i == whole.events.count)
        }
        #expect(TraceReader.bufferSize == 2 * EvemuFormat.maximumLineLength)
    }

    @Test("A long trace replays streamed exactly as loaded whole")
    func longTrace() throws {
        var text = panelHeader
        var time = 0.0
        for finger in 0..<300 {
            text += "E: \(String(format: "%.6f", time)) 0003 0039 \(finger)\n"
            for step in 0..<20 {
                text +=
                    "E: \(String(format: "%.6f", time)) 0003 0035 \(100 + step * 10)\nE: \(String(format: "%.6f", time)) 0003 0036 200\n"
                text += "E: \(String(format: "%.6f", time)) 0000 0000 0000\n"
                time += 0.01
            }
            text +=
                "E: \(String(format: "%.6f", time)) 0003 0039 -1\nE: \(String(format: "%.6f", time)) 0000 0000 0000\n"
            time += 0.2
        }
        let path = try temporaryFile(Array(text.utf8), suffix: ".evemu")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = try SceneFiles.builtIn("touches")
        let loaded = MemorySink()
        let whole = try TraceReplayer(trace: try Trace.load(path: path), scene: scene, output: loaded)
        whole.run()
        whole.log.writer.flush()
        let streamed = MemorySink()
        let reader = try TraceReader(path: path)
        let streaming = try TraceReplayer(reader: reader, scene: scene, output: streamed)
        try streaming.run(reader)
        streaming.log.writer.flush()
        #expect(streamed.lines == loaded.lines)
        #expect(streamed.lines.last?.contains("\"touches\":300") == true)
    }

    @Test("A bad line late in a trace: check fails before a replay starts, naming the line")
    func checkFirst() throws {
        let text = panelHeader + "E: 0.000000 0003 0039 1\nE: 0.000000 0000 0000 0000\nE: 0.1 0000 0000 zero\n"
        let path = try temporaryFile(Array(text.utf8), suffix: ".evemu")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            throws: TraceError(
                path: path, line: 16, message: "expected the event value as a decimal integer, found 'zero'")
        ) {
            try TraceReader.check(path: path)
        }
    }
}

func parseTrace(_ bytes: [UInt8]) -> TraceError? {
    var failure: TraceError?
    bytes.withUnsafeBytes { buffer in
        do throws(TraceError) { _ = try EvemuFormat.parse(buffer, path: "t.evemu") } catch { failure = error }
    }
    return failure
}

/// A new file holding `bytes`; the caller removes it (`defer`), as some are tens of megabytes.
func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> String {
    let path = NSTemporaryDirectory() + "panelkit-hardening-\(UUID().uuidString)\(suffix)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}
