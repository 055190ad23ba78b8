import PanelTesting
import PanelUI
import Testing

@Suite("View table")
struct ViewTableTests {
    @Test("The table lists views in paint order with parent, last child, previous sibling and subtree end")
    func paintOrderLayout() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View(name: "a")
        let a1 = View(name: "a1")
        let a2 = View(name: "a2")
        let b = View(name: "b")
        window.addSubview(a)
        a.addSubview(a1)
        a.addSubview(a2)
        window.addSubview(b)
        let table = window.viewTable
        #expect(table.entries.map { $0.view.name } == ["window", "a", "a1", "a2", "b"])
        #expect(table.entries.map { $0.parent } == [-1, 0, 1, 1, 0])
        #expect(table.entries.map { $0.subtreeEnd } == [5, 4, 3, 4, 5])
        #expect(table.entries.map { $0.lastChild } == [4, 3, -1, -1, -1])
        #expect(table.entries.map { $0.previousSibling } == [-1, -1, -1, 2, 1])
    }

    @Test("Window-space geometry composes each ancestor's center, bounds and transform")
    func windowSpaceGeometry() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let scroll = View(frame: Rect(x: 100, y: 50, width: 300, height: 300), name: "scroll")
        scroll.bounds.origin = Point(x: 0, y: 40) // scrolled down by 40
        let row = View(frame: Rect(x: 10, y: 60, width: 100, height: 20), name: "row")
        window.addSubview(scroll)
        scroll.addSubview(row)
        let entry = window.viewTable.entry(for: row)!
        #expect(entry.frameInWindow == Rect(x: 110, y: 70, width: 100, height: 20))
        #expect(row.convert(Point(x: 0, y: 0), to: nil) == Point(x: 110, y: 70))
        #expect(row.convert(Point(x: 110, y: 70), from: nil) == Point(x: 0, y: 0))
    }

    @Test("Input events never rebuild the table; a hierarchy change does, once")
    func noRebuildPerEvent() {
        let driver = TouchDriver()
        let pad = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "pad")
        driver.window.addSubview(pad)
        let table = driver.window.viewTable
        table.rebuildIfNeeded()
        let rebuilds = table.rebuildCount
        for i in 0..<50 {
            driver.down(1, at: Point(x: 10, y: 10 + Double(i)))
            driver.move(1, to: Point(x: 20, y: 20))
            driver.up(1)
        }
        #expect(table.rebuildCount == rebuilds)
        pad.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        pad.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        driver.tap(at: Point(x: 5, y: 5))
        #expect(table.rebuildCount == rebuilds + 1)
    }

    @Test("Geometry and flag changes patch the table in place, without a rebuild")
    func patchedInPlace() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "parent")
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50), name: "child")
        window.addSubview(parent)
        parent.addSubview(child)
        let table = window.viewTable
        table.rebuildIfNeeded()
        let rebuilds = table.rebuildCount
        parent.center = Point(x: 400, y: 300) // moves the subtree
        #expect(window.hitTest(Point(x: 310, y: 210), with: nil) === child)
        #expect(table.entry(for: child)!.frameInWindow == Rect(x: 300, y: 200, width: 50, height: 50))
        child.isHidden = true
        #expect(window.hitTest(Point(x: 310, y: 210), with: nil) === parent)
        parent.alpha = 0.5
        #expect(table.entry(for: child)!.alphaInWindow == 0.5)
        #expect(table.rebuildCount == rebuilds)
    }

    @Test("A view's change marks only its own area dirty, before and after the change")
    func dirtyAreaIsLocal() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let box = View(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "box")
        window.addSubview(box)
        window.viewTable.rebuildIfNeeded()
        window.clearDirtyRect()
        box.backgroundColor = .white
        #expect(window.dirtyRect == Rect(x: 10, y: 10, width: 20, height: 20))
        window.clearDirtyRect()
        box.center = Point(x: 120, y: 20)
        #expect(window.dirtyRect == Rect(x: 10, y: 10, width: 120, height: 20))
    }
}

