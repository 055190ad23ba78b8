import PanelTesting
import PanelUI
import Testing

/// Whether two frames are the same but for rounding.
func nearlyEqual(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
        && abs(a.height - b.height) < 1e-9
}

/// `frame` mirrored across a container `width` wide.
func mirrored(_ frame: Rect, in width: Double) -> Rect {
    Rect(x: width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
}

@Suite("Right-to-left layout: semanticContentAttribute and the effective direction")
struct LayoutDirectionTests {
    @Test("a view outside an application, or in a left-to-right one, lays out left to right")
    func defaultIsLeftToRight() {
        let view = View()
        #expect(view.semanticContentAttribute == .unspecified)
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        let driver = TouchDriver(screen: Size(width: 320, height: 240))
        #expect(driver.application.userInterfaceLayoutDirection == .leftToRight)
        driver.window.addSubview(view)
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test("an unspecified view takes the application's direction, through its window")
    func inheritsTheApplicationsDirection() {
        let driver = TouchDriver(screen: Size(width: 320, height: 240))
        let outer = View()
        let inner = View()
        outer.addSubview(inner)
        driver.window.addSubview(outer)
        driver.application.userInterfaceLayoutDirection = .rightToLeft
        #expect(driver.window.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(outer.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        inner.removeFromSuperview()
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight, "outside a window: left to right")
    }

    @Test("a forced attribute wins over the application, and its subviews inherit it")
    func forcedAttributeIsInherited() {
        let driver = TouchDriver(screen: Size(width: 320, height: 240))
        driver.application.userInterfaceLayoutDirection = .rightToLeft
        let forced = View()
        let child = View()
        let grandchild = View()
        forced.addSubview(child)
        child.addSubview(grandchild)
        driver.window.addSubview(forced)
        forced.semanticContentAttribute = .forceLeftToRight
        #expect(forced.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        // The nearest forced ancestor decides.
        child.semanticContentAttribute = .forceRightToLeft
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(forced.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test("playback and spatial views are left to right themselves; their subviews follow the surroundings")
    func playbackAndSpatialHoldForTheViewOnly() {
        let driver = TouchDriver(screen: Size(width: 320, height: 240))
        driver.application.userInterfaceLayoutDirection = .rightToLeft
        for attribute in [SemanticContentAttribute.playback, .spatial] {
            let controls = View()
            let child = View()
            controls.addSubview(child)
            driver.window.addSubview(controls)
            controls.semanticContentAttribute = attribute
            #expect(controls.effectiveUserInterfaceLayoutDirection == .leftToRight)
            #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            #expect(View.userInterfaceLayoutDirection(for: attribute, relativeTo: .rightToLeft) == .leftToRight)
        }
        #expect(View.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(View.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight) == .rightToLeft)
    }

    @Test("natural alignment: text without a strong character follows the layout direction; strong text its own")
    func naturalAlignmentFollowsTheDirection() {
        #expect(TextAlignment.natural.resolved(for: "", layoutDirection: .rightToLeft) == .right)
        #expect(TextAlignment.natural.resolved(for: "12:30", layoutDirection: .rightToLeft) == .right)
        #expect(TextAlignment.natural.resolved(for: "12:30", layoutDirection: .leftToRight) == .left)
        #expect(TextAlignment.natural.resolved(for: "Wi-Fi", layoutDirection: .rightToLeft) == .left)
        #expect(TextAlignment.natural.resolved(for: "שלום", layoutDirection: .leftToRight) == .right)
        #expect(TextAlignment.center.resolved(for: "", layoutDirection: .rightToLeft) == .center)
        #expect(TextAlignment.firstStrongDirection(of: "123 !") == nil)
    }

    @Test("a horizontal stack in a right-to-left layout mirrors its left-to-right frames")
    func horizontalStackMirrors() {
        let ltrViews = [Box(50, 20), View(), Box(70, 30)]
        _ = laidOutStack(ltrViews, spacing: 10)
        let rtlViews = [Box(50, 20), View(), Box(70, 30)]
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 300, height: 100), arrangedSubviews: rtlViews)
        stack.spacing = 10
        stack.semanticContentAttribute = .forceRightToLeft
        stack.layoutIfNeeded()
        #expect(rtlViews.map(\.frame) == ltrViews.map { mirrored($0.frame, in: 300) })
        #expect(rtlViews[0].frame.maxX == 300, "the first arranged view is at the leading (right) edge")
    }

    @Test("a stack laid out before the application turned right to left is laid out again, mirrored")
    func applicationDirectionChangeLaysOutAgain() {
        let driver = TouchDriver(screen: Size(width: 320, height: 240))
        let a = Box(50, 20)
        let b = Box(70, 20)
        let stack = StackView(frame: Rect(x: 10, y: 10, width: 300, height: 40), arrangedSubviews: [a, b])
        stack.distribution = .equalSpacing
        driver.window.addSubview(stack)
        driver.window.layoutIfNeeded()
        #expect(a.frame.minX == 0)
        driver.application.userInterfaceLayoutDirection = .rightToLeft
        driver.window.layoutIfNeeded()
        #expect(a.frame.maxX == 300 && b.frame.minX == 0)
    }

    @Test("a vertical stack's leading alignment is at the right in a right-to-left layout")
    func verticalLeadingAlignmentIsRight() {
        let a = Box(50, 20)
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 300, height: 100), arrangedSubviews: [a])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.semanticContentAttribute = .forceRightToLeft
        stack.layoutIfNeeded()
        #expect(a.frame == Rect(x: 250, y: 0, width: 50, height: 100))
    }

    @Test("0 allocations laying out a right-to-left stack again and asking views their direction, once warm")
    func noAllocationsInSteadyState() {
        let driver = TouchDriver(screen: Size(width: 320, height: 240))
        driver.application.userInterfaceLayoutDirection = .rightToLeft
        let views = [Box(50, 20), View(), Box(70, 30)]
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 300, height: 100), arrangedSubviews: views)
        let deep = View()
        views[1].addSubview(deep)
        driver.window.addSubview(stack)
        var rightToLeft = 0
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            stack.setNeedsLayout()
            driver.window.layoutIfNeeded()
            if deep.effectiveUserInterfaceLayoutDirection == .rightToLeft { rightToLeft += 1 }
        }
        #expect(allocations == 0)
        #expect(rightToLeft == 3)
        #expect(views[0].frame.maxX == 300)
    }
}

