import PanelJSON
import PanelLog
import PanelUI

/// `picker`: a `PickerView` whose components are lists of titles, and
/// `grid`: a `CollectionView` whose sections are (docs/scene-files.md). The
/// picker logs a `picker` line each time a wheel comes to rest on a new row,
/// the grid a `select` line for each item the user selects or deselects.
extension SceneReader {
    /// The value of `key`: 1 to `limit` non-empty lists of titles (strings).
    @usableFromInline func readTitleLists(
        _ object: inout JSONObjectReader, _ key: String, example: String, limit: Int
    ) throws(JSONError) -> [[String]] {
        guard let lists = try object.array(key) else {
            throw object.error(nil, "missing the key '" + key + "' (a list of title lists, as " + example + ")")
        }
        guard !lists.isEmpty, lists.count <= limit else {
            throw object.error(key, "expected 1 to " + String(limit) + " lists of titles, found " + String(lists.count))
        }
        var titles: [[String]] = []
        for c in 0..<lists.count {
            let listPath = object.path(of: key) + "[" + String(c) + "]"
            guard case .array(let rows) = lists[c].kind, !rows.isEmpty else {
                throw error(
                    at: lists[c], listPath,
                    "expected a non-empty list of titles (strings), found " + lists[c].kindDescription)
            }
            var list: [String] = []
            for r in 0..<rows.count {
                guard case .string(let title) = rows[r].kind else {
                    throw error(
                        at: rows[r], listPath + "[" + String(r) + "]",
                        "expected a title (a string), found " + rows[r].kindDescription)
                }
                list.append(title)
            }
            titles.append(list)
        }
        return titles
    }

    @usableFromInline mutating func readPicker(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> PickerView
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let titles = try readTitleLists(
            &object, "components", example: #"[["S", "M", "L"]]"#, limit: ScenePickerView.maximumComponents)
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

extension SceneReader {
    /// `grid`: a `CollectionView` with a flow layout, one cell per title.
    @usableFromInline mutating func readGrid(_ value: JSONValue, path: String, frame: Rect, name: String)
        throws(JSONError) -> CollectionView
    {
        var object = try JSONObjectReader(value, file: file, path: path)
        let titles = try readTitleLists(&object, "sections", example: #"[["Lamp", "Fan"]]"#, limit: 100)
        let layout = CollectionViewFlowLayout()
        if let size = try object.numbers("itemSize", count: 2, shape: "[width, height]") {
            guard size[0] >= 1, size[1] >= 1 else {
                throw object.error(
                    "itemSize",
                    "an item must be at least 1 × 1 point, not "
                        + describeNumber(size[0]) + " × " + describeNumber(size[1]))
            }
            try checkCoordinates(size, object: object, key: "itemSize")
            layout.itemSize = Size(width: size[0], height: size[1])
        } else {
            layout.itemSize = Size(width: 100, height: 80)
        }
        if let spacing = try object.number("spacing") {
            guard spacing >= 0, spacing <= 1000 else {
                throw object.error(
                    "spacing", "expected a spacing from 0 to 1000 points, not " + describeNumber(spacing))
            }
            layout.minimumInteritemSpacing = spacing
            layout.minimumLineSpacing = spacing
        }
        if let inset = try object.number("inset") {
            guard inset >= 0, inset <= 1000 else {
                throw object.error("inset", "expected an inset from 0 to 1000 points, not " + describeNumber(inset))
            }
            layout.sectionInset = EdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
        }
        let grid = SceneGridView(frame: frame, name: name, titles: titles, layout: layout, log: log)
        if let multiple = try object.bool("multipleSelection") { grid.allowsMultipleSelection = multiple }
        try object.finish()
        return grid
    }
}

/// A grid whose items are the scene file's titles; it is its own data
/// source and delegate, and logs each selection and deselection.
@usableFromInline final class SceneGridView: CollectionView, CollectionViewDataSource, CollectionViewDelegate {
    @usableFromInline let titles: [[String]]
    @usableFromInline let log: ReplayLog

    @usableFromInline init(
        frame: Rect, name: String, titles: [[String]], layout: CollectionViewFlowLayout, log: ReplayLog
    ) {
        self.titles = titles
        self.log = log
        super.init(frame: frame, collectionViewLayout: layout, name: name)
        register(SceneGridCell.self, forCellWithReuseIdentifier: "item")
        dataSource = self
        collectionDelegate = self
    }

    @usableFromInline func numberOfSections(in collectionView: CollectionView) -> Int { titles.count }

    @usableFromInline func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        titles[section].count
    }

    @usableFromInline func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> CollectionViewCell
    {
        let cell = dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        (cell as? SceneGridCell)?.title.text = titles[indexPath.section][indexPath.item]
        return cell
    }

    @usableFromInline func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        log.selection(self, indexPath, selected: true)
    }

    @usableFromInline func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.selection(self, indexPath, selected: false)
    }
}

/// A scene grid's cell: a rounded tile with its title centred, the accent colour when selected.
@usableFromInline final class SceneGridCell: CollectionViewCell {
    @usableFromInline let title = Label(name: "title")

    @usableFromInline required init(frame: Rect = .zero, reuseIdentifier: String?) {
        super.init(frame: frame, reuseIdentifier: reuseIdentifier)
        backgroundColor = Theme.standard.surface
        layer.cornerRadius = Theme.standard.cornerRadius
        clipsToBounds = true
        selectedBackgroundView.backgroundColor = Theme.standard.accent
        title.textAlignment = .center
        title.isUserInteractionEnabled = false
        contentView.addSubview(title)
    }

    @usableFromInline override func layoutSubviews() {
        super.layoutSubviews()
        let frame = Rect(x: 4, y: 0, width: max(0, bounds.width - 8), height: bounds.height)
        if title.frame != frame { title.frame = frame }
    }
}
