import PanelTesting
import PanelUI
import Testing

// G13–G19 of docs/touch-rules.md: the standard recognizers,
// their parameters and their defaults, driven frame by frame with the
// TouchDriver and the manual clock (timers fire as the clock advances; no test sleeps).

@Suite("Standard recognizers")
struct StandardRecognizerTests {
    let driver: TouchDriver
    /// A view that fills the window; the recognizers under test are attached to it.
    let pad: View
    let log: RecognizerTranscript

    init() {
        driver = TouchDriver()
        pad = View(frame: Rect(x: 0, y: 0, width: 800, height: 480), name: "pad")
        driver.window.addSubview(pad)
        log = RecognizerTranscript(clock: driver.clock)
        driver.application.gestureObserver = log
    }

    /// Attaches `recognizer` to the pad; its actions are counted in the transcript.
    /// (Actions here capture what they read unowned: a recognizer's action holding
    /// the recognizer or its view is a cycle, which LeakSanitizer reports.)
    @discardableResult
    func attach<R: GestureRecognizer>(_ recognizer: R, _ name: String) -> R {
        recognizer.name = name
        pad.addGestureRecognizer(recognizer)
        let log = self.log
        recognizer.addAction { [unowned log] in log.actions.append($0.name) }
        return recognizer
    }

    static let center = Point(x: 400, y: 240)

    // MARK: G13 Tap

    @Test("G13: tap defaults are UIKit's: 1 tap, 1 finger, 10 pt, 0.35 s, 40 pt")
    func tapDefaults() {
        let tap = TapGestureRecognizer()
        #expect(tap.numberOfTapsRequired == 1)
        #expect(tap.numberOfTouchesRequired == 1)
        #expect(tap.allowableMovement == 10)
        #expect(tap.maximumTapInterval == 0.35)
        #expect(tap.maximumTapDistance == 40)
    }

    @Test("G13: a tap is recognized at the lift, and its action fires once")
    func tapRecognized() {
        let tap = attach(TapGestureRecognizer(), "tap")
        var location = Point.zero
        tap.addAction { [unowned pad = self.pad] in location = $0.location(in: pad) } // where the tap was, as in UIKit
        driver.down(1, at: Point(x: 100, y: 100))
        #expect(tap.state == .possible)
        driver.move(1, to: Point(x: 106, y: 108)) // exactly 10 pt: still a tap
        driver.up(1)
        #expect(log.states("tap") == [.recognized])
        #expect(log.actions == ["tap"])
        #expect(location == Point(x: 106, y: 108))
    }

    @Test("G13: a tap fails when the finger moves farther than allowableMovement")
    func tapFailsOnMovement() {
        let tap = attach(TapGestureRecognizer(), "tap")
        driver.down(1, at: Point(x: 100, y: 100))
        driver.move(1, to: Point(x: 105, y: 100))
        #expect(tap.state == .possible)
        driver.move(1, to: Point(x: 110.5, y: 100))
        #expect(tap.state == .failed)
        driver.up(1)
        #expect(log.states("tap") == [.failed])
        #expect(log.actions.isEmpty)
    }

    @Test("G13: a double tap is recognized when the second tap begins within maximumTapInterval")
    func doubleTap() {
        let doubleTap = attach(TapGestureRecognizer(), "double")
        doubleTap.numberOfTapsRequired = 2
        driver.tap(at: Point(x: 100, y: 100))
        #expect(doubleTap.state == .possible) // waiting for the second tap
        driver.tap(at: Point(x: 104, y: 98), after: 0.3)
        #expect(log.states("double") == [.recognized])
    }

    @Test("G13: a double tap fails when the second tap comes too late: a run-loop timer fails it")
    func doubleTapTooLate() {
        let doubleTap = attach(TapGestureRecognizer(), "double")
        doubleTap.numberOfTapsRequired = 2
        driver.tap(at: Point(x: 100, y: 100))
        let lift = driver.clock.now
        driver.advance(by: 0.34)
        #expect(log.states("double").isEmpty)
        driver.advance(by: 0.02)
        #expect(log.states("double") == [.failed])
        #expect(log.times("double") == [lift + 0.35]) // exactly the interval after the lift
        // The late tap starts a new attempt, which waits for its own second tap.
        driver.tap(at: Point(x: 100, y: 100))
        #expect(log.states("double") == [.failed])
        #expect(doubleTap.state == .possible)
    }

    @Test("G13: a double tap fails when the second tap lands farther than maximumTapDistance")
    func doubleTapTooFar() {
        let doubleTap = attach(TapGestureRecognizer(), "double")
        doubleTap.numberOfTapsRequired = 2
        driver.tap(at: Point(x: 100, y: 100))
        driver.tap(at: Point(x: 150, y: 100), after: 0.1)
        #expect(log.states("double") == [.failed])
    }

