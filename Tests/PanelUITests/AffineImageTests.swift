import PanelImage
import PanelTesting
import PanelUI
import Testing

// GraphicsContext.draw(_:in:transform:) and draw(_:transform:): the affine
// image draw's geometry, blending, clipping and allocations.

/// A `width`×`height` image whose texel (x, y) has red x·16, green y·16 (modulo 256), opaque.
private func coordinateImage(width: Int, height: Int) -> Image {
    var pixels: [Color] = []
    for y in 0..<height {
        for x in 0..<width {
            pixels.append(
                Color(red: UInt8(truncatingIfNeeded: x * 16), green: UInt8(truncatingIfNeeded: y * 16), blue: 200))
        }
    }
    return Image(width: width, height: height, pixels: pixels)
}

private func filled(_ display: HeadlessDisplay, _ color: Color) {
    let fb = display.framebuffer
    for y in 0..<fb.height {
        for x in 0..<fb.width {
            switch fb.format {
            case .xrgb8888:
                (fb.baseAddress + y * fb.stride).storeBytes(of: color.xrgb8888, toByteOffset: x * 4, as: UInt32.self)
            case .rgb565:
                (fb.baseAddress + y * fb.stride).storeBytes(
                    of: PixelMath.rgb565(fromXRGB: color.xrgb8888),
                    toByteOffset: x * 2, as: UInt16.self)
            }
        }
    }
}

@Suite("Affine image drawing")
struct AffineImageTests {
    let background = Color(rgb: 0x101010)

