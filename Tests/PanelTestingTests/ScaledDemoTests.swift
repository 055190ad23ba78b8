import PanelBoards
import PanelDemo
import PanelImage
import PanelKit
import PanelTesting
import PanelUI
import Testing

/// `rpi5-touch-display-2`: a 720×1280 panel turned 90° at scale 2, so the UI
/// lays out on 640×360 points and is drawn on 1280×720 pixels.
func scale2Board() throws -> Board {
    try Board.load(path: PackagePaths.path("boards/rpi5-touch-display-2.json"))
}

@Suite("The demo on scale-2 boards (rpi5-touch-display-2, stm32mp157f-dk2)", .serialized)
struct ScaledDemoTests {
    @Test("At scale 2 the UI is in points (a 640×360 window) and drawn in pixels (1280×720 snapshots, the board's)")
    func pointsAndPixels() throws {
        let app = try AppTester(DemoAppDelegate.self, board: try scale2Board())
        #expect(app.window.bounds == Rect(x: 0, y: 0, width: 640, height: 360))
        #expect(app.application.screen.scale == 2 && app.app.launchOptions.scale == 2)
        #expect(app.application.screen.nativeBounds == Rect(x: 0, y: 0, width: 1280, height: 720))
        let snapshot = app.snapshot()
        #expect(snapshot.width == 1280 && snapshot.height == 720)
        // A tap at the play button's centre, in points, presses it.
        app.tap("play")
        #expect(actions(app.actionLines).contains("play touchUpInside"))
    }

    @Test(
        "Golden images at scale 2: the controls and about screens on rpi5-touch-display-2 are the board's 1280×720 pixels",
        arguments: [DemoScreen.controls, .about])
    func goldenImages(_ screen: DemoScreen) throws {
        let app = try AppTester(DemoAppDelegate.self, board: try scale2Board())
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        screen.show(in: app, demo: demo)
        app.assertSnapshot(named: "demo-\(screen)-640x360-scale2")
    }

    @Test(
        "At scale 2 nothing on any screen is clipped, outside the window or overlapping: text measured at the pixel size fits",
        arguments: ["rpi5-touch-display-2", "stm32mp157f-dk2"])
    func nothingClippedOrOverlapping(_ boardName: String) throws {
        let board = try Board.load(path: PackagePaths.path("boards/" + boardName + ".json"))
        #expect(board.scale == 2)
        for screen in DemoScreen.allCases {
            let app = try AppTester(DemoAppDelegate.self, board: board)
            let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
            let view = screen.show(in: app, demo: demo)
            _ = app.snapshot() // draws, so the layout measures with the real fonts at scale 2
            #expect(app.window.textMeasurerScale == 2)
            #expect(view.convert(view.bounds, to: nil) == contentArea(app.window), "\(screen)")
            #expect(layoutProblems(of: view, in: app.window) == [], "\(screen)")
            #expect(
                leafProblems(visibleLeaves(of: demo.navigation.navigationBar), inside: app.window.bounds, "the window")
                    == [],
                "\(screen)'s bar")
        }
    }

    @Test("Rule 3 at scale 2: a slider drag allocates nothing per input frame, drawn as the panel draws it")
    func noAllocationsAtScale2() throws {
        let app = try AppTester(DemoAppDelegate.self, board: try scale2Board())
        app.snapshot()
        let perFrame = app.frameAllocations { app in
            app.drag("volume", by: Point(x: -120, y: 0))
            app.drag("volume", by: Point(x: 120, y: 0)) // back, so every run is the same
        }
        #expect(perFrame.count == 2 * 12)
        #expect(perFrame.allSatisfy { $0 == 0 }, "allocations per input frame: \(perFrame)")

        // Each input frame is drawn at the end of its turn, as on the panel: the slider and its value label, at 1280×720.
        let slider = try #require(app.view(named: "volume") as? Slider)
        let frames = app.app.frameDriver
        func dragDrawn() -> (frames: [UInt64], redrawn: Int) {
            var counts: [UInt64] = []
            counts.reserveCapacity(64)
            var redrawn = 0
            let thumb = slider.currentThumbRect
            let start = slider.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
            app.beginTouch(at: start)
            for step in Array(1...12) + Array((0..<12).reversed()) {
                let point = Point(x: start.x - Double(step) * 10, y: start.y)
                let presented = frames.framesPresented
                counts.append(AllocationCounter.count { app.moveTouch(to: point) })
                if frames.framesPresented > presented { redrawn += 1 }
            }
            app.endTouch()
            app.advance(by: 1)
            return (counts, redrawn)
        }
        _ = dragDrawn() // warm up: every value's digits drawn once at 2× size
        _ = dragDrawn()
        let counts = dragDrawn()
        #expect(counts.redrawn == 24)
        #expect(counts.frames.allSatisfy { $0 == 0 }, "allocations per input frame, drawn: \(counts.frames)")
    }
}