@Suite("View hierarchy and geometry")
struct ViewHierarchyTests {
    @Test("Subviews keep order through add, insert, bring-to-front, send-to-back and remove")
    func subviewOrder() {
        let parent = View(name: "p")
        let a = View(name: "a")
        let b = View(name: "b")
        let c = View(name: "c")
        let d = View(name: "d")
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(\.name) == ["c", "a", "b"])
        parent.insertSubview(d, aboveSubview: c)
        #expect(parent.subviews.map(\.name) == ["c", "d", "a", "b"])
        parent.insertSubview(b, belowSubview: d)
        #expect(parent.subviews.map(\.name) == ["c", "b", "d", "a"])
        parent.bringSubviewToFront(c)
        #expect(parent.subviews.map(\.name) == ["b", "d", "a", "c"])
        parent.sendSubviewToBack(a)
        #expect(parent.subviews.map(\.name) == ["a", "b", "d", "c"])
        parent.addSubview(a) // re-adding moves to the front
        #expect(parent.subviews.map(\.name) == ["b", "d", "c", "a"])
        d.removeFromSuperview()
        #expect(parent.subviews.map(\.name) == ["b", "c", "a"])
        #expect(d.superview == nil)
        let other = View(name: "other")
        other.addSubview(b) // moving to another parent removes it from the first
        #expect(parent.subviews.map(\.name) == ["c", "a"])
        #expect(b.superview === other)
    }

    @Test("frame is derived from center, bounds and transform, as in UIKit")
    func frameCenterBounds() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == Rect(x: -40, y: -5, width: 200, height: 100))
        #expect(view.bounds.size == Size(width: 100, height: 50))
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        let f = view.frame
        #expect(abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9 && abs(f.midX - 60) < 1e-9)
    }

    @Test("convert(_:to:) and convert(_:from:) go through transforms and across windows")
    func conversion() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let rotated = View(frame: Rect(x: 100, y: 100, width: 100, height: 100), name: "rotated")
        rotated.transform = AffineTransform(rotationAngle: .pi / 2) // clockwise on screen
        window.addSubview(rotated)
        let p = rotated.convert(Point(x: 100, y: 50), to: nil) // right edge middle → bottom middle
        #expect(abs(p.x - 150) < 1e-9 && abs(p.y - 200) < 1e-9)
        let back = rotated.convert(p, from: nil)
        #expect(abs(back.x - 100) < 1e-9 && abs(back.y - 50) < 1e-9)

        let second = Window(frame: Rect(x: 300, y: 0, width: 200, height: 200))
        let inner = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        second.addSubview(inner)
        let plain = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.addSubview(plain)
        #expect(inner.convert(Point(x: 0, y: 0), to: plain) == Point(x: 310, y: 10))
        #expect(
            inner.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: plain)
                == Rect(x: 310, y: 10, width: 10, height: 10))
    }

    @Test("Trigonometry without libm: sine, cosine and atan2 agree with known values")
    func trigonometry() {
        for (angle, s, c) in [
            (0.0, 0.0, 1.0), (Double.pi / 6, 0.5, 0.8660254037844386), (Double.pi / 2, 1, 0),
            (-Double.pi * 3 / 4, -0.7071067811865476, -0.7071067811865476),
            (10.0, -0.5440211108893698, -0.8390715290764524)
        ] {
            let r = sineCosine(angle)
            #expect(abs(r.sine - s) < 1e-12 && abs(r.cosine - c) < 1e-12)
        }
        for (y, x, expected) in [
            (1.0, 1.0, Double.pi / 4), (1, -1, 3 * Double.pi / 4), (-1, -1, -3 * Double.pi / 4),
            (0.3, 2.0, 0.14888994760949725), (2, 0.01, 1.5657963684609384), (0, -1, Double.pi)
        ] {
            #expect(abs(arcTangent(y, x) - expected) < 1e-12)
        }
    }
}
