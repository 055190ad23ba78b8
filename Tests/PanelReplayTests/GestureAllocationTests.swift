import PanelKit
import PanelReplay
import PanelTestSupport
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
                fingers.move(Int32(finger + 1), to: Point(x: 100 + Double(finger) * 60 + Double(step) * 2,
                                                          y: 200 + 30 * sineCosine(angle).sine))
            }
        }
    }
    for finger in 0..<10 { frame { $0.up(Int32(finger + 1)) } }
    driver.advance(by: 1)   // timers and resets settle
    return perFrame
}

@Suite("Allocations while recognizing")
struct GestureAllocationTests {
    @Test("Rule 3: ten fingers and all seven recognizers on one view allocate nothing per frame after warm-up")
    func tenFingersSevenRecognizers() {
        let driver = TouchDriver()
        let observer = CountingObserver()   // views hold their observer unretained
        let lab = GestureLab(frame: driver.window.bounds, observer: observer)
        driver.window.addSubview(lab)
        #expect(lab.gestureRecognizers.count == 8)   // the seven kinds, tap twice
        _ = tenFingerStorm(driver, moves: 40, count: false)
        let perFrame = tenFingerStorm(driver, moves: 40, count: true)
        #expect(perFrame.count == 60)
        #expect(perFrame.allSatisfy { $0 == 0 }, "allocations per frame: \(perFrame)")
        #expect(observer.count > 0)
    }

    @Test("Rule 3: the gesture log itself allocates nothing: ten fingers through the gestures scene with the replay log")
    func tenFingersWithLog() throws {
        let driver = TouchDriver()
        let log = ReplayLog(sink: CountingSink(), clock: driver.clock)
        driver.application.gestureArena.observer = log
        driver.window.addSubview(GestureLab(frame: driver.window.bounds, observer: log))
        _ = tenFingerStorm(driver, moves: 20, count: false)
        let perFrame = tenFingerStorm(driver, moves: 20, count: true)
        #expect(perFrame.allSatisfy { $0 == 0 }, "allocations per frame: \(perFrame)")
    }
}

/// Hears responder messages and keeps nothing.
final class CountingObserver: ResponderMessageObserver {
    var count = 0
    func view(_ view: View, received message: StaticString, _ touches: TouchSet) { count += 1 }
}