@Suite("Right-to-left layout: controls, cells and bars")
struct RightToLeftControlTests {
    /// A cell `style` 320 × 44 with a disclosure indicator, laid out in `direction`.
    func cell(_ style: TableViewCell.CellStyle, _ direction: SemanticContentAttribute) -> TableViewCell {
        let cell = TableViewCell(style: style, reuseIdentifier: nil)
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 44)
        cell.textLabel.text = "Wi-Fi"
        cell.detailTextLabel.text = "Home"
        cell.accessoryType = .disclosureIndicator
        cell.semanticContentAttribute = direction
        cell.layoutIfNeeded()
        return cell
    }

    @Test("a table cell in a right-to-left layout puts its text at the right and its accessory at the left")
    func tableCellMirrors() {
        let ltr = cell(.value1, .forceLeftToRight)
        let rtl = cell(.value1, .forceRightToLeft)
        #expect(rtl.contentView.frame == mirrored(ltr.contentView.frame, in: 320))
        #expect(nearlyEqual(rtl.textLabel.frame, mirrored(ltr.textLabel.frame, in: ltr.contentView.bounds.width)))
        #expect(
            nearlyEqual(
                rtl.detailTextLabel.frame, mirrored(ltr.detailTextLabel.frame, in: ltr.contentView.bounds.width)))
        let accessory = rtl.subviews.first { $0.name == "accessory" }!
        let ltrAccessory = ltr.subviews.first { $0.name == "accessory" }!
        #expect(accessory.frame == mirrored(ltrAccessory.frame, in: 320))
        #expect(accessory.frame.minX < rtl.textLabel.convert(rtl.textLabel.bounds, to: rtl).minX)
        #expect(rtl.detailTextLabel.textAlignment == .left, "a value1 detail sits at the trailing (left) edge")
        #expect(ltr.detailTextLabel.textAlignment == .right)
        rtl.semanticContentAttribute = .forceLeftToRight
        rtl.layoutIfNeeded()
        #expect(rtl.detailTextLabel.textAlignment == .right, "back to left to right, back to the right")
        #expect(nearlyEqual(rtl.textLabel.frame, ltr.textLabel.frame))
    }

    @Test("an accessoryView goes to the left edge in a right-to-left layout")
    func accessoryViewMirrors() {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 44)
        let toggle = Switch()
        cell.accessoryView = toggle
        cell.layoutIfNeeded()
        let ltrFrame = toggle.frame
        cell.semanticContentAttribute = .forceRightToLeft
        cell.layoutIfNeeded()
        #expect(toggle.frame == mirrored(ltrFrame, in: 320))
    }

    /// A navigation bar 320 wide showing "Settings" with a back button to
    /// "Home" and a right item, laid out in `direction`.
    func bar(_ direction: SemanticContentAttribute) -> NavigationBar {
        let bar = NavigationBar(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        bar.semanticContentAttribute = direction
        let top = NavigationItem(title: "Settings")
        top.rightBarButtonItems = [BarButtonItem(title: "Edit")]
        bar.setItems(top: top, back: NavigationItem(title: "Home"))
        bar.layoutIfNeeded()
        return bar
    }

    @Test("a navigation bar in a right-to-left layout has its back button and left items at the right, mirrored")
    func navigationBarMirrors() {
        let ltr = bar(.forceLeftToRight)
        let rtl = bar(.forceRightToLeft)
        // (The back titles differ by the mark, which this estimate without a text driver gives a width.)
        #expect(ltr.backButton.frame.minX == NavigationBar.margin)
        #expect(rtl.backButton.frame.maxX == 320 - NavigationBar.margin)
        let edit = rtl.subviews.first { ($0 as? Button)?.title(for: .normal) == "Edit" }!
        let ltrEdit = ltr.subviews.first { ($0 as? Button)?.title(for: .normal) == "Edit" }!
        #expect(edit.frame == mirrored(ltrEdit.frame, in: 320))
        #expect(edit.frame.minX == NavigationBar.margin, "the right item is at the left")
        #expect(rtl.titleLabel.frame.minX >= edit.frame.maxX && rtl.titleLabel.frame.maxX <= rtl.backButton.frame.minX)
        #expect(ltr.backButton.title(for: .normal) == "‹ Home")
        #expect(rtl.backButton.title(for: .normal) == "\u{200F}‹ Home", "the mark flips the chevron to point right")
    }

    @Test("a slider in a right-to-left layout fills from the right: its minimum is at the right end")
    func sliderFillsFromTheRight() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        slider.minimumValue = 0
        slider.maximumValue = 1
        slider.value = 0.25
        let ltrThumb = slider.currentThumbRect
        slider.semanticContentAttribute = .forceRightToLeft
        let rtlThumb = slider.currentThumbRect
        #expect(rtlThumb == mirrored(ltrThumb, in: 200))
        #expect(abs(slider.value(forThumbCenterX: rtlThumb.midX) - 0.25) < 1e-9)
        #expect(slider.value(forThumbCenterX: 200) == 0 && slider.value(forThumbCenterX: 0) == 1)
    }

    @Test("a switch in a right-to-left layout is on with its thumb at the left")
    func switchIsOnAtTheLeft() {
        let on = Switch(isOn: true)
        on.frame = Rect(x: 0, y: 0, width: 60, height: 40)
        let ltrThumb = on.thumbRect
        on.semanticContentAttribute = .forceRightToLeft
        let rtlThumb = on.thumbRect
        #expect(rtlThumb.midX < ltrThumb.midX)
        let off = Switch(isOn: false)
        off.frame = on.frame
        #expect(abs(rtlThumb.minX - off.thumbRect.minX) < 1e-9, "on, right to left, is where off is left to right")
    }
}

