import PanelUI

/// The `scroll` lines: a scroll view's drag beginning, the drag ending, and
/// the content coming to rest after it, each with the view's offset.
///
/// ```
/// {"type":"scroll","t":0.2100,"view":"list","event":"beginDragging","offset":[0.0,0.0]}
/// {"type":"scroll","t":0.4500,"view":"list","event":"endDragging","offset":[0.0,210.0],"decelerate":true}
/// {"type":"scroll","t":3.9333,"view":"list","event":"endDecelerating","offset":[0.0,1015.3]}
/// ```
extension ReplayLog {
    /// Logs `event` of `scrollView` with its content offset; `decelerate` for the end of a drag.
    public func scroll(_ scrollView: ScrollView, _ event: StaticString, decelerate: Bool? = nil) {
        writer.beginObject(type: "scroll")
        writer.field("t", time, decimals: 4)
        writer.field("view", scrollView.name)
        writer.field("event", event)
        writer.field("offset", scrollView.contentOffset.x, scrollView.contentOffset.y, decimals: 1)
        if let decelerate { writer.field("decelerate", decelerate) }
        writer.endObject()
    }
}

/// A scroll view's delegate that writes its `scroll` lines to a log. The
/// delegate is not retained by the scroll view: keep this object alive (a
/// `Scene` does).
public final class ScrollLogger: ScrollViewDelegate {
    public lazy var lifetime = Lifetime(of: self)
    public let log: ReplayLog

    public init(log: ReplayLog) { self.log = log }

    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        log.scroll(scrollView, "beginDragging")
    }

    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        log.scroll(scrollView, "endDragging", decelerate: decelerate)
    }

    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        log.scroll(scrollView, "endDecelerating")
    }
}

/// The `picker` line: a picker's wheel came to rest on a new row.
///
/// ```
/// {"type":"picker","t":2.4167,"view":"fruit","component":0,"row":3}
/// ```
extension ReplayLog {
    public func picker(_ picker: PickerView, row: Int, component: Int) {
        writer.beginObject(type: "picker")
        writer.field("t", time, decimals: 4)
        writer.field("view", picker.name)
        writer.field("component", component)
        writer.field("row", row)
        writer.endObject()
    }
}

/// The `select` line: the user selected or deselected an item of a grid.
///
/// ```
/// {"type":"select","t":1.2000,"view":"rooms","section":0,"item":3,"selected":true}
/// ```
extension ReplayLog {
    public func selection(_ view: View, _ indexPath: IndexPath, selected: Bool) {
        writer.beginObject(type: "select")
        writer.field("t", time, decimals: 4)
        writer.field("view", view.name)
        writer.field("section", indexPath.section)
        writer.field("item", indexPath.item)
        writer.field("selected", selected)
        writer.endObject()
    }
}
