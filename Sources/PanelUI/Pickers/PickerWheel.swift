/// One component of a `PickerView`: a vertical scroll view of rows whose
/// content insets let the first and the last row reach the centre. It is its
/// own scroll view delegate: `scrollViewWillEndDragging` moves the fling's
/// resting point onto a row, and the end of any motion settles the
/// selection. Rows are shown by a ring of labels, row `r` always by label
/// `r % labels.count`, so a label is re-titled only when its row changes.
@usableFromInline final class PickerWheel: ScrollView, ScrollViewDelegate {
    @usableFromInline var picker = ZeroingReference<PickerView>()
    @usableFromInline let component: Int
    @usableFromInline var rows = 0
    @usableFromInline var rowHeight = 36.0
    /// The row at rest in the centre (0 when there are none).
    @usableFromInline var selectedRow = 0
    @usableFromInline var labels: ContiguousArray<Label> = []
    /// The row each label shows, -1 for none.
    @usableFromInline var labelRows: ContiguousArray<Int> = []
    @usableFromInline let tap = TapGestureRecognizer(name: "picker.tap")

    @usableFromInline init(picker: PickerView, component: Int) {
        self.component = component
        super.init(frame: .zero, name: picker.name.isEmpty ? "" : picker.name + ".component\(component)")
        self.picker = ZeroingReference(picker)
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        alwaysBounceVertical = true
        delaysContentTouches = false
        decelerationRate = .normal
        delegate = self
        tap.addTarget(self, action: PickerWheel.handleTap)
        addGestureRecognizer(tap)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(PickerWheel.self)
    }

    // MARK: Rows

    @usableFromInline func reload() {
        guard let picker = picker.object else { return }
        rows = max(0, picker.dataSource?.pickerView(picker, numberOfRowsInComponent: component) ?? 0)
        let height = picker.delegate?.pickerView(picker, rowHeightForComponent: component) ?? picker.rowHeight
        rowHeight = height > 0 && height < 10_000 ? height : picker.rowHeight
        selectedRow = min(max(0, selectedRow), max(0, rows - 1))
        var i = 0
        while i < labelRows.count {
            labelRows[i] = -1
            labels[i].font = picker.font
            labels[i].textColor = picker.textColor
            i += 1
        }
        placeRows()
    }

    /// Fits the content and the insets to the size, puts the selected row
    /// in the centre when at rest, and makes enough labels for a screenful.
    @usableFromInline func placeRows() {
        let inset = ((bounds.height - rowHeight) / 2).rounded(.down)
        let insets = EdgeInsets(top: inset, left: 0, bottom: bounds.height - rowHeight - inset, right: 0)
        if contentInset != insets { contentInset = insets }
        let size = Size(width: bounds.width, height: Double(rows) * rowHeight)
        if contentSize != size { contentSize = size }
        let needed = rowHeight > 0 ? Int((bounds.height / rowHeight).rounded(.up)) + 2 : 0
        if labels.count < needed, let picker = picker.object {
            while labels.count < needed {
                let label = Label(name: "row")
                label.textAlignment = .center
                label.font = picker.font
                label.textColor = picker.textColor
                label.isUserInteractionEnabled = false
                label.isHidden = true
                insertSubview(label, at: 0)
                labels.append(label)
                labelRows.append(-1)
            }
        }
        if !isDragging && !isDecelerating && !motionY.isActive {
            let offset = Point(x: 0, y: offsetY(forRow: selectedRow))
            if bounds.origin != offset { setBoundsOrigin(offset) }
        }
        showRows()
    }

    @usableFromInline func offsetY(forRow row: Int) -> Double {
        Double(row) * rowHeight - contentInset.top
    }

    /// The row nearest the centre for an offset.
    @usableFromInline func row(atOffsetY y: Double) -> Int {
        guard rows > 0, rowHeight > 0 else { return 0 }
        let row = Int(((y + contentInset.top) / rowHeight).rounded())
        return min(max(0, row), rows - 1)
    }