@Suite("Right-to-left layout: segments, page dots and bar items")
struct RightToLeftRowTests {
    @Test("a segmented control in a right-to-left layout has its first segment at the right, and touches find it there")
    func segmentedControlMirrors() {
        let control = SegmentedControl(frame: Rect(x: 0, y: 0, width: 300, height: 40), items: ["Heat", "Cool", "Auto"])
        let ltr = (0..<3).map { control.rectForSegment(at: $0) }
        control.semanticContentAttribute = .forceRightToLeft
        #expect((0..<3).map { control.rectForSegment(at: $0) } == ltr.map { mirrored($0, in: 300) })
        #expect(control.segmentIndex(atX: 290) == 0 && control.segmentIndex(atX: 10) == 2)
    }

    @Test("a page control in a right-to-left layout has its first dot at the right; a tap on the left half goes on")
    func pageControlMirrors() {
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 200, height: 40), numberOfPages: 4)
        let ltr = (0..<4).map { pages.indicatorRect(at: $0) }
        pages.semanticContentAttribute = .forceRightToLeft
        let rtl = (0..<4).map { pages.indicatorRect(at: $0) }
        #expect(rtl.map(\.midX) == ltr.map { 200 - $0.midX })
        #expect(rtl[0].midX > rtl[3].midX)
    }

    @Test("a toolbar in a right-to-left layout places its items from the right")
    func toolbarMirrors() {
        func toolbar(_ attribute: SemanticContentAttribute) -> Toolbar {
            let bar = Toolbar(frame: Rect(x: 0, y: 0, width: 320, height: Toolbar.height))
            bar.semanticContentAttribute = attribute
            bar.items = [BarButtonItem(title: "Back"), BarButtonItem(title: "Next")]
            bar.layoutIfNeeded()
            return bar
        }
        let ltr = toolbar(.forceLeftToRight).subviews.compactMap { $0 as? Button }
        let rtl = toolbar(.forceRightToLeft).subviews.compactMap { $0 as? Button }
        #expect(ltr.count == 2 && rtl.count == 2)
        #expect(rtl.map(\.frame) == ltr.map { mirrored($0.frame, in: 320) })
    }
}

