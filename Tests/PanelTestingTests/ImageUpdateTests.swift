import PanelKit
import PanelTesting
import PanelUI
import Testing

// Images an app changes in place (a camera frame), and template images drawn
// in the tint colour, through the app's frame loop.

/// A "camera" image view and a row of template icons.
final class CameraAppDelegate: ApplicationDelegate {
    var window: Window?
    let frame = Image(width: 160, height: 120, pixels: Array(repeating: Color(rgb: 0x202020), count: 160 * 120))
    lazy var camera = ImageView(frame: Rect(x: 20, y: 20, width: 160, height: 120), name: "camera", image: frame)
    let icons = View(frame: Rect(x: 220, y: 20, width: 200, height: 60), name: "icons")
    lazy var bell = ImageView(
        frame: Rect(x: 0, y: 0, width: 48, height: 48), name: "bell", image: CameraAppDelegate.glyph())
    lazy var original = ImageView(
        frame: Rect(x: 60, y: 0, width: 48, height: 48), name: "original",
        image: CameraAppDelegate.glyph(template: false))

    init() {}

    /// A 24×24 white disc with a hole: drawn as a shape when a template.
    static func glyph(template: Bool = true) -> Image {
        var pixels: [Color] = []
        for y in 0..<24 {
            for x in 0..<24 {
                let dx = Double(x) - 11.5
                let dy = Double(y) - 11.5
                let r = (dx * dx + dy * dy).squareRoot()
                pixels.append(r < 11 && r > 5 ? Color(rgb: 0xFFFFFF) : Color(red: 0, green: 0, blue: 0, alpha: 0))
            }
        }
        let image = Image(width: 24, height: 24, pixels: pixels)
        return template ? image.withRenderingMode(.alwaysTemplate) : image
    }

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        window.backgroundColor = Theme.standard.background
        window.addSubview(camera)
        icons.addSubview(bell)
        icons.addSubview(original)
        window.addSubview(icons)
        application.addWindow(window)
        self.window = window
        return true
    }

    /// Writes frame number `n` into the camera image in place: a bar that moves.
    func writeFrame(_ n: Int) {
        frame.withUnsafeMutablePixels { pixels in
            var i = 0
            while i < pixels.count {
                let x = i % 160
                pixels[i] = (x / 8) % 20 == n % 20 ? Color(rgb: 0x3DB6C8) : Color(rgb: 0x202020)
                i += 1
            }
        }
        camera.setNeedsDisplay()
    }
}

@Suite("Images changed in place, and template images")
struct ImageUpdateTests {
    @Test("a camera frame written in place is shown, redraws only its view, and allocates nothing per frame")
    func cameraFrames() throws {
        let app = try AppTester(CameraAppDelegate.self)
        let delegate = try #require(app.delegate(as: CameraAppDelegate.self))
        app.advance(by: 0.1)
        delegate.writeFrame(3)
        #expect(app.window.dirtyRegion.bounds == delegate.camera.frame, "only the image view is redrawn")
        let shown = app.snapshot()
        #expect(shown.color(atX: 20 + 3 * 8 + 2, y: 60) == Color(rgb: 0x3DB6C8))
        #expect(shown.color(atX: 20 + 5 * 8, y: 60) == Color(rgb: 0x202020))
        var n = 0
        let frameTime = app.frameInterval
        let allocations = AllocationCounter.count(warmUpRuns: 3) {
            n += 1
            delegate.writeFrame(n)
            app.advance(by: frameTime)
        }
        #expect(allocations == 0)
    }

    @Test("a template image is drawn in the inherited tintColor; a new tint redraws it; an original keeps its colours")
    func templateTint() throws {
        let app = try AppTester(CameraAppDelegate.self)
        let delegate = try #require(app.delegate(as: CameraAppDelegate.self))
        app.advance(by: 0.1)
        #expect(delegate.bell.tintColor == Theme.standard.accent, "the theme's accent at the top")
        var shown = app.snapshot()
        let ring = (x: 220 + 6, y: 20 + 24) // on the ring, scaled 2×
        #expect(shown.color(atX: ring.x, y: ring.y) == Theme.standard.accent)
        #expect(shown.color(atX: 280 + 6, y: 20 + 24) == Color(rgb: 0xFFFFFF), "an original image keeps its white")
        delegate.icons.tintColor = Color(rgb: 0xF5B841)
        let bellInWindow = delegate.bell.frame.offsetBy(dx: 220, dy: 20)
        #expect(app.window.dirtyRegion.bounds.intersection(bellInWindow) == bellInWindow, "the icon is redrawn")
        shown = app.snapshot()
        #expect(shown.color(atX: ring.x, y: ring.y) == Color(rgb: 0xF5B841), "the subtree follows its ancestor's tint")
        app.assertSnapshot(named: "image-template-tint")
    }
}
