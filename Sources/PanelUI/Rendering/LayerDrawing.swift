/// A rectangle in framebuffer pixels with some of its corners rounded: the
/// shape a view's `Layer` fills, strokes, casts a shadow from and masks with.
@usableFromInline struct CorneredShape {
    @usableFromInline let rect: Rect
    /// The radius, held to half the shorter side.
    @usableFromInline let radius: Double
    @usableFromInline let corners: CornerMask

    @inline(__always)
    @usableFromInline init(_ rect: Rect, radius: Double, corners: CornerMask) {
        self.rect = rect
        self.radius = min(max(radius, 0), min(rect.width, rect.height) / 2)
        self.corners = radius > 0 ? corners : []
    }

    /// Whether all four corners are rounded alike (or none is): the
    /// rasterizer's symmetric rounded rectangle draws it.
    @inline(__always) @usableFromInline var isSymmetric: Bool { corners == .all || corners.isEmpty }

    /// The radius of the corner nearest (x, y).
    @inline(__always)
    @usableFromInline func radius(atX x: Double, y: Double) -> Double {
        let corner: CornerMask =
            x < rect.midX
            ? (y < rect.midY ? .layerMinXMinYCorner : .layerMinXMaxYCorner)
            : (y < rect.midY ? .layerMaxXMinYCorner : .layerMaxXMaxYCorner)
        return corners.contains(corner) ? radius : 0
    }

    /// Signed distance from (x, y) to the edge, negative inside: a rounded
    /// rectangle's, with the radius of the quadrant's corner.
    @inline(__always)
    @usableFromInline func distance(_ x: Double, _ y: Double) -> Double {
        let r = radius(atX: x, y: y)
        let qx = abs(x - rect.midX) - (rect.width / 2 - r)
        let qy = abs(y - rect.midY) - (rect.height / 2 - r)
        let ox = max(qx, 0)
        let oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }

    @inline(__always)
    @usableFromInline func coverage(_ x: Double, _ y: Double) -> Double {
        Rasterizer.coverage(distance: distance(x, y))
    }

    /// The columns of row `y` whose coverage is certainly 1 (pixel centres
    /// at least half a pixel inside the edges, clear of the rounded corners'
    /// columns near the top and bottom), clipped to `x0 ..< x1`; an empty
    /// range at `x1` when there are none.
    @inline(__always)
    @usableFromInline func fullColumns(row y: Int, from x0: Int, to x1: Int, limit: Int) -> (Int, Int) {
        let cy = Double(y) + 0.5
        guard cy - rect.minY >= 0.5, rect.maxY - cy >= 0.5 else { return (x1, x1) }
        let band = cy < rect.minY + radius || cy > rect.maxY - radius
        let inset = band ? radius : 0
        // Centres from minX + inset + 0.5 to maxX - inset - 0.5.
        let first = Rasterizer.pixelIndex(rect.minX + inset, limit: limit, .up)
        let end = Rasterizer.pixelIndex(rect.maxX - inset, limit: limit, .down)
        let a = max(first, x0)
        let b = min(end, x1)
        return a < b ? (a, b) : (x1, x1)
    }

    /// The shape moved in by `inset` on every side, its radius reduced by as much.
    @usableFromInline func inset(by inset: Double) -> CorneredShape? {
        let inner = rect.insetBy(dx: inset, dy: inset)
        guard inner.width > 0, inner.height > 0 else { return nil }
        return CorneredShape(inner, radius: max(radius - inset, 0), corners: corners)
    }
}

