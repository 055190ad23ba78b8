// Cached layers (`Layer.shouldRasterize`, Core Animation's name): a view and
// its subviews drawn once into a picture of their own, then copied onto the
// screen, at a new place or faded, while the view only moves or fades. A
// navigation push slides two whole screens for a third of a second: drawn
// from their pictures, each frame is two copies instead of two screens of
// text, images and controls drawn again.
//
// - The view is placed at whole pixels (`ViewTable.makeEntry`), so its
//   picture moves by whole pixels and a frame drawn from it is the frame a
//   full redraw would draw, pixel for pixel.
// - Fading, the picture is blended once at the view's alpha: UIKit's group
//   opacity (`allowsGroupOpacity`, on by default), where subviews that overlap
//   do not show through each other.
// - Anything drawn inside it that changes (`setNeedsDisplay`, a subview that
//   moves, appears, hides or changes its layer) drops the picture; the next
//   frame draws it again. The view's own move, its alpha and its shadow do not.
// - The pictures' memory comes out of the application's
//   `RasterizationBudget` (the app runtime gives it an eighth of the board's
//   memory budget); a view whose picture does not fit is drawn the usual
//   way, and says so once in the application's warnings.
//
// A navigation's dimming over the screen underneath (a view of one
// translucent colour drawn right after the picture, over exactly the pixels
// the picture shows) is blended as the picture is copied: one pass over
// those pixels instead of a copy and a blend, and the same values, since a
// fill blends each pixel with `PixelMath.blend` as the copy does.
//
// A picture holds the view's bounds: the view must cover them with an opaque
// background (no rounded corners) and its subviews must stay inside them (or
// be clipped to them). A translucent or rounded view, or one whose subviews
// stick out, is drawn the usual way: view by view, each at its own alpha.

/// The memory an application's rasterized views may keep pictures in
/// (`Application.rasterization`). A picture holds the budget while it lives
/// and gives its bytes back when it is dropped.
public final class RasterizationBudget {
    /// The most bytes the pictures may take together. The app runtime sets
    /// it to an eighth of the board's memory budget (8 MiB of 64: five
    /// 800×480 screens); 8 MiB until then.
    public var bytes: Int
    /// Bytes the pictures take now (the memory report's "cached layers").
    public internal(set) var bytesInUse = 0

    public init(bytes: Int = 8 << 20) {
        self.bytes = bytes
    }

    /// The budget of windows in no application.
    @usableFromInline nonisolated(unsafe) static let unattached = RasterizationBudget()
}

/// One rasterized view's picture: its bounds at the screen's scale, in the
/// framebuffer's format, and what it was drawn for.
@usableFromInline final class RasterizedLayer {
    let framebuffer: Framebuffer
    let budget: RasterizationBudget
    var bytes: Int { Self.bytes(width: framebuffer.width, height: framebuffer.height, format: framebuffer.format) }
    /// What a picture of `width` × `height` pixels takes: its pixels and a row change per row.
    static func bytes(width: Int, height: Int, format: PixelFormat) -> Int {
        height * (width * format.bytesPerPixel + MemoryLayout<(from: Int32, to: Int32)>.stride)
    }
    /// Per row, the bytes where it differs from the row above, as a range
    /// (8-byte words, rounded out; empty when the rows are the same), found
    /// once when the picture is drawn (`findRowChanges`): a tinted copy
    /// copies what is like the row above from the row it just wrote, and
    /// blends only the rest, without comparing them every frame.
    let rowChanges: UnsafeMutablePointer<(from: Int32, to: Int32)>
    /// Cleared by any change to what the view or its subviews draw.
    @exclusivity(unchecked) @usableFromInline var isValid = false
    /// The bounds and background it was drawn with: a change to either draws it again.
    var drawnBounds = Rect.zero
    var drawnBackground: Color?

