// Rotated and scaled views, drawn as UIKit draws a layer through its
// transform. A view whose `transform` (or an ancestor's) does more than move
// it is drawn through an offscreen: its subtree as if untransformed, at the
// screen's scale, once over black and once over white, which gives each
// pixel's colour and coverage; then those pixels are sampled through the
// transform (bilinear, anti-aliased edges) over what is drawn so far. Only
// the part that lands in the area being redrawn is drawn. A lone `ImageView`
// needs no offscreen: its image is sampled straight through the transform
// (the zooming scroll view's case). Views that only move keep the direct path.
//
// The offscreen is drawn again each time its view is drawn, so a transform
// animation draws the subtree twice a frame; its memory is kept from frame
// to frame, so a steady animation allocates nothing.

/// The offscreens' memory, one level per nesting depth (a rotated view inside
/// a scaled one), kept by the renderer.
@usableFromInline final class OffscreenPool {
    /// Views nested deeper than this many rotated or scaled ancestors are
    /// drawn moved only.
    @usableFromInline static let maximumDepth = 4
    /// The largest offscreen, in pixels (three buffers of 4 bytes a pixel,
    /// 48 MB) and on a side: a view shrunk so far that its visible part needs
    /// more is not drawn.
    @usableFromInline static let maximumPixels = 4_194_304
    @usableFromInline static let maximumSide = 8_192

    final class Level {
        /// The subtree's entries, placed in the offscreen.
        var entries: [ViewTable.Entry] = []
        var overBlack: [UInt32] = []
        var overWhite: [UInt32] = []
        /// The two combined: colour and coverage.
        var texels: [Color] = []
    }

    var levels: [Level] = []
    /// Offscreen pixels drawn so far: tests read it to tell the paths apart.
    package var pixelsDrawn = 0
    /// A rasterized view's subtree, placed in its picture (RasterizedLayer.swift).
    var rasterizedEntries: [ViewTable.Entry] = []
    /// Pictures of rasterized views drawn, and copied onto the screen, so far.
    package var rasterizedDrawings = 0
    package var rasterizedComposites = 0
    /// Tints blended as a picture was copied (a navigation's dimming), not drawn apart.
    package var foldedTints = 0

    @usableFromInline init() {}

    func level(_ depth: Int) -> Level {
        while levels.count <= depth { levels.append(Level()) }
        return levels[depth]
    }
}

