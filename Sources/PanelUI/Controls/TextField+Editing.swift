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

    /// The index in `boundaries` of the last boundary at or before `offset`.
    @usableFromInline final func boundaryIndex(ofOffset offset: Int) -> Int {
        layoutTextIfNeeded()
        var low = 0
        var high = boundaries.count - 1
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
        boundaryTrailing.reserveCapacity(bytes + 1)
        scalarTrailing.reserveCapacity(bytes + 1)
        // The clusters around an edit, or a long text's part in view (a field's width of text, far less).
        pieceText.reserveCapacity(TextField.wholeTextDrawLimit)
        pieceBoundaries.reserveCapacity(32)
        piecePositions.reserveCapacity(32)
    }

    // MARK: Edits

    /// Replaces the UTF-8 range `start..<end` (on grapheme boundaries) with
    /// `string`, if the delegate agrees; the caret lands after it and
    /// `.editingChanged` is sent.
    @usableFromInline final func replaceCharacters(from start: Int, to end: Int, with string: String) {
        guard start != end || !string.isEmpty else { return }
        let lower = utf8Index(start)
        let upper = utf8Index(end)
        if let delegate, !delegate.textField(self, shouldChangeCharactersIn: lower..<upper, replacementString: string) {
            return
        }
        storage.replaceSubrange(lower..<upper, with: string)
        visualCaretOffset = -1
        selectionStart = start + string.utf8.count
        selectionEnd = selectionStart
        if layOutEdit(replacing: start, end, byteCount: string.utf8.count) {
            setNeedsDisplay()
        } else {
            textLayoutDidChange()
        }
        caretDidMove()
        sendActions(for: .editingChanged)
    }

    /// Moves the caret `steps` grapheme clusters (negative: back), collapsing
    /// a selection to its end in that direction first, as text editors do.
    public final func moveCaret(by steps: Int) {
        layoutTextIfNeeded()
        visualCaretOffset = -1
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
        visualCaretOffset = -1
        caretDidMove()
    }

    /// The caret moved: keep it in view, show it solid, redraw.
    @usableFromInline final func caretDidMove() {
        layoutTextIfNeeded()
        scrollCaretToVisible()
        if isEditing { restartCaretBlink() }
        if !loupe.isHidden {
            loupe.setNeedsDisplay()
            placeLoupe()
        }
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
        return lineWidth
    }

    /// The laid-out line's width: the pen after the text's end, or, when the
    /// text holds right-to-left characters (reordered on the line, so their
    /// pens are not in order), the farthest pen.
    @usableFromInline final var lineWidth: Double {
        let end = boundaryPositions[boundaryPositions.count - 1]
        guard !isSecureTextEntry, TextAlignment.containsRightToLeft(text) else { return end }
        var widest = end
        var i = 0
        while i < boundaryPositions.count {
            widest = max(widest, boundaryPositions[i])
            i += 1
        }
        return widest
    }

    /// Measures the grapheme boundaries' pen positions, with the window's
    /// text driver (or the estimate of `TextMetricsEstimate` when there is
    /// none yet), then scrolls the caret into view. The whole text: an edit
    /// lays out only what it changed (`layOutEdit(replacing:_:byteCount:)`).
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
        textWork &+= boundaries.count
        textHasLineBreak = false
        for scalar in scalars where LineBreakMode.endsLine(scalar) {
            textHasLineBreak = true
            break
        }
        textHasRightToLeft = !isSecureTextEntry && TextAlignment.containsRightToLeft(storage)
        paragraphIsRightToLeft = textHasRightToLeft && TextAlignment.readsRightToLeft(storage)
        if isSecureTextEntry {
            bullets.removeAll(keepingCapacity: true)
            var k = 1
            while k < boundaries.count {
                bullets.append("\u{2022}")
                k += 1
            }
        }
        measurePens(isSecureTextEntry ? bullets : storage, withTrailingEdges: textHasRightToLeft)
        boundaryPositions.removeAll(keepingCapacity: true)
        boundaryTrailing.removeAll(keepingCapacity: true)
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
                if textHasRightToLeft {
                    // After the cluster that ends here: its last scalar's trailing edge.
                    let last = min(scalarIndex, scalarTrailing.count) - 1
                    boundaryTrailing.append(k == 0 || last < 0 ? boundaryPositions[k] : scalarTrailing[last])
                }
                k += 1
            }
        }
        keepSelectionOnBoundaries()
        scrollCaretToVisible()
    }

    /// An edit can merge clusters around the caret (a combining mark, a
    /// second regional indicator): keep each end on a boundary, moving forward.
    @usableFromInline final func keepSelectionOnBoundaries() {
        selectionEnd = boundaryAtOrAfter(selectionEnd)
        selectionStart = min(boundaryAtOrAfter(selectionStart), selectionEnd)
    }

    /// The pen before each Unicode scalar of `text` and after the last, in
    /// points, into `scalarPositions`: the window's text driver's, or
    /// `TextMetricsEstimate`'s when there is none yet.
    @usableFromInline final func measurePens(_ text: String, withTrailingEdges: Bool = false) {
        if let window, let measurer = window.textMeasurer {
            if withTrailingEdges {
                measurer.penPositions(
                    text, font: font, scale: window.textMeasurerScale, into: &scalarPositions,
                    trailingEdges: &scalarTrailing)
            } else {
                measurer.penPositions(text, font: font, scale: window.textMeasurerScale, into: &scalarPositions)
            }
        } else {
            scalarPositions.removeAll(keepingCapacity: true)
            let advance = font.size * TextMetricsEstimate.averageAdvance
            var pen = 0.0
            scalarPositions.append(pen)
            for _ in text.unicodeScalars {
                pen += advance
                scalarPositions.append(pen)
            }
            if withTrailingEdges {
                scalarTrailing.removeAll(keepingCapacity: true)
                var s = 1
                while s < scalarPositions.count {
                    scalarTrailing.append(scalarPositions[s])
                    s += 1
                }
            }
        }
        textWork &+= scalarPositions.count
    }

    /// Lays out only what an edit changed, so that a key costs the same in a
    /// long text as in a short one: `start..<end` (UTF-8 offsets on
    /// boundaries of the text before it) became `byteCount` bytes.
    ///
    /// Grapheme breaks before the edit stay, except the one at it (a
    /// combining mark joins the cluster before), and a pen depends only on
    /// the text up to it, kerning included. So the clusters from the one
    /// before the edit to the first boundary the old and the new text share
    /// after it are walked again, and measured with the cluster after that
    /// (for its kerning); the boundaries and pens after them move by the
    /// edit's length and width; a secure field's bullets change in number
    /// only (`layOutBullets()`). False, changing nothing, when the whole
    /// text must be laid out: not laid out yet, or holding a line break (the
    /// driver starts a line there).
    @usableFromInline final func layOutEdit(replacing start: Int, _ end: Int, byteCount: Int) -> Bool {
        // A secure field extends its bullets' steps: it needs two of them.
        // Right-to-left text is reordered on its line: a pen there depends on what follows it too.
        guard !needsTextLayout, !textHasLineBreak, !textHasRightToLeft, !isSecureTextEntry || boundaries.count >= 3
        else { return false }
        let utf8 = storage.utf8
        let newEnd = start + byteCount
        let inserted = storage.unicodeScalars[
            utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: newEnd)]
        for scalar in inserted where LineBreakMode.endsLine(scalar) || TextAlignment.isRightToLeftLetter(scalar.value) {
            return false
        }
        let atEdit = boundaryIndex(ofOffset: start)
        let afterEdit = boundaryIndex(ofOffset: end)
        guard boundaries[atEdit] == start, boundaries[afterEdit] == end else { return false }
        let first = max(atEdit - 1, 0)
        let shift = byteCount - (end - start)

        // The new boundaries from the cluster before the edit to one the old text has too.
        pieceBoundaries.removeAll(keepingCapacity: true)
        pieceBoundaries.append(boundaries[first])
        var index = utf8.index(utf8.startIndex, offsetBy: boundaries[first])
        var shared = afterEdit
        while index < storage.endIndex {
            index = storage.index(after: index)
            let offset = utf8.distance(from: utf8.startIndex, to: index)
            pieceBoundaries.append(offset)
            guard offset >= newEnd else { continue }
            while shared < boundaries.count - 1 && boundaries[shared] < offset - shift { shared += 1 }
            if boundaries[shared] == offset - shift { break }
        }
        textWork &+= pieceBoundaries.count
        // Both texts end on a boundary: an edit at the end shares that one.
        if boundaries[shared] != pieceBoundaries[pieceBoundaries.count - 1] - shift { shared = boundaries.count - 1 }

        if isSecureTextEntry {
            Self.splice(&boundaries, replacing: first, through: shared, with: pieceBoundaries, shiftingRestBy: shift)
            layOutBullets()
            keepSelectionOnBoundaries()
            scrollCaretToVisible()
            return true
        }

        // Measured with the next cluster, whose kerning against the last one moves it.
        let pieceStart = utf8.index(utf8.startIndex, offsetBy: boundaries[first])
        let pieceEnd = index < storage.endIndex ? storage.index(after: index) : index
        pieceText.removeAll(keepingCapacity: true)
        pieceText.append(contentsOf: storage[pieceStart..<pieceEnd])
        measurePens(pieceText)
        let origin = boundaryPositions[first]
        piecePositions.removeAll(keepingCapacity: true)
        var scalarIndex = 0
        var offset = boundaries[first]
        var scalars = pieceText.unicodeScalars.makeIterator()
        var k = 0
        while k < pieceBoundaries.count {
            while offset < pieceBoundaries[k], let scalar = scalars.next() {
                offset += UTF8.width(scalar)
                scalarIndex += 1
            }
            piecePositions.append(origin + scalarPositions[min(scalarIndex, scalarPositions.count - 1)])
            k += 1
        }
        let widthShift = piecePositions[piecePositions.count - 1] - boundaryPositions[shared]
        Self.splice(&boundaries, replacing: first, through: shared, with: pieceBoundaries, shiftingRestBy: shift)
        Self.splice(
            &boundaryPositions, replacing: first, through: shared, with: piecePositions, shiftingRestBy: widthShift)
        keepSelectionOnBoundaries()
        scrollCaretToVisible()
        return true
    }

    /// A secure field's bullets and their pens after an edit: a bullet a
    /// cluster, all alike, so boundary k's pen depends on k alone and only
    /// their number changes; a new one is a step (advance and kerning) past
    /// the last, as measured for the two before it.
    @usableFromInline final func layOutBullets() {
        while boundaryPositions.count < boundaries.count {
            let last = boundaryPositions[boundaryPositions.count - 1]
            boundaryPositions.append(last + (last - boundaryPositions[boundaryPositions.count - 2]))
            bullets.append("\u{2022}")
            textWork &+= 1
        }
        while boundaryPositions.count > boundaries.count {
            boundaryPositions.removeLast()
            bullets.removeLast()
            textWork &+= 1
        }
    }

    /// Replaces `array[lower...upper]` with `new`, adding `shift` to every
    /// element after them. Moved by hand: the standard `replaceSubrange`
    /// allocates in unoptimized builds. Costs the elements after them, none
    /// for an edit at the end.
    @usableFromInline static func splice<Element: AdditiveArithmetic>(
        _ array: inout [Element], replacing lower: Int, through upper: Int, with new: [Element],
        shiftingRestBy shift: Element
    ) {
        let count = array.count
        let growth = new.count - (upper - lower + 1)
        if growth > 0 {
            var g = 0
            while g < growth {
                array.append(.zero)
                g += 1
            }
            var i = count - 1
            while i > upper {
                array[i + growth] = array[i] + shift
                i -= 1
            }
        } else {
            var i = upper + 1
            while i < count {
                array[i + growth] = array[i] + shift
                i += 1
            }
            array.removeLast(-growth)
        }
        var j = 0
        while j < new.count {
            array[lower + j] = new[j]
            j += 1
        }
    }

    // MARK: The part drawn

    /// A text up to this many UTF-8 bytes is drawn whole; of a longer one,
    /// only the part in view (`drawnBoundaries(from:to:)`).
    @usableFromInline static let wholeTextDrawLimit = 1024

    /// The first and last boundary (indices into `boundaries`) of what to
    /// draw of the text for its span `left ... right` (points from its
    /// start): all of it when it is short or has a line break; else the
    /// clusters reaching into the span, with a font size more either side
    /// for ink past the advances. Found by binary search: a long text costs
    /// its part in view.
    @usableFromInline final func drawnBoundaries(from left: Double, to right: Double) -> (first: Int, last: Int) {
        layoutTextIfNeeded()
        let end = boundaries.count - 1
        let bytes = isSecureTextEntry ? bullets.utf8.count : storage.utf8.count
        guard bytes > TextField.wholeTextDrawLimit, !textHasLineBreak else { return (0, end) }
        let margin = font.size
        var low = 0
        var high = end
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaryPositions[middle] <= left - margin { low = middle } else { high = middle - 1 }
        }
        let first = low
        high = end
        while low < high {
            let middle = (low + high) / 2
            if boundaryPositions[middle] >= right + margin { high = middle } else { low = middle + 1 }
        }
        return (first, low)
    }

    /// The drawn text (`displayedText`) from boundary `first` to `last`:
    /// the text itself when that is all of it, else a copy of the part in
    /// `pieceText`'s storage, reused.
    @usableFromInline final func drawnText(_ first: Int, _ last: Int) -> String {
        let drawn = isSecureTextEntry ? bullets : storage
        textWork &+= last - first
        guard first > 0 || last < boundaries.count - 1 else { return drawn }
        let utf8 = drawn.utf8
        // A bullet is 3 bytes, one a grapheme.
        let lower = isSecureTextEntry ? 3 * first : boundaries[first]
        let upper = isSecureTextEntry ? 3 * last : boundaries[last]
        pieceText.removeAll(keepingCapacity: true)
        pieceText.append(
            contentsOf: drawn[
                utf8.index(utf8.startIndex, offsetBy: lower)..<utf8.index(utf8.startIndex, offsetBy: upper)])
        return pieceText
    }

    // MARK: Scrolling and positions

    /// The x of the text's start in the bounds: aligned when the text fits;
    /// when it does not, scrolled to the caret while editing, else showing its start.
    public var textOriginX: Double {
        layoutTextIfNeeded()
        let rect = textRect
        let width = lineWidth
        guard width <= rect.width else { return rect.minX - scrollOffset }
        switch resolvedTextAlignment(textAlignment, for: text) {
        case .left, .natural: return rect.minX
        case .center: return rect.minX + (rect.width - width) / 2
        case .right: return rect.maxX - width
        }
    }

    /// The caret's x in the bounds.
    public var caretX: Double {
        layoutTextIfNeeded()
        return textOriginX + caretInText
    }

    /// Scrolls so the caret is inside `textRect`, and no further than the
    /// text needs (no gap after its end).
    @usableFromInline final func scrollCaretToVisible() {
        guard !needsTextLayout else { return }
        // A field not being edited shows the start of its text.
        guard isEditing else {
            scrollOffset = 0
            return
        }
        let rect = textRect
        let width = lineWidth
        let room = rect.width - theme.caretWidth
        guard width > room, room > 0 else {
            scrollOffset = 0
            return
        }
        let caret = caretInText
        if caret - scrollOffset > room { scrollOffset = caret - room }
        if caret - scrollOffset < 0 { scrollOffset = caret }
        scrollOffset = min(max(scrollOffset, 0), width - room)
    }

    /// The grapheme boundary nearest to `x` in the bounds, as an index into `boundaries`.
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
