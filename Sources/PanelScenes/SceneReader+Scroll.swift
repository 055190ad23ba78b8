import PanelJSON
import PanelUI

/// `scroll`: a view that is a `ScrollView` (docs/scene-files.md,
/// docs/scrolling.md). Its `children` are the content, in content coordinates.
extension SceneReader {
    @usableFromInline mutating func readScroll(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> ScrollView
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let alwaysCancels: Bool
        switch object.member("touchesShouldCancel")?.kind {
        case nil, .string("default"): alwaysCancels = false
        case .string("always"): alwaysCancels = true
        default:
            throw object.error(
                "touchesShouldCancel",
                "expected \"default\" (false for controls, true for other views, as in UIKit) or \"always\"")
        }
        let scrollView: ScrollView =
            alwaysCancels ? SceneScrollView(frame: frame, name: name) : ScrollView(frame: frame, name: name)
        guard let size = try object.numbers("contentSize", count: 2, shape: "[width, height]") else {
            throw object.error(nil, "missing the key 'contentSize' ([width, height] of the content, in points)")
        }
        guard size[0] >= 0, size[1] >= 0 else {
            throw object.error(
                "contentSize",
                "the content's width and height must not be negative, not "
                    + describeNumber(size[0]) + " × " + describeNumber(size[1]))
        }
        try checkCoordinates(size, object: object, key: "contentSize")
        scrollView.contentSize = Size(width: size[0], height: size[1])
        if let offset = try object.numbers("contentOffset", count: 2, shape: "[x, y]") {
            try checkCoordinates(offset, object: object, key: "contentOffset")
            scrollView.contentOffset = Point(x: offset[0], y: offset[1])
        }
        if let paging = try object.bool("paging") { scrollView.isPagingEnabled = paging }
        if let bounces = try object.bool("bounces") { scrollView.bounces = bounces }
        if let always = try object.bool("alwaysBounceVertical") { scrollView.alwaysBounceVertical = always }
        if let always = try object.bool("alwaysBounceHorizontal") { scrollView.alwaysBounceHorizontal = always }
        if let enabled = try object.bool("scrollEnabled") { scrollView.isScrollEnabled = enabled }
        if let delays = try object.bool("delaysContentTouches") { scrollView.delaysContentTouches = delays }
        if let cancels = try object.bool("canCancelContentTouches") { scrollView.canCancelContentTouches = cancels }
        if let shows = try object.bool("indicators") {
            scrollView.showsVerticalScrollIndicator = shows
            scrollView.showsHorizontalScrollIndicator = shows
        }
        if let rate = object.member("decelerationRate") {
            switch rate.kind {
            case .string("normal"): scrollView.decelerationRate = .normal
            case .string("fast"): scrollView.decelerationRate = .fast
            case .number(let r) where r > 0 && r < 1: scrollView.decelerationRate = DecelerationRate(rawValue: r)
            default:
                throw error(
                    at: rate, object.path(of: "decelerationRate"),
                    "expected \"normal\" (0.998), \"fast\" (0.99) or a number between 0 and 1 (the velocity kept per millisecond)"
                )
            }
        }
        try object.finish()
        scrollView.delegate = scene!.scrollLogger
        return scrollView
    }
}

/// A scroll view whose `touchesShouldCancel(in:)` is true for every view,
/// controls included (`"touchesShouldCancel": "always"`): UIKit's common
/// override for lists of buttons.
@usableFromInline final class SceneScrollView: ScrollView {
    @usableFromInline override func touchesShouldCancel(in view: View) -> Bool { true }
}
