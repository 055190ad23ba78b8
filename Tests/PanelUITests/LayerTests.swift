import PanelImage
import PanelTesting
import Testing

@testable import PanelUI

// Layers (issue 36, point 5): rounded corners with masked corners, borders,
// blurred shadows cached per view, masksToBounds; drawn anti-aliased, with
// dirty areas that hold the shadow. docs/layers.md.

enum LayerScenes {
    static let cardColor = Color(rgb: 0xF4F4F4)
    static let accent = Color(rgb: 0x3C8CE6)
    static let backdrop = Color(rgb: 0xC8CED8)

    /// A white card with rounded corners, a soft shadow below it and a border.
    static func card(frame: Rect, name: String = "card") -> View {
        let card = View(frame: frame, name: name)
        card.backgroundColor = cardColor
        card.layer.cornerRadius = 10
        card.layer.borderWidth = 1
        card.layer.borderColor = accent
        card.layer.shadowOpacity = 0.5
        card.layer.shadowRadius = 6
        card.layer.shadowOffset = Size(width: 0, height: 4)
        return card
    }

    /// 160×100: a shadowed rounded card with a border; a rounded view masking
    /// a subview that overflows it (the corners cut, anti-aliased); a view with
    /// only its top corners rounded, its border following them.
    static func layers() -> Window {
        let window = Scenes.window(width: 160, height: 100)
        window.backgroundColor = backdrop // light, so the shadow shows
        let card = card(frame: Rect(x: 12, y: 12, width: 60, height: 40))
        window.addSubview(card)
        let inner = View(frame: Rect(x: 8, y: 8, width: 44, height: 10))
        inner.backgroundColor = accent
        card.addSubview(inner)

        let masked = View(frame: Rect(x: 90.5, y: 12.5, width: 54, height: 40), name: "masked")
        masked.backgroundColor = Color(rgb: 0x3A4050)
        masked.layer.cornerRadius = 14
        masked.layer.masksToBounds = true
        window.addSubview(masked)
        let overflow = View(frame: Rect(x: -10, y: -10, width: 74, height: 34))
        overflow.backgroundColor = Color(rgb: 0xE04040)
        masked.addSubview(overflow)

        let tab = View(frame: Rect(x: 12, y: 66, width: 136, height: 24), name: "tab")
        tab.backgroundColor = Color(rgb: 0x2F6F4F)
        tab.layer.cornerRadius = 8
        tab.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        tab.layer.borderWidth = 2
        tab.layer.borderColor = Color(rgb: 0xF0C020)
        window.addSubview(tab)
        return window
    }
}

@Suite("Layers: corners, borders, shadows, masks")
struct LayerTests {
    @Test("Golden: a shadowed rounded card with a border, masked corners cutting a subview, top corners only")
    func golden() {
        expectGolden(drawn(LayerScenes.layers()), "layers")
    }

