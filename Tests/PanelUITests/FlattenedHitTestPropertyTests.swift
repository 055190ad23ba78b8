import PanelTesting
import PanelUI
import Testing

// The flattened hit-test (ViewTable) must give exactly what UIKit's plain
// recursive hit-test gives (R4, R5), on random trees with random hidden,
// alpha, interaction flags, transforms, overrides and points.

/// A view whose hit-testing is overridden in one of R5's ways.
final class ProbeView: View {
    enum Area {
        case bounds, round
        case outset(Double)
        case nowhere
    }
    enum Hit { case standard, transparent, redirect, selfOnly }
    var area = Area.bounds
    var hit = Hit.standard
    /// The probe itself or a descendant, which the tree keeps alive: weak, or a
    /// probe redirecting to itself would keep itself (and its window) alive for ever.
    weak var redirectTarget: View?

    override func point(inside point: Point, with event: Event?) -> Bool {
        switch area {
        case .bounds: return super.point(inside: point, with: event)
        case .round:
            let rx = bounds.width / 2
            let ry = bounds.height / 2
            guard rx > 0, ry > 0 else { return false }
            let dx = (point.x - bounds.midX) / rx
            let dy = (point.y - bounds.midY) / ry
            return dx * dx + dy * dy <= 1
        case .outset(let amount): return bounds.insetBy(dx: -amount, dy: -amount).contains(point)
        case .nowhere: return false
        }
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        switch hit {
        case .standard: return super.hitTest(point, with: event)
        case .transparent:
            let result = super.hitTest(point, with: event)
            return result === self ? nil : result
        case .redirect: return isHittable && self.point(inside: point, with: event) ? redirectTarget : nil
        case .selfOnly: return isHittable && self.point(inside: point, with: event) ? self : nil
        }
    }
}

/// An app's subclass that overrides nothing about hit-testing: the table must
/// call into it (it cannot know) and get the default answer back.
final class PlainSubclass: View {}

/// UIKit's hit-test as the plain recursion, written from the rules alone and
/// sharing nothing with ViewTable: the reference.
func referenceHitTest(_ view: View, _ point: Point) -> View? {
    if let probe = view as? ProbeView {
        switch probe.hit {
        case .standard: break
        case .transparent:
            let result = referenceDefaultHitTest(view, point)
            return result === view ? nil : result
        case .redirect:
            return view.isHittable && view.point(inside: point, with: nil) ? probe.redirectTarget : nil
        case .selfOnly:
            return view.isHittable && view.point(inside: point, with: nil) ? view : nil
        }
    }
    return referenceDefaultHitTest(view, point)
}

func referenceDefaultHitTest(_ view: View, _ point: Point) -> View? {
    guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled,
        view.point(inside: point, with: nil)
    else { return nil }
    for subview in view.subviews.reversed() {
        // One level at a time, as UIKit converts: undo center, transform, bounds.
        let t = subview.transform
        let det = t.a * t.d - t.b * t.c
        guard det != 0 else { continue } // a collapsed view takes no points
        let px = point.x - subview.center.x - t.tx
        let py = point.y - subview.center.y - t.ty
        let lx = (t.d * px - t.c * py) / det
        let ly = (-t.b * px + t.a * py) / det
        let local = Point(x: lx + subview.bounds.midX, y: ly + subview.bounds.midY)
        if let hit = referenceHitTest(subview, local) { return hit }
    }
    return view
}

struct RandomTreeBuilder {
    var random: SeededGenerator
    var viewCount = 0

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func value(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }

    mutating func makeWindow() -> Window {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        viewCount = 1
        addChildren(to: window, depth: 0)
        return window
    }

    mutating func addChildren(to parent: View, depth: Int) {
        guard depth < 5 else { return }
        let count = Int.random(in: 0...(depth == 0 ? 5 : 4), using: &random)
        for _ in 0..<count where viewCount < 60 {
            let child = makeView(in: parent.bounds.size)
            viewCount += 1
            parent.addSubview(child)
            if chance(0.7) { addChildren(to: child, depth: depth + 1) }
            if let probe = child as? ProbeView, probe.hit == .redirect {
                // Redirect to a random descendant, or to the view itself when it has none.
                var candidates: [View] = [probe]
                var stack = probe.subviews
                while let v = stack.popLast() {
                    candidates.append(v)
                    stack += v.subviews
                }
                probe.redirectTarget = candidates[Int.random(in: 0..<candidates.count, using: &random)]
            }
        }
    }