extension Navigation {
    @Suite("NavigationController: right to left")
    struct RightToLeftNavigationTests {
        @Test("a push in a right-to-left layout slides the new screen in from the left, the old one moving right")
        func pushSlidesInFromTheLeft() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            driver.application.userInterfaceLayoutDirection = .rightToLeft
            driver.window.layoutIfNeeded()
            let b = Screen("B", log: log)
            navigation.pushViewController(b, animated: true)
            #expect(b.view.presentation.center.x == contentMidX - 320, "B starts off the left edge")
            driver.wait(0.1)
            let bx = b.view.presentation.center.x
            let ax = a.view.presentation.center.x
            #expect(bx < contentMidX && bx > contentMidX - 320, "B slides in from the left")
            #expect(ax > contentMidX && ax < contentMidX + 320 / 3 + 1e-9, "A moves right by at most a third")
            driver.wait(0.3)
            #expect(onScreen(b.view) == Rect(x: 0, y: 44, width: 320, height: 196))
            #expect(navigation.navigationBar.backButton.frame.maxX == 320 - NavigationBar.margin)
        }

        @Test("in a right-to-left layout the interactive pop starts at the right edge and follows a finger moving left")
        func interactivePopFromTheRightEdge() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            driver.application.userInterfaceLayoutDirection = .rightToLeft
            let b = Screen("B", log: log)
            navigation.pushViewController(b, animated: false)
            driver.window.layoutIfNeeded()
            #expect(navigation.interactivePopGestureRecognizer.edges == .right)
            driver.down(1, at: Point(x: 318, y: 140))
            for x in [308.0, 298, 258, 218] { driver.move(1, to: Point(x: x, y: 140), after: 0.05) }
            #expect(navigation.isTransitioning)
            let progress = 80.0 / 320
            #expect(abs(b.view.center.x - (contentMidX - 320 * progress)) < 1e-9)
            #expect(abs(a.view.center.x - (contentMidX + 320.0 / 3 * (1 - progress))) < 1e-9)
            for x in [150.0, 60] { driver.move(1, to: Point(x: x, y: 140), after: 0.02) }
            driver.up(1, after: 0.01)
            driver.wait(0.6)
            #expect(navigation.viewControllers.count == 1 && navigation.topViewController === a)
        }
    }
}
