import PanelJSON
import PanelLog
import PanelUI

/// Reads a scene file's JSON into views, one object at a time, and resolves
/// the names that point elsewhere (`redirect`, `requireToFail`,
/// `simultaneousWith`, a label's `valueOf`) once the whole tree exists.
@usableFromInline struct SceneReader {
    @usableFromInline let file: String
    @usableFromInline let log: ReplayLog
    @usableFromInline let screenSize: Size
    @usableFromInline var scene: Scene?
    /// Where each name was declared, for duplicate errors; parallel to the scene's views and recognizers.
    @usableFromInline var viewPaths: [String] = []
    @usableFromInline var recognizerPaths: [String] = []
    @usableFromInline var references: [Reference] = []

    /// A name to resolve after the tree is built, with where it was written.
    @usableFromInline struct Reference {
        @usableFromInline enum Use {
            case redirect(SceneView)
            case requireToFail(GestureRecognizer)
            case simultaneousWith(SceneRecognizerDelegate)
            case valueOf(Label, prefix: String)
        }
        @usableFromInline var use: Use
        @usableFromInline var name: String
        @usableFromInline var value: JSONValue
        @usableFromInline var path: String
    }

    @usableFromInline init(file: String, log: ReplayLog, screenSize: Size) {
        self.file = file
        self.log = log
        self.screenSize = screenSize
    }

    @usableFromInline func error(at value: JSONValue, _ path: String, _ message: String) -> JSONError {
        JSONError(file: file, line: value.line, column: value.column, path: path, message: message)
    }

    @usableFromInline mutating func read(_ root: JSONValue) throws(JSONError) -> Scene {
        var object = try JSONObjectReader(root, file: file, path: "")
        _ = object.member("screen") // read by SceneFile
        let window = LoggingWindow(frame: Rect(origin: .zero, size: screenSize), log: log)
        window.backgroundColor = try color(&object, "color") ?? Theme.standard.background
        let scene = Scene(file: file, window: window, log: log)
        self.scene = scene
        guard let views = try object.array("views") else {
            throw object.error(nil, "missing the key 'views' (an array of view objects, the window's subviews)")
        }
        try object.finish()
        for i in 0..<views.count {
            window.addSubview(try readView(views[i], path: "views[" + String(i) + "]"))
        }
        try resolveReferences(in: scene)
        // Stacks and autoresizing place their views now, so a replay that never
        // draws hits them where they are; the renderer lays out again per frame.
        window.layoutIfNeeded()
        return scene
    }

    // MARK: Views

