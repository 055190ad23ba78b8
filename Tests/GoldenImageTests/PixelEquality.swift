import PanelTesting
import PanelUI

// What the pixel-equality tests share (ScrollByCopyTests, CachedLayerTests):
// frames drawn as the frame driver draws them, a byte-for-byte comparison,
// and a seeded generator for the random moves.

/// A small deterministic generator (xorshift), so a failure can be replayed
/// from its seed: the random offsets and places of the pixel-equality tests.
struct Shuffle {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// An application on a manual clock whose screen is `size` points at
/// `scale`, with a window filling it in the theme's background.
func screenWindow(size: Size, scale: Double) -> (Application, Window) {
    let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
    application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: scale)
    let window = Window(frame: Rect(origin: .zero, size: size))
    window.backgroundColor = Theme.standard.background
    application.addWindow(window)
    return (application, window)
}

/// A window drawn as the frame driver draws it: into a logical frame from its
/// dirty areas, each presented turned into the panel's frame.
struct PresentedFrames {
    let logical: HeadlessDisplay
    let panel: HeadlessDisplay
    let rotation: DisplayRotation

    /// `window` drawn whole and presented: the first frame.
    init(
        _ window: Window, width: Int, height: Int, format: PixelFormat, rotation: DisplayRotation, renderer: Renderer
    ) {
        logical = HeadlessDisplay(width: width, height: height, format: format)
        panel =
            rotation.swapsAxes
            ? HeadlessDisplay(width: height, height: width, format: format)
            : HeadlessDisplay(width: width, height: height, format: format)
        self.rotation = rotation
        renderer.draw(window, into: logical.framebuffer)
        logical.framebuffer.copy(logical.framebuffer.bounds, turnedBy: rotation, into: panel.framebuffer)
    }

    /// The next frame: what changed, drawn and presented.
    func render(_ window: Window, with renderer: Renderer) {
        let dirty = renderer.render(window, into: logical.framebuffer)
        logical.framebuffer.copy(dirty, turnedBy: rotation, into: panel.framebuffer)
    }

    /// The panel's pixels against the whole logical frame turned: "" when every byte matches.
    func presentedDifferences() -> String {
        let turned = HeadlessDisplay(
            width: panel.framebuffer.width, height: panel.framebuffer.height, format: panel.framebuffer.format)
        logical.framebuffer.copy(logical.framebuffer.bounds, turnedBy: rotation, into: turned.framebuffer)
        return pixelDifferences(panel, turned)
    }
}

/// How many pixels of two displays of the same size and format differ, as a short message ("" when none).
func pixelDifferences(_ a: HeadlessDisplay, _ b: HeadlessDisplay) -> String {
    withExtendedLifetime((a, b)) {
        let fa = a.framebuffer
        let fb = b.framebuffer
        guard fa.width == fb.width, fa.height == fb.height, fa.format == fb.format else { return "sizes differ" }
        let rowBytes = fa.width * fa.format.bytesPerPixel
        var count = 0
        var first: (Int, Int)?
        for y in 0..<fa.height {
            let ra = fa.baseAddress + y * fa.stride
            let rb = fb.baseAddress + y * fb.stride
            for byte in 0..<rowBytes
            where ra.load(fromByteOffset: byte, as: UInt8.self) != rb.load(fromByteOffset: byte, as: UInt8.self) {
                count += 1
                if first == nil { first = (byte / fa.format.bytesPerPixel, y) }
            }
        }
        guard let first else { return "" }
        return "\(count) bytes differ, the first in pixel (\(first.0), \(first.1))"
    }
}