/// What a view keeps to draw its `Layer` without allocating per frame: the
/// blurred shadow, worked out again only when its size, corners or blur
/// change, and room for the pixels under its masked corners.
@usableFromInline final class LayerCache {
    /// The shadow's alpha (0...255), `shadowWidth` × `shadowHeight`, row by
    /// row: the shape at (`shadowPad`, `shadowPad`), blurred.
    @usableFromInline var shadow: [UInt8] = []
    @usableFromInline var shadowWidth = 0
    @usableFromInline var shadowHeight = 0
    /// Pixels from the mask's edge to the shape's: the blur's reach.
    @usableFromInline var shadowPad = 0
    /// What `shadow` was made for: the shape's size and radius in pixels,
    /// its corners, and the blur's half-width in pixels.
    @usableFromInline var shadowKey: (width: Double, height: Double, radius: Double, corners: UInt8, box: Int)?
    /// How many masks were made: tests read it to see the cache hold.
    @usableFromInline var shadowBuilds = 0
    /// The pixels under a masked view's corners before it drew (`Renderer`).
    @usableFromInline var savedCorners: [UInt32] = []
    /// The picture of a rasterized view (`Layer.shouldRasterize`).
    @exclusivity(unchecked) @usableFromInline var rasterized: RasterizedLayer?

    @usableFromInline init() {}

    /// The largest mask side, blur included: pixel counts and offsets stay
    /// far inside a 32-bit `Int` (armv7), and a mask stays below 16 MB (its
    /// blur works in 64 MB at most, once). A larger shadow is not drawn.
    @usableFromInline static let maximumSide = 4096

    /// Makes the mask for a shape of `width` × `height` pixels with corners
    /// of `radius` pixels, blurred by three box blurs of half-width `box`
    /// pixels, unless the one kept is for the same. False when the shape is
    /// too large or not a number (no shadow is drawn).
    @usableFromInline func prepareShadow(width: Double, height: Double, radius: Double, corners: CornerMask, box: Int)
        -> Bool
    {
        if let key = shadowKey, key.width == width, key.height == height, key.radius == radius,
            key.corners == corners.rawValue, key.box == box
        {
            return true
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite, box >= 0, box <= 1024,
            width < Double(Self.maximumSide), height < Double(Self.maximumSide)
        else { return false }
        let pad = 3 * box
        let w = Int(width.roundedUp) + 2 * pad
        let h = Int(height.roundedUp) + 2 * pad
        guard w <= Self.maximumSide, h <= Self.maximumSide else { return false }
        let shape = CorneredShape(
            Rect(x: Double(pad), y: Double(pad), width: width, height: height), radius: radius, corners: corners)
        var values = [Float](repeating: 0, count: w * h)
        for y in pad..<(h - pad) {
            let cy = Double(y) + 0.5
            for x in pad..<(w - pad) {
                values[y * w + x] = Float(shape.coverage(Double(x) + 0.5, cy))
            }
        }
        if box > 0 {
            var scratch = [Float](repeating: 0, count: max(w, h))
            for _ in 0..<3 {
                Self.boxBlur(&values, lines: h, length: w, step: 1, lineStride: w, box: box, scratch: &scratch)
                Self.boxBlur(&values, lines: w, length: h, step: w, lineStride: 1, box: box, scratch: &scratch)
            }
        }
        var mask = [UInt8](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            mask[i] = UInt8(min(max(values[i] * 255 + 0.5, 0), 255))
        }
        shadow = mask
        shadowWidth = w
        shadowHeight = h
        shadowPad = pad
        shadowKey = (width, height, radius, corners.rawValue, box)
        shadowBuilds += 1
        return true
    }

    /// One box blur of half-width `box` along each of `lines` lines of
    /// `length` values, `step` apart, the lines `lineStride` apart: each value
    /// becomes the mean of the `2·box + 1` around it (outside counts as 0).
    @usableFromInline static func boxBlur(
        _ values: inout [Float], lines: Int, length: Int, step: Int, lineStride: Int, box: Int,
        scratch: inout [Float]
    ) {
        let scale = 1 / Float(2 * box + 1)
        for line in 0..<lines {
            let start = line * lineStride
            for i in 0..<length { scratch[i] = values[start + i * step] }
            var sum: Float = 0
            for i in 0..<min(box, length) { sum += scratch[i] }
            for i in 0..<length {
                let entering = i + box
                if entering < length { sum += scratch[entering] }
                let leaving = i - box - 1
                if leaving >= 0 { sum -= scratch[leaving] }
                values[start + i * step] = max(sum, 0) * scale
            }
        }
    }
}

extension Rasterizer {
    /// Fills `shape` with `color`, anti-aliased.
    @usableFromInline func fill(_ shape: CorneredShape, color: Color) {
        if shape.isSymmetric { return fillRoundedRect(shape.rect, radius: shape.radius, color: color) }
        guard let base = baseAlpha(color), let area = pixelArea(around: shape.rect) else { return }
        // Some corners only (not symmetric): the fully covered run of each row
        // as a span, the pixels either side of it one by one.
        for y in area.y0..<area.y1 {
            let cy = Double(y) + 0.5
            let (full0, full1) = shape.fullColumns(row: y, from: area.x0, to: area.x1, limit: framebuffer.width)
            var x = area.x0
            while x < area.x1 {
                if x == full0 {
                    fillSpan(y: y, from: full0, to: full1, color: color, alpha: base)
                    x = full1
                    continue
                }
                let c = shape.coverage(Double(x) + 0.5, cy)
                if c > 0 { blend(x: x, y: y, color: color, alpha: base * c) }
                x += 1
            }
        }
    }

