import PanelImage
import PanelTesting
import PanelUI
import Testing

@testable import PanelText

/// The repository's `assets/fonts`.
let fontDirectory = PackagePaths.path("assets/fonts")

func makeRenderer() throws -> FreeTypeTextRenderer {
    try FreeTypeTextRenderer(fontDirectory: fontDirectory)
}

/// A headless display filled with `background`.
func makeDisplay(
    width: Int = 320, height: Int = 120, format: PixelFormat = .xrgb8888,
    background: Color = .black
) -> HeadlessDisplay {
    let display = HeadlessDisplay(width: width, height: height, format: format)
    Renderer().fill(display.framebuffer.bounds, with: background, in: display.framebuffer)
    return display
}

/// Where pixels differ from `background`: the inked box, inclusive.
struct InkBounds: Equatable {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var width: Int { maxX - minX + 1 }
}

func inkBounds(_ framebuffer: Framebuffer, background: Color, in area: Rect? = nil) -> InkBounds? {
    var bounds: InkBounds? = nil
    let area = area ?? framebuffer.bounds
    let background = opaque(background, in: framebuffer)
    for y in Int(area.minY)..<Int(area.maxY) {
        for x in Int(area.minX)..<Int(area.maxX) where framebuffer.color(atX: x, y: y) != background {
            if var b = bounds {
                b.minX = min(b.minX, x)
                b.maxX = max(b.maxX, x)
                b.minY = min(b.minY, y)
                b.maxY = max(b.maxY, y)
                bounds = b
            } else {
                bounds = InkBounds(minX: x, minY: y, maxX: x, maxY: y)
            }
        }
    }
    return bounds
}

func inkPixelCount(_ framebuffer: Framebuffer, background: Color) -> Int {
    let background = opaque(background, in: framebuffer)
    var count = 0
    for y in 0..<framebuffer.height {
        for x in 0..<framebuffer.width where framebuffer.color(atX: x, y: y) != background { count += 1 }
    }
    return count
}

/// Rows that hold ink, grouped into runs separated by blank rows: one per line of text.
func inkRowBands(_ framebuffer: Framebuffer, background: Color) -> Int {
    let background = opaque(background, in: framebuffer)
    var bands = 0
    var previousHadInk = false
    for y in 0..<framebuffer.height {
        var hasInk = false
        for x in 0..<framebuffer.width where framebuffer.color(atX: x, y: y) != background {
            hasInk = true
            break
        }
        if hasInk, !previousHadInk { bands += 1 }
        previousHadInk = hasInk
    }
    return bands
}

/// `color` as the framebuffer stores it (RGB565 drops low bits).
func opaque(_ color: Color, in framebuffer: Framebuffer) -> Color {
    switch framebuffer.format {
    case .xrgb8888:
        return Color(red: color.red, green: color.green, blue: color.blue)
    case .rgb565:
        let r = UInt32(color.red) >> 3
        let g = UInt32(color.green) >> 2
        let b = UInt32(color.blue) >> 3
        return Color(
            red: UInt8((r * 255 + 15) / 31), green: UInt8((g * 255 + 31) / 63), blue: UInt8((b * 255 + 15) / 31))
    }
}

/// A field showing `text`, drawn once with FreeType (so that it measures
/// with it), editing, with its driver, renderer and display.
func editingField(_ text: String, width: Double = 300) throws -> (
    TextField, TouchDriver, Renderer, HeadlessDisplay
) {
    let driver = TouchDriver(screen: Size(width: 320, height: 120))
    let field = TextField(frame: Rect(x: 10, y: 10, width: width, height: 44), name: "field", text: text)
    driver.window.addSubview(field)
    let display = HeadlessDisplay(width: 320, height: 120)
    let renderer = Renderer(textRenderer: try makeRenderer())
    renderer.draw(driver.window, into: display.framebuffer)
    #expect(field.becomeFirstResponder())
    return (field, driver, renderer, display)
}

/// The allocations of each of `keys`, sent and drawn, in the last of `rounds`
/// rounds: the rounds before warm the caches (a shaped text's neighbours pick
/// its glyphs, so a text seen once may still be new to the shaper).
func allocationsPerKey(
    _ keys: [Press], app: Application, renderer: Renderer, window: Window, display: HeadlessDisplay, rounds: Int = 4
) -> [UInt64] {
    var perKey: [UInt64] = []
    perKey.reserveCapacity(keys.count * rounds)
    for round in 0..<rounds {
        var k = 0 // indexed: a for-in over `enumerated()` allocates its iterator in a debug build
        while k < keys.count {
            let count = AllocationCounter.count {
                app.sendPress(keys[k])
                renderer.draw(window, into: display.framebuffer)
            }
            if round == rounds - 1 { perKey.append(count) }
            k += 1
        }
    }
    return perKey
}

/// What drawing `labels` again costs once they have been drawn: one under
/// another in rows of `row` pixels, at 18 pixels, broken by `lineBreak`. The
/// allocations of the second drawing, and how many texts were laid out and
/// glyphs rasterized for it (0 and 0 when the caches kept everything).
func redrawCost(_ labels: [String], row: Size, lineBreak: LineBreakMode) throws -> (
    allocations: UInt64, laidOut: Int, rasterized: Int
) {
    let text = try makeRenderer()
    let display = makeDisplay(width: 320, height: 240)
    let fb = display.framebuffer
    func drawAll() {
        var i = 0 // indexed: a for-in over `enumerated()` allocates its iterator in a debug build
        while i < labels.count {
            text.draw(
                labels[i], font: .system(size: 18), color: .white,
                in: Rect(x: 4, y: 4 + Double(i) * (row.height + 2), width: row.width, height: row.height),
                alignment: .natural, lineBreak: lineBreak, clip: fb.bounds, alpha: 1, into: fb)
            i += 1
        }
    }
    drawAll()
    let layouts = text.laidOutTextCount
    let rasterized = text.rasterizedGlyphCount
    let allocations = AllocationCounter.count(warmUpRuns: 1) { drawAll() }
    return (allocations, text.laidOutTextCount - layouts, text.rasterizedGlyphCount - rasterized)
}
