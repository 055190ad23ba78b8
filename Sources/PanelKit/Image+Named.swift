import PanelImage
import PanelJSON
import PanelUI

extension AppResources {
    /// The screen scale `Image(named:)` chooses files for: the running app's
    /// (set when it launches), 1 before. Several apps at different scales in
    /// one process (parallel tests) pass `scale:` to `Image.load(named:scale:)`.
    public nonisolated(unsafe) static var screenScale = 1.0

    /// The file extensions `Image(named:)` tries after the bare name, in order.
    public static let imageExtensions = ["png", "jpg", "jpeg"]
}

/// An image file could not be found or read: which name or file, and why.
public struct ImageFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file, or the name when no file was found.
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "cannot load image '\(path)': \(message)" }
}

extension Image {
    /// UIKit's `UIImage(named:)`: the image `name` in the app's `Resources`
    /// folder (`AppResources.path()`, which `scripts/build-board --app` bundles),
    /// PNG or JPEG, for the screen's scale: `door` finds `door@2x.png` on a
    /// scale-2 panel when there is one, else `door.png`, `door.jpg` or
    /// `door.jpeg`; a name with its extension (`door.jpg`) is taken as it is;
    /// `icons/door` looks in a subfolder. `nil` when there is no such file or
    /// it cannot be read: `Image.load(named:)` says why.
    ///
    /// Each call reads the file (no cache: an `Image` can be changed in place):
    /// load an image once and keep it.
    public convenience init?(named name: String, file: StaticString = #filePath) {
        guard let loaded = try? Image.load(named: name, file: file) else { return nil }
        self.init(width: loaded.width, height: loaded.height, pixels: loaded.pixels, scale: loaded.scale)
    }

    /// `Image(named:)` that says what went wrong: no `Resources` folder, no
    /// file of that name (with the names tried), or the decoder's reason.
    /// `folder` looks there instead of the app's resources (UIKit's `in: bundle`).
    public static func load(
        named name: String, in folder: String? = nil, scale: Double = AppResources.screenScale,
        file: StaticString = #filePath
    ) throws(ImageFileError) -> Image {
        guard let resources = folder ?? AppResources.path(file: file) else {
            throw ImageFileError(
                path: name, message: "the app has no Resources folder (beside the binary, or in its package)")
        }
        let base = resources + "/" + name
        var candidates: [String] = []
        if PNG.fileExtension(of: name) != nil {
            candidates.append(base)
        } else {
            for ext in AppResources.imageExtensions { candidates.append(base + "." + ext) }
        }
        for candidate in candidates {
            let path = PNG.imagePath(candidate, forScale: scale)
            guard fileExists(path: path) else { continue }
            let ext = PNG.fileExtension(of: path) ?? ""
            if sameBytes(ext, "jpg") || sameBytes(ext, "jpeg") || sameBytes(ext, "JPG") || sameBytes(ext, "JPEG") {
                do throws(JPEGError) {
                    return try JPEG.readImage(path: path)
                } catch {
                    throw ImageFileError(path: path, message: error.message)
                }
            }
            do throws(PNGError) {
                return try PNG.readImage(path: path)
            } catch {
                throw ImageFileError(path: path, message: error.message)
            }
        }
        var tried = ""
        for candidate in candidates { tried += (tried.isEmpty ? "" : ", ") + candidate }
        throw ImageFileError(path: name, message: "no such file (tried " + tried + ")")
    }
}
