import Foundation
import PanelTesting
import Testing

@Suite("panel bench")
struct BenchCommandTests {
    @Test("--compare shows each figure's change from an earlier run's JSON")
    func compare() throws {
        let directory = try scratchDirectory()
        let old = directory.appendingPathComponent("old.json").path
        let first = try PanelRun.run(["bench", "--quick", "--scene", "hit-test", "--json", old])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try PanelRun.run(["bench", "--quick", "--scene", "hit-test", "--compare", old])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("change from \(old)"))
        #expect(second.stdout.contains("hit-test / 1001 views: per hit-test: "))
        #expect(second.stderr.contains("panel bench: [1/1] hit-test")) // progress
    }

    @Test("--scene-file replays the traces into a scene file (issue: scene files in the bench)")
    func sceneFile() throws {
        let run = try PanelRun.run([
            "bench", "--quick", "--scene", "touch-pipeline",
            "--scene-file", PackagePaths.path("assets/scenes/controls.json")
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("touch-pipeline  (allocations/op 0)"))
    }

    @Test("--latency-log adds the DRM backend's input-to-flip figures to the latency scene")
    func latencyLog() throws {
        let directory = try scratchDirectory()
        let log = directory.appendingPathComponent("latency.log")
        try """
        # frame input_time flip_time latency_ms (CLOCK_MONOTONIC seconds; - when no touch input caused the frame)
        1 - 10.000000 -
        2 10.010000 10.022000 12.000
        3 10.030000 10.038500 8.500
        4 10.050000 10.070000 20.000

        """.write(to: log, atomically: true, encoding: .utf8)
        let run = try PanelRun.run(["bench", "--quick", "--scene", "latency", "--latency-log", log.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("DRM: evdev input → page flip (3 frames)"))
        #expect(run.stdout.contains("12 ms")) // the median of 8.5, 12 and 20 ms
        let broken = directory.appendingPathComponent("broken.log")
        try "2 10.01 10.02 twelve\n".write(to: broken, atomically: true, encoding: .utf8)
        let bad = try PanelRun.run(["bench", "--quick", "--scene", "latency", "--latency-log", broken.path])
        #expect(bad.status == 1)
        #expect(bad.stderr == "panel: error: \(broken.path):1: the latency 'twelve' is not a number\n")
    }

    @Test("An unknown scene is one clear line")
    func unknownScene() throws {
        let run = try PanelRun.run(["bench", "--scene", "nope"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("panel: error: unknown bench scene 'nope'; expected one of: hit-test, "))
    }
}
