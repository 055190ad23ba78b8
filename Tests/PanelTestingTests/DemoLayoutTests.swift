import PanelDemo
import PanelKit
import PanelTesting
import PanelUI
import Testing

/// The screen sizes the demo is laid out for: the 7-inch landscape panel, a
/// 4.3-inch 480×272 panel and a 720×1280 portrait panel.
let demoScreenSizes = [Size(width: 800, height: 480), Size(width: 480, height: 272), Size(width: 720, height: 1280)]

/// The visible leaves a user reads or touches: controls, labels and images.
/// A table view's cells and headers are not leaves of the screen: `tableProblems(of:in:)` checks them.
func visibleLeaves(of view: View) -> [View] {
    if view.isHidden || view is TableView { return [] }
    if view is Control || view is Label || view is ImageView { return [view] }
    return view.subviews.flatMap { visibleLeaves(of: $0) }
}

/// The table views shown in `view`.
func visibleTables(in view: View) -> [TableView] {
    if view.isHidden { return [] }
    if let table = view as? TableView { return [table] }
    return view.subviews.flatMap { visibleTables(in: $0) }
}

/// What is wrong with `leaves` inside `area` (window coordinates): a leaf
/// outside it, two leaves overlapping, or text cut by its frame.
func leafProblems(_ leaves: [View], inside area: Rect, _ areaName: String) -> [String] {
    var problems: [String] = []
    let frames = leaves.map { $0.convert($0.bounds, to: nil) }
    for (leaf, frame) in zip(leaves, frames) {
        if frame.isEmpty { problems.append("\(leaf.name) has no area: \(frame)") }
        if frame.minX < area.minX || frame.minY < area.minY || frame.maxX > area.maxX || frame.maxY > area.maxY {
            problems.append("\(leaf.name) at \(frame) is not inside \(areaName) \(area)")
        }
        // Text that does not fit its frame would be cut (an ellipsis, or lines dropped).
        if let label = leaf as? Label {
            let text = label.measure(
                label.text, font: label.font, width: label.numberOfLines == 1 ? nil : label.bounds.width)
            if text.width > label.bounds.width || text.height > label.bounds.height {
                problems.append("\(leaf.name) (\"\(label.text)\")'s text needs \(text) but has \(label.bounds.size)")
            }
        }
        if let button = leaf as? Button, let title = button.currentTitle {
            let needed = button.measure(title, font: button.titleFont).width + 2 * button.theme.contentPadding
            if needed > button.bounds.width {
                problems.append("\(leaf.name)'s title needs \(needed) points but has \(button.bounds.width)")
            }
            // A button squeezed by a stack short of room cuts its title's line.
            let lineHeight = button.measure(title, font: button.titleFont).height
            if lineHeight > button.bounds.height {
                problems.append(
                    "\(leaf.name)'s title is \(lineHeight) points tall but the button \(button.bounds.height)")
            }
        }
    }
    for i in leaves.indices {
        for j in leaves.indices where j > i {
            // Less than a hundredth of a point is rounding (a cell's 60/40 split), not an overlap.
            if frames[i].intersection(frames[j]).map({ $0.width > 0.01 && $0.height > 0.01 }) == true {
                problems.append("\(leaves[i].name) \(frames[i]) overlaps \(leaves[j].name) \(frames[j])")
            }
        }
    }
    return problems
}

/// What is wrong with a table's rows: a row or header not across the table,
/// a row's labels and controls outside it, overlapping or cut. Rows partly
/// scrolled off count; what they show must fit the row.
func tableProblems(of table: TableView, in window: Window) -> [String] {
    var problems: [String] = []
    let tableFrame = table.convert(table.bounds, to: nil)
    for row in table.subviews where !row.isHidden && (row is TableViewCell || row is TableViewHeaderView) {
        let frame = row.convert(row.bounds, to: nil)
        if frame.minX < tableFrame.minX || frame.maxX > tableFrame.maxX || frame.maxY <= tableFrame.minY
            || frame.minY >= tableFrame.maxY
        {
            problems.append("\(row.name) at \(frame) is not across the table \(tableFrame)")
        }
        problems += leafProblems(row.subviews.flatMap { visibleLeaves(of: $0) }, inside: frame, "its row")
    }
    return problems
}

/// What is wrong with `screen`'s layout in `window`: a leaf outside the window,
/// two leaves overlapping, or text cut by its frame; a table's rows checked
/// by `tableProblems(of:in:)`. Empty when all is well.
func layoutProblems(of screen: View, in window: Window) -> [String] {
    var problems = leafProblems(visibleLeaves(of: screen), inside: window.bounds, "the window")
    for table in visibleTables(in: screen) {
        let frame = table.convert(table.bounds, to: nil)
        if frame.minX < 0 || frame.minY < 0 || frame.maxX > window.bounds.width || frame.maxY > window.bounds.height {
            problems.append("\(table.name) at \(frame) is not inside the window")
        }
        problems += tableProblems(of: table, in: window)
    }
    return problems
}

/// The demo's three screens, each shown by `open` from the controls screen, and the view to check.
enum DemoScreen: String, CaseIterable, CustomStringConvertible {
    case controls, settings, about
    var description: String { rawValue }

