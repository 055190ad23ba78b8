import Foundation
import PanelImage
import PanelUI
import Testing

/// Writes a `width` × `height` PNG at `path` whose pixel (x, y) is `color(x, y)`.
private func writePNG(_ path: String, width: Int, height: Int, _ color: (Int, Int) -> Color) throws {
    let display = HeadlessDisplay(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width { store(color(x, y), in: display.framebuffer, x: x, y: y) }
    }
    try display.writePNG(to: path)
}

/// `icon.png` (4×4, a reddish pattern) and `icon@2x.png` (8×8, a bluish one) in a new folder.
private func iconFolder(withRetina: Bool = true) throws -> String {
    let folder = try makeTemporaryDirectory()
    try writePNG(folder + "/icon.png", width: 4, height: 4) { x, y in
        Color(red: 200, green: UInt8(40 * x), blue: UInt8(40 * y))
    }
    if withRetina {
        try writePNG(folder + "/icon@2x.png", width: 8, height: 8) { x, y in
            Color(red: UInt8(20 * x), green: UInt8(20 * y), blue: 220)
        }
    }
    return folder
}

/// `image` in an ImageView at its own size, at (2, 2) points, on a screen of `scale`: the framebuffer.
private func drawnInImageView(_ image: Image, scale: Double) -> HeadlessDisplay {
    let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
    application.screen.configure(bounds: Rect(x: 0, y: 0, width: 12, height: 12), scale: scale)
    let window = Window(frame: application.screen.bounds)
    let view = ImageView(name: "icon", image: image)
    view.frame = Rect(origin: Point(x: 2, y: 2), size: view.intrinsicContentSize)
    window.addSubview(view)
    application.addWindow(window)
    let display = HeadlessDisplay(width: Int(12 * scale), height: Int(12 * scale))
    Renderer().draw(window, into: display.framebuffer)
    return display
}

@Suite("Images at a screen's scale (UIImage.scale, name@2x.png)")
struct ScaledImageTests {
    @Test("At scale 2 the @2x image is chosen: icon@2x.png beside icon.png, 8×8 pixels at scale 2, 4×4 points")
    func retinaChosen() throws {
        let folder = try iconFolder()
        #expect(PNG.imagePath(folder + "/icon.png", forScale: 2) == folder + "/icon@2x.png")
        let image = try PNG.readImage(path: folder + "/icon.png", forScale: 2)
        #expect(image.width == 8 && image.height == 8 && image.scale == 2)
        #expect(image.size == Size(width: 4, height: 4))
        #expect(image[0, 0] == Color(red: 0, green: 0, blue: 220))
        // A screen of scale 3 with no @3x falls back to @2x; a file named @2x is scale 2 however it is read.
        #expect(try PNG.readImage(path: folder + "/icon.png", forScale: 3).scale == 2)
        #expect(try PNG.readImage(path: folder + "/icon@2x.png").scale == 2)
    }

    @Test("At scale 1, or with no @2x file, the 1x image is read: scale 1, its pixels its points")
    func oneXOtherwise() throws {
        let both = try iconFolder()
        let atOne = try PNG.readImage(path: both + "/icon.png", forScale: 1)
        #expect(atOne.width == 4 && atOne.scale == 1 && atOne.size == Size(width: 4, height: 4))
        let only1x = try iconFolder(withRetina: false)
        #expect(PNG.imagePath(only1x + "/icon.png", forScale: 2) == only1x + "/icon.png")
        let fallback = try PNG.readImage(path: only1x + "/icon.png", forScale: 2)
        #expect(fallback.width == 4 && fallback.scale == 1)
    }

    @Test(
        "Drawn at scale 2 in an ImageView at its own size: the @2x image lands pixel for pixel, the 1x one is scaled up, each pixel 2×2"
    )
    func drawnAtScale2() throws {
        let folder = try iconFolder()
        let retina = try PNG.readImage(path: folder + "/icon.png", forScale: 2)
        let oneX = try PNG.readImage(path: folder + "/icon.png", forScale: 1)
        #expect(ImageView(image: retina).intrinsicContentSize == ImageView(image: oneX).intrinsicContentSize)

        // The displays own the pixels: keep them while their framebuffers are read.
        let crispDisplay = drawnInImageView(retina, scale: 2)
        let scaledDisplay = drawnInImageView(oneX, scale: 2)
        let crisp = crispDisplay.framebuffer
        let scaled = scaledDisplay.framebuffer
        var crispMismatches = 0
        var scaledMismatches = 0
        for y in 0..<8 {
            for x in 0..<8 {
                // The view is at (2, 2) points: pixel (4, 4) on.
                if crisp.color(atX: 4 + x, y: 4 + y) != retina[x, y] { crispMismatches += 1 }
                if scaled.color(atX: 4 + x, y: 4 + y) != oneX[x / 2, y / 2] { scaledMismatches += 1 }
            }
        }
        #expect(crispMismatches == 0 && scaledMismatches == 0)
        // nothing outside its 4×4 points
        #expect(crisp.color(atX: 3, y: 4) == .black && crisp.color(atX: 12, y: 4) == .black)
        withExtendedLifetime((crispDisplay, scaledDisplay)) {}
    }
}
