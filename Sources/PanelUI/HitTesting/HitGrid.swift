/// A grid over the root's bounds that remembers, cell by cell, how far down
/// every point of the cell goes the same way: a hit-test from the window
/// starts there instead of at the root.
///
/// A cell is worked out the first time a point lands in it (`classify`), by
/// the scan's own rules applied to the cell's whole area: at each level, the
/// frontmost plain subview that meets the area must hold all of it to go down
/// into it. A cell that ends on a view no subview of which meets it answers
/// with that view at once (most taps on a screen of buttons); a cell that
/// ends where subviews meet part of it starts the scan there, with the point
/// converted down the same path, the same additions in the same order, so the
/// answer is the scan's to the last bit.
///
/// Any change to the nodes (a rebuild, a patch) moves the generation on,
/// which forgets every cell at once: scrolling a list costs one increment a
/// frame, and a cell is worked out again only when a point lands in it.
@usableFromInline struct HitGrid {
    /// The cells are `columns × rows` over the root's bounds from `origin`; 0 when off.
    @usableFromInline var columns = 0, rows = 0
    @usableFromInline var origin = SIMD2<Double>(0, 0)
    @usableFromInline var cellsPerPoint = SIMD2<Double>(0, 0)
    @usableFromInline var cellSize = SIMD2<Double>(0, 0)
    /// A cell's value counts only when its generation is this one; 0 is never current.
    @usableFromInline var generation: UInt32 = 1

    /// A cell is 32 bits, half what a 64-bit cell takes of the cache (96 KB
    /// for 800×480 points): the generation (12 bits), the start node (19 bits)
    /// and whether it is the answer.
    @usableFromInline static let generationShift: UInt32 = 20
    @usableFromInline static let generationLimit: UInt32 = 1 << 12
    /// Nodes past this start at the root (a table of half a million views).
    @usableFromInline static let nodeLimit = 1 << 19

    /// About 4 points a side, so that few cells straddle the gaps between
    /// buttons (8 was measurably slower: more cells start the scan higher up),
    /// and at most 256 cells an axis (256 KB), whatever the screen.
    @usableFromInline static let targetCellSize = 4.0
    @usableFromInline static let maximumCellsPerAxis = 256
    /// A start node goes at most this many levels down, so converting the point
    /// down its path fits in a fixed buffer (`SIMD8`).
    @usableFromInline static let maximumDepth = 8
}

extension ViewTable {
    /// Forgets every cell, and fits the grid to the root's bounds. Allocates
    /// only when the grid grows past every size it had before.
    @usableFromInline func invalidateHitGrid() {
        hitGrid.generation += 1
        if hitGrid.generation == HitGrid.generationLimit {
            // Once in 4,096 changes: wipe the cells, so none from the last round matches.
            for i in 0..<hitGridCells.count { hitGridCells[i] = 0 }
            hitGrid.generation = 1
        }
        hitGrid.columns = 0
        hitGrid.rows = 0
        guard !hitNodes.isEmpty, hitNodes[0].isPlain else { return }
        let bounds = storage[Int(hitNodes[0].entry)].bounds
        guard bounds.isFinite, bounds.width > 0, bounds.height > 0 else { return }
        // Capped before the conversion: a window wider than 2^33 points would
        // pass a 32-bit board's (armv7) Int and trap there.
        let most = Double(HitGrid.maximumCellsPerAxis)
        let columns = max(1, Int(min((bounds.width / HitGrid.targetCellSize).rounded(.up), most)))
        let rows = max(1, Int(min((bounds.height / HitGrid.targetCellSize).rounded(.up), most)))
        if hitGridCells.count < columns * rows {
            hitGridCells.append(contentsOf: repeatElement(0, count: columns * rows - hitGridCells.count))
        }
        hitGrid.columns = columns
        hitGrid.rows = rows
        hitGrid.origin = SIMD2(bounds.minX, bounds.minY)
        hitGrid.cellSize = SIMD2(bounds.width / Double(columns), bounds.height / Double(rows))
        hitGrid.cellsPerPoint = 1 / hitGrid.cellSize
    }