    /// A border of `lineWidth` pixels inside `shape`, anti-aliased.
    @usableFromInline func stroke(_ shape: CorneredShape, lineWidth: Double, color: Color) {
        if shape.isSymmetric {
            return strokeRoundedRect(shape.rect, radius: shape.radius, lineWidth: lineWidth, color: color)
        }
        guard let base = baseAlpha(color), let area = pixelArea(around: shape.rect) else { return }
        let inner = shape.inset(by: lineWidth)
        for y in area.y0..<area.y1 {
            let cy = Double(y) + 0.5
            // Where the inner shape covers fully, the border has nothing.
            let (hole0, hole1) =
                inner?.fullColumns(row: y, from: area.x0, to: area.x1, limit: framebuffer.width) ?? (area.x1, area.x1)
            var x = area.x0
            while x < area.x1 {
                if x == hole0 {
                    x = hole1
                    continue
                }
                let cx = Double(x) + 0.5
                let c = shape.coverage(cx, cy) - (inner?.coverage(cx, cy) ?? 0)
                if c > 0 { blend(x: x, y: y, color: color, alpha: base * c) }
                x += 1
            }
        }
    }

    /// Blends `color` at `opacity` (0...1, times the colour's and the
    /// context's alpha) through `cache`'s shadow mask, whose top-left pixel
    /// lands on pixel (`x0`, `y0`). Pixels wholly inside `covered` (the view's
    /// opaque background, drawn next) are skipped: the shadow under an opaque
    /// card costs nothing.
    @usableFromInline func drawShadow(
        _ cache: LayerCache, atX x0: Int, y y0: Int, color: Color, opacity: Double, covered: CorneredShape?
    ) {
        guard let base = baseAlpha(color) else { return }
        let strength = Self.level(base * min(max(opacity, 0), 1))
        guard strength > 0 else { return }
        let xa = max(clipX0, x0)
        let xb = min(clipX1, x0 &+ cache.shadowWidth)
        let ya = max(clipY0, y0)
        let yb = min(clipY1, y0 &+ cache.shadowHeight)
        guard xa < xb, ya < yb else { return }
        // The whole pixels inside the covering shape: its full height between
        // the corners' rows, and between the corners' columns above and below them.
        var outer = (x0: 0, x1: 0, y0: 0, y1: 0)
        var inner = (x0: 0, x1: 0, y0: 0, y1: 0)
        if let covered {
            let rect = covered.rect
            let r = covered.radius.roundedUp
            let w = framebuffer.width
            let h = framebuffer.height
            outer = (
                Self.pixelIndex(rect.minX, limit: w, .up), Self.pixelIndex(rect.maxX, limit: w, .down),
                Self.pixelIndex(rect.minY + r, limit: h, .up), Self.pixelIndex(rect.maxY - r, limit: h, .down)
            )
            inner = (
                Self.pixelIndex(rect.minX + r, limit: w, .up), Self.pixelIndex(rect.maxX - r, limit: w, .down),
                Self.pixelIndex(rect.minY, limit: h, .up), Self.pixelIndex(rect.maxY, limit: h, .down)
            )
        }
        cache.shadow.withUnsafeBufferPointer { mask in
            for y in ya..<yb {
                let maskRow = (y &- y0) &* cache.shadowWidth &- x0
                let rowStart = row(y)
                // The covered columns of this row: none, or `skip0 ..< skip1`.
                var skip0 = xb
                var skip1 = xb
                if y >= outer.y0 && y < outer.y1 && outer.x0 < outer.x1 {
                    skip0 = outer.x0
                    skip1 = outer.x1
                } else if y >= inner.y0 && y < inner.y1 && inner.x0 < inner.x1 {
                    skip0 = inner.x0
                    skip1 = inner.x1
                }
                // Along a row the mask often holds one value over a flat
                // background (the band under a card's edge): the last blend is reused.
                var lastM: UInt32 = 0
                var lastUnder: UInt32 = 0
                var lastResult: UInt32 = 0
                var x = xa
                while x < xb {
                    if x == skip0 {
                        x = max(skip1, x)
                        continue
                    }
                    let m = UInt32(mask[maskRow &+ x])
                    x &+= 1
                    guard m > 0 else { continue }
                    // m·strength/255, rounded: 255·255 fits 16 bits.
                    let t = m &* strength &+ 127
                    let a = (t &+ 1 &+ (t >> 8)) >> 8
                    guard a > 0 else { continue }
                    guard framebuffer.format == .xrgb8888 else {
                        blend(x: x &- 1, row: rowStart, color: color, level: a)
                        continue
                    }
                    let pixels = rowStart.assumingMemoryBound(to: UInt32.self)
                    let under = pixels[x &- 1]
                    if m != lastM || under != lastUnder {
                        lastM = m
                        lastUnder = under
                        lastResult = a == 255 ? color.xrgb8888 : PixelMath.blend(color, alpha: a, over: under)
                    }
                    pixels[x &- 1] = lastResult
                }
            }
        }
    }

