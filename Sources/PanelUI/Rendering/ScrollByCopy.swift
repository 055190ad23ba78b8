/// Scrolling by copy: when a scroll view's content moved since the last frame
/// (`Window.pendingScroll`), the pixels already drawn are moved inside the
/// framebuffer and only what the move cannot give is drawn: the band the
/// content uncovered, what was marked changed, and what lies over the content
/// (views after it in paint order, the focus ring). The frame is the one a
/// full redraw would draw, pixel for pixel (ScrollByCopyTests).
///
/// The move is exact because the content is drawn at whole-pixel offsets
/// (`ViewTable.snappedDrawing`), at a power-of-two scale (the
/// offsets are exact in binary), over the scroll view's own opaque
/// background, which looks the same wherever the content is. Anything else
/// (a translucent or rounded scroll view, one inside a view that cuts or
/// borders it, a rotated one) is drawn again whole, as before.
extension Renderer {
    /// Moves the content of `scroll`'s view and adds to `dirty` (points) what
    /// must still be drawn; returns the pixels moved, which the frame presents
    /// though it does not draw them, or `nil` when nothing was moved (its view's
    /// area is then in `dirty`, with what was marked before it moved).
    @usableFromInline func scrollByCopy(
        _ scroll: Window.PendingScroll, in window: Window, previousFocusRing: FocusRing?,
        into framebuffer: Framebuffer, dirty: inout DirtyRegion
    ) -> Rect? {
        let table = window.viewTable
        let index = scroll.tableIndex
        guard !table.needsRebuild, index < table.storage.count else {
            dirty = DirtyRegion(window.bounds)
            return nil
        }
        let scale = window.displayScale
        let entry = table.storage[index]
        let area =
            entry.drawClipInWindow == ViewTable.unboundedClip
            ? entry.drawFrameInWindow : entry.drawFrameInWindow.intersection(entry.drawClipInWindow)
        // (No local functions here: one that captures `dirty` makes a debug build allocate a frame.)
        guard let area, let moving = Self.movingPixels(of: entry, in: table, area: area, scale: scale),
            let inner = moving.intersection(framebuffer.bounds), !inner.isEmpty
        else { return Self.drawWhole(area, after: scroll, into: &dirty) }
        // The content's offset as drawn then and now (both on whole pixels), in
        // pixels: the content moved the other way.
        let origin = entry.drawBounds.origin
        let dx = ((scroll.drawnOrigin.x - origin.x) * scale).rounded()
        let dy = ((scroll.drawnOrigin.y - origin.y) * scale).rounded()
        let innerPoints = Rect(
            x: inner.minX / scale, y: inner.minY / scale, width: inner.width / scale, height: inner.height / scale)
        // Moved out of sight, or everything marked already covering the view: nothing to gain.
        guard abs(dx) < inner.width, abs(dy) < inner.height, dx.isFinite, dy.isFinite,
            !dirty.covers(innerPoints), !scroll.markedBefore.covers(innerPoints)
        else { return Self.drawWhole(area, after: scroll, into: &dirty) }

        framebuffer.move(inner, byX: Int(dx), y: Int(dy))
        window.framesScrolledByCopy &+= 1
        let shift = Point(x: dx / scale, y: dy / scale)
        // The band the content uncovered, on each axis it moved along.
        if dy > 0 {
            dirty.add(Rect(x: innerPoints.minX, y: innerPoints.minY, width: innerPoints.width, height: shift.y))
        }
        if dy < 0 {
            dirty.add(
                Rect(x: innerPoints.minX, y: innerPoints.maxY + shift.y, width: innerPoints.width, height: -shift.y))
        }
        if dx > 0 {
            dirty.add(Rect(x: innerPoints.minX, y: innerPoints.minY, width: shift.x, height: innerPoints.height))
        }
        if dx < 0 {
            dirty.add(
                Rect(x: innerPoints.maxX + shift.x, y: innerPoints.minY, width: -shift.x, height: innerPoints.height))
        }
        // The view's pixels not wholly inside it (fractional edges), drawn as they are.
        Self.addEdges(of: area, around: innerPoints, to: &dirty)
        // Marked before the content moved: there, and where its pixels went.
        for rect in scroll.markedBefore {
            dirty.add(rect)
            if let part = rect.offsetBy(dx: shift.x, dy: shift.y).intersection(innerPoints) { dirty.add(part) }
        }
        // What is drawn over the content stays put: where it is, and where its pixels were moved.
        var i = Int(entry.subtreeEnd)
        while i < table.storage.count {
            let flags = table.storage[i].flags
            if flags.contains(.hidden) || flags.contains(.nonFinite) || !(table.storage[i].drawAlphaInWindow > 0) {
                i = Int(table.storage[i].subtreeEnd)
                continue
            }
            Self.mark(table.storage[i].drawVisualFrameInWindow, movedBy: shift, within: innerPoints, in: &dirty)
            i += 1
        }
        if let ring = previousFocusRing { Self.mark(ring.rect, movedBy: shift, within: innerPoints, in: &dirty) }
        if let ring = window.focusRing { Self.mark(ring.rect, movedBy: shift, within: innerPoints, in: &dirty) }
        return inner
    }

