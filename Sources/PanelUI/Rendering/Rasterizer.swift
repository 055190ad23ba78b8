/// Anti-aliased shapes and images into a framebuffer, clipped and blended.
///
/// Coverage comes from the signed distance `d` of each pixel centre to the
/// shape's edge, with one pixel of ramp: `coverage = clamp(0.5 - d, 0, 1)`.
/// Edges at fractional positions and rounded corners come out smooth.
///
/// Rows are filled as spans. Along a row, every shape drawn here is symmetric
/// about its centre column and its coverage only rises towards the centre and
/// falls after it, so a row is: nothing, a ramp up, a run of full coverage, a
/// ramp down, nothing. `walkRow(from:to:centre:seeds:coverage:ramp:)` starts
/// at the edges (found analytically), evaluates the distance only on the ramp
/// pixels, and the full run in between is written with plain 32-bit or 16-bit
/// stores (`fillSpan(y:from:to:color:alpha:)`), without any per-pixel maths.
/// Pixels get exactly the coverage the per-pixel formula gives them.
///
/// Clipping works on whole pixels: a pixel is drawn when its square overlaps
/// the clip rectangle, so a view clipped to its own frame at a fractional
/// position keeps its anti-aliased edge pixels.
@usableFromInline struct Rasterizer {
    @usableFromInline let framebuffer: Framebuffer
    @usableFromInline let clip: Rect
    @usableFromInline let alpha: Double
    /// The pixels the clip rectangle overlaps: columns `clipX0 ..< clipX1`, rows `clipY0 ..< clipY1`.
    @usableFromInline let clipX0: Int
    @usableFromInline let clipX1: Int
    @usableFromInline let clipY0: Int
    @usableFromInline let clipY1: Int

    /// Borrows the context: taking it owned (an initializer's default)
    /// would retain and release its text renderer for every shape drawn.
    @usableFromInline init(context: borrowing GraphicsContext) {
        framebuffer = context.framebuffer
        let visible = context.clip.intersection(context.framebuffer.bounds) ?? .zero
        clip = visible
        alpha = min(max(context.alpha, 0), 1)
        if visible.isEmpty {
            clipX0 = 0
            clipX1 = 0
            clipY0 = 0
            clipY1 = 0
        } else {
            clipX0 = Int(visible.minX.roundedDown)
            clipX1 = Int(visible.maxX.roundedUp)
            clipY0 = Int(visible.minY.roundedDown)
            clipY1 = Int(visible.maxY.roundedUp)
        }
    }

    // MARK: Shapes