extension Renderer {
    /// Draws the rotated or scaled entry at `root` and its subtree where they
    /// land in `area` (points; `pixels` in the framebuffer).
    @usableFromInline func drawTransformed(
        entryAt root: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>, area: Rect, pixels: Rect,
        scale: Double, into framebuffer: Framebuffer, depth: Int, entriesRead: inout UInt64
    ) {
        let toWindow = entries[root].drawToWindow
        // A transform that collapses the view shows nothing.
        guard let toLocal = toWindow.inverted, toLocal.isFinite else { return }
        // Where the subtree may show: the area, inside the root's clipping ancestors.
        let ancestorsClip = entries[root].drawClipInWindow
        guard
            let shown = ancestorsClip == ViewTable.unboundedClip ? area : area.intersection(ancestorsClip),
            let deviceClip = Self.deviceClip(shown, pixels: pixels, scale: scale)
        else { return }
        let parent = Int(entries[root].parent)
        // The ancestors' alpha, applied once to the composed subtree.
        let ancestorsAlpha = parent >= 0 ? entries[parent].drawAlphaInWindow : 1
        guard ancestorsAlpha > 0 else { return }
        if drawTransformedImage(
            entryAt: root, in: entries, toWindow: toWindow, clip: deviceClip, scale: scale, into: framebuffer)
        {
            return
        }

        // 1. The subtree's entries in the root's bounds coordinates, and what they draw there.
        let level = offscreens.level(depth)
        level.entries.removeAll(keepingCapacity: true)
        let end = Int(entries[root].subtreeEnd)
        let offset = Int32(root)
        let nestsFurther = depth + 1 < OffscreenPool.maximumDepth
        var extent: Rect?
        var skippedUntil = 0
        for i in root..<end {
            entriesRead &+= 1
            var entry = entries[i]
            var relative = i == root ? .identity : entry.drawToWindow.concatenating(toLocal)
            // A view that only moves within the root comes back from the round
            // trip a rounding error off a translation: it is one.
            let error = max(max(abs(relative.a - 1), abs(relative.d - 1)), max(abs(relative.b), abs(relative.c)))
            if error < 1e-9 { relative = AffineTransform(translationX: relative.tx, y: relative.ty) }
            entry.drawToWindow = relative
            entry.drawFrameInWindow = relative.apply(to: entry.drawBounds)
            entry.placeInSubtree(at: root, index: i, of: level.entries)
            entry.drawAlphaInWindow /= ancestorsAlpha
            // A view rotated or scaled inside the root gets an offscreen of its own.
            if relative.isTranslation || !nestsFurther {
                entry.layerParts.remove(.transformed)
            } else {
                entry.layerParts.insert(.transformed)
            }
            level.entries.append(entry)
            guard i >= skippedUntil else { continue }
            if entry.flags.contains(.hidden) || entry.flags.contains(.nonFinite) || !(entry.drawAlphaInWindow > 0) {
                skippedUntil = Int(entry.subtreeEnd + offset)
                continue
            }
            let clip = entry.drawClipInWindow
            let drawn = entry.drawVisualFrameInWindow
            guard let part = clip == ViewTable.unboundedClip ? drawn : drawn.intersection(clip) else { continue }
            extent = extent.map { $0.union(part) } ?? part
        }
        // 2. Only the part that lands in the area (two texels more, for the bilinear samples at its edge).
        let margin = 2 / scale
        guard let drawn = extent,
            let needed = drawn.intersection(toLocal.apply(to: shown).insetBy(dx: -margin, dy: -margin))
        else { return }
        let x0 = (needed.minX * scale).roundedDown
        let y0 = (needed.minY * scale).roundedDown
        let x1 = (needed.maxX * scale).roundedUp
        let y1 = (needed.maxY * scale).roundedUp
        guard x1 - x0 >= 1, y1 - y0 >= 1, x1 - x0 <= Double(OffscreenPool.maximumSide),
            y1 - y0 <= Double(OffscreenPool.maximumSide),
            (x1 - x0) * (y1 - y0) <= Double(OffscreenPool.maximumPixels)
        else { return }
        let width = Int(x1 - x0)
        let height = Int(y1 - y0)
        let count = width * height
        // The offscreen's top-left pixel is the root's point (ox, oy).
        let ox = x0 / scale
        let oy = y0 / scale
        for i in level.entries.indices {
            level.entries[i].drawToWindow = level.entries[i].drawToWindow.concatenating(
                AffineTransform(translationX: -ox, y: -oy))
            level.entries[i].drawFrameInWindow = level.entries[i].drawFrameInWindow.offsetBy(dx: -ox, dy: -oy)
            if level.entries[i].drawClipInWindow != ViewTable.unboundedClip {
                level.entries[i].drawClipInWindow = level.entries[i].drawClipInWindow.offsetBy(dx: -ox, dy: -oy)
            }
        }
        // The memory grows to hold the whole subtree (whatever part of it the
        // area needs: a turning view's area changes every frame), and stays.
        let whole =
            ((drawn.maxX * scale).roundedUp - (drawn.minX * scale).roundedDown)
            * ((drawn.maxY * scale).roundedUp - (drawn.minY * scale).roundedDown)
        let capacity = max(count, Int(min(whole, Double(OffscreenPool.maximumPixels))))
        if level.overBlack.count < capacity {
            level.overBlack = [UInt32](repeating: 0, count: capacity)
            level.overWhite = [UInt32](repeating: 0, count: capacity)
            level.texels = [Color](repeating: .clear, count: capacity)
        }
        offscreens.pixelsDrawn &+= count

        // 3. The subtree over black and over white, then colour and coverage from the two.
        let offscreenArea = Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale)
        let offscreenPixels = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        level.entries.withUnsafeBufferPointer { placed in
            level.overBlack.withUnsafeMutableBufferPointer { black in
                level.overWhite.withUnsafeMutableBufferPointer { white in
                    // (Two calls, not a loop over an array literal: that would allocate each frame.)
                    func drawSubtree(over background: UInt32, into buffer: UnsafeMutableBufferPointer<UInt32>) {
                        UnsafeMutableBufferPointer(rebasing: buffer[..<count]).update(repeating: background)
                        let offscreen = Framebuffer(
                            width: width, height: height, stride: width * 4, format: .xrgb8888,
                            baseAddress: UnsafeMutableRawPointer(buffer.baseAddress!))
                        drawEntries(
                            placed, area: offscreenArea, pixels: offscreenPixels, scale: scale, into: offscreen,
                            depth: depth + 1, entriesRead: &entriesRead)
                    }
                    drawSubtree(over: 0xFF00_0000, into: black)
                    drawSubtree(over: 0xFFFF_FFFF, into: white)
                    level.texels.withUnsafeMutableBufferPointer { texels in
                        for i in 0..<count { texels[i] = Self.unblend(overBlack: black[i], overWhite: white[i]) }
                    }
                }
            }
        }

