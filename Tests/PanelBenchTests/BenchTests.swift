import Foundation
import PanelBench
import PanelBoards
import PanelTesting
import PanelTrace
import PanelUI
import Testing

/// A quick run of `scenes`, with the shipped traces.
func quickRun(_ scenes: [String], board: Board? = nil) throws -> BenchReport {
    var configuration = Bench.Configuration(assetsPath: PackagePaths.path("assets"))
    configuration.quick = true
    configuration.scenes = scenes
    configuration.board = board
    let folder = PackagePaths.path("Tests/Traces")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".evemu") {
        configuration.traces.append(try Trace.load(path: folder + "/" + name))
    }
    return try Bench(configuration).run()
}

/// Keeps what it is given, so appending allocates.
final class Hoard { var items: [[Double]] = [] }

@Suite("Benchmark harness")
struct BenchTests {
    @Test("Rule 3 in the harness: touch-pipeline and gesture-storm allocate nothing per input frame")
    func hotPathsAllocateNothing() throws {
        let report = try quickRun(["touch-pipeline", "gesture-storm"])
        #expect(report.scenes.map(\.name) == ["touch-pipeline", "gesture-storm"])
        for scene in report.scenes {
            #expect(scene.allocationsPerOperation == 0, "\(scene.name)")
            #expect(scene.isHotPath)
        }
        // Every shipped trace and the one-finger screen are reported.
        #expect(report.scenes[0].figures.count == 8)
        #expect(report.passed)
    }

    @Test(
        "card-drag and turned-card-drag: a shadowed rounded card dragged, straight or turned, allocates nothing per frame, and redraws a part of the screen",
        arguments: ["card-drag", "turned-card-drag"])
    func cardDragAllocatesNothing(_ name: String) throws {
        let report = try quickRun([name])
        let scene = try #require(report.scenes.first)
        #expect(scene.name == name)
        #expect(scene.allocationsPerOperation == 0)
        #expect(scene.isHotPath)
        let pixels = try #require(scene.figures.first { $0.name.hasPrefix("pixels redrawn") })
        #expect(pixels.median > 0 && pixels.median < 800 * 480 / 4)
        #expect(report.passed)
    }

    @Test("The harness counts allocations the way the tests do, and an allocating hot path fails the run")
    func allocationsAreCaught() {
        let hoard = Hoard()
        let measured = Stopwatch(samples: 10, warmUp: 1).measure { hoard.items.append([1, 2, 3]) }
        #expect(measured.allocationsPerRun >= 1)
        var report = BenchReport(machine: "test", board: "no board", buildMode: "debug", iterationsMode: "quick")
        report.scenes.append(
            SceneResult(
                name: "touch-pipeline", allocationsPerOperation: measured.allocationsPerRun,
                isHotPath: true, figures: [Figure(name: "f", unit: "ns", samples: measured.nanoseconds)]))
        #expect(report.scenes[0].allocationFailed)
        #expect(!report.passed)
        #expect(report.json().contains("\"allocationFailure\": true"))
        #expect(report.table(color: true).contains("\u{1B}[31;1mallocations/op"))
        #expect(report.svg().contains("ALLOCATES ON THE HOT PATH"))
    }

