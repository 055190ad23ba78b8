import PanelTesting
import Testing

@testable import PanelUI

// Issue 34, "what to build" 1 and 2: nothing walks the hierarchy by recursing
// once per level, so a chain of views as deep as an app cares to make is
// attached, patched, hit-tested, drawn and freed without running out of stack,
// and each of those costs what the chain holds, not its square (UIKit: works,
// linear). The chains here are far deeper than any real screen (a stack
// overflow took a few thousand levels), and every view overlaps the one above it.

/// A chain of `depth` views, each the only subview of the one above, each
/// the same size as the window: the top is returned, the bottom is `bottom`.
/// Built from the bottom up, so that each `addSubview` checks a view with no superview.
private func chain(depth: Int, size: Double = 40, makeView: () -> View = { View() }) -> (top: View, bottom: View) {
    let bottom = makeView()
    bottom.frame = Rect(x: 0, y: 0, width: size, height: size)
    bottom.name = "bottom"
    var top = bottom
    for _ in 1..<depth {
        let parent = makeView()
        parent.frame = Rect(x: 0, y: 0, width: size, height: size)
        parent.addSubview(top)
        top = parent
    }
    return (top, bottom)
}

/// Counts the calls that freeing or moving a hierarchy makes into it.
private final class CountingView: View {
    /// Shared by every view of one chain, so a test reads one total.
    final class Tally {
        var movesToWindow = 0
        var deinits = 0
    }
    let tally: Tally
    init(_ tally: Tally) {
        self.tally = tally
        super.init()
    }
    override func didMoveToWindow() { tally.movesToWindow += 1 }
    deinit { tally.deinits += 1 }
}

@Suite("Hierarchy depth: no recursion per level, linear freeing")
struct HierarchyDepthTests {
    @Test(
        "Changing the center of the top of a 3,500-deep chain on screen patches every level below it (issue 34 row 1)")
    func centerOfDeepChain() {
        // UIKit: moving a view moves its whole subtree, whatever its depth.
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let (top, bottom) = chain(depth: 3_500)
        window.addSubview(top)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === bottom)
        top.center = Point(x: 60, y: 60)
        #expect(window.viewTable.entry(for: bottom)?.frameInWindow == Rect(x: 40, y: 40, width: 40, height: 40))
        #expect(window.hitTest(Point(x: 70, y: 70), with: nil) === bottom)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window)
    }

    @Test("A 50,000-deep chain is attached, hit-tested to its bottom view, and freed with its window (issue 34 row 2)")
    func attachingAndHitTestingDeepChain() {
        // UIKit: attaching tells every view of the subtree its window; the hit-test finds the deepest view.
        // Plain views above the bottom: an app's subclass may override `hitTest`, so
        // the table calls into each one, one call per level, as UIKit's recursion does.
        let tally = CountingView.Tally()
        do {
            let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            var isBottom = true
            let (top, bottom) = chain(depth: 50_000) {
                defer { isBottom = false }
                return isBottom ? CountingView(tally) : View()
            }
            window.addSubview(top)
            #expect(tally.movesToWindow == 1)
            #expect(bottom.window === window && top.window === window)
            #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === bottom)
            #expect(window.viewTable.entries.count == 50_001)
            #expect(window.viewTable.entries.last?.view === bottom)
        }
        // The bottom goes last: each view holds the one below it.
        #expect(tally.movesToWindow == 2)
        #expect(tally.deinits == 1)
    }

    @Test("Freeing a detached chain is linear: 16,000 levels cost twice 8,000 (issue 34 row 3)")
    func freeingIsLinear() {
        // UIKit frees a detached subtree in time linear in its size. The work
        // counted: every view freed, and every call into a view on the way.
        func work(freeing depth: Int) -> Int {
            let tally = CountingView.Tally()
            do { _ = chain(depth: depth) { CountingView(tally) } }
            #expect(tally.deinits == depth)
            return tally.deinits + tally.movesToWindow
        }
        let small = work(freeing: 8_000)
        let large = work(freeing: 16_000)
        #expect(large <= 2 * small + 2, "8,000 levels: \(small), 16,000 levels: \(large)")
    }

    @Test("A detached 32,000-deep chain is freed, every view of it (issue 34 row 3)")
    func freeingDeepChain() {
        let tally = CountingView.Tally()
        do { _ = chain(depth: 32_000) { CountingView(tally) } }
        #expect(tally.deinits == 32_000)
    }

    @Test(
        "Freeing a chain that was on screen and removed frees every view, none told of a window again (issue 34 rows 3, 19)"
    )
    func freeingRemovedChain() {
        let tally = CountingView.Tally()
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        do {
            let (top, _) = chain(depth: 20_000) { CountingView(tally) }
            window.addSubview(top)
            window.viewTable.rebuildIfNeeded() // the table lists (and holds) every view
            #expect(window.viewTable.entries.count == 20_001)
            top.removeFromSuperview()
        }
        #expect(tally.movesToWindow == 40_000) // in, then out: once each way
        #expect(tally.deinits == 20_000)
        #expect(window.viewTable.entries.count == 1)
    }

    @Test(
        "Freeing a detached parent does not tell its subviews they moved to a window: they had none (issue 34 row 19)")
    func freeingDetachedParentSendsNoWindowMove() {
        // UIKit calls didMoveToWindow only when a view's window changes.
        let tally = CountingView.Tally()
        let child = CountingView(tally)
        do {
            let parent = View()
            parent.addSubview(child)
            parent.addSubview(CountingView(tally))
        }
        #expect(child.superview == nil)
        #expect(tally.movesToWindow == 0)
        #expect(tally.deinits == 1)
    }

    @Test("Freeing a window still tells its views they left it, once each")
    func freeingWindowTellsItsViews() {
        let tally = CountingView.Tally()
        let child = CountingView(tally)
        do {
            let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let parent = CountingView(tally)
            parent.addSubview(child)
            window.addSubview(parent)
            #expect(tally.movesToWindow == 2)
        }
        #expect(child.window == nil && child.superview == nil)
        #expect(tally.movesToWindow == 4)
        #expect(tally.deinits == 1)
    }

    @Test(
        "Drawing a 5,000-deep chain reads each view a fixed number of times: 5 times the depth, at most 5 times the work (issue 34 row 4)"
    )
    func drawingDeepChainIsLinear() {
        // Each view's visible area comes from its clipping ancestors: read
        // from its own entry, not by walking up every ancestor of every view.
        func work(depth: Int) -> UInt64 {
            let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 64))
            let (top, bottom) = chain(depth: depth, size: 32)
            top.clipsToBounds = true
            bottom.backgroundColor = .white
            window.addSubview(top)
            let display = HeadlessDisplay(width: 64, height: 64)
            // `draw(_:in:into:)`: the drawing alone, without the layout pass before a frame.
            Renderer().draw(window, in: window.bounds, into: display.framebuffer)
            let before = window.viewTable.drawWork
            Renderer().draw(window, in: window.bounds, into: display.framebuffer)
            #expect(pixels(of: display.framebuffer, x: 10, y: 10) == Color.white.xrgb8888)
            return window.viewTable.drawWork &- before
        }
        let shallow = work(depth: 1_000)
        let deep = work(depth: 5_000)
        #expect(deep <= 5 * shallow + 100, "1,000 deep: \(shallow), 5,000 deep: \(deep)")
    }
}

/// The pixel at (x, y) of an xrgb8888 framebuffer.
private func pixels(of framebuffer: Framebuffer, x: Int, y: Int) -> UInt32 {
    (framebuffer.baseAddress + y * framebuffer.stride).assumingMemoryBound(to: UInt32.self)[x]
}
