import CLinux
import PanelBench
import PanelBoards
import PanelJSON
import PanelKit
import PanelReplay

/// `--bench`: the app's own window measured where it runs, with the board's
/// budgets (PanelBench's `runApp`): a full redraw against the memcpy of one
/// frame, recorded traces played into the app (frame times, median and p99),
/// and the allocations of each input frame, which must be zero. It prints the
/// table, writes `--json` and `--chart` in `panel bench`'s formats, and exits
/// 1 when a budget or the allocation check fails. Headless: no display needed.
///
/// The traces: `--replay TRACE` (repeatable as one), else every `.evemu` in the
/// bundle's `traces/` (a board) or PanelKit's `Tests/Traces` (a checkout).
enum BenchHost {
    static func run(_ runtime: AppRuntime) -> Int32 {
        let options = runtime.options
        var tracePaths: [String] = []
        if let replay = options.replay {
            tracePaths.append(replay)
        } else if let folder = locatePanelKitFolder("traces", given: nil, marker: ".", variable: "PANELKIT_TRACES")
                    ?? locatePanelKitFolder("Tests/Traces", given: nil, marker: ".", variable: "PANELKIT_TRACES") {
            for name in fileNames(in: folder, suffix: ".evemu") { tracePaths.append(folder + "/" + name) }
        }
        guard !tracePaths.isEmpty else {
            runtime.fail("--bench found no traces: give --replay TRACE.evemu (or put .evemu files in traces/ beside the binary)")
        }
        var traces: [Trace] = []
        for path in tracePaths {
            do throws(TraceError) {
                traces.append(try Trace.load(path: path))
            } catch {
                runtime.fail(error.description)
            }
        }
        var configuration = Bench.Configuration(assetsPath: runtime.arguments.assetsPath)
        configuration.board = runtime.board
        configuration.quick = options.quick
        configuration.progress = { line in runtime.note("bench: " + line) }
        let bench: Bench
        do throws(ReplayError) {
            bench = try Bench(configuration)
        } catch {
            runtime.fail(error.message)
        }
        // The board's screen (as the bench's framebuffers), on a manual clock; the log is counted, not printed.
        let delegate = runtime.firstDelegate!
        let size = runtime.board?.screenSize ?? runtime.chosenScreenSize(delegate)
        let launched = runtime.launch(delegate, runLoop: RunLoop(manualClock: ManualClock()), screenSize: size, backend: .headless,
                                      logSink: CountingSink())
        let board = runtime.board
        let report: BenchReport
        do throws(ReplayError) {
            report = try bench.runApp(window: launched.window, application: launched.application, traces: traces,
                                      calibration: board?.touch.effectiveCalibration ?? .identity,
                                      rotation: board?.touchRotationOnScreen ?? .none, filters: board?.touch.filters ?? .none,
                                      name: runtime.programName)
        } catch {
            runtime.fail(error.message)
        }
        print(report.table(color: isatty(1) != 0), terminator: "")
        if let path = options.json { write(report.json(), to: path, runtime) }
        if let path = options.chart { write(report.svg(), to: path, runtime) }
        launched.delegate.applicationWillTerminate(launched.application)
        return report.passed ? 0 : 1
    }

    static func write(_ text: String, to path: String, _ runtime: AppRuntime) {
        do throws(FileWriteError) {
            try writeWholeFile(path: path, text: text)
        } catch {
            runtime.fail(path + ": " + error.message)
        }
    }
}
