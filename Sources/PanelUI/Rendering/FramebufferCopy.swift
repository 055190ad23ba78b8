/// Presenting: the renderer's upright (logical) framebuffer copied into a
/// panel's (physical) one, turned by how the panel is mounted and converted
/// between pixel formats on the way. DRM, fbdev, the simulator and the bench
/// present through it.
extension Framebuffer {
    /// Copies each area of `region` (what `Renderer.render(_:into:)` redrew)
    /// as the copy of one area below does, and returns the physical areas written.
    @discardableResult
    public func copy(_ region: DirtyRegion, turnedBy rotation: Rotation, into physical: Framebuffer) -> DirtyRegion {
        var written = DirtyRegion()
        for area in region {
            if let target = copy(area, turnedBy: rotation, into: physical) { written.add(target) }
        }
        return written
    }

    /// Copies the pixels of `area` of this, the logical framebuffer (rounded out to
    /// whole pixels, clipped to it) into `physical`, turned by `rotation`,
    /// and returns the physical area written (`nil` when nothing was), for the
    /// backend to flush or flip.
    ///
    /// This framebuffer must have the size `Rotation.logicalSize(physicalWidth:physicalHeight:)`
    /// gives for `physical`; their strides may be anything that keeps pixels
    /// aligned (a multiple of the pixel size, as DRM pitches are). When the
    /// formats differ the pixels are converted on the way (an RGB565 UI on a
    /// display that scans out only XRGB8888, or the reverse), in the same pass.
    /// Allocates nothing.
    @discardableResult
    public func copy(_ area: Rect, turnedBy rotation: Rotation, into physical: Framebuffer) -> Rect? {
        let logical = self
        let expected = rotation.logicalSize(physicalWidth: physical.width, physicalHeight: physical.height)
        precondition(
            logical.width == expected.width && logical.height == expected.height,
            "Framebuffer.copy: the logical framebuffer must be the physical one's size, turned")
        precondition(
            logical.stride % logical.format.bytesPerPixel == 0 && physical.stride % physical.format.bytesPerPixel == 0
                && Int(bitPattern: logical.baseAddress) % logical.format.bytesPerPixel == 0
                && Int(bitPattern: physical.baseAddress) % physical.format.bytesPerPixel == 0,
            "Framebuffer.copy: pixels must be aligned to their size (strides a multiple of it)")
        guard let pixels = Renderer.pixelArea(covering: area, in: logical) else { return nil }
        let target = rotation.physicalRect(pixels, physicalWidth: physical.width, physicalHeight: physical.height)
        let px0 = Int(target.minX)
        let py0 = Int(target.minY)
        let px1 = Int(target.maxX)
        let py1 = Int(target.maxY)
        switch (logical.format, physical.format) {
        case (.xrgb8888, .xrgb8888):
            Self.copyPixels(turnedBy: rotation, from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) {
                (pixel: UInt32) in pixel
            }
        case (.rgb565, .rgb565):
            Self.copyPixels(turnedBy: rotation, from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) {
                (pixel: UInt16) in pixel
            }
        case (.rgb565, .xrgb8888):
            Self.copyPixels(turnedBy: rotation, from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) {
                (pixel: UInt16) in
                PixelMath.xrgb(fromRGB565: pixel)
            }
        case (.xrgb8888, .rgb565):
            Self.copyPixels(turnedBy: rotation, from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) {
                (pixel: UInt32) in
                PixelMath.rgb565(fromXRGB: pixel)
            }
        }
        return target
    }