    @Test(
        "full-redraw draws the board's frame at scale 1 and at scale 2, and in the other pixel format (RGB565), each against the same memcpy baseline; the budget checks the board's own scale and format"
    )
    func fullRedrawAtEachScale() throws {
        let plain = try quickRun(["full-redraw"])
        let redraw = try #require(plain.scenes.first)
        #expect(
            redraw.figures.map(\.name) == [
                "controls scene, full redraw", "controls scene at scale 2, full redraw",
                "controls scene in RGB565, full redraw"
            ])
        #expect(redraw.figures.allSatisfy { $0.ratioOf == "memcpy bandwidth" && $0.ratio != nil })
        #expect(redraw.allocationsPerOperation == 0)
        #expect(
            RedrawVariant.variants(board: nil) == [
                RedrawVariant(format: .xrgb8888, scale: 1), RedrawVariant(format: .xrgb8888, scale: 2),
                RedrawVariant(format: .rgb565, scale: 1)
            ])

        // A board of scale 2 (rpi5-touch-display-2, 1280×720 pixels): its frame-time budget is the scale-2 figure.
        let board = try Board.load(path: PackagePaths.path("boards/rpi5-touch-display-2.json"))
        let report = try quickRun(["full-redraw"], board: board)
        let figures = try #require(report.scenes.first?.figures)
        #expect(figures.count == 3)
        #expect(report.baselines.first?.name == "memcpy of one 1280x720 XRGB8888 frame")
        let budget = try #require(report.budgets.first { $0.name == "frame time: full redraw median" })
        #expect(budget.value == figures[1].median / 1e6)
        // A board whose own scale is neither 1 nor 2 adds its own (imx8mm-evk: 3).
        let imx = try Board.load(path: PackagePaths.path("boards/imx8mm-evk.json"))
        #expect(RedrawVariant.variants(board: imx).map(\.scale) == [1, 2, 1, 3])
        #expect(RedrawVariant(format: .rgb565, scale: 2).label(besides: .xrgb8888) == " in RGB565 at scale 2")
    }

    @Test(
        "Every scene runs in the quick mode, and the JSON holds machine, board, build mode, baselines, scenes and budgets"
    )
    func jsonSchema() throws {
        let board = try Board.load(path: PackagePaths.path("boards/qemu-x86_64.json"))
        let report = try quickRun([], board: board)
        #expect(report.scenes.map(\.name) == Bench.sceneNames)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(object["machine"] is String)
        #expect(object["board"] as? String == "qemu-x86_64")
        #expect(object["buildMode"] as? String == "debug" || object["buildMode"] as? String == "release")
        let baselines = try #require(object["baselines"] as? [[String: Any]])
        #expect(baselines.contains { ($0["name"] as? String)?.hasPrefix("memcpy of one") == true })
        let scenes = try #require(object["scenes"] as? [[String: Any]])
        #expect(scenes.count == Bench.sceneNames.count)
        for scene in scenes {
            #expect(scene["name"] is String)
            #expect(scene["allocationsPerOperation"] is NSNumber)
            let figures = try #require(scene["figures"] as? [[String: Any]])
            #expect(!figures.isEmpty)
            for figure in figures {
                for key in ["name", "unit", "median", "p99", "min", "max"] { #expect(figure[key] != nil, "\(key)") }
            }
        }
        let budgets = try #require(object["budgets"] as? [[String: Any]])
        #expect(
            budgets.map { $0["name"] as? String } == [
                "frame time: slider-drag frame p99", "frame time: full redraw median",
                "latency: input → frame ready p99"
            ])
        for budget in budgets { #expect(budget["passed"] is Bool) }
        // Ratios against baselines of the same run.
        let redraw = try #require(
            scenes.first { $0["name"] as? String == "full-redraw" }?["figures"] as? [[String: Any]])
        #expect(redraw[0]["ratioOf"] as? String == "memcpy bandwidth")
    }

    @Test("Issue 19's goals sit on their figures as limits from baselines of the same run")
    func goalsAreSetFromTheRun() throws {
        let report = try quickRun([])
        func figure(_ scene: String, _ prefix: String) throws -> Figure {
            let figures = try #require(report.scenes.first { $0.name == scene }?.figures)
            return try #require(figures.first { $0.name.hasPrefix(prefix) }, "\(scene): \(prefix)")
        }
        let iteration = try #require(report.baselines.first { $0.name.hasPrefix("bare loop") }).median
        let hit = try figure("hit-test", "101 views: per hit-test")
        #expect(hit.goals.first?.limit == 17.7 * iteration)
        let scan = try figure("hit-test", "101 views: bare scan")
        #expect(hit.goals.contains { $0.limit == 2 * scan.median })
        #expect(try figure("hit-test", "10001 views: per hit-test").goals.first?.limit == 71 * iteration)
        #expect(try figure("touch-pipeline", "one finger").goals.map(\.limit) == [500 * iteration])
        #expect(try figure("gesture-storm", "10 fingers").goals.map(\.limit) == [8_000])
        let full = try figure("slider-drag", "full redraw")
        #expect(try figure("slider-drag", "drag frame").goals.map(\.limit) == [0.05 * full.median])
        let memcpy = try #require(report.baselines.first { $0.name.hasPrefix("memcpy of one") }).median
        #expect(try figure("full-redraw", "controls scene, full redraw").goals.map(\.limit) == [memcpy / 0.5])
        #expect(try figure("full-redraw", "controls scene at scale 2").goals.isEmpty)
        #expect(try figure("text", "16 labels, warm").goals.map(\.limit) == [60_000])
        // Issue 36's dragged card: against a full redraw of its screen.
        let cardFull = try figure("card-drag", "full redraw")
        #expect(try figure("card-drag", "drag frame").goals.map(\.limit) == [0.5 * cardFull.median])
        let turnedFull = try figure("turned-card-drag", "full redraw")
        #expect(try figure("turned-card-drag", "drag frame").goals.map(\.limit) == [turnedFull.median])
        // Issue 39: frames in which the whole screen moves, against the memcpy of a frame in
        // their format (RGB565: its own, half the bytes), at scale 1 and 2 and in RGB565.
        let memcpy565 = try #require(report.baselines.first { $0.name.hasSuffix("RGB565 frame") }).median
        for (scene, prefix, memcpys) in [
            ("scroll-list", "fling frame", 1.5), ("animation", "20 view animations", 1.5), ("push", "push/pop frame", 2)
        ] {
            let figures = try #require(report.scenes.first { $0.name == scene }?.figures)
            let frames = figures.filter { $0.name.hasPrefix(prefix) }
            #expect(frames.map { String($0.name.dropFirst($0.name.count - 10)) }.count == 3, "\(scene): three cases")
            for frame in frames {
                let copy = frame.name.hasSuffix(" in RGB565") ? memcpy565 : memcpy
                #expect(frame.goals.map(\.limit) == [memcpys * copy], "\(frame.name)")
                // Its pixels' floor: each pixel it presented written once, then copied out once.
                let index = try #require(figures.firstIndex { $0.name == frame.name })
                let pixels = figures[index + 2]
                #expect(pixels.name.hasPrefix("pixels redrawn per frame"))
                #expect(frame.goals.first?.floor == 2 * pixels.median / (800 * 480), "\(frame.name)")
                #expect(frame.goals.first?.inUnits(frame) == frame.median / copy)
            }
        }
        #expect(report.goalCount.set == 20)
    }

    @Test("A missed goal is marked in the table, the JSON and the chart, and does not fail the run")
    func missedGoalIsMarked() {
        var report = BenchReport(machine: "test", board: "no board", buildMode: "release", iterationsMode: "full")
        var slow = Figure(name: "slow", unit: "ns", samples: [900, 1000, 1100])
        slow.goals = [Goal("≤ 500 ns", limit: 500)]
        var fast = Figure(name: "fast", unit: "ns", samples: [90, 100, 110])
        fast.goals = [Goal("≤ 500 ns", limit: 500)]
        report.scenes.append(SceneResult(name: "s", allocationsPerOperation: 0, isHotPath: true, figures: [slow, fast]))
        #expect(report.passed)
        #expect(report.goalCount == (met: 1, set: 2))
        let table = report.table(color: true)
        #expect(table.contains("goal ≤ 500 ns: median at most 500 ns in this run, \u{1B}[31;1mMISSED"))
        #expect(table.contains("goal ≤ 500 ns: median at most 500 ns in this run, met"))
        #expect(table.contains("goals: 1 of 2 met"))
        #expect(report.json().contains("\"goals\": [{\"goal\": \"≤ 500 ns\", \"limit\": 500, \"met\": false}]"))
        // A goal in a baseline's units says what the figure is in them, and its floor.
        var frame = Figure(name: "frame", unit: "ns", samples: [390, 400, 410])
        frame.goals = [Goal("≤ 1.5 memcpys of a frame", limit: 150, unit: ("memcpys", 100), floor: 2)]
        report.scenes.append(SceneResult(name: "m", allocationsPerOperation: 0, isHotPath: true, figures: [frame]))
        #expect(report.table(color: false).contains("MISSED; the frame is 4 memcpys, its pixels' floor 2"))
        #expect(report.json().contains("\"met\": false, \"in\": 4, \"unit\": \"memcpys\", \"floor\": 2}"))
        let svg = report.svg()
        #expect(svg.contains("<title>goal ≤ 500 ns</title>"))
        #expect(svg.contains("misses its goal") && svg.contains("goal met"))
    }

    @Test("A budget over its limit fails the run; within it passes")
    func budgets() {
        var report = BenchReport(machine: "test", board: "b", buildMode: "debug", iterationsMode: "quick")
        report.budgets.append(BudgetCheck(name: "frame", unit: "ms", limit: 16.7, value: 3))
        #expect(report.passed)
        report.budgets.append(BudgetCheck(name: "latency", unit: "ms", limit: 50, value: 80))
        #expect(!report.passed)
        #expect(report.table(color: false).contains("FAIL"))
    }

    @Test("Figures are medians and p99s of their samples")
    func statistics() {
        let figure = Figure(name: "f", unit: "ns", samples: (1...100).map(Double.init).reversed())
        #expect(figure.median == 51)
        #expect(figure.p99 == 99)
        #expect(figure.min == 1 && figure.max == 100)
    }
}

