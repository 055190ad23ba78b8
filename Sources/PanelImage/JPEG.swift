import CJPEG
import PanelUI

/// JPEG files through libjpeg-turbo: photos and camera stills, which would
/// be several times larger as PNG. Opaque: every pixel's alpha is 255.
///
/// Each call allocates and does file I/O: load at start-up, not per frame.
public enum JPEG {
    /// The largest image `readImage(path:)` accepts, in pixels, so that a
    /// corrupt header cannot ask for gigabytes.
    public static let maximumPixelCount = PNG.maximumPixelCount

    /// Reads the JPEG at `path` (baseline or progressive, greyscale, RGB or
    /// CMYK, as libjpeg converts them) into an `Image`. A name ending in
    /// `@2x` (`photo@2x.jpg`) gives an image of that scale, as for PNG.
    public static func readImage(path: String) throws(JPEGError) -> Image {
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(cjpeg_message_capacity()))
        let header = path.withCString { cPath in
            message.withUnsafeMutableBufferPointer { text in
                cjpeg_decode(cPath, nil, 0, &width, &height, text.baseAddress)
            }
        }
        if header != 0 { throw JPEGError(path: path, message: libjpegMessage(message, fromLibrary: header == 1)) }
        let w = Int(width)
        let h = Int(height)
        guard w > 0, h > 0, w <= maximumPixelCount / h else {
            throw JPEGError(
                path: path,
                message: "image of \(w)x\(h) pixels is larger than JPEG.maximumPixelCount (\(maximumPixelCount))")
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let decoded = path.withCString { cPath in
            rgba.withUnsafeMutableBytes { bytes in
                message.withUnsafeMutableBufferPointer { text in
                    cjpeg_decode(
                        cPath, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &width, &height,
                        text.baseAddress)
                }
            }
        }
        if decoded != 0 { throw JPEGError(path: path, message: libjpegMessage(message, fromLibrary: decoded == 1)) }
        return Image(rgba: rgba, width: w, height: h, scale: Double(PNG.scaleSuffix(of: path)))
    }

    /// Reads the image at `path` made for a screen of `screenScale` pixels per
    /// point: `photo@2x.jpg` beside `photo.jpg` on a screen of scale 2, as
    /// `PNG.readImage(path:forScale:)` chooses.
    public static func readImage(path: String, forScale screenScale: Double) throws(JPEGError) -> Image {
        try readImage(path: PNG.imagePath(path, forScale: screenScale))
    }

    /// The reason in the NUL-terminated `message`: libjpeg's, or the system's for a file it could not open.
    static func libjpegMessage(_ message: [CChar], fromLibrary: Bool) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        if bytes.isEmpty { return "libjpeg gave no reason" }
        return (fromLibrary ? "libjpeg: " : "") + String(decoding: bytes, as: UTF8.self)
    }

    /// The libjpeg API version PanelImage was built against (62 for libjpeg-turbo's libjpeg62).
    public static var libraryVersion: Int { Int(cjpeg_library_version()) }
}

/// A JPEG file could not be read: which file, and what libjpeg (or PanelKit) said.
public struct JPEGError: Error, CustomStringConvertible, Equatable, Sendable {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "cannot read JPEG file '\(path)': \(message)" }
}

extension Image {
    /// An image from `width * height` pixels of 4 bytes, R, G, B, straight alpha.
    convenience init(rgba: [UInt8], width: Int, height: Int, scale: Double) {
        var pixels: [Color] = []
        pixels.reserveCapacity(width * height)
        var i = 0
        while i + 3 < rgba.count {
            pixels.append(Color(red: rgba[i], green: rgba[i + 1], blue: rgba[i + 2], alpha: rgba[i + 3]))
            i += 4
        }
        self.init(width: width, height: height, pixels: pixels, scale: scale)
    }
}