    /// Shows the screen (pushed from the controls screen, the slide finished) and returns its view.
    @discardableResult
    func show(in app: AppTester, demo: DemoApp) -> View {
        switch self {
        case .controls:
            return demo.controls
        case .settings:
            app.tap("settings")
            app.advance(by: 0.5)
            return demo.settingsController.view
        case .about:
            app.tap("more")
            app.advance(by: 0.5)
            return demo.about
        }
    }
}

/// The content area under the navigation bar, in window coordinates.
func contentArea(_ window: Window) -> Rect {
    Rect(x: 0, y: NavigationBar.height, width: window.bounds.width, height: window.bounds.height - NavigationBar.height)
}

@Suite("The demo's layout on every screen size", .serialized)
struct DemoLayoutTests {
    @Test(
        "At 800x480, 480x272 and 720x1280 nothing on any screen is clipped, outside the window or overlapping",
        arguments: demoScreenSizes)
    func nothingClippedOrOverlapping(_ size: Size) throws {
        for screen in DemoScreen.allCases {
            let app = try AppTester(DemoAppDelegate.self, screenSize: size)
            let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
            let view = screen.show(in: app, demo: demo)
            _ = app.snapshot() // draws, so the layout measures with the real fonts
            #expect(view.convert(view.bounds, to: nil) == contentArea(app.window), "\(screen)")
            #expect(layoutProblems(of: view, in: app.window) == [], "\(screen)")
            // The bar: its title, and its buttons (back, or settings on the controls screen).
            #expect(
                leafProblems(visibleLeaves(of: demo.navigation.navigationBar), inside: app.window.bounds, "the window")
                    == [],
                "\(screen)'s bar")
        }
    }

    @Test("Settings scrolled to the sensors, and to the end, at every size: every row shown fits its row")
    func settingsScrolled() throws {
        for size in demoScreenSizes {
            let app = try AppTester(DemoAppDelegate.self, screenSize: size)
            let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
            let view = DemoScreen.settings.show(in: app, demo: demo)
            let table = demo.settingsController.table
            for row in [0, 50, SettingsViewController.sensorCount - 1] {
                table.scrollToRow(
                    at: IndexPath(row: row, section: SettingsViewController.sensorSection), at: .middle, animated: false
                )
                _ = app.snapshot()
                #expect(layoutProblems(of: view, in: app.window) == [], "\(size) sensor \(row)")
                #expect(table.visibleCells.count > 2)
            }
        }
    }

    @Test("Every screen at 800x480, 480x272 and 720x1280 matches its reference image", arguments: demoScreenSizes)
    func goldenImages(_ size: Size) throws {
        for screen in DemoScreen.allCases {
            let app = try AppTester(DemoAppDelegate.self, screenSize: size)
            let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
            screen.show(in: app, demo: demo)
            app.assertSnapshot(named: "demo-\(screen)-\(Int(size.width))x\(Int(size.height))")
        }
    }

    @Test("The demo right to left: the controls and settings screens at 800x480 match their reference images")
    func rightToLeftGoldenImages() throws {
        for screen in [DemoScreen.controls, .settings] {
            // As `panel demo --right-to-left` runs it.
            let app = try AppTester(
                DemoAppDelegate.self, screenSize: Size(width: 800, height: 480), arguments: ["--right-to-left"])
            let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
            #expect(app.application.userInterfaceLayoutDirection == .rightToLeft)
            screen.show(in: app, demo: demo)
            app.assertSnapshot(named: "demo-\(screen)-800x480-right-to-left")
        }
    }

    @Test(
        "Laying every screen out again, every view of them, moves nothing and marks nothing dirty",
        arguments: demoScreenSizes)
    func relayoutIsClean(_ size: Size) throws {
        func everyView(_ view: View) -> [View] { [view] + view.subviews.flatMap(everyView) }
        for screen in DemoScreen.allCases {
            let app = try AppTester(DemoAppDelegate.self, screenSize: size)
            let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
            let view = screen.show(in: app, demo: demo)
            _ = app.snapshot()
            let frames = everyView(app.window).map(\.frame)
            app.window.clearDirtyRect()
            for view in everyView(view) { view.setNeedsLayout() }
            app.window.setNeedsLayout()
            app.window.layoutIfNeeded()
            #expect(everyView(app.window).map(\.frame) == frames, "\(screen)")
            #expect(app.window.dirtyRect == .zero, "\(screen)")
        }
    }

    @Test("A window that changes size carries the navigation controller along and lays the screens out again")
    func windowResize() throws {
        let app = try AppTester(DemoAppDelegate.self, screenSize: Size(width: 800, height: 480))
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        _ = app.snapshot()
        app.window.frame = Rect(x: 0, y: 0, width: 480, height: 272)
        _ = app.snapshot()
        #expect(demo.navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 480, height: NavigationBar.height))
        #expect(demo.controls.convert(demo.controls.bounds, to: nil) == contentArea(app.window))
        #expect(layoutProblems(of: demo.controls, in: app.window) == [])
        let settings = DemoScreen.settings.show(in: app, demo: demo)
        _ = app.snapshot()
        #expect(settings.convert(settings.bounds, to: nil) == contentArea(app.window))
        #expect(layoutProblems(of: settings, in: app.window) == [])
    }
}
