import PanelKit
import PanelTesting
import PanelUI
import Testing

/// A screen with a list of plain rows and, over them, a shadowed rounded card
/// with a border and a masked, rounded badge, which a pan drags (UIKit's way:
/// the pan's translation moves the card's centre).
final class CardAppDelegate: ApplicationDelegate {
    var window: Window?

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        let root = View(frame: window.bounds, name: "root")
        root.backgroundColor = Color(rgb: 0xE6E9EF)
        for row in 0..<8 {
            let line = View(frame: Rect(x: 20, y: 20 + Double(row) * 56, width: 760, height: 44), name: "row-\(row)")
            line.backgroundColor = Color(rgb: row % 2 == 0 ? 0xFFFFFF : 0xF4F6FA)
            root.addSubview(line)
        }
        let card = View(frame: Rect(x: 100, y: 100, width: 240, height: 150), name: "card")
        card.backgroundColor = .white
        card.layer.cornerRadius = 16
        card.layer.borderWidth = 1
        card.layer.borderColor = Color(rgb: 0xD0D4DC)
        card.layer.shadowOpacity = 0.3
        card.layer.shadowRadius = 12
        card.layer.shadowOffset = Size(width: 0, height: 6)
        let badge = View(frame: Rect(x: 16, y: 16, width: 48, height: 48), name: "badge")
        badge.backgroundColor = Color(rgb: 0x3C8CE6)
        badge.layer.cornerRadius = 24
        badge.layer.masksToBounds = true
        let stripe = View(frame: Rect(x: 0, y: 30, width: 48, height: 18))
        stripe.backgroundColor = Color(rgb: 0x2F6F4F)
        badge.addSubview(stripe)
        card.addSubview(badge)
        let pan = PanGestureRecognizer(name: "drag")
        pan.addAction { [unowned(unsafe) card] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            let t = pan.translation(in: card.superview)
            card.center = Point(x: card.center.x + t.x, y: card.center.y + t.y)
            pan.setTranslation(.zero, in: card.superview)
        }
        card.addGestureRecognizer(pan)
        root.addSubview(card)
        window.addSubview(root)
        application.addWindow(window)
        self.window = window
        return true
    }
}

@Suite("Layers: a shadowed rounded card dragged")
struct LayerDragTests {
    @Test("Dragging a shadowed, rounded, bordered card allocates nothing per frame, drawing included, once running")
    func dragAllocatesNothing() throws {
        let app = try AppTester(CardAppDelegate.self)
        let card = try #require(app.view(named: "card"))
        let frames = app.app.frameDriver
        func dragDrawn() -> (frames: [UInt64], redrawn: Int) {
            var counts: [UInt64] = []
            counts.reserveCapacity(64)
            var redrawn = 0
            let start = app.center(of: card)
            app.beginTouch(at: start)
            for step in Array(1...15) + Array((0..<15).reversed()) {
                let point = Point(x: start.x + Double(step) * 13.3, y: start.y + Double(step) * 7.1)
                let presented = frames.framesPresented
                counts.append(AllocationCounter.count { app.moveTouch(to: point) })
                if frames.framesPresented > presented { redrawn += 1 }
            }
            app.endTouch()
            app.advance(by: 1)
            return (counts, redrawn)
        }
        _ = dragDrawn() // warm up: the shadow's mask, the badge's corner store
        _ = dragDrawn()
        let counts = dragDrawn()
        #expect(counts.redrawn >= 28)
        #expect(counts.frames.allSatisfy { $0 == 0 }, "allocations per input frame, drawn: \(counts.frames)")
        // The input frames alone, as allocationsPerFrame counts them.
        #expect(
            app.allocationsPerFrame {
                $0.drag("card", by: Point(x: 200, y: 120))
                $0.drag("card", by: Point(x: -200, y: -120))
            } == 0)
    }

    @Test("Golden: the card app's screen, the card dragged down and right")
    func golden() throws {
        let app = try AppTester(CardAppDelegate.self, screenSize: Size(width: 400, height: 300))
        app.drag("card", by: Point(x: 30, y: 20))
        app.assertSnapshot(named: "layer-card-dragged")
    }
}
