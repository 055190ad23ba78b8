import PanelUI

/// A glyph placed on its line, in visual order: its cache entry, pen and
/// offsets (26.6), and the cluster it shapes, for caret positions.
@usableFromInline
struct PlacedGlyph {
    @usableFromInline var entry: Int32
    /// The pen from the line's start.
    @usableFromInline var x: Int32
    /// Where the glyph is drawn from its pen (y upwards).
    @usableFromInline var offsetX: Int32
    @usableFromInline var offsetY: Int32
    @usableFromInline var advance: Int32
    /// The first Unicode scalar of its cluster (index in the text); −1 for
    /// an ellipsis added by truncation.
    @usableFromInline var cluster: Int32
    @usableFromInline var isRightToLeft: Bool

    /// Where it is drawn, in whole pixels from the line's start.
    @inline(__always) @usableFromInline var penPixels: Int { (Int(x) + Int(offsetX) + 32) >> 6 }
    /// How far above the baseline it is drawn, in whole pixels.
    @inline(__always) @usableFromInline var raisePixels: Int { (Int(offsetY) + 32) >> 6 }
}

/// One text laid out for drawing, by what decided its layout: the UTF-8
/// bytes, the face and size, the line breaking and the width. Its bytes,
/// lines and glyphs are ranges of the cache's pools.
@usableFromInline
struct LaidOutText {
    @usableFromInline var isValid = false
    /// When it was last looked up, on its cache's clock.
    @usableFromInline var lastUse: UInt64 = 0
    @usableFromInline var hash: UInt64 = 0
    @usableFromInline var faceIndex = -1
    @usableFromInline var sizeKey: Int32 = 0
    @usableFromInline var wraps = false
    /// The width the lines were broken or truncated to, 26.6.
    @usableFromInline var maxWidth = 0
    @usableFromInline var byteStart = 0
    @usableFromInline var byteCount = 0
    /// Lines `lineStart ..< lineStart + lineCount` of the line pool; each one's
    /// `start ..< end` is a range of the glyph pool.
    @usableFromInline var lineStart = 0
    @usableFromInline var lineCount = 0
    /// How many Unicode scalars the text has: what its pens are counted by.
    @usableFromInline var scalarCount = 0

    @usableFromInline init() {}
}

/// Text already laid out, so that a label drawn frame after frame is shaped,
/// kerned, looked up in the glyph cache and broken into lines once, when its
/// text, font or width changes.
///
/// A text may sit in any of `ways` slots from where its key hashes; a new
/// one takes a free slot there or the least recently drawn. What slots hold
/// goes into three pools of fixed capacity, reserved up front: when a new
/// text does not fit, every slot is forgotten and the pools refill from
/// empty, so laying out new text (a value label changing each frame)
/// allocates nothing either, unless a single text is larger than a pool.
///
/// Such a text (over `byteCapacity` bytes, `lineCapacity` lines or
/// `glyphCapacity` glyphs) is laid out for the call that needs it and not
/// kept: `releaseOversizedPools()` then empties the cache and gives the
/// grown pools back, so its memory returns as soon as the call is over and
/// the cache never holds more than its fixed capacity (docs/memory.md).
@usableFromInline
final class LaidOutTextCache {
    @usableFromInline static let slotCount = 128
    @usableFromInline static let ways = 4
    /// The pools' fixed capacities: the most text the cache keeps.
    @usableFromInline static let byteCapacity = 8192
    @usableFromInline static let lineCapacity = 512
    @usableFromInline static let glyphCapacity = 4096
    /// Scalars whose pens are found without growing the scratch for them.
    @usableFromInline static let scalarScratchCapacity = 1024
    // The `@exclusivity(unchecked)` properties here are read on every text draw
    // and measure; only the text renderer touches them, and it calls no app
    // code (FreeType only) while it holds an access, so none can overlap.
    @exclusivity(unchecked) @usableFromInline var slots: [LaidOutText]
    @exclusivity(unchecked) @usableFromInline var bytes: [UInt8] = []
    @exclusivity(unchecked) @usableFromInline var lines: [LaidLine] = []
    @exclusivity(unchecked) @usableFromInline var glyphs: [PlacedGlyph] = []
    /// Counts lookups: a slot's `lastUse` says how recently it was drawn. In
    /// 64 bits: a few lookups a label a frame would overflow a 32-bit `Int`
    /// (an armv7 board's) in days.
    @exclusivity(unchecked) @usableFromInline var clock: UInt64 = 0
    /// The slots of the last two keys found: a label whose text changes each
    /// frame looks its text up twice a frame (its pens, then its drawing) by
    /// a key just found, and comparing with a slot's own key and bytes takes
    /// fewer steps than hashing. Only indexes are kept: a slot rewritten or
    /// forgotten since no longer matches, and holding the app's string would
    /// make its next edit copy it. -1 for none.
    @exclusivity(unchecked) @usableFromInline var recent = (-1, -1)

