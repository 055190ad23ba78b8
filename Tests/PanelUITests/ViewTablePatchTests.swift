import PanelTesting
import Testing

@testable import PanelUI

// Issue 39: a scroll frame patched the view table's whole scrolled subtree
// two or three times over (the scroll, then each reused cell hidden, shown
// and placed). A patch now works out again only what the change reaches: a
// subview's entry is made from its superview's window geometry, alpha, clip
// and passed-down flags, so where those did not change the subtree below is
// left as it is; and a hit node, which holds only a view's place in its
// superview, is made again only when that changed. These tests hold the
// patched table to the one a rebuild makes.

@Suite("View table patches: only what a change reaches, and equal to a rebuild")
struct ViewTablePatchTests {
    /// A window of nested views, some clipping, some scrolled, some turned.
    private func hierarchy(random: inout SeededGenerator) -> (window: Window, views: [View]) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        var views: [View] = [window]
        for i in 0..<60 {
            let parent = views[Int(random.next() % UInt64(views.count))]
            let view =
                i % 7 == 0
                ? ScrollView(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "scroll \(i)")
                : View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "view \(i)")
            view.frame = Rect(
                x: random.double(-50...300), y: random.double(-50...200), width: random.double(1...300),
                height: random.double(1...200))
            view.clipsToBounds = random.next() % 3 == 0
            parent.addSubview(view)
            views.append(view)
        }
        return (window, views)
    }

    /// One change an app makes to `view`.
    private func change(_ view: View, random: inout SeededGenerator) {
        switch random.next() % 9 {
        case 0: view.center.x += random.double(-40...40)
        case 1: view.bounds.origin.y = random.double(0...120) // scrolls a scroll view's content
        case 2: view.isHidden.toggle()
        case 3: view.alpha = [1, 0.5, 0, 0.25][Int(random.next() % 4)]
        case 4: view.clipsToBounds.toggle()
        case 5: view.isUserInteractionEnabled.toggle()
        case 6: view.transform = random.next() % 2 == 0 ? .identity : AffineTransform(rotationAngle: 0.3)
        case 7: view.bounds.size.width = random.double(1...300)
        default: view.layer.cornerRadius = random.next() % 2 == 0 ? 0 : 8
        }
    }

    /// Every value of every entry, to compare two tables.
    private func values(of table: ViewTable) -> [String] {
        table.entries.map { entry in
            let links =
                "parent \(entry.parent) end \(entry.subtreeEnd) last \(entry.lastChild) \(entry.previousSibling)"
            let model =
                "\(entry.superviewToLocal) \(entry.localToWindow) \(entry.bounds) \(entry.frameInWindow) "
                + "\(entry.clipInWindow) \(entry.alphaInWindow)"
            let drawn =
                "\(entry.drawToWindow) \(entry.drawBounds) \(entry.drawFrameInWindow) \(entry.drawAlphaInWindow) "
                + "\(entry.drawClipInWindow)"
            let layer = "\(entry.layerOutsets) \(entry.layerParts.rawValue)"
            return
                "\(entry.view.name) \(links) flags \(entry.flags.rawValue) model \(model) drawn \(drawn) layer \(layer)"
        }
    }

    @Test(
        "After random changes of place, scroll offset, hiding, alpha, clipping, interaction, transform and corners, the patched table equals a rebuilt one, and hit-tests alike"
    )
    func patchedEqualsRebuilt() {
        var random = SeededGenerator(seed: 39)
        let (window, views) = hierarchy(random: &random)
        let table = window.viewTable
        for round in 0..<40 {
            for _ in 0..<8 { change(views[1 + Int(random.next() % UInt64(views.count - 1))], random: &random) }
            let patched = values(of: table)
            let points = (0..<50).map { _ in Point(x: random.double(0...800), y: random.double(0...480)) }
            let patchedHits = points.map { window.hitTest($0, with: nil)?.name }
            // A hierarchy change makes the table build itself afresh.
            let probe = View(name: "probe")
            window.addSubview(probe)
            probe.removeFromSuperview()
            let rebuilds = table.rebuildCount
            let rebuilt = values(of: table)
            #expect(table.rebuildCount == rebuilds + 1)
            let difference = zip(patched, rebuilt).first { $0 != $1 }
            #expect(
                patched.count == rebuilt.count && difference == nil,
                "round \(round): \(difference.map { "patched: \($0.0)\nrebuilt: \($0.1)" } ?? "a count differs")")
            #expect(points.map { window.hitTest($0, with: nil)?.name } == patchedHits, "round \(round)")
        }
    }

    @Test("Hiding or disabling a view with a subtree patches its own entry alone; moving it patches the whole subtree")
    func flagsPatchOneEntry() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let cell = View(frame: Rect(x: 0, y: 0, width: 300, height: 44), name: "cell")
        for i in 0..<20 { cell.addSubview(View(frame: Rect(x: Double(i) * 10, y: 0, width: 10, height: 44))) }
        window.addSubview(cell)
        let table = window.viewTable
        table.rebuildIfNeeded()
        func work(_ change: () -> Void) -> UInt64 {
            let before = table.patchWork
            change()
            return table.patchWork &- before
        }
        #expect(work { cell.isHidden = true } == 1)
        #expect(work { cell.isHidden = false } == 1)
        #expect(work { cell.isUserInteractionEnabled = false } == 1)
        #expect(work { cell.center.y += 44 } == 21)
        #expect(work { cell.alpha = 0.5 } == 21)
    }

    @Test("Scrolling makes no hit node again below the scroll view: its content keeps its place in its superviews")
    func scrollingKeepsHitNodes() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "scroll")
        scroll.contentSize = Size(width: 400, height: 4000)
        var rows: [View] = []
        for i in 0..<50 {
            let row = View(frame: Rect(x: 0, y: Double(i) * 44, width: 400, height: 44), name: "row \(i)")
            scroll.addSubview(row)
            rows.append(row)
        }
        window.addSubview(scroll)
        #expect(window.hitTest(Point(x: 10, y: 50), with: nil) === rows[1])
        let table = window.viewTable
        func rowNodes() -> [String] {
            table.hitNodes.filter { $0.view.name.hasPrefix("row") }.map { "\($0.low) \($0.high) \($0.translation)" }
        }
        let nodes = rowNodes()
        let work = table.patchWork
        scroll.contentOffset = Point(x: 0, y: 440)
        // Every entry below the scroll view moved in the window; no row's node changed.
        #expect(table.patchWork &- work >= 51)
        #expect(rowNodes() == nodes)
        #expect(window.hitTest(Point(x: 10, y: 50), with: nil) === rows[11])
    }
}
