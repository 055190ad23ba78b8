import CLinux
import PanelBench
import PanelBoards
import PanelDemo
import PanelJSON
// `panel-demo bench [--quick] [--json FILE] [--scene NAME]…`: the benchmark
// harness (PanelBench) on the board itself, with the board's budgets, writing
// the same JSON as `panel bench --json` on the host.
import PanelKit
import PanelReplay
import PanelTrace

func runBench(_ arguments: Arguments, board: Board) -> Int32 {
    var arguments = arguments
    let jsonPath = arguments.option("--json")
    let assets = arguments.option("--assets") ?? executableDirectory() + "/assets"
    let traceFolder = arguments.option("--traces") ?? executableDirectory() + "/traces"
    var configuration = Bench.Configuration(assetsPath: assets)
    configuration.redrawScreen = DemoApp.benchScreen(assetsPath: assets)
    configuration.board = board
    configuration.latencyLogPath = arguments.option("--latency-log")
    while let scene = arguments.option("--scene") {
        var known = false
        for i in 0..<Bench.sceneNames.count where Bench.sceneNames[i] == scene { known = true }
        if !known { fail("unknown bench scene '" + scene + "'\n" + usage) }
        configuration.scenes.append(scene)
    }
    if let index = arguments.words.firstIndex(of: "--quick") {
        configuration.quick = true
        arguments.words.remove(at: index)
    }
    arguments.rejectUnknownOptions(usage)
    if !arguments.words.isEmpty { fail("bench takes no file arguments\n" + usage) }
    for name in fileNames(in: traceFolder, suffix: ".evemu") {
        do throws(TraceError) {
            configuration.traces.append(try Trace.load(path: traceFolder + "/" + name))
        } catch {
            fail(error.description)
        }
    }
    configuration.progress = { line in writeError("panel-demo bench: " + line + "\n") }
    let report: BenchReport
    do throws(ReplayError) {
        report = try Bench(configuration).run()
    } catch {
        fail(error.message)
    }
    print(report.table(color: isatty(1) != 0), terminator: "")
    if let jsonPath { writeFile(report.json(), to: jsonPath) }
    return report.passed ? 0 : 1
}

/// Writes `text` to `path`, replacing it; fails with the system's reason.
func writeFile(_ text: String, to path: String) {
    do throws(FileWriteError) {
        try writeWholeFile(path: path, text: text)
    } catch {
        fail(path + ": " + error.message)
    }
}