    /// Calls `body(x, y, index)` for each pixel inside the clip of the
    /// rounded corners of `shape` (each corner's square, the four kept apart),
    /// `index` counting them in the same order every time.
    @inline(__always)
    @usableFromInline func forEachCornerPixel(of shape: CorneredShape, _ body: (Int, Int, Int) -> Void) {
        let rect = shape.rect
        let r = shape.radius
        guard r > 0 else { return }
        let xa = Self.pixelIndex(rect.minX, limit: framebuffer.width, .down)
        let xb = Self.pixelIndex(rect.maxX, limit: framebuffer.width, .up)
        let ya = Self.pixelIndex(rect.minY, limit: framebuffer.height, .down)
        let yb = Self.pixelIndex(rect.maxY, limit: framebuffer.height, .up)
        let xm = Self.pixelIndex(rect.midX, limit: framebuffer.width, .down)
        let ym = Self.pixelIndex(rect.midY, limit: framebuffer.height, .down)
        let leftEnd = min(Self.pixelIndex(rect.minX + r, limit: framebuffer.width, .up), xm)
        let rightStart = max(Self.pixelIndex(rect.maxX - r, limit: framebuffer.width, .down), xm)
        let topEnd = min(Self.pixelIndex(rect.minY + r, limit: framebuffer.height, .up), ym)
        let bottomStart = max(Self.pixelIndex(rect.maxY - r, limit: framebuffer.height, .down), ym)
        var index = 0
        // The four corners in one order (no nested function: its captured
        // counter would be boxed on the heap in a debug build).
        for k in 0..<4 {
            let mask: CornerMask
            let x0: Int
            let x1: Int
            let y0: Int
            let y1: Int
            switch k {
            case 0: (mask, x0, x1, y0, y1) = (.layerMinXMinYCorner, xa, leftEnd, ya, topEnd)
            case 1: (mask, x0, x1, y0, y1) = (.layerMaxXMinYCorner, rightStart, xb, ya, topEnd)
            case 2: (mask, x0, x1, y0, y1) = (.layerMinXMaxYCorner, xa, leftEnd, bottomStart, yb)
            default: (mask, x0, x1, y0, y1) = (.layerMaxXMaxYCorner, rightStart, xb, bottomStart, yb)
            }
            guard shape.corners.contains(mask) else { continue }
            let cx0 = max(x0, clipX0)
            let cx1 = min(x1, clipX1)
            let cy0 = max(y0, clipY0)
            let cy1 = min(y1, clipY1)
            guard cx0 < cx1, cy0 < cy1 else { continue }
            for y in cy0..<cy1 {
                for x in cx0..<cx1 {
                    body(x, y, index)
                    index &+= 1
                }
            }
        }
    }

