import PanelTesting
import Testing

@testable import PanelUI

// A hit-test from the window starts where the point's grid cell says: at the
// answer itself when every point of the cell ends on one view, else as deep
// as they all go together. The answers must be exactly the full scan's, so
// the points here sit on and a hair beside every view's edges and every
// cell's, each tested twice (working the cell out, then reading it back),
// in random trees with overrides and transforms, after patches, deep down
// and far from the origin.

@Suite("Hit-test: the grid of remembered starts")
struct HitGridTests {
    /// Each point through the grid, twice, and with the grid switched off for
    /// one call: the three must be the same view, bit for bit at every edge.
    static func compare(_ window: Window, at points: [Point], _ label: String) -> Bool {
        let table = window.viewTable
        for point in points {
            let worked = window.hitTest(point, with: nil)
            let remembered = window.hitTest(point, with: nil)
            table.rebuildIfNeeded()
            let grid = table.hitGrid
            table.hitGrid.columns = 0
            let scanned = window.hitTest(point, with: nil)
            table.hitGrid = grid
            if worked !== scanned || remembered !== scanned {
                Issue.record(
                    "\(label) at (\(point.x), \(point.y)): grid \(worked?.name ?? "nil"), again \(remembered?.name ?? "nil"), full scan \(scanned?.name ?? "nil")"
                )
                return false
            }
        }
        return true
    }

    /// The cells worked out since the last change: how many answer at once,
    /// and how many start the scan below the root, and how deep the deepest start is.
    static func currentCells(of window: Window) -> (answers: Int, startsBelowRoot: Int, deepest: Int) {
        let table = window.viewTable
        var answers = 0
        var below = 0
        var deepest = 0
        for value in table.hitGridCells where value >> HitGrid.generationShift == table.hitGrid.generation {
            let start = Int(value & (1 << HitGrid.generationShift - 1)) >> 1
            if value & 1 != 0 { answers += 1 } else if start > 0 { below += 1 }
            var depth = 0
            var node = start
            while node > 0 {
                node = Int(table.parentNode[node])
                depth += 1
            }
            deepest = max(deepest, depth)
        }
        return (answers, below, deepest)
    }

    /// On and a hair either side of every view's window-space edges and of
    /// the grid lines near them.
    static func points(near window: Window) -> [Point] {
        var xs: [Double] = []
        var ys: [Double] = []
        var stack = window.subviews
        while let view = stack.popLast() {
            stack += view.subviews
            let corner = view.convert(Point(x: view.bounds.minX, y: view.bounds.minY), to: nil)
            let far = view.convert(Point(x: view.bounds.maxX, y: view.bounds.maxY), to: nil)
            xs += [corner.x, far.x]
            ys += [corner.y, far.y]
        }
        window.viewTable.rebuildIfNeeded()
        let grid = window.viewTable.hitGrid
        for x in xs where x.isFinite && grid.columns > 0 {
            xs.append(grid.origin.x + ((x - grid.origin.x) * grid.cellsPerPoint.x).rounded() * grid.cellSize.x)
        }
        for y in ys where y.isFinite && grid.rows > 0 {
            ys.append(grid.origin.y + ((y - grid.origin.y) * grid.cellsPerPoint.y).rounded() * grid.cellSize.y)
        }
        var points: [Point] = []
        for i in 0..<min(xs.count, ys.count) {
            for (x, y) in [(xs[i], ys[i]), (xs[i], ys[ys.count - 1 - i]), (xs[xs.count - 1 - i], ys[i])] {
                points.append(Point(x: x, y: y))
                points.append(Point(x: x.nextDown, y: y.nextDown))
                points.append(Point(x: x.nextUp, y: y.nextUp))
                points.append(Point(x: x.nextDown, y: y.nextUp))
            }
        }
        return points
    }

    @Test(
        "R4, R5: on random trees with overrides and transforms, the grid answers as the full scan does, on and beside every edge"
    )
    func randomTreesEqualTheScan() {
        var builder = RandomTreeBuilder(random: SeededGenerator(seed: 0x6B1D_2026))
        var answeredByCells = 0
        for tree in 0..<400 {
            let window = builder.makeWindow()
            var points = Self.points(near: window)
            for _ in 0..<40 { points.append(Point(x: builder.value(-20...420), y: builder.value(-20...320))) }
            guard Self.compare(window, at: points, "tree \(tree)") else { return }
            answeredByCells += Self.currentCells(of: window).answers
        }
        #expect(answeredByCells > 5_000, "cells that answer at once: \(answeredByCells)")
    }

    @Test(
        "R4: lists, rows and grids of plain views, moved, hidden, resized and scrolled after the cells were worked out, answer as the scan does, without a rebuild"
    )
    func patchesForgetTheCells() {
        var builder = OrderedLayoutBuilder(random: SeededGenerator(seed: 0x6B1D_0A7C))
        for tree in 0..<32 {
            let (window, list) = builder.makeWindow(OrderedLayoutBuilder.Arrangement.allCases[tree % 4])
            guard Self.compare(window, at: Self.points(near: window), "tree \(tree)") else { return }
            let rebuilds = window.viewTable.rebuildCount
            for step in 0..<6 {
                let child = list.subviews[Int.random(in: 0..<list.subviews.count, using: &builder.random)]
                switch step % 3 {
                case 0: child.frame.origin.y += builder.coordinate(-30...30)
                case 1: child.isHidden.toggle()
                default: child.frame.size.height = builder.coordinate(0...50)
                }
                guard Self.compare(window, at: Self.points(near: window), "tree \(tree) step \(step)") else { return }
            }
            list.bounds.origin.y += 17
            guard Self.compare(window, at: Self.points(near: window), "tree \(tree) scrolled") else { return }
            #expect(window.viewTable.rebuildCount == rebuilds, "geometry changes patch the table")
        }
    }

