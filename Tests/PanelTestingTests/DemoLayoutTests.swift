import PanelApp
import PanelDemo
import PanelKit
import PanelTesting
import Testing

/// The screen sizes the demo is laid out for: the 7-inch landscape panel, a
/// 4.3-inch 480×272 panel and a 720×1280 portrait panel.
let demoScreenSizes = [Size(width: 800, height: 480), Size(width: 480, height: 272), Size(width: 720, height: 1280)]

/// The visible leaves a user reads or touches: controls, labels and images.
func visibleLeaves(of view: View) -> [View] {
    if view.isHidden { return [] }
    if view is Control || view is Label || view is ImageView { return [view] }
    return view.subviews.flatMap { visibleLeaves(of: $0) }
}

/// What is wrong with `screen`'s layout in `window`: a leaf outside the window,
/// two leaves overlapping, or text cut by its frame. Empty when all is well.
func layoutProblems(of screen: View, in window: Window) -> [String] {
    var problems: [String] = []
    let leaves = visibleLeaves(of: screen)
    let frames = leaves.map { $0.convert($0.bounds, to: nil) }
    for (leaf, frame) in zip(leaves, frames) {
        if frame.isEmpty { problems.append("\(leaf.name) has no area: \(frame)") }
        if frame.minX < 0 || frame.minY < 0 || frame.maxX > window.bounds.width || frame.maxY > window.bounds.height {
            problems.append("\(leaf.name) at \(frame) is not inside the window")
        }
        // Text that does not fit its frame would be cut (an ellipsis, or lines dropped).
        if let label = leaf as? Label {
            let text = label.measure(label.text, font: label.font, width: label.numberOfLines == 1 ? nil : label.bounds.width)
            if text.width > label.bounds.width || text.height > label.bounds.height {
                problems.append("\(leaf.name)'s text needs \(text) but has \(label.bounds.size)")
            }
        }
        if let button = leaf as? Button, let title = button.currentTitle {
            let needed = button.measure(title, font: button.titleFont).width + 2 * button.theme.contentPadding
            if needed > button.bounds.width { problems.append("\(leaf.name)'s title needs \(needed) points but has \(button.bounds.width)") }
        }
    }
    for i in leaves.indices {
        for j in leaves.indices where j > i {
            if frames[i].intersection(frames[j]).map({ !$0.isEmpty }) == true {
                problems.append("\(leaves[i].name) \(frames[i]) overlaps \(leaves[j].name) \(frames[j])")
            }
        }
    }
    return problems
}

@Suite("The demo's layout on every screen size", .serialized)
struct DemoLayoutTests {
    @Test("At 800x480, 480x272 and 720x1280 nothing on either screen is clipped, outside the window or overlapping",
          arguments: demoScreenSizes)
    func nothingClippedOrOverlapping(_ size: Size) throws {
        let app = try AppTester(DemoAppDelegate.self, screenSize: size)
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        _ = app.snapshot()   // draws, so the layout measures with the real fonts
        #expect(demo.controls.frame == app.window.bounds)
        #expect(layoutProblems(of: demo.controls, in: app.window) == [])
        app.tap("more")
        _ = app.snapshot()
        #expect(demo.about.frame == app.window.bounds)
        #expect(layoutProblems(of: demo.about, in: app.window) == [])
    }

    @Test("Both screens at 480x272 and 720x1280 match their reference images",
          arguments: [Size(width: 480, height: 272), Size(width: 720, height: 1280)])
    func goldenImages(_ size: Size) throws {
        let app = try AppTester(DemoAppDelegate.self, screenSize: size)
        let suffix = "-\(Int(size.width))x\(Int(size.height))"
        app.assertSnapshot(named: "demo-controls" + suffix)
        app.tap("more")
        app.assertSnapshot(named: "demo-about" + suffix)
    }

    @Test("Laying both screens out again, every view of them, moves nothing and marks nothing dirty",
          arguments: demoScreenSizes)
    func relayoutIsClean(_ size: Size) throws {
        let app = try AppTester(DemoAppDelegate.self, screenSize: size)
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        func everyView(_ view: View) -> [View] { [view] + view.subviews.flatMap(everyView) }
        for screen in [demo.controls, demo.about] as [View] {
            if screen.superview == nil { app.tap(demo.controls.more.name) }
            _ = app.snapshot()
            let frames = everyView(screen).map(\.frame)
            app.window.clearDirtyRect()
            for view in everyView(screen) { view.setNeedsLayout() }
            app.window.layoutIfNeeded()
            #expect(everyView(screen).map(\.frame) == frames)
            #expect(app.window.dirtyRect == .zero)
        }
    }

    @Test("A window that changes size carries both screens along (autoresizing) and lays them out again")
    func windowResize() throws {
        let app = try AppTester(DemoAppDelegate.self, screenSize: Size(width: 800, height: 480))
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        _ = app.snapshot()
        app.window.frame = Rect(x: 0, y: 0, width: 480, height: 272)
        _ = app.snapshot()
        #expect(demo.controls.frame == Rect(x: 0, y: 0, width: 480, height: 272))
        #expect(layoutProblems(of: demo.controls, in: app.window) == [])
    }
}
