import PanelTesting
import PanelUI
import Testing

// R5 lets an app override `hitTest(_:with:)` and `point(inside:with:)`, and an
// override may change the hierarchy while the table is being scanned. The
// scan keeps reading the hierarchy it started with; the change reaches the
// table after the scan, and the next hit-test sees it. `scripts/asan-test`
// (or `swift test --sanitize=address --filter "Hit-testing while"`) shows
// nothing freed is read meanwhile.

/// Says when it is freed.
private final class FreedFlag {
    var freed = false
}

private final class WatchedView: View {
    let flag: FreedFlag
    init(frame: Rect, name: String, flag: FreedFlag) {
        self.flag = flag
        super.init(frame: frame, name: name)
    }
    deinit { flag.freed = true }
}

/// Runs `change` the first time it is hit-tested, then answers as `View` does.
private final class ChangingView: View {
    var change: ((ChangingView) -> Void)?
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        if let change {
            self.change = nil
            change(self)
        }
        return super.hitTest(point, with: event)
    }
}

/// Runs `change` the first time it is asked whether it contains a point.
private final class ChangingContainsView: View {
    var change: ((ChangingContainsView) -> Void)?
    override func point(inside point: Point, with event: Event?) -> Bool {
        if let change {
            self.change = nil
            change(self)
        }
        return super.point(inside: point, with: event)
    }
}

/// The table describes the window's hierarchy as it is now: every view at
/// its index, in paint order, and hit-tests agree with the recursive
/// reference on a grid of points.
private func expectTableMatchesHierarchy(_ window: Window, sourceLocation: SourceLocation = #_sourceLocation) {
    var paintOrder: [View] = []
    func walk(_ view: View) {
        paintOrder.append(view)
        for subview in view.subviews { walk(subview) }
    }
    walk(window)
    let entries = window.viewTable.entries
    #expect(entries.count == paintOrder.count, sourceLocation: sourceLocation)
    for i in 0..<min(entries.count, paintOrder.count) {
        #expect(entries[i].view === paintOrder[i], sourceLocation: sourceLocation)
        #expect(window.viewTable.entry(for: paintOrder[i])?.view === paintOrder[i], sourceLocation: sourceLocation)
    }
    var y = -5.0
    while y < window.bounds.height + 5 {
        var x = -5.0
        while x < window.bounds.width + 5 {
            let point = Point(x: x, y: y)
            let hit = window.hitTest(point, with: nil)
            let reference = referenceHitTest(window, point)
            #expect(
                hit === reference, "at (\(x), \(y)): \(hit?.name ?? "nil") against \(reference?.name ?? "nil")",
                sourceLocation: sourceLocation)
            x += 7
        }
        y += 7
    }
}