    @Test("A cell remembered from before a view moved is not used after: the tap finds the view where it is now")
    func movedViewIsFoundWhereItIs() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let button = View(frame: Rect(x: 0, y: 0, width: 40, height: 40), name: "button")
        window.addSubview(button)
        #expect(window.hitTest(Point(x: 20, y: 20), with: nil) === button)
        #expect(window.hitTest(Point(x: 220, y: 20), with: nil) === window)
        button.frame.origin.x = 200
        #expect(window.hitTest(Point(x: 20, y: 20), with: nil) === window)
        #expect(window.hitTest(Point(x: 220, y: 20), with: nil) === button)
        button.isHidden = true
        #expect(window.hitTest(Point(x: 220, y: 20), with: nil) === window)
        button.removeFromSuperview()
        let other = View(frame: Rect(x: 200, y: 0, width: 40, height: 40), name: "other")
        window.addSubview(other)
        #expect(window.hitTest(Point(x: 220, y: 20), with: nil) === other)
    }

    @Test(
        "When the generation comes round (every 4,096 changes) the cells are wiped: none remembered from the last round answers"
    )
    func generationComesRound() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let button = View(frame: Rect(x: 0, y: 0, width: 40, height: 40), name: "button")
        window.addSubview(button)
        #expect(window.hitTest(Point(x: 20, y: 20), with: nil) === button) // remembered in this generation
        let generation = window.viewTable.hitGrid.generation
        var changes: UInt32 = 0
        // Come round to the same generation, the button elsewhere.
        repeat {
            button.frame.origin.x = changes % 2 == 0 ? 200 : 100
            changes += 1
        } while window.viewTable.hitGrid.generation != generation
        #expect(changes > 4_000)
        #expect(window.hitTest(Point(x: 20, y: 20), with: nil) === window)
    }

    @Test(
        "R4: below the deepest start the grid keeps (8 levels), and far from the origin where every translation rounds, the answers are the scan's"
    )
    func deepAndFar() {
        var random = SeededGenerator(seed: 0xDEE9_F0F0)
        func value(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        var startsBelowRoot = 0
        var deepest = 0
        for tree in 0..<40 {
            let far = tree % 2 == 0 ? 0 : value(1e6...1e9)
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            window.bounds.origin = Point(x: far, y: -far)
            var parent: View = window
            var origin = Point(x: far + value(0...3), y: -far + value(0...3))
            for depth in 0..<12 {
                let view = View(
                    frame: Rect(
                        x: origin.x, y: origin.y, width: 390 - Double(depth) * 20, height: 290 - Double(depth) * 15),
                    name: "d\(depth)")
                view.bounds.origin = Point(x: value(-0.7...0.7) + (depth % 3 == 0 ? far : 0), y: value(-0.7...0.7))
                parent.addSubview(view)
                // A small sibling in front at each level: cells around it stop at this level.
                parent.addSubview(
                    View(
                        frame: Rect(
                            x: origin.x + value(0...200), y: origin.y + value(0...150),
                            width: value(0.5...30), height: value(0.5...30)), name: "s\(depth)"))
                origin = Point(x: view.bounds.minX + value(0...5), y: view.bounds.minY + value(0...5))
                parent = view
            }
            var points = Self.points(near: window)
            for _ in 0..<200 { points.append(Point(x: far + value(-5...405), y: -far + value(-5...305))) }
            guard Self.compare(window, at: points, "tree \(tree)") else { return }
            let cells = Self.currentCells(of: window)
            startsBelowRoot += cells.startsBelowRoot
            deepest = max(deepest, cells.deepest)
        }
        #expect(startsBelowRoot > 1_000, "cells whose scan starts below the root: \(startsBelowRoot)")
        #expect(deepest == HitGrid.maximumDepth)
    }

    @Test("A window that overrides point(inside:) is asked every time: the grid is off")
    func customWindowIsAsked() {
        final class RoundWindow: Window {
            var asked = 0
            override func point(inside point: Point, with event: Event?) -> Bool {
                asked += 1
                return point.x < 100
            }
        }
        let window = RoundWindow(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let view = View(frame: Rect(x: 0, y: 0, width: 320, height: 240), name: "full")
        window.addSubview(view)
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === view)
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === view)
        #expect(window.hitTest(Point(x: 150, y: 50), with: nil) == nil)
        #expect(window.asked == 3)
        #expect(window.viewTable.hitGrid.columns == 0)
    }

    @Test("Rule 3: hit-testing through the grid, and working out cells after a view moved, allocates nothing")
    func gridAllocatesNothing() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        for i in 0..<40 {
            window.addSubview(View(frame: Rect(x: 4, y: Double(i) * 12, width: 300, height: 10), name: "row\(i)"))
        }
        _ = window.hitTest(Point(x: 1, y: 1), with: nil)
        var hits = 0
        var x = 0.0
        let allocations = AllocationCounter.count(warmUpRuns: 1) {
            x += 0.5
            window.subviews[7].center.x = 160 + x
            var y = 0.0
            while y < 480 {
                if window.hitTest(Point(x: 5 + y / 4, y: y), with: nil) !== window { hits += 1 }
                y += 3
            }
        }
        #expect(allocations == 0)
        #expect(hits > 100)
    }
}