    /// A picture of `width` × `height` pixels, or nil when it does not fit in
    /// what `budget` has left.
    init?(width: Int, height: Int, format: PixelFormat, budget: RasterizationBudget) {
        let stride = width * format.bytesPerPixel
        let bytes = Self.bytes(width: width, height: height, format: format)
        guard width > 0, height > 0, bytes <= budget.bytes - budget.bytesInUse else { return nil }
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        framebuffer = Framebuffer(width: width, height: height, stride: stride, format: format, baseAddress: pixels)
        rowChanges = .allocate(capacity: height)
        rowChanges.initialize(repeating: (0, Int32(stride)), count: height) // every row differs until found
        self.budget = budget
        budget.bytesInUse += bytes
    }

    deinit {
        framebuffer.baseAddress.deallocate()
        rowChanges.deallocate()
        budget.bytesInUse -= bytes
    }

    /// Fills `rowChanges` from the pixels as drawn: a pass of compares over
    /// the picture, once per drawing instead of once per frame.
    func findRowChanges() {
        let stride = framebuffer.stride
        let rowBytes = framebuffer.width * framebuffer.format.bytesPerPixel
        let words = rowBytes / 8
        rowChanges[0] = (0, Int32(rowBytes))
        var row = 1
        while row < framebuffer.height {
            let below = UnsafeRawPointer(framebuffer.baseAddress + row * stride)
            let above = below - stride
            // The bytes past the last whole word (an odd RGB565 width), one by one.
            var tailDiffers = false
            for i in (words * 8)..<rowBytes
            where below.load(fromByteOffset: i, as: UInt8.self)
                != above.load(fromByteOffset: i, as: UInt8.self)
            {
                tailDiffers = true
            }
            var first = 0
            while first < words
                && below.loadUnaligned(fromByteOffset: first &* 8, as: UInt64.self)
                    == above.loadUnaligned(fromByteOffset: first &* 8, as: UInt64.self)
            {
                first &+= 1
            }
            if first == words {
                rowChanges[row] = tailDiffers ? (Int32(words * 8), Int32(rowBytes)) : (0, 0)
            } else {
                var last = words
                while below.loadUnaligned(fromByteOffset: (last &- 1) &* 8, as: UInt64.self)
                    == above.loadUnaligned(fromByteOffset: (last &- 1) &* 8, as: UInt64.self)
                {
                    last &-= 1
                }
                rowChanges[row] = (Int32(first * 8), Int32(tailDiffers ? rowBytes : last * 8))
            }
            row &+= 1
        }
    }

    /// Whether this picture has the size and format asked for.
    func fits(width: Int, height: Int, format: PixelFormat) -> Bool {
        framebuffer.width == width && framebuffer.height == height && framebuffer.format == format
    }

