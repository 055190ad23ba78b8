// What the controls with a round thumb (Switch, Slider) draw it with.

extension GraphicsContext {
    /// A control's round thumb, with `pressedOverlay` over it while the
    /// control is highlighted. An opaque thumb drawn at full alpha takes the
    /// overlay's colour composited in, one anti-aliased circle instead of two:
    /// the same pixels inside, edges blended once; a drag redraws the thumb
    /// every frame.
    @usableFromInline internal func fillThumb(_ thumb: Rect, color: Color, pressedOverlay: Color?) {
        guard let overlay = pressedOverlay else { return fill(ellipseIn: thumb, color: color) }
        if color.alpha == 255 && alpha == 1 {
            let pressed = PixelMath.blend(overlay, alpha: UInt32(overlay.alpha), over: color.xrgb8888)
            fill(ellipseIn: thumb, color: Color(rgb: pressed & 0x00FF_FFFF))
        } else {
            fill(ellipseIn: thumb, color: color)
            fill(ellipseIn: thumb, color: overlay)
        }
    }
}

extension Color {
    /// A pressed overlay for light shapes: the same alpha, the opposite brightness.
    @usableFromInline internal var inverted: Color {
        Color(red: 255 - red, green: 255 - green, blue: 255 - blue, alpha: alpha)
    }
}