    @usableFromInline func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        guard let base = baseAlpha(color), let area = pixelArea(around: rect) else { return }
        // Square corners on whole pixels (a view's background, mostly): every
        // pixel inside is fully covered and every one outside not at all (the
        // distances are exact multiples of a quarter), so the rows are plain spans.
        if radius <= 0, let whole = Self.wholePixels(rect) {
            let x0 = max(area.x0, whole.x0)
            let x1 = min(area.x1, whole.x1)
            let y0 = max(area.y0, whole.y0)
            let y1 = min(area.y1, whole.y1)
            guard x0 < x1 else { return }
            if Self.level(base) == 255 {
                switch framebuffer.format {
                case .xrgb8888: fillOpaque(color.xrgb8888, x0: x0, x1: x1, y0: y0, y1: y1)
                case .rgb565: fillOpaque(PixelMath.rgb565(fromXRGB: color.xrgb8888), x0: x0, x1: x1, y0: y0, y1: y1)
                }
                return
            }
            var y = y0
            while y < y1 {
                fillSpan(y: y, from: x0, to: x1, color: color, alpha: base, sameAsRow: y > y0 ? y - 1 : nil)
                y += 1
            }
            return
        }
        let shape = RoundedRectShape(rect, radius: radius)
        let centre = column(shape.midX)
        // The rows between the corners share one coverage profile: walked once, replayed.
        var straight = RecordedRow()
        let mirror = RowMirror(centre: shape.midY)
        let opaque = OpaqueSpan(color, base: base, format: framebuffer.format)
        var previousRun = RowRun(lo: 0, fullStart: 0, fullEnd: 0, hi: 0)
        var previousY = Int.min
        for y in area.y0..<area.y1 {
            let cy = Double(y) + 0.5
            guard let extent = shape.halfExtent(rowCentre: cy) else { continue }
            let run: RowRun
            let isStraight = shape.isStraight(rowCentre: cy)
            if isStraight && !straight.isRecorded {
                straight.run = walkRow(
                    from: area.x0, to: area.x1, centre: centre,
                    seeds: (column(shape.midX - extent), column(shape.midX + extent)),
                    coverage: { x in shape.coverage(Double(x) + 0.5, cy) },
                    ramp: { x, c in straight.record(x, c) })
                straight.isRecorded = true
            }
            if isStraight && !straight.overflowed {
                straight.replay { x, c in blend(x: x, y: y, color: color, alpha: base * c) }
                run = straight.run
            } else {
                // A corner row (the bottom corners mirror the top ones), or,
                // rarely, a straight row with more ramp pixels than a recording
                // holds, walked the same way (its mirror row is straight too).
                let twin = mirror.twin(of: y, in: area)
                let rowStart = row(y)
                let twinStart = row(twin)
                if twin < y {
                    previousY = Int.min
                    continue
                } // drawn with its twin
                run = walkRow(
                    from: area.x0, to: area.x1, centre: centre,
                    seeds: (column(shape.midX - extent), column(shape.midX + extent)),
                    coverage: { x in shape.coverage(Double(x) + 0.5, cy) },
                    ramp: { x, c in
                        let a = Self.level(base * c)
                        guard a > 0 else { return }
                        blend(x: x, row: rowStart, mirroredIn: twin > y ? twinStart : nil, color: color, level: a)
                    })
                if twin > y {
                    if let opaque {
                        opaque.fill(row: twinStart, from: run.fullStart, to: run.fullEnd)
                    } else {
                        fillSpan(y: twin, from: run.fullStart, to: run.fullEnd, color: color, alpha: base)
                    }
                }
            }
            if let opaque, run.fullEnd - run.fullStart < 128 {
                opaque.fill(row: row(y), from: run.fullStart, to: run.fullEnd)
            } else if previousY == y - 1, run.fullStart == previousRun.fullStart, run.fullEnd == previousRun.fullEnd {
                fillSpan(y: y, from: run.fullStart, to: run.fullEnd, color: color, alpha: base, sameAsRow: previousY)
            } else {
                fillSpan(y: y, from: run.fullStart, to: run.fullEnd, color: color, alpha: base)
            }
            previousRun = run
            previousY = y
        }
    }

    /// `rect`'s edges as pixel indices when all four are whole numbers (and
    /// well inside `Int`'s range); `nil` otherwise.
    @inline(__always)
    @usableFromInline static func wholePixels(_ rect: Rect) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let limit = 1_073_741_824.0
        let minX = rect.minX
        let maxX = rect.maxX
        let minY = rect.minY
        let maxY = rect.maxY
        guard minX.magnitude < limit, maxX.magnitude < limit, minY.magnitude < limit, maxY.magnitude < limit,
            minX == minX.roundedDown, maxX == maxX.roundedDown,
            minY == minY.roundedDown, maxY == maxY.roundedDown
        else { return nil }
        return (Int(minX), Int(maxX), Int(minY), Int(maxY))
    }

    /// Pairs the rows of a shape symmetric about the horizontal line `centre`
    /// (pixels). When `centre` lies on a pixel edge or centre, row `y`'s
    /// centre and its twin's are the same distance from it, exactly in
    /// floating point, so both get the same coverage: one walk serves both.
    @usableFromInline struct RowMirror {
        /// `y + twin`, or `nil` when the centre is elsewhere (rows are then their own twins).
        @usableFromInline let sum: Int?

        @inline(__always)
        @usableFromInline init(centre: Double) {
            let twice = centre * 2
            sum = twice.magnitude < 1_073_741_824.0 && twice == twice.roundedDown ? Int(twice) - 1 : nil
        }

        /// The row with the same coverage as `y` inside `area`, or `y` itself.
        @inline(__always)
        @usableFromInline func twin(of y: Int, in area: (x0: Int, x1: Int, y0: Int, y1: Int)) -> Int {
            guard let sum else { return y }
            let twin = sum - y
            return twin >= area.y0 && twin < area.y1 ? twin : y
        }
    }

    /// The ramp pixels of one row, kept to be replayed on rows with the same
    /// profile: up to four of them (a straight edge has one a side at most).
    @usableFromInline struct RecordedRow {
        @usableFromInline var isRecorded = false
        @usableFromInline var overflowed = false
        @usableFromInline var run = RowRun(lo: 0, fullStart: 0, fullEnd: 0, hi: 0)
        @usableFromInline var count = 0
        @usableFromInline var columns = SIMD4<Int>()
        @usableFromInline var coverages = SIMD4<Double>()

        @inlinable init() {}

        @inline(__always)
        @usableFromInline mutating func record(_ x: Int, _ c: Double) {
            guard count < 4 else {
                overflowed = true
                return
            }
            columns[count] = x
            coverages[count] = c
            count += 1
        }

        @inline(__always)
        @usableFromInline func replay(_ ramp: (Int, Double) -> Void) {
            var i = 0
            while i < count {
                ramp(columns[i], coverages[i])
                i += 1
            }
        }
    }

    /// A border of `lineWidth` inside `rect`: the rounded rectangle minus the
    /// one inset by `lineWidth` (radius reduced by `lineWidth`).
    @usableFromInline func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
        guard let base = baseAlpha(color), let area = pixelArea(around: rect) else { return }
        let outer = RoundedRectShape(rect, radius: radius)
        let insetRect = rect.insetBy(dx: lineWidth, dy: lineWidth)
        let hasInner = insetRect.width > 0 && insetRect.height > 0
        let inner = RoundedRectShape(hasInner ? insetRect : rect, radius: max(radius - lineWidth, 0))
        let centre = column(outer.midX)
        for y in area.y0..<area.y1 {
            let cy = Double(y) + 0.5
            guard let extent = outer.halfExtent(rowCentre: cy) else { continue }
            let innerExtent = hasInner ? inner.halfExtent(rowCentre: cy) : nil
            // The outer edges: the ring's coverage is the outer shape's minus the inner one's.
            let run = walkRow(
                from: area.x0, to: area.x1, centre: centre,
                seeds: (column(outer.midX - extent), column(outer.midX + extent)),
                coverage: { x in outer.coverage(Double(x) + 0.5, cy) },
                ramp: { x, c in
                    let inside = innerExtent == nil ? 0 : inner.coverage(Double(x) + 0.5, cy)
                    let ring = max(c - inside, 0)
                    if ring > 0 { blend(x: x, y: y, color: color, alpha: base * ring) }
                })
            guard run.fullStart < run.fullEnd else { continue }
            guard let innerExtent else {
                fillSpan(y: y, from: run.fullStart, to: run.fullEnd, color: color, alpha: base)
                continue
            }
            // Inside the outer shape's full run the ring is 1 - inner: full where the
            // inner shape does not reach, ramps at its edges, a hole where it is full.
            let hole = walkRow(
                from: run.fullStart, to: run.fullEnd, centre: centre,
                seeds: (column(inner.midX - innerExtent), column(inner.midX + innerExtent)),
                coverage: { x in inner.coverage(Double(x) + 0.5, cy) },
                ramp: { x, c in blend(x: x, y: y, color: color, alpha: base * (1 - c)) })
            fillSpan(y: y, from: run.fullStart, to: hole.lo, color: color, alpha: base)
            fillSpan(y: y, from: hole.hi, to: run.fullEnd, color: color, alpha: base)
        }
    }

    /// The ellipse inscribed in `rect`.
    @usableFromInline func fillEllipse(_ rect: Rect, color: Color) {
        let rx = rect.width / 2
        let ry = rect.height / 2
        guard rx > 0, ry > 0, let base = baseAlpha(color), let area = pixelArea(around: rect) else { return }
        let cx = rect.midX
        let cy0 = rect.midY
        let centre = column(cx)
        // Reciprocals once, not a division per pixel; a circle's distance is exact with one square root.
        let isCircle = rx == ry
        let inverseRx = 1 / rx
        let inverseRy = 1 / ry
        // A circle's pixels well inside its one-pixel ramp are fully covered,
        // and well outside it not at all: told by the squared distance, without
        // the square root (the walk tests a few such pixels per row). The margins,
        // a millionth, dwarf any rounding, so every answer is the formula's.
        let fullWithin = rx > 0.5 ? (rx - 0.5) * (rx - 0.5) * (1 - 1e-6) : -1.0
        let emptyBeyond = (rx + 0.5) * (rx + 0.5) * (1 + 1e-6)
        // The bottom half mirrors the top: each pair of rows is walked once.
        let mirror = RowMirror(centre: cy0)
        let opaque = OpaqueSpan(color, base: base, format: framebuffer.format)
        for y in area.y0..<area.y1 {
            let twin = mirror.twin(of: y, in: area)
            let rowStart = row(y)
            let twinStart = row(twin)
            if twin < y { continue } // drawn with its twin
            let dy = Double(y) + 0.5 - cy0
            // Seeds: where the exact ellipse crosses this row (its centre column when it does not).
            let ny = dy * inverseRy
            let half = abs(ny) < 1 ? rx * (1 - ny * ny).squareRoot() : 0
            // The row's share of each pixel's coverage, computed once per row.
            let dy2 = dy * dy
            let ny2 = ny * ny
            let gy = ny * inverseRy
            let gy2 = gy * gy
            let run = walkRow(
                from: area.x0, to: area.x1, centre: centre,
                seeds: (column(cx - half), column(cx + half)),
                coverage: { x in
                    let dx = Double(x) + 0.5 - cx
                    if isCircle {
                        let squared = dx * dx + dy2
                        if squared <= fullWithin { return 1 }
                        if squared >= emptyBeyond { return 0 }
                        return Self.coverage(distance: squared.squareRoot() - rx)
                    }
                    return Self.ellipseCoverage(nx: dx * inverseRx, ny2: ny2, inverseRx: inverseRx, gy2: gy2)
                },
                ramp: { x, c in
                    let a = Self.level(base * c)
                    guard a > 0 else { return }
                    blend(x: x, row: rowStart, mirroredIn: twin > y ? twinStart : nil, color: color, level: a)
                })
            if let opaque {
                opaque.fill(row: rowStart, from: run.fullStart, to: run.fullEnd)
                if twin > y { opaque.fill(row: twinStart, from: run.fullStart, to: run.fullEnd) }
            } else {
                fillSpan(y: y, from: run.fullStart, to: run.fullEnd, color: color, alpha: base)
                if twin > y { fillSpan(y: twin, from: run.fullStart, to: run.fullEnd, color: color, alpha: base) }
            }
        }
    }

    /// An ellipse's coverage at a pixel, from its normalized offsets (nx = dx/rx;
    /// ny² and gy² = (ny/ry)² are the row's): the implicit function's distance,
    /// estimated to first order by dividing by the gradient's length.
    @inline(__always)
    @usableFromInline static func ellipseCoverage(nx: Double, ny2: Double, inverseRx: Double, gy2: Double) -> Double {
        let f = (nx * nx + ny2).squareRoot()
        guard f > 0 else { return 1 }
        let gx = nx * inverseRx
        let gradient = (gx * gx + gy2).squareRoot() / f
        return coverage(distance: (f - 1) / max(gradient, 1e-9))
    }

    @inline(__always)
    @usableFromInline static func coverage(distance: Double) -> Double {
        min(max(0.5 - distance, 0), 1)
    }

    /// Signed distance from (x, y) to a rectangle with rounded corners: negative inside.
    @inline(__always)
    @usableFromInline static func roundedRectDistance(_ x: Double, _ y: Double, _ rect: Rect, _ radius: Double)
        -> Double
    {
        RoundedRectShape(rect, radius: radius).distance(x, y)
    }

    // MARK: Rows

    /// What `walkRow(from:to:centre:seeds:coverage:ramp:)` found on a row:
    /// `lo ..< hi` holds every pixel with some coverage, `fullStart ..< fullEnd`
    /// (inside it, maybe empty) the fully covered ones. A row with nothing
    /// covered has all four at the end of the walked range.
    @usableFromInline struct RowRun {
        @usableFromInline var lo: Int
        @usableFromInline var fullStart: Int
        @usableFromInline var fullEnd: Int
        @usableFromInline var hi: Int

        @inlinable init(lo: Int, fullStart: Int, fullEnd: Int, hi: Int) {
            self.lo = lo
            self.fullStart = fullStart
            self.fullEnd = fullEnd
            self.hi = hi
        }
    }

    /// Walks columns `xa ..< xb` of one row of a shape whose coverage is
    /// symmetric about column `centre` and never rises moving away from it.
    /// Calls `ramp(x, c)` for every pixel with `0 < c < 1`, evaluating
    /// `coverage` only on the ramps (and a pixel or two around them), and
    /// returns the run of full coverage for the caller to write as a span.
    ///
    /// `seeds` are guesses of the leftmost and rightmost covered columns; the
    /// walk corrects them, so they only decide how much work it does.
    @inline(__always)
    @usableFromInline func walkRow(
        from xa: Int, to xb: Int, centre: Int, seeds: (Int, Int),
        coverage: (Int) -> Double, ramp: (Int, Double) -> Void
    ) -> RowRun {
        guard xa < xb else { return RowRun(lo: xb, fullStart: xb, fullEnd: xb, hi: xb) }
        // The most covered column within the range.
        let peak = min(max(centre, xa), xb - 1)
        // Left ramp: from the seed (never past the peak), step out while the next pixel is covered...
        var x = min(max(seeds.0, xa), peak)
        while x > xa && coverage(x - 1) > 0 { x -= 1 }
        // ...then in: skip uncovered pixels, blend partly covered ones, stop at the first full one.
        var lo = -1
        while x < xb {
            let c = coverage(x)
            if c >= 1 { break }
            if c > 0 {
                if lo < 0 { lo = x }
                ramp(x, c)
            } else if lo >= 0 {
                return RowRun(lo: lo, fullStart: x, fullEnd: x, hi: x) // past the shape: nothing full here
            } else if x >= peak {
                return RowRun(lo: xb, fullStart: xb, fullEnd: xb, hi: xb) // the peak is empty: so is the row
            }
            x += 1
        }
        if x == xb { return RowRun(lo: lo, fullStart: xb, fullEnd: xb, hi: xb) }
        let fullStart = x
        if lo < 0 { lo = fullStart }
        // Right ramp, the same way round.
        var r = min(max(seeds.1, peak, fullStart), xb - 1)
        while r + 1 < xb && coverage(r + 1) > 0 { r += 1 }
        var hi = -1
        while r > fullStart {
            let c = coverage(r)
            if c >= 1 { break }
            if c > 0 {
                if hi < 0 { hi = r + 1 }
                ramp(r, c)
            }
            r -= 1
        }
        if hi < 0 { hi = r + 1 }
        return RowRun(lo: lo, fullStart: fullStart, fullEnd: r + 1, hi: hi)
    }

    /// The colour's alpha times the context's, in 0...255; `nil` when nothing would show.
    @inline(__always)
    @usableFromInline func baseAlpha(_ color: Color) -> Double? {
        guard color.alpha > 0, alpha > 0 else { return nil }
        return Double(color.alpha) * alpha
    }

    /// The clipped pixels that a shape in `rect` (plus its one-pixel ramp) may touch.
    @usableFromInline func pixelArea(around rect: Rect) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        let x0 = max(clipX0, Self.pixelIndex(rect.minX - 1, limit: framebuffer.width, .down))
        let x1 = min(clipX1, Self.pixelIndex(rect.maxX + 1, limit: framebuffer.width, .up))
        let y0 = max(clipY0, Self.pixelIndex(rect.minY - 1, limit: framebuffer.height, .down))
        let y1 = min(clipY1, Self.pixelIndex(rect.maxY + 1, limit: framebuffer.height, .up))
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0, x1, y0, y1)
    }

    /// The column holding `x`, held within the framebuffer (give or take one).
    @inline(__always)
    @usableFromInline func column(_ x: Double) -> Int {
        Self.pixelIndex(x, limit: framebuffer.width, .down)
    }

    /// `value` rounded to a pixel index, held within `-1 ... limit + 1` so that
    /// huge or infinite coordinates cannot trap the conversion (NaN gives -1).
    @inline(__always)
    @usableFromInline static func pixelIndex(_ value: Double, limit: Int, _ rule: FloatingPointRoundingRule) -> Int {
        guard value > -1 else { return -1 }
        guard value < Double(limit + 1) else { return limit + 1 }
        // Rounded through the conversion, which truncates towards zero: baseline
        // x86-64 has no rounding instruction, and `rounded` calls libm, a call per row.
        let whole = Int(value)
        switch rule {
        case .down: return Double(whole) > value ? whole - 1 : whole
        case .up: return Double(whole) < value ? whole + 1 : whole
        default: return Int(value.rounded(rule))
        }
    }

    // MARK: Images

    /// Draws `image` scaled into `rect`, blended by its alpha: each pixel whose
    /// centre lies in `rect` takes the image pixel under that centre (nearest).
    /// With a `tint`, each pixel is drawn in the tint's colour, blended by the
    /// pixel's alpha times the tint's (a template image).
    @usableFromInline func drawImage(_ image: Image, in rect: Rect, tint: Color?) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0, alpha > 0,
            rect.width.isFinite, rect.height.isFinite
        else { return }
        let x0 = max(clipX0, Self.pixelIndex(rect.minX - 0.5, limit: framebuffer.width, .up))
        let x1 = min(clipX1, Self.pixelIndex(rect.maxX - 0.5, limit: framebuffer.width, .up))
        let y0 = max(clipY0, Self.pixelIndex(rect.minY - 0.5, limit: framebuffer.height, .up))
        let y1 = min(clipY1, Self.pixelIndex(rect.maxY - 0.5, limit: framebuffer.height, .up))
        guard x0 < x1, y0 < y1 else { return }
        let sx = Double(image.width) / rect.width
        let sy = Double(image.height) / rect.height
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in y0..<y1 {
                let iy = min(max(Int((Double(y) + 0.5 - rect.minY) * sy), 0), image.height - 1)
                let row = iy * image.width
                for x in x0..<x1 {
                    let ix = min(max(Int((Double(x) + 0.5 - rect.minX) * sx), 0), image.width - 1)
                    let pixel = pixels[row + ix]
                    guard pixel.alpha > 0 else { continue }
                    if let tint {
                        blend(x: x, y: y, color: tint, alpha: Double(pixel.alpha) * Double(tint.alpha) / 255 * alpha)
                    } else {
                        blend(x: x, y: y, color: pixel, alpha: Double(pixel.alpha) * alpha)
                    }
                }
            }
        }
    }

    // MARK: Images through an affine transform

    /// The largest image side `drawImage(_:transform:)` takes: texel
    /// coordinates are 16.16 fixed point in an `Int`, 32 bits on armv7 boards,
    /// so a sample (at most a side plus one step outside the image) stays
    /// below 32 768 texels.
    @usableFromInline static let maximumTransformedImageSide = 16_383
    /// The most texels one pixel may step over in `drawImage(_:transform:)`:
    /// an image shrunk further is under two pixels wide and is not drawn.
    @usableFromInline static let maximumTexelStep = 8_192.0

    /// Draws `image` through `transform`, which maps image coordinates (texel
    /// `(i, j)` covers `i ..< i+1`, `j ..< j+1`) to framebuffer pixels.
    ///
    /// Each pixel inside the clip maps its centre back through the inverse and
    /// samples the image bilinearly between the four nearest texel centres.
    /// Texels outside the image count as clear, so the image's edges get a
    /// one-texel anti-aliased ramp; colours are averaged weighted by their
    /// alpha, so clear texels leave no dark fringe. The result is blended by
    /// its alpha times the context's.
    ///
    /// Rows are walked as spans: where the row's centres map inside the
    /// image (plus the half-texel ramp) is solved from the inverse transform,
    /// and along the span the texel position steps by a constant in 16.16
    /// fixed point, with integer weights and no per-pixel floating point. An
    /// identity transform at whole-pixel positions reproduces the texels exactly.
    /// About 8 ns a pixel on the x86-64 build machine (3.2 ms for an
    /// 800×480 screen of photo); packing two channels per multiply measured slower.
    /// Minification samples without averaging (no mipmaps): keep scales above
    /// about 0.5 for clean results. Allocates nothing.
    @usableFromInline func drawImage(_ image: Image, transform: AffineTransform) {
        image.pixels.withUnsafeBufferPointer { texels in
            guard let texels = texels.baseAddress else { return }
            drawTexels(texels, width: image.width, height: image.height, transform: transform)
        }
    }

    /// `drawImage(_:transform:)` for `w × h` texels, row by row, at `texels`
    /// (an image's pixels, or an offscreen's).
    @usableFromInline func drawTexels(
        _ texels: UnsafePointer<Color>, width w: Int, height h: Int, transform: AffineTransform
    ) {
        guard w > 0, h > 0, w <= Self.maximumTransformedImageSide, h <= Self.maximumTransformedImageSide,
            alpha > 0, clipX0 < clipX1, clipY0 < clipY1,
            transform.a.isFinite, transform.b.isFinite, transform.c.isFinite, transform.d.isFinite,
            transform.tx.isFinite, transform.ty.isFinite,
            let inverse = transform.inverted,
            inverse.a.isFinite, inverse.b.isFinite, inverse.c.isFinite, inverse.d.isFinite,
            inverse.tx.isFinite, inverse.ty.isFinite,
            abs(inverse.a) <= Self.maximumTexelStep, abs(inverse.b) <= Self.maximumTexelStep
        else { return }
        // Texel centres sit at i + 0.5; a sample between -0.5 and w + 0.5 touches the image.
        let box = transform.apply(to: Rect(x: -0.5, y: -0.5, width: Double(w) + 1, height: Double(h) + 1))
        let y0 = max(clipY0, Self.pixelIndex(box.minY - 0.5, limit: framebuffer.height, .down))
        let y1 = min(clipY1, Self.pixelIndex(box.maxY + 0.5, limit: framebuffer.height, .up))
        let boxX0 = max(clipX0, Self.pixelIndex(box.minX - 0.5, limit: framebuffer.width, .down))
        let boxX1 = min(clipX1, Self.pixelIndex(box.maxX + 0.5, limit: framebuffer.width, .up))
        guard y0 < y1, boxX0 < boxX1 else { return }
        let one = 65536.0
        // Per pixel along a row the sample point moves by (du, dv) texels.
        let du = inverse.a
        let dv = inverse.b
        let stepU = Int((du * one).rounded())
        let stepV = Int((dv * one).rounded())
        let opacity = UInt32((alpha * 256).rounded()) // 0...256
        do {
            for y in y0..<y1 {
                let cy = Double(y) + 0.5
                // The sample point of column x is (u0 + du·x, v0 + dv·x), minus half a texel
                // so that whole numbers land on texel centres.
                let u0 = inverse.a * 0.5 + inverse.c * cy + inverse.tx - 0.5
                let v0 = inverse.b * 0.5 + inverse.d * cy + inverse.ty - 0.5
                // Columns whose sample lies strictly inside (-1, w) × (-1, h), one wider each way
                // for rounding: the loop below checks the texel indices anyway.
                var xa = boxX0
                var xb = boxX1
                Self.narrow(&xa, &xb, start: u0, step: du, above: -1, below: Double(w))
                Self.narrow(&xa, &xb, start: v0, step: dv, above: -1, below: Double(h))
                guard xa < xb else { continue }
                let u = Int(((u0 + du * Double(xa)) * one).rounded())
                let v = Int(((v0 + dv * Double(xa)) * one).rounded())
                let row = framebuffer.baseAddress + y * framebuffer.stride
                // The format is decided once a row, not once a pixel.
                switch framebuffer.format {
                case .xrgb8888:
                    let pixels = row.assumingMemoryBound(to: UInt32.self)
                    Self.sampleSpan(
                        texels, width: w, height: h, from: xa, to: xb, u: u, v: v, stepU: stepU, stepV: stepV,
                        opacity: opacity
                    ) { x, color, a in
                        pixels[x] = a >= 255 ? color.xrgb8888 : PixelMath.blend(color, alpha: a, over: pixels[x])
                    }
                case .rgb565:
                    let pixels = row.assumingMemoryBound(to: UInt16.self)
                    Self.sampleSpan(
                        texels, width: w, height: h, from: xa, to: xb, u: u, v: v, stepU: stepU, stepV: stepV,
                        opacity: opacity
                    ) { x, color, a in
                        let over =
                            a >= 255
                            ? color.xrgb8888
                            : PixelMath.blend(color, alpha: a, over: PixelMath.xrgb(fromRGB565: pixels[x]))
                        pixels[x] = PixelMath.rgb565(fromXRGB: over)
                    }
                }
            }
        }
    }

    /// Samples columns `xa ..< xb` of one row, the first at texel position
    /// (`u`, `v`) in 16.16 fixed point (already less half a texel), stepping
    /// by (`stepU`, `stepV`), and calls `store(x, colour, alpha)` for each
    /// pixel with some alpha (0...255, the context's `opacity`, 0...256, applied).
    @inline(__always)
    @usableFromInline static func sampleSpan(
        _ texels: UnsafePointer<Color>, width w: Int, height h: Int,
        from xa: Int, to xb: Int, u: Int, v: Int, stepU: Int, stepV: Int,
        opacity: UInt32, _ store: (Int, Color, UInt32) -> Void
    ) {
        var u = u
        var v = v
        for x in xa..<xb {
            defer {
                u &+= stepU
                v &+= stepV
            }
            let ix = u >> 16
            let iy = v >> 16 // floor, also below zero
            guard ix >= -1, ix < w, iy >= -1, iy < h else { continue }
            let fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
            let fy = UInt32(truncatingIfNeeded: (v >> 8) & 0xFF)
            let p = texels + (iy * w + ix)
            let sample: (color: Color, alpha: UInt32)
            if ix >= 0 && iy >= 0 && ix + 1 < w && iy + 1 < h {
                sample = bilinear(p[0], p[1], p[w], p[w + 1], fx, fy)
            } else {
                // On the image's edge: the texels outside are clear.
                let left = ix >= 0
                let right = ix + 1 < w
                let top = iy >= 0
                let bottom = iy + 1 < h
                sample = bilinear(
                    left && top ? p[0] : .clear, right && top ? p[1] : .clear,
                    left && bottom ? p[w] : .clear, right && bottom ? p[w + 1] : .clear, fx, fy)
            }
            let a = (sample.alpha &* opacity &+ 128) >> 8
            if a > 0 { store(x, sample.color, a) }
        }
    }

    /// Narrows columns `xa ..< xb` to those whose `start + step·x` may lie strictly
    /// between `low` and `high`, keeping one column of slack each side.
    @inline(__always)
    @usableFromInline static func narrow(
        _ xa: inout Int, _ xb: inout Int, start: Double, step: Double,
        above low: Double, below high: Double
    ) {
        if step == 0 {
            if !(start > low && start < high) { xb = xa }
            return
        }
        // Solve low < start + step·x < high for x.
        var first = (low - start) / step
        var last = (high - start) / step
        if step < 0 { swap(&first, &last) }
        let from = Self.pixelIndex(first, limit: xb, .down)
        let to = Self.pixelIndex(last, limit: xb, .up) + 1
        xa = max(xa, from)
        xb = min(xb, to)
    }

    /// The bilinear blend of four texels (top-left, top-right, bottom-left,
    /// bottom-right) at fractions `fx`, `fy` in 0...255 (of 256), weighted by
    /// their alpha: the colour and its alpha in 0...255. The weights sum to
    /// 65 536, so every sum fits in 32 bits.
    @inline(__always)
    @usableFromInline static func bilinear(
        _ c00: Color, _ c10: Color, _ c01: Color, _ c11: Color,
        _ fx: UInt32, _ fy: UInt32
    ) -> (color: Color, alpha: UInt32) {
        let w00 = (256 &- fx) &* (256 &- fy)
        let w10 = fx &* (256 &- fy)
        let w01 = (256 &- fx) &* fy
        let w11 = fx &* fy
        if c00.alpha == 255 && c10.alpha == 255 && c01.alpha == 255 && c11.alpha == 255 {
            // Opaque: a plain weighted average.
            let r =
                (UInt32(c00.red) &* w00 &+ UInt32(c10.red) &* w10 &+ UInt32(c01.red) &* w01 &+ UInt32(c11.red) &* w11
                    &+ 32768) >> 16
            let g =
                (UInt32(c00.green) &* w00 &+ UInt32(c10.green) &* w10 &+ UInt32(c01.green) &* w01 &+ UInt32(c11.green)
                    &* w11 &+ 32768) >> 16
            let b =
                (UInt32(c00.blue) &* w00 &+ UInt32(c10.blue) &* w10 &+ UInt32(c01.blue) &* w01 &+ UInt32(c11.blue)
                    &* w11 &+ 32768) >> 16
            return (
                Color(
                    red: UInt8(truncatingIfNeeded: r), green: UInt8(truncatingIfNeeded: g),
                    blue: UInt8(truncatingIfNeeded: b)), 255
            )
        }
        // Each texel's weight times its alpha: at most 65 536 × 255 in all.
        let a00 = w00 &* UInt32(c00.alpha)
        let a10 = w10 &* UInt32(c10.alpha)
        let a01 = w01 &* UInt32(c01.alpha)
        let a11 = w11 &* UInt32(c11.alpha)
        let total = a00 &+ a10 &+ a01 &+ a11
        let alpha = (total &+ 32768) >> 16
        guard alpha > 0 else { return (.clear, 0) }
        // At most 65 536 × 255 × 255 = 4 261 478 400 < 2^32.
        let half = total >> 1
        let r =
            (UInt32(c00.red) &* a00 &+ UInt32(c10.red) &* a10 &+ UInt32(c01.red) &* a01 &+ UInt32(c11.red) &* a11
                &+ half) / total
        let g =
            (UInt32(c00.green) &* a00 &+ UInt32(c10.green) &* a10 &+ UInt32(c01.green) &* a01 &+ UInt32(c11.green)
                &* a11 &+ half) / total
        let b =
            (UInt32(c00.blue) &* a00 &+ UInt32(c10.blue) &* a10 &+ UInt32(c01.blue) &* a01 &+ UInt32(c11.blue) &* a11
                &+ half) / total
        return (
            Color(
                red: UInt8(truncatingIfNeeded: r), green: UInt8(truncatingIfNeeded: g),
                blue: UInt8(truncatingIfNeeded: b)),
            min(alpha, 255)
        )
    }

    // MARK: Pixels

    /// Blends `color` at (x, y) with `alpha` in 0...255.
    /// `alpha` held in 0...255 and rounded half away from zero, as
    /// `rounded()` does, without the libm call that costs on baseline x86-64.
    @inline(__always)
    @usableFromInline static func level(_ alpha: Double) -> UInt32 {
        let clamped = min(max(alpha, 0), 255)
        // Adding 2^52 leaves the value rounded to the nearest integer (ties to
        // even) in the low bits, without the checked conversion's range tests;
        // a tie rounded down to even is then put up. NaN gives 0, not a trap.
        let nearest = UInt32(truncatingIfNeeded: (clamped + 0x1p52).bitPattern)
        return clamped - Double(nearest) == 0.5 ? nearest + 1 : nearest
    }

    @inline(__always)
    @usableFromInline func blend(x: Int, y: Int, color: Color, alpha: Double) {
        let a = Self.level(alpha)
        guard a > 0 else { return }
        blend(x: x, row: row(y), color: color, level: a)
    }

    /// Row `y`'s first byte.
    @inline(__always)
    @usableFromInline func row(_ y: Int) -> UnsafeMutableRawPointer {
        framebuffer.baseAddress + y &* framebuffer.stride
    }

    /// Blends `color` at column `x` of `row` at `a` (1...255, from `level(_:)`):
    /// a ramp pixel drawn in two mirrored rows works its level out once.
    @inline(__always)
    @usableFromInline func blend(x: Int, row: UnsafeMutableRawPointer, color: Color, level a: UInt32) {
        switch framebuffer.format {
        case .xrgb8888:
            let pixels = row.assumingMemoryBound(to: UInt32.self)
            pixels[x] = a == 255 ? color.xrgb8888 : PixelMath.blend(color, alpha: a, over: pixels[x])
        case .rgb565:
            let pixels = row.assumingMemoryBound(to: UInt16.self)
            let under = PixelMath.xrgb(fromRGB565: pixels[x])
            pixels[x] = PixelMath.rgb565(
                fromXRGB: a == 255 ? color.xrgb8888 : PixelMath.blend(color, alpha: a, over: under))
        }
    }

    /// `blend(x:row:color:level:)` in `row` and, when given, in `mirror`,
    /// the row a shape's symmetry gives the same coverage. The mirrored pixel
    /// mostly holds the same colour (a flat or symmetric background), and then
    /// takes the blend already worked out.
    @inline(__always)
    @usableFromInline func blend(
        x: Int, row: UnsafeMutableRawPointer, mirroredIn mirror: UnsafeMutableRawPointer?,
        color: Color, level a: UInt32
    ) {
        guard let mirror, framebuffer.format == .xrgb8888 else {
            blend(x: x, row: row, color: color, level: a)
            if let mirror { blend(x: x, row: mirror, color: color, level: a) }
            return
        }
        let pixels = row.assumingMemoryBound(to: UInt32.self)
        let mirrored = mirror.assumingMemoryBound(to: UInt32.self)
        let under = pixels[x]
        let mirroredUnder = mirrored[x]
        let blended = a == 255 ? color.xrgb8888 : PixelMath.blend(color, alpha: a, over: under)
        pixels[x] = blended
        mirrored[x] =
            mirroredUnder == under
            ? blended
            : a == 255 ? color.xrgb8888 : PixelMath.blend(color, alpha: a, over: mirroredUnder)
    }

    /// Writes `color` over columns `x0 ..< x1` of row `y` with `alpha` in
    /// 0...255: plain stores when opaque, a fixed-weight blend otherwise.
    /// `sameAsRow`, when given, is a row whose columns `x0 ..< x1` this same
    /// call wrote last (the row above in a rectangle's interior): an opaque
    /// span is then copied from it, which runs at memcpy speed, wider stores
    /// than the store loop and no read of the destination first. Only a span of
    /// 128 pixels or more: for a narrower one (a dirty area a thumb wide) the
    /// call to memcpy costs more than the stores.
    @inline(__always)
    @usableFromInline func fillSpan(
        y: Int, from x0: Int, to x1: Int, color: Color, alpha: Double, sameAsRow: Int? = nil
    ) {
        guard x0 < x1 else { return }
        let a = Self.level(alpha)
        guard a > 0 else { return }
        let row = framebuffer.baseAddress + y * framebuffer.stride
        let count = x1 - x0
        let bytesPerPixel = framebuffer.format.bytesPerPixel
        if a == 255, let source = sameAsRow, count >= 128 {
            (row + x0 * bytesPerPixel).copyMemory(
                from: framebuffer.baseAddress + source * framebuffer.stride + x0 * bytesPerPixel,
                byteCount: count * bytesPerPixel)
            return
        }
        switch framebuffer.format {
        case .xrgb8888:
            let pixels = row.assumingMemoryBound(to: UInt32.self) + x0
            if a == 255 {
                pixels.update(repeating: color.xrgb8888, count: count)
            } else {
                Self.blendSpan(from: pixels, to: pixels, count: count, color: color, alpha: a)
            }
        case .rgb565:
            let pixels = row.assumingMemoryBound(to: UInt16.self) + x0
            if a == 255 {
                pixels.update(repeating: PixelMath.rgb565(fromXRGB: color.xrgb8888), count: count)
            } else {
                Self.blendSpan(from: pixels, to: pixels, count: count, color: color, alpha: a)
            }
        }
    }

    /// Columns `x0 ..< x1` of rows `y0 ..< y1` set to `value`: a view's
    /// opaque background, the most pixels a small dirty area draws. A wide
    /// row is copied from the row above, at memcpy speed; the others are
    /// stored as `OpaqueSpan` stores them.
    @usableFromInline func fillOpaque<Pixel: FixedWidthInteger>(_ value: Pixel, x0: Int, x1: Int, y0: Int, y1: Int) {
        let size = MemoryLayout<Pixel>.stride
        let bytes = (x1 - x0) * size
        var row = framebuffer.baseAddress + y0 * framebuffer.stride + x0 * size
        var y = y0
        guard y < y1 else { return }
        let span = OpaqueSpan(value)
        let first = row
        while y < y1 {
            if bytes >= 512 && y > y0 {
                row.copyMemory(from: first, byteCount: bytes)
            } else {
                span.store(bytes: bytes, at: row)
            }
            row += framebuffer.stride
            y += 1
        }
    }

    /// `PixelMath.blend(_:alpha:over:)` of `color` over each of `count`
    /// pixels of `source`, written to `pixels`: the same place for a fill,
    /// a picture for its copy (`RasterizedLayer`); XRGB8888 or RGB565 by the
    /// pixels' size. Runs over a flat background repeat the same pixel, so
    /// each distinct one is blended once, and 16 bytes that all repeat it (4
    /// XRGB8888 pixels, 8 RGB565 ones) are written with one comparison of two
    /// words (`PixelMath.repeats`) and two stores, group after group to the
    /// run's end.
    @inline(__always)
    @usableFromInline static func blendSpan<Pixel: FixedWidthInteger & UnsignedInteger>(
        from source: UnsafePointer<Pixel>, to pixels: UnsafeMutablePointer<Pixel>, count: Int, color: Color,
        alpha a: UInt32
    ) {
        let group = 16 / MemoryLayout<Pixel>.size
        var lastUnder = source[0]
        var lastResult = PixelMath.blend(color, alpha: a, over: lastUnder)
        var i = 0
        while i &+ group <= count {
            let under = PixelMath.word(repeating: lastUnder)
            if PixelMath.repeats(under, at: UnsafeRawPointer(source + i)) {
                // The whole run, without working out its words again.
                let result = PixelMath.word(repeating: lastResult)
                repeat {
                    let out = UnsafeMutableRawPointer(pixels + i)
                    out.storeBytes(of: result, as: UInt64.self)
                    out.storeBytes(of: result, toByteOffset: 8, as: UInt64.self)
                    i &+= group
                } while i &+ group <= count && PixelMath.repeats(under, at: UnsafeRawPointer(source + i))
            } else {
                for _ in 0..<group {
                    blendPixel(
                        source, pixels, &i, color: color, alpha: a, lastUnder: &lastUnder, lastResult: &lastResult)
                }
            }
        }
        while i < count {
            blendPixel(source, pixels, &i, color: color, alpha: a, lastUnder: &lastUnder, lastResult: &lastResult)
        }
    }

    /// One pixel of `blendSpan(from:to:count:color:alpha:)`: pixel `i`,
    /// blended again only when it differs from the last one blended; then
    /// the next. (A function with `inout`s, not a closure: a closure's
    /// captured variables are boxed on the heap in a debug build.)
    @inline(__always)
    @usableFromInline static func blendPixel<Pixel: FixedWidthInteger>(
        _ source: UnsafePointer<Pixel>, _ pixels: UnsafeMutablePointer<Pixel>, _ i: inout Int, color: Color,
        alpha a: UInt32, lastUnder: inout Pixel, lastResult: inout Pixel
    ) {
        let under = source[i]
        if under != lastUnder {
            lastUnder = under
            lastResult = PixelMath.blend(color, alpha: a, over: under)
        }
        pixels[i] = lastResult
        i &+= 1
    }
}

