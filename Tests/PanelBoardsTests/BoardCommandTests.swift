import Foundation
import PanelTesting
import Testing

@Suite("panel boards and --board")
struct BoardCommandTests {
    @Test("panel boards check passes every shipped board file")
    func checkShipped() throws {
        let run = try PanelRun.run(["boards", "check", "--boards", PackagePaths.path("boards")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(" board files are valid"))
        #expect(!run.stdout.contains("error:"))
    }

    @Test("panel boards check names each broken copy's file, line and field, and exits 1")
    func checkBroken() throws {
        let directory = try scratchDirectory()
        let original = try String(contentsOfFile: PackagePaths.path("boards/rpi4-7inch.json"), encoding: .utf8)
        let broken = directory.appendingPathComponent("rpi4-7inch.json")
        try original.replacingOccurrences(of: "\"driver\"", with: "\"drivr\"").write(
            to: broken, atomically: true, encoding: .utf8)
        let run = try PanelRun.run(["boards", "check", broken.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("error: \(broken.path):"))
        #expect(run.stdout.contains("touch.drivr: unknown key 'drivr'; expected one of: device, driver,"))
        #expect(run.stdout.contains("0 of 1 board files are valid"))
    }

    @Test("panel boards lists every board with its mode and CPU")
    func list() throws {
        let run = try PanelRun.run(["boards", "--boards", PackagePaths.path("boards")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("rpi4-7inch"))
        #expect(run.stdout.contains("800x480@60"))
        #expect(run.stdout.split(separator: "\n").count >= 8)
    }

    @Test(
        "--board sets replay's screen from the board file: a portrait panel used rotated lays out landscape, in points at its scale"
    )
    func replayWithBoard() throws {
        let directory = try scratchDirectory()
        let png = directory.appendingPathComponent("last.png").path
        // A scene file that names no screen: laid out on the board's.
        let scene = directory.appendingPathComponent("any-screen.json").path
        try ##"{"views": [{"name": "pad", "frame": [0, 0, 640, 360], "color": "#224466"}]}"##
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let run = try PanelRun.run([
            "replay", PackagePaths.path("Tests/Traces/synthetic_single-touch_tap-and-drag.evemu"),
            "--scene-file", scene, "--board", "rpi5-touch-display-2", "--boards", PackagePaths.path("boards"),
            "--png", png
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        // 1280 × 720 pixels: the 720×1280 panel turned 90°
        #expect(bytes[16..<24] == [0, 0, 0x05, 0x00, 0, 0, 0x02, 0xD0])
        // The UI lays out on 640×360 points at scale 2: every touch lands inside them.
        let touches = run.stdout.split(separator: "\n").filter { $0.contains(#""type":"touch""#) }
        #expect(!touches.isEmpty)
        for line in touches {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let x = try #require(object["x"] as? Double)
            let y = try #require(object["y"] as? Double)
            #expect(x >= 0 && x <= 640 && y >= 0 && y <= 360, "\(line)")
        }
        #expect(!run.stderr.contains("pixel per point"))
    }

    @Test("An unknown --board lists the boards there are")
    func unknownBoard() throws {
        let run = try PanelRun.run([
            "replay", PackagePaths.path("Tests/Traces/synthetic_single-touch_btn-left.evemu"),
            "--board", "nope", "--boards", PackagePaths.path("boards")
        ])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("panel: error: no board 'nope' in "))
        #expect(run.stderr.contains("rpi4-7inch"))
    }
}
