import PanelTesting
import PanelUI
import Testing

// R14 and rule 7: one thread, FIFO input, timers on an injectable clock.

@Suite("Run loop")
struct RunLoopTests {
    final class Recorder: RunLoopTarget {
        var fired: [(tag: Int, at: Double)] = []
        let clock: any MonotonicClock
        init(clock: any MonotonicClock) { self.clock = clock }
        func runLoopDidFire(_ handle: TimerHandle) { fired.append((handle.tag, clock.now)) }
    }

    @Test("R14: timers fire in deadline order, each at its own deadline, as the manual clock advances")
    func timersFireInOrder() {
        let clock = ManualClock(now: 10)
        let loop = RunLoop(manualClock: clock)
        let recorder = Recorder(clock: clock)
        loop.schedule(after: 0.5, target: recorder, tag: 2)
        loop.schedule(after: 0.2, target: recorder, tag: 1)
        loop.schedule(after: 0.5, target: recorder, tag: 3) // same deadline: scheduling order
        #expect(loop.nextDeadline == 10.2)
        loop.advance(to: 10.3)
        #expect(recorder.fired.map { $0.tag } == [1])
        loop.advance(to: 11)
        #expect(recorder.fired.map { $0.tag } == [1, 2, 3])
        #expect(recorder.fired.map { $0.at } == [10.2, 10.5, 10.5])
        #expect(clock.now == 11)
    }

    @Test("R14: a cancelled timer never fires, and its handle goes stale")
    func cancelledTimer() {
        let loop = RunLoop()
        let recorder = Recorder(clock: loop.clock)
        let handle = loop.schedule(after: 1, target: recorder)
        #expect(loop.isScheduled(handle))
        loop.cancel(handle)
        #expect(!loop.isScheduled(handle))
        loop.advance(to: 5)
        #expect(recorder.fired.isEmpty)
    }

    @Test("R14: with nothing to do the loop is idle: no timer, no next-turn work, so the backend may sleep")
    func idleWhenNothingPending() {
        let driver = TouchDriver()
        #expect(driver.application.runLoop.isIdle)
        #expect(driver.application.runLoop.nextDeadline == nil)
        driver.tap(at: Point(x: 10, y: 10))
        #expect(driver.application.runLoop.isIdle)
        #expect(!driver.application.hasQueuedInput)
    }

    @Test("R14: input frames queued between turns are dispatched in the order they came")
    func inputIsFIFO() {
        let recorder = MessageRecorder()
        let driver = TouchDriver()
        let view = RecordingView("pad", frame: Rect(x: 0, y: 0, width: 800, height: 480), recorder: recorder)
        driver.window.addSubview(view)
        var frame = TouchFrame(timestamp: 1)
        frame.append(TouchContact(id: 7, x: 10, y: 10))
        driver.application.enqueue(frame)
        frame[0].x = 20
        driver.application.enqueue(frame)
        frame.removeAll()
        driver.application.enqueue(frame)
        #expect(recorder.messages.isEmpty) // nothing runs until the loop turns
        driver.application.runTurn()
        #expect(recorder.messages == ["pad touchesBegan 1", "pad touchesMoved 1", "pad touchesEnded 1"])
    }

    @Test("R14: next-turn work runs after the turn's input, and work it adds waits for the following turn")
    func nextTurnWork() {
        final class Chain: RunLoopTarget {
            var log: [Int] = []
            let loop: RunLoop
            init(loop: RunLoop) { self.loop = loop }
            func runLoopDidFire(_ handle: TimerHandle) {
                log.append(handle.tag)
                if handle.tag == 1 { loop.performOnNextTurn(target: self, tag: 2) }
            }
        }
        let driver = TouchDriver()
        let loop = driver.application.runLoop
        let chain = Chain(loop: loop)
        loop.performOnNextTurn(target: chain, tag: 1)
        driver.application.runTurn()
        #expect(chain.log == [1])
        #expect(!loop.isIdle)
        driver.application.runTurn()
        #expect(chain.log == [1, 2])
        #expect(loop.isIdle)
    }
}