    /// One view object; `arranged` when its parent is a `stack`, which places
    /// it (its `frame` may then be left out: it starts at zero size).
    @usableFromInline mutating func readView(_ value: JSONValue, path: String, arranged: Bool = false) throws(JSONError)
        -> View
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let name = try object.requiredString("name")
        try declare(name, object: object, what: "view")
        let frameNumbers = try object.numbers("frame", count: 4, shape: "[x, y, width, height]")
        guard let numbers = frameNumbers ?? (arranged ? [0, 0, 0, 0] : nil) else {
            throw object.error(nil, "missing the key 'frame' ([x, y, width, height] in the parent's points)")
        }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            throw object.error(
                "frame",
                "a view's width and height must not be negative, not "
                    + describeNumber(numbers[2]) + " × " + describeNumber(numbers[3]))
        }
        try checkCoordinates(numbers, object: object, key: "frame")
        let frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])

        let view = try readKind(of: &object, frame: frame, name: name)
        scene!.views.append(view)

        if let color = try color(&object, "color") { view.backgroundColor = color }
        if let hidden = try object.bool("hidden") { view.isHidden = hidden }
        if let alpha = try object.number("alpha") {
            guard alpha >= 0, alpha <= 1 else {
                throw object.error("alpha", "expected a number from 0 to 1, not " + describeNumber(alpha))
            }
            view.alpha = alpha
        }
        if let mask = object.member("autoresizing") {
            view.autoresizingMask = try readAutoresizing(mask, path: object.path(of: "autoresizing"))
        }
        if let enabled = try object.bool("userInteraction") { view.isUserInteractionEnabled = enabled }
        if let clips = try object.bool("clipsToBounds") { view.clipsToBounds = clips }
        if let multiple = try object.bool("multipleTouch") { view.isMultipleTouchEnabled = multiple }
        if let exclusive = try object.bool("exclusiveTouch") { view.isExclusiveTouch = exclusive }
        if let transform = object.member("transform") {
            view.transform = try readTransform(transform, path: object.path(of: "transform"))
        }
        if let layer = object.member("layer") {
            try readLayer(layer, path: object.path(of: "layer"), into: view)
        }
        if let tag = try object.integer("tag") { view.tag = tag }
        if let identifier = try object.string("accessibilityIdentifier") { view.accessibilityIdentifier = identifier }
        try readBehaviours(&object, of: view)
        if let recognizers = try object.array("recognizers") {
            for i in 0..<recognizers.count {
                try readRecognizer(
                    recognizers[i], path: object.path(of: "recognizers") + "[" + String(i) + "]", view: view)
            }
        }
        if let children = try object.array("children") {
            let stack = view as? StackView
            for i in 0..<children.count {
                let child = try readView(
                    children[i], path: object.path(of: "children") + "[" + String(i) + "]",
                    arranged: stack != nil)
                if let stack { stack.addArrangedSubview(child) } else { view.addSubview(child) }
            }
        }
        try object.finish()
        return view
    }

    /// `firstResponder`: the view the scene makes first responder as it starts (one per scene).
    @usableFromInline mutating func setFirstResponder(_ view: View, _ object: inout JSONObjectReader) throws(JSONError)
    {
        guard scene!.firstResponder == nil else {
            throw object.error(
                "firstResponder",
                "only one view can be first responder; '"
                    + messageText(scene!.firstResponder!.name) + "' already is")
        }
        scene!.firstResponder = view
    }

    /// The keys only a plain view has: `hitArea`, `hitTest`, `touches`,
    /// `firstResponder` and the touch feedback colours.
    @usableFromInline mutating func readBehaviours(_ object: inout JSONObjectReader, of view: View) throws(JSONError) {
        let plain = view as? SceneView
        let keys = ["hitArea", "hitTest", "touches", "firstResponder", "activeColor", "touchedColor"]
        guard let plain else {
            // A text field may begin editing as the scene starts.
            if let field = view as? TextField, let first = try object.bool("firstResponder"), first {
                try setFirstResponder(field, &object)
            }
            for i in 0..<keys.count
            where object.member(keys[i]) != nil && !(view is TextField && sameBytes(keys[i], "firstResponder")) {
                let what =
                    view is Control
                    ? "a control handles its own touches (C1)"
                    : view is StackView
                        ? "a stack only lays out its children"
                        : view is ScrollView
                            ? "a scroll view shares touches with its content by its own rules (docs/scrolling.md)"
                            : view is ProgressView
                                ? "a progress bar takes no touches (R12)"
                                : view is Gauge
                                    ? "a gauge takes no touches (R12)"
                                    : "a label takes no touches (R12)"
                throw object.error(keys[i], "'" + keys[i] + "' is for plain views; " + what)
            }
            return
        }
        plain.activeColor = try color(&object, "activeColor")
        plain.touchedColor = try color(&object, "touchedColor")
        if let area = object.member("hitArea") {
            plain.hitArea = try readHitArea(area, path: object.path(of: "hitArea"))
        }
        if let hitTest = object.member("hitTest") {
            let path = object.path(of: "hitTest")
            switch hitTest.kind {
            case .string("default"): plain.hitTestBehaviour = .standard
            case .string("self"): plain.hitTestBehaviour = .claimsTouches
            case .string("transparent"): plain.hitTestBehaviour = .transparent
            case .object:
                var redirect = try JSONObjectReader(hitTest, file: file, path: path)
                guard let name = try redirect.string("redirect") else {
                    throw redirect.error(nil, "expected {\"redirect\": \"NAME\"} naming a descendant")
                }
                try redirect.finish()
                references.append(
                    Reference(
                        use: .redirect(plain), name: name, value: redirect.member("redirect")!,
                        path: redirect.path(of: "redirect")))
            default:
                throw error(
                    at: hitTest, path, "expected \"default\", \"self\", \"transparent\" or {\"redirect\": \"NAME\"}")
            }
        }
        if let touches = object.member("touches") {
            switch touches.kind {
            case .string("log"):
                plain.logsMessages = true
                plain.forwards = false
            case .string("forward"):
                plain.logsMessages = true
                plain.forwards = true
            case .string("ignore"):
                plain.logsMessages = false
                plain.forwards = true
            default: throw error(at: touches, object.path(of: "touches"), "expected \"log\", \"forward\" or \"ignore\"")
            }
        } else {
            plain.forwards = true // "forward" is the default
        }
        if let first = try object.bool("firstResponder"), first {
            plain.canBecomeFirstResponderInScene = true
            try setFirstResponder(plain, &object)
        }
    }

    /// Each of `numbers` (the member `key` of `object`: an array, or one number
    /// when `numbers` has one element and the member is no array) within ±`limit`,
    /// so the geometry computed from it stays finite; the error names the element.
    @usableFromInline func checkCoordinates(
        _ numbers: [Double], object: JSONObjectReader, key: String,
        limit: Double = GeometryLimits.coordinate, unit: String = "points"
    ) throws(JSONError) {
        for i in 0..<numbers.count where !(numbers[i].magnitude <= limit) {
            var path = object.path(of: key)
            let at = object.member(at: key, index: i) ?? object.value
            if numbers.count > 1 { path += "[" + String(i) + "]" }
            throw error(
                at: at, path,
                "expected a number from -" + describeNumber(limit) + " to " + describeNumber(limit)
                    + (unit.isEmpty ? "" : " " + unit) + ", not " + describeNumber(numbers[i]))
        }
    }

    @usableFromInline func readHitArea(_ value: JSONValue, path: String) throws(JSONError) -> SceneView.HitArea {
        switch value.kind {
        case .string("bounds"): return .bounds
        case .string("round"): return .round
        case .object:
            var object = try JSONObjectReader(value, file: file, path: path)
            guard let outset = try object.number("outset") else {
                throw object.error(nil, "expected {\"outset\": N}, the points to grow the bounds by")
            }
            try checkCoordinates([outset], object: object, key: "outset")
            try object.finish()
            return .outset(outset)
        default:
            throw error(at: value, path, "expected \"bounds\", \"round\" or {\"outset\": N}")
        }
    }

    @usableFromInline func readTransform(_ value: JSONValue, path: String) throws(JSONError) -> AffineTransform {
        var object = try JSONObjectReader(value, file: file, path: path)
        let translate = try object.numbers("translate", count: 2, shape: "[x, y]") ?? [0, 0]
        let scale = try object.numbers("scale", count: 2, shape: "[sx, sy]") ?? [1, 1]
        let rotate = try object.number("rotate") ?? 0
        try checkCoordinates(translate, object: object, key: "translate")
        try checkCoordinates(scale, object: object, key: "scale", limit: GeometryLimits.scale, unit: "(scale factors)")
        try checkCoordinates([rotate], object: object, key: "rotate", limit: GeometryLimits.angle, unit: "radians")
        try object.finish()
        // Scale, then rotate, then move: the order UIKit's transforms compose in when written that way.
        return AffineTransform(scaleX: scale[0], y: scale[1])
            .concatenating(AffineTransform(rotationAngle: rotate))
            .concatenating(AffineTransform(translationX: translate[0], y: translate[1]))
    }

    /// `layer`: the drawing properties of the view's `Layer`, under UIKit's names.
    @usableFromInline func readLayer(_ value: JSONValue, path: String, into view: View) throws(JSONError) {
        var object = try JSONObjectReader(value, file: file, path: path)
        var layer = view.layer
        if let radius = try nonNegative(&object, "cornerRadius") { layer.cornerRadius = radius }
        if let corners = try object.array("maskedCorners") {
            var mask: CornerMask = []
            for i in 0..<corners.count {
                let names: [(String, CornerMask)] = [
                    ("layerMinXMinYCorner", .layerMinXMinYCorner), ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
                    ("layerMinXMaxYCorner", .layerMinXMaxYCorner), ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner)
                ]
                guard case .string(let name) = corners[i].kind,
                    let corner = names.first(where: { sameBytes($0.0, name) })
                else {
                    throw error(
                        at: corners[i], object.path(of: "maskedCorners") + "[" + String(i) + "]",
                        "expected one of layerMinXMinYCorner, layerMaxXMinYCorner, layerMinXMaxYCorner, layerMaxXMaxYCorner"
                    )
                }
                mask.insert(corner.1)
            }
            layer.maskedCorners = mask
        }
        if let width = try nonNegative(&object, "borderWidth") { layer.borderWidth = width }
        if let color = try color(&object, "borderColor") { layer.borderColor = color }
        if let color = try color(&object, "shadowColor") { layer.shadowColor = color }
        if let opacity = try object.number("shadowOpacity") {
            guard opacity >= 0, opacity <= 1 else {
                throw object.error("shadowOpacity", "expected a number from 0 to 1, not " + describeNumber(opacity))
            }
            layer.shadowOpacity = opacity
        }
        if let radius = try nonNegative(&object, "shadowRadius") { layer.shadowRadius = radius }
        if let offset = try object.numbers("shadowOffset", count: 2, shape: "[width, height]") {
            try checkCoordinates(offset, object: object, key: "shadowOffset")
            layer.shadowOffset = Size(width: offset[0], height: offset[1])
        }
        if let masks = try object.bool("masksToBounds") { layer.masksToBounds = masks }
        try object.finish()
        view.layer = layer
    }

    /// A length in points from 0 to the coordinate limit, when `key` is there.
    @usableFromInline func nonNegative(_ object: inout JSONObjectReader, _ key: String) throws(JSONError) -> Double? {
        guard let value = try object.number(key) else { return nil }
        guard value >= 0, value <= GeometryLimits.coordinate else {
            throw object.error(
                key,
                "expected a number from 0 to " + describeNumber(GeometryLimits.coordinate) + " points, not "
                    + describeNumber(value))
        }
        return value
    }

    @usableFromInline func color(_ object: inout JSONObjectReader, _ key: String) throws(JSONError) -> Color? {
        guard let text = try object.string(key) else { return nil }
        guard let color = parseColor(text) else {
            throw object.error(
                key, "expected a colour as \"#RRGGBB\" or \"#RRGGBBAA\", not \"" + messageText(text) + "\"")
        }
        return color
    }

    // MARK: Names

    /// Checks that `name` is new, through the scene's name index (a hash
    /// table: loading stays linear in the number of views), and adds it.
    /// Mutating, not `inout paths`: passing a property of `self` inout to a
    /// method of `self` copies `self`, and with it the paths array, per name.
    @usableFromInline mutating func declare(_ name: String, object: JSONObjectReader, what: String) throws(JSONError) {
        guard !name.isEmpty else { throw object.error("name", "a " + what + "'s name must not be empty") }
        let isView = sameBytes(what, "view")
        let (inserted, index) = isView ? scene!.viewNames.insert(name) : scene!.recognizerNames.insert(name)
        guard inserted else {
            throw object.error(
                "name",
                "the " + what + " name '" + messageText(name) + "' is already used at "
                    + messageText(
                        isView ? viewPaths[index] : recognizerPaths[index], limit: 2 * MessageText.defaultLimit)
                    + "; names must be unique")
        }
        if isView { viewPaths.append(object.path) } else { recognizerPaths.append(object.path) }
    }

    @usableFromInline mutating func resolveReferences(in scene: Scene) throws(JSONError) {
        for i in 0..<references.count {
            let reference = references[i]
            switch reference.use {
            case .redirect(let view):
                guard let target = scene.view(named: reference.name) else {
                    throw unknownName(reference, "view")
                }
                guard target !== view, target.isDescendant(of: view) else {
                    throw error(
                        at: reference.value, reference.path,
                        "'" + messageText(reference.name) + "' is not inside '" + messageText(view.name)
                            + "'; redirect names a descendant")
                }
                view.hitTestBehaviour = .redirect(target)
            case .requireToFail(let recognizer):
                guard let other = scene.recognizer(named: reference.name) else {
                    throw unknownName(reference, "recognizer")
                }
                recognizer.require(toFail: other)
            case .simultaneousWith(let delegate):
                guard let other = scene.recognizer(named: reference.name) else {
                    throw unknownName(reference, "recognizer")
                }
                delegate.simultaneousWith.append(other)
            case .valueOf(let label, let prefix):
                guard let control = scene.view(named: reference.name) as? Control,
                    control is Slider || control is Switch
                else {
                    throw error(
                        at: reference.value, reference.path,
                        "'" + messageText(reference.name) + "' names no slider or switch; valueOf shows one's value")
                }
                let binding = LabelValueBinding(label: label, prefix: prefix)
                binding.show(control)
                control.addAction(for: .valueChanged) { control in binding.show(control) }
                scene.bindings.append(binding)
            }
        }
    }

    /// The scene's names of that kind (the first twenty: a message stays readable).
    @usableFromInline func unknownName(_ reference: Reference, _ what: String) -> JSONError {
        var names = ""
        let count = sameBytes(what, "view") ? scene!.views.count : scene!.recognizers.count
        let shown = min(count, 20)
        for i in 0..<shown {
            names +=
                (names.isEmpty ? "" : ", ")
                + messageText(sameBytes(what, "view") ? scene!.views[i].name : scene!.recognizers[i].name)
        }
        if shown < count { names += ", … (" + String(count) + " in all)" }
        if count == 0 { names = "(none)" }
        return error(
            at: reference.value, reference.path,
            "no " + what + " is named '" + messageText(reference.name) + "'; the scene's " + what + "s are: " + names)
    }
}

/// `#RRGGBB` or `#RRGGBBAA`, or nil.
@usableFromInline func parseColor(_ text: String) -> Color? {
    let utf8 = Array(text.utf8)
    guard utf8.count == 7 || utf8.count == 9, utf8[0] == UInt8(ascii: "#") else { return nil }
    var bytes: [UInt8] = []
    var i = 1
    while i < utf8.count {
        guard let high = hexDigit(utf8[i]), let low = hexDigit(utf8[i + 1]) else { return nil }
        bytes.append(high << 4 | low)
        i += 2
    }
    return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
}

@usableFromInline func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
