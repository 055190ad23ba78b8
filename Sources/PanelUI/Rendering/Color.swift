/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
@frozen
public struct Color: Equatable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From `0xRRGGBB`, opaque.
    @inlinable
    public init(rgb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
            blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// The same colour with `alpha` (0...1) applied on top of its own.
    @inlinable
    public func withAlphaComponent(_ alpha: Double) -> Color {
        let a = Double(self.alpha) * min(max(alpha, 0), 1)
        return Color(red: red, green: green, blue: blue, alpha: UInt8(a.rounded()))
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)

    /// As an `XRGB8888` pixel (the X byte set).
    @inlinable
    public var xrgb8888: UInt32 {
        0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }
}
