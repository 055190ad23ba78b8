import Foundation
import PanelUI
import Testing

// Real recordings through the `gestures` scene (G1, G5, G10, G15, G16).

func gestureLines(_ log: [[String: Any]], _ recognizer: String) -> [[String: Any]] {
    log.filter { $0["type"] as? String == "gesture" && $0["recognizer"] as? String == recognizer }
}

@Suite("gestures scene")
struct GesturesSceneTests {
    @Test("G15: the recorded two-finger drag is a two-touch vertical pan; the others fail (G5)")
    func twoFingerDragIsAPan() throws {
        let log = try replayLog("edt-EP0430M09_protoB_2finger-scroll-down.evemu", scene: "gestures")
        let pan = gestureLines(log, "pan")
        #expect(pan.first?["state"] as? String == "began")
        #expect(pan.first?["touches"] as? Int == 2)
        #expect(pan.last?["state"] as? String == "ended")
        #expect(pan.dropFirst().dropLast().allSatisfy { $0["state"] as? String == "changed" })
        // The recording's fingers travel about 180 points toward the top edge of
        // the panel (its y axis falls from 546 to 216 of 767): a scroll down.
        let translation = try #require(pan.last?["translation"] as? [Double])
        #expect(translation[1] < -150)
        #expect(abs(translation[0]) < abs(translation[1]) / 3)
        for other in ["tap", "doubleTap", "longPress", "swipe", "pinch", "rotation", "edgePan"] {
            #expect(gestureLines(log, other).map { $0["state"] as? String } == ["failed"], "\(other)")
        }
    }

    @Test(
        "G10 in a real recording: the finger on `child` gets touchesCancelled when the pan begins, before its first action"
    )
    func panCancelsChild() throws {
        let log = try replayLog("edt-EP0430M09_protoB_2finger-scroll-down.evemu", scene: "gestures")
        let childMessages = log.filter { $0["type"] as? String == "responder" && $0["view"] as? String == "child" }
        #expect(childMessages.first?["message"] as? String == "touchesBegan")
        #expect(childMessages.last?["message"] as? String == "touchesCancelled")
        #expect(!childMessages.contains { $0["message"] as? String == "touchesEnded" })
        let cancelIndex = try #require(
            log.firstIndex { $0["view"] as? String == "child" && $0["message"] as? String == "touchesCancelled" })
        let beganIndex = try #require(
            log.firstIndex { $0["recognizer"] as? String == "pan" && $0["state"] as? String == "began" })
        #expect(cancelIndex < beganIndex)
    }

    @Test("G15, G16: two fingers pressed, held still and lifted produce no swipe and no pan")
    func touchAndReleaseIsNoGesture() throws {
        let log = try replayLog("edt-EP0430M09_protoB_2finger-touch-release.evemu", scene: "gestures")
        let gestures = log.filter { $0["type"] as? String == "gesture" }
        #expect(!gestures.isEmpty)
        #expect(gestures.allSatisfy { $0["state"] as? String == "failed" })
        #expect(gestureLines(log, "pan").map { $0["state"] as? String } == ["failed"])
        #expect(gestureLines(log, "swipe").map { $0["state"] as? String } == ["failed"])
    }

    @Test("Every shipped trace replays through the gestures scene with well-formed touches")
    func everyTraceThroughGestures() throws {
        for trace in [
            "synthetic_protoA_two-fingers.evemu", "synthetic_single-touch_tap-and-drag.evemu",
            "synthetic_protoB_syn-dropped.evemu", "synthetic_protoB_start-slot-3.evemu"
        ] {
            let log = try replayLog(trace, scene: "gestures")
            for (id, history) in touchHistories(log) {
                #expect(isWellFormed(history.phases), "\(trace) touch \(id): \(history.phases)")
            }
        }
    }
}
