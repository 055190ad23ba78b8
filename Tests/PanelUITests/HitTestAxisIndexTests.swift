import PanelTesting
import Testing

@testable import PanelUI

// A superview whose many plain subviews run in order along an axis (a long
// list, a row of keys, a grid filled row by row) is scanned from an index:
// the scan starts at the frontmost subview that may start before the point
// and stops at the first that ends before it. The answers must be exactly
// the full scan's, so these trees are built to sit on the index's edges:
// touching and overlapping neighbours, gaps, hidden and disabled subviews,
// coordinates that are not whole numbers, and points on and a hair beside
// every edge; and geometry patched after the table was built.

/// Random trees whose wide levels are rows, columns or grids in order (and
/// some that are not), against the recursive reference.
struct OrderedLayoutBuilder {
    var random: SeededGenerator
    var names = 0

    mutating func value(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { value(0...1) < p }

    /// A coordinate that is a whole number, a half, or anything.
    mutating func coordinate(_ range: ClosedRange<Double>) -> Double {
        let x = value(range)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return x.rounded()
        case 1: return (x * 2).rounded() / 2
        default: return x
        }
    }

    mutating func view() -> View {
        names += 1
        let view = chance(0.002) ? ProbeView() : View() // one custom view turns a level's index off
        view.name = "v\(names)"
        if chance(0.08) { view.isHidden = true }
        if chance(0.06) { view.isUserInteractionEnabled = false }
        if chance(0.04) { view.alpha = 0 }
        return view
    }

    enum Arrangement: CaseIterable { case rows, columns, grid, shuffled }

    /// 17 to 60 subviews of `parent` (size `size`) arranged as `arrangement`, each
    /// next one starting and ending no earlier than the one before on the axis,
    /// with gaps, touching edges and overlaps.
    mutating func fill(_ parent: View, size: Size, arrangement: Arrangement, depth: Int) {
        let count = Int.random(in: 17...60, using: &random)
        var start = coordinate(-10...5)
        let columns = Int.random(in: 2...8, using: &random)
        var extent = 0.0
        var previousEnd = -Double.infinity
        for i in 0..<count {
            let child = view()
            // A grid's cells share their row's height.
            if arrangement != .grid || i % columns == 0 {
                // No shorter than to reach the end of the one before: ends stay in order too.
                extent = max(coordinate(0...(arrangement == .grid ? 40 : 14)), previousEnd - start)
            }
            previousEnd = start + extent
            switch arrangement {
            case .rows:
                child.frame = Rect(
                    x: coordinate(-5...20), y: start, width: coordinate(1...max(2, size.width)), height: extent)
            case .columns:
                child.frame = Rect(
                    x: start, y: coordinate(-5...20), width: extent, height: coordinate(1...max(2, size.height)))
            case .grid:
                let cell = size.width / Double(columns)
                child.frame = Rect(
                    x: Double(i % columns) * cell, y: start, width: cell - coordinate(0...3), height: extent)
            case .shuffled:
                child.frame = Rect(
                    x: coordinate(-10...max(0, size.width)), y: coordinate(-10...max(0, size.height)),
                    width: coordinate(1...80), height: coordinate(1...40))
            }
            if chance(0.1) { child.bounds.origin = Point(x: coordinate(-8...8), y: coordinate(-8...8)) }
            parent.addSubview(child)
            // The next one: a gap, touching, or overlapping this one.
            if arrangement != .grid || i % columns == columns - 1 {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: start += extent + coordinate(0...6)
                case 1: start += extent
                default: start += extent * value(0...1)
                }
            }
            if depth < 1 && chance(0.08) {
                fill(
                    child, size: child.bounds.size, arrangement: Arrangement.allCases.randomElement(using: &random)!,
                    depth: depth + 1)
            }
        }
    }

    mutating func makeWindow(_ arrangement: Arrangement) -> (Window, View) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let list = View(
            frame: Rect(x: coordinate(0...20), y: coordinate(0...20), width: 360, height: 260), name: "list")
        if chance(0.3) { list.bounds.origin = Point(x: 0, y: coordinate(0...200)) } // scrolled
        window.addSubview(list)
        fill(list, size: list.bounds.size, arrangement: arrangement, depth: 0)
        return (window, list)
    }

    /// Points in `list`'s coordinates on and a hair either side of each
    /// subview's edges, where the index's rounded spans must still be right.
    mutating func points(near list: View) -> [Point] {
        var points: [Point] = []
        for child in list.subviews {
            let frame = child.frame
            for x in [frame.minX, frame.maxX, frame.midX] {
                for y in [frame.minY, frame.maxY, frame.midY] {
                    points.append(Point(x: x, y: y))
                    points.append(Point(x: x.nextDown, y: y.nextDown))
                    points.append(Point(x: x.nextUp, y: y.nextUp))
                }
            }
        }
        return points
    }

    mutating func randomPoints() -> [Point] {
        (0..<60).map { _ in Point(x: value(-20...420), y: value(-20...320)) }
    }
}

