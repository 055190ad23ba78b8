import PanelLog
import PanelReplay
import PanelTesting
import PanelTrace
import PanelUI
import Testing

// Rule 3: one input frame, from the kernel event to the messages delivered,
// allocates nothing in steady state. The replay runs the real pipeline:
// decode → transform → run loop → tracking → hit-test → delivery, and the
// scene's views log every message as JSON Lines.

/// Replays `trace` twice through one replayer, the second pass shifted in time
/// to follow the first. The first pass is the warm-up; returns the allocations
/// of each input frame of the second.
func allocationsPerFrame(_ trace: String, extraView: View? = nil) throws -> [UInt64] {
    let loaded = try Trace.load(path: TracePaths.url(trace))
    let replayer = try TraceReplayer(trace: loaded, scene: SceneFiles.builtIn("touches"), output: CountingSink())
    if let extraView { replayer.window.addSubview(extraView) }
    let span = (loaded.events.last?.time ?? 0) - (loaded.events.first?.time ?? 0) + 1
    for event in loaded.events { replayer.feed(event) }
    var perFrame: [UInt64] = []
    perFrame.reserveCapacity(loaded.events.count)
    var pending: UInt64 = 0
    for var event in loaded.events {
        event.time += span
        let framesBefore = replayer.frames
        pending += AllocationCounter.count { replayer.feed(event) }
        if replayer.frames != framesBefore {
            perFrame.append(pending)
            pending = 0
        }
    }
    return perFrame
}

/// A view that allocates on every move: what a regression would look like.
final class AllocatingView: View {
    var history: [[Double]] = []
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        history.append([event.timestamp])
    }
}

@Suite("Allocations on the input path")
struct AllocationTests {
    @Test(
        "Rule 3: zero allocations per input frame after warm-up, on every shipped trace",
        arguments: [
            "edt-EP0430M09_protoB_2finger-scroll-down.evemu",
            "edt-EP0430M09_protoB_2finger-touch-release.evemu",
            "synthetic_protoA_two-fingers.evemu",
            "synthetic_single-touch_tap-and-drag.evemu",
            "synthetic_protoB_syn-dropped.evemu",
            "synthetic_protoB_start-slot-3.evemu"
        ])
    func zeroAllocationsPerFrame(trace: String) throws {
        let perFrame = try allocationsPerFrame(trace)
        #expect(perFrame.count > 5)
        #expect(perFrame.allSatisfy { $0 == 0 }, "allocations per frame: \(perFrame)")
    }

    @Test("Rule 3: the guard can fail: a view that allocates on the input path is caught")
    func guardCatchesAllocations() throws {
        let view = AllocatingView(frame: Rect(x: 0, y: 0, width: 800, height: 480), name: "allocating")
        view.isMultipleTouchEnabled = true
        let perFrame = try allocationsPerFrame("edt-EP0430M09_protoB_2finger-scroll-down.evemu", extraView: view)
        #expect(perFrame.reduce(0, +) > 0)
    }
}