    /// Whether `slot` holds `text` (`byteCount` UTF-8 bytes) laid out this way.
    @inline(__always) @usableFromInline
    func slot(
        _ slot: LaidOutText, holds text: String, byteCount: Int, faceIndex: Int, sizeKey: Int32, wraps: Bool,
        maxWidth: Int
    ) -> Bool {
        slot.isValid && slot.faceIndex == faceIndex && slot.sizeKey == sizeKey && slot.wraps == wraps
            && slot.maxWidth == maxWidth && slot.byteCount == byteCount && holds(text, from: slot.byteStart)
    }

    /// The pools' capacities as reserved (the allocator may round them up).
    @usableFromInline var reservedCapacities = (bytes: 0, lines: 0, glyphs: 0)

    @usableFromInline init() {
        slots = Array(repeating: LaidOutText(), count: LaidOutTextCache.slotCount)
        reservePools()
    }

    @usableFromInline func reservePools() {
        bytes.reserveCapacity(Self.byteCapacity)
        lines.reserveCapacity(Self.lineCapacity)
        glyphs.reserveCapacity(Self.glyphCapacity)
        reservedCapacities = (bytes.capacity, lines.capacity, glyphs.capacity)
        // Pens for a text field's piece (TextField.wholeTextDrawLimit) without growing.
        clusterLow.reserveCapacity(Self.scalarScratchCapacity)
        clusterHigh.reserveCapacity(Self.scalarScratchCapacity)
        clusterIsRightToLeft.reserveCapacity(Self.scalarScratchCapacity)
        scalarIsStep.reserveCapacity(Self.scalarScratchCapacity)
        scalarTrailing.reserveCapacity(Self.scalarScratchCapacity)
        clusterInk.reserveCapacity(Self.scalarScratchCapacity)
    }

    /// Whether a text too large for the pools grew them.
    @usableFromInline var hasOversizedPools: Bool {
        bytes.capacity > reservedCapacities.bytes || lines.capacity > reservedCapacities.lines
            || glyphs.capacity > reservedCapacities.glyphs
    }

    /// After a call that laid out a text too large for the pools: forgets
    /// every layout and gives the grown pools back (one allocation each, only
    /// then: a frame of texts that fit costs nothing here).
    @usableFromInline func releaseOversizedPools() {
        guard hasOversizedPools else { return }
        removeAll()
        bytes = []
        lines = []
        glyphs = []
        clusterLow = []
        clusterHigh = []
        clusterIsRightToLeft = []
        clusterInk = []
        scalarIsStep = []
        reservePools()
    }

    /// Bytes the cache holds (its slots and pools, by capacity).
    @usableFromInline var heldBytes: Int {
        slots.capacity * MemoryLayout<LaidOutText>.stride + bytes.capacity
            + lines.capacity * MemoryLayout<LaidLine>.stride + glyphs.capacity * MemoryLayout<PlacedGlyph>.stride
            + (clusterLow.capacity + clusterHigh.capacity) * 4 + clusterIsRightToLeft.capacity + scalarIsStep.capacity
            + clusterInk.capacity * MemoryLayout<Rect>.stride
    }