    /// `hitTest` from the root, `point` in its bounds coordinates: where the
    /// point's cell says, else the whole scan.
    @inline(__always) @usableFromInline func hitTestFromRoot(_ point: Point, with event: Event?) -> View? {
        let p = SIMD2(point.x, point.y)
        let t = (p - hitGrid.origin) * hitGrid.cellsPerPoint
        guard t.x >= 0, t.y >= 0, t.x < Double(hitGrid.columns), t.y < Double(hitGrid.rows) else {
            return scan(from: 0, localPoint: point, with: event)
        }
        let cell = Int(t.y) * hitGrid.columns + Int(t.x)
        var value = hitGridCells[cell]
        if value >> HitGrid.generationShift != hitGrid.generation {
            value = classify(cell: cell)
            hitGridCells[cell] = value
        }
        let start = Int(value & (1 << HitGrid.generationShift - 1)) >> 1
        if value & 1 != 0 { return hitNodes[start].view }
        if start == 0 { return scan(from: 0, localPoint: point, with: event) }
        return descend(from: start, localPoint: convertDown(p, to: start), with: event)
    }

    /// `point` in the root's bounds coordinates converted into `node`'s as the
    /// scan converts it on the way down: each translation added in turn from the top.
    @usableFromInline func convertDown(_ point: SIMD2<Double>, to node: Int) -> SIMD2<Double> {
        var path = SIMD8<Int32>(repeating: 0)
        var depth = 0
        var n = node
        while n > 0 {
            path[depth] = Int32(n)
            depth += 1
            n = Int(parentNode[n])
        }
        var local = point
        while depth > 0 {
            depth -= 1
            local += hitNodes[Int(path[depth])].translation
        }
        return local
    }

    /// Works out the cell: how far every point in it goes down together.
    @usableFromInline func classify(cell: Int) -> UInt32 {
        let column = cell % hitGrid.columns
        let row = cell / hitGrid.columns
        // The points the lookup puts in this cell, and a hair around them for
        // its rounding: far below a point, far above the rounding's error.
        let far =
            SIMD2(abs(hitGrid.origin.x), abs(hitGrid.origin.y)) + hitGrid.cellSize
            * SIMD2(Double(hitGrid.columns), Double(hitGrid.rows))
        let pad = (far + hitGrid.cellSize) * 0x1p-40
        var low = hitGrid.origin + SIMD2(Double(column), Double(row)) * hitGrid.cellSize - pad
        var high = hitGrid.origin + SIMD2(Double(column + 1), Double(row + 1)) * hitGrid.cellSize + pad
        func value(_ node: Int, isAnswer: Bool) -> UInt32 {
            guard node < HitGrid.nodeLimit else { return hitGrid.generation << HitGrid.generationShift }
            return hitGrid.generation << HitGrid.generationShift | UInt32(node) << 1 | (isAnswer ? 1 : 0)
        }
        // The root holds the area (its area is its bounds, in its own coordinates),
        // or the scan starts at the top.
        guard hitNodes[0].isPlain, all(low .>= hitNodes[0].low), all(high .< hitNodes[0].high) else {
            return value(0, isAnswer: false)
        }
        var node = 0
        var depth = 0
        descending: while depth < HitGrid.maximumDepth {
            // A subview that is not plain may be called, which no cell can answer for.
            guard hitNodes[node].subviewsArePlain else { break }
            let first = Int(hitNodes[node].firstChild)
            var child = Int(hitNodes[node].childrenEnd)
            while child > first {
                child -= 1
                // Not plain, among plain subviews: skipped by the scan (its area is empty).
                guard hitNodes[child].isPlain else { continue }
                if all(low .>= hitNodes[child].low) && all(high .< hitNodes[child].high) {
                    // Every point goes into this subview: convert the area as the scan converts a point.
                    low += hitNodes[child].translation
                    high += hitNodes[child].translation
                    node = child
                    depth += 1
                    continue descending
                }
                if any(high .< hitNodes[child].low) || any(low .>= hitNodes[child].high) { continue }
                return value(node, isAnswer: false) // some points go in, some do not
            }
            return value(node, isAnswer: true) // no subview meets the area
        }
        return value(node, isAnswer: false)
    }
}
