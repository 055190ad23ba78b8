import Foundation
import PanelBench
import PanelBoards
import PanelKit
import PanelReplay
import PanelTesting
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

    @Test("The harness counts allocations the way the tests do, and an allocating hot path fails the run")
    func allocationsAreCaught() {
        let hoard = Hoard()
        let measured = Stopwatch(samples: 10, warmUp: 1).measure { hoard.items.append([1, 2, 3]) }
        #expect(measured.allocationsPerRun >= 1)
        var report = BenchReport(machine: "test", board: "no board", buildMode: "debug", iterationsMode: "quick")
        report.scenes.append(SceneResult(name: "touch-pipeline", allocationsPerOperation: measured.allocationsPerRun,
                                         isHotPath: true, figures: [Figure(name: "f", unit: "ns", samples: measured.nanoseconds)]))
        #expect(report.scenes[0].allocationFailed)
        #expect(!report.passed)
        #expect(report.json().contains("\"allocationFailure\": true"))
        #expect(report.table(color: true).contains("\u{1B}[31;1mallocations/op"))
        #expect(report.svg().contains("ALLOCATES ON THE HOT PATH"))
    }

    @Test("full-redraw draws the board's frame at scale 1 and at scale 2, and in the other pixel format (RGB565), each against the same memcpy baseline; the budget checks the board's own scale and format")
    func fullRedrawAtEachScale() throws {
        let plain = try quickRun(["full-redraw"])
        let redraw = try #require(plain.scenes.first)
        #expect(redraw.figures.map(\.name) == ["controls scene, full redraw", "controls scene at scale 2, full redraw",
                                               "controls scene in RGB565, full redraw"])
        #expect(redraw.figures.allSatisfy { $0.ratioOf == "memcpy bandwidth" && $0.ratio != nil })
        #expect(redraw.allocationsPerOperation == 0)
        #expect(RedrawVariant.variants(board: nil) == [RedrawVariant(format: .xrgb8888, scale: 1), RedrawVariant(format: .xrgb8888, scale: 2),
                                                       RedrawVariant(format: .rgb565, scale: 1)])

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

    @Test("Every scene runs in the quick mode, and the JSON holds machine, board, build mode, baselines, scenes and budgets")
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
        #expect(budgets.map { $0["name"] as? String } == ["frame time: slider-drag frame p99", "frame time: full redraw median",
                                                           "latency: input → frame ready p99"])
        for budget in budgets { #expect(budget["passed"] is Bool) }
        // Ratios against baselines of the same run.
        let redraw = try #require(scenes.first { $0["name"] as? String == "full-redraw" }?["figures"] as? [[String: Any]])
        #expect(redraw[0]["ratioOf"] as? String == "memcpy bandwidth")
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
