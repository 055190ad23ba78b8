/// Pixel arithmetic shared by every drawing path: the renderer, the
/// rasterizer, the present's format conversion and the text driver's glyph
/// blending (PanelText). Public and inlinable, so the text driver in its own
/// module blends each glyph pixel without a call.
public enum PixelMath {
    /// `color` at `a` (0...255) over `pixel`: each channel is
    /// `(colour·a + under·(255 − a) + 127) / 255`, rounded to nearest.
    ///
    /// Red and blue are worked out together, one 16-bit lane each of a 32-bit
    /// word (every sum is at most 255·255 + 127 = 65 152, so lanes never
    /// carry into each other), and the division by 255 is
    /// `(t + 1 + (t >> 8)) >> 8`, exact for every `t` below 65 535.
    @inline(__always)
    @inlinable public static func blend(_ color: Color, alpha a: UInt32, over pixel: UInt32) -> UInt32 {
        let inverse = 255 &- a
        let colorRB = UInt32(color.red) << 16 | UInt32(color.blue)
        let rb = colorRB &* a &+ (pixel & 0x00FF_00FF) &* inverse &+ 0x007F_007F
        let g = UInt32(color.green) &* a &+ ((pixel >> 8) & 0xFF) &* inverse &+ 0x7F
        let rbDivided = ((rb &+ 0x0001_0001 &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        let gDivided = (g &+ 1 &+ (g >> 8)) >> 8
        return 0xFF00_0000 | rbDivided | gDivided << 8
    }

    /// `blend(_:alpha:over:)` over a pixel in either format, by its size: an
    /// RGB565 one widened to 8 bits a channel, blended and narrowed again.
    @inline(__always)
    @inlinable public static func blend<Pixel: FixedWidthInteger>(_ color: Color, alpha a: UInt32, over pixel: Pixel)
        -> Pixel
    {
        guard MemoryLayout<Pixel>.size == 2 else {
            return Pixel(truncatingIfNeeded: blend(color, alpha: a, over: UInt32(truncatingIfNeeded: pixel)))
        }
        let under = xrgb(fromRGB565: UInt16(truncatingIfNeeded: pixel))
        return Pixel(truncatingIfNeeded: rgb565(fromXRGB: blend(color, alpha: a, over: under)))
    }

    /// `pixel` in each lane of a 64-bit word: two XRGB8888 pixels or four RGB565 ones.
    @inline(__always)
    @inlinable public static func word<Pixel: FixedWidthInteger>(repeating pixel: Pixel) -> UInt64 {
        UInt64(truncatingIfNeeded: pixel) &* (MemoryLayout<Pixel>.size == 4 ? 0x1_0000_0001 : 0x1_0001_0001_0001)
    }

    /// Whether the 16 bytes at `bytes` are `word` twice: 4 XRGB8888 pixels
    /// or 8 RGB565 ones that all repeat one (`word(repeating:)`), tested as
    /// two 64-bit words (measured faster here than one SIMD4 comparison).
    @inline(__always)
    @inlinable public static func repeats(_ word: UInt64, at bytes: UnsafeRawPointer) -> Bool {
        bytes.loadUnaligned(as: UInt64.self) == word && bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == word
    }

    @inline(__always)
    @inlinable public static func rgb565(fromXRGB p: UInt32) -> UInt16 {
        let r: UInt32 = (p >> 8) & 0xF800
        let g: UInt32 = (p >> 5) & 0x07E0
        let b: UInt32 = (p >> 3) & 0x001F
        return UInt16(truncatingIfNeeded: r | g | b)
    }

    @inline(__always)
    @inlinable public static func xrgb(fromRGB565 p: UInt16) -> UInt32 {
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