    /// The pixels of `target` that `composite` writes for `clip` with the
    /// picture's top-left pixel at (`x`, `y`): `x0 ..< x1` × `y0 ..< y1`.
    func pixels(in target: Framebuffer, atX x: Int, y: Int, clip: Rect) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        (
            max(Int(clip.minX.roundedDown), x, 0), min(Int(clip.maxX.roundedUp), x + framebuffer.width, target.width),
            max(Int(clip.minY.roundedDown), y, 0), min(Int(clip.maxY.roundedUp), y + framebuffer.height, target.height)
        )
    }

    /// Copies the picture's pixels inside `clip` (framebuffer pixels, edges
    /// rounded out as the rasterizer does) onto `target`, the picture's
    /// top-left pixel at (`x`, `y`), blended at `alpha` (0...255); at full
    /// alpha, with `tint` blended over each pixel on the way (see the top of
    /// this file).
    @inline(never) func composite(
        into target: Framebuffer, atX x: Int, y: Int, clip: Rect, alpha: UInt32,
        tint: (color: Color, level: UInt32)? = nil
    ) {
        let (x0, x1, y0, y1) = pixels(in: target, atX: x, y: y, clip: clip)
        guard x0 < x1, y0 < y1, alpha > 0, target.format == framebuffer.format else { return }
        let bytesPerPixel = target.format.bytesPerPixel
        let bytes = (x1 - x0) * bytesPerPixel
        for row in y0..<y1 {
            let from = framebuffer.baseAddress + (row - y) * framebuffer.stride + (x0 - x) * bytesPerPixel
            let to = target.baseAddress + row * target.stride + x0 * bytesPerPixel
            if let tint, alpha >= 255 {
                // Where a row of the picture is like the one above (most rows
                // of a screen, between the lines of text; the rest of a row
                // beside them) it comes out like it: copied from the row written.
                let start = (x0 - x) * bytesPerPixel
                let change = rowChanges[row - y]
                let from0 = row > y0 ? min(max(Int(change.from), start), start + bytes) : start
                let to0 = row > y0 ? max(min(Int(change.to), start + bytes), from0) : start + bytes
                if from0 > start { to.copyMemory(from: to - target.stride, byteCount: from0 - start) }
                if to0 > from0 {
                    // Whole pixels: a change range's ends are 8-byte words, and an RGB565 pixel is 2 bytes.
                    Self.copy(
                        from + (from0 - start), to: to + (from0 - start), count: (to0 - from0) / bytesPerPixel,
                        format: target.format, tint: tint.color, level: tint.level)
                }
                if start + bytes > to0 {
                    (to + (to0 - start)).copyMemory(
                        from: to + (to0 - start) - target.stride, byteCount: start + bytes - to0)
                }
                continue
            }
            if alpha >= 255 {
                to.copyMemory(from: from, byteCount: bytes)
                continue
            }
            switch target.format {
            case .xrgb8888:
                let source = from.assumingMemoryBound(to: UInt32.self)
                let pixels = to.assumingMemoryBound(to: UInt32.self)
                for i in 0..<(x1 - x0) {
                    pixels[i] = PixelMath.blend(Color(rgb: source[i]), alpha: alpha, over: pixels[i])
                }
            case .rgb565:
                let source = from.assumingMemoryBound(to: UInt16.self)
                let pixels = to.assumingMemoryBound(to: UInt16.self)
                for i in 0..<(x1 - x0) {
                    let color = Color(rgb: PixelMath.xrgb(fromRGB565: source[i]))
                    pixels[i] = PixelMath.rgb565(
                        fromXRGB: PixelMath.blend(color, alpha: alpha, over: PixelMath.xrgb(fromRGB565: pixels[i])))
                }
            }
        }
    }
}

extension RasterizedLayer {
    /// `count` pixels copied with `color` blended over each at `level`, as a
    /// fill at that level blends it over them (`Rasterizer.fillSpan`, whose
    /// span this is, reading the picture instead of the screen).
    static func copy(
        _ from: UnsafeMutableRawPointer, to: UnsafeMutableRawPointer, count: Int, format: PixelFormat,
        tint color: Color,
        level: UInt32
    ) {
        switch format {
        case .xrgb8888:
            Rasterizer.blendSpan(
                from: from.assumingMemoryBound(to: UInt32.self), to: to.assumingMemoryBound(to: UInt32.self),
                count: count, color: color, alpha: level)
        case .rgb565:
            Rasterizer.blendSpan(
                from: from.assumingMemoryBound(to: UInt16.self), to: to.assumingMemoryBound(to: UInt16.self),
                count: count, color: color, alpha: level)
        }
    }
}

extension View {
    /// Something this view (with `includingItself`) or a subview draws
    /// changed: the pictures of the rasterized views around it are dropped.
    @inline(__always) @usableFromInline func rasterizedContentDidChange(includingItself: Bool) {
        // A picture is counted in the budget of the application whose window it
        // was drawn in (`drawRasterized` makes a new one elsewhere): with none
        // there, there is nothing to drop, and most changes stop here.
        if let window, (window.owningApplication?.rasterization ?? .unattached).bytesInUse == 0 { return }
        dropPictures(includingItself: includingItself)
    }

