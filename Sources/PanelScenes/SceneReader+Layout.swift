import PanelJSON
import PanelUI

/// `stack` (a `StackView` whose children are its arranged views) and
/// `autoresizing` (any view's `AutoresizingMask`).
extension SceneReader {
    @usableFromInline static let axisNames = ["horizontal", "vertical"]
    @usableFromInline static let alignmentNames = ["fill", "leading", "top", "center", "trailing", "bottom"]
    @usableFromInline static let distributionNames = [
        "fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"
    ]
    @usableFromInline static let autoresizingNames = [
        "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin",
        "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"
    ]

    @usableFromInline mutating func readStack(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> StackView
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let stack = StackView(frame: frame, name: name)
        if let axis = try choice(&object, "axis", Self.axisNames) {
            stack.axis = sameBytes(axis, "vertical") ? .vertical : .horizontal
        }
        if let spacing = try object.number("spacing") {
            guard spacing >= 0 else {
                throw object.error("spacing", "expected 0 or more points, not " + describeNumber(spacing))
            }
            try checkCoordinates([spacing], object: object, key: "spacing")
            stack.spacing = spacing
        }
        if let alignment = try choice(&object, "alignment", Self.alignmentNames) {
            switch alignment {
            case "leading", "top": stack.alignment = .leading
            case "center": stack.alignment = .center
            case "trailing", "bottom": stack.alignment = .trailing
            default: stack.alignment = .fill
            }
        }
        if let distribution = try choice(&object, "distribution", Self.distributionNames) {
            switch distribution {
            case "fillEqually": stack.distribution = .fillEqually
            case "fillProportionally": stack.distribution = .fillProportionally
            case "equalSpacing": stack.distribution = .equalSpacing
            case "equalCentering": stack.distribution = .equalCentering
            default: stack.distribution = .fill
            }
        }
        if let insets = try object.numbers("insets", count: 4, shape: "[top, left, bottom, right]") {
            try checkCoordinates(insets, object: object, key: "insets")
            for i in 0..<4 where insets[i] < 0 {
                throw error(
                    at: object.member(at: "insets", index: i) ?? value,
                    object.path(of: "insets") + "[" + String(i) + "]",
                    "insets are 0 or more points, not " + describeNumber(insets[i]))
            }
            stack.layoutMargins = EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
            stack.isLayoutMarginsRelativeArrangement = true
        }
        try object.finish()
        return stack
    }

    /// The string member `key`, which must be one of `names`; the error lists them.
    @usableFromInline func choice(_ object: inout JSONObjectReader, _ key: String, _ names: [String]) throws(JSONError)
        -> String?
    {
        guard let text = try object.string(key) else { return nil }
        guard names.contains(where: { sameBytes($0, text) }) else {
            throw object.error(
                key,
                "unknown " + key + " '" + messageText(text) + "'; expected one of: " + names.joined(separator: ", "))
        }
        return text
    }

    /// `"autoresizing": ["flexibleWidth", "flexibleBottomMargin"]`: UIKit's flag names.
    @usableFromInline func readAutoresizing(_ value: JSONValue, path: String) throws(JSONError) -> AutoresizingMask {
        guard case .array(let elements) = value.kind else {
            throw error(
                at: value, path,
                "expected an array of flags, e.g. [\"flexibleWidth\", \"flexibleHeight\"], not "
                    + describeShape(value))
        }
        var mask: AutoresizingMask = []
        for i in 0..<elements.count {
            let elementPath = path + "[" + String(i) + "]"
            guard case .string(let flag) = elements[i].kind else {
                throw error(
                    at: elements[i], elementPath,
                    "expected a flag name in quotes; one of: "
                        + Self.autoresizingNames.joined(separator: ", "))
            }
            guard let index = Self.autoresizingNames.firstIndex(where: { sameBytes($0, flag) }) else {
                throw error(
                    at: elements[i], elementPath,
                    "unknown autoresizing flag '" + messageText(flag) + "'; expected one of: "
                        + Self.autoresizingNames.joined(separator: ", "))
            }
            mask.insert(AutoresizingMask(rawValue: 1 << UInt8(index)))
        }
        return mask
    }
}
