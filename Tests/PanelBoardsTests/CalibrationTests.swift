import Foundation
import PanelBoards
import PanelJSON
import PanelKit
import PanelLog
import PanelSimulator
import PanelTesting
import PanelTrace
import PanelUI
import Testing

/// A resistive panel (12-bit ADC, single touch like `ti-tsc`) whose sensor is
/// off from the display by `truth`: the matrix the board file should hold.
/// It answers where a finger on a screen point lands in raw device units,
/// through the board's axis `quirks` and touch `rotation`.
struct MiscalibratedPanel {
    var truth: CalibrationMatrix
    var quirks: CalibrationMatrix = .identity
    var rotation: TouchRotation = .none
    var screen: Size
    static let range = 4096.0 // ABS_X/ABS_Y 0...4095

    var device: TouchDeviceDescription {
        var device = TouchDeviceDescription(name: "PanelKit miscalibrated resistive panel")
        device.busType = 0x18
        device.properties = 1 << UInt32(InputProperty.direct)
        device.keys = [KeyCode.touch]
        device.setAxis(AbsoluteAxis.x, AbsoluteAxisInfo(minimum: 0, maximum: 4095))
        device.setAxis(AbsoluteAxis.y, AbsoluteAxisInfo(minimum: 0, maximum: 4095))
        return device
    }

    /// Raw (x, y) for a finger at `point`: the transform chain run backwards.
    func raw(at point: Point) -> (x: Double, y: Double) {
        let unturned = TouchTransform.orientation(rotation: rotation).inverted!
            .apply(to: Point(x: point.x / screen.width, y: point.y / screen.height))
        let sensor = quirks.inverted!.apply(to: truth.inverted!.apply(to: unturned))
        return (sensor.x * Self.range, sensor.y * Self.range)
    }

    /// ts_calibrate's session on this panel: each target touched once, in
    /// order, with ADC noise (±3 units) and one bounce 60 units off mid-press,
    /// which the median must ignore.
    func calibrationEvents(targets: [Point]) -> [InputEvent] {
        var events: [InputEvent] = []
        var time = 0.5
        func frame(_ x: Int32?, _ y: Int32?, touch: Int32?) {
            if let touch {
                events.append(InputEvent(time: time, type: EventType.key, code: KeyCode.touch, value: touch))
            }
            if let x { events.append(InputEvent(time: time, type: EventType.absolute, code: AbsoluteAxis.x, value: x)) }
            if let y { events.append(InputEvent(time: time, type: EventType.absolute, code: AbsoluteAxis.y, value: y)) }
            events.append(
                InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0))
            time += 0.01
        }
        let noise: [(Double, Double)] = [
            (0, 0), (2, -1), (-3, 2), (60, -60), (1, 3), (-2, -2), (3, 1), (0, -3), (-1, 2)
        ]
        for target in targets {
            let (x, y) = raw(at: target)
            for i in 0..<noise.count {
                frame(Int32((x + noise[i].0).rounded()), Int32((y + noise[i].1).rounded()), touch: i == 0 ? 1 : nil)
            }
            frame(nil, nil, touch: 0)
            time += 0.7
        }
        return events
    }

    func trace(targets: [Point], path: String = "calibration.evemu") -> Trace {
        let events = calibrationEvents(targets: targets)
        return Trace(path: path, device: device, events: events, eventLines: Array(1...events.count))
    }

    /// The session as an evemu recording, the way `evemu-record` writes one.
    func evemu(targets: [Point]) -> Data {
        let sink = MemorySink()
        let writer = EvemuWriter(
            device: device, sink: sink,
            comment: "a deliberately mis-calibrated panel (Tests/PanelBoardsTests/CalibrationTests.swift)")
        for event in calibrationEvents(targets: targets) { writer.write(event) }
        writer.flush()
        return Data(sink.bytes)
    }

    /// The board's whole chain with `calibration` as the file's matrix (quirks first, as Board.Touch folds them).
    func transform(calibration: CalibrationMatrix) -> TouchTransform {
        let q = quirks
        let m = calibration
        let effective = CalibrationMatrix(
            a: m.a * q.a + m.b * q.d, b: m.a * q.b + m.b * q.e, c: m.a * q.c + m.b * q.f + m.c,
            d: m.d * q.a + m.e * q.d, e: m.d * q.b + m.e * q.e, f: m.d * q.c + m.e * q.f + m.f)
        return TouchTransform(device: device, screenSize: screen, calibration: effective, rotation: rotation)
    }

    /// The largest distance, in pixels, between a finger and where `calibration` puts it, over a grid on the screen.
    func worstError(calibration: CalibrationMatrix) -> Double {
        let chain = transform(calibration: calibration)
        var worst = 0.0
        for i in 0...10 {
            for j in 0...10 {
                let point = Point(x: screen.width * Double(i) / 10, y: screen.height * Double(j) / 10)
                let (x, y) = raw(at: point)
                let seen = chain.point(forDeviceX: x.rounded(), y: y.rounded())
                worst = max(
                    worst,
                    ((seen.x - point.x) * (seen.x - point.x) + (seen.y - point.y) * (seen.y - point.y)).squareRoot())
            }
        }
        return worst
    }
}