/// One opaque pixel value stored along rows: 16 bytes at a time, the last
/// store overlapping the one before rather than finishing pixel by pixel.
/// Shapes fill their fully covered runs with it directly: the call into
/// `Rasterizer.fillSpan(y:from:to:color:alpha:sameAsRow:)` and its
/// per-span work cost more than the stores of a thumb-wide run.
@usableFromInline struct OpaqueSpan {
    @usableFromInline let pattern: SIMD4<UInt32>
    @usableFromInline let bytesPerPixel: Int

    @inline(__always)
    @usableFromInline init<Pixel: FixedWidthInteger>(_ value: Pixel) {
        bytesPerPixel = MemoryLayout<Pixel>.stride
        pattern = SIMD4<UInt32>(
            repeating: bytesPerPixel == 2
                ? UInt32(truncatingIfNeeded: value) &* 0x0001_0001
                : UInt32(truncatingIfNeeded: value))
    }

    /// The span for `color` drawn at `base` (0...255) into `format`, or nil
    /// when the colour does not cover what is under it.
    @inline(__always)
    @usableFromInline init?(_ color: Color, base: Double, format: PixelFormat) {
        guard Rasterizer.level(base) == 255 else { return nil }
        switch format {
        case .xrgb8888: self.init(color.xrgb8888)
        case .rgb565: self.init(PixelMath.rgb565(fromXRGB: color.xrgb8888))
        }
    }

