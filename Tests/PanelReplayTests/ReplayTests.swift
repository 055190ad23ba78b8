import Foundation
import PanelLog
import PanelReplay
import PanelScenes
import PanelTesting
import PanelTrace
import PanelUI
import Testing

/// Replays `trace` into `scene` and returns the log's lines as JSON objects.
func replayLog(_ trace: String, scene: String = "touches") throws -> [[String: Any]] {
    let sink = MemorySink()
    let replayer = try TraceReplayer(
        trace: try Trace.load(path: TracePaths.url(trace)), scene: SceneFiles.builtIn(scene),
        output: sink)
    replayer.run()
    replayer.log.writer.flush()
    return try sink.lines.map { line in
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(line)")
    }
}

struct TouchHistory {
    var phases: [String] = []
}

/// Each touch id's phases, in order.
func touchHistories(_ log: [[String: Any]]) -> [Int: TouchHistory] {
    var histories: [Int: TouchHistory] = [:]
    for line in log where line["type"] as? String == "touch" {
        histories[line["touch"] as! Int, default: TouchHistory()].phases.append(line["phase"] as! String)
    }
    return histories
}

/// Every touch begins once, then only moves, then ends or is cancelled once.
func isWellFormed(_ phases: [String]) -> Bool {
    guard phases.count >= 2, phases.first == "began", let last = phases.last,
        last == "ended" || last == "cancelled"
    else { return false }
    return phases.dropFirst().dropLast().allSatisfy { $0 == "moved" }
}

@Suite("Trace replay")
struct ReplayTests {
    @Test(
        "Every shipped trace replays with the right number of touches, each beginning once and ending or cancelled once",
        arguments: [
            ("edt-EP0430M09_protoB_2finger-scroll-down.evemu", 2),
            ("edt-EP0430M09_protoB_2finger-touch-release.evemu", 2),
            ("synthetic_protoA_two-fingers.evemu", 2),
            ("synthetic_single-touch_tap-and-drag.evemu", 2),
            ("synthetic_single-touch_btn-left.evemu", 1),
            ("synthetic_protoB_syn-dropped.evemu", 2),
            ("synthetic_protoB_start-slot-3.evemu", 2)
        ])
    func wellFormedPhases(trace: String, touches: Int) throws {
        let log = try replayLog(trace)
        let histories = touchHistories(log)
        #expect(histories.count == touches)
        for (id, history) in histories {
            #expect(isWellFormed(history.phases), "touch \(id): \(history.phases)")
        }
        let summary = try #require(log.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["touches"] as? Int == touches)
    }

    @Test("The log's lines carry the documented fields, with t from the trace start and x/y in window points")
    func lineFormat() throws {
        let log = try replayLog("edt-EP0430M09_protoB_2finger-touch-release.evemu")
        let first = log[0]
        #expect(first["type"] as? String == "touch")
        #expect(Set(first.keys) == ["type", "t", "touch", "phase", "x", "y", "view", "tapCount"])
        #expect(first["t"] as? Double == 0)
        #expect(first["view"] as? String == "cell-1-1")
        let responder = try #require(log.first { $0["type"] as? String == "responder" })
        #expect(Set(responder.keys) == ["type", "t", "view", "message", "touches"])
        #expect(responder["message"] as? String == "touchesBegan")
        let summary = try #require(log.last)
        #expect(summary["frames"] as? Int == 14)
        #expect(summary["droppedFrames"] as? Int == 0)
        for line in log where line["type"] as? String == "touch" {
            let x = line["x"] as! Double
            let y = line["y"] as! Double
            #expect((0..<800).contains(x) && (0..<480).contains(y))
        }
    }

    @Test(
        "H4, rule 5: after SYN_DROPPED the finger that vanished is cancelled, its view hears touchesCancelled, and the drop is counted"
    )
    func synDroppedCancels() throws {
        let log = try replayLog("synthetic_protoB_syn-dropped.evemu")
        let histories = touchHistories(log)
        #expect(histories[1]?.phases.last == "cancelled")
        #expect(histories[2]?.phases.last == "ended")
        #expect(log.contains { $0["type"] as? String == "responder" && $0["message"] as? String == "touchesCancelled" })
        #expect(log.last?["droppedFrames"] as? Int == 1)
    }

    @Test("R4, R5 in the touches scene: the hidden, disabled and round cells let touches through to the grid")
    func touchesScene() throws {
        let log = TouchesSceneProbe()
        #expect(log.viewAt(x: 690, y: 90) == "grid") // cell-0-3 is hidden
        #expect(log.viewAt(x: 110, y: 390) == "grid") // cell-2-0 takes no touches
        #expect(log.viewAt(x: 410, y: 175) == "grid") // corner of the round cell-1-2
        #expect(log.viewAt(x: 496, y: 240) == "cell-1-2") // its middle
        #expect(log.viewAt(x: 300, y: 240) == "cell-1-1")
        #expect(log.viewAt(x: 5, y: 5) == "window")
    }

    @Test("An unknown scene is a clear error naming the scenes there are")
    func unknownScene() throws {
        #expect(throws: SceneLoadError.self) { try SceneCatalog.load("nope", assets: PackagePaths.path("assets")) }
        do {
            _ = try SceneCatalog.load("nope", assets: PackagePaths.path("assets"))
        } catch {
            #expect(
                error.message == "unknown scene 'nope'; expected one of: touches, gestures, controls, scroll, "
                    + "or give a scene file with --scene-file")
        }
    }
}

/// The touches scene, for asking where a point lands.
struct TouchesSceneProbe {
    let scene = try! SceneFiles.builtIn("touches").build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
    func viewAt(x: Double, y: Double) -> String? {
        scene.window.hitTest(Point(x: x, y: y), with: nil)?.name
    }
}

@Suite("controls scene")
struct ControlsSceneTests {
    @Test(
        "C1 in a real recording: the shared two-finger drag through the controls scene prints well-formed action lines")
    func twoFingerDragActions() throws {
        let log = try replayLog("edt-EP0430M09_protoB_2finger-scroll-down.evemu", scene: "controls")
        let actions = log.filter { $0["type"] as? String == "action" }
        // C1's drag events: the finger drags inside the button, leaves it, drags on outside, lifts.
        var events: [String] = []
        for action in actions {
            let event = "\(action["control"] ?? "") \(action["event"] ?? "")"
            if events.last != event { events.append(event) } // a run of drags reads as one
        }
        #expect(
            events == [
                "stop touchDown", "stop touchDragInside", "stop touchDragExit", "stop touchDragOutside",
                "stop touchUpOutside"
            ])
        for action in actions {
            #expect(Set(action.keys).isSubset(of: ["type", "t", "control", "event", "value"]))
            #expect(action["t"] is Double)
        }
    }
}