        // 4. Sampled through the transform: offscreen pixel → the root's point → window → framebuffer.
        var context = GraphicsContext(framebuffer: framebuffer, scale: scale, clip: deviceClip)
        context.alpha = ancestorsAlpha
        let toDevice = AffineTransform(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: ox, ty: oy)
            .concatenating(toWindow)
            .concatenating(AffineTransform(scaleX: scale, y: scale))
        level.texels.withUnsafeBufferPointer { texels in
            Rasterizer(context: context).drawTexels(
                texels.baseAddress!, width: width, height: height, transform: toDevice)
        }
    }

    /// The colour and coverage of a pixel drawn once over black and once
    /// over white: what shows through is the difference, the colour is what
    /// was added over black, un-premultiplied.
    @inline(__always)
    @usableFromInline static func unblend(overBlack black: UInt32, overWhite white: UInt32) -> Color {
        let br = Int((black >> 16) & 0xFF)
        let bg = Int((black >> 8) & 0xFF)
        let bb = Int(black & 0xFF)
        let through = (Int((white >> 16) & 0xFF) - br) + (Int((white >> 8) & 0xFF) - bg) + (Int(white & 0xFF) - bb)
        let alpha = min(max(255 - (through + 1) / 3, 0), 255)
        guard alpha > 0 else { return .clear }
        if alpha == 255 {
            return Color(
                red: UInt8(truncatingIfNeeded: br), green: UInt8(truncatingIfNeeded: bg),
                blue: UInt8(truncatingIfNeeded: bb))
        }
        let half = alpha / 2
        return Color(
            red: UInt8(min((br * 255 + half) / alpha, 255)), green: UInt8(min((bg * 255 + half) / alpha, 255)),
            blue: UInt8(min((bb * 255 + half) / alpha, 255)), alpha: UInt8(alpha))
    }

    /// A lone `ImageView` (no subviews, no layer, no background, its own
    /// drawing) samples its image straight through the transform; false
    /// when the entry is not one.
    @usableFromInline func drawTransformedImage(
        entryAt root: Int, in entries: UnsafeBufferPointer<ViewTable.Entry>, toWindow: AffineTransform,
        clip: Rect, scale: Double, into framebuffer: Framebuffer
    ) -> Bool {
        guard Int(entries[root].subtreeEnd) == root + 1,
            entries[root].layerParts.subtracting(.transformed).isEmpty
        else { return false }
        let presenting = entries[root].flags.contains(.presenting)
        let alpha = entries[root].drawAlphaInWindow
        return entries[root].unretainedView._withUnsafeGuaranteedRef { view in
            guard ObjectIdentifier(type(of: view)) == ObjectIdentifier(ImageView.self),
                let imageView = view as? ImageView, let image = imageView.image, !image.isTemplate,
                let rect = imageView.imageRect
            else { return false }
            let background = presenting ? view.presentation.backgroundColor : view.backgroundColor
            guard background == nil || background?.alpha == 0 else { return false }
            var context = GraphicsContext(framebuffer: framebuffer, scale: scale, clip: clip)
            context.alpha = alpha
            context.draw(image, in: rect, transform: toWindow)
            return true
        }
    }
}
