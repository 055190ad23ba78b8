import PanelTesting
import Testing

@testable import PanelUI

// The hit-test tests a plain subview (placed by a translation) in its
// superview's coordinates, against thresholds worked out when the table is
// built, instead of converting the point and comparing it with the bounds.
// The two must agree on every point, even a hair from an edge, where adding
// the translation rounds: these tests hold the thresholds to that.

@Suite("Hit-test: plain subviews tested against exact thresholds")
struct HitTestThresholdTests {
    /// What the threshold promises: `p + translation >= bound` (as the
    /// conversion rounds it) exactly when `p >= threshold`.
    static func check(_ bound: Double, _ translation: Double) -> Bool {
        guard let t = ViewTable.threshold(bound, translation: translation) else {
            // Only where the answer would not be a finite number.
            let estimate = bound - translation
            #expect(!estimate.isFinite || estimate.magnitude > 1e300, "no threshold for \(bound) - \(translation)")
            return true
        }
        var p = t
        for _ in 0..<4 { p = p.nextDown }
        for _ in 0..<9 {
            if (p + translation >= bound) != (p >= t) {
                Issue.record(
                    "bound \(bound), translation \(translation): threshold \(t), but \(p) gives \(p + translation)")
                return false
            }
            p = p.nextUp
        }
        return true
    }

    @Test("A threshold is exact: a hair below it the sum falls short, at it the sum reaches, whatever the sizes")
    func thresholdIsExact() {
        var random = SeededGenerator(seed: 0x7E5_4011)
        let specials: [Double] = [
            0, -0.0, 1, -1, 0.5, 1.0 / 3, 480.0 / 9, 1e-300, -1e-300, .leastNonzeroMagnitude,
            1e8 + 0.1, -1e8, 1e15 + 0.5, 2e16, 123.456, -7.25
        ]
        for bound in specials {
            for translation in specials {
                guard Self.check(bound, translation), Self.check(bound, -translation) else { return }
            }
        }
        // Bounds and translations from a few ulps to many orders of magnitude apart.
        for _ in 0..<20_000 {
            let scale = [1.0, 1e-3, 1e3, 1e8, 1e-12][Int.random(in: 0..<5, using: &random)]
            let bound = Double.random(in: -1000...1000, using: &random) * scale
            let translation: Double
            switch Int.random(in: 0..<3, using: &random) {
            case 0: translation = -bound + Double.random(in: -1e-9...1e-9, using: &random) // the edge near 0
            case 1: translation = Double.random(in: -1e9...1e9, using: &random)
            default: translation = (Double.random(in: -2000...2000, using: &random) * 4).rounded() / 4
            }
            guard Self.check(bound, translation) else { return }
        }
    }

    /// The table's answer for `point` (in `list`'s coordinates), and the answer
    /// with every subview taken down the slow path: the point converted by the
    /// entry's `superviewToLocal` and compared with its bounds, level by level.
    static func answers(_ list: View, in window: Window, at point: Point) -> (fast: View?, converted: View?) {
        let table = window.viewTable
        let fast = list.hitTest(point, with: nil)
        let saved = table.hitNodes
        for node in table.hitNodes.indices {
            table.hitNodes[node].isPlain = false
            table.hitNodes[node].subviewsArePlain = false
            table.hitNodes[node].hasAxisIndex = false
            table.hitNodes[node].low = SIMD2(repeating: .infinity)
            table.hitNodes[node].high = SIMD2(repeating: -.infinity)
        }
        let converted = list.hitTest(point, with: nil)
        table.hitNodes = saved
        return (fast, converted)
    }

    @Test(
        "R4: a plain subview is hit by exactly the points whose conversion lands in its bounds, a hair either side of every edge",
        arguments: [1.0, 1e4, 1e7])
    func plainEqualsConverted(_ far: Double) {
        var random = SeededGenerator(seed: UInt64(far) &+ 0x51DE)
        func value(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        var compared = 0
        var edgesCrossed = 0
        for tree in 0..<40 {
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            let list = View(frame: window.bounds, name: "list")
            // Scrolled far, so adding the translation rounds at the list's children.
            list.bounds.origin = Point(x: far * value(0...1), y: far * value(0...1))
            window.addSubview(list)
            let rowHeight = 300.0 / Double(Int.random(in: 3...11, using: &random))
            for r in 0..<8 {
                let row = View(
                    frame: Rect(
                        x: list.bounds.minX + value(-3...3), y: list.bounds.minY + Double(r) * rowHeight,
                        width: 400, height: rowHeight), name: "row\(r)")
                if Int.random(in: 0..<3, using: &random) == 0 {
                    row.bounds.origin = Point(x: value(-1...1), y: value(-1...1))
                }
                list.addSubview(row)
                let cellWidth = 400.0 / 7
                for k in 0..<7 {
                    let cell = View(
                        frame: Rect(
                            x: Double(k) * cellWidth + value(0...1), y: value(0...1),
                            width: cellWidth - value(0...2), height: rowHeight - value(0...2)),
                        name: "cell\(tree)-\(r)-\(k)")
                    row.addSubview(cell)
                }
            }
            window.viewTable.rebuildIfNeeded()
            // Around each row's edges in the list's coordinates (where the row
            // converts from), and each cell's as nearly as the list can place them.
            for row in list.subviews {
                var xs = [row.frame.minX, row.frame.maxX]
                var ys = [row.frame.minY, row.frame.maxY]
                for cell in row.subviews {
                    let origin = row.convert(cell.frame.origin, to: list)
                    xs += [origin.x, origin.x + cell.frame.width]
                    ys += [origin.y, origin.y + cell.frame.height]
                }
                let midX = row.frame.midX
                let midY = row.frame.midY
                for edge in xs + ys {
                    var answers: Set<ObjectIdentifier> = []
                    var p = edge
                    for _ in 0..<4 { p = p.nextDown }
                    for _ in 0..<9 {
                        let isX = xs.contains(edge)
                        let point = isX ? Point(x: p, y: midY) : Point(x: midX, y: p)
                        let (fast, converted) = Self.answers(list, in: window, at: point)
                        if fast !== converted {
                            Issue.record(
                                "tree \(tree) at (\(point.x), \(point.y)): thresholds \(fast?.name ?? "nil"), converted \(converted?.name ?? "nil")"
                            )
                            return
                        }
                        compared += 1
                        answers.insert(fast.map { ObjectIdentifier($0) } ?? ObjectIdentifier(window))
                        p = p.nextUp
                    }
                    if answers.count > 1 { edgesCrossed += 1 }
                }
            }
        }
        #expect(compared > 10_000)
        // The sweeps must cross real edges, not only sit beside them.
        #expect(edgesCrossed > 500, "\(edgesCrossed) sweeps crossed an edge")
    }
}