    @Test("G13: a single tap that requires the double tap to fail fires once the interval runs out")
    func singleTapWaitsForDoubleTap() {
        let single = attach(TapGestureRecognizer(), "single")
        let double = attach(TapGestureRecognizer(), "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double) // G8
        driver.tap(at: Point(x: 100, y: 100))
        #expect(log.actions.isEmpty)
        driver.advance(by: 0.4)
        #expect(log.states("double") == [.failed])
        #expect(log.actions == ["single"])

        log.clear()
        driver.tap(at: Point(x: 100, y: 100), after: 1)
        driver.tap(at: Point(x: 100, y: 100), after: 0.1)
        #expect(log.actions == ["double"])
        #expect(log.states("single") == [.failed])
    }

    @Test("G13: a two-finger tap needs two fingers down together")
    func twoFingerTap() {
        let tap = attach(TapGestureRecognizer(), "tap2")
        tap.numberOfTouchesRequired = 2
        driver.tap(at: Point(x: 100, y: 100))
        #expect(log.states("tap2") == [.failed])

        log.clear()
        driver.frame(after: 1) {
            $0.down(1, at: Point(x: 100, y: 100))
            $0.down(2, at: Point(x: 160, y: 100))
        }
        driver.up(1)
        #expect(tap.state == .possible)
        driver.up(2)
        #expect(log.states("tap2") == [.recognized])

        log.clear()
        driver.down(1, at: Point(x: 100, y: 100), after: 1)
        driver.up(1)
        driver.tap(2, at: Point(x: 160, y: 100)) // one after the other is not together
        #expect(log.states("tap2") == [.failed, .failed])
    }

    @Test("G13: a tap fails when more fingers than numberOfTouchesRequired land, or the touches are cancelled")
    func tapFailsOnExtraFingerOrCancel() {
        let tap = attach(TapGestureRecognizer(), "tap")
        driver.down(1, at: Point(x: 100, y: 100))
        driver.down(2, at: Point(x: 200, y: 100))
        #expect(tap.state == .failed)
        driver.up(1)
        driver.up(2)

        log.clear()
        driver.down(1, at: Point(x: 100, y: 100), after: 1)
        driver.deviceVanished()
        #expect(log.states("tap") == [.failed])
    }

    // MARK: G14 Long press

    @Test("G14: long-press defaults are UIKit's: 0.5 s, 1 finger, 0 taps, 10 pt")
    func longPressDefaults() {
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5)
        #expect(press.numberOfTouchesRequired == 1)
        #expect(press.numberOfTapsRequired == 0)
        #expect(press.allowableMovement == 10)
    }

    @Test(
        "G14: a long press begins exactly minimumPressDuration after the finger landed, changes on movement, ends at lift"
    )
    func longPressBeginsAtDuration() {
        let press = attach(LongPressGestureRecognizer(), "press")
        driver.down(1, at: Point(x: 100, y: 100))
        let down = driver.clock.now
        driver.advance(by: 0.5 - 0.001)
        #expect(press.state == .possible)
        #expect(log.actions.isEmpty)
        driver.advance(by: 0.002) // past the deadline: the timer fires at the deadline itself
        #expect(press.state == .began)
        #expect(log.times("press") == [down + 0.5])
        driver.move(1, to: Point(x: 160, y: 130)) // far beyond allowableMovement: fine once begun
        driver.up(1)
        #expect(log.states("press") == [.began, .changed, .ended])
        #expect(log.actions == ["press", "press", "press"])
    }

    @Test("G14: a long press fails on movement beyond allowableMovement before it begins")
    func longPressFailsOnMovement() {
        let press = attach(LongPressGestureRecognizer(), "press")
        driver.down(1, at: Point(x: 100, y: 100))
        driver.move(1, to: Point(x: 108, y: 106), after: 0.1) // 10 pt: allowed
        #expect(press.state == .possible)
        driver.move(1, to: Point(x: 109, y: 106), after: 0.1)
        #expect(press.state == .failed)
        driver.advance(by: 1)
        driver.up(1)
        #expect(log.states("press") == [.failed])
    }

    @Test("G14: a long press fails when the finger lifts before minimumPressDuration")
    func longPressFailsOnEarlyLift() {
        attach(LongPressGestureRecognizer(), "press")
        driver.down(1, at: Point(x: 100, y: 100))
        driver.up(1, after: 0.4)
        driver.advance(by: 1)
        #expect(log.states("press") == [.failed])
    }

    @Test("G14: the duration counts from when numberOfTouchesRequired fingers are down")
    func twoFingerLongPress() {
        let press = attach(LongPressGestureRecognizer(), "press")
        press.numberOfTouchesRequired = 2
        driver.down(1, at: Point(x: 100, y: 100))
        driver.down(2, at: Point(x: 200, y: 100), after: 0.3)
        let bothDown = driver.clock.now
        driver.advance(by: 0.3)
        #expect(press.state == .possible)
        driver.advance(by: 0.3)
        #expect(log.times("press") == [bothDown + 0.5])
    }