    /// Marks the pictures of this view (with `includingItself`) and its ancestors stale.
    @inline(never) @usableFromInline func dropPictures(includingItself: Bool) {
        var current = includingItself ? self : superview
        while let view = current {
            view.layerCache?.rasterized?.isValid = false
            current = view.superview
        }
    }

    /// Whether this view is inside a rasterized one (itself not counted).
    @usableFromInline var isInsideRasterizedLayer: Bool {
        var current = superview
        while let view = current {
            if view.layer.shouldRasterize { return true }
            current = view.superview
        }
        return false
    }
}

extension ViewTable.Entry {
    /// This entry, at `index` in a table, as it stands in a table of the
    /// subtree at `root` alone (`list`, filled up to here in paint order): its
    /// links counted from the subtree's start, and its clip worked out again
    /// from its superview's entry there. The subtree's root clips nothing:
    /// its ancestors' clip applies where the subtree is put back.
    mutating func placeInSubtree(at root: Int, index: Int, of list: [ViewTable.Entry]) {
        let offset = Int32(root)
        parent = index == root ? -1 : parent - offset
        subtreeEnd -= offset
        lastChild = lastChild < 0 ? -1 : lastChild - offset
        previousSibling = index == root || previousSibling < 0 ? -1 : previousSibling - offset
        if index == root {
            drawClipInWindow = ViewTable.unboundedClip
        } else {
            let up = list[Int(parent)]
            drawClipInWindow = ViewTable.clip(
                up.drawClipInWindow, cutTo: up.drawFrameInWindow, clipping: up.flags.contains(.clipsToBounds))
        }
    }
}

extension Renderer {
    /// Draws the rasterized view at `root` (and its subtree) from its picture
    /// inside `clip` (framebuffer pixels), drawing the picture first when it
    /// is missing or stale. False when the view cannot be drawn from one (see
    /// the top of this file): the caller draws it the usual way.
    ///
    /// When the entry after the subtree is a tint over exactly the pixels
    /// the picture shows (`foldableTint`), it is blended as the picture is
    /// copied and its index goes in `foldedTint`, for the caller to skip.
    @inline(never) @usableFromInline func drawRasterized(
        entryAt root: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>, clip: Rect, area: Rect, pixels: Rect,
        scale: Double, into framebuffer: Framebuffer, occluders: UnsafeBufferPointer<Occluder>,
        foldedTint: inout Int, entriesRead: inout UInt64
    ) -> Bool {
        let frame = entries[root].drawFrameInWindow
        guard !entries[root].layerParts.contains(.rounded) else { return false }
        // Whole pixels: its place (the view table snapped it) and its size.
        let x = frame.minX * scale
        let y = frame.minY * scale
        let width = frame.width * scale
        let height = frame.height * scale
        guard x == x.rounded(), y == y.rounded(), width == width.rounded(), height == height.rounded(), width >= 1,
            height >= 1, width <= Double(OffscreenPool.maximumSide), height <= Double(OffscreenPool.maximumSide)
        else { return false }
        let bounds = entries[root].drawBounds
        let presenting = entries[root].flags.contains(.presenting)
        return entries[root].unretainedView._withUnsafeGuaranteedRef { view -> Bool in
            let background = presenting ? view.presentation.backgroundColor : view.backgroundColor
            guard let background, background.alpha == 255 else { return false }
            let cache = view.cachedLayer
            // Counted in the budget of the application whose window the view is in.
            let application = view.window?.owningApplication
            let budget = application?.rasterization ?? .unattached
            // Another size or format, or another application's: its bytes go back before new ones are taken.
            if let held = cache.rasterized,
                held.budget !== budget || !held.fits(width: Int(width), height: Int(height), format: framebuffer.format)
            {
                cache.rasterized = nil
            }
            let isCurrent =
                cache.rasterized.map { $0.isValid && $0.drawnBounds == bounds && $0.drawnBackground == background }
                ?? false
            if !isCurrent {
                guard Self.subtree(ofEntryAt: root, in: entries, staysInside: frame) else {
                    cache.rasterized = nil
                    return false
                }
                if cache.rasterized == nil {
                    guard
                        let picture = RasterizedLayer(
                            width: Int(width), height: Int(height), format: framebuffer.format, budget: budget)
                    else {
                        application?.warnings.warnOnce(
                            .rasterizationBudget,
                            "view '\(view.name)' (layer.shouldRasterize) needs \(RasterizedLayer.bytes(width: Int(width), height: Int(height), format: framebuffer.format)) bytes for its picture; the application's rasterization budget (\(budget.bytes) bytes) has \(budget.bytes - budget.bytesInUse) left: it is drawn view by view (each at its own alpha) until there is room"
                        )
                        return false
                    }
                    cache.rasterized = picture
                }
                guard let picture = cache.rasterized else { return false }
                drawPicture(picture, ofEntryAt: root, in: entries, scale: scale, entriesRead: &entriesRead)
                picture.findRowChanges()
                picture.isValid = true
                picture.drawnBounds = bounds
                picture.drawnBackground = background
                offscreens.rasterizedDrawings += 1
            }
            // What later views cover with their opaque backgrounds is not copied.
            var shown = clip
            let end = Int(entries[root].subtreeEnd)
            guard Occluder.trim(&shown, by: occluders, from: end) else { return true }
            guard let picture = cache.rasterized else { return true }
            let level = Rasterizer.level(entries[root].drawAlphaInWindow * 255)
            var tint: (color: Color, level: UInt32)?
            if level == 255 {
                tint = Self.foldableTint(
                    at: end, in: entries, over: picture.pixels(in: framebuffer, atX: Int(x), y: Int(y), clip: shown),
                    area: area, pixels: pixels, scale: scale, framebuffer: framebuffer, occluders: occluders)
                if tint != nil {
                    foldedTint = end
                    offscreens.foldedTints += 1
                }
            }
            picture.composite(into: framebuffer, atX: Int(x), y: Int(y), clip: shown, alpha: level, tint: tint)
            offscreens.rasterizedComposites += 1
            return true
        }
    }

