import PanelTesting
import Testing

@testable import PanelUI

// `convert(_:from:)` and `convert(_:to:)` (and so a touch's location in a view)
// read the window's view table when it is current, instead of walking the
// superviews. The answer must be the walk's, whatever the tree, and the walk
// must still answer whenever the table cannot: a hierarchy change pending, a
// view outside any window, or views in different windows.

@Suite("Converting points through the view table")
struct ConvertThroughTableTests {
    /// The walk, as `convert` did it before the table: up to the root and back down.
    static func walked(_ point: Point, from source: View, to destination: View) -> Point {
        let inRoot = source.transformToWindow.apply(to: point)
        guard let back = destination.transformToWindow.inverted else { return Point(x: .nan, y: .nan) }
        return back.apply(to: inRoot)
    }

    static func wellConditioned(_ view: View) -> Bool {
        let t = view.transformToWindow
        return abs(t.a * t.d - t.b * t.c) > 1e-3
    }

    static func close(_ a: Point, _ b: Point) -> Bool {
        if a.x.isNaN || a.y.isNaN { return b.x.isNaN || b.y.isNaN }
        let scale = max(1, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
        return abs(a.x - b.x) <= scale * 1e-9 && abs(a.y - b.y) <= scale * 1e-9
    }

    @Test(
        "Between any two views of a window, the table's answer is the walk's: translations, scrolled bounds, rotations and scales"
    )
    func tableEqualsWalk() {
        var builder = RandomTreeBuilder(random: SeededGenerator(seed: 0xC0_4E27))
        var throughTable = 0
        for tree in 0..<400 {
            let window = builder.makeWindow()
            var views: [View] = [window]
            var stack = window.subviews
            while let view = stack.popLast() {
                views.append(view)
                stack += view.subviews
            }
            window.viewTable.rebuildIfNeeded()
            for _ in 0..<20 {
                let a = views[Int.random(in: 0..<views.count, using: &builder.random)]
                let b = views[Int.random(in: 0..<views.count, using: &builder.random)]
                let point = Point(x: builder.value(-50...450), y: builder.value(-50...350))
                if window.viewTable.convert(point, from: a, to: b) != nil { throughTable += 1 }
                // A nearly collapsed transform (a random scale near 0) makes any two
                // orders of the same arithmetic disagree: compare where the answer means something.
                guard Self.wellConditioned(a), Self.wellConditioned(b) else { continue }
                let expected = Self.walked(point, from: a, to: b)
                let to = a.convert(point, to: b)
                let from = b.convert(point, from: a)
                guard Self.close(to, expected), Self.close(from, expected) else {
                    Issue.record(
                        "tree \(tree): \(a.name) → \(b.name) at (\(point.x), \(point.y)): to \(to), from \(from), walked \(expected)"
                    )
                    return
                }
                let inWindow = a.convert(point, to: nil)
                let back = a.convert(inWindow, from: nil)
                guard Self.close(inWindow, a.transformToWindow.apply(to: point)), Self.close(back, point) else {
                    Issue.record(
                        "tree \(tree): \(a.name) to and from the window at (\(point.x), \(point.y)): \(inWindow), back \(back)"
                    )
                    return
                }
            }
        }
        #expect(throughTable == 8_000, "every conversion in a current table goes through it")
    }

    @Test("With a hierarchy change pending, outside a window, or across windows, the walk answers")
    func walkWhenTheTableCannot() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let card = View(frame: Rect(x: 40, y: 30, width: 200, height: 150), name: "card")
        let button = View(frame: Rect(x: 10, y: 20, width: 80, height: 40), name: "button")
        window.addSubview(card)
        card.addSubview(button)
        window.viewTable.rebuildIfNeeded()
        #expect(button.convert(Point(x: 1, y: 2), to: nil) == Point(x: 51, y: 52))
        #expect(window.viewTable.convert(Point(x: 1, y: 2), from: button, to: window) != nil)

        // Moved, and the table patched at once: still through the table, at the new place.
        card.frame.origin = Point(x: 100, y: 100)
        #expect(window.viewTable.convert(Point(x: 1, y: 2), from: button, to: window) != nil)
        #expect(button.convert(Point(x: 1, y: 2), to: nil) == Point(x: 111, y: 122))

        // A hierarchy change waits for the rebuild: the walk answers meanwhile.
        let badge = View(frame: Rect(x: 5, y: 5, width: 10, height: 10), name: "badge")
        button.addSubview(badge)
        #expect(window.viewTable.needsRebuild)
        #expect(window.viewTable.convert(Point.zero, from: badge, to: window) == nil)
        #expect(badge.convert(Point.zero, to: nil) == Point(x: 115, y: 125))
        #expect(badge.convert(Point(x: 115, y: 125), from: nil) == Point.zero)

        // Outside any window.
        let loose = View(frame: Rect(x: 7, y: 8, width: 10, height: 10), name: "loose")
        let inner = View(frame: Rect(x: 1, y: 1, width: 5, height: 5), name: "inner")
        loose.addSubview(inner)
        // the root's own coordinates: its frame places it nowhere
        #expect(inner.convert(Point.zero, to: nil) == Point(x: 1, y: 1))

        // Another window: through the screen, as before.
        let other = Window(frame: Rect(x: 500, y: 0, width: 100, height: 100))
        let far = View(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "far")
        other.addSubview(far)
        window.viewTable.rebuildIfNeeded()
        other.viewTable.rebuildIfNeeded()
        #expect(window.viewTable.convert(Point.zero, from: button, to: far) == nil)
        #expect(
            Self.close(button.convert(Point.zero, to: far), Self.walkedAcrossScreens(Point.zero, from: button, to: far))
        )
    }

    /// Across windows: each window's frame places it on the screen.
    static func walkedAcrossScreens(_ point: Point, from source: View, to destination: View) -> Point {
        let onScreen = source.rootView.transformToSuperview.apply(to: source.transformToWindow.apply(to: point))
        let inRoot = destination.rootView.transformToSuperview.inverted!.apply(to: onScreen)
        return destination.transformToWindow.inverted!.apply(to: inRoot)
    }
}
