/// How pixels are laid out in memory. Boards use both.
public enum PixelFormat: Equatable {
    /// 32 bits a pixel, `0xXXRRGGBB` in native (little-endian) order: DRM's `XR24`.
    case xrgb8888
    /// 16 bits a pixel, 5-6-5: DRM's `RG16`.
    case rgb565

    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888: return 4
        case .rgb565: return 2
        }
    }
}

/// A view of pixel memory owned by a display backend: a dumb buffer on DRM,
/// an allocation in the headless backend. It does not own or free the memory.
public struct Framebuffer {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next; at least `width * bytesPerPixel`.
    public let stride: Int
    public let format: PixelFormat
    public let baseAddress: UnsafeMutableRawPointer

    public init(width: Int, height: Int, stride: Int, format: PixelFormat, baseAddress: UnsafeMutableRawPointer) {
        precondition(width > 0 && height > 0 && stride >= width * format.bytesPerPixel)
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.baseAddress = baseAddress
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    /// The pixel at (x, y) as a colour; for tests and tools, not for drawing loops.
    public func color(atX x: Int, y: Int) -> Color {
        let row = baseAddress + y * stride
        switch format {
        case .xrgb8888:
            let p = row.load(fromByteOffset: x * 4, as: UInt32.self)
            return Color(rgb: p & 0xFF_FFFF)
        case .rgb565:
            let p = UInt32(row.load(fromByteOffset: x * 2, as: UInt16.self))
            let r = (p >> 11) & 0x1F
            let g = (p >> 5) & 0x3F
            let b = p & 0x1F
            return Color(
                red: UInt8((r * 255 + 15) / 31), green: UInt8((g * 255 + 31) / 63), blue: UInt8((b * 255 + 15) / 31))
        }
    }
}
