import ArgumentParser
import Foundation
import PanelBench
import PanelBoards
import PanelDemo
import PanelJSON
import PanelScenes
import PanelTrace

/// `panel bench`: the benchmark harness on this machine.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure PanelKit's hot paths against baselines of the same run, and check a board's budgets.",
        discussion: """
            Scenes: \(Bench.sceneNames.joined(separator: ", ")). Each warms up, then runs a fixed number of \
            iterations; figures are medians and p99s, stated as ratios to baselines measured in the same run \
            (memcpy of one frame, a bare loop). Every scene counts allocations per operation with the same malloc \
            interposer the tests use; an allocation on a hot path fails the run. With --board, its frame-time and \
            latency budgets turn figures into pass or fail. The exit status is 0 only when everything passes.
            """
    )

    @Option(
        parsing: .upToNextOption, help: "Scenes to run (default: all): \(Bench.sceneNames.joined(separator: ", ")).")
    var scene: [String] = []

    @Option(help: "A scene file for touch-pipeline's traces to replay into, instead of the touches scene.")
    var sceneFile: String?

    @OptionGroup var boardChoice: BoardChoice

    @Option(help: "Write the figures as JSON.")
    var json: String?

    @Option(help: "Write an SVG chart of the figures.")
    var chart: String?

    @Option(help: "An earlier run's JSON: show each figure's change from it.")
    var compare: String?

    @Option(
        help:
            "A latency log from `panel demo --backend drm --latency-log`: the latency scene adds its input-to-flip figures."
    )
    var latencyLog: String?

    @Flag(help: "A few iterations per scene, to prove each works (what scripts/test runs).")
    var quick = false

    @Option(help: "PanelKit's assets folder; found from the current folder or the executable by default.")
    var assets: String?

    @Option(help: "The traces for touch-pipeline (default: Tests/Traces/*.evemu beside the assets).")
    var traces: [String] = []

    func run() throws {
        for name in scene where !Bench.sceneNames.contains(name) {
            fail("unknown bench scene '\(name)'; expected one of: \(Bench.sceneNames.joined(separator: ", "))")
        }
        let assetsPath = Assets(given: assets).path
        var configuration = Bench.Configuration(assetsPath: assetsPath)
        configuration.redrawScreen = DemoApp.benchScreen(assetsPath: assetsPath)
        configuration.navigationScreens = DemoApp.benchNavigation(assetsPath: assetsPath)
        configuration.quick = quick
        configuration.scenes = scene
        configuration.board = boardChoice.load()
        configuration.latencyLogPath = latencyLog
        if let sceneFile {
            do {
                configuration.touchScene = try SceneFile.load(path: sceneFile)
            } catch {
                fail(error.description)
            }
        }
        var tracePaths = traces
        if tracePaths.isEmpty {
            let folder = URL(fileURLWithPath: assetsPath).standardizedFileURL.deletingLastPathComponent()
                .appendingPathComponent("Tests/Traces").path
            tracePaths = sortedFiles(in: folder, suffix: ".evemu")
        }
        for path in tracePaths {
            do {
                configuration.traces.append(try Trace.load(path: path))
            } catch {
                fail("\(error)")
            }
        }
        configuration.progress = { line in FileHandle.standardError.write(Data("panel bench: \(line)\n".utf8)) }
        let report: BenchReport
        do {
            report = try Bench(configuration).run()
        } catch {
            fail(error.message)
        }
        print(report.table(color: isatty(1) != 0), terminator: "")
        if let compare { print(comparison(report, with: compare), terminator: "") }
        if let json { write(report.json(), to: json) }
        if let chart { write(report.svg(), to: chart) }
        if !report.passed { throw ExitCode(1) }
    }

    func write(_ text: String, to path: String) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            fail("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Each figure's median against the same figure of an earlier run's JSON.
    func comparison(_ report: BenchReport, with path: String) -> String {
        let old: JSONValue
        do {
            old = try JSONParser.parseFile(path: path)
        } catch {
            fail(error.description)
        }
        var previous: [String: Double] = [:]
        if case .object(let top) = old.kind, let scenes = top.first(where: { $0.key == "scenes" }),
            case .array(let list) = scenes.value.kind
        {
            for entry in list {
                guard case .object(let members) = entry.kind,
                    case .string(let sceneName)? = members.first(where: { $0.key == "name" })?.value.kind,
                    case .array(let figures)? = members.first(where: { $0.key == "figures" })?.value.kind
                else { continue }
                for figure in figures {
                    guard case .object(let fields) = figure.kind,
                        case .string(let name)? = fields.first(where: { $0.key == "name" })?.value.kind,
                        case .number(let median)? = fields.first(where: { $0.key == "median" })?.value.kind
                    else { continue }
                    previous[sceneName + " / " + name] = median
                }
            }
        }
        var out = "\nchange from \(path) (median; + is slower or more)\n"
        for scene in report.scenes {
            for figure in scene.figures {
                let key = scene.name + " / " + figure.name
                guard let before = previous[key], before > 0 else {
                    out += "  \(key): new\n"
                    continue
                }
                let change = (figure.median - before) / before * 100
                out += "  \(key): \(String(format: "%+.1f%%", change))\(change > 10 ? "  REGRESSION?" : "")\n"
            }
        }
        return out
    }
}