    /// Forgets every layout (their glyph entries die with the glyph cache).
    @usableFromInline func removeAll() {
        var i = 0
        while i < slots.count {
            slots[i].isValid = false
            i += 1
        }
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
    }

    /// The slot holding this text and layout (`isHit`), or the one to lay it out into.
    @usableFromInline
    func slot(for text: String, faceIndex: Int, sizeKey: Int32, wraps: Bool, maxWidth: Int) -> (index: Int, isHit: Bool)
    {
        let byteCount = text.utf8.count
        if recent.0 >= 0,
            slot(
                slots[recent.0], holds: text, byteCount: byteCount, faceIndex: faceIndex, sizeKey: sizeKey,
                wraps: wraps, maxWidth: maxWidth)
        {
            return hit(recent.0)
        }
        if recent.1 >= 0,
            slot(
                slots[recent.1], holds: text, byteCount: byteCount, faceIndex: faceIndex, sizeKey: sizeKey,
                wraps: wraps, maxWidth: maxWidth)
        {
            recent = (recent.1, recent.0)
            return hit(recent.0)
        }
        let hash = Self.hash(text, faceIndex: faceIndex, sizeKey: sizeKey, wraps: wraps, maxWidth: maxWidth)
        let first = Int(truncatingIfNeeded: hash >> 7) & (slots.count - 1)
        clock += 1
        var victim = first
        var way = 0
        while way < Self.ways {
            let index = (first + way) & (slots.count - 1)
            way += 1
            let slot = slots[index]
            guard slot.isValid else {
                if slots[victim].isValid { victim = index }
                continue
            }
            if slots[victim].isValid && slot.lastUse < slots[victim].lastUse { victim = index }
            guard slot.hash == hash,
                self.slot(
                    slot, holds: text, byteCount: byteCount, faceIndex: faceIndex,
                    sizeKey: sizeKey, wraps: wraps, maxWidth: maxWidth)
            else { continue }
            slots[index].lastUse = clock
            recent = (index, recent.0)
            return (index, true)
        }
        return (victim, false)
    }

    @inline(__always) @usableFromInline
    func hit(_ index: Int) -> (index: Int, isHit: Bool) {
        clock += 1
        slots[index].lastUse = clock
        return (index, true)
    }