    /// Columns `x0 ..< x1` of `row` (its first byte).
    @inline(__always)
    @usableFromInline func fill(row: UnsafeMutableRawPointer, from x0: Int, to x1: Int) {
        guard x0 < x1 else { return }
        store(bytes: (x1 &- x0) &* bytesPerPixel, at: row + x0 &* bytesPerPixel)
    }

    /// `bytes` bytes (whole pixels) from `start`.
    @inline(__always)
    @usableFromInline func store(bytes: Int, at start: UnsafeMutableRawPointer) {
        guard bytes >= 16 else {
            var offset = 0
            while offset < bytes {
                if bytesPerPixel == 2 {
                    start.storeBytes(of: UInt16(truncatingIfNeeded: pattern[0]), toByteOffset: offset, as: UInt16.self)
                } else {
                    start.storeBytes(of: pattern[0], toByteOffset: offset, as: UInt32.self)
                }
                offset &+= bytesPerPixel
            }
            return
        }
        var offset = 0
        while offset &+ 32 < bytes {
            start.storeBytes(of: pattern, toByteOffset: offset, as: SIMD4<UInt32>.self)
            start.storeBytes(of: pattern, toByteOffset: offset &+ 16, as: SIMD4<UInt32>.self)
            offset &+= 32
        }
        if offset &+ 16 < bytes { start.storeBytes(of: pattern, toByteOffset: offset, as: SIMD4<UInt32>.self) }
        start.storeBytes(of: pattern, toByteOffset: bytes &- 16, as: SIMD4<UInt32>.self)
    }
}