    mutating func makeView(in size: Size) -> View {
        let view: View
        let kind = value(0...1)
        if kind < 0.2 {
            let probe = ProbeView()
            switch Int.random(in: 0..<4, using: &random) {
            case 0: probe.area = .round
            case 1: probe.area = .outset(value(1...30))
            case 2: probe.area = .nowhere
            default: probe.area = .bounds
            }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: probe.hit = .transparent
            case 1: probe.hit = .redirect
            case 2: probe.hit = .selfOnly
            default: probe.hit = .standard
            }
            view = probe
        } else if kind < 0.3 {
            view = PlainSubclass()
        } else if kind < 0.35 {
            view = Label() // interaction off by default (R12)
            if chance(0.5) { view.isUserInteractionEnabled = true }
        } else {
            view = View()
        }
        view.name = "v\(viewCount)"
        let w = value(10...max(11, size.width * 1.1))
        let h = value(10...max(11, size.height * 1.1))
        view.frame = Rect(x: value(-20...size.width), y: value(-20...size.height), width: w, height: h)
        if chance(0.3) { view.bounds.origin = Point(x: value(-15...15), y: value(-15...15)) }
        if chance(0.1) { view.isHidden = true }
        if chance(0.1) { view.alpha = [0, 0.005, 0.01, 0.0101, 0.5][Int.random(in: 0..<5, using: &random)] }
        if chance(0.1) { view.isUserInteractionEnabled = false }
        if chance(0.2) { view.clipsToBounds = true }
        if chance(0.25) {
            var t = AffineTransform.identity
            if chance(0.6) { t = t.rotated(by: value(-3.2...3.2)) }
            if chance(0.5) { t = t.scaledBy(x: value(0.3...2), y: value(0.3...2)) }
            if chance(0.4) { t = t.translatedBy(x: value(-30...30), y: value(-30...30)) }
            if chance(0.03) { t = AffineTransform(scaleX: 0, y: 1) } // collapsed
            view.transform = t
        }
        return view
    }
}

@Suite("Flattened hit-test")
struct FlattenedHitTestPropertyTests {
    @Test("R4, R5: the flattened hit-test equals the recursive reference on 10,000 random trees")
    func flattenedEqualsReference() {
        var builder = RandomTreeBuilder(random: SeededGenerator(seed: 0x5EED_2026))
        var compared = 0
        var hitsOnViews = 0
        var overridesSeen = 0
        for tree in 0..<10_000 {
            let window = builder.makeWindow()
            for _ in 0..<24 {
                let point = Point(x: builder.value(-20...420), y: builder.value(-20...320))
                let fast = window.hitTest(point, with: nil)
                let reference = referenceHitTest(window, point)
                if fast !== reference {
                    Issue.record(
                        "tree \(tree) at (\(point.x), \(point.y)): table gave \(fast?.name ?? "nil"), reference \(reference?.name ?? "nil")"
                    )
                    return
                }
                compared += 1
                if let fast, fast !== window { hitsOnViews += 1 }
                if fast is ProbeView { overridesSeen += 1 }
            }
        }
        #expect(compared == 240_000)
        // The trees must exercise the interesting cases, not just miss everything.
        #expect(hitsOnViews > compared / 10) // about 15% land on a view below the window
        #expect(overridesSeen > 1_000)
    }

    @Test("R5: the table calls into an app's subclass that may override hitTest, and into nothing else")
    func callsOnlyPossibleOverrides() {
        final class CountingView: View {
            var calls = 0
            override func point(inside point: Point, with event: Event?) -> Bool {
                calls += 1
                return super.point(inside: point, with: event)
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let plain = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "plain")
        window.addSubview(plain)
        let counting = CountingView(frame: Rect(x: 10, y: 10, width: 50, height: 50), name: "counting")
        plain.addSubview(counting)
        plain.addSubview(Label(frame: Rect(x: 100, y: 100, width: 50, height: 50)))
        _ = window.hitTest(Point(x: 20, y: 20), with: nil)
        #expect(counting.calls == 1)
        #expect(window.viewTable.entry(for: plain)!.flags.contains(.customHitTesting) == false)
        #expect(window.viewTable.entry(for: counting)!.flags.contains(.customHitTesting))
    }
}
