import PanelTesting
import PanelUI
import Testing

// Rules R1–R3 and R6–R8 of docs/touch-rules.md: events,
// touch identity, messages, binding, delivery and the responder chain.

private let left = Rect(x: 0, y: 0, width: 100, height: 100)
private let right = Rect(x: 200, y: 0, width: 100, height: 100)

@Suite("Events and touches")
struct EventRulesTests {
    let recorder = MessageRecorder()
    let driver = TouchDriver()

    func addView(_ name: String, _ frame: Rect, to parent: View? = nil) -> RecordingView {
        let view = RecordingView(name, frame: frame, recorder: recorder)
        (parent ?? driver.window).addSubview(view)
        return view
    }

    @Test("R1: one event holds every live touch, and answers touches(for: view) and touches(for: window)")
    func eventHoldsAllTouches() {
        final class Probe: View {
            var counts: [(all: Int, mine: Int, window: Int)] = []
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                counts.append(
                    (event.allTouches.count, event.touches(for: self).count, event.touches(for: window!).count))
            }
            override func touchesMoved(_ touches: TouchSet, with event: Event) {
                counts.append(
                    (event.allTouches.count, event.touches(for: self).count, event.touches(for: window!).count))
            }
        }
        let a = Probe(frame: left, name: "a")
        let b = Probe(frame: right, name: "b")
        a.isMultipleTouchEnabled = true
        driver.window.addSubview(a)
        driver.window.addSubview(b)
        driver.down(1, at: Point(x: 10, y: 10))
        driver.down(2, at: Point(x: 210, y: 10))
        driver.down(3, at: Point(x: 20, y: 20))
        driver.move(1, to: Point(x: 12, y: 10))
        #expect(a.counts.map { $0.all } == [1, 3, 3])
        #expect(a.counts.map { $0.mine } == [1, 2, 2])
        #expect(a.counts.map { $0.window } == [1, 3, 3])
        #expect(b.counts.map { $0.mine } == [1])
    }

    @Test("R2: a finger keeps one Touch object, updated in place, with its phase, locations, view and window")
    func touchIdentity() {
        final class Probe: View {
            var seen: [(Touch, Touch.Phase, Point, Point, Double)] = []
            func note(_ touches: TouchSet) {
                let t = touches.first!
                seen.append((t, t.phase, t.location(in: self), t.previousLocation(in: nil), t.timestamp))
            }
            override func touchesBegan(_ touches: TouchSet, with event: Event) { note(touches) }
            override func touchesMoved(_ touches: TouchSet, with event: Event) { note(touches) }
            override func touchesEnded(_ touches: TouchSet, with event: Event) {
                note(touches)
                #expect(touches.first!.view === self && touches.first!.window === window)
            }
        }
        let probe = Probe(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "probe")
        driver.window.addSubview(probe)
        driver.down(1, at: Point(x: 110, y: 120))
        driver.move(1, to: Point(x: 150, y: 160))
        driver.up(1)
        #expect(probe.seen.count == 3)
        #expect(probe.seen.allSatisfy { $0.0 === probe.seen[0].0 })
        #expect(probe.seen.map { $0.1 } == [.began, .moved, .ended])
        #expect(probe.seen[0].2 == Point(x: 10, y: 20)) // in the view's coordinates
        #expect(probe.seen[1].2 == Point(x: 50, y: 60))
        #expect(probe.seen[1].3 == Point(x: 110, y: 120)) // previous location, in window coordinates
        #expect(probe.seen[0].4 < probe.seen[1].4)
    }

    @Test("R3: two fingers landing in one frame give one touchesBegan with two touches")
    func simultaneousFingersShareOneMessage() {
        let view = addView("pad", Rect(x: 0, y: 0, width: 400, height: 400))
        view.isMultipleTouchEnabled = true
        driver.frame {
            $0.down(1, at: Point(x: 10, y: 10))
            $0.down(2, at: Point(x: 50, y: 50))
        }
        #expect(recorder.messages == ["pad touchesBegan 1,2"])
    }

    @Test("R3: fingers landing in different frames give one touchesBegan each")
    func separateFingersGetSeparateMessages() {
        let view = addView("pad", Rect(x: 0, y: 0, width: 400, height: 400))
        view.isMultipleTouchEnabled = true
        driver.down(1, at: Point(x: 10, y: 10))
        driver.down(2, at: Point(x: 50, y: 50))
        driver.frame {
            $0.move(1, to: Point(x: 11, y: 10))
            $0.up(2)
        }
        #expect(
            recorder.messages == [
                "pad touchesBegan 1", "pad touchesBegan 2", "pad touchesMoved 1", "pad touchesEnded 2"
            ])
    }

    @Test("R3: fingers on two views in one frame give each view its own message")
    func oneMessagePerView() {
        _ = addView("a", left)
        _ = addView("b", right)
        driver.frame {
            $0.down(1, at: Point(x: 10, y: 10))
            $0.down(2, at: Point(x: 210, y: 10))
        }
        #expect(recorder.messages.sorted() == ["a touchesBegan 1", "b touchesBegan 2"])
    }

    @Test("R6: a touch stays bound to its hit-test view when the finger slides onto another view")
    func bindingHoldsUntilLift() {
        _ = addView("a", left)
        _ = addView("b", right)
        driver.down(1, at: Point(x: 50, y: 50))
        driver.move(1, to: Point(x: 250, y: 50))
        driver.up(1)
        #expect(recorder.messages == ["a touchesBegan 1", "a touchesMoved 1", "a touchesEnded 1"])
    }

    @Test("R6: a touch still reaches its view after the view left the hierarchy")
    func bindingSurvivesRemoval() {
        let a = addView("a", left)
        driver.down(1, at: Point(x: 50, y: 50))
        a.removeFromSuperview()
        driver.up(1)
        #expect(recorder.messages == ["a touchesBegan 1", "a touchesEnded 1"])
    }

    @Test(
        "R7: the default touches methods forward to the next responder; an override calling super passes the touch on")
    func defaultForwarding() {
        let outer = addView("outer", Rect(x: 0, y: 0, width: 300, height: 300))
        let plain = View(frame: Rect(x: 10, y: 10, width: 200, height: 200), name: "plain")
        outer.addSubview(plain)
        let inner = addView("inner", Rect(x: 10, y: 10, width: 50, height: 50), to: plain)
        inner.forwards = true
        driver.tap(at: Point(x: 30, y: 30))
        #expect(
            recorder.messages == [
                "inner touchesBegan 1", "outer touchesBegan 1", "inner touchesEnded 1", "outer touchesEnded 1"
            ])
    }

    @Test("R8: the chain runs view → view controller → superview → window → application, and ends there")
    func responderChain() {
        final class RecordingController: ViewController {
            let recorder: MessageRecorder
            init(recorder: MessageRecorder) { self.recorder = recorder }
            override func loadView() { view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "root") }
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                recorder.record("controller", "touchesBegan", touches)
                super.touchesBegan(touches, with: event)
            }
        }
        final class RecordingApplication: Application {
            var heard: [String] = []
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                heard.append("application touchesBegan")
                super.touchesBegan(touches, with: event) // the end of the chain: dropped
            }
        }
        final class RecordingWindow: Window {
            var recorder: MessageRecorder?
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                recorder?.record("window", "touchesBegan", touches)
                super.touchesBegan(touches, with: event)
            }
        }
        let app = RecordingApplication(runLoop: RunLoop(manualClock: ManualClock()))
        let window = RecordingWindow(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.recorder = recorder
        let driver = TouchDriver(application: app, window: window)
        let container = RecordingView(
            "container", frame: Rect(x: 100, y: 100, width: 300, height: 300), recorder: recorder)
        container.forwards = true
        driver.window.addSubview(container)
        let controller = RecordingController(recorder: recorder)
        container.addSubview(controller.view)
        let leaf = RecordingView("leaf", frame: Rect(x: 0, y: 0, width: 50, height: 50), recorder: recorder)
        leaf.forwards = true
        controller.view.addSubview(leaf)

        #expect(leaf.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === container)
        #expect(window.next === app)
        #expect(app.next == nil)

        driver.down(1, at: Point(x: 110, y: 110))
        #expect(
            recorder.messages == [
                "leaf touchesBegan 1", "controller touchesBegan 1", "container touchesBegan 1", "window touchesBegan 1"
            ])
        #expect(app.heard == ["application touchesBegan"])
    }

    @Test("R8: a window's root view controller sits between its view and the window")
    func rootViewControllerChain() {
        let controller = ViewController()
        driver.window.rootViewController = controller
        #expect(controller.view.superview === driver.window)
        #expect(controller.view.next === controller)
        #expect(controller.next === driver.window)
        #expect(controller.view.frame == driver.window.bounds)
    }

    @Test("H4, rule 5: a device that vanishes mid-touch leaves no touch stuck: its view gets touchesCancelled")
    func vanishedDeviceCancels() {
        _ = addView("a", left)
        driver.down(1, at: Point(x: 50, y: 50))
        driver.deviceVanished()
        #expect(recorder.messages == ["a touchesBegan 1", "a touchesCancelled 1"])
        #expect(driver.application.touchDispatcher.liveTouches.isEmpty)
    }

    @Test("H4: a finger missing after SYN_DROPPED is cancelled, not ended; one still there carries on")
    func resynchronizedFrameCancelsVanishedTouches() {
        let pad = addView("pad", Rect(x: 0, y: 0, width: 400, height: 400))
        pad.isMultipleTouchEnabled = true
        driver.frame {
            $0.down(1, at: Point(x: 10, y: 10))
            $0.down(2, at: Point(x: 50, y: 50))
        }
        driver.frame(resynchronized: true) {
            $0.up(1)
            $0.move(2, to: Point(x: 60, y: 60))
        }
        driver.up(2)
        #expect(
            recorder.messages == [
                "pad touchesBegan 1,2", "pad touchesMoved 2", "pad touchesCancelled 1", "pad touchesEnded 2"
            ])
    }
}
