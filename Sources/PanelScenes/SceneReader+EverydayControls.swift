import PanelJSON
import PanelLog
import PanelUI

/// `segmented`, `stepper`, `progress`, `pageControl` and `gauge`: UIKit's other
/// everyday controls (docs/scene-files.md). Each control logs every control
/// event as `action` lines, valueChanged with its value.
extension SceneReader {
    /// `segmented`: a `SegmentedControl`; valueChanged logs the selected index (-1 for none).
    @usableFromInline mutating func readSegmented(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> Control
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        guard let segments = try object.array("segments") else {
            throw object.error(nil, "missing the key 'segments' (the titles, as [\"Heat\", \"Cool\"])")
        }
        guard !segments.isEmpty else {
            throw object.error("segments", "expected at least one segment title, as [\"Heat\", \"Cool\"]")
        }
        var titles: [String] = []
        for i in 0..<segments.count {
            guard case .string(let title) = segments[i].kind else {
                throw error(
                    at: segments[i], object.path(of: "segments") + "[" + String(i) + "]",
                    "expected a segment title (a string), found " + segments[i].kindDescription)
            }
            titles.append(title)
        }
        let control = SegmentedControl(frame: frame, name: name, items: titles)
        if let selected = try object.integer("selected") {
            guard selected >= -1, selected < titles.count else {
                throw object.error(
                    "selected",
                    "expected a segment index from 0 to " + String(titles.count - 1)
                        + " (or -1 for none), not " + String(selected))
            }
            control.selectedSegmentIndex = selected
        }
        if let momentary = try object.bool("momentary") { control.isMomentary = momentary }
        if let disabled = try object.array("disabledSegments") {
            for i in 0..<disabled.count {
                guard case .number(let number) = disabled[i].kind, number == number.rounded(), number >= 0,
                    number < Double(titles.count)
                else {
                    throw error(
                        at: disabled[i], object.path(of: "disabledSegments") + "[" + String(i) + "]",
                        "expected a segment index from 0 to " + String(titles.count - 1))
                }
                control.setEnabled(false, forSegmentAt: Int(number))
            }
        }
        try readCommonControlKeys(&object, control)
        try object.finish()
        log.logActions(of: control) { control in (control as? SegmentedControl).map { Double($0.selectedSegmentIndex) }
        }
        return control
    }

    /// `stepper`: a `Stepper`; valueChanged logs its value.
    @usableFromInline mutating func readStepper(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> Control
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let stepper = Stepper(frame: frame, name: name)
        let minimum = try object.number("minimumValue") ?? 0
        let maximum = try object.number("maximumValue") ?? 100
        try checkCoordinates([minimum], object: object, key: "minimumValue", limit: Self.valueLimit, unit: "")
        try checkCoordinates([maximum], object: object, key: "maximumValue", limit: Self.valueLimit, unit: "")
        guard minimum < maximum else {
            throw object.error(
                "maximumValue",
                "maximumValue (" + describeNumber(maximum)
                    + ") must be above minimumValue (" + describeNumber(minimum) + ")")
        }
        stepper.minimumValue = minimum
        stepper.maximumValue = maximum
        if let step = try object.number("stepValue") {
            guard step > 0, step <= maximum - minimum else {
                throw object.error(
                    "stepValue",
                    "expected a step above 0 and at most maximumValue − minimumValue ("
                        + describeNumber(maximum - minimum) + "), not " + describeNumber(step))
            }
            stepper.stepValue = step
        }
        if let value = try object.number("value") {
            guard value >= minimum, value <= maximum else {
                throw object.error(
                    "value",
                    "the value " + describeNumber(value) + " is outside "
                        + describeNumber(minimum) + "…" + describeNumber(maximum))
            }
            stepper.value = value
        }
        if let wraps = try object.bool("wraps") { stepper.wraps = wraps }
        if let autorepeat = try object.bool("autorepeat") { stepper.autorepeat = autorepeat }
        if let continuous = try object.bool("continuous") { stepper.isContinuous = continuous }
        try readCommonControlKeys(&object, stepper)
        try object.finish()
        log.logActions(of: stepper) { control in (control as? Stepper).map { $0.value } }
        return stepper
    }

    /// `pageControl`: a `PageControl`; valueChanged logs the current page.
    @usableFromInline mutating func readPageControl(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> Control
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        guard let pages = try object.integer("numberOfPages") else {
            throw object.error(nil, "missing the key 'numberOfPages' (how many dots, 0 or more)")
        }
        guard pages >= 0, pages <= 1000 else {
            throw object.error("numberOfPages", "expected 0 to 1000 pages, not " + String(pages))
        }
        let control = PageControl(frame: frame, name: name, numberOfPages: pages)
        if let page = try object.integer("currentPage") {
            guard page >= 0, page < max(pages, 1) else {
                throw object.error(
                    "currentPage", "expected a page from 0 to " + String(max(pages - 1, 0)) + ", not " + String(page))
            }
            control.currentPage = page
        }
        if let hides = try object.bool("hidesForSinglePage") { control.hidesForSinglePage = hides }
        try readCommonControlKeys(&object, control)
        try object.finish()
        log.logActions(of: control) { control in (control as? PageControl).map { Double($0.currentPage) } }
        return control
    }

    /// `progress`: a `ProgressView` (not a control: it takes no touches and logs nothing).
    @usableFromInline mutating func readProgress(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> ProgressView
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let view = ProgressView(frame: frame, name: name)
        if let progress = try object.number("progress") {
            guard progress >= 0, progress <= 1 else {
                throw object.error("progress", "expected a number from 0 to 1, not " + describeNumber(progress))
            }
            view.progress = progress
        }
        if let tint = try color(&object, "progressColor") { view.progressTintColor = tint }
        if let tint = try color(&object, "trackColor") { view.trackTintColor = tint }
        try object.finish()
        return view
    }

    /// `gauge`: a `Gauge`; like a progress bar it takes no touches and logs nothing.
    @usableFromInline mutating func readGauge(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> Gauge
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let minimum = try object.number("minimumValue") ?? 0
        let maximum = try object.number("maximumValue") ?? 1
        guard maximum > minimum else {
            throw object.error(
                "maximumValue",
                "expected a maximum above the minimum " + describeNumber(minimum) + ", not " + describeNumber(maximum))
        }
        let gauge = Gauge(frame: frame, name: name, minimumValue: minimum, maximumValue: maximum)
        if let value = try object.number("value") {
            guard value >= minimum, value <= maximum else {
                throw object.error(
                    "value",
                    "the value " + describeNumber(value) + " is outside " + describeNumber(minimum) + "…"
                        + describeNumber(maximum))
            }
            gauge.value = value
        }
        if let tint = try color(&object, "gaugeColor") { gauge.gaugeTintColor = tint }
        if let tint = try color(&object, "trackColor") { gauge.trackTintColor = tint }
        try object.finish()
        return gauge
    }

    /// `enabled` and `touchMargin`, which every control kind takes.
    @usableFromInline func readCommonControlKeys(_ object: inout JSONObjectReader, _ control: Control) throws(JSONError)
    {
        if let enabled = try object.bool("enabled") { control.isEnabled = enabled }
        if let margin = try object.number("touchMargin") {
            guard margin >= 0 else {
                throw object.error("touchMargin", "expected 0 or more points, not " + describeNumber(margin))
            }
            try checkCoordinates([margin], object: object, key: "touchMargin")
            control.touchMargin = margin
        }
    }
}