/// A rectangle with rounded corners, prepared for distance queries.
@usableFromInline struct RoundedRectShape {
    @usableFromInline let midX: Double
    @usableFromInline let midY: Double
    /// The radius, clamped to half the shorter side.
    @usableFromInline let r: Double
    /// Half the width and height of the rectangle between the corner circles' centres.
    @usableFromInline let hx: Double
    @usableFromInline let hy: Double

    @inline(__always)
    @usableFromInline init(_ rect: Rect, radius: Double) {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        self.r = r
        midX = rect.midX
        midY = rect.midY
        hx = rect.width / 2 - r
        hy = rect.height / 2 - r
    }

    /// Signed distance from (x, y) to the edge: negative inside.
    @inline(__always)
    @usableFromInline func distance(_ x: Double, _ y: Double) -> Double {
        let qx = abs(x - midX) - hx
        let qy = abs(y - midY) - hy
        let ox = max(qx, 0)
        let oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }

    @inline(__always)
    @usableFromInline func coverage(_ x: Double, _ y: Double) -> Double {
        Rasterizer.coverage(distance: distance(x, y))
    }

    /// Whether the row through `y` lies between the corners, where every
    /// row's coverage is the same: with `qy` that low, the distance reduces
    /// to `qx - r` (or is under -0.5 either way, full coverage).
    @inline(__always)
    @usableFromInline func isStraight(rowCentre y: Double) -> Bool {
        abs(y - midY) - hy <= min(0, r - 0.5)
    }

    /// How far from `midX` the row through `y` has some coverage (distance
    /// below 0.5), or `nil` when no point of the row does.
    @inline(__always)
    @usableFromInline func halfExtent(rowCentre y: Double) -> Double? {
        let qy = abs(y - midY) - hy
        let reach = r + 0.5
        if qy > 0 {
            guard reach > qy else { return nil }
            return hx + (reach * reach - qy * qy).squareRoot()
        }
        return hx + reach
    }
}
