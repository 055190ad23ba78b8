import Foundation
import PanelBoards
import PanelJSON
import PanelKit
import PanelTesting
import PanelTrace
import PanelUI
import Testing

// Touch axes as wired (issue 33): `touch.axes` in a board file, and the
// eGalax-shaped trace in Tests/Traces/Quirks replayed with and without it.

private let quirks = "Tests/Traces/Quirks/"
private let egalaxTrace = PackagePaths.path(quirks + "egalax_single-touch_abs-z-rx.evemu")
private let egalaxBoard = PackagePaths.path(quirks + "egalax-usb-panel.json")
private let axesLine = #""axes": {"x": "ABS_Z", "y": "ABS_RX"},"#

/// `goodBoard` with `"axes": AXES` in its touch section.
private func axesError(_ axes: String) -> String? {
    breakage(#""rotation": 0, "grab""#, #""rotation": 0, "axes": "# + axes + #", "grab""#)
}

/// The fixture board without its `touch.axes`, written as `egalax-usb-panel.json` in a scratch folder.
private func unwiredBoardFile() throws -> String {
    let text = try String(contentsOfFile: egalaxBoard, encoding: .utf8)
    precondition(text.contains(axesLine))
    let path = try scratchDirectory().appendingPathComponent("egalax-usb-panel.json").path
    try text.replacingOccurrences(of: axesLine, with: "").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// What the eGalax trace's touches are, on an 800x480 screen once its axes are read: four
/// strokes, each landing at (x, y) and lifting at (x, y).
private let expectedStrokes: [(began: Point, ended: Point)] = [
    (Point(x: 200, y: 120), Point(x: 199.6, y: 120.5)), // z 512, rx 512 at the landing; 511, 514 at the lift
    (Point(x: 600, y: 240), Point(x: 599.6, y: 240.5)),
    (Point(x: 100, y: 360), Point(x: 700, y: 360)),
    (Point(x: 400, y: 60), Point(x: 399.6, y: 60.5))
]

/// Touch lines of a replay log: (phase, x, y).
private func touchLines(_ lines: [Substring]) throws -> [(phase: String, x: Double, y: Double)] {
    try lines.filter { $0.contains(#""type":"touch""#) }.map { line in
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return (
            try #require(object["phase"] as? String), try #require(object["x"] as? Double),
            try #require(object["y"] as? Double)
        )
    }
}

/// Each stroke's first and last point, from touch lines.
private func strokes(_ touches: [(phase: String, x: Double, y: Double)]) -> [(began: Point, ended: Point)] {
    var result: [(began: Point, ended: Point)] = []
    for touch in touches {
        let point = Point(x: touch.x, y: touch.y)
        if touch.phase == "began" {
            result.append((point, point))
        } else if !result.isEmpty {
            result[result.count - 1].ended = point
        }
    }
    return result
}

private func expectStrokes(_ found: [(began: Point, ended: Point)], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(found.count == expectedStrokes.count, "\(found)", sourceLocation: sourceLocation)
    for (stroke, expected) in zip(found, expectedStrokes) {
        #expect(
            abs(stroke.began.x - expected.began.x) < 0.06 && abs(stroke.began.y - expected.began.y) < 0.06,
            "\(stroke.began) ≠ \(expected.began)", sourceLocation: sourceLocation)
        #expect(
            abs(stroke.ended.x - expected.ended.x) < 0.06 && abs(stroke.ended.y - expected.ended.y) < 0.06,
            "\(stroke.ended) ≠ \(expected.ended)", sourceLocation: sourceLocation)
    }
}

/// The warning, as the decoder words it for the trace's device.
private let expectedWarning =
    "touch device \"eGalax Inc. USB TouchController\": its position axes ABS_X and ABS_Y never left 0, 0 "
    + "through 3 touches, while ABS_Z, ABS_RX moved: every touch lands at one point. If the panel reports its position on those, "
    + "name them in the board file's touch.axes, e.g. \"axes\": {\"x\": \"ABS_Z\", \"y\": \"ABS_RX\"} "
    + "(swapAxes if x and y turn out the other way round)"

/// A full-screen view that notes where each touch began, moved and ended, in window points.
final class TouchRecorder: View {
    var touches: [(phase: String, x: Double, y: Double)] = []

    private func note(_ phase: String, _ set: TouchSet) {
        for touch in set {
            let point = touch.location(in: nil)
            touches.append((phase, point.x, point.y))
        }
    }
    override func touchesBegan(_ touches: TouchSet, with event: Event) { note("began", touches) }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { note("moved", touches) }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { note("ended", touches) }
}

/// An app of one full-screen `TouchRecorder`, for AppTester.
final class TouchRecorderAppDelegate: ApplicationDelegate {
    var window: Window?
    var recorder: TouchRecorder?

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        let recorder = TouchRecorder(frame: window.bounds, name: "surface")
        window.addSubview(recorder)
        application.addWindow(window)
        self.window = window
        self.recorder = recorder
        return true
    }
}

