import PanelJSON
import PanelUI

/// `recognizers`: UIKit's standard recognizers with their parameters under
/// UIKit's names, and the delegate answers the file gives.
extension SceneReader {
    @usableFromInline static let recognizerKinds = "tap, longPress, pan, swipe, pinch, rotation or screenEdgePan"

    @usableFromInline mutating func readRecognizer(_ value: JSONValue, path: String, view: View) throws(JSONError) {
        var object = try JSONObjectReader(value, file: file, path: path)
        let name = try object.requiredString("name")
        try declare(name, object: object, what: "recognizer")
        let kind = try object.requiredString("kind")
        let recognizer: GestureRecognizer
        switch kind {
        case "tap":
            let tap = TapGestureRecognizer(name: name)
            tap.numberOfTapsRequired = try count(&object, "numberOfTapsRequired") ?? tap.numberOfTapsRequired
            tap.numberOfTouchesRequired = try count(&object, "numberOfTouchesRequired") ?? tap.numberOfTouchesRequired
            recognizer = tap
        case "longPress":
            let press = LongPressGestureRecognizer(name: name)
            press.minimumPressDuration = try distance(&object, "minimumPressDuration") ?? press.minimumPressDuration
            press.allowableMovement = try distance(&object, "allowableMovement") ?? press.allowableMovement
            press.numberOfTouchesRequired =
                try count(&object, "numberOfTouchesRequired") ?? press.numberOfTouchesRequired
            if let taps = try object.integer("numberOfTapsRequired") {
                guard taps >= 0, taps <= 10 else {
                    throw object.error("numberOfTapsRequired", "expected 0 to 10, not " + String(taps))
                }
                press.numberOfTapsRequired = taps
            }
            recognizer = press
        case "pan", "screenEdgePan":
            let pan =
                sameBytes(kind, "pan") ? PanGestureRecognizer(name: name) : ScreenEdgePanGestureRecognizer(name: name)
            pan.minimumNumberOfTouches = try count(&object, "minimumNumberOfTouches") ?? pan.minimumNumberOfTouches
            pan.maximumNumberOfTouches = try count(&object, "maximumNumberOfTouches") ?? pan.maximumNumberOfTouches
            if pan.maximumNumberOfTouches < pan.minimumNumberOfTouches {
                throw object.error(
                    "maximumNumberOfTouches", "maximumNumberOfTouches must not be below minimumNumberOfTouches")
            }
            if let edgePan = pan as? ScreenEdgePanGestureRecognizer {
                guard object.has("edges") else {
                    throw object.error(nil, "missing the key 'edges' (an array of top, left, bottom, right)")
                }
                edgePan.edges = RectEdge(rawValue: try options(&object, "edges", ["top", "left", "bottom", "right"]))
            }
            recognizer = pan
        case "swipe":
            let swipe = SwipeGestureRecognizer(name: name)
            if object.has("direction") {
                // The option bits follow SwipeGestureRecognizer.Direction: right, left, up, down.
                swipe.direction = SwipeGestureRecognizer.Direction(
                    rawValue: try options(&object, "direction", ["right", "left", "up", "down"]))
            }
            swipe.numberOfTouchesRequired =
                try count(&object, "numberOfTouchesRequired") ?? swipe.numberOfTouchesRequired
            recognizer = swipe
        case "pinch":
            recognizer = PinchGestureRecognizer(name: name)
        case "rotation":
            recognizer = RotationGestureRecognizer(name: name)
        default:
            throw object.error(
                "kind", "unknown recognizer kind '" + messageText(kind) + "'; expected " + Self.recognizerKinds)
        }
        if let cancels = try object.bool("cancelsTouchesInView") { recognizer.cancelsTouchesInView = cancels }
        if let delays = try object.bool("delaysTouchesBegan") { recognizer.delaysTouchesBegan = delays }
        if let delays = try object.bool("delaysTouchesEnded") { recognizer.delaysTouchesEnded = delays }
        if let enabled = try object.bool("enabled") { recognizer.isEnabled = enabled }
        for name in try names(&object, "requireToFail") {
            references.append(
                Reference(use: .requireToFail(recognizer), name: name.text, value: name.value, path: name.path))
        }
        let simultaneous = try names(&object, "simultaneousWith")
        let shouldBegin = try object.bool("shouldBegin")
        let shouldReceiveTouch = try object.bool("shouldReceiveTouch")
        // Only recognizers the file answers for get a delegate, as in code.
        if !simultaneous.isEmpty || shouldBegin != nil || shouldReceiveTouch != nil {
            let delegate = SceneRecognizerDelegate()
            delegate.shouldBegin = shouldBegin ?? true
            delegate.shouldReceiveTouch = shouldReceiveTouch ?? true
            for i in 0..<simultaneous.count {
                references.append(
                    Reference(
                        use: .simultaneousWith(delegate), name: simultaneous[i].text,
                        value: simultaneous[i].value, path: simultaneous[i].path))
            }
            recognizer.delegate = delegate
            scene!.delegates.append(delegate)
        }
        try object.finish()
        view.addGestureRecognizer(recognizer)
        scene!.recognizers.append(recognizer)
    }

    /// A count of touches or taps: a whole number, 1 or more.
    @usableFromInline func count(_ object: inout JSONObjectReader, _ key: String) throws(JSONError) -> Int? {
        guard let count = try object.integer(key) else { return nil }
        guard count >= 1, count <= 10 else {
            throw object.error(key, "expected a whole number from 1 to 10, not " + String(count))
        }
        return count
    }

    /// A duration or distance: 0 or more.
    @usableFromInline func distance(_ object: inout JSONObjectReader, _ key: String) throws(JSONError) -> Double? {
        guard let number = try object.number(key) else { return nil }
        guard number >= 0, number <= GeometryLimits.coordinate else {
            throw object.error(
                key, "expected 0 to " + describeNumber(GeometryLimits.coordinate) + ", not " + describeNumber(number))
        }
        return number
    }

    /// An array of option names, as bits in the order of `names`.
    @usableFromInline func options(_ object: inout JSONObjectReader, _ key: String, _ names: [String]) throws(JSONError)
        -> UInt
    {
        var expected = ""
        for i in 0..<names.count { expected += (i == 0 ? "" : ", ") + names[i] }
        var bits: UInt = 0
        let values = try self.names(&object, key)
        for i in 0..<values.count {
            var found = false
            for bit in 0..<names.count where sameBytes(names[bit], values[i].text) {
                bits |= 1 << UInt(bit)
                found = true
            }
            if !found {
                throw error(
                    at: values[i].value, values[i].path,
                    "unknown value '" + messageText(values[i].text) + "'; expected " + expected)
            }
        }
        if bits == 0 { throw object.error(key, "expected at least one of " + expected) }
        return bits
    }

    /// An array of strings, each with its value and path for errors.
    @usableFromInline func names(_ object: inout JSONObjectReader, _ key: String) throws(JSONError) -> [(
        text: String, value: JSONValue, path: String
    )] {
        guard let values = try object.array(key) else { return [] }
        var names: [(text: String, value: JSONValue, path: String)] = []
        for i in 0..<values.count {
            let path = object.path(of: key) + "[" + String(i) + "]"
            guard case .string(let text) = values[i].kind else {
                throw error(at: values[i], path, "expected a name in double quotes, found " + values[i].kindDescription)
            }
            names.append((text, values[i], path))
        }
        return names
    }
}
