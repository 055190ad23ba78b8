import PanelJSON
import PanelLog
import PanelUI

/// `picker`: a `PickerView` whose components are lists of titles
/// (docs/scene-files.md). It logs a `picker` line each time a wheel comes to
/// rest on a new row.
extension SceneReader {
    @usableFromInline mutating func readPicker(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> PickerView
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        guard let components = try object.array("components") else {
            throw object.error(nil, "missing the key 'components' (a list of title lists, as [[\"S\", \"M\", \"L\"]])")
        }
        guard !components.isEmpty, components.count <= ScenePickerView.maximumComponents else {
            throw object.error(
                "components",
                "expected 1 to " + String(ScenePickerView.maximumComponents) + " components, found "
                    + String(components.count))
        }
        var titles: [[String]] = []
        for c in 0..<components.count {
            let componentPath = object.path(of: "components") + "[" + String(c) + "]"
            guard case .array(let rows) = components[c].kind, !rows.isEmpty else {
                throw error(
                    at: components[c], componentPath,
                    "expected a non-empty list of row titles (strings), found " + components[c].kindDescription)
            }
            var column: [String] = []
            for r in 0..<rows.count {
                guard case .string(let title) = rows[r].kind else {
                    throw error(
                        at: rows[r], componentPath + "[" + String(r) + "]",
                        "expected a row title (a string), found " + rows[r].kindDescription)
                }
                column.append(title)
            }
            titles.append(column)
        }
        let picker = ScenePickerView(frame: frame, name: name, titles: titles, log: log)
        if let selected = try object.array("selected") {
            guard selected.count == titles.count else {
                throw object.error(
                    "selected",
                    "expected one row per component (" + String(titles.count) + "), found "
                        + String(selected.count))
            }
            for c in 0..<selected.count {
                guard case .number(let row) = selected[c].kind, row == row.rounded(), row >= 0,
                    row < Double(titles[c].count)
                else {
                    throw error(
                        at: selected[c], object.path(of: "selected") + "[" + String(c) + "]",
                        "expected a row from 0 to " + String(titles[c].count - 1))
                }
                picker.selectRow(Int(row), inComponent: c, animated: false)
            }
        }
        if let height = try object.number("rowHeight") {
            guard height >= 8, height <= 200 else {
                throw object.error(
                    "rowHeight", "expected a row height from 8 to 200 points, not " + describeNumber(height))
            }
            picker.rowHeight = height
        }
        try object.finish()
        return picker
    }
}

/// A picker whose rows are the scene file's titles; it is its own data
/// source and delegate, and logs each new selection.
@usableFromInline final class ScenePickerView: PickerView, PickerViewDataSource, PickerViewDelegate {
    @usableFromInline static let maximumComponents = 8
    @usableFromInline let titles: [[String]]
    @usableFromInline let log: ReplayLog

    @usableFromInline init(frame: Rect, name: String, titles: [[String]], log: ReplayLog) {
        self.titles = titles
        self.log = log
        super.init(frame: frame, name: name)
        dataSource = self
        delegate = self
    }

    @usableFromInline func numberOfComponents(in pickerView: PickerView) -> Int { titles.count }

    @usableFromInline func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        titles[component].count
    }

    @usableFromInline func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
        -> String?
    {
        titles[component][row]
    }

    @usableFromInline func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        log.picker(self, row: row, component: component)
    }
}