@Suite("Board files: touch.axes, the axes a panel is wired to")
struct BoardTouchAxesTests {
    @Test("Axes by name or by code; absent, the protocol's own")
    func reads() throws {
        let board = try parseBoard(
            goodBoard.replacingOccurrences(
                of: #""rotation": 0, "grab""#,
                with: #""rotation": 0, "axes": {"x": "ABS_Z", "y": 3}, "grab""#))
        #expect(board.touch.axes == TouchPositionAxes(x: 2, y: 3))
        #expect(try parseBoard(goodBoard).touch.axes == nil)
        let multitouch = try parseBoard(
            goodBoard.replacingOccurrences(
                of: #""rotation": 0, "grab""#,
                with: #""rotation": 0, "axes": {"x": "ABS_MT_TOOL_X", "y": "ABS_MT_TOOL_Y"}, "grab""#))
        #expect(multitouch.touch.axes == TouchPositionAxes(x: 0x3c, y: 0x3d))
    }

    @Test("Errors name the file, line and field, and list what is valid")
    func errors() {
        let unknown = axesError(#"{"x": "ABS_ZZ", "y": "ABS_RX"}"#)
        #expect(unknown?.hasPrefix("boards/test-board.json:7:") == true, "\(unknown ?? "")")
        #expect(
            unknown?.contains(
                "touch.axes.x: unknown absolute axis 'ABS_ZZ'; expected one of ABS_X, ABS_Y, ABS_Z, ABS_RX, ABS_RY, ")
                == true, "\(unknown ?? "")")
        #expect(
            unknown?.contains(
                ", ABS_MT_TOOL_X, ABS_MT_TOOL_Y, or the axis's code as a number from 0 to 63 (`evtest` lists the device's axes)"
            )
                == true, "\(unknown ?? "")")
        #expect(unknown?.contains("ABS_MT_SLOT") == false && unknown?.contains("ABS_MT_TRACKING_ID") == false)
        #expect(
            axesError(#"{"x": "ABS_Z"}"#)?.contains(
                #"touch.axes: missing the key 'y' (the absolute axis the panel reports its y position on, such as "ABS_RX"; `evtest` lists the device's axes)"#
            ) == true)
        #expect(
            axesError(#"{"x": 64, "y": 3}"#)?.contains(
                "touch.axes.x: expected an absolute axis code from 0 to 63 (ABS_Z is 2, ABS_RX 3) or its name, not 64")
                == true)
        #expect(
            axesError(#"{"x": true, "y": 3}"#)?.contains(
                #"touch.axes.x: expected an absolute axis's name, such as "ABS_Z", or its code as a number, found a boolean"#
            ) == true)
        #expect(
            axesError(#"{"x": "ABS_Z", "y": "ABS_Z"}"#)?.contains(
                "touch.axes.y: x and y are both ABS_Z; name two different axes") == true)
        #expect(
            axesError(#"{"x": "ABS_MT_SLOT", "y": "ABS_MT_POSITION_Y"}"#)?.contains(
                "touch.axes.x: ABS_MT_SLOT picks a slot, it is no position; name the axis whose value follows the finger"
            ) == true)
        #expect(
            axesError(#"{"x": "ABS_MT_POSITION_X", "y": "ABS_RX"}"#)?.contains(
                "touch.axes: x is ABS_MT_POSITION_X, a multitouch axis (one value per contact), but y is ABS_RX; give both as ABS_MT_* axes (protocol A or B) or neither (a single touch, down with BTN_TOUCH)"
            ) == true)
        #expect(
            axesError(#"{"x": "ABS_Z", "y": "ABS_RX", "z": "ABS_Y"}"#)?.contains(
                "touch.axes.z: unknown key 'z'; expected one of: x, y") == true)
    }

    @Test("The fixture board wires a description to ABS_Z/ABS_RX; a board without the key leaves it as it is")
    func wiring() throws {
        let board = try Board.load(path: egalaxBoard)
        let trace = try Trace.load(path: egalaxTrace)
        #expect(trace.device.touchProtocol == .singleTouch && trace.device.positionAxes == nil)
        let wired = board.touch.wiring(trace.device)
        #expect(wired.positionAxes == TouchPositionAxes(x: 2, y: 3))
        #expect(wired.touchPositionAxes == TouchPositionAxes(x: 2, y: 3))
        #expect(try Board.load(path: unwiredBoardFile()).touch.wiring(trace.device) == trace.device)
    }

    @Test(
        "Replayed through the board's input path (as --replay and AppTester build it), the trace lands where the finger was"
    )
    func inputPathFromTheBoard() throws {
        let trace = try Trace.load(path: egalaxTrace)
        for (file, wired) in [(egalaxBoard, true), (try unwiredBoardFile(), false)] {
            let board = try Board.load(path: file)
            let input = try TouchInputPath(trace: trace, screenSize: board.screenSize, board: board)
            let application = Application(runLoop: RunLoop(manualClock: ManualClock(now: 0)))
            var touches: [(phase: String, x: Double, y: Double)] = []
            var wasDown = false
            for event in trace.events where input.feed(event, to: application) {
                if input.frame.count == 1 {
                    touches.append((wasDown ? "moved" : "began", input.frame[0].x, input.frame[0].y))
                }
                wasDown = input.frame.count == 1
            }
            if wired {
                expectStrokes(strokes(touches))
                #expect(application.warnings.said.isEmpty)
            } else {
                #expect(touches.count > 20 && touches.allSatisfy { $0.x == 0 && $0.y == 0 })
                #expect(application.warnings.said.map(\.message) == [expectedWarning])
            }
        }
    }

    @Test("AppTester replays the trace on the board's axes; without them it warns once")
    func appTester() throws {
        let app = try AppTester(TouchRecorderAppDelegate.self, board: try Board.load(path: egalaxBoard))
        try app.replay(tracePath: egalaxTrace)
        expectStrokes(strokes(try #require(app.delegate(as: TouchRecorderAppDelegate.self)?.recorder).touches))
        #expect(app.application.warnings.said.isEmpty)

        let unwired = try AppTester(TouchRecorderAppDelegate.self, board: try Board.load(path: unwiredBoardFile()))
        try unwired.replay(tracePath: egalaxTrace)
        let touches = try #require(unwired.delegate(as: TouchRecorderAppDelegate.self)?.recorder).touches
        #expect(!touches.isEmpty && touches.allSatisfy { $0.x == 0 && $0.y == 0 })
        #expect(unwired.application.warnings.said.map(\.message) == [expectedWarning])
    }

    @Test("panel replay TRACE --board FILE: the positions with touch.axes; without, one warning on stderr and exit 0")
    func panelReplay() throws {
        let wired = try PanelRun.run(["replay", egalaxTrace, "--board", egalaxBoard])
        #expect(wired.status == 0, "\(wired.stderr)")
        #expect(!wired.stderr.contains("warning"), "\(wired.stderr)")
        expectStrokes(strokes(try touchLines(wired.stdout.split(separator: "\n"))))

        let unwired = try PanelRun.run(["replay", egalaxTrace, "--board", try unwiredBoardFile()])
        #expect(unwired.status == 0, "\(unwired.stderr)")
        #expect(unwired.stderr == "panel: warning: " + expectedWarning + "\n")
        let touches = try touchLines(unwired.stdout.split(separator: "\n"))
        #expect(!touches.isEmpty && touches.allSatisfy { $0.x == 0 && $0.y == 0 })
    }

    @Test("The app runtime's --replay with --board FILE says it once too, and reads the axes when the board names them")
    func runtimeReplay() throws {
        let unwired = try PanelRun.run([
            "demo", "--backend", "headless", "--scene", "touches", "--replay", egalaxTrace,
            "--board", try unwiredBoardFile()
        ])
        #expect(unwired.status == 0, "\(unwired.stderr)")
        let warnings = unwired.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(
            warnings.count == 1 && warnings.first?.hasSuffix("warning: " + expectedWarning) == true, "\(unwired.stderr)"
        )

        let wired = try PanelRun.run([
            "demo", "--backend", "headless", "--scene", "touches", "--replay", egalaxTrace,
            "--board", egalaxBoard
        ])
        #expect(wired.status == 0, "\(wired.stderr)")
        #expect(!wired.stderr.contains("warning:"), "\(wired.stderr)")
        expectStrokes(strokes(try touchLines(wired.stdout.split(separator: "\n"))))
    }

    @Test("panel boards check reads the fixture board")
    func check() throws {
        let run = try PanelRun.run(["boards", "check", egalaxBoard])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
