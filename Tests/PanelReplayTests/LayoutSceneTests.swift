import PanelJSON
import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

/// Tests/Scenes/layout.json: stacks and autoresizing in a scene file.
func layoutScene(screenSize: Size? = nil, clock: ManualClock = ManualClock()) throws -> Scene {
    try SceneFile.load(path: PackagePaths.path("Tests/Scenes/layout.json"))
        .build(screenSize: screenSize, log: ReplayLog(sink: MemorySink(), clock: clock))
}

func windowFrame(_ scene: Scene, _ name: String) throws -> Rect {
    let view = try #require(scene.view(named: name))
    return view.convert(view.bounds, to: nil)
}

@Suite("Scene files: stack and autoresizing")
struct LayoutSceneTests {
    @Test("A stack's children are its arranged views, laid out when the scene is built")
    func stackLaysOutChildren() throws {
        let scene = try layoutScene()
        let content = try #require(scene.view(named: "content") as? StackView)
        #expect(content.arrangedSubviews.map(\.name) == ["header", "lightRow", "level", "hiddenNote", "buttons"])
        #expect(content.axis == .vertical && content.distribution == .equalSpacing && content.spacing == 8)
        #expect(
            content.isLayoutMarginsRelativeArrangement
                && content.layoutMargins == EdgeInsets(top: 12, left: 16, bottom: 16, right: 16))
        // Inside the insets: the header at the top, the buttons at the bottom, the slider as wide as the column.
        #expect(try windowFrame(scene, "header").minY == 12)
        #expect(try windowFrame(scene, "buttons").maxY == 256)
        #expect(
            try windowFrame(scene, "level")
                == Rect(x: 16, y: try windowFrame(scene, "level").minY, width: 448, height: 48))
        #expect(try windowFrame(scene, "status").maxX == 464)
        // fillEqually with 12 points between the buttons.
        let one = try windowFrame(scene, "one")
        let two = try windowFrame(scene, "two")
        let three = try windowFrame(scene, "three")
        #expect(abs(one.width - two.width) <= 1 && abs(two.width - three.width) <= 1) // edges on whole points
        #expect(two.minX - one.maxX == 12 && three.minX - two.maxX == 12)
        // The hidden label takes no space: it keeps its zero frame.
        #expect(try #require(scene.view(named: "hiddenNote")).frame == .zero)
    }

    @Test("A tap on a button inside stacks reaches it where the layout put it")
    func tapArrangedButton() throws {
        let clock = ManualClock()
        let scene = try layoutScene(clock: clock)
        let application = Application(runLoop: RunLoop(manualClock: clock))
        scene.attach(to: application)
        let driver = TouchDriver(driving: application, window: scene.window)
        let two = try #require(scene.view(named: "two") as? Button)
        var taps = 0
        two.addAction(for: .touchUpInside) { _ in taps += 1 }
        let frame = try windowFrame(scene, "two")
        driver.down(1, at: Point(x: frame.midX, y: frame.midY))
        driver.up(1)
        #expect(taps == 1)
    }

    @Test("autoresizing: the views follow the window when it changes size")
    func autoresizingFollowsWindow() throws {
        let scene = try layoutScene()
        scene.window.frame = Rect(x: 0, y: 0, width: 800, height: 480)
        scene.window.layoutIfNeeded()
        #expect(try windowFrame(scene, "content") == Rect(x: 0, y: 0, width: 800, height: 480))
        #expect(try windowFrame(scene, "bar") == Rect(x: 0, y: 476, width: 800, height: 4))
        #expect(try windowFrame(scene, "buttons").maxX == 784)
        let mask = try #require(scene.view(named: "bar")).autoresizingMask
        #expect(mask == [.flexibleWidth, .flexibleTopMargin])
    }

    @Test(
        "Without a screen of its own, the file's stacks and autoresizing lay out on any screen: nothing leaves the window"
    )
    func anyScreen() throws {
        var text = try String(contentsOfFile: PackagePaths.path("Tests/Scenes/layout.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: #""screen": [480, 272],"#, with: "")
        let file = try SceneFile(parsing: Array(text.utf8), path: "layout-any-screen.json")
        #expect(file.screen == nil)
        let scene = try file.build(
            screenSize: Size(width: 720, height: 1280), log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        for name in ["title", "status", "light", "lightValue", "level", "one", "two", "three", "bar"] {
            let frame = try windowFrame(scene, name)
            #expect(
                frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= 720 && frame.maxY <= 1280, "\(name) at \(frame)")
        }
    }
}

@Suite("Scene files: stack and autoresizing errors name the place and the fix")
struct LayoutSceneErrorTests {
    @Test("An unknown axis, alignment or distribution lists the valid ones")
    func unknownChoice() {
        #expect(
            sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {"axis": "diagonal"}}]}"#)
                == "bad.json:1:69: views[0].stack.axis: unknown axis 'diagonal'; expected one of: horizontal, vertical")
        #expect(
            sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {"alignment": "middle"}}]}"#)
                == "bad.json:1:74: views[0].stack.alignment: unknown alignment 'middle'; expected one of: fill, leading, top, center, trailing, bottom"
        )
        #expect(
            sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {"distribution": "even"}}]}"#)
                == "bad.json:1:77: views[0].stack.distribution: unknown distribution 'even'; expected one of: fill, fillEqually, fillProportionally, equalSpacing, equalCentering"
        )
    }

    @Test("An unknown autoresizing flag lists UIKit's six; a string instead of an array says what to write")
    func badAutoresizing() {
        #expect(
            sceneError(
                #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "autoresizing": ["flexibleWidth", "stretch"]}]}"#)
                == "bad.json:1:85: views[0].autoresizing[1]: unknown autoresizing flag 'stretch'; expected one of: flexibleLeftMargin, "
                + "flexibleWidth, flexibleRightMargin, flexibleTopMargin, flexibleHeight, flexibleBottomMargin")
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "autoresizing": "flexibleWidth"}]}"#)
                == "bad.json:1:67: views[0].autoresizing: expected an array of flags, e.g. [\"flexibleWidth\", \"flexibleHeight\"], not a string"
        )
    }

    @Test("Negative spacing or insets, a stack that is also a control, touch keys on a stack")
    func badStacks() {
        #expect(
            sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {"spacing": -4}}]}"#)
                == "bad.json:1:72: views[0].stack.spacing: expected 0 or more points, not -4")
        #expect(
            sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {"insets": [0, -1, 0, 0]}}]}"#)
                == "bad.json:1:75: views[0].stack.insets[1]: insets are 0 or more points, not -1")
        #expect(
            sceneError(
                #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {}, "control": {"kind": "button"}}]}"#)
                == "bad.json:1:60: views[0].stack: a view is one kind (control, label, stack, scroll, segmented, stepper, "
                + "progress, pageControl, textField, gauge, picker, grid), not both 'control' and 'stack'; keep one and put the other in its own view"
        )
        #expect(
            sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {}, "hitTest": "self"}]}"#)
                == "bad.json:1:75: views[0].hitTest: 'hitTest' is for plain views; a stack only lays out its children")
    }

    @Test("Only a stack's children may leave out their frame")
    func frameRequiredOutsideStacks() {
        #expect(
            sceneError(#"{"views": [{"name": "a"}]}"#)
                == "bad.json:1:12: views[0]: missing the key 'frame' ([x, y, width, height] in the parent's points)")
        #expect(
            sceneError(
                #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "stack": {}, "children": [{"name": "a"}]}]}"#)
                == nil)
    }
}