    @Test("G14: numberOfTapsRequired 1 makes a tap-and-hold; the press is cancelled with its touches")
    func tapAndHold() {
        let press = attach(LongPressGestureRecognizer(), "press")
        press.numberOfTapsRequired = 1
        driver.tap(at: Point(x: 100, y: 100))
        driver.down(1, at: Point(x: 102, y: 100), after: 0.2)
        driver.advance(by: 0.6)
        #expect(press.state == .began)
        driver.deviceVanished()
        #expect(log.states("press") == [.began, .cancelled])
    }

    // MARK: G15 Pan

    @Test("G15: pan defaults are UIKit's: 1 to Int.max touches, 10 pt hysteresis")
    func panDefaults() {
        let pan = PanGestureRecognizer()
        #expect(pan.minimumNumberOfTouches == 1)
        #expect(pan.maximumNumberOfTouches == Int.max)
        #expect(PanGestureRecognizer.hysteresis == 10)
    }

    @Test("G15: translation and velocity from a known path: 10 pt per 10 ms is 1000 pt/s (within 1%)")
    func panTranslationAndVelocity() {
        let pan = attach(PanGestureRecognizer(), "pan")
        var endVelocity = Point.zero
        pan.addAction { [unowned pan] in if $0.state == .ended { endVelocity = pan.velocity(in: nil) } }
        driver.down(1, at: Point(x: 100, y: 200))
        driver.move(1, to: Point(x: 110, y: 200)) // 10 pt: not past the hysteresis
        #expect(pan.state == .possible)
        driver.move(1, to: Point(x: 120, y: 200))
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == .zero) // measured from where the pan began
        for step in 3...10 { driver.move(1, to: Point(x: 100 + 10 * Double(step), y: 200)) }
        #expect(pan.state == .changed)
        #expect(pan.translation(in: nil) == Point(x: 80, y: 0))
        #expect(pan.translation(in: pad) == Point(x: 80, y: 0))
        let velocity = pan.velocity(in: nil)
        #expect((velocity.x - 1000).magnitude < 10)
        #expect(velocity.y.magnitude < 1e-9)
        driver.up(1) // one frame later, as a real panel reports it
        #expect(log.states("pan") == [.began] + Array(repeating: .changed, count: 8) + [.ended])
        #expect((endVelocity.x - 1000).magnitude < 10)
    }

    @Test("G15: velocity is in points per second whatever the panel's frame rate (25 to 200 Hz)")
    func panVelocityIndependentOfFrameRate() {
        for interval in [0.005, 0.01, 0.02, 0.04] {
            let driver = TouchDriver()
            driver.frameInterval = interval
            let view = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
            driver.window.addSubview(view)
            let pan = PanGestureRecognizer()
            view.addGestureRecognizer(pan)
            driver.down(1, at: Point(x: 100, y: 400))
            // 600 pt/s right and 300 pt/s up, for 0.3 s.
            let frames = Int((0.3 / interval).rounded())
            for frame in 1...frames {
                let t = Double(frame) * interval
                driver.move(1, to: Point(x: 100 + 600 * t, y: 400 - 300 * t))
            }
            let velocity = pan.velocity(in: nil)
            #expect((velocity.x - 600).magnitude < 6, "at \(interval) s per frame: \(velocity)")
            #expect((velocity.y + 300).magnitude < 3, "at \(interval) s per frame: \(velocity)")
        }
    }

    @Test("G15: velocity drops to zero when the finger rests before lifting")
    func panVelocityAfterRest() {
        let pan = attach(PanGestureRecognizer(), "pan")
        var endVelocity = Point(x: .nan, y: .nan)
        pan.addAction { [unowned pan] in if $0.state == .ended { endVelocity = pan.velocity(in: nil) } }
        driver.down(1, at: Point(x: 100, y: 200))
        for step in 1...5 { driver.move(1, to: Point(x: 100 + 10 * Double(step), y: 200)) }
        driver.up(1, after: 0.3) // a still finger sends nothing (H3) until it lifts
        #expect(endVelocity == .zero)
    }

    @Test("G15: translation(in:) and velocity(in:) of a scaled or rotated view use the view's transform")
    func panInTransformedViews() {
        let pan = attach(PanGestureRecognizer(), "pan")
        let scaled = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        let rotated = View(frame: Rect(x: 300, y: 100, width: 100, height: 100))
        rotated.transform = AffineTransform(rotationAngle: Double.pi / 2) // a quarter turn clockwise
        pad.addSubview(scaled)
        pad.addSubview(rotated)

        driver.down(1, at: Point(x: 500, y: 300))
        driver.move(1, to: Point(x: 520, y: 300)) // began here
        driver.move(1, to: Point(x: 560, y: 300))
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        #expect(pan.translation(in: scaled) == Point(x: 20, y: 0))
        // The rotated view's y axis points left on screen: a drag right is up its y axis.
        let inRotated = pan.translation(in: rotated)
        #expect(inRotated.x.magnitude < 1e-9 && (inRotated.y + 40).magnitude < 1e-9)
        let velocity = pan.velocity(in: scaled)
        #expect((velocity.x - 1500).magnitude < 15) // 30 pt/10 ms on screen, halved

        // setTranslation works in the view's coordinates too.
        pan.setTranslation(Point(x: 5, y: 0), in: scaled)
        #expect(pan.translation(in: nil) == Point(x: 10, y: 0))
        driver.move(1, to: Point(x: 570, y: 300))
        #expect(pan.translation(in: scaled) == Point(x: 10, y: 0))
    }

    @Test("G15: minimumNumberOfTouches: one finger does not pan a two-finger pan, two do")
    func panMinimumTouches() {
        let pan = attach(PanGestureRecognizer(), "pan2")
        pan.minimumNumberOfTouches = 2
        driver.down(1, at: Point(x: 100, y: 200))
        for step in 1...5 { driver.move(1, to: Point(x: 100 + 10 * Double(step), y: 200)) }
        #expect(pan.state == .possible) // a second finger may still come
        driver.up(1)
        #expect(log.states("pan2") == [.failed]) // all lifted before it began

        log.clear()
        driver.frame(after: 1) {
            $0.down(1, at: Point(x: 100, y: 200))
            $0.down(2, at: Point(x: 100, y: 300))
        }
        for step in 1...3 {
            driver.frame {
                $0.move(1, to: Point(x: 100, y: 200 + 10 * Double(step)))
                $0.move(2, to: Point(x: 100, y: 300 + 10 * Double(step)))
            }
        }
        #expect(pan.state == .changed)
        driver.up(2) // fewer than the minimum: the pan ends
        #expect(log.states("pan2") == [.began, .changed, .ended])
        driver.up(1)
    }

    @Test("G15: maximumNumberOfTouches: too many fingers before the pan begins make it fail")
    func panMaximumTouches() {
        let pan = attach(PanGestureRecognizer(), "pan1")
        pan.maximumNumberOfTouches = 1
        driver.down(1, at: Point(x: 100, y: 200))
        driver.down(2, at: Point(x: 100, y: 300))
        #expect(pan.state == .failed)
        driver.up(1)
        driver.up(2)

        // Once panning, a finger past the maximum is ignored.
        log.clear()
        driver.down(1, at: Point(x: 100, y: 200), after: 1)
        driver.move(1, to: Point(x: 120, y: 200))
        driver.down(2, at: Point(x: 100, y: 300))
        driver.move(2, to: Point(x: 200, y: 300))
        #expect(pan.numberOfTouches == 1)
        #expect(pan.translation(in: nil) == .zero)
        driver.move(1, to: Point(x: 130, y: 200))
        #expect(pan.translation(in: nil) == Point(x: 10, y: 0))
        driver.up(2)
        driver.up(1)
        #expect(log.states("pan1") == [.began, .changed, .ended])
    }

    @Test("G15: a finger joining or leaving does not make translation jump")
    func panFingerJoinsWithoutJump() {
        let pan = attach(PanGestureRecognizer(), "pan")
        driver.down(1, at: Point(x: 100, y: 200))
        for step in 1...4 { driver.move(1, to: Point(x: 100 + 10 * Double(step), y: 200)) }
        #expect(pan.translation(in: nil) == Point(x: 20, y: 0))
        driver.down(2, at: Point(x: 300, y: 400)) // the centroid jumps by (80, 100)
        #expect(pan.translation(in: nil) == Point(x: 20, y: 0))
        driver.frame {
            $0.move(1, to: Point(x: 150, y: 200))
            $0.move(2, to: Point(x: 310, y: 400))
        }
        #expect(pan.translation(in: nil) == Point(x: 30, y: 0))
        driver.up(1) // the centroid jumps back
        #expect(pan.translation(in: nil) == Point(x: 30, y: 0))
        driver.move(2, to: Point(x: 320, y: 405))
        #expect(pan.translation(in: nil) == Point(x: 40, y: 5))
        driver.up(2)
        #expect(log.states("pan").last == .ended)
    }

    @Test("G15: setTranslation(.zero) restarts the translation from the fingers' position")
    func panSetTranslation() {
        let pan = attach(PanGestureRecognizer(), "pan")
        driver.down(1, at: Point(x: 100, y: 200))
        for step in 1...4 { driver.move(1, to: Point(x: 100 + 10 * Double(step), y: 200)) }
        pan.setTranslation(.zero, in: nil)
        driver.move(1, to: Point(x: 150, y: 210))
        #expect(pan.translation(in: nil) == Point(x: 10, y: 10))
    }

    @Test("G15: cancelled touches cancel a pan that began, and fail one that had not")
    func panCancelled() {
        let pan = attach(PanGestureRecognizer(), "pan")
        driver.down(1, at: Point(x: 100, y: 200))
        driver.move(1, to: Point(x: 130, y: 200))
        driver.deviceVanished()
        #expect(log.states("pan") == [.began, .cancelled])

        log.clear()
        driver.down(1, at: Point(x: 100, y: 200), after: 1)
        driver.deviceVanished()
        #expect(log.states("pan") == [.failed])
        #expect(pan.state == .failed)
    }

    // MARK: G16 Swipe

    @Test("G16: swipe defaults are UIKit's: right, 1 finger; 50 pt within 0.5 s and 30°")
    func swipeDefaults() {
        let swipe = SwipeGestureRecognizer()
        #expect(swipe.direction == .right)
        #expect(swipe.numberOfTouchesRequired == 1)
        #expect(swipe.minimumDistance == 50)
        #expect(swipe.maximumDuration == 0.5)
        #expect(swipe.maximumAngle == Double.pi / 6)
    }

    /// Draws a stroke from the centre, `step` per frame, for `frames` frames, then lifts.
    func stroke(_ step: Point, frames: Int, interval: Double = 0.01) {
        driver.down(1, at: Self.center)
        for frame in 1...frames {
            let k = Double(frame)
            driver.move(1, to: Point(x: Self.center.x + step.x * k, y: Self.center.y + step.y * k), after: interval)
        }
        driver.up(1)
    }

    @Test(
        "G16: a swipe is recognized in each of the four directions, as soon as it covers 50 pt",
        arguments: [
            (SwipeGestureRecognizer.Direction.right, Point(x: 10, y: 1)),
            (.left, Point(x: -10, y: -2)),
            (.up, Point(x: 3, y: -10)),
            (.down, Point(x: 0, y: 10))
        ])
    func swipeDirections(direction: SwipeGestureRecognizer.Direction, step: Point) {
        let swipe = attach(SwipeGestureRecognizer(), "swipe")
        swipe.direction = direction
        var recognized: SwipeGestureRecognizer.Direction = []
        var framesSeen = 0
        swipe.addAction { [unowned swipe] _ in recognized = swipe.recognizedDirection }
        driver.down(1, at: Self.center)
        for frame in 1...8 where swipe.state == .possible {
            let k = Double(frame)
            driver.move(1, to: Point(x: Self.center.x + step.x * k, y: Self.center.y + step.y * k))
            framesSeen = frame
        }
        driver.up(1)
        #expect(log.states("swipe") == [.recognized])
        #expect(framesSeen == 5) // at 50 pt, not at the lift
        #expect(recognized == direction)
        #expect(swipe.recognizedDirection == []) // cleared by the reset
    }

    @Test("G16: a swipe in a direction that is not allowed fails")
    func swipeWrongDirection() {
        attach(SwipeGestureRecognizer(), "swipe") // right only
        stroke(Point(x: -10, y: 0), frames: 8)
        #expect(log.states("swipe") == [.failed])
        log.clear()
        stroke(Point(x: 0, y: 10), frames: 8)
        #expect(log.states("swipe") == [.failed])
    }

    @Test("G16: several allowed directions: the one taken is reported")
    func swipeSeveralDirections() {
        let swipe = attach(SwipeGestureRecognizer(), "swipe")
        swipe.direction = [.left, .up]
        var recognized: SwipeGestureRecognizer.Direction = []
        swipe.addAction { [unowned swipe] _ in recognized = swipe.recognizedDirection }
        stroke(Point(x: 0, y: -10), frames: 6)
        #expect(recognized == .up)
        stroke(Point(x: -10, y: 0), frames: 6)
        #expect(recognized == .left)
        #expect(log.states("swipe") == [.recognized, .recognized])
    }

    @Test("G16: a swipe fails when too slow, too crooked, or lifted short of the distance")
    func swipeFailures() {
        let swipe = attach(SwipeGestureRecognizer(), "swipe")
        // 100 pt/s: the 0.5 s timer fails it at 50 pt short.
        driver.down(1, at: Self.center)
        for frame in 1...4 {
            driver.move(1, to: Point(x: Self.center.x + 10 * Double(frame), y: Self.center.y), after: 0.1)
        }
        #expect(swipe.state == .possible)
        driver.advance(by: 0.11)
        #expect(swipe.state == .failed)
        driver.up(1)
        // 40° off the axis: outside the 30° allowed.
        stroke(Point(x: 10, y: 8.4), frames: 8)
        // Lifted at 40 pt.
        stroke(Point(x: 10, y: 0), frames: 4)
        #expect(log.states("swipe") == [.failed, .failed, .failed])
    }

    @Test("G16: a two-finger swipe needs both fingers")
    func twoFingerSwipe() {
        let swipe = attach(SwipeGestureRecognizer(), "swipe2")
        swipe.numberOfTouchesRequired = 2
        stroke(Point(x: 10, y: 0), frames: 8)
        #expect(log.states("swipe2") == [.failed])
        log.clear()
        driver.frame(after: 1) {
            $0.down(1, at: Point(x: 100, y: 100))
            $0.down(2, at: Point(x: 100, y: 200))
        }
        for frame in 1...6 {
            let x = 100 + 10 * Double(frame)
            driver.frame {
                $0.move(1, to: Point(x: x, y: 100))
                $0.move(2, to: Point(x: x, y: 200))
            }
        }
        #expect(log.states("swipe2") == [.recognized])
    }

    // MARK: G17 Pinch

    /// Two fingers `distance` apart on a line through the centre at `angle`.
    func fingers(apart distance: Double, angle: Double = 0) -> (Point, Point) {
        let (s, c) = sineCosine(angle)
        let r = distance / 2
        return (
            Point(x: Self.center.x - r * c, y: Self.center.y - r * s),
            Point(x: Self.center.x + r * c, y: Self.center.y + r * s)
        )
    }

    func place(apart distance: Double, angle: Double = 0) {
        let (a, b) = fingers(apart: distance, angle: angle)
        driver.frame {
            $0.move(1, to: a)
            $0.move(2, to: b)
        }
    }

    func land(apart distance: Double, angle: Double = 0) {
        let (a, b) = fingers(apart: distance, angle: angle)
        driver.frame {
            $0.down(1, at: a)
            $0.down(2, at: b)
        }
    }

    @Test("G17: pinch scale is 1 when it begins; fingers 100 pt apart moving to 200 pt apart give scale 2")
    func pinchScale() {
        let pinch = attach(PinchGestureRecognizer(), "pinch")
        var scaleAtBegan = 0.0
        pinch.addAction { [unowned pinch] in if $0.state == .began { scaleAtBegan = pinch.scale } }
        land(apart: 90)
        place(apart: 96) // 6 pt: within the 8 pt hysteresis
        #expect(pinch.state == .possible)
        place(apart: 100)
        #expect(pinch.state == .began)
        #expect(scaleAtBegan == 1)
        for step in 1...10 { place(apart: 100 + 10 * Double(step)) }
        #expect((pinch.scale - 2).magnitude < 1e-9)
        // 10 pt per 10 ms over a 100 pt start: 10 scale per second.
        #expect((pinch.velocity - 10).magnitude < 0.1)
        for step in 1...5 { place(apart: 200 - 10 * Double(step)) }
        #expect((pinch.scale - 1.5).magnitude < 1e-9)
        #expect(pinch.velocity < 0)
        driver.up(2)
        #expect(log.states("pinch").first == .began)
        #expect(log.states("pinch").last == .ended)
        driver.up(1)
    }

    @Test("G17: setting scale to 1 rescales what follows; velocity stays in the new scale's units")
    func pinchSetScale() {
        let pinch = attach(PinchGestureRecognizer(), "pinch")
        land(apart: 90)
        place(apart: 100)
        for step in 1...10 { place(apart: 100 + 10 * Double(step)) }
        pinch.scale = 1
        #expect((pinch.velocity - 5).magnitude < 0.05) // 10 scale/s at 100 pt is 5 at 200 pt
        place(apart: 300)
        #expect((pinch.scale - 1.5).magnitude < 1e-9)
    }

    @Test("G17: a pinch fails when a finger lifts before it began, and ignores a third finger")
    func pinchFailsAndIgnoresThirdFinger() {
        let pinch = attach(PinchGestureRecognizer(), "pinch")
        driver.down(1, at: Point(x: 100, y: 100))
        driver.up(1)
        #expect(log.states("pinch") == [.failed])

        log.clear()
        land(apart: 100)
        driver.down(3, at: Point(x: 100, y: 100))
        #expect(pinch.numberOfTouches == 2)
        place(apart: 150)
        driver.move(3, to: Point(x: 500, y: 400))
        #expect((pinch.scale - 1).magnitude < 1e-9)
        driver.deviceVanished()
        #expect(log.states("pinch") == [.began, .cancelled])
    }

    // MARK: G18 Rotation

    @Test("G18: fingers turning clockwise on screen give positive rotation; a quarter turn is π/2")
    func rotationClockwise() {
        let rotate = attach(RotationGestureRecognizer(), "rotate")
        var rotationAtBegan = Double.nan
        rotate.addAction { [unowned rotate] in if $0.state == .began { rotationAtBegan = rotate.rotation } }
        let degree = Double.pi / 180
        land(apart: 100, angle: -6 * degree)
        place(apart: 100, angle: -2 * degree) // 4°: within the 5° hysteresis
        #expect(rotate.state == .possible)
        place(apart: 100, angle: 0) // from pointing right...
        #expect(rotate.state == .began)
        #expect(rotationAtBegan == 0)
        for step in 1...18 { place(apart: 100, angle: Double(5 * step) * degree) } // ...to pointing down
        #expect((rotate.rotation - Double.pi / 2).magnitude < 1e-9)
        // 5° per 10 ms is 500°/s.
        #expect((rotate.velocity - 500 * degree).magnitude < 0.01 * 500 * degree)
        driver.up(1)
        driver.up(2)
        #expect(log.states("rotate").last == .ended)
    }

    @Test("G18: fingers turning counter-clockwise give negative rotation and velocity")
    func rotationCounterClockwise() {
        let rotate = attach(RotationGestureRecognizer(), "rotate")
        let degree = Double.pi / 180
        land(apart: 120, angle: 90 * degree)
        place(apart: 120, angle: 84 * degree) // 6° counter-clockwise: began
        #expect(rotate.state == .began)
        for step in 1...18 { place(apart: 120, angle: Double(84 - 5 * step) * degree) }
        #expect(rotate.rotation < 0)
        #expect(rotate.velocity < 0)
        #expect((rotate.rotation + Double.pi / 2).magnitude < 1e-9)
    }

    @Test("G18: rotation accumulates across ±π; setting it to 0 restarts from there")
    func rotationUnwraps() {
        let rotate = attach(RotationGestureRecognizer(), "rotate")
        let degree = Double.pi / 180
        land(apart: 100, angle: 0)
        for step in 1...80 { place(apart: 100, angle: Double(10 * step) * degree) } // 800°
        // Began at 10°.
        #expect((rotate.rotation - 790 * degree).magnitude < 1e-9)
        rotate.rotation = 0
        place(apart: 100, angle: 810 * degree)
        #expect((rotate.rotation - 10 * degree).magnitude < 1e-9)
    }

    // MARK: G19 Screen-edge pan

    @Test("G19: a pan starting inside the 20 pt margin of the left edge begins; one just outside fails")
    func screenEdgeMargin() {
        let edgePan = attach(ScreenEdgePanGestureRecognizer(edges: .left), "edge")
        #expect(ScreenEdgePanGestureRecognizer.edgeMargin == 20)
        driver.down(1, at: Point(x: 20, y: 240)) // on the margin
        for step in 1...3 { driver.move(1, to: Point(x: 20 + 10 * Double(step), y: 240)) }
        #expect(edgePan.state == .changed)
        #expect(edgePan.translation(in: nil) == Point(x: 10, y: 0))
        driver.up(1)
        #expect(log.states("edge") == [.began, .changed, .ended])

        log.clear()
        driver.down(1, at: Point(x: 21, y: 240), after: 1) // just outside
        #expect(edgePan.state == .failed)
        for step in 1...3 { driver.move(1, to: Point(x: 21 + 10 * Double(step), y: 240)) }
        driver.up(1)
        #expect(log.states("edge") == [.failed])
    }

    @Test("G19: edges not in `edges` fail, and so does a pan that does not move away from its edge")
    func screenEdgeOtherEdges() {
        let edgePan = attach(ScreenEdgePanGestureRecognizer(edges: .left), "edge")
        driver.down(1, at: Point(x: 795, y: 240)) // right edge: not asked for
        driver.move(1, to: Point(x: 760, y: 240))
        driver.up(1)
        driver.down(1, at: Point(x: 5, y: 240), after: 1) // left edge, but sliding along it
        for step in 1...3 { driver.move(1, to: Point(x: 8, y: 240 + 10 * Double(step))) }
        driver.up(1)
        #expect(log.states("edge") == [.failed, .failed])

        log.clear()
        edgePan.edges = [.right, .bottom]
        driver.down(1, at: Point(x: 795, y: 240), after: 1)
        driver.move(1, to: Point(x: 780, y: 240))
        driver.up(1)
        driver.down(1, at: Point(x: 400, y: 470), after: 1)
        driver.move(1, to: Point(x: 400, y: 450))
        driver.up(1)
        #expect(log.states("edge") == [.began, .ended, .began, .ended])
    }

    @Test("G19: edges default to none, as in UIKit, so every touch fails")
    func screenEdgeDefaultEdges() {
        let edgePan = attach(ScreenEdgePanGestureRecognizer(), "edge")
        #expect(edgePan.edges == [])
        driver.down(1, at: Point(x: 2, y: 2))
        #expect(edgePan.state == .failed)
    }

    // MARK: Allocation

    @Test("Pan, pinch and rotation allocate nothing per frame once warmed up")
    func recognizersDoNotAllocate() {
        let pan = attach(PanGestureRecognizer(), "pan")
        let pinch = attach(PinchGestureRecognizer(), "pinch")
        let rotate = attach(RotationGestureRecognizer(), "rotate")
        // All three at once (G5), and actions that allocate nothing: the transcript's arrays would.
        let delegate = Simultaneous()
        let counter = ActionCounter()
        for recognizer in [pan, pinch, rotate] as [GestureRecognizer] {
            recognizer.delegate = delegate
            recognizer.removeTarget(nil)
            recognizer.addTarget(counter, action: ActionCounter.fire)
        }
        driver.application.gestureObserver = nil

        // Two fingers that move apart, turn and drift right together, a little each frame.
        var frame = 0
        func nextFrame() {
            frame += 1
            let f = Double(frame)
            let (sine, cosine) = sineCosine(f * Double.pi / 180)
            let r = 50 + f
            let cx = 300 + 3 * f
            let cy = 240.0
            driver.frame {
                $0.move(1, to: Point(x: cx - r * cosine, y: cy - r * sine))
                $0.move(2, to: Point(x: cx + r * cosine, y: cy + r * sine))
            }
        }
        withExtendedLifetime(delegate) {
            driver.frame {
                $0.down(1, at: Point(x: 250, y: 240))
                $0.down(2, at: Point(x: 350, y: 240))
            }
            for _ in 0..<20 { nextFrame() } // warm up: every recognizer has begun
            #expect(pan.state == .changed && pinch.state == .changed && rotate.state == .changed)
            let actionsBefore = counter.count
            var perFrame: [UInt64] = []
            perFrame.reserveCapacity(30)
            for _ in 0..<30 { perFrame.append(AllocationCounter.count { nextFrame() }) }
            #expect(perFrame == Array(repeating: 0, count: 30))
            #expect(counter.count == actionsBefore + 90) // the three actions ran on every frame
        }
    }

    @Test("Tap, long press, swipe and screen-edge pan allocate nothing per frame once warmed up, timers included")
    func otherRecognizersDoNotAllocate() {
        let recognizers: [GestureRecognizer] = [
            attach(TapGestureRecognizer(), "tap"), attach(LongPressGestureRecognizer(), "press"),
            attach(SwipeGestureRecognizer(), "swipe"), attach(ScreenEdgePanGestureRecognizer(edges: .left), "edge")
        ]
        let delegate = Simultaneous()
        let counter = ActionCounter()
        for recognizer in recognizers {
            recognizer.delegate = delegate
            recognizer.removeTarget(nil)
            recognizer.addTarget(counter, action: ActionCounter.fire)
        }
        driver.application.gestureObserver = nil

        /// A tap, a long press that then drags off the left edge, and a swipe; the allocations of every frame.
        func gestures() -> UInt64 {
            var total: UInt64 = 0
            total += AllocationCounter.count { driver.tap(at: Self.center, after: 1) } // tap: 1 action
            total += AllocationCounter.count { driver.down(1, at: Point(x: 10, y: 240), after: 1) }
            total += AllocationCounter.count { driver.advance(by: 0.6) } // press began: 1
            for step in 1...10 { // press changed: 10
                let x = 10 + 10 * Double(step) // edge began, changed: 9
                total += AllocationCounter.count { driver.move(1, to: Point(x: x, y: 240)) }
            }
            total += AllocationCounter.count { driver.up(1) } // both ended: 2
            total += AllocationCounter.count { driver.down(1, at: Self.center, after: 1) }
            for step in 1...6 { // swipe: 1
                let x = Self.center.x + 10 * Double(step)
                total += AllocationCounter.count { driver.move(1, to: Point(x: x, y: Self.center.y)) }
            }
            total += AllocationCounter.count { driver.up(1) }
            return total
        }
        withExtendedLifetime(delegate) {
            _ = gestures() // warm up
            #expect(counter.count == 24)
            #expect(gestures() == 0)
            #expect(counter.count == 48)
        }
    }

    final class ActionCounter: LifetimeTracked {
        lazy var lifetime = Lifetime(of: self)
        var count = 0
        func fire(_ recognizer: GestureRecognizer) { count += 1 }
    }

    final class Simultaneous: GestureRecognizerDelegate {
        lazy var lifetime = Lifetime(of: self)
        func gestureRecognizer(
            _ gestureRecognizer: GestureRecognizer,
            shouldRecognizeSimultaneouslyWith other: GestureRecognizer
        ) -> Bool { true }
    }
}

/// Every state change of every recognizer, failures included (the application's
/// observer), with the clock time, and the actions that fired.
final class RecognizerTranscript: GestureStateObserver {
    struct Entry {
        let name: String
        let state: GestureRecognizer.State
        let time: Double
    }

    let clock: ManualClock
    var entries: [Entry] = []
    var actions: [String] = []

    init(clock: ManualClock) {
        self.clock = clock
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, didChangeStateTo state: GestureRecognizer.State) {
        guard state != .possible else { return } // resets: these tests follow the gestures
        entries.append(Entry(name: recognizer.name, state: state, time: clock.now))
    }

    func states(_ name: String) -> [GestureRecognizer.State] {
        entries.filter { $0.name == name }.map(\.state)
    }

    func times(_ name: String) -> [Double] {
        entries.filter { $0.name == name }.map(\.time)
    }

    func clear() {
        entries.removeAll()
        actions.removeAll()
    }
}