    /// Whether the byte pool holds `text`'s UTF-8 from `start`.
    @inline(__always) @usableFromInline
    func holds(_ text: String, from start: Int) -> Bool {
        let bytes = self.bytes // one access to the class's storage, not one a byte
        // A native string's bytes in place, not through the UTF-8 view's iterator.
        if let same = text.utf8.withContiguousStorageIfAvailable({ source in
            bytes.withUnsafeBufferPointer { pool in
                guard start >= 0, start + source.count <= pool.count else { return false }
                var i = 0
                while i < source.count {
                    if pool[start + i] != source[i] { return false }
                    i += 1
                }
                return true
            }
        }) {
            return same
        }
        var i = start
        for byte in text.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    /// Lays `layout`'s lines (already shaped and broken) into slot `index` for this key.
    @usableFromInline
    func store(
        _ layout: TextLayout, at index: Int, text: String, faceIndex: Int, sizeKey: Int32,
        wraps: Bool, maxWidth: Int
    ) {
        let byteCount = text.utf8.count
        if bytes.count + byteCount > bytes.capacity || lines.count + layout.lines.count > lines.capacity
            || glyphs.count + layout.glyphs.count > glyphs.capacity
        {
            removeAll()
        }
        var slot = LaidOutText()
        slot.isValid = true
        slot.lastUse = clock
        slot.hash = Self.hash(text, faceIndex: faceIndex, sizeKey: sizeKey, wraps: wraps, maxWidth: maxWidth)
        slot.faceIndex = faceIndex
        slot.sizeKey = sizeKey
        slot.wraps = wraps
        slot.maxWidth = maxWidth
        slot.byteStart = bytes.count
        slot.byteCount = byteCount
        bytes.append(contentsOf: text.utf8)
        slot.lineStart = lines.count
        slot.lineCount = layout.lines.count
        slot.scalarCount = layout.scalarCount
        // Pens stay within ±TextLayout.penLimit (2^30), so they fit the stored 32 bits.
        var l = 0
        while l < layout.lines.count {
            let line = layout.lines[l]
            let start = glyphs.count
            var i = line.start
            while i < line.end {
                let glyph = layout.glyphs[i]
                glyphs.append(
                    PlacedGlyph(
                        entry: Int32(truncatingIfNeeded: glyph.entry), x: Int32(clamping: glyph.x),
                        offsetX: Int32(clamping: glyph.offsetX), offsetY: Int32(clamping: glyph.offsetY),
                        advance: Int32(clamping: glyph.advance), cluster: Int32(clamping: glyph.cluster),
                        isRightToLeft: glyph.level & 1 == 1))
                i += 1
            }
            lines.append(LaidLine(start: start, end: glyphs.count, width: line.width))
            l += 1
        }
        slots[index] = slot
    }

    /// Whether slot `index` is one line no wider than `width` (26.6): what
    /// cutting its text to `width` would lay out too.
    @usableFromInline
    func isOneLine(_ index: Int, fitting width: Int) -> Bool {
        let slot = slots[index]
        return slot.lineCount == 1 && lines[slot.lineStart].width <= width
    }

    /// Slot `index`'s widest line (26.6, trailing spaces left out) and its
    /// number of lines: what `TextLayout` measures.
    @usableFromInline
    func extent(_ index: Int) -> (widest: Int, lines: Int) {
        let slot = slots[index]
        var widest = 0
        var l = slot.lineStart
        while l < slot.lineStart + slot.lineCount {
            widest = max(widest, lines[l].width)
            l += 1
        }
        return (widest, slot.lineCount)
    }

    /// Scratch for `penPositions`, one entry a scalar, kept for the next call.
    @exclusivity(unchecked) @usableFromInline var clusterLow: [Int32] = []
    @exclusivity(unchecked) @usableFromInline var clusterHigh: [Int32] = []
    @exclusivity(unchecked) @usableFromInline var clusterIsRightToLeft: [Bool] = []
    @exclusivity(unchecked) @usableFromInline var clusterInk: [Rect] = []
    @exclusivity(unchecked) @usableFromInline var scalarIsStep: [Bool] = []
    /// Where the caret after each scalar's step stands (its trailing edge:
    /// the right of a left-to-right step, the left of a right-to-left one),
    /// pixels, filled by every `penPositions`: a text field moves its caret
    /// visually with these.
    @exclusivity(unchecked) @usableFromInline var scalarTrailing: [Double] = []

    /// Where the caret stands before each Unicode scalar of slot `index`'s
    /// `text` and after the last, in pixels on its line, into `positions`;
    /// with `glyphs`, also the box each scalar's cluster inks (`.zero` for
    /// none), from the start and top of the line as `draw` places it, into
    /// `ink` (left empty when the text is more than one line).
    ///
    /// A cluster's scalars share its width: the first stands at its leading
    /// edge (the left of a left-to-right cluster, the right of a
    /// right-to-left one) and the rest step across it in equal parts, so
    /// the caret moves inside a ligature. A scalar that draws nothing (a
    /// control, a line break) stands where the next one does.
    @usableFromInline
    func penPositions(
        _ index: Int, text: String, ascender: Int, glyphs cached: [CachedGlyph]?, into positions: inout [Double],
        ink: inout [Rect]
    ) {
        let slot = slots[index]
        let count = slot.scalarCount
        let unset = Int32.min
        clusterLow.refill(with: unset, count: count)
        clusterHigh.refill(with: unset, count: count)
        clusterIsRightToLeft.refill(with: false, count: count)
        let wantsInk = cached != nil && slot.lineCount == 1
        clusterInk.removeAll(keepingCapacity: true)
        if wantsInk { clusterInk.refill(with: .zero, count: count) }
        let baseline = Self.baseline(ofLine: 0, lineHeight: 0, ascender: ascender)
        var l = slot.lineStart
        while l < slot.lineStart + slot.lineCount {
            var i = lines[l].start
            while i < lines[l].end {
                let glyph = glyphs[i]
                i += 1
                let c = Int(glyph.cluster)
                guard c >= 0, c < count else { continue }
                let low = glyph.x
                let high = Int32(TextLayout.advance(Int(low), by: Int(glyph.advance)))
                clusterLow[c] = clusterLow[c] == unset ? low : min(clusterLow[c], low)
                clusterHigh[c] = max(clusterHigh[c], high)
                clusterIsRightToLeft[c] = glyph.isRightToLeft
                if wantsInk, let cached {
                    let bitmap = cached[Int(glyph.entry)]
                    if bitmap.width > 0 && bitmap.height > 0 {
                        let box = Rect(
                            x: Double(glyph.penPixels + Int(bitmap.left)),
                            y: Double(baseline - glyph.raisePixels - Int(bitmap.top)),
                            width: Double(bitmap.width), height: Double(bitmap.height))
                        clusterInk[c] = clusterInk[c].isEmpty ? box : clusterInk[c].union(box)
                    }
                }
            }
            l += 1
        }

        positions.refill(with: Double.nan, count: count + 1)
        if wantsInk {
            ink.refill(with: .zero, count: count)
        }
        scalarIsStep.refill(with: false, count: count)
        scalarTrailing.refill(with: Double.nan, count: count)
        var cluster = -1 // the cluster the scalars from it up to `s` stand in
        var end = 0 // the caret after the last cluster, logically
        var afterJoiner = false
        var regionalIndicators = 0 // in a row, inside the cluster
        var s = 0
        for scalar in text.unicodeScalars {
            guard s < count else { break }
            let value = scalar.value
            let startsCluster = clusterLow[s] != unset
            if startsCluster || TextLayout.isDropped(value) || LineBreakMode.endsLine(scalar) || cluster < 0 {
                if cluster >= 0 { end = spread(cluster, upTo: s, wantsInk: wantsInk, into: &positions, ink: &ink) }
                cluster = startsCluster ? s : -1
                scalarIsStep[s] = startsCluster
                regionalIndicators = 0
            } else {
                // A new character inside the cluster (a ligature's second
                // letter) is a caret stop; a mark, joiner, selector or skin
                // tone, what a joiner joins, or a flag's second letter is not:
                // the caret steps over it.
                scalarIsStep[s] =
                    !afterJoiner && !Shaper.extendsCluster(value)
                    && !(Shaper.isRegionalIndicator(value) && regionalIndicators % 2 == 1)
            }
            afterJoiner = value == 0x200D
            regionalIndicators = Shaper.isRegionalIndicator(value) ? regionalIndicators + 1 : 0
            s += 1
        }
        if cluster >= 0 { end = spread(cluster, upTo: s, wantsInk: wantsInk, into: &positions, ink: &ink) }
        positions[count] = Double(end) / 64
        var k = count - 1
        while k >= 0 {
            if positions[k].isNaN { positions[k] = positions[k + 1] }
            // A scalar outside any cluster (a control) takes no room.
            if scalarTrailing[k].isNaN { scalarTrailing[k] = positions[k] }
            k -= 1
        }
    }

    /// Sets the carets (and ink) of scalars `cluster..<end`, one cluster,
    /// and gives the caret after it, 26.6: its caret stops share its width
    /// equally; the scalars between stops stand where the next one does.
    @usableFromInline
    func spread(_ cluster: Int, upTo end: Int, wantsInk: Bool, into positions: inout [Double], ink: inout [Rect])
        -> Int
    {
        let low = Int(clusterLow[cluster])
        let width = Int(clusterHigh[cluster]) - low
        let isRightToLeft = clusterIsRightToLeft[cluster]
        var stops = 0
        var t = cluster
        while t < end {
            if scalarIsStep[t] { stops += 1 }
            t += 1
        }
        var k = 0
        t = cluster
        var trailing = Double(isRightToLeft ? low + width : low) / 64
        while t < end {
            if scalarIsStep[t] {
                let step = width * k / stops
                positions[t] = Double(isRightToLeft ? low + width - step : low + step) / 64
                k += 1
                let next = width * k / stops
                trailing = Double(isRightToLeft ? low + width - next : low + next) / 64
            }
            // A mark or joiner ends where its step does.
            scalarTrailing[t] = trailing
            if wantsInk { ink[t] = clusterInk[cluster] }
            t += 1
        }
        return isRightToLeft ? low : low + width
    }

    /// Draws slot `index`'s lines that fit `rect` (pixels): all of them but at
    /// least one when wrapped, the block centred vertically on whole pixels.
    @usableFromInline
    func draw(
        _ index: Int, in rect: Rect, lineHeight: Int, ascender: Int, alignment: TextAlignment, blender: GlyphBlender,
        glyphs cached: [CachedGlyph]
    ) {
        let slot = slots[index]
        let lines = self.lines
        let glyphs = self.glyphs // one access each to the class's storage
        let visibleLines: Int
        if slot.wraps {
            // Lines past the rectangle's height are dropped; one line always shows.
            let fitting = FreeTypeTextRenderer.fixedWidth(rect.height) / lineHeight
            visibleLines = min(slot.lineCount, max(1, fitting))
        } else {
            visibleLines = slot.lineCount
        }
        guard visibleLines > 0 else { return }
        // Within 32 bits on any board: an unwrapped slot is one line when it
        // is drawn (cut to its ellipsis otherwise), and a wrapped one shows at
        // most its height's worth, at most 2^30 in 26.6 (fixedWidth).
        let blockHeight = Double(visibleLines * lineHeight) / 64
        // Halves round up, not away from zero: text moved by whole pixels
        // (a scrolled row, a rasterized view's picture) lands whole pixels away, left of the screen too.
        let top = Int((rect.minY + (rect.height - blockHeight) / 2 + 0.5).rounded(.down))
        var l = 0
        while l < visibleLines {
            let line = lines[slot.lineStart + l]
            let baseline = top + Self.baseline(ofLine: l, lineHeight: lineHeight, ascender: ascender)
            let width = Double(line.width) / 64
            let x: Double
            switch alignment {
            case .left, .natural: x = rect.minX
            case .center: x = rect.minX + (rect.width - width) / 2
            case .right: x = rect.maxX - width
            }
            // A line starting more than 2^30 pixels away is out of sight (its
            // pens reach 2^24): held there, its pens stay within 32 bits.
            let lineX = Int((min(max(x, -0x1p30), 0x1p30) + 0.5).rounded(.down))
            var i = line.start
            while i < line.end {
                let glyph = glyphs[i]
                blender.draw(
                    cached[Int(glyph.entry)], penX: lineX + glyph.penPixels, baseline: baseline - glyph.raisePixels)
                i += 1
            }
            l += 1
        }
    }

    /// Line `l`'s baseline in whole pixels below the block's top (26.6 metrics
    /// in): where `draw` sets it, and `ink` reports from.
    @inline(__always) @usableFromInline
    static func baseline(ofLine l: Int, lineHeight: Int, ascender: Int) -> Int {
        (l * lineHeight + ascender + 32) >> 6
    }

    /// FNV-1a over the key.
    @usableFromInline
    static func hash(_ text: String, faceIndex: Int, sizeKey: Int32, wraps: Bool, maxWidth: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        hash = mix(hash, UInt64(bitPattern: Int64(faceIndex)))
        hash = mix(hash, UInt64(UInt32(bitPattern: sizeKey)))
        hash = mix(hash, wraps ? 1 : 0)
        hash = mix(hash, UInt64(bitPattern: Int64(maxWidth)))
        if let mixed = text.utf8.withContiguousStorageIfAvailable({ bytes in
            var i = 0
            while i < bytes.count {
                hash = mix(hash, UInt64(bytes[i]))
                i += 1
            }
            return hash
        }) {
            return mixed
        }
        for byte in text.utf8 { hash = mix(hash, UInt64(byte)) }
        return hash
    }

    @inline(__always) @usableFromInline
    static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        (hash ^ value) &* 0x100_0000_01b3
    }
}