extension View {
    /// `rect` of this view's coordinates in `view`'s (the window when `nil`): the test's own conversion.
    fileprivate func convert(_ rect: Rect, to view: View?) -> Rect {
        let origin = convert(rect.origin, to: view)
        return Rect(origin: origin, size: rect.size)
    }
}

@Suite("Hit-test: the axis index of long rows, columns and grids")
struct HitTestAxisIndexTests {
    /// Whether the table scans `view`'s subviews from an axis index.
    static func isIndexed(_ view: View, in window: Window) -> Bool {
        window.viewTable.rebuildIfNeeded()
        let node = Int(window.viewTable.hitNodeIndex[view.tableIndex])
        return window.viewTable.hitNodes[node].hasAxisIndex
    }

    /// The index must give what the full scan of the same table gives, bit
    /// for bit, even a hair from an edge: each point is tested with the
    /// indexes on, then with them switched off for the one call. Points away
    /// from edges (in the window) are also checked against the recursive
    /// reference, whose own arithmetic (through centres and transforms) may
    /// round differently at an edge.
    static func compare(_ window: Window, list: View, at points: [Point], awayFromEdges: [Point] = [], _ label: String)
        -> Bool
    {
        let table = window.viewTable
        func answers(_ point: Point, fromList: Bool) -> (indexed: View?, scanned: View?) {
            let indexed = fromList ? list.hitTest(point, with: nil) : window.hitTest(point, with: nil)
            var switchedOff: [Int] = []
            for node in table.hitNodes.indices where table.hitNodes[node].hasAxisIndex {
                table.hitNodes[node].hasAxisIndex = false
                switchedOff.append(node)
            }
            let scanned = fromList ? list.hitTest(point, with: nil) : window.hitTest(point, with: nil)
            for node in switchedOff { table.hitNodes[node].hasAxisIndex = true }
            return (indexed, scanned)
        }
        for (point, fromList) in points.map({ ($0, true) }) + awayFromEdges.map({ ($0, false) }) {
            let (indexed, scanned) = answers(point, fromList: fromList)
            if indexed !== scanned {
                Issue.record(
                    "\(label) at (\(point.x), \(point.y)) in the \(fromList ? "list" : "window"): indexed \(indexed?.name ?? "nil"), full scan \(scanned?.name ?? "nil")"
                )
                return false
            }
        }
        for point in awayFromEdges {
            let reference = referenceHitTest(window, point)
            if window.hitTest(point, with: nil) !== reference {
                Issue.record(
                    "\(label) at (\(point.x), \(point.y)): table \(window.hitTest(point, with: nil)?.name ?? "nil"), reference \(reference?.name ?? "nil")"
                )
                return false
            }
        }
        return true
    }

    @Test(
        "R4: rows, columns and grids in order are indexed, shuffled ones are not, and every answer equals the reference, on and beside every edge",
        arguments: OrderedLayoutBuilder.Arrangement.allCases)
    func orderedLayoutsEqualReference(_ arrangement: OrderedLayoutBuilder.Arrangement) {
        var builder = OrderedLayoutBuilder(random: SeededGenerator(seed: 0xA815_2026))
        var indexed = 0
        for tree in 0..<150 {
            let (window, list) = builder.makeWindow(arrangement)
            if Self.isIndexed(list, in: window) { indexed += 1 }
            guard
                Self.compare(
                    window, list: list, at: builder.points(near: list), awayFromEdges: builder.randomPoints(),
                    "\(arrangement) tree \(tree)")
            else { return }
        }
        if arrangement == .shuffled {
            #expect(indexed < 5, "random frames are rarely in order: \(indexed) of 150 indexed")
        } else {
            // A tree is not indexed only when its hidden, round or custom subviews leave no plain run.
            #expect(indexed > 100, "\(indexed) of 150 \(arrangement) trees indexed")
        }
    }