@Suite("panel calibrate: least squares, the five-target flow, the override file")
struct CalibrationTests {
    /// A resistive panel fresh from the factory: its sensor overhangs the
    /// display (scaled 8 % and 10 %), is sheared, and is shifted by 6 % and 4 %;
    /// every target still lies on the sensor.
    static let skewed = CalibrationMatrix(a: 1.08, b: 0.03, c: -0.06, d: -0.02, e: 1.1, f: -0.04)

    @Test("Exact pairs give back the matrix that made them")
    func fittingExactPairs() throws {
        let sensors = [
            Point(x: 0.1, y: 0.1), Point(x: 0.9, y: 0.1), Point(x: 0.9, y: 0.9), Point(x: 0.1, y: 0.9),
            Point(x: 0.5, y: 0.5)
        ]
        let pairs = sensors.map { CalibrationPair(sensor: $0, target: Self.skewed.apply(to: $0)) }
        let fitted = try #require(CalibrationMatrix.fitting(pairs))
        for (got, want) in zip(
            [fitted.a, fitted.b, fitted.c, fitted.d, fitted.e, fitted.f],
            [Self.skewed.a, Self.skewed.b, Self.skewed.c, Self.skewed.d, Self.skewed.e, Self.skewed.f])
        {
            #expect(abs(got - want) < 1e-9)
        }
    }

    @Test("Fewer than three points, or points on one line, have no matrix")
    func fittingDegenerate() {
        let two = [
            CalibrationPair(sensor: Point(x: 0.1, y: 0.1), target: Point(x: 0.1, y: 0.1)),
            CalibrationPair(sensor: Point(x: 0.9, y: 0.9), target: Point(x: 0.9, y: 0.9))
        ]
        #expect(CalibrationMatrix.fitting(two) == nil)
        let line = (0..<5).map { i in
            CalibrationPair(
                sensor: Point(x: 0.1 + 0.2 * Double(i), y: 0.1 + 0.2 * Double(i)), target: Point(x: Double(i), y: 0))
        }
        #expect(CalibrationMatrix.fitting(line) == nil)
    }

    @Test("A mis-calibrated panel's five touches give a matrix that undoes it to within one pixel")
    func recoversKnownMatrix() throws {
        let panel = MiscalibratedPanel(truth: Self.skewed, screen: Size(width: 480, height: 272))
        // Uncalibrated, the panel is far off: the test could fail.
        #expect(panel.worstError(calibration: .identity) > 15)
        let targets = CalibrationScreen.targets(in: panel.screen)
        let screen = try CalibrationScreen.replaying(panel.trace(targets: targets), screenSize: panel.screen)
        #expect(screen.isFinished)
        let result = try #require(screen.result)
        #expect(panel.worstError(calibration: result.matrix) <= 1)
        #expect(result.maximumResidual <= 1)
        #expect(result.residuals.count == 5)
    }