    /// How many pixels `forEachCornerPixel(of:_:)` visits at most for
    /// `shape`: four corner squares, each inside the framebuffer (so a huge
    /// view's corners never ask for more than the screen).
    @usableFromInline func cornerPixelCapacity(of shape: CorneredShape) -> Int {
        let side = Int(min(shape.radius, 16_384).roundedUp) + 2
        return 4 * min(side, framebuffer.width + 2) * min(side, framebuffer.height + 2)
    }

    /// Keeps the pixels under `shape`'s rounded corners in `cache`, before
    /// a masking view draws over them.
    @usableFromInline func saveCorners(of shape: CorneredShape, in cache: LayerCache) {
        let needed = cornerPixelCapacity(of: shape)
        if cache.savedCorners.count < needed {
            cache.savedCorners = [UInt32](repeating: 0, count: needed) // on a change of size only
        }
        cache.savedCorners.withUnsafeMutableBufferPointer { saved in
            forEachCornerPixel(of: shape) { x, y, i in
                saved[i] = pixel(x: x, y: y)
            }
        }
    }

    /// Puts back, outside `shape`'s rounded corners, the pixels
    /// `saveCorners(of:in:)` kept: what the view and its subviews drew there
    /// shows by the shape's coverage, anti-aliased.
    @usableFromInline func restoreCorners(of shape: CorneredShape, from cache: LayerCache) {
        guard cache.savedCorners.count >= cornerPixelCapacity(of: shape) else { return }
        cache.savedCorners.withUnsafeBufferPointer { saved in
            forEachCornerPixel(of: shape) { x, y, i in
                let c = shape.coverage(Double(x) + 0.5, Double(y) + 0.5)
                let a = Self.level(c * 255)
                guard a < 255 else { return }
                let under = saved[i]
                let drawn = pixel(x: x, y: y)
                let mixed =
                    a == 0
                    ? under
                    : PixelMath.blend(
                        Color(
                            red: UInt8(truncatingIfNeeded: drawn >> 16), green: UInt8(truncatingIfNeeded: drawn >> 8),
                            blue: UInt8(truncatingIfNeeded: drawn)), alpha: a, over: under)
                store(mixed, x: x, y: y)
            }
        }
    }

    /// The pixel at (x, y) as XRGB8888.
    @inline(__always)
    @usableFromInline func pixel(x: Int, y: Int) -> UInt32 {
        switch framebuffer.format {
        case .xrgb8888: return row(y).assumingMemoryBound(to: UInt32.self)[x]
        case .rgb565: return PixelMath.xrgb(fromRGB565: row(y).assumingMemoryBound(to: UInt16.self)[x])
        }
    }

    /// Writes an XRGB8888 value at (x, y) in the framebuffer's format.
    @inline(__always)
    @usableFromInline func store(_ value: UInt32, x: Int, y: Int) {
        switch framebuffer.format {
        case .xrgb8888: row(y).assumingMemoryBound(to: UInt32.self)[x] = value
        case .rgb565: row(y).assumingMemoryBound(to: UInt16.self)[x] = PixelMath.rgb565(fromXRGB: value)
        }
    }
}
