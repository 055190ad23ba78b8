import PanelKit
import PanelTesting
import Testing

@testable import PhotoFrame

/// The photo frame driven headless on a manual clock through PanelTesting:
/// real touch frames through the app's gesture recognizers, time moved by hand.
@Suite("PhotoFrame")
struct PhotoFrameTests {
    func photoFrame(_ app: AppTester) throws -> PhotoFrameViewController {
        try #require(app.delegate(as: AppDelegate.self)?.photoFrame)
    }

    /// The action lines of the control named `name`.
    func actions(_ app: AppTester, of name: String) -> [String] {
        app.actionLines.filter { $0.contains("\"control\":\"" + name + "\"") }
    }

    @Test("Closing the app frees all it made: no cycle between its screen, its recognizers and their targets")
    func closingLeavesNothing() throws {
        func session() {
            guard let app = try? AppTester(AppDelegate.self) else {
                Issue.record("the app did not launch")
                return
            }
            app.doubleTap("photo")
            app.tap("photo")
            app.advance(by: 0.4)
        }
        session() // warm-up: the runtime's metadata and the fonts are made once per process
        #expect(AllocationCounter.unfreedBlocks(session) == 0)
    }

    @Test("G8: a single tap toggles the caption only once the double tap's 0.35 s have passed")
    func singleTapWaitsForDoubleTap() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        #expect(screen.caption.isShown)
        app.tap("photo") // lifts at t = 0.02
        #expect(screen.caption.isShown, "the single tap must wait: a second tap could still come")
        app.advance(by: 0.2)
        #expect(screen.caption.isShown)
        app.advance(by: 0.2) // past 0.37: the double tap failed, the single tap fires
        #expect(!screen.caption.isShown)
        #expect(
            actions(app, of: "caption") == [
                #"{"type":"action","t":0.37,"control":"caption","event":"valueChanged","value":0.0}"#
            ])
        app.tap("photo")
        app.advance(by: 0.4)
        #expect(screen.caption.isShown)
    }

    @Test(
        "A zoomed-in photo holds the screen awake; fitted again, the idle policy blanks it, and the tap that wakes it toggles nothing"
    )
    func zoomHoldsTheScreenAwake() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        app.application.screen.idlePolicy = IdlePolicy(blankAfter: 60)
        app.doubleTap("photo")
        #expect(app.application.isIdleTimerDisabled)
        app.advance(by: 120)
        #expect(app.application.screen.idleState == .awake)
        app.doubleTap("photo")
        #expect(!app.application.isIdleTimerDisabled)
        app.advance(by: 61)
        #expect(app.application.screen.idleState == .blank)
        app.tap("photo")
        app.advance(by: 0.5)
        #expect(app.application.screen.idleState == .awake)
        #expect(screen.caption.isShown, "the wake tap is swallowed: no single tap hides the caption")
    }

    @Test("A double tap zooms in 2× and a second one goes back to fitted; the caption is left alone")
    func doubleTapZooms() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        app.doubleTap("photo")
        #expect(screen.photoView.zoom == 2)
        #expect(!screen.zoomBadge.isHidden && screen.zoomBadge.text == "200 %")
        app.advance(by: 1)
        #expect(screen.caption.isShown, "a double tap must not also be a single tap")
        app.doubleTap("photo")
        #expect(screen.photoView.zoom == 1 && screen.photoView.offset == .zero)
        #expect(screen.zoomBadge.isHidden)
        #expect(actions(app, of: "zoom").map { $0.contains("\"value\":2.0") } == [true, false])
        #expect(actions(app, of: "caption").isEmpty)
    }

    @Test("G17: spreading two fingers zooms by the ratio of their distances (after the pinch's 8 pt hysteresis)")
    func pinchZooms() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        // 100 → 220 pt in steps of 12: the pinch begins at 112 pt, so its scale ends at 220 / 112.
        app.pinch("photo", from: 100, to: 220)
        #expect(abs(screen.photoView.zoom - 220.0 / 112) < 0.01)
        #expect(screen.zoomBadge.text == "196 %")
        #expect(
            actions(app, of: "zoom") == [
                #"{"type":"action","t":0.32,"control":"zoom","event":"valueChanged","value":1.96}"#
            ])
        // Closing the fingers again zooms out, no further than fitted.
        app.pinch("photo", from: 240, to: 60)
        #expect(screen.photoView.zoom == 1)
        #expect(screen.zoomBadge.isHidden)
    }

    @Test("G18: turning two fingers turns the photo by the angle turned (after the rotation's 5° hysteresis)")
    func rotationTurns() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        // 45° in steps of 4.5°: the rotation begins at 9°, past its 5°, and turns the photo by the 36° after that.
        app.rotate("photo", radius: 80, by: Double.pi / 4)
        #expect(abs(screen.photoView.angle - Double.pi / 5) < 0.001)
        #expect(screen.photoView.zoom == 1, "the fingers kept their distance: no zoom")
        #expect(!screen.angleBadge.isHidden && screen.angleBadge.text == "36°")
        #expect(actions(app, of: "angle").count == 1 && actions(app, of: "angle")[0].contains("\"value\":36.0"))
        // Counter-clockwise is negative.
        app.rotate("photo", radius: 80, by: -Double.pi / 2)
        #expect(Format.wholeDegrees(screen.photoView.angle) == 36 - 81)
    }

    @Test("Swipes turn the pages when fitted, wrapping round; zoomed in, the same stroke moves the photo")
    func swipeTurnsPages() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        app.drag("photo", by: Point(x: -200, y: 0), duration: 0.2) // swipe left: the next page
        #expect(screen.currentPage == 1)
        #expect(screen.caption.title == "Tiles and dots" && screen.caption.position == "2 of 3")
        app.drag("photo", by: Point(x: 200, y: 0), duration: 0.2)
        app.drag("photo", by: Point(x: 200, y: 0), duration: 0.2) // before the first: the last
        #expect(screen.currentPage == 2)
        let pageLines = actions(app, of: "pages")
        #expect(pageLines.count == 3)
        for (line, page) in zip(pageLines, ["1.0", "0.0", "2.0"]) {
            #expect(line.hasSuffix(#""event":"valueChanged","value":"# + page + "}"), "\(line)")
        }

        app.doubleTap("photo")
        app.drag("photo", by: Point(x: -200, y: 0), duration: 0.2)
        #expect(screen.currentPage == 2, "zoomed in, a stroke pans")
        #expect(screen.photoView.offset.x < -150)

        // The page indicator turns pages too: its right half forward.
        let indicator = app.center(of: screen.pageIndicator)
        app.tap(at: Point(x: indicator.x + 30, y: indicator.y))
        #expect(screen.currentPage == 0)
        #expect(screen.photoView.zoom == 1 && screen.photoView.offset == .zero, "a new page starts fitted")
    }

    @Test("G14: a long press shows the info panel; the next tap hides it and leaves the caption")
    func longPressShowsInfo() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        app.doubleTap("photo")
        app.longPress("photo")
        #expect(screen.info.isShown)
        #expect(screen.info.lines == ["sunset.png", "640 × 400 pixels", "Zoom 200 %", "Turned 0°"])
        app.tap("photo")
        app.advance(by: 0.4)
        #expect(!screen.info.isShown)
        #expect(screen.caption.isShown, "the tap that closes the panel does not also hide the caption")
        #expect(actions(app, of: "info").count == 2)
    }

    @Test("The first page and the info panel look as recorded (400×240)")
    func snapshots() throws {
        let app = try AppTester(AppDelegate.self, screenSize: Size(width: 400, height: 240))
        app.assertSnapshot(named: "photoframe-first-page", referenceDirectory: "Tests/PhotoFrameTests/References")
        app.rotate("photo", radius: 50, by: Double.pi / 4)
        app.pinch("photo", from: 60, to: 120)
        app.longPress("photo")
        app.assertSnapshot(named: "photoframe-info", referenceDirectory: "Tests/PhotoFrameTests/References")
    }

    @Test("Rule 3: panning a zoomed photo, and pinching and turning it, allocate nothing per input frame")
    func noAllocationsPerFrame() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        app.doubleTap("photo")
        let center = app.center(of: screen.photoView)
        let moved = Point(x: center.x + 120, y: center.y + 60)
        #expect(
            app.allocationsPerFrame { app in
                app.drag(from: center, to: moved)
                app.drag(from: moved, to: center)
            } == 0)
        #expect(screen.photoView.offset == .zero && screen.photoView.zoom == 2)
        #expect(
            app.allocationsPerFrame { app in
                app.pinch("photo", from: 100, to: 150)
                app.pinch("photo", from: 150, to: 100)
                app.rotate("photo", by: 0.5)
                app.rotate("photo", by: -0.5)
            } == 0)
    }

    @Test("Rule 3: swipes, taps, double taps, long presses and the page indicator allocate nothing per input frame")
    func everyGestureAllocatesNothing() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try photoFrame(app)
        let indicator = app.center(of: screen.pageIndicator)
        #expect(
            app.allocationsPerFrame { app in
                app.drag("photo", by: Point(x: -200, y: 0), duration: 0.2) // a page on
                app.drag("photo", by: Point(x: 200, y: 0), duration: 0.2) // and back
                app.tap("photo") // caption off, once the double tap failed
                app.advance(by: 0.4)
                app.tap("photo") // and on
                app.advance(by: 0.4)
                app.doubleTap("photo") // 2×
                app.doubleTap("photo") // fitted
                app.longPress("photo") // the info panel
                app.tap("photo") // closed
                app.advance(by: 0.4)
                app.tap(at: Point(x: indicator.x + 30, y: indicator.y)) // next page
                app.tap(at: Point(x: indicator.x - 30, y: indicator.y)) // previous
            } == 0)
        #expect(screen.currentPage == 0 && screen.caption.isShown && !screen.info.isShown)
    }
}