    // Constants, not array literals: a literal of options allocates an array in a debug build.
    /// A scroll view drawn through an offscreen, or with a layer drawn over or cutting its content.
    @usableFromInline static let partsThatStopTheMove = ViewTable.LayerParts.transformed
        .union(.border).union(.rounded).union(.roundedMask)
    /// An ancestor drawn through an offscreen, or whose border or corners are drawn over its subtree.
    @usableFromInline static let ancestorPartsThatStopTheMove = ViewTable.LayerParts.transformed
        .union(.border).union(.roundedMask)

    /// The whole pixels of the scroll view at `entry` whose content may be
    /// moved: inside its visible `area` (points), over its own opaque
    /// background, drawn at full alpha, with nothing of its own or its
    /// ancestors' layers drawn over its content; `nil` when there are none.
    @usableFromInline static func movingPixels(
        of entry: ViewTable.Entry, in table: ViewTable, area: Rect, scale: Double
    ) -> Rect? {
        // Offsets of whole pixels are exact in binary only at a power-of-two scale (1, 2, 4).
        guard scale > 0, scale.significandWidth == 0 else { return nil }
        let flags = entry.flags
        guard flags.contains(.clipsToBounds), !flags.contains(.hidden), !flags.contains(.nonFinite),
            !flags.contains(.presenting), entry.drawAlphaInWindow >= 1,
            entry.layerParts.isDisjoint(with: Self.partsThatStopTheMove)
        else { return nil }
        let background = entry.unretainedView._withUnsafeGuaranteedRef { $0.backgroundColor }
        guard let background, background.alpha == 255 else { return nil }
        var parent = Int(entry.parent)
        while parent >= 0 {
            let parts = table.storage[parent].layerParts
            // An ancestor's border or masked corners are drawn over its subtree.
            if !parts.isDisjoint(with: Self.ancestorPartsThatStopTheMove) { return nil }
            parent = Int(table.storage[parent].parent)
        }
        // A pixel in from each edge: an edge a hair off a whole pixel (an ulp of
        // rounding in the view's place) must not make last frame's edge pixels the moved ones.
        let x0 = (area.minX * scale).roundedUp + 1
        let y0 = (area.minY * scale).roundedUp + 1
        let x1 = (area.maxX * scale).roundedDown - 1
        let y1 = (area.maxY * scale).roundedDown - 1
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// No move: the view's visible area is drawn whole, with what was marked before its content moved.
    @usableFromInline static func drawWhole(
        _ area: Rect?, after scroll: Window.PendingScroll, into dirty: inout DirtyRegion
    ) -> Rect? {
        dirty.formUnion(scroll.markedBefore)
        if let area { dirty.add(area) }
        return nil
    }

    /// Adds `rect` (points), and where the move took its pixels, inside the moved area `inner`.
    @usableFromInline static func mark(
        _ rect: Rect, movedBy shift: Point, within inner: Rect, in dirty: inout DirtyRegion
    ) {
        if let part = rect.intersection(inner) { dirty.add(part) }
        if let part = rect.offsetBy(dx: shift.x, dy: shift.y).intersection(inner) { dirty.add(part) }
    }

    /// Adds the parts of `area` outside `inner` (which it holds) to `dirty`: up to four strips.
    @usableFromInline static func addEdges(of area: Rect, around inner: Rect, to dirty: inout DirtyRegion) {
        dirty.add(Rect(x: area.minX, y: area.minY, width: area.width, height: inner.minY - area.minY))
        dirty.add(Rect(x: area.minX, y: inner.maxY, width: area.width, height: area.maxY - inner.maxY))
        dirty.add(Rect(x: area.minX, y: inner.minY, width: inner.minX - area.minX, height: inner.height))
        dirty.add(Rect(x: inner.maxX, y: inner.minY, width: area.maxX - inner.maxX, height: inner.height))
    }
}