@Suite("Hit-testing while an override changes the hierarchy")
struct HitTestReentrancyTests {
    @Test(
        "R5: a hitTest override that removes its own superview mid-scan leaves the table consistent; the next hit-test sees the new hierarchy"
    )
    func overrideRemovesItsSuperview() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let backdrop = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "backdrop")
        window.addSubview(backdrop)
        let flag = FreedFlag()
        do {
            let panel = WatchedView(frame: Rect(x: 20, y: 20, width: 100, height: 100), name: "panel", flag: flag)
            let behind = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "behind")
            let remover = ChangingView(frame: Rect(x: 10, y: 10, width: 50, height: 50), name: "remover")
            remover.change = { view in view.superview?.removeFromSuperview() } // the panel, freed once the scan lets go
            panel.addSubview(behind)
            panel.addSubview(remover)
            window.addSubview(panel)
        }
        window.viewTable.rebuildIfNeeded()
        // The scan that ran the override finishes on the hierarchy it started with.
        #expect(window.hitTest(Point(x: 40, y: 40), with: nil)?.name == "remover")
        #expect(flag.freed)
        #expect(window.viewTable.needsRebuild)
        #expect(window.hitTest(Point(x: 40, y: 40), with: nil) === backdrop)
        expectTableMatchesHierarchy(window)
    }

    @Test("R5: a hitTest override that removes and drops itself mid-scan is not read after it is gone")
    func overrideRemovesItself() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let below = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "below")
        window.addSubview(below)
        let flag = FreedFlag()
        do {
            final class SelfRemoving: View {
                let flag: FreedFlag
                init(flag: FreedFlag) {
                    self.flag = flag
                    super.init(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "self-removing")
                }
                override func hitTest(_ point: Point, with event: Event?) -> View? {
                    removeFromSuperview()
                    return nil // passes the touch on to the views behind
                }
                deinit { flag.freed = true }
            }
            window.addSubview(SelfRemoving(flag: flag))
        }
        window.viewTable.rebuildIfNeeded()
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === below)
        #expect(flag.freed)
        #expect(window.subviews.map(\.name) == ["below"])
        expectTableMatchesHierarchy(window)
    }

    @Test("R5: a hitTest override that adds a view mid-scan: this scan does not see it, the next one does")
    func overrideAddsView() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let adder = ChangingView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "adder")
        adder.change = { view in
            let cover = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "cover")
            cover.addSubview(View(frame: Rect(x: 30, y: 30, width: 20, height: 20), name: "badge"))
            view.window?.addSubview(cover)
            view.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "late child"))
        }
        window.addSubview(adder)
        window.viewTable.rebuildIfNeeded()
        #expect(window.hitTest(Point(x: 40, y: 40), with: nil) === adder)
        #expect(window.hitTest(Point(x: 40, y: 40), with: nil)?.name == "badge")
        #expect(window.hitTest(Point(x: 5, y: 5), with: nil)?.name == "cover")
        expectTableMatchesHierarchy(window)
    }

    @Test("R5: a hitTest override that changes frames mid-scan: this scan uses the old geometry, the next one the new")
    func overrideChangesFrames() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let sibling = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "sibling")
        let mover = ChangingView(frame: Rect(x: 150, y: 150, width: 100, height: 100), name: "mover")
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50), name: "child")
        mover.addSubview(child)
        mover.change = { view in
            view.frame = Rect(x: 0, y: 150, width: 100, height: 100)
            view.subviews[0].transform = AffineTransform(scaleX: 2, y: 2)
            sibling.frame = Rect(x: 200, y: 0, width: 100, height: 100)
        }
        window.addSubview(sibling)
        window.addSubview(mover)
        window.viewTable.rebuildIfNeeded()
        #expect(window.hitTest(Point(x: 160, y: 160), with: nil) === child) // scanned with the old frames
        #expect(window.hitTest(Point(x: 160, y: 160), with: nil) === window)
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === window)
        #expect(window.hitTest(Point(x: 250, y: 50), with: nil) === sibling)
        #expect(window.hitTest(Point(x: 60, y: 210), with: nil) === child) // scaled about its center
        #expect(window.viewTable.entry(for: mover)?.frameInWindow == Rect(x: 0, y: 150, width: 100, height: 100))
        expectTableMatchesHierarchy(window)
    }

    @Test("R5: a point(inside:) override that rebuilds its subviews mid-scan leaves the table consistent")
    func pointInsideOverrideChangesSubviews() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let host = ChangingContainsView(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "host")
        host.addSubview(View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "old"))
        host.change = { view in
            view.subviews[0].removeFromSuperview()
            view.addSubview(View(frame: Rect(x: 100, y: 100, width: 100, height: 100), name: "new"))
            view.bounds.origin = Point(x: 10, y: 10)
        }
        window.addSubview(host)
        window.viewTable.rebuildIfNeeded()
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil)?.name == "old")
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === host)
        #expect(window.hitTest(Point(x: 95, y: 95), with: nil)?.name == "new") // bounds scrolled by 10
        expectTableMatchesHierarchy(window)
    }

    @Test("A frame changed between hit-tests patches the table in place, and the next hit-test sees it")
    func patchedGeometryIsHit() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "parent")
        let leaf = View(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "leaf")
        parent.addSubview(leaf)
        window.addSubview(parent)
        #expect(window.hitTest(Point(x: 15, y: 15), with: nil) === leaf)
        let rebuilds = window.viewTable.rebuildCount
        parent.frame = Rect(x: 100, y: 100, width: 100, height: 100)
        leaf.transform = AffineTransform(rotationAngle: 0.5)
        #expect(window.hitTest(Point(x: 15, y: 15), with: nil) === window)
        #expect(window.hitTest(Point(x: 120, y: 120), with: nil) === leaf)
        #expect(window.viewTable.rebuildCount == rebuilds)
        expectTableMatchesHierarchy(window)
    }
}
