import Foundation
import PanelImage
import PanelScenes
import PanelTesting
import Testing

/// A valid trace's text with its events replaced by `events`.
func traceText(events: String) throws -> String {
    let good = try String(contentsOfFile: TracePaths.url("synthetic_single-touch_btn-left.evemu"), encoding: .utf8)
    let header = good.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("E:") }
    return header.joined(separator: "\n") + "\n" + events
}

@Suite("panel replay, end to end")
struct PanelCommandTests {
    @Test(
        "Malformed traces give one clear line on stderr naming file and line, and a non-zero exit, never a crash",
        arguments: [
            // name, events, the bad line's text, what the message must say
            ("truncated", "E: 0.010000 0001 0110 0001\nE: 0.010000 0003", "E: 0.010000 0003", "(4 fields), found 2"),
            (
                "wrong-field-count", "E: 0.010000 0001 0110 0001 7\n", "E: 0.010000 0001 0110 0001 7",
                "(4 fields), found 5"
            ),
            (
                "unknown-event-type", "E: 0.010000 0099 0000 0001\n", "E: 0.010000 0099 0000 0001",
                "unknown event type 0x0099"
            ),
            (
                "non-numeric", "E: 0.010000 0003 0000 abc\n", "E: 0.010000 0003 0000 abc",
                "as a decimal integer, found 'abc'"
            ),
            ("no-events", "", nil, "no events: expected 'E:")
        ])
    func malformedTrace(name: String, events: String, badLine: String?, message: String) throws {
        let directory = try scratchDirectory()
        let path = directory.appendingPathComponent("\(name).evemu").path
        let text = try traceText(events: events)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var lineMarker = ":"
        if let badLine,
            let index = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(where: {
                $0 == badLine
            })
        {
            lineMarker = "\(path):\(index + 1): "
        }
        let result = try PanelRun.run(["replay", path])
        #expect(result.exitedNormally, "panel crashed: \(result.stderr)")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("panel: error: \(path):"))
        #expect(result.stderr.contains(lineMarker) && result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test("A missing file, an empty file and random bytes each give one line and a non-zero exit")
    func unreadableInputs() throws {
        let directory = try scratchDirectory()
        let empty = directory.appendingPathComponent("empty.evemu").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let garbage = directory.appendingPathComponent("garbage.evemu").path
        var generator = SystemRandomNumberGenerator()
        _ = FileManager.default.createFile(
            atPath: garbage, contents: Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        for path in [directory.appendingPathComponent("missing.evemu").path, empty, garbage, directory.path] {
            let result = try PanelRun.run(["replay", path])
            #expect(result.exitedNormally && result.status == 1, "\(path): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(path): \(result.stderr)")
            #expect(result.stderr.hasPrefix("panel: error: \(path)"))
        }
    }

    @Test("An unknown scene is one line naming the scenes there are")
    func unknownScene() throws {
        let result = try PanelRun.run([
            "replay", TracePaths.url("synthetic_single-touch_btn-left.evemu"), "--scene", "nope"
        ])
        #expect(result.status == 1)
        #expect(
            result.stderr == "panel: error: unknown scene 'nope'; expected one of: "
                + SceneCatalog.names.joined(separator: ", ") + ", or give a scene file with --scene-file\n")
    }

    @Test("--screen rejects sizes that are not WIDTHxHEIGHT, without crashing")
    func badScreen() throws {
        let result = try PanelRun.run([
            "replay", TracePaths.url("synthetic_single-touch_btn-left.evemu"), "--screen", "wide"
        ])
        #expect(result.exitedNormally && result.status != 0)
        #expect(result.stderr.contains("--screen"))
    }

    @Test("replay prints JSON Lines ending in a summary and, with --png, saves the last frame at the screen size")
    func replayWithPNG() throws {
        let directory = try scratchDirectory()
        let png = directory.appendingPathComponent("last.png").path
        // A scene file that names no screen is shown on the screen given.
        let scene = directory.appendingPathComponent("any-screen.json").path
        try ##"{"views": [{"name": "pad", "frame": [0, 0, 640, 400], "color": "#224466"}]}"##
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let result = try PanelRun.run([
            "replay", TracePaths.url("edt-EP0430M09_protoB_2finger-touch-release.evemu"),
            "--scene-file", scene, "--screen", "640x400", "--png", png
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 34, "\(result.stdout)")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not JSON: \(line)")
        }
        #expect(lines.last == #"{"type":"summary","frames":14,"touches":2,"droppedFrames":0}"#)
        let image = try PNG.read(path: png)
        #expect(image.width == 640 && image.height == 400)
    }

    @Test("a scene laid out for another screen is refused in one line that names both sizes and the fix")
    func sceneForAnotherScreen() throws {
        let result = try PanelRun.run([
            "replay", TracePaths.url("synthetic_single-touch_btn-left.evemu"), "--scene", "controls",
            "--screen", "400x240"
        ])
        #expect(result.exitedNormally && result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasSuffix(
                "controls.json:2:13: screen: the scene is laid out for 800x480 points, and the screen is 400x240 points: show it on a screen of 800x480 points (--screen 800x480), or lay it out for 400x240 in a scene file of its own\n"
            ), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
