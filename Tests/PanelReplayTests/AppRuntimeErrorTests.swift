import Foundation
import PanelTesting
import Testing

/// The app runtime's mistakes, as `panel demo` (an app like any other) meets
/// them: each is one line on stderr that names the fix, and exit status 1.
/// (On a real kernel, scripts/vm-test also checks a bad mode, a missing
/// connector and permission denied, and that the console comes back first.)
@Suite("The app runtime: one line naming the fix")
struct AppRuntimeErrorTests {
    func expectOneLine(_ run: PanelRun, containing parts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 1, sourceLocation: sourceLocation)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        for part in parts {
            #expect(run.stderr.contains(part), "\(run.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test("An unknown option suggests the near one")
    func unknownOption() throws {
        expectOneLine(
            try PanelRun.run(["demo", "--bakend", "headless"]),
            containing: ["panel demo: error: unknown option '--bakend'; did you mean --backend?"])
        expectOneLine(try PanelRun.run(["demo", "--zzz"]), containing: ["unknown option '--zzz'", "--help"])
    }

    @Test("A bad value says what it takes")
    func badValues() throws {
        expectOneLine(
            try PanelRun.run(["demo", "--backend", "wayland"]),
            containing: ["--backend must be auto, drm, fbdev, sdl or headless"])
        expectOneLine(
            try PanelRun.run(["demo", "--duration", "soon"]), containing: ["--duration takes a number of seconds"])
        expectOneLine(
            try PanelRun.run(["demo", "--calibration", "1 2 3"]), containing: ["--calibration needs six numbers"])
    }

    @Test("A board that does not exist lists the boards there are")
    func unknownBoard() throws {
        expectOneLine(
            try PanelRun.run([
                "demo", "--backend", "headless", "--board", "rpi9", "--boards", PackagePaths.path("boards")
            ]),
            containing: ["no board 'rpi9'", "expected one of:", "rpi4-7inch"])
        expectOneLine(
            try PanelRun.run(["demo", "--backend", "headless", "--board", "/nonexistent/board.json"]),
            containing: ["no board file /nonexistent/board.json"])
    }

    @Test("No KMS card for --backend drm, no display for --backend sdl")
    func backendsThatCannotStart() throws {
        let drm = try PanelRun.run(["demo", "--backend", "drm", "--card", "/nonexistent/card0"])
        expectOneLine(drm, containing: ["panel demo: error:", "/nonexistent/card0"])
        let sdl = try PanelRun.run(["demo", "--backend", "sdl"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        expectOneLine(sdl, containing: ["no display for the SDL simulator", "use --backend headless"])
    }

    @Test("fbdev: a missing framebuffer, and a device of the other backend, each in one line")
    func framebufferBackend() throws {
        let missing = try PanelRun.run(["demo", "--backend", "fbdev", "--card", "/nonexistent/fb0"])
        expectOneLine(
            missing,
            containing: ["panel demo: error: /nonexistent/fb0: no such framebuffer device, and /nonexistent has none"])
        let card = try PanelRun.run(["demo", "--backend", "fbdev", "--card", "/dev/dri/card0"])
        expectOneLine(card, containing: ["--backend fbdev needs a framebuffer device (/dev/fbN), not /dev/dri/card0"])
        let framebuffer = try PanelRun.run(["demo", "--backend", "drm", "--card", "/dev/fb0"])
        expectOneLine(
            framebuffer, containing: ["/dev/fb0 is a framebuffer (fbdev) device, not a DRM card: use --backend fbdev"])
        // auto with a framebuffer named: fbdev, not DRM; with no desktop and no such device, headless after one note.
        let auto = try PanelRun.run(
            ["demo", "--card", "/nonexistent/fb1", "--duration", "0.1", "--scene", "controls"],
            environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(auto.status == 0, "\(auto.stderr)")
        #expect(auto.stderr.contains("no display (/nonexistent/fb1: no such framebuffer device"), "\(auto.stderr)")
        #expect(!auto.stderr.contains("DRM card"), "\(auto.stderr)")
    }

    @Test("--help lists the standard options and the app's own")
    func help() throws {
        let run = try PanelRun.run(["demo", "--help-app"])
        #expect(run.status == 0)
        for option in [
            "--backend auto|drm|fbdev|sdl|headless", "--board NAME|FILE", "--duration SECONDS", "--replay TRACE.evemu",
            "--bench", "--scene NAME|FILE"
        ] {
            #expect(run.stdout.contains(option), "\(option)")
        }
    }
}

/// `--calibrate`: every app can calibrate its board's touch panel, as `panel calibrate` does.
@Suite("The app runtime's --calibrate")
struct AppRuntimeCalibrationTests {
    @Test("--calibrate --replay a session writes the same override as panel calibrate --trace")
    func sameOverrideAsPanelCalibrate() throws {
        let directory = try scratchDirectory()
        let trace = PackagePaths.path("Tests/Calibration/miscalibrated-800x480.evemu")
        let boards = PackagePaths.path("boards")
        let fromPanel = directory.appendingPathComponent("panel.override.json").path
        let fromApp = directory.appendingPathComponent("app.override.json").path
        let panel = try PanelRun.run([
            "calibrate", "--board", "qemu-virt-aarch64", "--boards", boards, "--trace", trace, "--output", fromPanel
        ])
        #expect(panel.status == 0, "\(panel.stderr)")
        let app = try PanelRun.run([
            "demo", "--calibrate", "--board", "qemu-virt-aarch64", "--boards", boards, "--replay", trace,
            "--calibration-file", fromApp
        ])
        #expect(app.status == 0, "\(app.stderr)")
        #expect(app.stdout.hasPrefix("panel demo calibrate: qemu-virt-aarch64, 5 targets on 800x480"))
        #expect(app.stdout.contains("wrote \(fromApp)"))
        #expect(
            try String(contentsOfFile: fromApp, encoding: .utf8) == String(contentsOfFile: fromPanel, encoding: .utf8))
        // The report is the same after its first word.
        #expect(
            app.stdout.split(separator: "\n").dropFirst().dropLast()
                == panel.stdout.split(separator: "\n").dropFirst().dropLast())
    }

    @Test("--calibrate without a board says what it needs")
    func needsABoard() throws {
        let run = try PanelRun.run(["demo", "--calibrate", "--backend", "headless"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "panel demo: error: --calibrate needs a board (--board NAME): the calibration is written as that board's override\n"
        )
    }
}
