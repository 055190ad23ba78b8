import Foundation
import PanelTesting
import Testing

/// `panel soak`: simulated use of the demo app in fast time, with memory and
/// live counts checked flat (the full hour is `panel soak`; CI runs 5 minutes).
@Suite("panel soak")
struct SoakCommandTests {
    @Test("A short soak is flat: RSS within 1% after the warm-up, views, touches and timers as at the start")
    func shortSoakIsFlat() throws {
        let run = try PanelRun.run(["soak", "--minutes", "1.5", "--warm-up", "0.5", "--json", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let json = try #require(object, "not a JSON object: \(run.stdout)")
        #expect(json["flat"] as? Bool == true)
        #expect((json["cycles"] as? Int ?? 0) >= 2)
        #expect((json["actions"] as? Int ?? 0) > 0) // the demo's controls answered
        #expect((json["gestureLogLines"] as? Int ?? 0) > 0) // the gestures screen saw touches
        #expect((json["drawnFrames"] as? Int ?? 0) > 0)
        let start = try #require(json["start"] as? [String: Any])
        let end = try #require(json["end"] as? [String: Any])
        for key in ["liveViews", "liveTouches", "pendingTimers"] {
            #expect(start[key] as? Int == end[key] as? Int, "\(key)")
        }
        #expect((start["liveViews"] as? Int ?? 0) > 0)
        #expect((end["rssBytes"] as? Int ?? 0) > 0)
    }

    @Test("A leak fails the soak with a one-line reason: dropped screens kept alive")
    func leakFails() throws {
        let run = try PanelRun.run(["soak", "--minutes", "1.5", "--warm-up", "0.5", "--keep-dropped-screens"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("NOT FLAT"))
        let reason = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(reason.hasPrefix("panel soak: not flat: "), "\(run.stderr)")
        #expect(reason.contains("live views went from "), "\(run.stderr)")
    }

    @Test("Bad numbers are refused")
    func badOptions() throws {
        let run = try PanelRun.run(["soak", "--minutes", "1", "--warm-up", "2"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--warm-up must be at least 0 and below --minutes"))
    }
}
