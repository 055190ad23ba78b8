import PanelJSON
import PanelUI

/// One kind of view a scene file can hold: the key that makes a view of it
/// (`"stepper": {…}`) and the reader that turns that key's value into the
/// view. A view object has at most one such key; without one it is a plain
/// `SceneView`. Adding a widget to scene files is one entry in
/// `SceneReader.viewKinds` and one reader (docs/widgets.md).
@usableFromInline struct SceneViewKind: Sendable {
    /// Reads the kind's value (at `path`, the JSON path of the key) into a view with `frame` and `name`.
    @usableFromInline typealias Read =
        @Sendable (
            _ reader: inout SceneReader, _ value: JSONValue, _ path: String, _ frame: Rect, _ name: String
        ) throws(JSONError) -> View

    @usableFromInline let key: String
    @usableFromInline let read: Read

    @usableFromInline init(_ key: String, read: @escaping Read) {
        self.key = key
        self.read = read
    }
}

extension SceneReader {
    /// Every kind of view scene files know, in the order error messages list them
    /// (docs/scene-files.md describes each).
    @usableFromInline static let viewKinds: [SceneViewKind] = [
        SceneViewKind("control") { reader, value, path, frame, name throws(JSONError) in
            try reader.readControl(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("label") { reader, value, path, frame, name throws(JSONError) in
            try reader.readLabel(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("stack") { reader, value, path, frame, name throws(JSONError) in
            try reader.readStack(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("scroll") { reader, value, path, frame, name throws(JSONError) in
            try reader.readScroll(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("segmented") { reader, value, path, frame, name throws(JSONError) in
            try reader.readSegmented(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("stepper") { reader, value, path, frame, name throws(JSONError) in
            try reader.readStepper(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("progress") { reader, value, path, frame, name throws(JSONError) in
            try reader.readProgress(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("pageControl") { reader, value, path, frame, name throws(JSONError) in
            try reader.readPageControl(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("textField") { reader, value, path, frame, name throws(JSONError) in
            try reader.readTextField(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("gauge") { reader, value, path, frame, name throws(JSONError) in
            try reader.readGauge(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("picker") { reader, value, path, frame, name throws(JSONError) in
            try reader.readPicker(value, path: path, frame: frame, name: name)
        },
        SceneViewKind("grid") { reader, value, path, frame, name throws(JSONError) in
            try reader.readGrid(value, path: path, frame: frame, name: name)
        }
    ]

    /// The view `object` makes: the one kind whose key it has, read; a plain
    /// `SceneView` when it has none. Two kinds' keys in one object are an
    /// error at the second, naming every kind there is.
    @usableFromInline mutating func readKind(of object: inout JSONObjectReader, frame: Rect, name: String)
        throws(JSONError) -> View
    {
        var found: SceneViewKind?
        var value: JSONValue?
        // Every kind's key is asked, so that an unknown key's error lists them all.
        for kind in Self.viewKinds {
            guard let kindValue = object.member(kind.key) else { continue }
            if let first = found {
                var keys = ""
                for i in 0..<Self.viewKinds.count { keys += (i == 0 ? "" : ", ") + Self.viewKinds[i].key }
                throw object.error(
                    kind.key,
                    "a view is one kind (" + keys + "), not both '" + first.key + "' and '" + kind.key
                        + "'; keep one and put the other in its own view")
            }
            found = kind
            value = kindValue
        }
        guard let kind = found, let value else {
            return SceneView(frame: frame, name: name, observer: log)
        }
        return try kind.read(&self, value, object.path(of: kind.key), frame, name)
    }
}
