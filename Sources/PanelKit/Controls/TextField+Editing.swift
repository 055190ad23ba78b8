// The editing model: the text as UTF-8, the caret on grapheme boundaries,
// and the cached boundaries and pen positions that place the caret and
// scroll the text. Nothing here builds a string per key: edits replace
// bytes in place in storage reserved when editing began.

extension TextField {
    /// Room for this many UTF-8 bytes more than the text has is reserved when
    /// editing begins, so typing does not grow the storage key by key.
    public static let editingReserve = 128

    // MARK: Offsets and boundaries

    @usableFromInline final func utf8Index(_ offset: Int) -> String.Index {
        storage.utf8.index(storage.utf8.startIndex, offsetBy: min(max(offset, 0), storage.utf8.count))
    }

    /// The index in ``boundaries`` of the last boundary at or before `offset`.
    @usableFromInline final func boundaryIndex(ofOffset offset: Int) -> Int {
        layoutTextIfNeeded()
        var low = 0, high = boundaries.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaries[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first grapheme boundary at or after `offset` (the end past it).
    @usableFromInline final func boundaryAtOrAfter(_ offset: Int) -> Int {
        let index = boundaryIndex(ofOffset: offset)
        guard boundaries[index] < offset else { return boundaries[index] }
        return boundaries[min(index + 1, boundaries.count - 1)]
    }

    /// `offset` moved back to a grapheme boundary.
    @usableFromInline final func snappedToBoundary(_ offset: Int) -> Int {
        boundaries[boundaryIndex(ofOffset: offset)]
    }

    @usableFromInline final func reserveEditingCapacity() {
        let bytes = storage.utf8.count + TextField.editingReserve
        storage.reserveCapacity(bytes)
        // A bullet is 3 bytes; one per grapheme is at most one per byte.
        bullets.reserveCapacity(3 * bytes)
        boundaries.reserveCapacity(bytes + 1)
        boundaryPositions.reserveCapacity(bytes + 1)
        scalarPositions.reserveCapacity(bytes + 1)
    }

    // MARK: Edits

    /// Replaces the UTF-8 range `start..<end` (on grapheme boundaries) with
    /// `string`, if the delegate agrees; the caret lands after it and
    /// `.editingChanged` is sent.
    @usableFromInline final func replaceCharacters(from start: Int, to end: Int, with string: String) {
        guard start != end || !string.isEmpty else { return }
        let lower = utf8Index(start), upper = utf8Index(end)
        if let delegate, !delegate.textField(self, shouldChangeCharactersIn: lower..<upper, replacementString: string) {
            return
        }
        storage.replaceSubrange(lower..<upper, with: string)
        selectionStart = start + string.utf8.count
        selectionEnd = selectionStart
        textLayoutDidChange()
        caretDidMove()
        sendActions(for: .editingChanged)
    }

    /// Moves the caret `steps` grapheme clusters (negative: back), collapsing
    /// a selection to its end in that direction first, as text editors do.
    public final func moveCaret(by steps: Int) {
        layoutTextIfNeeded()
        if selectionStart != selectionEnd {
            let offset = steps < 0 ? selectionStart : selectionEnd
            selectionStart = offset
            selectionEnd = offset
            caretDidMove()
            return
        }
        let index = boundaryIndex(ofOffset: selectionEnd)
        moveCaret(toBoundary: max(0, index + steps))
    }

    /// Puts the caret at boundary `index` (0 is the start; past the end is the end).
    @usableFromInline final func moveCaret(toBoundary index: Int) {
        layoutTextIfNeeded()
        let offset = boundaries[min(index, boundaries.count - 1)]
        selectionStart = offset
        selectionEnd = offset
        caretDidMove()
    }

    /// The caret moved: keep it in view, show it solid, redraw.
    @usableFromInline final func caretDidMove() {
        layoutTextIfNeeded()
        scrollCaretToVisible()
        if isEditing { restartCaretBlink() }
        if !loupe.isHidden { loupe.setNeedsDisplay(); placeLoupe() }
        setNeedsDisplay()
    }

    /// The text, font, alignment or size changed: boundaries and positions
    /// are measured again before they are next used.
    @usableFromInline final func textLayoutDidChange() {
        needsTextLayout = true
        setNeedsDisplay()
    }

    // MARK: Layout cache

    /// Where text is laid out: the bounds less the theme's padding.
    public var textRect: Rect {
        bounds.insetBy(dx: theme.textFieldPadding, dy: 0)
    }

    /// The drawn text's width, in points.
    public var textWidth: Double {
        layoutTextIfNeeded()
        return boundaryPositions[boundaryPositions.count - 1]
    }

    /// Measures the grapheme boundaries' pen positions, with the window's
    /// text driver (or the estimate of ``TextMetricsEstimate`` when there is
    /// none yet), then scrolls the caret into view.
    @usableFromInline final func layoutTextIfNeeded() {
        guard needsTextLayout else { return }
        needsTextLayout = false
        let scalars = storage.unicodeScalars
        boundaries.removeAll(keepingCapacity: true)
        boundaries.append(0)
        // Grapheme boundaries by String's own breaking, walked by index:
        // a `Character` over 15 bytes (a ZWJ family) would allocate.
        var index = storage.startIndex
        while index < storage.endIndex {
            index = storage.index(after: index)
            boundaries.append(storage.utf8.distance(from: storage.utf8.startIndex, to: index))
        }
        if isSecureTextEntry {
            bullets.removeAll(keepingCapacity: true)
            var k = 1
            while k < boundaries.count {
                bullets.append("\u{2022}")
                k += 1
            }
        }
        let drawn = isSecureTextEntry ? bullets : storage
        if let window, let measurer = window.textMeasurer {
            measurer.penPositions(drawn, font: font, scale: window.textMeasurerScale, into: &scalarPositions)
        } else {
            scalarPositions.removeAll(keepingCapacity: true)
            let advance = font.size * TextMetricsEstimate.averageAdvance
            var pen = 0.0
            scalarPositions.append(pen)
            for _ in drawn.unicodeScalars {
                pen += advance
                scalarPositions.append(pen)
            }
        }
        boundaryPositions.removeAll(keepingCapacity: true)
        if isSecureTextEntry {
            // One bullet per grapheme: boundary k is before bullet k.
            var k = 0
            while k < boundaries.count {
                boundaryPositions.append(scalarPositions[min(k, scalarPositions.count - 1)])
                k += 1
            }
        } else {
            // Count scalars up to each boundary.
            var scalarIndex = 0
            var s = scalars.startIndex
            var k = 0
            while k < boundaries.count {
                let target = boundaries[k]
                while s < scalars.endIndex, storage.utf8.distance(from: storage.utf8.startIndex, to: s) < target {
                    s = scalars.index(after: s)
                    scalarIndex += 1
                }
                boundaryPositions.append(scalarPositions[min(scalarIndex, scalarPositions.count - 1)])
                k += 1
            }
        }
        // An edit can merge clusters around the caret (a combining mark, a
        // second regional indicator): keep each end on a boundary, moving forward.
        selectionEnd = boundaryAtOrAfter(selectionEnd)
        selectionStart = min(boundaryAtOrAfter(selectionStart), selectionEnd)
        scrollCaretToVisible()
    }

    // MARK: Scrolling and positions

    /// The x of the text's start in the bounds: aligned when the text fits;
    /// when it does not, scrolled to the caret while editing, else showing its start.
    public var textOriginX: Double {
        layoutTextIfNeeded()
        let rect = textRect
        let width = boundaryPositions[boundaryPositions.count - 1]
        guard width <= rect.width else { return rect.minX - scrollOffset }
        switch textAlignment {
        case .left: return rect.minX
        case .center: return rect.minX + (rect.width - width) / 2
        case .right: return rect.maxX - width
        }
    }

    /// The caret's x in the bounds.
    public var caretX: Double {
        layoutTextIfNeeded()
        return textOriginX + boundaryPositions[boundaryIndex(ofOffset: selectionEnd)]
    }

    /// Scrolls so the caret is inside ``textRect``, and no further than the
    /// text needs (no gap after its end).
    @usableFromInline final func scrollCaretToVisible() {
        guard !needsTextLayout else { return }
        // A field not being edited shows the start of its text.
        guard isEditing else {
            scrollOffset = 0
            return
        }
        let rect = textRect
        let width = boundaryPositions[boundaryPositions.count - 1]
        let room = rect.width - theme.caretWidth
        guard width > room, room > 0 else {
            scrollOffset = 0
            return
        }
        let caret = boundaryPositions[boundaryIndex(ofOffset: selectionEnd)]
        if caret - scrollOffset > room { scrollOffset = caret - room }
        if caret - scrollOffset < 0 { scrollOffset = caret }
        scrollOffset = min(max(scrollOffset, 0), width - room)
    }

    /// The grapheme boundary nearest to `x` in the bounds, as an index into ``boundaries``.
    @usableFromInline final func boundaryIndex(nearestX x: Double) -> Int {
        layoutTextIfNeeded()
        let local = x - textOriginX
        var best = 0
        var bestDistance = Double.infinity
        var k = 0
        while k < boundaryPositions.count {
            let distance = (boundaryPositions[k] - local).magnitude
            if distance < bestDistance {
                best = k
                bestDistance = distance
            }
            k += 1
        }
        return best
    }
}
