import CLinux
import PanelBench
import PanelBoards
import PanelDemo
import PanelJSON
// panel-bench: the benchmark harness (PanelBench) on the board itself, with
// the board's budgets, writing the same JSON as `panel bench --json` on the
// host. scripts/build-board builds it beside panel-demo, as Embedded Swift
// with the same board compiled in. A binary of its own so that the demo, like
// any app, carries only what it runs (an app benches its own window with
// `--bench`, AppTools).
//
//   panel-bench [--quick] [--json FILE] [--scene NAME]... [--traces DIR] [--latency-log FILE] [--assets DIR]
import PanelKit
import PanelReplay
import PanelTrace

let usage = """
    usage: panel-bench [--quick] [--json FILE] [--scene NAME]... [--traces DIR] [--latency-log FILE] [--assets DIR]

    """

@_cdecl("main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    var arguments = ToolArguments(program: "panel-bench", argc: argc, argv: argv)
    if arguments.flag("--help") || arguments.flag("-h") {
        writeError(usage)
        return 0
    }
    let board = arguments.compiledInBoard()
    let jsonPath = arguments.option("--json")
    let assets = arguments.option("--assets") ?? executableDirectory() + "/assets"
    let traceFolder = arguments.option("--traces") ?? executableDirectory() + "/traces"
    var configuration = Bench.Configuration(assetsPath: assets)
    configuration.redrawScreen = DemoApp.benchScreen(assetsPath: assets)
    configuration.navigationScreens = DemoApp.benchNavigation(assetsPath: assets)
    configuration.board = board
    configuration.latencyLogPath = arguments.option("--latency-log")
    while let scene = arguments.option("--scene") {
        if !Bench.sceneNames.contains(scene) { arguments.fail("unknown bench scene '" + scene + "'\n" + usage) }
        configuration.scenes.append(scene)
    }
    configuration.quick = arguments.flag("--quick")
    arguments.rejectUnknownOptions(usage)
    if !arguments.words.isEmpty { arguments.fail("panel-bench takes no file arguments\n" + usage) }
    for name in fileNames(in: traceFolder, suffix: ".evemu") {
        do throws(TraceError) {
            configuration.traces.append(try Trace.load(path: traceFolder + "/" + name))
        } catch {
            arguments.fail(error.description)
        }
    }
    configuration.progress = { line in writeError("panel-bench: " + line + "\n") }
    let report: BenchReport
    do throws(ReplayError) {
        report = try Bench(configuration).run()
    } catch {
        arguments.fail(error.message)
    }
    print(report.table(color: isatty(1) != 0), terminator: "")
    if let jsonPath {
        do throws(FileWriteError) {
            try writeWholeFile(path: jsonPath, text: report.json())
        } catch {
            arguments.fail(jsonPath + ": " + error.message)
        }
    }
    return report.passed ? 0 : 1
}