    @Test("Golden: the same scene in RGB565 is the XRGB8888 one quantized")
    func goldenRGB565() {
        let xrgb = drawn(LayerScenes.layers())
        let rgb565 = drawn(LayerScenes.layers(), format: .rgb565)
        defer { withExtendedLifetime((xrgb, rgb565)) {} }
        // A pixel under a shadow is stored in 5 bits twice (the backdrop, then the
        // blend over it): up to two steps of 7, where the composite scene allows 12.
        let difference = GoldenImage.compare(rgb565.framebuffer, with: xrgb.framebuffer, tolerance: 14)
        #expect(
            difference.differingPixels == 0,
            "largest difference \(difference.largestDifference) first at \(String(describing: difference.firstDifference))"
        )
    }

    @Test("view.layer keeps UIKit's spelling and defaults; masksToBounds is clipsToBounds")
    func spellingAndDefaults() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.layer.shadowOpacity == 0)
        #expect(view.layer.shadowRadius == 3)
        #expect(view.layer.shadowOffset == Size(width: 0, height: -3))
        #expect(view.layer.shadowColor == .black)
        #expect(view.layer.borderColor == .black)
        #expect(view.layer.maskedCorners == .all)
        view.layer.masksToBounds = true
        #expect(view.clipsToBounds)
        view.clipsToBounds = false
        #expect(!view.layer.masksToBounds)
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        #expect(view.layer.maskedCorners.contains(.layerMaxXMaxYCorner))
    }

    @Test("The shadow lies where shadowOffset puts it and fades with distance; none while masksToBounds")
    func shadowPlacement() {
        let window = Scenes.window(width: 120, height: 100)
        let card = View(frame: Rect(x: 30, y: 20, width: 60, height: 40))
        card.backgroundColor = .white
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 4
        card.layer.shadowOffset = Size(width: 0, height: 10)
        window.addSubview(card)
        let display = drawn(window)
        let fb = display.framebuffer
        let backdrop = Scenes.backdrop
        // Below the card (inside the offset shadow): darker than the backdrop.
        let below = fb.color(atX: 60, y: 64)
        #expect(below.red < backdrop.red && below.blue < backdrop.blue)
        // Darkest near the card, fading further out.
        let further = fb.color(atX: 60, y: 72)
        #expect(Int(further.blue) > Int(below.blue))
        // Above the card the offset leaves nothing (the blur reaches 6 pt: 10 - 6 > 0).
        #expect(fb.color(atX: 60, y: 17) == backdrop)
        // Far away: untouched.
        #expect(fb.color(atX: 5, y: 95) == backdrop)

        card.layer.masksToBounds = true
        let masked = drawn(window)
        #expect(masked.framebuffer.color(atX: 60, y: 64) == backdrop)
        withExtendedLifetime((display, masked)) {}
    }

    @Test("Outside a rounded masking view's corners its subviews do not show; inside they do")
    func maskedCornersCutSubviews() {
        let window = Scenes.window(width: 100, height: 100)
        let masked = View(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        masked.layer.cornerRadius = 20
        masked.clipsToBounds = true
        window.addSubview(masked)
        let fill = View(frame: Rect(x: -20, y: -20, width: 100, height: 100))
        fill.backgroundColor = Color(rgb: 0xE04040)
        masked.addSubview(fill)
        let display = drawn(window)
        let fb = display.framebuffer
        #expect(fb.color(atX: 21, y: 21) == Scenes.backdrop) // the corner, cut
        #expect(fb.color(atX: 78, y: 78) == Scenes.backdrop)
        #expect(fb.color(atX: 50, y: 21) == Color(rgb: 0xE04040)) // the top edge's middle
        #expect(fb.color(atX: 10, y: 50) == Scenes.backdrop) // outside the bounds
        // Only the top-left corner rounded: the others are square.
        masked.layer.maskedCorners = [.layerMinXMinYCorner]
        let again = drawn(window)
        #expect(again.framebuffer.color(atX: 21, y: 21) == Scenes.backdrop)
        #expect(again.framebuffer.color(atX: 78, y: 78) == Color(rgb: 0xE04040))
        withExtendedLifetime((display, again)) {}
    }

    @Test("The border is drawn over the subviews, inside the bounds")
    func borderOverSubviews() {
        let window = Scenes.window(width: 100, height: 100)
        let box = View(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        box.layer.borderWidth = 3
        box.layer.borderColor = Color(rgb: 0xF0C020)
        window.addSubview(box)
        let child = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        child.backgroundColor = Color(rgb: 0x2F6F4F)
        box.addSubview(child)
        let display = drawn(window)
        #expect(display.framebuffer.color(atX: 21, y: 50) == Color(rgb: 0xF0C020))
        #expect(display.framebuffer.color(atX: 25, y: 50) == Color(rgb: 0x2F6F4F))
        #expect(display.framebuffer.color(atX: 18, y: 50) == Scenes.backdrop)
        withExtendedLifetime(display) {}
    }

    @Test("Changing a layer marks its old and new extent, shadow included; moving a shadowed view marks both shadows")
    func dirtyAreasHoldTheShadow() {
        let window = Scenes.window(width: 400, height: 300)
        let card = View(frame: Rect(x: 100, y: 100, width: 80, height: 60))
        window.addSubview(card)
        let display = drawn(window)
        #expect(window.dirtyRegion.isEmpty)

        card.layer.shadowOpacity = 0.4
        card.layer.shadowRadius = 10
        card.layer.shadowOffset = Size(width: 0, height: 8)
        let outsets = card.layer.outsets
        let extent = Rect(x: 100, y: 100, width: 80, height: 60).outset(by: outsets)
        #expect(outsets.bottom >= 10 * 1.5 + 8)
        #expect(window.dirtyRect.union(extent) == window.dirtyRect, "dirty \(window.dirtyRect), shadow \(extent)")
        Renderer().render(window, into: display.framebuffer)

        card.center = Point(x: 250, y: 200)
        let moved = extent.offsetBy(dx: 110, dy: 70)
        let dirty = window.dirtyRect
        #expect(dirty.union(extent) == dirty && dirty.union(moved) == dirty, "dirty \(dirty)")
        Renderer().render(window, into: display.framebuffer)

        card.setNeedsDisplay()
        #expect(window.dirtyRect.union(moved) == window.dirtyRect)
        Renderer().render(window, into: display.framebuffer)
        card.isHidden = true
        #expect(window.dirtyRect.union(moved) == window.dirtyRect)
        withExtendedLifetime(display) {}
    }

    @Test(
        "A shadowed rounded card dragged across the screen leaves no trail: each frame drawn from dirty areas equals a full redraw, pixel for pixel",
        arguments: TestFormat.allCases)
    func dragLeavesNoTrail(format: TestFormat) {
        let window = Scenes.window(width: 240, height: 160)
        let other = View(frame: Rect(x: 150, y: 20, width: 60, height: 100))
        other.backgroundColor = Color(rgb: 0x3A4050)
        window.addSubview(other)
        let card = LayerScenes.card(frame: Rect(x: 20, y: 30, width: 70, height: 50))
        window.addSubview(card)
        let label = View(frame: Rect(x: 6, y: 6, width: 30, height: 8))
        label.backgroundColor = LayerScenes.accent
        card.addSubview(label)
        let incremental = HeadlessDisplay(width: 240, height: 160, format: format.pixelFormat)
        let full = HeadlessDisplay(width: 240, height: 160, format: format.pixelFormat)
        Renderer().render(window, into: incremental.framebuffer)
        for step in 1...40 {
            // Fractional steps, across the other view, and back.
            let t = Double(step) / 40
            card.center = Point(x: 55 + 130 * t + 0.37 * Double(step % 3), y: 55 + 60 * (t * (1 - t)) * 4)
            if step == 20 { card.layer.shadowRadius = 9 } // the mask is made again mid-drag
            Renderer().render(window, into: incremental.framebuffer)
            Renderer().draw(window, into: full.framebuffer)
            let difference = GoldenImage.compare(incremental.framebuffer, with: full.framebuffer, tolerance: 0)
            #expect(
                difference.differingPixels == 0,
                "step \(step): \(difference.differingPixels) pixels differ, first at \(String(describing: difference.firstDifference))"
            )
            if difference.differingPixels > 0 { break }
        }
        withExtendedLifetime((incremental, full)) {}
    }

    @Test("At scale 2 too, a dragged shadowed card's dirty redraw equals a full redraw, pixel for pixel")
    func dragLeavesNoTrailAtScale2() {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.screen.configure(bounds: Rect(x: 0, y: 0, width: 160, height: 100), scale: 2)
        let window = Scenes.window(width: 160, height: 100)
        application.addWindow(window)
        let card = LayerScenes.card(frame: Rect(x: 10, y: 20, width: 50, height: 34))
        card.layer.shadowRadius = 5
        window.addSubview(card)
        let badge = View(frame: Rect(x: 4, y: 4, width: 20, height: 20))
        badge.backgroundColor = LayerScenes.accent
        badge.layer.cornerRadius = 10
        badge.layer.masksToBounds = true
        card.addSubview(badge)
        let incremental = HeadlessDisplay(width: 320, height: 200)
        let full = HeadlessDisplay(width: 320, height: 200)
        Renderer().render(window, into: incremental.framebuffer)
        for step in 1...24 {
            card.center = Point(x: 35 + Double(step) * 3.7, y: 37 + Double(step % 5) * 4.3)
            Renderer().render(window, into: incremental.framebuffer)
            Renderer().draw(window, into: full.framebuffer)
            let difference = GoldenImage.compare(incremental.framebuffer, with: full.framebuffer, tolerance: 0)
            #expect(
                difference.differingPixels == 0,
                "step \(step): first difference at \(String(describing: difference.firstDifference))")
            if difference.differingPixels > 0 { break }
        }
        withExtendedLifetime((incremental, full, application)) {}
    }

    @Test("The blurred shadow is made once: moving the card reuses it; a new size or blur makes it again")
    func shadowIsCached() throws {
        let window = Scenes.window(width: 200, height: 150)
        let card = LayerScenes.card(frame: Rect(x: 20, y: 20, width: 60, height: 40))
        window.addSubview(card)
        let display = HeadlessDisplay(width: 200, height: 150)
        Renderer().render(window, into: display.framebuffer)
        let cache = try #require(card.layerCache)
        #expect(cache.shadowBuilds == 1)
        for step in 1...10 {
            card.center = Point(x: 50 + Double(step) * 7, y: 40 + Double(step) * 3)
            Renderer().render(window, into: display.framebuffer)
        }
        #expect(cache.shadowBuilds == 1)
        card.bounds.size = Size(width: 70, height: 40)
        Renderer().render(window, into: display.framebuffer)
        #expect(cache.shadowBuilds == 2)
        card.layer.shadowRadius = 2
        Renderer().render(window, into: display.framebuffer)
        #expect(cache.shadowBuilds == 3)
        card.layer.shadowOpacity = 0.2 // opacity and colour are applied when blending
        card.layer.shadowColor = Color(rgb: 0x102040)
        Renderer().render(window, into: display.framebuffer)
        #expect(cache.shadowBuilds == 3)
        withExtendedLifetime(display) {}
    }

    @Test("Hit-testing stays on the bounds: the shadow is not hit, a rounded corner inside the bounds is")
    func hitTestingOnBounds() {
        let window = Scenes.window(width: 200, height: 150)
        let card = LayerScenes.card(frame: Rect(x: 20, y: 20, width: 60, height: 40))
        card.layer.shadowOffset = Size(width: 0, height: 10)
        window.addSubview(card)
        #expect(window.hitTest(Point(x: 50, y: 65), with: nil) === window) // in the shadow
        #expect(window.hitTest(Point(x: 20.5, y: 20.5), with: nil) === card) // outside the rounded corner
    }
}
