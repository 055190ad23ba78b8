import CLinux
import PanelBench
import PanelBoards
import PanelJSON
import PanelLinux
import PanelLog
import PanelReplay
import PanelTrace
import PanelUI

/// `--bench`: the app's own window measured where it runs, with the board's
/// budgets (PanelBench's `runApp`): a full redraw against the memcpy of one
/// frame, recorded traces played into the app (frame times, median and p99),
/// and the allocations of each input frame, which must be zero. It prints the
/// table, writes `--json` and `--chart` in `panel bench`'s formats, and exits
/// 1 when a budget or the allocation check fails. Headless: no display needed.
///
/// The traces are the app's own: `--replay TRACE`, else `PANELKIT_TRACES`,
/// else every `.evemu` in the app's folder, `appTraceFolder()`. Each trace
/// plays into a fresh launch of the app, so what one trace leaves on the
/// screen (a pushed screen, a typed text) never changes another's figures.
enum BenchHost {
    static func run(_ runtime: AppRuntime) -> Int32 {
        let options = runtime.options
        var tracePaths: [String] = []
        if let replay = options.replay {
            tracePaths.append(replay)
        } else if let folder = environmentVariable("PANELKIT_TRACES") ?? appTraceFolder() {
            for name in fileNames(in: folder, suffix: ".evemu") { tracePaths.append(folder + "/" + name) }
            runtime.note("bench: the app's traces in " + folder + " (" + String(tracePaths.count) + ")")
        }
        guard !tracePaths.isEmpty else {
            runtime.fail(
                "--bench found no traces of this app: give --replay TRACE.evemu, or record some into the app's "
                    + "Tests/Traces (a board bundle's traces/ beside the binary)")
        }
        var traces: [Trace] = []
        for path in tracePaths {
            do throws(TraceError) {
                var trace = try Trace.load(path: path)
                // Recorded on the board's panel: its position axes apply (touch.axes).
                if let board = runtime.board { trace.device = board.touch.wiring(trace.device) }
                traces.append(trace)
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
        let size = runtime.board?.screenSize ?? runtime.chosenScreenSize(runtime.firstDelegate!)
        var launches: [LaunchedApp] = []
        // A fresh launch of the app for every measurement: the first one is the delegate the runtime made.
        let launch = { () -> (window: Window, application: Application) in
            let delegate = launches.isEmpty ? runtime.firstDelegate! : runtime.newDelegate()
            if let previous = launches.last { previous.terminate() }
            let launched = runtime.launch(
                delegate, runLoop: RunLoop(manualClock: ManualClock()), screenSize: size, backend: .headless,
                logSink: CountingSink())
            launches = [launched]
            return (launched.window, launched.application)
        }
        let board = runtime.board
        let report: BenchReport
        do throws(ReplayError) {
            report = try bench.runApp(
                launch: launch, traces: traces, calibration: board?.touch.effectiveCalibration ?? .identity,
                rotation: board?.touchRotationOnScreen ?? .none, filters: board?.touch.filters ?? .none,
                name: runtime.programName)
        } catch {
            runtime.fail(error.message)
        }
        print(report.table(color: isatty(1) != 0), terminator: "")
        if let path = options.json { write(report.json(), to: path, runtime) }
        if let path = options.chart { write(report.svg(), to: path, runtime) }
        if let last = launches.last { last.terminate() }
        return report.passed ? 0 : 1
    }

    /// The app's own traces: walking up from the executable to the app's
    /// package (the first folder with a `Package.swift`), the first `traces/`
    /// (a board bundle: the binary beside it) or `Tests/Traces` (a checkout:
    /// the binary in `.build`); never past the package. Else the current
    /// folder's. Nil when the app has none.
    static func appTraceFolder() -> String? {
        var folder = executableDirectory()
        for _ in 0..<8 {
            for name in ["traces", "Tests/Traces"] where isDirectory(folder + "/" + name) { return folder + "/" + name }
            if isFile(folder + "/Package.swift") || sameBytes(folder, "/") || sameBytes(folder, ".") { break }
            folder = parentDirectory(folder)
        }
        for name in ["traces", "Tests/Traces"] where isDirectory(name) { return currentDirectory() + "/" + name }
        return nil
    }

    static func write(_ text: String, to path: String, _ runtime: AppRuntime) {
        do throws(FileWriteError) {
            try writeWholeFile(path: path, text: text)
        } catch {
            runtime.fail(path + ": " + error.message)
        }
    }
}