    /// The colour and level of the entry at `index` when drawing it would
    /// blend one colour over exactly the pixels `target` and nothing else:
    /// a plain `View` without subviews or layer, a translucent background,
    /// placed at whole pixels, its drawn pixels (clip and later opaque views
    /// taken off, as the drawing pass takes them) the same rectangle. `nil`
    /// otherwise: it is drawn the usual way.
    static func foldableTint(
        at index: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>,
        over target: (x0: Int, x1: Int, y0: Int, y1: Int),
        area: Rect, pixels: Rect, scale: Double, framebuffer: Framebuffer, occluders: UnsafeBufferPointer<Occluder>
    ) -> (color: Color, level: UInt32)? {
        guard index < entries.count, target.x0 < target.x1, target.y0 < target.y1,
            Int(entries[index].subtreeEnd) == index + 1, entries[index].layerParts.isEmpty
        else { return nil }
        let flags = entries[index].flags
        let alpha = entries[index].drawAlphaInWindow
        guard !flags.contains(.hidden), !flags.contains(.nonFinite), alpha > 0, alpha < 1 else { return nil }
        let color: Color? = entries[index].unretainedView._withUnsafeGuaranteedRef { view in
            // Its own class only: a subclass may draw something in `draw(_:in:)`.
            guard ObjectIdentifier(type(of: view)) == ObjectIdentifier(View.self) else { return nil }
            return flags.contains(.presenting) ? view.presentation.backgroundColor : view.backgroundColor
        }
        guard let color, color.alpha > 0 else { return nil }
        let level = Rasterizer.level(Double(color.alpha) * alpha)
        guard level > 0, level < 255 else { return nil }
        // The pixels its fill blends: its whole-pixel rectangle inside its clip, rounded out.
        guard let whole = Rasterizer.wholePixels(backgroundRect(ofEntryAt: index, in: entries, scale: scale)),
            let visible = visibleRect(ofEntryAt: index, in: entries, within: area),
            var clip = deviceClip(visible, pixels: pixels, scale: scale),
            Occluder.trim(&clip, by: occluders, from: index + 1)
        else { return nil }
        let x0 = max(whole.x0, Int(clip.minX.roundedDown), 0)
        let x1 = min(whole.x1, Int(clip.maxX.roundedUp), framebuffer.width)
        let y0 = max(whole.y0, Int(clip.minY.roundedDown), 0)
        let y1 = min(whole.y1, Int(clip.maxY.roundedUp), framebuffer.height)
        guard x0 == target.x0, x1 == target.x1, y0 == target.y0, y1 == target.y1 else { return nil }
        return (color, level)
    }