@Suite("An app's --bench")
struct AppBenchTests {
    @Test(
        "Each trace plays into a fresh launch of the app, drawn and again input only: the traces' order cannot change what any of them meets"
    )
    func everyTraceFromAFreshLaunch() throws {
        var configuration = Bench.Configuration(assetsPath: PackagePaths.path("assets"))
        configuration.quick = true
        let traces = try ["synthetic_single-touch_tap-and-drag.evemu", "synthetic_protoA_two-fingers.evemu"].map {
            try Trace.load(path: PackagePaths.path("Tests/Traces/" + $0))
        }
        func run(_ order: [Trace]) throws -> [(trace: String, touches: Int)] {
            var launched: [Application] = []
            _ = try Bench(configuration).runApp(
                launch: {
                    let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
                    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
                    application.addWindow(window)
                    launched.append(application)
                    return (window, application)
                }, traces: order, name: "test app")
            // The first launch is the full redraw's; then two per trace.
            #expect(launched.count == 1 + 2 * order.count)
            return order.indices.map { i in
                (String(order[i].path.split(separator: "/").last!), launched[1 + 2 * i].touchDispatcher.touchesSeen)
            }
        }
        let forwards = try run(traces)
        let backwards = try run(traces.reversed())
        #expect(forwards.map(\.touches) == backwards.reversed().map(\.touches))
        #expect(forwards.map(\.trace) == backwards.reversed().map(\.trace))
        #expect(forwards.allSatisfy { $0.touches > 0 })
    }
}
