import PanelTesting
import PanelUI
import Testing

// G2: an app writes its own recognizer by subclassing GestureRecognizer and
// overriding the touch methods. This one is the example in docs/gestures.md.

/// Recognizes a check mark drawn with one finger: a stroke down and to the
/// right, then a longer one up and to the right. Discrete: recognized at the
/// lift, failed as soon as the drawing cannot be a check mark any more.
///
/// Like the standard recognizers it allocates nothing per frame: its state
/// is a few points and an enum.
final class CheckmarkGestureRecognizer: GestureRecognizer {
    /// The shortest first stroke (down and right), in points.
    var minimumDownStroke = 20.0
    /// The shortest second stroke (up and right), in points.
    var minimumUpStroke = 40.0
    /// How far, in points, the finger may wander against a stroke before the
    /// drawing stops being a check mark: a finger's jitter is a few points.
    var tolerance = 8.0

    enum Phase { case waiting, downStroke, upStroke }
    var phase = Phase.waiting
    /// Where the finger landed, and the lowest point so far: where the strokes meet.
    var start = Point.zero
    var bottom = Point.zero

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        // One finger only: a second finger means this is some other gesture.
        guard phase == .waiting, touches.count == 1, let touch = touches.first else {
            state = .failed
            return
        }
        // Window points, so a scaled view does not stretch the strokes.
        start = touch.location(in: nil)
        bottom = start
        phase = .downStroke
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard let touch = touches.first else { return }
        let p = touch.location(in: nil)
        switch phase {
        case .downStroke:
            if p.y > bottom.y { bottom = p }
            if bottom.y - p.y > tolerance {
                // Turned upward: the first stroke is over; was it one?
                if Self.isStroke(from: start, to: bottom, rising: false, minimumLength: minimumDownStroke) {
                    phase = .upStroke
                } else {
                    state = .failed
                }
            } else if start.distance(to: p) > minimumDownStroke
                && !Self.isStroke(from: start, to: p, rising: false, minimumLength: 0)
            {
                state = .failed // long enough to tell: not heading down and right
            }
        case .upStroke:
            // Going down again, or back left: not a check mark.
            if p.y > bottom.y + tolerance || p.x < bottom.x - tolerance { state = .failed }
        case .waiting:
            break
        }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard phase == .upStroke, let touch = touches.first,
            Self.isStroke(from: bottom, to: touch.location(in: nil), rising: true, minimumLength: minimumUpStroke)
        else {
            state = .failed
            return
        }
        state = .recognized
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        state = .failed
    }

    override func reset() {
        phase = .waiting
        start = .zero
        bottom = .zero
    }

    /// Whether `a` to `b` heads right and down (or up, when `rising`), between
    /// about 15° and 75° from the horizontal, and is at least `minimumLength` long.
    static func isStroke(from a: Point, to b: Point, rising: Bool, minimumLength: Double) -> Bool {
        let dx = b.x - a.x
        let dy = rising ? a.y - b.y : b.y - a.y // y grows downward
        return dx > 0 && dy > 0 && dy >= 0.25 * dx && dy <= 4 * dx && a.distance(to: b) >= minimumLength
    }
}

@Suite("Custom recognizer")
struct CustomRecognizerTests {
    let driver = TouchDriver()
    let canvas = View(frame: Rect(x: 0, y: 0, width: 800, height: 480), name: "canvas")
    let log: RecognizerTranscript
    let check = CheckmarkGestureRecognizer(name: "check")
    let pan = PanGestureRecognizer(name: "pan")

    init() {
        driver.window.addSubview(canvas)
        log = RecognizerTranscript(clock: driver.clock)
        driver.application.gestureObserver = log
        canvas.addGestureRecognizer(check)
        let log = self.log
        check.addAction { log.actions.append($0.name) }
    }