    @Test("A translation by whole pixels copies the texels exactly, like draw(_:in:) at the image's size")
    func wholePixelTranslationIsExact() {
        let image = coordinateImage(width: 6, height: 4)
        let affine = HeadlessDisplay(width: 12, height: 10)
        let plain = HeadlessDisplay(width: 12, height: 10)
        filled(affine, background)
        filled(plain, background)
        GraphicsContext(framebuffer: affine.framebuffer, origin: Point(x: 1, y: 2))
            .draw(image, transform: AffineTransform(translationX: 2, y: 3))
        GraphicsContext(framebuffer: plain.framebuffer, origin: Point(x: 1, y: 2))
            .draw(image, in: Rect(x: 2, y: 3, width: 6, height: 4))
        for y in 0..<10 {
            for x in 0..<12 {
                #expect(
                    affine.framebuffer.color(atX: x, y: y) == plain.framebuffer.color(atX: x, y: y),
                    "pixel (\(x), \(y))")
            }
        }
        #expect(affine.framebuffer.color(atX: 3, y: 5) == image[0, 0])
        #expect(affine.framebuffer.color(atX: 8, y: 8) == image[5, 3])
    }

    @Test("A quarter turn moves each texel where the transform says: (x, y) → (-y, x)")
    func quarterTurn() {
        let image = coordinateImage(width: 5, height: 3)
        let display = HeadlessDisplay(width: 10, height: 10)
        filled(display, background)
        // Turn 90° clockwise on screen about the origin, then move right by 4 so it lands inside.
        let transform = AffineTransform(rotationAngle: Double.pi / 2).concatenating(
            AffineTransform(translationX: 4, y: 1))
        GraphicsContext(framebuffer: display.framebuffer).draw(image, transform: transform)
        for ty in 0..<3 {
            for tx in 0..<5 {
                // Texel (tx, ty)'s centre (tx + 0.5, ty + 0.5) lands at (4 - ty - 0.5, 1 + tx + 0.5).
                let pixel = display.framebuffer.color(atX: 3 - ty, y: 1 + tx)
                let texel = image[tx, ty]
                #expect(
                    GoldenImage.channelDifference(pixel, texel) <= 1,
                    "texel (\(tx), \(ty)) at (\(3 - ty), \(1 + tx)): \(pixel) vs \(texel)")
            }
        }
        #expect(display.framebuffer.color(atX: 5, y: 2) == background) // right of the turned image
    }

    @Test("Scaled by 2, the image is sampled bilinearly: between two texel centres the colour is their average")
    func bilinearBetweenTexels() {
        let image = Image(width: 2, height: 1, pixels: [Color(rgb: 0x000000), Color(rgb: 0xC8C8C8)])
        let display = HeadlessDisplay(width: 4, height: 1)
        filled(display, background)
        GraphicsContext(framebuffer: display.framebuffer).draw(
            image, in: Rect(x: 0, y: 0, width: 4, height: 1),
            transform: .identity)
        // Pixel centres 1.5 and 2.5 map to texel coordinates 0.75 and 1.25: a quarter and three quarters across.
        #expect(display.framebuffer.color(atX: 1, y: 0) == Color(rgb: 0x323232))
        #expect(display.framebuffer.color(atX: 2, y: 0) == Color(rgb: 0x969696))
    }

    @Test("The context's alpha and the image's alpha blend; clear texels leave no dark fringe")
    func alphaBlends() {
        let red = Color(red: 255, green: 0, blue: 0)
        let image = Image(width: 2, height: 1, pixels: [red, .clear])
        let display = HeadlessDisplay(width: 4, height: 1)
        filled(display, .white)
        GraphicsContext(framebuffer: display.framebuffer, alpha: 0.5)
            .draw(image, in: Rect(x: 0, y: 0, width: 4, height: 1), transform: .identity)
        // Pixel 0: texel coordinate 0.25, on the ramp to the clear border on the left: 75 % of red, halved.
        // Pixel 1: 0.75, between red and clear: alpha 75 %, colour still pure red (weighted by alpha), halved.
        let p1 = display.framebuffer.color(atX: 1, y: 0)
        #expect(p1.red == 255 && p1.green == p1.blue)
        #expect(abs(Int(p1.green) - Int(255 - 0.375 * 255)) <= 2, "\(p1)")
        #expect(display.framebuffer.color(atX: 3, y: 0) == .white) // clear texel: nothing drawn
    }

    @Test("Drawing stays inside the clip, and RGB565 gets the same picture within its precision")
    func clipAndRGB565() {
        let image = coordinateImage(width: 8, height: 8)
        let transform = AffineTransform(translationX: -4, y: -4)
            .concatenating(AffineTransform(rotationAngle: 0.4))
            .concatenating(AffineTransform(scaleX: 1.7, y: 1.7))
            .concatenating(AffineTransform(translationX: 10, y: 10))
        let xrgb = HeadlessDisplay(width: 20, height: 20)
        let rgb = HeadlessDisplay(width: 20, height: 20, format: .rgb565)
        filled(xrgb, background)
        filled(rgb, background)
        let clip = Rect(x: 5, y: 3, width: 9, height: 12)
        GraphicsContext(framebuffer: xrgb.framebuffer, clip: clip).draw(image, transform: transform)
        GraphicsContext(framebuffer: rgb.framebuffer, clip: clip).draw(image, transform: transform)
        var drawnInside = 0
        for y in 0..<20 {
            for x in 0..<20 {
                let pixel = xrgb.framebuffer.color(atX: x, y: y)
                if !clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    #expect(pixel == background, "(\(x), \(y)) outside the clip was drawn")
                } else if pixel != background {
                    drawnInside += 1
                }
                #expect(GoldenImage.channelDifference(pixel, rgb.framebuffer.color(atX: x, y: y)) <= 10)
            }
        }
        #expect(drawnInside > 80)
    }

    @Test("A transform that collapses the image, or is not finite, draws nothing and does not trap")
    func degenerateTransforms() {
        let image = coordinateImage(width: 4, height: 4)
        let display = HeadlessDisplay(width: 8, height: 8)
        filled(display, background)
        let context = GraphicsContext(framebuffer: display.framebuffer)
        context.draw(image, transform: AffineTransform(scaleX: 0, y: 3))
        context.draw(image, transform: AffineTransform(translationX: .nan, y: 0))
        context.draw(image, transform: AffineTransform(scaleX: .infinity, y: 1))
        context.draw(image, transform: AffineTransform(translationX: 1e300, y: -1e300))
        context.draw(image, transform: AffineTransform(scaleX: 1e-12, y: 1e-12))
        for y in 0..<8 { for x in 0..<8 { #expect(display.framebuffer.color(atX: x, y: y) == background) } }
        // Huge magnification: every pixel of the framebuffer samples the one texel under it.
        context.draw(
            image,
            transform: AffineTransform(translationX: -2.5, y: -2.5)
                .concatenating(AffineTransform(scaleX: 1e6, y: 1e6)))
        #expect(display.framebuffer.color(atX: 0, y: 0) == image[2, 2])
    }

    @Test("Rule 3: drawing a rotated, scaled image allocates nothing")
    func allocatesNothing() {
        let image = coordinateImage(width: 64, height: 40)
        let display = HeadlessDisplay(width: 160, height: 120)
        let context = GraphicsContext(
            framebuffer: display.framebuffer, origin: Point(x: 3, y: 2),
            clip: Rect(x: 0, y: 0, width: 150, height: 110), alpha: 0.8)
        let transform = AffineTransform(translationX: -32, y: -20)
            .concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
            .concatenating(AffineTransform(rotationAngle: Double.pi / 6))
            .concatenating(AffineTransform(translationX: 80, y: 60))
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            context.draw(image, transform: transform)
            context.draw(image, in: Rect(x: 10, y: 10, width: 32, height: 20), transform: transform)
        }
        #expect(allocations == 0)
        #expect(display.framebuffer.color(atX: 80, y: 60) != Color(rgb: 0))
    }
}
