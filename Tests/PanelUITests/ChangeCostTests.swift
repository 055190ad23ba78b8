import PanelTesting
import Testing

@testable import PanelUI

// Issue 34, "what to build" 2 and 7: a change costs what it changes. Moving
// one view among many siblings, or hiding one item of a long stack, patches
// the view table in O(1) amortised per moved view, not O(siblings) (UIKit:
// O(1) per change); and `frame.origin.x = …`, the everyday spelling,
// allocates nothing, as `frame = Rect(…)` does not.

@Suite("Change costs: siblings, stack items, frame writes")
struct ChangeCostTests {
    /// A window with `count` views side by side in one superview, each 10
    /// points wide: a long row, which the hit-test indexes along its axis.
    private func row(of count: Int) -> (window: Window, views: [View]) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let container = View(frame: Rect(x: 0, y: 0, width: Double(count) * 10, height: 100))
        var views: [View] = []
        for i in 0..<count {
            let view = View(frame: Rect(x: Double(i) * 10, y: 0, width: 10, height: 100))
            container.addSubview(view)
            views.append(view)
        }
        window.addSubview(container)
        _ = window.hitTest(Point(x: 5, y: 5), with: nil)
        return (window, views)
    }

    @Test(
        "Moving every one of 10,000 siblings costs at most ~5 times moving every one of 2,000: O(1) each (issue 34 row 5)"
    )
    func movingSiblingsCostsEachMove() {
        // One frame of a row of animating views: each moves, then a touch lands.
        func work(siblings count: Int) -> UInt64 {
            let (window, views) = row(of: count)
            let before = window.viewTable.patchWork
            for view in views { view.center.y += 1 }
            #expect(window.hitTest(Point(x: 15, y: 50), with: nil) === views[1])
            return window.viewTable.patchWork &- before
        }
        let few = work(siblings: 2_000)
        let many = work(siblings: 10_000)
        #expect(many <= 6 * few, "2,000 siblings: \(few), 10,000: \(many)")
    }

    @Test("Moving one of 10,000 siblings, then hit-testing, still finds every sibling where it is")
    func movedSiblingIsFound() {
        let (window, views) = row(of: 10_000)
        views[3].center.y += 200 // out of the row, out of order
        #expect(window.hitTest(Point(x: 35, y: 50), with: nil) === views[3].superview)
        views[3].center.y -= 200
        #expect(window.hitTest(Point(x: 35, y: 50), with: nil) === views[3])
        views[7].frame = Rect(x: 30, y: 0, width: 10, height: 100) // over views[3], in front of it
        #expect(window.hitTest(Point(x: 35, y: 50), with: nil) === views[7])
        #expect(window.hitTest(Point(x: 75, y: 50), with: nil) === views[3].superview)
    }

    @Test("Hiding one item of a 4,000-item stack view costs at most ~5 times hiding one of 800 (issue 34 row 5)")
    func hidingStackItemIsLinear() {
        // The items after the hidden one move up: each move is O(1), so the
        // whole change is linear in the items, not quadratic.
        func work(items count: Int) -> UInt64 {
            let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 400))
            let stack = StackView(frame: Rect(x: 0, y: 0, width: 100, height: Double(count) * 10))
            stack.axis = .vertical
            var items: [View] = []
            for _ in 0..<count {
                let item = FixedHeightView()
                stack.addArrangedSubview(item)
                items.append(item)
            }
            window.addSubview(stack)
            window.layoutIfNeeded()
            _ = window.hitTest(Point(x: 5, y: 5), with: nil)
            let before = window.viewTable.patchWork
            items[0].isHidden = true
            window.layoutIfNeeded()
            #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === items[1])
            return window.viewTable.patchWork &- before
        }
        let few = work(items: 800)
        let many = work(items: 4_000)
        #expect(many <= 6 * few, "800 items: \(few), 4,000: \(many)")
    }

    @Test("`view.frame.origin.x = …` allocates nothing, as `view.frame = Rect(…)` does not (issue 34 row 20)")
    func frameComponentWriteAllocatesNothing() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        let detached = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var x = 0.0
        let whole = AllocationCounter.count(warmUpRuns: 2) {
            x += 1
            view.frame = Rect(x: x, y: 0, width: 10, height: 10)
        }
        let component = AllocationCounter.count(warmUpRuns: 2) {
            x += 1
            view.frame.origin.x = x
            view.frame.size.width = 10 + x
            detached.frame.origin.y = x
        }
        #expect(whole == 0 && component == 0, "frame = Rect: \(whole), frame.origin.x =: \(component)")
        #expect(view.frame.origin.x == x && view.frame.width == 10 + x && detached.frame.minY == x)
    }
}

/// An item with a height of its own, as a label has, so a stack lays it out 10 points tall.
private final class FixedHeightView: View {
    override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 10) }
}
