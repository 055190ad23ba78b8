import Foundation
import PanelTesting
import Testing

/// `--replay` with a keyboard's evemu trace: the keys go through the board's
/// keymap to the scene's first responder, as from a keyboard on the device
/// (vm-test compares the two).
@Suite("Headless replay of a keyboard trace")
struct KeyboardReplayTests {
    let trace = PackagePaths.path("Tests/Traces/Keys/synthetic_keyboard_hello-world.evemu")
    let scene = PackagePaths.path("Tests/Scenes/keys.json")

    func pressLines(_ arguments: [String] = []) throws -> [String] {
        let run = try PanelRun.run(
            [
                "demo", "--backend", "headless", "--scene-file", scene, "--replay", trace,
                "--assets", PackagePaths.path("assets")
            ] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
            .filter { $0.contains(#""type":"press""#) && $0.contains(#""view":"field""#) }
    }

    @Test("The trace types Hello, world into the first responder, shift included, and the held key ends cancelled")
    func typesHelloWorld() throws {
        let lines = try pressLines()
        #expect(typed(lines) == "Hello, worlda")
        #expect(lines.last?.contains(#""message":"pressesCancelled","key":30,"characters":"a""#) == true)
        #expect(lines.contains { $0.contains(#""key":35,"characters":"H""#) && $0.contains(#""modifiers":131072"#) })
    }

    @Test("The layout comes from the board file: on a French (AZERTY) board the same key positions type Hello; zorldq")
    func frenchBoard() throws {
        let board = try String(contentsOfFile: PackagePaths.path("boards/qemu-x86_64.json"), encoding: .utf8)
            .replacingOccurrences(of: #""sources":"#, with: #""keyboard": {"layout": "fr"}, "sources":"#)
        let folder = try scratchDirectory()
        let path = folder.appendingPathComponent("qemu-x86_64.json").path
        try board.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try typed(pressLines(["--board", path])) == "Hello; zorldq")
    }

    func typed(_ lines: [String]) -> String {
        lines.filter { $0.contains("pressesBegan") }.compactMap { line -> String? in
            guard let range = line.range(of: #""characters":""#) else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }.joined()
    }
}
