import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

// Rule 3 for gestures: with all seven standard recognizers on one view and
// ten fingers on it, recognition allocates nothing per input frame.

/// Ten fingers land one by one, move together for `moves` frames, and lift
/// one by one. Returns each frame's allocations.
func tenFingerStorm(_ driver: TouchDriver, moves: Int, count: Bool) -> [UInt64] {
    var perFrame: [UInt64] = []
    perFrame.reserveCapacity(2 * 10 + moves)
    func frame(_ changes: (inout TouchDriver.Fingers) -> Void) {
        if count {
            perFrame.append(AllocationCounter.count { driver.frame(changes) })
        } else {
            driver.frame(changes)
        }
    }
    for finger in 0..<10 {
        frame { $0.down(Int32(finger + 1), at: Point(x: 100 + Double(finger) * 60, y: 200)) }
    }
    for step in 1...moves {
        frame { fingers in
            for finger in 0..<10 {
                let angle = Double(step) * 0.05 + Double(finger)
                fingers.move(
                    Int32(finger + 1),
                    to: Point(
                        x: 100 + Double(finger) * 60 + Double(step) * 2,
                        y: 200 + 30 * sineCosine(angle).sine))
            }
        }
    }
    for finger in 0..<10 { frame { $0.up(Int32(finger + 1)) } }
    driver.advance(by: 1) // timers and resets settle
    return perFrame
}

@Suite("Allocations while recognizing")
struct GestureAllocationTests {
    @Test("Rule 3: ten fingers and all seven recognizers on one view allocate nothing per frame after warm-up")
    func tenFingersSevenRecognizers() throws {
        let driver = TouchDriver()
        let sink = CountingSink()
        let log = ReplayLog(sink: sink, clock: driver.clock)
        let scene = try gesturesLab(in: driver, log: log)
        #expect(scene.view(named: "lab")?.gestureRecognizers.count == 8) // the seven kinds, tap twice
        _ = tenFingerStorm(driver, moves: 40, count: false)
        let perFrame = tenFingerStorm(driver, moves: 40, count: true)
        #expect(perFrame.count == 60)
        #expect(perFrame.allSatisfy { $0 == 0 }, "allocations per frame: \(perFrame)")
        log.writer.flush()
        #expect(sink.lineCount > 0) // the views logged their messages
    }

    @Test(
        "Rule 3: the gesture log itself allocates nothing: ten fingers through the gestures scene with the replay log")
    func tenFingersWithLog() throws {
        let driver = TouchDriver()
        let log = ReplayLog(sink: CountingSink(), clock: driver.clock)
        driver.application.gestureObserver = log
        let scene = try gesturesLab(in: driver, log: log)
        _ = tenFingerStorm(driver, moves: 20, count: false)
        let perFrame = tenFingerStorm(driver, moves: 20, count: true)
        #expect(perFrame.allSatisfy { $0 == 0 }, "allocations per frame: \(perFrame)")
        _ = scene
    }
}

/// The shipped gestures scene's `lab` view, with its recognizers, moved into
/// the driver's window. Keep the scene: it owns the recognizers' delegates.
func gesturesLab(in driver: TouchDriver, log: ReplayLog) throws -> Scene {
    let scene = try SceneFiles.builtIn("gestures").build(screenSize: driver.window.bounds.size, log: log)
    let lab = try #require(scene.view(named: "lab"))
    driver.window.addSubview(lab)
    return scene
}
