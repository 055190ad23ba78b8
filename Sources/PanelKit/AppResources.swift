import PanelJSON
import PanelUI

/// An app's own files (images, data): the `Resources` folder of its package.
///
/// On a board, `scripts/build-board --app` copies the package's `Resources/`
/// into the bundle beside the binary; on the desktop the folder is found in
/// the package the calling source file belongs to (`#filePath`), so
/// `swift run` and `swift test` see it wherever they run from.
///
/// ```swift
/// let photos = AppResources.path()! + "/photos"
/// // icon@2x.png on a board of scale 2 when the package has one, else icon.png (import PanelImage):
/// let icon = try PNG.readImage(path: AppResources.path()! + "/icon.png", forScale: options.scale)
/// ```
public enum AppResources {
    /// The `Resources` folder beside the executable, else in the package holding
    /// `file` (the caller's source file by default); nil when there is none.
    public static func path(file: StaticString = #filePath) -> String? {
        let beside = executableDirectory() + "/Resources"
        if isDirectory(beside) { return beside }
        var folder = parentDirectory(file.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
        for _ in 0..<8 {
            if fileExists(path: folder + "/Package.swift") {
                return isDirectory(folder + "/Resources") ? folder + "/Resources" : nil
            }
            if sameBytes(folder, "/") || sameBytes(folder, ".") { break }
            folder = parentDirectory(folder)
        }
        return nil
    }
}
