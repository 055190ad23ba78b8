// Right-to-left editing: the caret moves by what is on screen.
//
// Text holding right-to-left letters is reordered on its line (UAX #9), so
// the place after one cluster is not always where the place before the next
// one is drawn. As Pango's `pango_layout_move_cursor_visually` and Qt's
// `QTextLayout::rightCursorPosition` do, the arrows step between the caret
// stops on screen: the edges of the clusters, in the order they are drawn.
// A stop between two clusters stands for the place in the text next to the
// one that reads in the paragraph's direction (so that what is typed there
// in that direction appears there), and the line's two ends for the text's
// start and end. Each cluster's edges are its leading pen
// (`boundaryPositions`) and trailing pen (`boundaryTrailing`), both from
// the text driver's layout: a scan, allocating nothing.

extension TextField {
    /// How close two pens (points) must be to be the same stop.
    @usableFromInline static let caretStopTolerance = 0.01

    /// The caret's x in the text, in points from its start: where an arrow
    /// or a tap put it, else after the cluster before it (its trailing edge).
    public var caretInText: Double {
        layoutTextIfNeeded()
        if visualCaretOffset == selectionEnd && selectionStart == selectionEnd { return visualCaretX }
        let k = boundaryIndex(ofOffset: selectionEnd)
        guard textHasRightToLeft, k > 0, k < boundaryTrailing.count else { return boundaryPositions[k] }
        return boundaryTrailing[k]
    }

    /// Moves the caret to the next caret stop to the right (or left) on
    /// screen: by a cluster forward in left-to-right text, backward in
    /// right-to-left text, and across where the two meet as they are drawn.
    /// A selection collapses to its end on that side first.
    public final func moveCaretVisually(toRight: Bool) {
        layoutTextIfNeeded()
        guard textHasRightToLeft, selectionStart == selectionEnd else {
            return moveCaret(by: toRight == !paragraphIsRightToLeft ? 1 : -1)
        }
        let x = caretInText
        let tolerance = TextField.caretStopTolerance
        var best = Double.nan
        var g = 0
        while g < boundaries.count - 1 {
            let a = boundaryPositions[g]
            let b = boundaryTrailing[g + 1]
            g += 1
            guard a != b else { continue } // takes no room: no stop of its own
            var edge = min(a, b)
            var e = 0
            while e < 2 {
                let beyond = toRight ? edge > x + tolerance : edge < x - tolerance
                if beyond && (best.isNaN || (toRight ? edge < best : edge > best)) { best = edge }
                edge = max(a, b)
                e += 1
            }
        }
        guard !best.isNaN else { return } // at the line's end already
        placeCaret(atStop: best)
    }

    /// The caret stop (a cluster's edge, points from the text's start) nearest to `x`.
    @usableFromInline final func nearestCaretStop(to x: Double) -> Double {
        var best = boundaryPositions[0]
        var g = 0
        while g < boundaries.count - 1 {
            let a = boundaryPositions[g]
            let b = boundaryTrailing[g + 1]
            if (a - x).magnitude < (best - x).magnitude { best = a }
            if (b - x).magnitude < (best - x).magnitude { best = b }
            g += 1
        }
        return best
    }

    /// Puts the caret at the stop at `x` (points from the text's start), and
    /// in the text at the place that stop stands for.
    @usableFromInline final func placeCaret(atStop x: Double) {
        let offset = boundaries[boundaryIndex(atStop: x)]
        selectionStart = offset
        selectionEnd = offset
        visualCaretOffset = offset
        visualCaretX = x
        caretDidMove()
    }

    /// The boundary (index into `boundaries`) a caret at stop `x` stands
    /// for. The cluster left of the stop ends there on its right edge (after
    /// it when it reads left to right, before it when right to left), the
    /// one right of it begins there; where they differ, the one reading in
    /// the paragraph's direction decides. The line's ends are the text's
    /// start and end (which end is which by the paragraph's direction).
    @usableFromInline final func boundaryIndex(atStop x: Double) -> Int {
        let clusters = boundaries.count - 1
        guard clusters > 0, textHasRightToLeft else { return boundaryIndex(nearestX: x + textOriginX) }
        let tolerance = TextField.caretStopTolerance
        var left = -1 // the cluster whose right edge is at x
        var right = -1 // the cluster whose left edge is at x
        var g = 0
        while g < clusters {
            let a = boundaryPositions[g]
            let b = boundaryTrailing[g + 1]
            if a != b {
                if left < 0 && (max(a, b) - x).magnitude <= tolerance { left = g }
                if right < 0 && (min(a, b) - x).magnitude <= tolerance { right = g }
            }
            g += 1
        }
        let startOnRight = paragraphIsRightToLeft
        if right < 0 { return startOnRight ? 0 : clusters } // the line's right end
        if left < 0 { return startOnRight ? clusters : 0 } // its left end
        let leftIsRightToLeft = boundaryTrailing[left + 1] < boundaryPositions[left]
        let rightIsRightToLeft = boundaryTrailing[right + 1] < boundaryPositions[right]
        let afterLeft = leftIsRightToLeft ? left : left + 1
        let beforeRight = rightIsRightToLeft ? right + 1 : right
        if paragraphIsRightToLeft {
            if rightIsRightToLeft { return beforeRight }
            return leftIsRightToLeft ? afterLeft : beforeRight
        }
        if !leftIsRightToLeft { return afterLeft }
        return rightIsRightToLeft ? afterLeft : beforeRight
    }
}
