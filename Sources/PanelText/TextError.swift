import PanelUI

/// Fonts could not be found or loaded: which file or folder, and what to do
/// about it. `description` is one sentence a developer can act on.
public struct TextError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The font folder given to the renderer does not exist or is not a folder.
        case missingFontDirectory
        /// No file for the font's name in the font folder.
        case missingFont
        /// The file is there but FreeType cannot use it.
        case unreadableFont
        /// The font's size is not a usable pixel size (not positive, too large, not a number).
        case invalidFontSize
        /// FreeType itself failed to start.
        case freeTypeUnavailable
    }

    public let kind: Kind
    /// The folder or file concerned.
    public let path: String
    /// What went wrong and how to fix it.
    public let message: String

    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { message }
}

extension TextError {
    @usableFromInline
    static func missingFontDirectory(_ path: String, isFile: Bool) -> TextError {
        let problem = isFile ? "'\(path)' is a file, not a font folder" : "no font folder at '\(path)'"
        return TextError(
            kind: .missingFontDirectory, path: path,
            message: "\(problem): pass the folder that holds the .ttf files (PanelKit ships them in assets/fonts)")
    }

    @usableFromInline
    static func missingFont(_ name: String, directory: String) -> TextError {
        let base = directory + "/" + name
        return TextError(
            kind: .missingFont, path: base + ".ttf",
            message: "no font '\(name)' in \(directory): expected \(base).ttf (or \(base).otf); "
                + (hasPrefixBytes(name, "Inter-")
                    ? "Inter comes from Debian's fonts-inter (sudo apt-get install fonts-inter)"
                    : hasPrefixBytes(name, "MaterialIcons")
                        ? "the symbols come from Debian's fonts-material-design-icons-iconfont"
                        : "add the file or use the name of one that is there, such as 'DejaVuSans'"))
    }

    @usableFromInline
    static func badFontName(_ name: String, directory: String) -> TextError {
        TextError(
            kind: .missingFont, path: directory,
            message: "font name '\(name)' is not a file name: give the name of a font file in \(directory) "
                + "without folder or extension, such as 'DejaVuSans'")
    }

    @usableFromInline
    static func unreadableFont(_ path: String, freeTypeError: Int32) -> TextError {
        TextError(
            kind: .unreadableFont, path: path,
            message: "FreeType cannot load '\(path)': \(freeTypeErrorText(freeTypeError)); "
                + "replace it with a TrueType (.ttf) or OpenType (.otf) font file")
    }

    @usableFromInline
    static func invalidFontSize(_ name: String, path: String) -> TextError {
        TextError(
            kind: .invalidFontSize, path: path,
            message: "font '\(name)' has an unusable size: give a size above 0 and at most "
                + "\(FontLibrary.maximumPointSize) points")
    }

    @usableFromInline
    static func freeTypeUnavailable(_ directory: String, freeTypeError: Int32) -> TextError {
        TextError(
            kind: .freeTypeUnavailable, path: directory,
            message:
                "FreeType failed to start (\(freeTypeErrorText(freeTypeError))): check that libfreetype is installed")
    }

    /// FreeType's error codes (fterrdef.h) that a font file can cause, in words.
    @usableFromInline
    static func freeTypeErrorText(_ code: Int32) -> String {
        switch code {
        case 0x01: return "cannot open the file"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x04: return "unsupported font version"
        case 0x40: return "out of memory"
        case 0x51: return "cannot read the file"
        case 0x55: return "invalid stream operation"
        default: return "FreeType error \(code)"
        }
    }
}
