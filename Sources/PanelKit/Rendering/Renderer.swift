/// Draws a window into a framebuffer from its ``ViewTable``, in paint order:
/// each visible view's background, then its ``View/draw(_:in:)``, with the
/// view's accumulated alpha and its clipping ancestors' bounds.
public struct Renderer {
    /// Draws text for the views; `nil` skips text.
    public unowned(unsafe) var textRenderer: (any TextRendering)?

    public init(textRenderer: (any TextRendering)? = nil) {
        self.textRenderer = textRenderer
    }

    /// Draws the whole window and clears its dirty area.
    public func draw(_ window: Window, into framebuffer: Framebuffer) {
        draw(window, in: window.bounds, into: framebuffer)
    }

    /// Redraws the views that intersect `area` (window coordinates), clipped to it.
    public func draw(_ window: Window, in area: Rect, into framebuffer: Framebuffer) {
        let table = window.viewTable
        table.rebuildIfNeeded()
        let entries = table.entries
        var index = 0
        while index < entries.count {
            let entry = entries[index]
            if entry.flags.contains(.hidden) || !(entry.alphaInWindow > 0) {
                index = Int(entry.subtreeEnd)   // a hidden or transparent view hides its subtree
                continue
            }
            index += 1
            guard let visible = entry.frameInWindow.intersection(entry.clipInWindow)?.intersection(area) else { continue }
            let origin = entry.localToWindow.apply(to: Point(x: entry.bounds.minX, y: entry.bounds.minY))
            let context = GraphicsContext(framebuffer: framebuffer, origin: origin, clip: visible,
                                          alpha: entry.alphaInWindow, textRenderer: textRenderer)
            let view = entry.view
            if let color = view.backgroundColor, color.alpha > 0 {
                context.fill(view.bounds, color: color)
            }
            view.draw(visible.offsetBy(dx: -origin.x, dy: -origin.y), in: context)
        }
        window.clearDirtyRect()
    }

    /// Fills the pixels whose centres lie in `rect`, blending by the colour's alpha.
    public func fill(_ rect: Rect, with color: Color, in framebuffer: Framebuffer) {
        guard let area = rect.intersection(framebuffer.bounds) else { return }
        let x0 = Int((area.minX - 0.5).rounded(.up)), x1 = Int((area.maxX - 0.5).rounded(.up))
        let y0 = Int((area.minY - 0.5).rounded(.up)), y1 = Int((area.maxY - 0.5).rounded(.up))
        guard x0 < x1, y0 < y1 else { return }
        let a = UInt32(color.alpha)
        for y in y0..<y1 {
            let row = framebuffer.baseAddress + y * framebuffer.stride
            switch framebuffer.format {
            case .xrgb8888:
                let pixels = row.assumingMemoryBound(to: UInt32.self)
                if a == 255 {
                    let value = color.xrgb8888
                    for x in x0..<x1 { pixels[x] = value }
                } else {
                    for x in x0..<x1 { pixels[x] = Self.blend(color, alpha: a, over: pixels[x]) }
                }
            case .rgb565:
                let pixels = row.assumingMemoryBound(to: UInt16.self)
                for x in x0..<x1 {
                    let under = Self.xrgb(fromRGB565: pixels[x])
                    pixels[x] = Self.rgb565(fromXRGB: a == 255 ? color.xrgb8888 : Self.blend(color, alpha: a, over: under))
                }
            }
        }
    }

    @inline(__always)
    @usableFromInline static func blend(_ color: Color, alpha a: UInt32, over pixel: UInt32) -> UInt32 {
        let inverse = 255 - a
        let r: UInt32 = (UInt32(color.red) * a + ((pixel >> 16) & 0xFF) * inverse + 127) / 255
        let g: UInt32 = (UInt32(color.green) * a + ((pixel >> 8) & 0xFF) * inverse + 127) / 255
        let b: UInt32 = (UInt32(color.blue) * a + (pixel & 0xFF) * inverse + 127) / 255
        return 0xFF00_0000 | (r << 16) | (g << 8) | b
    }

    @inline(__always)
    @usableFromInline static func rgb565(fromXRGB p: UInt32) -> UInt16 {
        let r: UInt32 = (p >> 8) & 0xF800
        let g: UInt32 = (p >> 5) & 0x07E0
        let b: UInt32 = (p >> 3) & 0x001F
        return UInt16(truncatingIfNeeded: r | g | b)
    }

    @inline(__always)
    @usableFromInline static func xrgb(fromRGB565 p: UInt16) -> UInt32 {
        let v = UInt32(p)
        let r5: UInt32 = (v >> 11) & 0x1F
        let g6: UInt32 = (v >> 5) & 0x3F
        let b5: UInt32 = v & 0x1F
        let r: UInt32 = (r5 << 3) | (r5 >> 2)
        let g: UInt32 = (g6 << 2) | (g6 >> 4)
        let b: UInt32 = (b5 << 3) | (b5 >> 2)
        return 0xFF00_0000 | (r << 16) | (g << 8) | b
    }
}