    /// Whether everything the subtree at `root` draws (shadows included) lies
    /// inside `frame`, or is clipped to it: what its picture can hold.
    static func subtree(
        ofEntryAt root: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>, staysInside frame: Rect
    ) -> Bool {
        if entries[root].flags.contains(.clipsToBounds) { return true }
        let end = Int(entries[root].subtreeEnd)
        var i = root + 1
        while i < end {
            let flags = entries[i].flags
            if flags.contains(.hidden) || flags.contains(.nonFinite) || !(entries[i].drawAlphaInWindow > 0) {
                i = Int(entries[i].subtreeEnd)
                continue
            }
            let clip = entries[i].drawClipInWindow
            let drawn = entries[i].drawVisualFrameInWindow
            let shown = clip == ViewTable.unboundedClip ? drawn : drawn.intersection(clip)
            if let shown, !shown.isEmpty, !frame.contains(shown) { return false }
            i += 1
        }
        return true
    }

    /// Draws the subtree at `root` into `picture`, the root's frame at its
    /// top-left pixel, as it would be drawn on the screen at full alpha.
    func drawPicture(
        _ picture: RasterizedLayer, ofEntryAt root: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>,
        scale: Double, entriesRead: inout UInt64
    ) {
        let origin = entries[root].drawFrameInWindow.origin
        let end = Int(entries[root].subtreeEnd)
        var local = offscreens.rasterizedEntries
        offscreens.rasterizedEntries = [] // held here while it is filled: no copy on write
        local.removeAll(keepingCapacity: true)
        for i in root..<end {
            entriesRead &+= 1
            var entry = entries[i]
            let t = entry.drawToWindow
            // Moved by the root's place, a whole number of pixels: drawn as it would be on the screen.
            entry.drawToWindow = AffineTransform(
                a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx - origin.x, ty: t.ty - origin.y)
            entry.drawFrameInWindow = entry.drawFrameInWindow.offsetBy(dx: -origin.x, dy: -origin.y)
            entry.placeInSubtree(at: root, index: i, of: local)
            if i == root {
                entry.drawAlphaInWindow = 1 // its alpha (and its ancestors' clip) apply when the picture is copied
            } else {
                let up = local[Int(entry.parent)]
                let presenting = entry.flags.contains(.presenting)
                let alpha = entry.unretainedView._withUnsafeGuaranteedRef { view in
                    presenting ? view.presentation.alpha : view.alpha
                }
                entry.drawAlphaInWindow = up.drawAlphaInWindow * alpha
            }
            local.append(entry)
        }
        // The picture starts from nothing each time: what the root does not draw stays black.
        let target = picture.framebuffer
        target.baseAddress.initializeMemory(as: UInt8.self, repeating: 0, count: target.stride * target.height)
        local.withUnsafeBufferPointer { subtree in
            let size = entries[root].drawFrameInWindow.size
            drawEntries(
                subtree, area: Rect(origin: .zero, size: size),
                pixels: Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height)), scale: scale,
                into: target, depth: 1, entriesRead: &entriesRead)
        }
        offscreens.rasterizedEntries = local
    }
}
