import PanelJSON
import PanelLog
import PanelUI

/// A scene built from a scene file: its window and everything in it, by name.
/// Keep it alive as long as the window: it owns the recognizers' delegates,
/// which recognizers hold as UIKit does (zeroing, not retained).
public final class Scene {
    /// The scene file it came from.
    public let file: String
    public let window: Window
    /// The log its views and controls write to.
    public let log: ReplayLog
    public internal(set) var views: [View] = []
    public internal(set) var recognizers: [GestureRecognizer] = []
    /// The names of `views` and `recognizers`, at the same indices.
    @usableFromInline var viewNames = NameIndex()
    @usableFromInline var recognizerNames = NameIndex()
    @usableFromInline var delegates: [SceneRecognizerDelegate] = []
    @usableFromInline var bindings: [LabelValueBinding] = []
    @usableFromInline var firstResponder: View?
    /// The delegate of the scene's scroll views: writes their `scroll` lines.
    @usableFromInline let scrollLogger: ScrollLogger

    @usableFromInline init(file: String, window: Window, log: ReplayLog) {
        self.file = file
        self.window = window
        self.log = log
        scrollLogger = ScrollLogger(log: log)
    }

    /// The view the file names `name`; where none is, the first in the file
    /// whose `accessibilityIdentifier` is `name` (a name comes first, as in
    /// `View.view(named:)`).
    public func view(named name: String) -> View? {
        if let index = viewNames.index(of: name), index < views.count { return views[index] }
        var i = 0
        while i < views.count {
            if sameBytes(views[i].accessibilityIdentifier, name) { return views[i] }
            i += 1
        }
        return nil
    }

    public func recognizer(named name: String) -> GestureRecognizer? {
        guard let index = recognizerNames.index(of: name), index < recognizers.count else { return nil }
        return recognizers[index]
    }

    /// Shows the window in `application` and makes the file's `firstResponder` view first responder.
    public func attach(to application: Application) {
        application.addWindow(window)
        if let firstResponder { _ = firstResponder.becomeFirstResponder() }
    }
}

/// A scene file, parsed but not yet built: JSON that describes a view tree
/// with its flags, recognizers and controls (docs/scene-files.md).
///
/// Building reads the whole file and fails on the first thing that is not
/// valid, naming the file, the line, the JSON path and what was expected.
public struct SceneFile {
    public let path: String
    public let root: JSONValue
    /// The screen the file is laid out for, in points; `nil` when it fits any.
    public let screen: Size?

    /// The screen size replay uses when neither the file nor the command line gives one.
    public static let defaultScreen = Size(width: 800, height: 480)

    public static func load(path: String) throws(JSONError) -> SceneFile {
        try SceneFile(root: try JSONParser.parseFile(path: path), path: path)
    }

    public init(parsing bytes: [UInt8], path: String) throws(JSONError) {
        try self.init(root: try JSONParser.parse(bytes, file: path), path: path)
    }

    @usableFromInline init(root: JSONValue, path: String) throws(JSONError) {
        self.path = path
        self.root = root
        var object = try JSONObjectReader(root, file: path, path: "")
        if let size = try object.numbers("screen", count: 2, shape: "[width, height]") {
            // The limits board files give their display mode: a larger screen would not fit in memory.
            guard ScreenLimits.contains(size[0]), ScreenLimits.contains(size[1]) else {
                throw object.error(
                    "screen",
                    "the screen's width and height must be " + ScreenLimits.rangeDescription
                        + " points, not " + describeNumber(size[0]) + " × " + describeNumber(size[1]))
            }
            screen = Size(width: size[0], height: size[1])
        } else {
            screen = nil
        }
    }

    /// Builds the scene for a screen of `screenSize` points (the file's own
    /// `screen` by default). A file laid out for another `screen` is refused,
    /// naming both sizes: its frames scaled to the screen would no longer
    /// match the controls' own sizes (a switch's thumb, a slider's), which
    /// are in points, so the picture would mix two layouts.
    public func build(screenSize: Size? = nil, log: ReplayLog) throws(JSONError) -> Scene {
        let size = screenSize ?? screen ?? Self.defaultScreen
        if let screen, screen != size {
            let object = try JSONObjectReader(root, file: path, path: "")
            throw object.error(
                "screen",
                "the scene is laid out for " + Self.describe(screen) + " points, and the screen is "
                    + Self.describe(size) + " points: show it on a screen of " + Self.describe(screen)
                    + " points (--screen " + Self.describe(screen) + "), or lay it out for "
                    + Self.describe(size) + " in a scene file of its own")
        }
        var reader = SceneReader(file: path, log: log, screenSize: size)
        return try reader.read(root)
    }

    static func describe(_ size: Size) -> String {
        describeNumber(size.width) + "x" + describeNumber(size.height)
    }
}
