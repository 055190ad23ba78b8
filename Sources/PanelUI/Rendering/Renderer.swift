/// Draws a window into a framebuffer from its `ViewTable`, in paint order:
/// each visible view's background, then its `View.draw(_:in:)`, with the
/// view's accumulated alpha and its clipping ancestors' bounds.
///
/// Window coordinates are points; the framebuffer is in pixels, the
/// window's `Window.displayScale` (its screen's scale, 1 in no
/// application) to a point each way: a 640×360-point window at scale 2
/// fills a 1280×720 framebuffer. The window's bounds origin is the
/// framebuffer's top-left corner (its `frame` does not move it). Views draw
/// in points through a `GraphicsContext` that carries the scale, so text
/// and shapes are drawn at the framebuffer's resolution.
///
/// A display loop calls `render(_:into:)` once a frame: it redraws only the
/// window's `Window.dirtyRegion`, rectangle by rectangle, and says which
/// pixels changed, so the backend copies, rotates or flips just those.
package struct Renderer {
    /// Draws text for the views; `nil` skips text. Retained.
    package var textRenderer: (any TextRendering)?
    /// The offscreens rotated or scaled subtrees are drawn through, kept
    /// from frame to frame so that a steady transform animation allocates nothing.
    @usableFromInline let offscreens = OffscreenPool()
    /// Whether rasterized views are copied from their pictures; tests turn it
    /// off to draw the reference the pictures must equal.
    package var drawsRasterizedPictures = true
    /// Pictures of rasterized views this renderer drew, and copied onto the screen: tests and the bench read them.
    package var rasterizedDrawings: Int { offscreens.rasterizedDrawings }
    package var rasterizedComposites: Int { offscreens.rasterizedComposites }
    package var foldedTints: Int { offscreens.foldedTints }

    package init(textRenderer: (any TextRendering)? = nil) {
        self.textRenderer = textRenderer
    }

    /// Redraws what changed since the last frame: each rectangle of the window's
    /// `Window.dirtyRegion` (points), at the window's scale, rounded out to
    /// whole pixels and clipped to the framebuffer. Clears the dirty region
    /// (before drawing, so a view that asks to be drawn again while drawing
    /// gets the next frame) and returns the areas redrawn, in framebuffer
    /// pixels with whole-number edges, not overlapping: empty when nothing was.
    /// A backend presents each of them.
    ///
    /// A window that was never drawn is fully dirty (adding views, setting its
    /// frame or background marks all of it), so the first call draws everything.
    /// The pixels it writes are the ones a full `draw(_:into:)` would write there.
    @discardableResult
    package func render(_ window: Window, into framebuffer: Framebuffer) -> DirtyRegion {
        window.layoutIfNeeded(measuringTextWith: textRenderer)
        let previousFocusRing = window.focusRing
        window.updateFocusRing()
        var dirty = window.dirtyRegion
        window.clearDirtyRect()
        // A scroll view's content moved: its pixels are moved, what is left is drawn.
        var moved: Rect?
        if let scroll = window.pendingScroll {
            window.pendingScroll = nil
            moved = scrollByCopy(
                scroll, in: window, previousFocusRing: previousFocusRing, into: framebuffer, dirty: &dirty)
        }
        let scale = window.displayScale
        // Rounded out to pixels, two areas may meet in a pixel: adding them to
        // a region of pixels merges those, so no pixel is drawn (or blended) twice.
        var areas = DirtyRegion()
        for rect in dirty {
            if let area = Self.pixelArea(covering: Self.pixels(rect, scale: scale), in: framebuffer) { areas.add(area) }
        }
        for area in areas {
            draw(window, pixels: area, scale: scale, into: framebuffer)
        }
        if let moved { areas.add(moved) } // presented, not drawn
        return areas
    }

    /// Draws the whole window and clears its dirty area.
    package func draw(_ window: Window, into framebuffer: Framebuffer) {
        window.layoutIfNeeded(measuringTextWith: textRenderer)
        window.updateFocusRing()
        window.clearDirtyRect()
        window.pendingScroll = nil
        draw(window, in: window.bounds, into: framebuffer)
    }

    /// Redraws the views that intersect `area` (window coordinates, points),
    /// clipped to the pixels `area` overlaps at the window's scale. Leaves the
    /// window's dirty area as it is.
    package func draw(_ window: Window, in area: Rect, into framebuffer: Framebuffer) {
        guard area.isFinite else { return }
        let scale = window.displayScale
        draw(window, pixels: Self.pixels(area, scale: scale), scale: scale, into: framebuffer)
    }

    /// Redraws the views that intersect `pixels` (framebuffer pixels) at
    /// `scale`, each clipped to the pixels it covers inside `pixels`.
    @usableFromInline func draw(_ window: Window, pixels: Rect, scale: Double, into framebuffer: Framebuffer) {
        guard pixels.isFinite else { return }
        // The same area in window points, where the view table's frames are.
        let area =
            scale == 1
            ? pixels
            : Rect(
                x: pixels.minX / scale, y: pixels.minY / scale,
                width: pixels.width / scale, height: pixels.height / scale)
        // The entries stay still while views draw: a `draw` that changes the
        // hierarchy or geometry takes effect from the next frame.
        let table = window.viewTable
        table.withStableEntries { entries in
            var entriesRead: UInt64 = 0
            defer { table.drawWork &+= entriesRead }
            drawEntries(
                entries, area: area, pixels: pixels, scale: scale, into: framebuffer, depth: 0,
                entriesRead: &entriesRead)
        }
        // The focus ring goes over everything, where the area reaches it (docs/focus.md).
        if let ring = window.focusRing, ring.rect.intersection(area) != nil,
            let clip = pixels.intersection(framebuffer.bounds)
        {
            let context = GraphicsContext(framebuffer: framebuffer, scale: scale, clip: clip)
            context.stroke(
                roundedRect: ring.rect, cornerRadius: ring.cornerRadius, lineWidth: ring.lineWidth, color: ring.color)
        }
    }

    /// Draws the views of `entries` that intersect `area` (points) into
    /// `pixels` of `framebuffer`: a window's table, or a rotated or scaled
    /// subtree's entries placed in its own offscreen (`drawTransformed`,
    /// `depth` levels down).
    @usableFromInline func drawEntries(
        _ entries: UnsafeBufferPointer<ViewTable.Entry>, area: Rect, pixels: Rect, scale: Double,
        into framebuffer: Framebuffer, depth: Int, entriesRead: inout UInt64
    ) {
        withUnsafeTemporaryAllocation(of: Occluder.self, capacity: Occluder.capacity) { occluders in
            let occluderCount = Self.findOccluders(
                in: entries, area: area, pixels: pixels, scale: scale,
                framebuffer: framebuffer, into: occluders, entriesRead: &entriesRead)
            // One context for the area, placed for each view in turn: making one
            // per view retained and released the text renderer for each.
            var context = GraphicsContext(framebuffer: framebuffer, scale: scale, textRenderer: textRenderer)
            // Views whose layer draws after their subviews (a border, masked
            // corners), innermost last; finished when the walk leaves their subtree.
            withUnsafeTemporaryAllocation(of: PendingLayer.self, capacity: PendingLayer.capacity) { pending in
                var pendingCount = 0
                var index = 0
                // A tint a picture was blended with as it was copied (`drawRasterized`): not drawn again.
                var foldedTint = -1
                while true {
                    while pendingCount > 0 && (index >= pending[pendingCount - 1].end || index >= entries.count) {
                        pendingCount -= 1
                        finishLayer(pending[pendingCount], in: entries, context: &context)
                    }
                    guard index < entries.count else { break }
                    entriesRead &+= 1
                    // Fields are read through the buffer, never the whole entry: it
                    // spans four cache lines, and copying one per view per area showed in profiles.
                    let flags = entries[index].flags
                    // What the screen shows: the presentation values (the model's unless animating).
                    if flags.contains(.hidden) || flags.contains(.nonFinite)
                        || !(entries[index].drawAlphaInWindow > 0)
                    {
                        // a hidden, transparent or unplaceable view hides its subtree
                        index = Int(entries[index].subtreeEnd)
                        continue
                    }
                    let entryIndex = index
                    index += 1
                    if entryIndex == foldedTint { continue }
                    let parts = entries[entryIndex].layerParts
                    if parts.contains(.transformed) {
                        // Rotated or scaled: the subtree is drawn through an offscreen (or, a
                        // lone image, sampled straight), over what is drawn so far.
                        drawTransformed(
                            entryAt: entryIndex, in: entries, area: area, pixels: pixels, scale: scale,
                            into: framebuffer, depth: depth, entriesRead: &entriesRead)
                        index = Int(entries[entryIndex].subtreeEnd)
                        continue
                    }
                    if parts.contains(.shadow) {
                        drawShadow(
                            ofEntryAt: entryIndex, in: entries, area: area, pixels: pixels, scale: scale,
                            occluders: UnsafeBufferPointer(rebasing: occluders[..<occluderCount]),
                            context: &context)
                    }
                    guard let visible = Self.visibleRect(ofEntryAt: entryIndex, in: entries, within: area),
                        var clip = Self.deviceClip(visible, pixels: pixels, scale: scale)
                    else { continue }
                    // Rasterized (`Layer.shouldRasterize`): copied from its picture when it can be.
                    if depth == 0, parts.contains(.rasterized), drawsRasterizedPictures,
                        drawRasterized(
                            entryAt: entryIndex, in: entries, clip: clip, area: area, pixels: pixels, scale: scale,
                            into: framebuffer, occluders: UnsafeBufferPointer(rebasing: occluders[..<occluderCount]),
                            foldedTint: &foldedTint, entriesRead: &entriesRead)
                    {
                        index = Int(entries[entryIndex].subtreeEnd)
                        continue
                    }
                    let end = Int(entries[entryIndex].subtreeEnd)
                    let drawsAfterSubtree = parts.contains(.border) || parts.contains(.roundedMask)
                    // What the layer draws after the subtree is hidden only by views after it.
                    var layerClip = clip
                    // Pixels that an opaque background drawn later overwrites are not drawn now.
                    var contentHidden = false
                    var layerHidden = !drawsAfterSubtree
                    var o = 0
                    while o < occluderCount && !(contentHidden && layerHidden) {
                        let occluder = occluders[o].index
                        if !contentHidden, occluder > entryIndex, !occluders[o].trim(&clip) { contentHidden = true }
                        if !layerHidden, occluder >= end, !occluders[o].trim(&layerClip) { layerHidden = true }
                        o += 1
                    }
                    if contentHidden {
                        // A subview covers the view: only its border (over the subviews) may show.
                        if !layerHidden && pendingCount < pending.count {
                            pending.initializeElement(
                                at: pendingCount,
                                to: PendingLayer(index: entryIndex, end: end, clip: layerClip, cutsCorners: false))
                            pendingCount += 1
                        }
                        continue
                    }
                    let drawBounds = entries[entryIndex].drawBounds
                    // Where the view's coordinate (0, 0) lands: it draws in its bounds
                    // coordinates, whose origin a scroll view moves away from zero.
                    let origin = entries[entryIndex].drawToWindow.apply(to: Point.zero)
                    context.origin = Point(x: origin.x * scale, y: origin.y * scale)
                    context.clip = clip
                    context.alpha = entries[entryIndex].drawAlphaInWindow
                    // The view without a retain and release (see `ViewTable.Entry.unretainedView`).
                    entries[entryIndex].unretainedView._withUnsafeGuaranteedRef { view in
                        let background =
                            flags.contains(.presenting) ? view.presentation.backgroundColor : view.backgroundColor
                        if parts.contains(.rounded) {
                            let shape = Self.shape(of: view.layer, bounds: drawBounds, in: context)
                            let rasterizer = Rasterizer(context: context)
                            if parts.contains(.roundedMask) {
                                // Square now; the corners are cut when the subtree is drawn.
                                rasterizer.saveCorners(of: shape, in: view.cachedLayer)
                                if let color = background, color.alpha > 0 {
                                    context.fill(drawBounds, color: color)
                                }
                            } else if let color = background, color.alpha > 0 {
                                rasterizer.fill(shape, color: color)
                            }
                        } else if let color = background, color.alpha > 0 {
                            context.fill(drawBounds, color: color)
                        }
                        view.draw(visible.offsetBy(dx: -origin.x, dy: -origin.y), in: context)
                    }
                    guard drawsAfterSubtree, !layerHidden else { continue }
                    let layer = PendingLayer(
                        index: entryIndex, end: end, clip: layerClip, cutsCorners: parts.contains(.roundedMask))
                    if layer.end > entryIndex + 1 && pendingCount < pending.count {
                        pending.initializeElement(at: pendingCount, to: layer)
                        pendingCount += 1
                    } else {
                        // No subviews (or too deep a stack of layers: drawn over the content only).
                        finishLayer(layer, in: entries, context: &context)
                    }
                }
            }
        }
    }

    /// A view whose layer draws once its subtree is drawn: its border, over
    /// the subviews as in UIKit, and the cut of its masked corners.
    @usableFromInline struct PendingLayer {
        /// How many layers nest in one draw: deeper ones are finished over their
        /// content only (border under the subviews, subviews not cut at the corners).
        @usableFromInline static let capacity = 16
        @usableFromInline var index: Int
        /// One past the last entry of its subtree.
        @usableFromInline var end: Int
        /// Where the view drew, in framebuffer pixels.
        @usableFromInline var clip: Rect
        /// Whether the pixels under its masked corners were saved, to be put back.
        @usableFromInline var cutsCorners: Bool
    }

    /// The framebuffer shape of a view's layer: its bounds at the context's
    /// place and scale, rounded as the layer says.
    @inline(__always)
    @usableFromInline static func shape(of layer: Layer, bounds: Rect, in context: borrowing GraphicsContext)
        -> CorneredShape
    {
        CorneredShape(
            context.deviceRect(bounds), radius: layer.effectiveCornerRadius * context.scale,
            corners: layer.maskedCorners)
    }

    /// Cuts the corners of a masking view whose subtree is drawn, and draws its border.
    @usableFromInline func finishLayer(
        _ pending: PendingLayer, in entries: UnsafeBufferPointer<ViewTable.Entry>,
        context: inout GraphicsContext
    ) {
        let origin = entries[pending.index].drawToWindow.apply(to: Point.zero)
        context.origin = Point(x: origin.x * context.scale, y: origin.y * context.scale)
        context.clip = pending.clip
        context.alpha = entries[pending.index].drawAlphaInWindow
        let parts = entries[pending.index].layerParts
        let bounds = entries[pending.index].drawBounds
        entries[pending.index].unretainedView._withUnsafeGuaranteedRef { view in
            let layer = view.layer
            let shape = Self.shape(of: layer, bounds: bounds, in: context)
            let rasterizer = Rasterizer(context: context)
            if pending.cutsCorners, let cache = view.layerCache {
                rasterizer.restoreCorners(of: shape, from: cache)
            }
            if parts.contains(.border), let color = layer.borderColor {
                rasterizer.stroke(shape, lineWidth: layer.borderWidth * context.scale, color: color)
            }
        }
    }

    /// Draws the shadow of the entry at `index` where it lies in `area` (and
    /// in its clipping ancestors, under no opaque view drawn later), from
    /// the view's cached blurred mask, worked out again only when its shape
    /// or blur changed.
    @usableFromInline func drawShadow(
        ofEntryAt index: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>, area: Rect, pixels: Rect,
        scale: Double, occluders: UnsafeBufferPointer<Occluder>, context: inout GraphicsContext
    ) {
        guard
            let visible = Self.visibleRect(
                entries[index].drawVisualFrameInWindow, ofEntryAt: index, in: entries, within: area),
            var clip = Self.deviceClip(visible, pixels: pixels, scale: scale)
        else { return }
        guard Occluder.trim(&clip, by: occluders, from: index + 1) else { return }
        let bounds = entries[index].drawBounds
        let origin = entries[index].drawToWindow.apply(to: Point.zero)
        context.origin = Point(x: origin.x * scale, y: origin.y * scale)
        context.clip = clip
        context.alpha = entries[index].drawAlphaInWindow
        entries[index].unretainedView._withUnsafeGuaranteedRef { view in
            let layer = view.layer
            guard let color = layer.shadowColor else { return }
            let shape = context.deviceRect(bounds)
            let cache = view.cachedLayer
            // Three box blurs of half-width k have a variance of k(k+1): about
            // a Gaussian of standard deviation shadowRadius / 2 for k = σ.
            let box = Int(min(max(layer.shadowRadius * scale / 2, 0), 1024).rounded())
            guard
                cache.prepareShadow(
                    width: shape.width, height: shape.height, radius: layer.effectiveCornerRadius * scale,
                    corners: layer.maskedCorners, box: box)
            else { return }
            // The mask's top-left pixel: the shape's corner moved by the offset, to the nearest whole pixel.
            let x = shape.minX + layer.shadowOffset.width * scale - Double(cache.shadowPad)
            let y = shape.minY + layer.shadowOffset.height * scale - Double(cache.shadowPad)
            guard abs(x) < 1e6, abs(y) < 1e6 else { return }
            // An opaque background at full alpha covers the shadow under it.
            let background =
                entries[index].flags.contains(.presenting) ? view.presentation.backgroundColor : view.backgroundColor
            let covers = background?.alpha == 255 && context.alpha >= 1
            Rasterizer(context: context).drawShadow(
                cache, atX: Int((x + 0.5).roundedDown), y: Int((y + 0.5).roundedDown), color: color,
                opacity: layer.shadowOpacity,
                covered: covers ? Self.shape(of: layer, bounds: bounds, in: context) : nil)
        }
    }

    /// The framebuffer pixels a view whose visible part is `visible` (points)
    /// draws in: never past the pixels asked for (`area` went through a division).
    @inline(__always)
    @usableFromInline static func deviceClip(_ visible: Rect, pixels: Rect, scale: Double) -> Rect? {
        scale == 1 ? visible : Self.pixels(visible, scale: scale).intersection(pixels)
    }

    /// Whole pixels that a view's opaque background fills with its colour,
    /// whatever was under them: views drawn before it (lower `index`) need
    /// not draw there. Edges are pixel indices, `x0 ..< x1` × `y0 ..< y1`.
    @usableFromInline struct Occluder {
        /// How many the renderer keeps per draw, the largest: on a screen, a
        /// few full-width backgrounds (a root, a screen, a bar) hide the rest.
        @usableFromInline static let capacity = 8
        @usableFromInline var index: Int
        @usableFromInline var x0: Double
        @usableFromInline var y0: Double
        @usableFromInline var x1: Double
        @usableFromInline var y1: Double

        @usableFromInline var area: Double { (x1 - x0) * (y1 - y0) }

        /// Cuts the part of `clip` this occluder hides off it, when what is
        /// left is still a rectangle; false when nothing is left. Only the
        /// edges it moves change, to whole pixels, so the pixels left are
        /// drawn exactly as before.
        @inline(__always)
        @usableFromInline func trim(_ clip: inout Rect) -> Bool {
            // The whole pixels the clip touches (the rasterizer draws a pixel the clip overlaps).
            let cx0 = clip.minX.roundedDown
            let cx1 = clip.maxX.roundedUp
            let cy0 = clip.minY.roundedDown
            let cy1 = clip.maxY.roundedUp
            let spansX = x0 <= cx0 && x1 >= cx1
            let spansY = y0 <= cy0 && y1 >= cy1
            if spansX && spansY { return false }
            var minX = clip.minX
            var maxX = clip.maxX
            var minY = clip.minY
            var maxY = clip.maxY
            if spansX {
                if y0 <= cy0 && y1 > cy0 { minY = y1 } else if y1 >= cy1 && y0 < cy1 { maxY = y0 }
            } else if spansY {
                if x0 <= cx0 && x1 > cx0 { minX = x1 } else if x1 >= cx1 && x0 < cx1 { maxX = x0 }
            } else {
                return true
            }
            clip = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            return true
        }

        /// `clip` cut by the occluders of the views from `first` on in paint
        /// order (those drawn after what `clip` is for); false when nothing is left.
        @inline(__always)
        @usableFromInline static func trim(
            _ clip: inout Rect, by occluders: UnsafeBufferPointer<Occluder>, from first: Int
        ) -> Bool {
            for occluder in occluders where occluder.index >= first {
                if !occluder.trim(&clip) { return false }
            }
            return true
        }
    }

    /// Where the drawing pass's context puts the background of the entry at
    /// `index`, in pixels (worked out without a context: copying one retains
    /// and releases its text driver).
    @inline(__always)
    @usableFromInline static func backgroundRect(
        ofEntryAt index: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>, scale: Double
    ) -> Rect {
        let origin = entries[index].drawToWindow.apply(to: Point.zero) // as the drawing pass places it
        return GraphicsContext.deviceRect(
            entries[index].drawBounds, origin: Point(x: origin.x * scale, y: origin.y * scale), scale: scale)
    }

    /// Walks the entries as `draw(_:pixels:scale:into:)` does and keeps,
    /// in `occluders`, the largest views with an opaque background at full
    /// alpha; returns how many. Backgrounds are read here, before any `draw`
    /// runs: one that a `draw` makes translucent mid-frame shows from the next.
    @usableFromInline static func findOccluders(
        in entries: UnsafeBufferPointer<ViewTable.Entry>, area: Rect, pixels: Rect,
        scale: Double, framebuffer: Framebuffer,
        into occluders: UnsafeMutableBufferPointer<Occluder>, entriesRead: inout UInt64
    ) -> Int {
        var count = 0
        let width = Double(framebuffer.width)
        let height = Double(framebuffer.height)
        var index = 0
        // Inside a view that masks its subviews to rounded corners nothing
        // covers whole pixels: its corners are cut after its subtree is drawn.
        var maskedUntil = 0
        while index < entries.count {
            entriesRead &+= 1
            let flags = entries[index].flags
            let alpha = entries[index].drawAlphaInWindow
            if flags.contains(.hidden) || flags.contains(.nonFinite) || !(alpha > 0) {
                index = Int(entries[index].subtreeEnd)
                continue
            }
            let entryIndex = index
            index += 1
            let parts = entries[entryIndex].layerParts
            // A rotated or scaled subtree covers no whole rectangle of pixels.
            if parts.contains(.transformed) {
                index = Int(entries[entryIndex].subtreeEnd)
                continue
            }
            // A rounded background leaves its corners uncovered.
            if parts.contains(.roundedMask) { maskedUntil = max(maskedUntil, Int(entries[entryIndex].subtreeEnd)) }
            if parts.contains(.rounded) || entryIndex < maskedUntil { continue }
            // Where it is first (a few comparisons), its colour after (a call into the view).
            guard alpha >= 1, let visible = visibleRect(ofEntryAt: entryIndex, in: entries, within: area),
                let clip = deviceClip(visible, pixels: pixels, scale: scale)
            else { continue }
            let background = entries[entryIndex].unretainedView._withUnsafeGuaranteedRef { view in
                flags.contains(.presenting) ? view.presentation.backgroundColor : view.backgroundColor
            }
            guard let color = background, color.alpha == 255 else { continue }
            // The pixels wholly inside the background are fully covered, so
            // written with the colour whatever was under them.
            let fill = backgroundRect(ofEntryAt: entryIndex, in: entries, scale: scale)
            var occluder = Occluder(
                index: entryIndex,
                x0: max(fill.minX.roundedUp, clip.minX.roundedDown, 0),
                y0: max(fill.minY.roundedUp, clip.minY.roundedDown, 0),
                x1: min(fill.maxX.roundedDown, clip.maxX.roundedUp, width),
                y1: min(fill.maxY.roundedDown, clip.maxY.roundedUp, height))
            guard occluder.x0 < occluder.x1, occluder.y0 < occluder.y1 else { continue }
            if count < occluders.count {
                occluders.initializeElement(at: count, to: occluder)
                count += 1
                continue
            }
            // Full: the new one replaces the smallest, if it is larger.
            var smallest = 0
            for o in 1..<count where occluders[o].area < occluders[smallest].area { smallest = o }
            if occluders[smallest].area < occluder.area { swap(&occluders[smallest], &occluder) }
        }
        return count
    }

    /// `rect` in points as framebuffer pixels at `scale`.
    @inline(__always)
    @usableFromInline static func pixels(_ rect: Rect, scale: Double) -> Rect {
        scale == 1
            ? rect
            : Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
    }

    /// The part of the frame of the entry at `index` inside `area` and inside
    /// every clipping ancestor's frame; `nil` when nothing is left. The
    /// ancestors' clip is the entry's own (`drawClipInWindow`), worked out
    /// once when the table was built or patched: O(1) a view, whatever its depth.
    @inline(__always)
    @usableFromInline static func visibleRect(
        ofEntryAt index: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>,
        within area: Rect
    ) -> Rect? {
        visibleRect(entries[index].drawFrameInWindow, ofEntryAt: index, in: entries, within: area)
    }

    /// The part of `frame` (the entry's frame, or its shadow's extent) inside
    /// `area` and inside the clipping ancestors of the entry at `index`.
    @inline(__always)
    @usableFromInline static func visibleRect(
        _ frame: Rect, ofEntryAt index: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>,
        within area: Rect
    ) -> Rect? {
        // Most views miss a small dirty area: four comparisons tell, before the
        // intersection (a call) works out what they share.
        guard frame.minX < area.maxX, area.minX < frame.maxX, frame.minY < area.maxY, area.minY < frame.maxY,
            let visible = frame.intersection(area)
        else { return nil }
        let clip = entries[index].drawClipInWindow
        return clip == ViewTable.unboundedClip ? visible : visible.intersection(clip)
    }

    /// The whole pixels `rect` overlaps, clipped to `framebuffer`; `nil` when none.
    package static func pixelArea(covering rect: Rect, in framebuffer: Framebuffer) -> Rect? {
        // NaN compares false everywhere: a dirty area that is not a number (or
        // whose far edge is, as `-inf + inf`) redraws everything.
        guard !rect.minX.isNaN, !rect.minY.isNaN, !rect.maxX.isNaN, !rect.maxY.isNaN else { return framebuffer.bounds }
        guard !rect.isEmpty, let visible = rect.intersection(framebuffer.bounds) else { return nil }
        let x0 = visible.minX.roundedDown
        let y0 = visible.minY.roundedDown
        let x1 = visible.maxX.roundedUp
        let y1 = visible.maxY.roundedUp
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Fills the pixels whose centres lie in `rect`, blending by the colour's alpha.
    package func fill(_ rect: Rect, with color: Color, in framebuffer: Framebuffer) {
        guard let area = rect.intersection(framebuffer.bounds) else { return }
        let x0 = Int((area.minX - 0.5).roundedUp)
        let x1 = Int((area.maxX - 0.5).roundedUp)
        let y0 = Int((area.minY - 0.5).roundedUp)
        let y1 = Int((area.maxY - 0.5).roundedUp)
        guard x0 < x1, y0 < y1 else { return }
        let a = UInt32(color.alpha)
        for y in y0..<y1 {
            let row = framebuffer.baseAddress + y * framebuffer.stride
            switch framebuffer.format {
            case .xrgb8888:
                let pixels = row.assumingMemoryBound(to: UInt32.self)
                if a == 255 {
                    let value = color.xrgb8888
                    for x in x0..<x1 { pixels[x] = value }
                } else {
                    for x in x0..<x1 { pixels[x] = PixelMath.blend(color, alpha: a, over: pixels[x]) }
                }
            case .rgb565:
                let pixels = row.assumingMemoryBound(to: UInt16.self)
                for x in x0..<x1 {
                    let under = PixelMath.xrgb(fromRGB565: pixels[x])
                    pixels[x] = PixelMath.rgb565(
                        fromXRGB: a == 255 ? color.xrgb8888 : PixelMath.blend(color, alpha: a, over: under))
                }
            }
        }
    }
}
