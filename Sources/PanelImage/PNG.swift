import CLinux
import CPNG
import PanelUI

/// A decoded PNG: `width * height` pixels, row after row with no padding, 4
/// bytes each (red, green, blue, straight alpha), 8 bits a channel.
public struct PNGImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, top row first.
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4)
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at (x, y).
    public func color(atX x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height)
        let i = (y * width + x) * 4
        return Color(red: rgba[i], green: rgba[i + 1], blue: rgba[i + 2], alpha: rgba[i + 3])
    }
}

/// PNG files through libpng's simplified API (`png_image_*`), which reports
/// errors in a message field instead of through `setjmp`/`longjmp`.
///
/// For tests, tools and the headless backend: each call allocates and does
/// file I/O, so keep it off the frame loop.
public enum PNG {
    /// The largest image `read(path:)` accepts, in pixels, so that a corrupt
    /// header cannot ask for gigabytes.
    public static let maximumPixelCount = 1 << 26

    /// Writes `framebuffer` to `path` as an 8-bit RGB PNG (no alpha), replacing
    /// any file there. `.xrgb8888` keeps every bit; `.rgb565` is widened to 8
    /// bits a channel the same way `Framebuffer.color(atX:y:)` widens it.
    public static func write(_ framebuffer: Framebuffer, to path: String) throws(PNGError) {
        let width = framebuffer.width
        let height = framebuffer.height
        guard width <= Int(Int32.max) / 3, height <= Int(Int32.max) else {
            throw PNGError(path: path, operation: .writing, message: "image of \(width)x\(height) pixels is too large")
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            var i = 0
            for y in 0..<height {
                for x in 0..<width {
                    let color = framebuffer.color(atX: x, y: y)
                    out[i] = color.red
                    out[i + 1] = color.green
                    out[i + 2] = color.blue
                    i += 3
                }
            }
        }

        var image = cpng_image_make()
        defer { png_image_free(&image) }
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = cpng_format_rgb()
        let succeeded = path.withCString { cPath in
            rgb.withUnsafeBytes { bytes in
                png_image_write_to_file(&image, cPath, 0, bytes.baseAddress, Int32(width * 3), nil) != 0
            }
        }
        if !succeeded {
            throw PNGError(path: path, operation: .writing, message: libpngMessage(&image))
        }
    }

    /// Reads the PNG at `path`, whatever its colour type and bit depth, as
    /// 8-bit RGBA.
    public static func read(path: String) throws(PNGError) -> PNGImage {
        var image = cpng_image_make()
        defer { png_image_free(&image) }

        let begun = path.withCString { cPath in png_image_begin_read_from_file(&image, cPath) != 0 }
        if !begun {
            throw PNGError(path: path, operation: .reading, message: libpngMessage(&image))
        }
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0, width * height <= maximumPixelCount else {
            throw PNGError(
                path: path, operation: .reading,
                message:
                    "image of \(width)x\(height) pixels is larger than PNG.maximumPixelCount (\(maximumPixelCount))")
        }

        image.format = cpng_format_rgba()
        var rgba = [UInt8](repeating: 0, count: cpng_image_size(&image))
        let finished = rgba.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&image, nil, bytes.baseAddress, 0, nil) != 0
        }
        if !finished {
            throw PNGError(path: path, operation: .reading, message: libpngMessage(&image))
        }
        return PNGImage(width: width, height: height, rgba: rgba)
    }

    /// The version of the libpng the program runs with, such as "1.6.39".
    public static var libraryVersion: String {
        String(cString: png_get_libpng_ver(nil))
    }

    @usableFromInline static func libpngMessage(_ image: inout png_image) -> String {
        let message = String(cString: cpng_image_message(&image))
        return message.isEmpty ? "libpng gave no reason" : "libpng: \(message)"
    }
}

extension PNG {
    /// Reads a PNG file into an `Image` for an `ImageView` or a `Button`.
    /// A name that ends in `@2x` (`icon@2x.png`; also `@3x`, `@4x`) gives an
    /// image of that scale, as UIKit reads it: its size in points is its
    /// pixels over the scale.
    public static func readImage(path: String) throws(PNGError) -> Image {
        let png = try read(path: path)
        return Image(rgba: png.rgba, width: png.width, height: png.height, scale: Double(scaleSuffix(of: path)))
    }

    /// Reads the image at `path` made for a screen of `screenScale` pixels per
    /// point, as UIKit's `UIImage(named:)` chooses: for `icon.png` on a screen
    /// of scale 2, `icon@2x.png` beside it when that file exists (scale 2,
    /// drawn pixel for pixel), else `icon.png` itself (scale 1, enlarged when
    /// drawn). A screen of scale 3 tries `@3x`, then `@2x`; a fractional
    /// scale rounds up first.
    ///
    ///     let icon = try PNG.readImage(path: assets + "/images/icon.png", forScale: application.screen.scale)
    public static func readImage(path: String, forScale screenScale: Double) throws(PNGError) -> Image {
        try readImage(path: imagePath(path, forScale: screenScale))
    }

    /// The file `readImage(path:forScale:)` reads for `path` on a screen of `screenScale`.
    public static func imagePath(_ path: String, forScale screenScale: Double) -> String {
        guard screenScale > 1, screenScale.isFinite, scaleSuffix(of: path) == 1 else { return path }
        // Split `dir/icon.png` into `dir/icon` and `.png` (no extension: the whole name).
        var utf8 = Array(path.utf8)
        let stemEnd = extensionStart(utf8)
        let suffix = Array(utf8[stemEnd...])
        utf8.removeSubrange(stemEnd...)
        var scale = min(Int(screenScale.rounded(.up)), 4)
        while scale >= 2 {
            let candidate = String(decoding: utf8 + Array(("@" + String(scale) + "x").utf8) + suffix, as: UTF8.self)
            if access(candidate, F_OK) == 0 { return candidate }
            scale -= 1
        }
        return path
    }

    /// Where the file name's extension (its last `.`) starts in `utf8`; the
    /// end when the name has none.
    @usableFromInline static func extensionStart(_ utf8: [UInt8]) -> Int {
        var i = utf8.count - 1
        while i >= 0 && utf8[i] != UInt8(ascii: "/") {
            if utf8[i] == UInt8(ascii: ".") { return i }
            i -= 1
        }
        return utf8.count
    }

    /// The file name's extension (after its last `.`), or nil when it has none.
    package static func fileExtension(of path: String) -> String? {
        let utf8 = Array(path.utf8)
        let start = extensionStart(utf8)
        return start < utf8.count ? String(decoding: utf8[(start + 1)...], as: UTF8.self) : nil
    }

    /// 2 for a file named `NAME@2x.EXT` (2, 3 or 4), else 1.
    @usableFromInline static func scaleSuffix(of path: String) -> Int {
        let utf8 = Array(path.utf8)
        let end = extensionStart(utf8)
        guard end >= 3, utf8[end - 1] == UInt8(ascii: "x"), utf8[end - 3] == UInt8(ascii: "@") else { return 1 }
        let digit = Int(utf8[end - 2]) - Int(UInt8(ascii: "0"))
        return digit >= 2 && digit <= 4 ? digit : 1
    }
}
