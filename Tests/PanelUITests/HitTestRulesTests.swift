import PanelTesting
import PanelUI
import Testing

// R4, R5 and R12: which view a touch lands on.

@Suite("Hit-testing")
struct HitTestRulesTests {
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))

    func view(_ name: String, _ frame: Rect, in parent: View? = nil) -> View {
        let v = View(frame: frame, name: name)
        (parent ?? window).addSubview(v)
        return v
    }

    func hit(_ x: Double, _ y: Double) -> String? {
        window.hitTest(Point(x: x, y: y), with: nil)?.name
    }

    @Test("R4.1: hidden, alpha at or below 0.01 and disabled interaction each make a view and its subtree unhittable")
    func eligibility() {
        let parent = view("parent", Rect(x: 0, y: 0, width: 200, height: 200))
        _ = view("child", Rect(x: 0, y: 0, width: 100, height: 100), in: parent)
        #expect(hit(50, 50) == "child")
        parent.isHidden = true
        #expect(hit(50, 50) == "window")
        parent.isHidden = false
        parent.alpha = 0.01
        #expect(hit(50, 50) == "window")
        parent.alpha = 0.011
        #expect(hit(50, 50) == "child")
        parent.isUserInteractionEnabled = false
        #expect(hit(50, 50) == "window")
    }

    @Test("R4.2: point(inside:) must hold; by default it means inside bounds, half-open at the far edges")
    func pointInsideBounds() {
        _ = view("box", Rect(x: 100, y: 100, width: 100, height: 100))
        #expect(hit(100, 100) == "box")
        #expect(hit(199.9, 199.9) == "box")
        #expect(hit(200, 150) == "window")
    }

    @Test("R4.3: children are tried from the last added to the first, with the point converted into each")
    func lastAddedWins() {
        let parent = view("parent", Rect(x: 100, y: 100, width: 300, height: 300))
        _ = view("first", Rect(x: 0, y: 0, width: 200, height: 200), in: parent)
        let second = view("second", Rect(x: 100, y: 100, width: 200, height: 200), in: parent)
        #expect(hit(250, 250) == "second") // (150, 150) in parent: both contain it
        #expect(hit(150, 150) == "first")
        parent.sendSubviewToBack(second)
        #expect(hit(250, 250) == "first")
        second.transform = AffineTransform(scaleX: 0.5, y: 0.5) // now spans 150...250 in parent
        parent.bringSubviewToFront(second)
        #expect(hit(260, 260) == "second")
        #expect(hit(240, 240) == "first") // (140, 140) in parent: outside the shrunk view
        #expect(hit(360, 360) == "parent")
    }

    @Test("R4.4: a child drawn outside its parent cannot be hit there, with or without clipsToBounds")
    func outsideParentIsNotHit() {
        let parent = view("parent", Rect(x: 0, y: 0, width: 100, height: 100))
        _ = view("overhang", Rect(x: 50, y: 50, width: 200, height: 200), in: parent)
        #expect(hit(75, 75) == "overhang")
        #expect(hit(150, 150) == "window")
        parent.clipsToBounds = true
        #expect(hit(150, 150) == "window")
    }

    @Test("R5: an override of point(inside:) enlarges a small control's hit area")
    func enlargedHitArea() {
        final class Grown: View {
            override func point(inside point: Point, with event: Event?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        let small = Grown(frame: Rect(x: 100, y: 100, width: 10, height: 10), name: "small")
        window.addSubview(small)
        #expect(hit(90, 90) == "small")
        #expect(hit(79, 79) == "window")
    }

    @Test("R5: an override of point(inside:) makes a view round")
    func roundHitArea() {
        final class Round: View {
            override func point(inside point: Point, with event: Event?) -> Bool {
                let dx = point.x - bounds.midX
                let dy = point.y - bounds.midY
                return dx * dx + dy * dy <= (bounds.width / 2) * (bounds.width / 2)
            }
        }
        window.addSubview(Round(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "round"))
        #expect(hit(50, 50) == "round")
        #expect(hit(3, 3) == "window") // the corner is outside the circle
    }

    @Test("R5: an override of hitTest makes a parent return a chosen child wherever it is touched")
    func redirectToChild() {
        final class Redirecting: View {
            var target: View?
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                self.point(inside: point, with: event) ? target : nil
            }
        }
        let row = Redirecting(frame: Rect(x: 0, y: 0, width: 400, height: 60), name: "row")
        window.addSubview(row)
        let toggle = view("toggle", Rect(x: 340, y: 10, width: 50, height: 40), in: row)
        _ = view("label", Rect(x: 10, y: 10, width: 200, height: 40), in: row)
        row.target = toggle
        #expect(hit(20, 20) == "toggle")
        #expect(hit(350, 20) == "toggle")
        #expect(hit(20, 100) == "window")
    }

    @Test("R5: an override of hitTest makes a container transparent to touches")
    func transparentContainer() {
        final class PassThrough: View {
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                let hit = super.hitTest(point, with: event)
                return hit === self ? nil : hit
            }
        }
        let behind = view("behind", Rect(x: 0, y: 0, width: 400, height: 400))
        _ = behind
        let overlay = PassThrough(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "overlay")
        window.addSubview(overlay)
        _ = view("button", Rect(x: 10, y: 10, width: 50, height: 50), in: overlay)
        #expect(hit(20, 20) == "button")
        #expect(hit(200, 200) == "behind")
    }

    @Test("R5: an override of hitTest makes a window that takes no touches; the window behind gets them")
    func windowTakingNoTouches() {
        final class OverlayWindow: Window {
            override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
        }
        let recorder = MessageRecorder()
        let driver = TouchDriver()
        driver.window.addSubview(
            RecordingView("below", frame: Rect(x: 0, y: 0, width: 800, height: 480), recorder: recorder))
        let overlay = OverlayWindow(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        overlay.addSubview(RecordingView("hud", frame: Rect(x: 0, y: 0, width: 800, height: 480), recorder: recorder))
        driver.application.addWindow(overlay)
        driver.tap(at: Point(x: 10, y: 10))
        #expect(recorder.messages == ["below touchesBegan 1", "below touchesEnded 1"])
    }

    @Test("R12: labels and image views take no touches by default, so touches reach the view behind")
    func displayViewsAreNotInteractive() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 40), name: "label", text: "Volume")
        let image = ImageView(frame: Rect(x: 0, y: 50, width: 40, height: 40), name: "icon")
        #expect(!label.isUserInteractionEnabled)
        #expect(!image.isUserInteractionEnabled)
        #expect(View().isUserInteractionEnabled)
        let card = view("card", Rect(x: 0, y: 0, width: 400, height: 400))
        card.addSubview(label)
        card.addSubview(image)
        #expect(hit(10, 10) == "card")
        #expect(hit(10, 60) == "card")
        label.isUserInteractionEnabled = true
        #expect(hit(10, 10) == "label")
    }

    @Test("R4: hit-testing goes window by window, front to back")
    func frontWindowFirst() {
        let recorder = MessageRecorder()
        let driver = TouchDriver()
        driver.window.addSubview(
            RecordingView("back", frame: Rect(x: 0, y: 0, width: 800, height: 480), recorder: recorder))
        let front = Window(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "front")
        front.addSubview(RecordingView("dialog", frame: Rect(x: 0, y: 0, width: 200, height: 200), recorder: recorder))
        driver.application.addWindow(front)
        driver.tap(at: Point(x: 150, y: 150))
        driver.tap(at: Point(x: 50, y: 50), after: 1)
        #expect(
            recorder.messages == [
                "dialog touchesBegan 1", "dialog touchesEnded 1", "back touchesBegan 2", "back touchesEnded 2"
            ])
    }
}