    @Test(
        "R4: moving, hiding and resizing subviews patches the index in place, without a rebuild, and answers stay the reference's"
    )
    func patchesKeepTheAnswers() {
        var builder = OrderedLayoutBuilder(random: SeededGenerator(seed: 0x9A7C_4E5D))
        for tree in 0..<60 {
            let (window, list) = builder.makeWindow(tree % 2 == 0 ? .rows : .grid)
            window.viewTable.rebuildIfNeeded()
            let rebuilds = window.viewTable.rebuildCount
            for step in 0..<6 {
                let child = list.subviews[Int.random(in: 0..<list.subviews.count, using: &builder.random)]
                switch step % 3 {
                case 0: child.frame.origin.y += builder.coordinate(-30...30) // may break the order, or keep it
                case 1: child.isHidden.toggle()
                default: child.frame.size.height = builder.coordinate(0...50)
                }
                guard
                    Self.compare(
                        window, list: list, at: builder.points(near: list), awayFromEdges: builder.randomPoints(),
                        "tree \(tree) step \(step)")
                else { return }
            }
            list.bounds.origin.y += 17 // scrolling moves the list, not its subviews' order
            guard
                Self.compare(
                    window, list: list, at: builder.points(near: list), awayFromEdges: builder.randomPoints(),
                    "tree \(tree) scrolled")
            else { return }
            #expect(window.viewTable.rebuildCount == rebuilds, "geometry changes patch the table")
        }
    }

    @Test(
        "Far from the origin, where adding a translation rounds, the index still answers as the full scan does a hair from every edge"
    )
    func farCoordinates() {
        var builder = OrderedLayoutBuilder(random: SeededGenerator(seed: 0xFA12_0FF5))
        for tree in 0..<40 {
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            let far = builder.value(1e6...1e8)
            let list = View(frame: window.bounds, name: "list")
            list.bounds.origin = Point(x: 0, y: far) // scrolled a long way down
            window.addSubview(list)
            var y = far + builder.value(0...1)
            for i in 0..<30 {
                let row = View(frame: Rect(x: 0, y: y, width: 400, height: builder.value(0.1...9)), name: "row\(i)")
                row.bounds.origin = Point(x: 0, y: builder.value(-0.7...0.7)) // a translation that rounds at this size
                list.addSubview(row)
                y = row.frame.maxY + [0, 0, builder.value(0...2)][i % 3]
            }
            #expect(Self.isIndexed(list, in: window), "tree \(tree)")
            guard Self.compare(window, list: list, at: builder.points(near: list), "far tree \(tree)") else { return }
        }
    }

    @Test("A list whose rows are put back in order is indexed again, and one put out of order is not")
    func orderComesAndGoes() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let list = View(frame: window.bounds, name: "list")
        window.addSubview(list)
        for i in 0..<20 {
            list.addSubview(View(frame: Rect(x: 0, y: Double(i) * 24, width: 320, height: 24), name: "row\(i)"))
        }
        #expect(Self.isIndexed(list, in: window))
        list.subviews[3].frame.origin.y = 400 // row 3 now below row 4
        #expect(!Self.isIndexed(list, in: window))
        #expect(window.hitTest(Point(x: 10, y: 410), with: nil) === list.subviews[17]) // the frontmost of rows 3 and 17
        list.subviews[3].frame.origin.y = 72
        #expect(Self.isIndexed(list, in: window))
        #expect(window.hitTest(Point(x: 10, y: 80), with: nil) === list.subviews[3])
    }

    @Test("Rule 3: hit-testing an indexed list allocates nothing")
    func indexedHitTestAllocatesNothing() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        for i in 0..<40 {
            window.addSubview(View(frame: Rect(x: 0, y: Double(i) * 12, width: 320, height: 12), name: "row\(i)"))
        }
        #expect(Self.isIndexed(window, in: window))
        var hits = 0
        let allocations = AllocationCounter.count(warmUpRuns: 1) {
            var y = 0.0
            while y < 480 {
                if window.hitTest(Point(x: 5, y: y), with: nil) != nil { hits += 1 }
                y += 7
            }
        }
        #expect(allocations == 0)
        #expect(hits > 120)
    }

    @Test(
        "Rule 3: moving a subview of an indexed list (an animation frame, a drag) patches the index without allocating")
    func patchingAllocatesNothing() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        for i in 0..<40 {
            window.addSubview(View(frame: Rect(x: 0, y: Double(i) * 12, width: 320, height: 12), name: "row\(i)"))
        }
        #expect(Self.isIndexed(window, in: window))
        let row = window.subviews[7]
        var x = 0.0
        _ = window.hitTest(Point(x: 1, y: 1), with: nil)
        let allocations = AllocationCounter.count(warmUpRuns: 1) {
            x += 0.5
            row.center = Point(x: 160 + x, y: row.center.y)
        }
        #expect(allocations == 0)
        #expect(Self.isIndexed(window, in: window))
    }
}
