import PanelDemo
import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

// Controls and text drawn headless and compared with reference PNGs in
// Tests/Golden (PANELKIT_UPDATE_GOLDEN=1 rewrites them; a mismatch writes the
// actual and a diff image under .build-golden/).

/// The shipped fonts.
func fontDirectory() -> String { PackagePaths.path("assets/fonts") }

/// A text renderer with the shipped fonts. A FreeType renderer (its glyph
/// cache) belongs to one thread, and suites run in parallel, so each suite
/// makes its own (two suites sharing one corrupted the heap now and then).
func makeTextRenderer() -> FreeTypeTextRenderer {
    do { return try FreeTypeTextRenderer(fontDirectory: fontDirectory()) } catch { fatalError("\(error)") }
}

/// The "Golden images" suite's renderer: the suite is serialized, so its glyph cache stays warm.
nonisolated(unsafe) let sharedText = makeTextRenderer()

/// Draws `views` on a window of `size` filled with the theme's background.
/// `text` must belong to the calling suite (see `makeTextRenderer()`).
func drawn(
    _ size: Size, _ views: [View], rotation: DisplayRotation = .none,
    text: FreeTypeTextRenderer? = sharedText
) -> HeadlessDisplay {
    let window = Window(frame: Rect(origin: .zero, size: size))
    window.backgroundColor = Theme.standard.background
    for view in views { window.addSubview(view) }
    let logical = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
    Renderer(textRenderer: text).draw(window, into: logical.framebuffer)
    guard rotation != .none else { return logical }
    let physicalWidth = rotation.swapsAxes ? Int(size.height) : Int(size.width)
    let physicalHeight = rotation.swapsAxes ? Int(size.width) : Int(size.height)
    let physical = HeadlessDisplay(width: physicalWidth, height: physicalHeight)
    _ = logical.framebuffer.copy(logical.framebuffer.bounds, turnedBy: rotation, into: physical.framebuffer)
    return physical
}

@Suite("Golden images", .serialized)
struct ControlGoldenTests {
    @Test("C2, C5: a button in each state: normal, highlighted, selected, disabled")
    func buttonStates() {
        func button(_ y: Double, _ name: String) -> Button {
            let b = Button(frame: Rect(x: 12, y: y, width: 136, height: 44), name: name, title: name.capitalized)
            return b
        }
        let normal = button(12, "normal")
        let highlighted = button(64, "pressed")
        let selected = button(116, "selected")
        let disabled = button(168, "disabled")
        highlighted.isHighlighted = true
        selected.isSelected = true
        disabled.isEnabled = false
        let display = drawn(Size(width: 160, height: 224), [normal, highlighted, selected, disabled])
        let result = GoldenImage.check(display.framebuffer, named: "button-states")
        #expect(result.passed, "\(result)")
    }

    @Test("C5: a button with an image and a title")
    func buttonWithImage() throws {
        let icon = try PNG.readImage(path: PackagePaths.path("assets/images/panelkit-icon.png"))
        let button = Button(frame: Rect(x: 12, y: 12, width: 176, height: 56), name: "withImage", title: "Open")
        button.setImage(icon, for: .normal)
        let display = drawn(Size(width: 200, height: 80), [button])
        let result = GoldenImage.check(display.framebuffer, named: "button-image")
        #expect(result.passed, "\(result)")
    }

    @Test("C2, C5: sliders at several values, and disabled")
    func sliderStates() {
        var sliders: [View] = []
        for (i, value) in [0.0, 0.35, 1.0].enumerated() {
            sliders.append(
                Slider(frame: Rect(x: 12, y: 8 + Double(i) * 40, width: 216, height: 36), name: "s\(i)", value: value))
        }
        let disabled = Slider(frame: Rect(x: 12, y: 128, width: 216, height: 36), name: "disabled", value: 0.6)
        disabled.isEnabled = false
        sliders.append(disabled)
        let display = drawn(Size(width: 240, height: 172), sliders)
        let result = GoldenImage.check(display.framebuffer, named: "slider-states")
        #expect(result.passed, "\(result)")
    }

    @Test("C2, C5: switches off, on, highlighted and disabled")
    func switchStates() {
        let off = Switch(frame: Rect(x: 12, y: 12, width: 56, height: 32), name: "off")
        let on = Switch(frame: Rect(x: 84, y: 12, width: 56, height: 32), name: "on", isOn: true)
        let pressed = Switch(frame: Rect(x: 12, y: 56, width: 56, height: 32), name: "pressed", isOn: true)
        pressed.isHighlighted = true
        let disabled = Switch(frame: Rect(x: 84, y: 56, width: 56, height: 32), name: "disabled", isOn: true)
        disabled.isEnabled = false
        let display = drawn(Size(width: 152, height: 100), [off, on, pressed, disabled])
        let result = GoldenImage.check(display.framebuffer, named: "switch-states")
        #expect(result.passed, "\(result)")
    }

    @Test("Text at 12, 16, 24 and 32 points, aligned, wrapped and truncated")
    func textSizes() {
        var labels: [View] = []
        var y = 6.0
        for size in [12.0, 16, 24, 32] {
            let label = Label(
                frame: Rect(x: 8, y: y, width: 304, height: size * 1.4), name: "size\(Int(size))",
                text: "Grüße, 25 °C — \(Int(size)) pt")
            label.font = .system(size: size)
            labels.append(label)
            y += size * 1.4 + 4
        }
        for (i, alignment) in [TextAlignment.left, .center, .right].enumerated() {
            let label = Label(
                frame: Rect(x: 8, y: y + Double(i) * 22, width: 304, height: 20), name: "a\(i)", text: "Aligned")
            label.textAlignment = alignment
            label.font = .system(size: 14)
            labels.append(label)
        }
        y += 70
        let wrapped = Label(
            frame: Rect(x: 8, y: y, width: 150, height: 64), name: "wrapped",
            text: "Lines break at word boundaries when they are too long.")
        wrapped.numberOfLines = 0
        wrapped.font = .system(size: 13)
        let truncated = Label(
            frame: Rect(x: 166, y: y, width: 146, height: 20), name: "truncated",
            text: "A label far too long for its place")
        truncated.font = .boldSystem(size: 14)
        labels.append(wrapped)
        labels.append(truncated)
        let display = drawn(Size(width: 320, height: y + 72), labels)
        let result = GoldenImage.check(display.framebuffer, named: "text-sizes")
        #expect(result.passed, "\(result)")
    }

    @Test("The demo's first screen, rotated 90 degrees for a panel mounted sideways")
    func rotated90() {
        let screen = ControlsScreen(frame: Rect(x: 0, y: 0, width: 800, height: 480), log: nil)
        let display = drawn(Size(width: 800, height: 480), [screen], rotation: .clockwise90)
        #expect(display.framebuffer.width == 480 && display.framebuffer.height == 800)
        let result = GoldenImage.check(display.framebuffer, named: "controls-rotated-90", tolerance: 3)
        #expect(result.passed, "\(result)")
    }
}