    /// Moves finger 1 in 5 pt steps from its position to `end`, one frame each.
    func drag(from start: Point, to end: Point) {
        let steps = max(1, Int((start.distance(to: end) / 5).rounded(.up)))
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            driver.move(1, to: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
    }

    /// A check mark: 40 pt down-right, then 110 pt up-right.
    func drawCheckmark(at origin: Point = Point(x: 100, y: 100)) {
        let corner = Point(x: origin.x + 30, y: origin.y + 30)
        let end = Point(x: corner.x + 80, y: corner.y - 80)
        driver.down(1, at: origin)
        drag(from: origin, to: corner)
        drag(from: corner, to: end)
        driver.up(1)
    }

    @Test("G2: a check mark drawn with the driver is recognized, and its action fires once")
    func checkmarkRecognized() {
        drawCheckmark()
        #expect(log.states("check") == [.recognized])
        #expect(log.actions == ["check"])
    }

    @Test("G2: a straight line fails as soon as it cannot be a check mark; so do a lone stroke and a V")
    func straightLineFails() {
        driver.down(1, at: Point(x: 100, y: 200))
        drag(from: Point(x: 100, y: 200), to: Point(x: 250, y: 200))
        #expect(check.state == .failed) // before the lift
        driver.up(1)

        // Down and right only.
        driver.down(1, at: Point(x: 100, y: 100), after: 1)
        drag(from: Point(x: 100, y: 100), to: Point(x: 160, y: 160))
        driver.up(1)
        // A V: the second stroke too short.
        driver.down(1, at: Point(x: 100, y: 100), after: 1)
        drag(from: Point(x: 100, y: 100), to: Point(x: 130, y: 130))
        drag(from: Point(x: 130, y: 130), to: Point(x: 150, y: 110))
        driver.up(1)
        #expect(log.states("check") == [.failed, .failed, .failed])
        #expect(log.actions.isEmpty)
    }

    @Test("G8: a pan on the same view that requires the check mark to fail: a check mark wins, a plain drag pans")
    func coexistsByFailureRequirement() {
        canvas.addGestureRecognizer(pan)
        pan.require(toFail: check)
        drawCheckmark()
        #expect(log.states("check") == [.recognized])
        #expect(log.states("pan") == [.failed])

        log.clear()
        driver.down(1, at: Point(x: 100, y: 200), after: 1)
        drag(from: Point(x: 100, y: 200), to: Point(x: 300, y: 200))
        driver.up(1)
        #expect(log.states("check") == [.failed])
        let panStates = log.states("pan")
        #expect(panStates.first == .began && panStates.last == .ended)
        // The pan waited: it began only once the check mark had failed.
        let checkFailed = log.entries.firstIndex { $0.name == "check" }
        let panBegan = log.entries.firstIndex { $0.name == "pan" }
        #expect(checkFailed != nil && panBegan != nil && checkFailed! < panBegan!)
    }

    /// Lets its recognizers run together (G5).
    final class Simultaneous: GestureRecognizerDelegate {
        lazy var lifetime = Lifetime(of: self)
        func gestureRecognizer(
            _ gestureRecognizer: GestureRecognizer,
            shouldRecognizeSimultaneouslyWith other: GestureRecognizer
        ) -> Bool { true }
    }

    @Test(
        "G5: with a delegate that allows simultaneous recognition, the pan follows the stroke and the check mark still recognizes"
    )
    func coexistsBySimultaneousRecognition() {
        let delegate = Simultaneous()
        withExtendedLifetime(delegate) {
            canvas.addGestureRecognizer(pan)
            pan.delegate = delegate // a yes from either side is enough
            drawCheckmark()
        }
        let panStates = log.states("pan")
        #expect(panStates.first == .began && panStates.last == .ended)
        #expect(log.states("check") == [.recognized])
        // Both ran: the pan began long before the check mark was recognized at the lift.
        #expect(log.entries.first?.name == "pan")
    }

    @Test("The check mark recognizer allocates nothing per frame once warmed up")
    func checkmarkDoesNotAllocate() {
        // An action that allocates nothing: the transcript's arrays would.
        check.removeTarget(nil)
        let counter = StandardRecognizerTests.ActionCounter()
        check.addTarget(counter, action: StandardRecognizerTests.ActionCounter.fire)
        driver.application.gestureObserver = nil
        drawCheckmark() // warm up
        var allocations: UInt64 = 0
        let origin = Point(x: 300, y: 100)
        allocations += AllocationCounter.count { driver.down(1, at: origin, after: 1) }
        for i in 1...6 {
            let d = 5 * Double(i)
            allocations += AllocationCounter.count { driver.move(1, to: Point(x: origin.x + d, y: origin.y + d)) }
        }
        for i in 1...16 {
            let d = 5 * Double(i)
            allocations += AllocationCounter.count {
                driver.move(1, to: Point(x: origin.x + 30 + d, y: origin.y + 30 - d))
            }
        }
        #expect(check.state == .possible)
        allocations += AllocationCounter.count { driver.up(1) }
        #expect(allocations == 0)
        #expect(counter.count == 2) // the warm-up's check mark and this one
    }
}