    /// Copies `bytes` (16 or more) from `from` to `to`, which do not overlap:
    /// 16 bytes at a time, the last copy overlapping the one before.
    @inline(__always)
    @usableFromInline static func copyShortRow(from: UnsafeRawPointer, to: UnsafeMutableRawPointer, bytes: Int) {
        var offset = 0
        while offset &+ 32 < bytes {
            let first = from.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
            let second = from.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<UInt32>.self)
            to.storeBytes(of: first, toByteOffset: offset, as: SIMD4<UInt32>.self)
            to.storeBytes(of: second, toByteOffset: offset &+ 16, as: SIMD4<UInt32>.self)
            offset &+= 32
        }
        if offset &+ 16 < bytes {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self), toByteOffset: offset,
                as: SIMD4<UInt32>.self)
        }
        let last = bytes &- 16
        to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: last, as: SIMD4<UInt32>.self), toByteOffset: last,
            as: SIMD4<UInt32>.self)
    }

    /// Fills physical columns `px0 ..< px1` of rows `py0 ..< py1` from the
    /// logical pixels that land there. Writes go along physical rows; for the
    /// quarter turns, which read logical columns, the area is walked in tiles
    /// so that the logical rows read stay in cache.
    @inline(__always)
    @usableFromInline static func copyPixels<Source: FixedWidthInteger, Pixel: FixedWidthInteger>(
        turnedBy rotation: Rotation, from logical: Framebuffer, to physical: Framebuffer, px0: Int, px1: Int, py0: Int,
        py1: Int,
        convert: (Source) -> Pixel
    ) {
        let size = MemoryLayout<Source>.stride
        let pixelSize = MemoryLayout<Pixel>.stride
        let wp = physical.width
        let hp = physical.height
        let source = logical.baseAddress
        let sourceStride = logical.stride
        // The logical pixel that lands on physical (px, py), and how far the source
        // moves (in bytes) for each step along a physical row.
        let step: Int
        switch rotation {
        case .none: step = size
        case .clockwise90: step = -sourceStride // lx = py, ly = wp - 1 - px
        case .upsideDown: step = -size // lx = wp - 1 - px, ly = hp - 1 - py
        case .clockwise270: step = sourceStride // lx = hp - 1 - py, ly = px
        }
        @inline(__always) func sourceOffset(px: Int, py: Int) -> Int {
            switch rotation {
            case .none: return py * sourceStride + px * size
            case .clockwise90: return (wp - 1 - px) * sourceStride + py * size
            case .upsideDown: return (hp - 1 - py) * sourceStride + (wp - 1 - px) * size
            case .clockwise270: return px * sourceStride + (hp - 1 - py) * size
            }
        }
        if rotation == .none && Source.self == Pixel.self {
            // Unturned and unconverted, the present of most frames: a copy a row,
            // with nothing worked out per row but the two pointers.
            let bytes = (px1 - px0) * size
            guard bytes > 0 else { return }
            var from = UnsafeRawPointer(source + py0 * sourceStride + px0 * size)
            var to = physical.baseAddress + py0 * physical.stride + px0 * pixelSize
            // A dirty area a thumb wide: rows copied 16 bytes at a time, inline,
            // cost less than a call into memcpy for each.
            let isShort = bytes >= 16 && bytes < 256
            for _ in py0..<py1 {
                if isShort {
                    Self.copyShortRow(from: from, to: to, bytes: bytes)
                } else {
                    to.copyMemory(from: from, byteCount: bytes)
                }
                from += sourceStride
                to += physical.stride
            }
            return
        }
        let tile = rotation.swapsAxes ? 16 : max(px1 - px0, 1)
        var tileY = py0
        while tileY < py1 {
            let tileYEnd = min(tileY + tile, py1)
            var tileX = px0
            while tileX < px1 {
                let tileXEnd = min(tileX + tile, px1)
                let count = tileXEnd - tileX
                for py in tileY..<tileYEnd {
                    let destination = (physical.baseAddress + py * physical.stride + tileX * pixelSize)
                        .assumingMemoryBound(to: Pixel.self)
                    var offset = sourceOffset(px: tileX, py: py)
                    for i in 0..<count {
                        destination[i] = convert(source.load(fromByteOffset: offset, as: Source.self))
                        offset += step
                    }
                }
                tileX = tileXEnd
            }
            tileY = tileYEnd
        }
    }
}

extension Framebuffer {
    /// Moves the pixels of `area` (whole pixels, inside the framebuffer) that
    /// stay inside it by `dx`, `dy` pixels: a scroll view's content moved
    /// rather than drawn again (`Renderer.scrollByCopy`). The pixels the move
    /// leaves behind keep their old values, for the caller to draw. Rows are
    /// walked away from the direction of the move, each moved as a `memmove`
    /// (`copyMemory`), so no pixel is read after it was overwritten. Allocates nothing.
    package func move(_ area: Rect, byX dx: Int, y dy: Int) {
        let x0 = Int(area.minX)
        let y0 = Int(area.minY)
        let x1 = Int(area.maxX)
        let y1 = Int(area.maxY)
        precondition(
            x0 >= 0 && y0 >= 0 && x1 <= width && y1 <= height && x0 <= x1 && y0 <= y1,
            "Framebuffer.move: the area must lie inside the framebuffer")
        // The source columns and rows whose pixels land inside the area.
        let sourceX0 = max(x0, x0 - dx)
        let sourceX1 = min(x1, x1 - dx)
        let sourceY0 = max(y0, y0 - dy)
        let sourceY1 = min(y1, y1 - dy)
        guard sourceX0 < sourceX1, sourceY0 < sourceY1, dx != 0 || dy != 0 else { return }
        let bytes = format.bytesPerPixel
        let rowBytes = (sourceX1 - sourceX0) * bytes
        let rows = sourceY1 - sourceY0
        for step in 0..<rows {
            // Down: the bottom row first; up (or sideways): the top row first.
            let y = dy > 0 ? sourceY1 - 1 - step : sourceY0 + step
            let source = baseAddress + y * stride + sourceX0 * bytes
            let destination = baseAddress + (y + dy) * stride + (sourceX0 + dx) * bytes
            destination.copyMemory(from: source, byteCount: rowBytes) // a memmove: rows may overlap sideways
        }
    }
}