    override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        showRows()
    }

    /// Gives every row in view its label, title and fade.
    @usableFromInline func showRows() {
        let count = labels.count
        guard count > 0, rowHeight > 0, let picker = picker.object else { return }
        let top = bounds.origin.y
        let height = bounds.height
        let first = max(0, Int((top / rowHeight).rounded(.down)))
        let end = min(rows, Int(((top + height) / rowHeight).rounded(.up)))
        let centre = top + height / 2
        var slot = 0
        while slot < count {
            let label = labels[slot]
            // The row in [first, end) this label shows: the one congruent to its slot.
            let row = first + ((slot - first % count) % count + count) % count
            if row < end {
                if labelRows[slot] != row {
                    labelRows[slot] = row
                    label.text = picker.delegate?.pickerView(picker, titleForRow: row, forComponent: component) ?? ""
                }
                let frame = Rect(x: 0, y: Double(row) * rowHeight, width: bounds.width, height: rowHeight)
                if label.frame != frame { label.frame = frame }
                let distance = min(1, abs(frame.midY - centre) / max(1, height / 2))
                let alpha = ((1 - 0.7 * distance) * 20).rounded() / 20
                if label.alpha != alpha { label.alpha = alpha }
                if label.isHidden { label.isHidden = false }
            } else if !label.isHidden {
                label.isHidden = true
            }
            slot += 1
        }
    }

    // MARK: Selecting

    @usableFromInline func select(_ row: Int, animated: Bool) {
        guard rows > 0 else { return }
        selectedRow = min(max(0, row), rows - 1)
        let offset = Point(x: 0, y: offsetY(forRow: selectedRow))
        if animated && window != nil {
            setContentOffset(offset, animated: true)
        } else {
            stopMotion()
            setBoundsOrigin(offset)
        }
    }

    /// The wheel stopped: the row in the centre is selected, and the
    /// delegate hears it if it changed.
    @usableFromInline func settle() {
        turnTarget = nil
        guard rows > 0 else { return }
        let row = row(atOffsetY: bounds.origin.y)
        let exact = Point(x: 0, y: offsetY(forRow: row))
        if bounds.origin != exact { setBoundsOrigin(exact) }
        guard row != selectedRow else { return }
        selectedRow = row
        picker.object?.wheelDidSelect(self)
    }

    override func restingOffset(near offset: Point) -> Point {
        Point(x: 0, y: offsetY(forRow: row(atOffsetY: offset.y)))
    }

    /// A tap on a row above or below the centre turns it to the centre; a
    /// tap that stopped the wheel between rows lets it rest on the nearest.
    @usableFromInline func handleTap(_ recognizer: GestureRecognizer) {
        guard rows > 0, !motionY.isActive, rowHeight > 0 else { return }
        let y = recognizer.location(in: self).y
        let nearest = row(atOffsetY: bounds.origin.y)
        var target = nearest
        if abs(bounds.origin.y - offsetY(forRow: nearest)) < 1 {
            let tapped = Int((y / rowHeight).rounded(.down))
            guard tapped >= 0, tapped < rows else { return }
            target = tapped
        }
        let offset = Point(x: 0, y: offsetY(forRow: target))
        if offset == bounds.origin {
            settle()
        } else {
            setContentOffset(offset, animated: true)
        }
    }

    // MARK: A rotary encoder (docs/focus.md)

    /// The row a turn of the encoder is spinning the wheel to.
    @usableFromInline var turnTarget: Int?

    override var canBecomeFocused: Bool { rows > 1 }

    /// One detent while adjusting: the next row (down the list) turns to
    /// the centre, and is selected at rest, as a tap on it would.
    override func accessibilityIncrement() { turn(by: 1) }

    override func accessibilityDecrement() { turn(by: -1) }

    @usableFromInline func turn(by step: Int) {
        guard rows > 0 else { return }
        let target = min(max(0, (turnTarget ?? selectedRow) + step), rows - 1)
        guard target != (turnTarget ?? selectedRow) else { return }
        turnTarget = target
        let offset = Point(x: 0, y: offsetY(forRow: target))
        if window != nil {
            setContentOffset(offset, animated: true)
        } else {
            setBoundsOrigin(offset)
            settle()
        }
    }

    // MARK: As its own scroll view delegate

    @usableFromInline func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {
        targetContentOffset = Point(x: 0, y: offsetY(forRow: row(atOffsetY: targetContentOffset.y)))
    }

    @usableFromInline func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    @usableFromInline func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { settle() }

    @usableFromInline func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { settle() }
}
