/// How a panel is mounted: how far the logical image (the one the UI lays out
/// and draws) turns clockwise, as seen by someone facing the screen, to become
/// the physical image the panel scans out from its own top-left pixel.
///
/// At 90° and 270° the axes swap: a 800×480 panel mounted at
/// ``clockwise90`` shows a 480×800 logical screen (``logicalSize(physicalWidth:physicalHeight:)``);
/// the window and the renderer's framebuffer use the logical size, and
/// ``copy(_:from:to:)`` turns the pixels into the panel's framebuffer.
///
/// For a physical framebuffer `Wp` pixels wide and `Hp` high, the logical
/// pixel `(x, y)` lands on the physical pixel:
///
/// | rotation        | physical pixel            | logical top-left lands at |
/// |-----------------|---------------------------|---------------------------|
/// | ``none``        | `(x, y)`                  | top-left                  |
/// | ``clockwise90`` | `(Wp - 1 - y, x)`         | top-right                 |
/// | ``upsideDown``  | `(Wp - 1 - x, Hp - 1 - y)`| bottom-right              |
/// | ``clockwise270``| `(y, Hp - 1 - x)`         | bottom-left               |
///
/// So at ``clockwise90`` the logical top edge runs down the physical right
/// edge, and the logical left edge along the physical top edge. This is the
/// same turn as ``TouchRotation`` and libinput use for `(x, y) → (1 - y, x)`.
public enum DisplayRotation: Int, Sendable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Whether width and height trade places between the logical and physical images.
    @inlinable
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The rotation that turns the physical image back into the logical one.
    @inlinable
    public var inverse: DisplayRotation {
        switch self {
        case .none: return .none
        case .clockwise90: return .clockwise270
        case .upsideDown: return .upsideDown
        case .clockwise270: return .clockwise90
        }
    }

    /// The ``TouchRotation`` for a touch sensor whose axes run along the
    /// physical panel's: it turns sensor coordinates into logical ones.
    @inlinable
    public var touchRotation: TouchRotation {
        switch inverse {
        case .none: return .none
        case .clockwise90: return .clockwise90
        case .upsideDown: return .upsideDown
        case .clockwise270: return .clockwise270
        }
    }

    /// The size the UI lays out in on a panel of the given physical size.
    @inlinable
    public func logicalSize(physicalWidth: Int, physicalHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (physicalHeight, physicalWidth) : (physicalWidth, physicalHeight)
    }

    /// Where the logical pixel `(x, y)` lands on a physical framebuffer of `physicalWidth × physicalHeight`.
    @inlinable
    public func physicalPixel(x: Int, y: Int, physicalWidth wp: Int, physicalHeight hp: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (wp - 1 - y, x)
        case .upsideDown: return (wp - 1 - x, hp - 1 - y)
        case .clockwise270: return (y, hp - 1 - x)
        }
    }

    /// The area `rect` of the logical image covers on the physical one (a
    /// logical rectangle is a physical rectangle: the turns are quarter turns).
    @inlinable
    public func physicalRect(_ rect: Rect, physicalWidth wp: Int, physicalHeight hp: Int) -> Rect {
        let w = Double(wp), h = Double(hp)
        switch self {
        case .none:
            return rect
        case .clockwise90:
            return Rect(x: w - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        case .upsideDown:
            return Rect(x: w - rect.maxX, y: h - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270:
            return Rect(x: rect.minY, y: h - rect.maxX, width: rect.height, height: rect.width)
        }
    }

    /// Copies each area of `region` (what ``Renderer/render(_:into:)`` redrew)
    /// as the copy of one area below does, and returns the physical areas written.
    @discardableResult
    public func copy(_ region: DirtyRegion, from logical: Framebuffer, to physical: Framebuffer) -> DirtyRegion {
        var written = DirtyRegion()
        for area in region {
            if let target = copy(area, from: logical, to: physical) { written.add(target) }
        }
        return written
    }

    /// Copies the pixels of `area` of the logical framebuffer (rounded out to
    /// whole pixels, clipped to it) into `physical`, turned by this rotation,
    /// and returns the physical area written (`nil` when nothing was), for the
    /// backend to flush or flip.
    ///
    /// `logical` must have the size ``logicalSize(physicalWidth:physicalHeight:)``
    /// gives for `physical`; their strides may be anything that keeps pixels
    /// aligned (a multiple of the pixel size, as DRM pitches are). When the
    /// formats differ the pixels are converted on the way (an RGB565 UI on a
    /// display that scans out only XRGB8888, or the reverse), in the same pass.
    /// Allocates nothing.
    @discardableResult
    public func copy(_ area: Rect, from logical: Framebuffer, to physical: Framebuffer) -> Rect? {
        let expected = logicalSize(physicalWidth: physical.width, physicalHeight: physical.height)
        precondition(logical.width == expected.width && logical.height == expected.height,
                     "DisplayRotation.copy: the logical framebuffer must be the physical one's size, turned")
        precondition(logical.stride % logical.format.bytesPerPixel == 0 && physical.stride % physical.format.bytesPerPixel == 0
                         && Int(bitPattern: logical.baseAddress) % logical.format.bytesPerPixel == 0
                         && Int(bitPattern: physical.baseAddress) % physical.format.bytesPerPixel == 0,
                     "DisplayRotation.copy: pixels must be aligned to their size (strides a multiple of it)")
        guard let pixels = Renderer.pixelArea(covering: area, in: logical) else { return nil }
        let target = physicalRect(pixels, physicalWidth: physical.width, physicalHeight: physical.height)
        let px0 = Int(target.minX), py0 = Int(target.minY)
        let px1 = Int(target.maxX), py1 = Int(target.maxY)
        switch (logical.format, physical.format) {
        case (.xrgb8888, .xrgb8888):
            copyPixels(from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) { (pixel: UInt32) in pixel }
        case (.rgb565, .rgb565):
            copyPixels(from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) { (pixel: UInt16) in pixel }
        case (.rgb565, .xrgb8888):
            copyPixels(from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) { (pixel: UInt16) in
                Renderer.xrgb(fromRGB565: pixel)
            }
        case (.xrgb8888, .rgb565):
            copyPixels(from: logical, to: physical, px0: px0, px1: px1, py0: py0, py1: py1) { (pixel: UInt32) in
                Renderer.rgb565(fromXRGB: pixel)
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
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self), toByteOffset: offset,
                          as: SIMD4<UInt32>.self)
        }
        let last = bytes &- 16
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: last, as: SIMD4<UInt32>.self), toByteOffset: last,
                      as: SIMD4<UInt32>.self)
    }

    /// Fills physical columns `px0 ..< px1` of rows `py0 ..< py1` from the
    /// logical pixels that land there. Writes go along physical rows; for the
    /// quarter turns, which read logical columns, the area is walked in tiles
    /// so that the logical rows read stay in cache.
    @inline(__always)
    @usableFromInline func copyPixels<Source: FixedWidthInteger, Pixel: FixedWidthInteger>(
        from logical: Framebuffer, to physical: Framebuffer, px0: Int, px1: Int, py0: Int, py1: Int,
        convert: (Source) -> Pixel
    ) {
        let size = MemoryLayout<Source>.stride, pixelSize = MemoryLayout<Pixel>.stride
        let wp = physical.width, hp = physical.height
        let source = logical.baseAddress, sourceStride = logical.stride
        // The logical pixel that lands on physical (px, py), and how far the source
        // moves (in bytes) for each step along a physical row.
        let step: Int
        switch self {
        case .none: step = size
        case .clockwise90: step = -sourceStride     // lx = py, ly = wp - 1 - px
        case .upsideDown: step = -size              // lx = wp - 1 - px, ly = hp - 1 - py
        case .clockwise270: step = sourceStride     // lx = hp - 1 - py, ly = px
        }
        @inline(__always) func sourceOffset(px: Int, py: Int) -> Int {
            switch self {
            case .none: return py * sourceStride + px * size
            case .clockwise90: return (wp - 1 - px) * sourceStride + py * size
            case .upsideDown: return (hp - 1 - py) * sourceStride + (wp - 1 - px) * size
            case .clockwise270: return px * sourceStride + (hp - 1 - py) * size
            }
        }
        if self == .none && Source.self == Pixel.self {
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
        let tile = swapsAxes ? 16 : max(px1 - px0, 1)
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