    @Test(
        "Axis quirks and touch rotation stay outside the matrix: the board file's matrix comes back, not the whole chain"
    )
    func quirksAndRotation() throws {
        let swapped = CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0) // swapAxes
        let panel = MiscalibratedPanel(
            truth: Self.skewed, quirks: swapped, rotation: .clockwise90, screen: Size(width: 800, height: 1280))
        let targets = CalibrationScreen.targets(in: panel.screen)
        let screen = try CalibrationScreen.replaying(
            panel.trace(targets: targets), screenSize: panel.screen,
            quirks: swapped, rotation: .clockwise90)
        let result = try #require(screen.result)
        #expect(panel.worstError(calibration: result.matrix) <= 1)
        #expect(abs(result.matrix.a - Self.skewed.a) < 0.01 && abs(result.matrix.f - Self.skewed.f) < 0.01)
    }

    @Test("A cancelled touch asks for the same target again; it is not counted")
    func cancelledTouchRetries() throws {
        let panel = MiscalibratedPanel(truth: Self.skewed, screen: Size(width: 480, height: 272))
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let window = Window(frame: Rect(x: 0, y: 0, width: 480, height: 272))
        let screen = CalibrationScreen(frame: window.bounds)
        window.addSubview(screen)
        application.addWindow(window)
        var frame = TouchFrame(timestamp: 1)
        frame.append(TouchContact(id: 1, x: 40, y: 30))
        application.enqueue(frame)
        application.runTurn()
        application.cancelTouches()
        #expect(screen.currentTarget == 0)
        #expect(screen.instructions.text.hasPrefix("The touch was cancelled."))
        _ = panel
    }

    @Test("The override file round-trips, and a broken one names its file, line and fix")
    func overrideFile() throws {
        let override = BoardOverride(
            board: "beaglebone-black-lcd4", calibration: Self.skewed, rmsResidual: 0.42, maximumResidual: 0.7)
        let read = try BoardOverride(parsing: Array(override.json.utf8), path: "x.override.json")
        #expect(read == override)
        let singular =
            "{\n  \"board\": \"beaglebone-black-lcd4\",\n  \"touch\": { \"calibration\": [1, 2, 0, 2, 4, 0] }\n}\n"
        #expect(
            errorText { _ = try BoardOverride(parsing: Array(singular.utf8), path: "x.override.json") }
                .hasPrefix("x.override.json:3:"))
        #expect(
            errorText { _ = try BoardOverride(parsing: Array(singular.utf8), path: "x.override.json") }
                .contains("touch.calibration: the matrix is not invertible"))
        let board = try Board.load(path: PackagePaths.path("boards/rpi4-7inch.json"))
        #expect(
            errorText { _ = try board.applying(override, from: "x.override.json") }
                .contains("x.override.json:1:1: board: the override is for 'beaglebone-black-lcd4', not 'rpi4-7inch'"))
    }

    @Test("panel calibrate --trace writes the override beside the board file; --board and boards check then use it")
    func commandFlow() throws {
        let directory = try scratchDirectory()
        let boards = directory.appendingPathComponent("boards")
        try FileManager.default.createDirectory(at: boards, withIntermediateDirectories: true)
        let name = "beaglebone-black-lcd4"
        try FileManager.default.copyItem(
            atPath: PackagePaths.path("boards/\(name).json"), toPath: boards.appendingPathComponent("\(name).json").path
        )
        let board = try Board.load(path: PackagePaths.path("boards/\(name).json"))
        let panel = MiscalibratedPanel(truth: Self.skewed, screen: board.screenSize)
        let tracePath = directory.appendingPathComponent("calibration.evemu").path
        try panel.evemu(targets: CalibrationScreen.targets(in: board.screenSize)).write(
            to: URL(fileURLWithPath: tracePath))

        let run = try PanelRun.run(["calibrate", "--board", name, "--boards", boards.path, "--trace", tracePath])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("panel calibrate: \(name), 5 targets on 480x272"))
        #expect(run.stdout.contains("target 5 at (240, 136)"))
        #expect(run.stdout.contains("residual error: 0.0")) // hundredths of a pixel: ADC quantization
        let overridePath = boards.appendingPathComponent("\(name).override.json").path
        #expect(run.stdout.contains("wrote \(overridePath)"))
        let override = try BoardOverride.load(path: overridePath)
        #expect(panel.worstError(calibration: override.calibration) <= 1)

        let check = try PanelRun.run(["boards", "check", "--boards", boards.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("calibration from \(overridePath)"))
        #expect(check.stdout.contains("1 of 1 board files are valid"))
        let replay = try PanelRun.run(["replay", tracePath, "--board", name, "--boards", boards.path])
        #expect(replay.stderr.contains("panel: note: \(name): touch calibration from \(overridePath)"))

        // A recording that stops early says how many targets it covered.
        let short = directory.appendingPathComponent("short.evemu").path
        let lines = try String(contentsOfFile: tracePath, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let lift = lines.firstIndex { $0.hasPrefix("E:") && $0.contains("0001 014a 0000") }! // the first lift…
        // …and its SYN_REPORT
        let cut = lines[lift...].firstIndex { $0.hasPrefix("E:") && $0.contains("0000 0000 0000") }!
        try (lines[...cut].joined(separator: "\n") + "\n").write(toFile: short, atomically: true, encoding: .utf8)
        let early = try PanelRun.run([
            "calibrate", "--board", name, "--boards", boards.path, "--trace", short, "--output",
            directory.appendingPathComponent("o.json").path
        ])
        #expect(early.status == 1)
        #expect(early.stderr.contains("holds touches for 1 of the 5 targets"))
    }
}

extension CalibrationTests {
    @Test(
        "Tests/Calibration/miscalibrated-800x480.evemu, which the VM test plays into the kernel, is this panel's session on an 800x480 board"
    )
    func committedTrace() throws {
        let panel = MiscalibratedPanel(truth: Self.skewed, screen: Size(width: 800, height: 480))
        let generated = panel.evemu(targets: CalibrationScreen.targets(in: panel.screen))
        let path = PackagePaths.path("Tests/Calibration/miscalibrated-800x480.evemu")
        if ProcessInfo.processInfo.environment["PANELKIT_WRITE_CALIBRATION_TRACE"] == "1" {
            try generated.write(to: URL(fileURLWithPath: path))
        }
        // Regenerate with PANELKIT_WRITE_CALIBRATION_TRACE=1 swift test --filter committedTrace
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == generated)
        let screen = try CalibrationScreen.replaying(try Trace.load(path: path), screenSize: panel.screen)
        #expect(panel.worstError(calibration: try #require(screen.result).matrix) <= 1)
    }
}

/// The description of the error `body` throws; "" when it throws none.
func errorText(_ body: () throws -> Void) -> String {
    do {
        try body()
        return ""
    } catch {
        return "\(error)"
    }
}
