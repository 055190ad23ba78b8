/// A window's view hierarchy flattened in paint order (a pre-order walk:
/// each view, then its subviews back to front), for the event path and the
/// renderer. Each entry links to its parent, its last child and its previous
/// sibling, records where its subtree ends, and carries the geometry and flags
/// that hit-testing and drawing read.
///
/// The table is rebuilt when the hierarchy changes and patched in place when a
/// view's geometry or flags change; both happen when the app changes views,
/// never per input event. A rebuild reuses its storage, so it allocates only
/// when the hierarchy grows past every size it had before.
package final class ViewTable {
    package struct Flags: OptionSet, Sendable {
        package var rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let hidden = Flags(rawValue: 1 << 0)
        /// alpha ≤ 0.01
        package static let transparent = Flags(rawValue: 1 << 1)
        package static let interactionDisabled = Flags(rawValue: 1 << 2)
        /// The view's class may override `hitTest` or `point(inside:)`, so the table calls into it.
        package static let customHitTesting = Flags(rawValue: 1 << 3)
        package static let clipsToBounds = Flags(rawValue: 1 << 4)
        /// The view's transform collapses the plane: no point maps into it.
        package static let singular = Flags(rawValue: 1 << 5)
        /// The view's (or an ancestor's) center, bounds or transform is not a
        /// finite number: the view and its subtree are neither drawn nor hit.
        package static let nonFinite = Flags(rawValue: 1 << 6)
        /// The view or an ancestor is animating: the `draw…` values differ from the model's.
        package static let presenting = Flags(rawValue: 1 << 7)

        /// R4.1: any of these makes a view and its subtree unhittable.
        @usableFromInline static let ineligible: Flags = [
            .hidden, .transparent, .interactionDisabled, .singular, .nonFinite
        ]
        /// What a subview takes from its superview.
        @usableFromInline static let inherited: Flags = [.nonFinite, .presenting]
        /// What a subview's entry is made from, besides its superview's geometry and alpha.
        @usableFromInline static let passedDown: Flags = inherited.union(.clipsToBounds)
        /// Entries the hit-test skips without asking the view, custom hit-testing or not.
        @usableFromInline static let unreachable: Flags = [.singular, .nonFinite]
    }

    package struct Entry {
        /// The view, unretained, so an entry holds no reference count: the
        /// table keeps every view it lists alive (`members`) until it is rebuilt.
        /// The renderer calls into it through `_withUnsafeGuaranteedRef`, which
        /// takes no retain and release either (two atomic operations per view
        /// per dirty area): `withStableEntries` holds off any rebuild meanwhile.
        @usableFromInline var unretainedView: Unmanaged<View>
        package var view: View { unretainedView.takeUnretainedValue() }
        /// Index of the superview's entry; -1 for the window.
        package var parent: Int32
        /// One past the last entry of this view's subtree.
        package var subtreeEnd: Int32
        /// Index of the frontmost subview's entry; -1 without subviews.
        package var lastChild: Int32
        /// Index of the subview just behind this one in the same superview; -1 for the backmost.
        package var previousSibling: Int32
        package var flags: Flags
        /// Maps the superview's bounds coordinates into this view's (UIKit converts one level at a time).
        package var superviewToLocal: AffineTransform
        /// Maps this view's bounds coordinates into window coordinates.
        package var localToWindow: AffineTransform
        package var bounds: Rect
        /// Window-space bounding box of the view.
        package var frameInWindow: Rect
        /// Window-space area this view may draw in: its clipping ancestors' frames intersected.
        package var clipInWindow: Rect
        /// The product of the view's and its ancestors' alpha.
        package var alphaInWindow: Double
        /// What the screen shows (the presentation values, `View.presentation`):
        /// the renderer reads these, hit-testing the model values above.
        /// The same as the model's while nothing animates.
        package var drawToWindow: AffineTransform
        package var drawBounds: Rect
        package var drawFrameInWindow: Rect
        package var drawAlphaInWindow: Double
        /// Window-space area the view may draw in as the screen shows it: its
        /// clipping ancestors' drawn frames intersected (`unboundedClip` for
        /// none), worked out once per entry so the renderer never walks up.
        package var drawClipInWindow: Rect
        /// How far the view's layer draws past its frame (its shadow), in
        /// window points; zero for most views.
        package var layerOutsets: EdgeInsets
        /// What the view's layer draws, for the renderer to skip the rest.
        package var layerParts: LayerParts

        /// Whether the screen shows the view elsewhere than the model puts it:
        /// animating, or in a scroll view whose offset is snapped to pixels.
        @inline(__always) package var isDrawnApart: Bool {
            flags.contains(.presenting) || drawFrameInWindow != frameInWindow
        }

        /// Everything the view draws itself, shadow included, in window
        /// coordinates: what a change to it marks dirty (model values).
        @inline(__always) package var visualFrameInWindow: Rect {
            layerParts.isEmpty
                ? frameInWindow
                : Self.visualFrame(frameInWindow, outsets: layerOutsets, parts: layerParts, toWindow: localToWindow)
        }
        /// The same, where the screen shows the view (presentation values).
        @inline(__always) package var drawVisualFrameInWindow: Rect {
            layerParts.isEmpty
                ? drawFrameInWindow
                : Self.visualFrame(drawFrameInWindow, outsets: layerOutsets, parts: layerParts, toWindow: drawToWindow)
        }

        /// `frame` with what the layer draws past it; rotated or scaled, the
        /// outsets turn and grow with the transform, and the anti-aliased edge
        /// reaches half an offscreen pixel, scaled, further.
        @usableFromInline static func visualFrame(
            _ frame: Rect, outsets: EdgeInsets, parts: LayerParts, toWindow t: AffineTransform
        ) -> Rect {
            guard parts.contains(.transformed) else { return frame.outset(by: outsets) }
            let stretch = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
            let reach = max(max(outsets.top, outsets.bottom), max(outsets.left, outsets.right))
            return frame.outset(by: EdgeInsets(all: (reach + 1) * stretch))
        }

        /// Whether `ViewTable.makeHitNode` makes the same node of this entry
        /// as of `old` (besides its subviews' range): it reads only the map
        /// from the superview, the bounds and the flags.
        @inline(__always) func givesHitNodeTheSame(as old: Entry) -> Bool {
            flags == old.flags && bounds == old.bounds && superviewToLocal == old.superviewToLocal
        }

        /// Whether a subview's entry made under this one comes out as under
        /// `old`: every value `ViewTable.makeEntry` reads of its superview's
        /// entry is the same.
        @inline(__always) func givesSubviewsTheSame(as old: Entry) -> Bool {
            flags.intersection(Flags.passedDown) == old.flags.intersection(Flags.passedDown)
                && localToWindow == old.localToWindow && drawToWindow == old.drawToWindow
                && alphaInWindow == old.alphaInWindow && drawAlphaInWindow == old.drawAlphaInWindow
                && clipInWindow == old.clipInWindow && drawClipInWindow == old.drawClipInWindow
                && frameInWindow == old.frameInWindow && drawFrameInWindow == old.drawFrameInWindow
        }
    }

    /// The parts of a view's `Layer` that draw something.
    package struct LayerParts: OptionSet, Sendable {
        package var rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let shadow = LayerParts(rawValue: 1 << 0)
        package static let border = LayerParts(rawValue: 1 << 1)
        /// A corner radius on some corner.
        package static let rounded = LayerParts(rawValue: 1 << 2)
        /// Rounded and masking its subviews.
        package static let roundedMask = LayerParts(rawValue: 1 << 3)
        /// Drawn rotated or scaled (its own or an ancestor's `transform`, as
        /// the screen shows it), not just moved: the renderer draws the
        /// subtree through an offscreen.
        package static let transformed = LayerParts(rawValue: 1 << 4)
        /// `Layer.shouldRasterize`: placed at whole pixels, drawn from its picture when it can be.
        package static let rasterized = LayerParts(rawValue: 1 << 5)

        @usableFromInline static func of(_ layer: Layer) -> LayerParts {
            var parts: LayerParts = []
            if layer.shouldRasterize { parts.insert(.rasterized) }
            if layer.hasShadow { parts.insert(.shadow) }
            if layer.hasBorder { parts.insert(.border) }
            if layer.effectiveCornerRadius > 0 {
                parts.insert(.rounded)
                if layer.masksToBounds { parts.insert(.roundedMask) }
            }
            return parts
        }
    }

    /// What the hit-test reads of one view, packed into 80 bytes (the
    /// `Entry` spans four cache lines). The nodes of a view's subviews sit side by side,
    /// back to front, so scanning them front to back reads memory in order,
    /// with no link to follow from one to the next.
    @usableFromInline struct HitNode {
        /// When `isPlain`, the points of the superview's coordinates that the
        /// view contains: [low.x, high.x) × [low.y, high.y), bounds exactly
        /// (see `threshold`), so a subview is tested in its superview's
        /// coordinates with four comparisons and no conversion. Else an empty
        /// area (+∞ … -∞), which no point is in.
        @usableFromInline var low: SIMD2<Double>, high: SIMD2<Double>
        /// The translation `superviewToLocal` is, when `isPlain`.
        @usableFromInline var translation: SIMD2<Double>
        /// Unretained, as the entry's (`members` keeps it alive).
        @usableFromInline unowned(unsafe) var view: View
        /// The view's entry, for the slow path: its full `superviewToLocal`.
        @usableFromInline var entry: Int32
        /// The node of the view's backmost subview; its subviews' nodes run to `childrenEnd`.
        @usableFromInline var firstChild: Int32
        @usableFromInline var childrenEnd: Int32
        @usableFromInline var flags: Flags
        /// Eligible, reachable, answered by the table (no override to call),
        /// and placed by a pure translation: the common case, tested in place.
        @usableFromInline var isPlain: Bool
        /// Every subview is plain, or skipped without a call (a standard view
        /// that is hidden, disabled, …): the scan tests them without branching.
        @usableFromInline var subviewsArePlain: Bool
        /// The subviews run in order along an axis: `axisIndexes` says where
        /// the scan starts and stops (see `AxisIndex`).
        @usableFromInline var hasAxisIndex: Bool
        /// A subview changed since `subviewsArePlain` and the axis index were
        /// worked out: both read false (the scan that asks nothing of them)
        /// until the next hit-test works them out again (`staleSummaries`).
        @usableFromInline var summaryIsStale = false

        /// Whether `point`, in the superview's coordinates, is in the view:
        /// what converting it (`superviewToLocal`) and asking `Rect.contains`
        /// answers, for a plain node; false for any other. Two vector
        /// comparisons and no branch but the answer's.
        @inline(__always) @usableFromInline func contains(_ point: SIMD2<Double>) -> Bool {
            all((point .>= low) .& (point .< high))
        }
    }

    /// The least `p` for which `p + translation`, rounded as converting a
    /// point rounds it, is at least `bound`; nil where that is out of the
    /// finite range. Rounding is monotone, so `p + translation >= bound`
    /// holds exactly for `p >= threshold`: a plain subview is hit by the
    /// points in [threshold(minX), threshold(maxX)), the same points as
    /// converting each and comparing it with its bounds, even a hair from an edge.
    @usableFromInline static func threshold(_ bound: Double, translation: Double) -> Double? {
        let estimate = bound - translation
        guard estimate.isFinite else { return nil }
        // Doubles as ordered integers, so the search can bisect between them.
        func key(_ x: Double) -> Int64 {
            let bits = Int64(bitPattern: x.bitPattern)
            return bits >= 0 ? bits : -(bits & Int64.max) - 1
        }
        func value(_ key: Int64) -> Double {
            key >= 0 ? Double(bitPattern: UInt64(key)) : Double(bitPattern: UInt64(-(key + 1)) | (1 << 63))
        }
        func reaches(_ key: Int64) -> Bool { value(key) + translation >= bound }
        let least = key(-Double.greatestFiniteMagnitude)
        let most = key(Double.greatestFiniteMagnitude)
        // Bracket the answer between a key that falls short and one that reaches,
        // galloping out from the estimate: it is a step or two away, unless the
        // translation dwarfs the bound (or the other way round), where one
        // rounding step of the sum spans many of `p`.
        // Distances between keys as unsigned numbers: they may pass Int64.max.
        func gap(_ from: Int64, _ to: Int64) -> UInt64 { UInt64(bitPattern: to &- from) }
        var short: Int64
        var reaching: Int64
        var step: UInt64 = 1
        let start = key(estimate)
        if reaches(start) {
            reaching = start
            while true {
                let room = gap(least, reaching)
                guard room > 0 else { return nil } // every finite point reaches
                let next = reaching &- Int64(bitPattern: min(step, room))
                if !reaches(next) {
                    short = next
                    break
                }
                reaching = next
                step = min(step * 2, 1 << 62)
            }
        } else {
            short = start
            while true {
                let room = gap(short, most)
                guard room > 0 else { return nil } // no finite point reaches
                let next = short &+ Int64(bitPattern: min(step, room))
                if reaches(next) {
                    reaching = next
                    break
                }
                short = next
                step = min(step * 2, 1 << 62)
            }
        }
        while gap(short, reaching) > 1 {
            let middle = short &+ Int64(bitPattern: gap(short, reaching) / 2)
            if reaches(middle) { reaching = middle } else { short = middle }
        }
        return value(reaching)
    }

    /// Set by the window that owns the table, right after both exist.
    /// Unretained: the window owns the table. Set once and read whole, never
    /// across a call, so it skips the dynamic exclusivity check.
    @exclusivity(unchecked) package internal(set) unowned(unsafe) var window: Window?
    // Read on every hit-test; only the owning thread touches it, so skip the
    // dynamic exclusivity check. What keeps that sound: while the entries are
    // being read (a hit-test scan, a draw) `useDepth` is above zero and
    // nothing writes them; changes made meanwhile by app code (an override, a
    // `draw`) only set `needsRebuild`, and the rebuild waits until the scan is over.
    @exclusivity(unchecked) @usableFromInline var storage: ContiguousArray<Entry> = []
    @exclusivity(unchecked) package internal(set) var needsRebuild = true
    /// The hit-test's packed copy of the entries, grouped by superview (see
    /// `HitNode`); held still and skipped by the exclusivity check for the same reasons as `storage`.
    @exclusivity(unchecked) @usableFromInline var hitNodes: ContiguousArray<HitNode> = []
    /// For each entry, the index of its node in `hitNodes`.
    @exclusivity(unchecked) @usableFromInline var hitNodeIndex: ContiguousArray<Int32> = []

    /// Where a superview's scan starts and stops when its plain subviews run
    /// in order along one axis: the rows of a list top to bottom, the cells
    /// of a row left to right, a grid row by row. In subview order, each
    /// one's span on the axis starts and ends no earlier than the one's
    /// before it (they may overlap). Then a subview that starts after the
    /// point cannot contain it, nor can any subview behind one that ends
    /// before it. A bucket table over the axis gives the frontmost subview
    /// that may start at or before the point; the scan runs front to back
    /// from there, testing each subview as it always does, and stops at the
    /// first plain one that ends before the point. The answer is the same as
    /// scanning them all; only the subviews it cannot hit are skipped.
    @usableFromInline struct AxisIndex {
        /// Subviews below this many are scanned as they are.
        @usableFromInline static let minimumSubviews = 17
        @usableFromInline var alongY: Bool
        /// Where bucket 0 starts, in the superview's coordinates.
        @usableFromInline var origin: Double
        @usableFromInline var bucketsPerPoint: Double
        /// The buckets are `buckets[firstBucket ..< firstBucket + bucketCount]`.
        @usableFromInline var firstBucket: Int32
        @usableFromInline var bucketCount: Int32
    }
    /// For each node, its `AxisIndex` in `axisIndexes`, or -1: one is kept for every
    /// node with enough subviews, whether they run in order or not, so a patch that
    /// puts them in order needs no new storage.
    @exclusivity(unchecked) @usableFromInline var axisIndexOfNode: ContiguousArray<Int32> = []
    @exclusivity(unchecked) @usableFromInline var axisIndexes: ContiguousArray<AxisIndex> = []
    /// For each bucket, the frontmost subview (from the superview's first child)
    /// that may start in it or the one after; -1 for none.
    @exclusivity(unchecked) @usableFromInline var buckets: ContiguousArray<Int32> = []
    /// For each node under an indexed superview, the farthest end on the axis, in the
    /// superview's coordinates, of it and the plain subviews behind it: a point at
    /// or past it is in none of them.
    @exclusivity(unchecked) @usableFromInline var axisEnds: ContiguousArray<Double> = []
    /// Where a hit-test from the root starts, for each cell of a grid over
    /// the root's bounds (see `HitGrid`).
    @exclusivity(unchecked) @usableFromInline var hitGrid = HitGrid()
    /// Per cell: the generation it was worked out in, its start node and
    /// whether that node is the answer (bit 0); see `HitGrid`.
    @exclusivity(unchecked) @usableFromInline var hitGridCells: ContiguousArray<UInt32> = []
    /// The nodes whose subviews changed since their summary was worked out
    /// (`HitNode.summaryIsStale`), each once. A change marks its superview's
    /// node here in O(1); the next hit-test works each out once, however many
    /// of its subviews changed: moving all of a view's N subviews in a frame
    /// costs O(N) then, not O(N) for each of them.
    @exclusivity(unchecked) @usableFromInline var staleSummaries: ContiguousArray<Int32> = []
    /// For each node, the node of its superview; -1 for the root.
    @exclusivity(unchecked) @usableFromInline var parentNode: ContiguousArray<Int32> = []
    /// Strong references to every view in `storage` but the window, so a view
    /// removed and dropped by app code during a scan stays valid until the scan ends.
    @usableFromInline var members: ContiguousArray<View> = []
    /// Scans and draws in progress (they nest: an override calls `super.hitTest`).
    /// Unchecked for exclusivity, as it is read and changed on every hit-test:
    /// each access is a single read or `+= 1`, during which no app code runs.
    @exclusivity(unchecked) @usableFromInline var useDepth = 0
    /// How many times the table was rebuilt; tests use it to show events do not rebuild.
    package internal(set) var rebuildCount = 0
    /// Entries and nodes read or written to patch the table after changes
    /// (geometry, flags): tests hold a change's cost to what it changed. Wraps.
    @usableFromInline internal var patchWork: UInt64 = 0
    /// Entries the renderer read to draw: tests hold a frame's cost to the
    /// number of views, whatever their depth. Wraps.
    @usableFromInline internal var drawWork: UInt64 = 0

    @usableFromInline init() {}

    /// No clipping. Finite, so that `maxX` and `maxY` stay numbers (-inf + inf is NaN).
    @usableFromInline static let unboundedClip = Rect(x: -1e18, y: -1e18, width: 2e18, height: 2e18)

    /// What a view under `parent` may draw in: `clip`, the parent's own
    /// area, cut to `frame`, the parent's, when the parent clips. Under a
    /// first clipping ancestor it is that ancestor's frame exactly.
    @inline(__always) @usableFromInline static func clip(_ clip: Rect, cutTo frame: Rect, clipping: Bool) -> Rect {
        guard clipping else { return clip }
        if clip == unboundedClip { return frame }
        return clip.intersection(frame) ?? .zero
    }

    /// The window-space bounding box of `view` and everything below it, or
    /// `nil` when the table does not hold the view.
    @usableFromInline func subtreeFrameInWindow(of view: View) -> Rect? {
        guard !needsRebuild, contains(view) else { return nil }
        let start = view.tableIndex
        var area = storage[start].visualFrameInWindow
        var i = start
        let end = Int(storage[start].subtreeEnd)
        while i < end {
            // What the screen shows and where the model is: a change may move either.
            area = area.union(storage[i].visualFrameInWindow)
            if storage[i].isDrawnApart { area = area.union(storage[i].drawVisualFrameInWindow) }
            i += 1
        }
        return area
    }

    /// `point` from `source`'s bounds coordinates into `destination`'s through
    /// the entries' window transforms, without walking the hierarchy: what a
    /// touch's location in its view costs on every move. `nil` (the caller
    /// walks the hierarchy) unless the table is current, its window is the
    /// root of the hierarchy, and both views are listed in it.
    @usableFromInline func convert(_ point: Point, from source: View, to destination: View) -> Point? {
        guard !needsRebuild, let window, window.tableIndex == 0,
            let from = currentIndex(of: source), let to = currentIndex(of: destination)
        else { return nil }
        let inWindow = from == 0 ? point : storage[from].localToWindow.apply(to: point)
        if to == 0 { return inWindow }
        guard let inverse = storage[to].localToWindow.inverted else { return Point(x: .nan, y: .nan) }
        return inverse.apply(to: inWindow)
    }

    /// Where `view` is in the entries, without rebuilding them; `nil` when it is not there.
    @inline(__always) @usableFromInline func currentIndex(of view: View) -> Int? {
        let index = view.tableIndex
        return index >= 0 && index < storage.count && storage[index].view === view ? index : nil
    }

    /// The entries in paint order, rebuilt first if the hierarchy changed.
    package var entries: ContiguousArray<Entry> {
        rebuildIfNeeded()
        return storage
    }

    @usableFromInline func setNeedsRebuild() {
        needsRebuild = true
        releaseStaleMembers()
    }

    /// Once the hierarchy changed and no scan reads the entries, the table
    /// lets go of its views at once, so a view removed and dropped is freed
    /// now rather than at the next rebuild.
    @usableFromInline func releaseStaleMembers() {
        guard needsRebuild, useDepth == 0 else { return }
        removeAllNodes()
    }

    /// Lets go of every view and node, keeping the capacity, and forgets the
    /// grid's cells.
    @usableFromInline func removeAllNodes() {
        storage.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        hitNodes.removeAll(keepingCapacity: true)
        hitNodeIndex.removeAll(keepingCapacity: true)
        parentNode.removeAll(keepingCapacity: true)
        staleSummaries.removeAll(keepingCapacity: true)
        removeAxisIndexes()
        invalidateHitGrid()
    }

    /// Rebuilds the table if the hierarchy changed, and works out what the
    /// hit-test reads of the views whose subviews changed, unless a scan is
    /// reading it: then both wait for the next call after the scan.
    package func rebuildIfNeeded() {
        rebuildHierarchyIfNeeded()
        updateStaleSummaries()
    }

    /// Rebuilds the table if the hierarchy changed (unless a scan is reading
    /// it), leaving stale summaries for the next hit-test: what a change and a
    /// drawing need, which read no summary.
    @usableFromInline func rebuildHierarchyIfNeeded() {
        if needsRebuild && useDepth == 0 { rebuild() }
    }

    /// Runs `body` with the entries held still: changes the app makes in the
    /// meantime (from an override or a `draw`) are applied afterwards.
    @inlinable package func withStableEntries<Result>(_ body: (UnsafeBufferPointer<Entry>) -> Result) -> Result {
        rebuildHierarchyIfNeeded()
        useDepth += 1
        defer {
            useDepth -= 1
            releaseStaleMembers()
        }
        return storage.withUnsafeBufferPointer(body)
    }

    @usableFromInline func contains(_ view: View) -> Bool {
        rebuildHierarchyIfNeeded()
        return currentIndex(of: view) != nil
    }

    package func entry(for view: View) -> Entry? {
        rebuildIfNeeded()
        return currentIndex(of: view).map { storage[$0] }
    }

    // MARK: Building

    @usableFromInline func rebuild() {
        removeAllNodes()
        defer { invalidateHitGrid() } // again, to fit the grid to the new root
        guard let window else { return }
        append(window, parent: -1)
        // Index 0 says "the root of its own table" (`Window.hitTest` relies on
        // it): a window put inside another view is that hierarchy's, not its own.
        if window.window !== window { window.tableIndex = -1 }
        buildHitNodes()
        // Room for every node to be stale at once (each is listed once), so that
        // patching, however much, allocates nothing until the table outgrows it.
        staleSummaries.reserveCapacity(hitNodes.count)
        needsRebuild = false
        rebuildCount += 1
    }

    /// Lays out `hitNodes` breadth first from the window's entry, each view's
    /// subviews together and back to front.
    @usableFromInline func buildHitNodes() {
        hitNodeIndex.append(contentsOf: repeatElement(-1, count: storage.count))
        hitNodes.append(makeHitNode(entry: 0))
        parentNode.append(-1)
        hitNodeIndex[0] = 0
        var node = 0
        while node < hitNodes.count {
            let index = Int(hitNodes[node].entry)
            hitNodes[node].firstChild = Int32(hitNodes.count)
            var child = index + 1
            let end = Int(storage[index].subtreeEnd)
            while child < end {
                hitNodeIndex[child] = Int32(hitNodes.count)
                hitNodes.append(makeHitNode(entry: child))
                parentNode.append(Int32(node))
                child = Int(storage[child].subtreeEnd)
            }
            hitNodes[node].childrenEnd = Int32(hitNodes.count)
            node += 1
        }
        axisIndexOfNode.append(contentsOf: repeatElement(-1, count: hitNodes.count))
        axisEnds.append(contentsOf: repeatElement(0, count: hitNodes.count))
        node = 0
        while node < hitNodes.count {
            let subviews = Int(hitNodes[node].childrenEnd - hitNodes[node].firstChild)
            if subviews >= AxisIndex.minimumSubviews {
                axisIndexOfNode[node] = Int32(axisIndexes.count)
                // Two buckets a subview: a subview spans about two, so the scan starts near it.
                let count = min(2 * subviews, 1024)
                axisIndexes.append(
                    AxisIndex(
                        alongY: true, origin: 0, bucketsPerPoint: 0,
                        firstBucket: Int32(buckets.count), bucketCount: Int32(count)))
                buckets.append(contentsOf: repeatElement(-1, count: count))
            }
            updateSubviewSummary(ofNode: node)
            node += 1
        }
    }

    @usableFromInline func removeAxisIndexes() {
        axisIndexOfNode.removeAll(keepingCapacity: true)
        axisIndexes.removeAll(keepingCapacity: true)
        buckets.removeAll(keepingCapacity: true)
        axisEnds.removeAll(keepingCapacity: true)
    }

    /// What the scan reads of a node's subviews together: whether they are
    /// all plain, and their axis index.
    @usableFromInline func updateSubviewSummary(ofNode node: Int) {
        updateSubviewsArePlain(ofNode: node)
        updateAxisIndex(ofNode: node)
    }

    /// Sets up the node's `AxisIndex` in its storage when its subviews are
    /// all plain (or skipped) and run in order along y, else along x; else
    /// turns it off.
    @usableFromInline func updateAxisIndex(ofNode node: Int) {
        hitNodes[node].hasAxisIndex = false
        let slot = Int(axisIndexOfNode[node])
        guard slot >= 0, hitNodes[node].subviewsArePlain else { return }
        hitNodes[node].hasAxisIndex =
            indexSubviews(ofNode: node, alongY: true, slot: slot)
            || indexSubviews(ofNode: node, alongY: false, slot: slot)
    }

    /// The span of a plain node on an axis in its superview's coordinates:
    /// the points on the axis that can be in it, [start, end).
    @inline(__always) @usableFromInline static func span(of node: HitNode, alongY: Bool) -> (start: Double, end: Double)
    {
        alongY ? (node.low.y, node.high.y) : (node.low.x, node.high.x)
    }

    /// How far out of order two starts may be and still count as in order:
    /// far below a pixel. Sound because `x - slack(x)` grows with `x`: a
    /// subview in front of one that starts past a bound, less its slack,
    /// starts past that bound too.
    @inline(__always) @usableFromInline static func slack(_ start: Double) -> Double {
        start.isFinite ? max(abs(start), 1) * 0x1p-36 : 0
    }

    @usableFromInline func indexSubviews(ofNode node: Int, alongY: Bool, slot: Int) -> Bool {
        let first = Int(hitNodes[node].firstChild)
        let end = Int(hitNodes[node].childrenEnd)
        // Starts must run in order, give or take a hair: each no earlier than
        // the latest before it, less `slack` (the cells of a grid's row start
        // together, but an ulp apart where their bounds origins differ). Ends
        // are stored as their running maximum, so in order whatever they are.
        var origin = Double.nan
        var firstEnd = Double.nan
        var farEnd = -Double.infinity
        var latestStart = -Double.infinity
        var child = first
        while child < end {
            patchWork &+= 1
            if hitNodes[child].isPlain {
                let span = Self.span(of: hitNodes[child], alongY: alongY)
                guard span.start.isFinite, span.end.isFinite, span.start >= latestStart - Self.slack(latestStart) else {
                    return false
                }
                if origin.isNaN {
                    origin = span.start
                    firstEnd = span.end
                }
                latestStart = max(latestStart, span.start)
                farEnd = max(farEnd, span.end)
                axisEnds[child] = farEnd
            }
            child += 1
        }
        // Nothing plain to find (every subview hidden, say); the first and last
        // overlapping (rows side by side share their x span: the scan could skip
        // nothing); or a span too thin for its buckets to be told apart at its coordinates.
        guard !origin.isNaN, firstEnd < latestStart, farEnd > origin else { return false }
        let count = Int(axisIndexes[slot].bucketCount)
        let bucketWidth = (farEnd - origin) / Double(count)
        guard bucketWidth > (abs(origin) + abs(farEnd)) * 0x1p-30 else { return false }
        axisIndexes[slot].alongY = alongY
        axisIndexes[slot].origin = origin
        axisIndexes[slot].bucketsPerPoint = 1 / bucketWidth
        // Bucket b: the frontmost subview that starts before the end of bucket
        // b + 1 (a bucket of slack for the rounding of the lookup), the last one for the last bucket.
        let firstBucket = Int(axisIndexes[slot].firstBucket)
        var frontmost = -1
        child = first
        var bucket = 0
        while bucket < count {
            patchWork &+= 1
            let bucketEnd = bucket == count - 1 ? Double.infinity : origin + Double(bucket + 2) * bucketWidth
            while child < end {
                // Every plain subview after this one starts no earlier than `start - slack` either.
                if hitNodes[child].isPlain {
                    let start = Self.span(of: hitNodes[child], alongY: alongY).start
                    if start - Self.slack(start) > bucketEnd { break }
                }
                frontmost = child - first
                child += 1
            }
            buckets[firstBucket + bucket] = Int32(frontmost)
            bucket += 1
        }
        return true
    }

    @usableFromInline func updateSubviewsArePlain(ofNode node: Int) {
        var plain = true
        var child = Int(hitNodes[node].firstChild)
        while child < Int(hitNodes[node].childrenEnd) {
            patchWork &+= 1
            let flags = hitNodes[child].flags
            plain =
                plain && !flags.contains(.customHitTesting)
                && (hitNodes[child].isPlain || !flags.isDisjoint(with: Flags.ineligible))
            child += 1
        }
        hitNodes[node].subviewsArePlain = plain
    }

    /// The hit node of the entry at `index`, without its subviews' range.
    @usableFromInline func makeHitNode(entry index: Int) -> HitNode {
        let entry = storage[index]
        let t = entry.superviewToLocal
        let isTranslation = t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1
        var isPlain =
            isTranslation && entry.flags.isDisjoint(with: Flags.ineligible) && !entry.flags.contains(.customHitTesting)
        var low = SIMD2<Double>(repeating: .infinity)
        var high = SIMD2<Double>(repeating: -.infinity)
        if isPlain, let minX = Self.threshold(entry.bounds.minX, translation: t.tx),
            let maxX = Self.threshold(entry.bounds.maxX, translation: t.tx),
            let minY = Self.threshold(entry.bounds.minY, translation: t.ty),
            let maxY = Self.threshold(entry.bounds.maxY, translation: t.ty)
        {
            low = SIMD2(minX, minY)
            high = SIMD2(maxX, maxY)
        } else {
            isPlain = false // far out of range: the slow path converts the point
        }
        return HitNode(
            low: low, high: high, translation: SIMD2(t.tx, t.ty), view: entry.view, entry: Int32(index),
            firstChild: -1, childrenEnd: -1, flags: entry.flags, isPlain: isPlain, subviewsArePlain: false,
            hasAxisIndex: false)
    }

    /// Appends `view` and its subtree in paint order under the entry at
    /// `parent` (-1 for the window). A loop, however deep the subtree: while
    /// an entry's subviews are being appended, its `lastChild` is the last one
    /// so far and its `subtreeEnd` counts them (no app code runs meanwhile,
    /// so the hierarchy stays as it is).
    @discardableResult
    @usableFromInline func append(_ view: View, parent: Int32) -> Int32 {
        let root = appendEntry(view, parent: parent)
        var current = Int(root)
        while true {
            let appended = Int(storage[current].subtreeEnd)
            let subviews = storage[current].view.subviews
            if appended < subviews.count {
                storage[current].subtreeEnd = Int32(appended + 1)
                let child = appendEntry(subviews[appended], parent: Int32(current))
                storage[Int(child)].previousSibling = storage[current].lastChild
                storage[current].lastChild = child
                current = Int(child)
            } else {
                storage[current].subtreeEnd = Int32(storage.count)
                if current == Int(root) { return root }
                current = Int(storage[current].parent)
            }
        }
    }

    /// The entry of `view` alone, at the end, with none of its subviews yet.
    @usableFromInline func appendEntry(_ view: View, parent: Int32) -> Int32 {
        let index = Int32(storage.count)
        view.tableIndex = Int(index)
        // The window owns the table: holding it here would be a cycle.
        if parent >= 0 { members.append(view) }
        var entry = makeEntry(view, parent: parent)
        entry.subtreeEnd = 0
        storage.append(entry)
        return index
    }

    /// The entry of `view` under the entry at `parent` (-1 for the window),
    /// whose values must be current: window-space geometry, clip and alpha,
    /// for the model and for what the screen shows.
    @usableFromInline func makeEntry(_ view: View, parent: Int32) -> Entry {
        let isRoot = parent < 0
        var parentToWindow = AffineTransform.identity
        var parentClip = ViewTable.unboundedClip
        var parentAlpha = 1.0
        var drawParentToWindow = AffineTransform.identity
        var drawParentAlpha = 1.0
        var drawParentClip = ViewTable.unboundedClip
        var flags = Self.flags(of: view)
        if !isRoot {
            let p = storage[Int(parent)]
            parentToWindow = p.localToWindow
            parentAlpha = p.alphaInWindow
            parentClip =
                p.flags.contains(.clipsToBounds)
                ? (p.clipInWindow.intersection(p.frameInWindow) ?? .zero) : p.clipInWindow
            drawParentToWindow = p.drawToWindow
            drawParentAlpha = p.drawAlphaInWindow
            drawParentClip = Self.clip(
                p.drawClipInWindow, cutTo: p.drawFrameInWindow, clipping: p.flags.contains(.clipsToBounds))
            flags.formUnion(p.flags.intersection(Flags.inherited))
        }
        if view.presentationState != nil { flags.insert(.presenting) }
        // The window's own bounds are window coordinates; its frame only places it on screen.
        let toSuperview = isRoot ? AffineTransform.identity : view.transformToSuperview
        let localToWindow = toSuperview.concatenating(parentToWindow)
        let inverse = toSuperview.inverted
        if inverse == nil { flags.insert(.singular) }
        let bounds = view.bounds // (an overridable property: read once)
        var frameInWindow = localToWindow.apply(to: bounds)
        let layer = view.layer
        var entry = Entry(
            unretainedView: .passUnretained(view), parent: parent, subtreeEnd: -1, lastChild: -1, previousSibling: -1,
            flags: flags, superviewToLocal: inverse ?? .identity, localToWindow: localToWindow,
            bounds: bounds, frameInWindow: frameInWindow,
            clipInWindow: parentClip, alphaInWindow: parentAlpha * view.alpha,
            drawToWindow: localToWindow, drawBounds: bounds, drawFrameInWindow: frameInWindow,
            drawAlphaInWindow: parentAlpha * view.alpha, drawClipInWindow: drawParentClip,
            layerOutsets: layer.outsets, layerParts: LayerParts.of(layer))
        var isFinite =
            localToWindow.isFinite && bounds.isFinite && frameInWindow.isFinite && (inverse?.isFinite ?? true)
        if flags.contains(.presenting) {
            let shown = view.presentation
            let drawToSuperview = isRoot ? AffineTransform.identity : shown.transformToSuperview
            entry.drawToWindow = drawToSuperview.concatenating(drawParentToWindow)
            entry.drawBounds = shown.bounds
            entry.drawFrameInWindow = entry.drawToWindow.apply(to: shown.bounds)
            entry.drawAlphaInWindow = drawParentAlpha * shown.alpha
            isFinite = isFinite && entry.drawToWindow.isFinite && entry.drawFrameInWindow.isFinite
        } else if drawParentToWindow != parentToWindow {
            // In a scroll view whose offset is between pixels: drawn at the snapped offset.
            entry.drawToWindow = toSuperview.concatenating(drawParentToWindow)
            entry.drawFrameInWindow = entry.drawToWindow.apply(to: bounds)
            isFinite = isFinite && entry.drawToWindow.isFinite && entry.drawFrameInWindow.isFinite
        }
        // (The flag is checked here: most views do not snap, and a call per entry costs.)
        if !isRoot, view.snapsContentToPixels,
            let snapped = snappedDrawing(
                of: view, presenting: flags.contains(.presenting), parentToWindow: drawParentToWindow)
        {
            entry.drawToWindow = snapped.toWindow
            entry.drawBounds = snapped.bounds
            entry.drawFrameInWindow = snapped.toWindow.apply(to: snapped.bounds)
            isFinite = isFinite && entry.drawToWindow.isFinite && entry.drawFrameInWindow.isFinite
        }
        if !entry.drawToWindow.isTranslation {
            entry.layerParts.insert(.transformed)
        } else if entry.layerParts.contains(.rasterized) {
            // At whole pixels: its picture moves by whole pixels, as a full redraw would draw it.
            let frame = entry.drawFrameInWindow.origin
            let snapped = frame.roundedToPixels(scale: window?.displayScale ?? 1)
            if snapped != frame, snapped.x.isFinite, snapped.y.isFinite {
                let t = entry.drawToWindow
                entry.drawToWindow = AffineTransform(
                    a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx + (snapped.x - frame.x), ty: t.ty + (snapped.y - frame.y))
                entry.drawFrameInWindow = entry.drawToWindow.apply(to: entry.drawBounds)
            }
        }
        if !isFinite {
            // A frame computed from a division by zero must not take the panel down.
            entry.flags.insert(.nonFinite)
            frameInWindow = .zero
            entry.frameInWindow = .zero
            entry.drawFrameInWindow = .zero
            window?.owningApplication?.warnings.warnOnce(
                .nonFiniteGeometry,
                "view '\(view.name)' has a center, bounds or transform that is not a finite number: it (and its subviews) is neither drawn nor hit until that is fixed"
            )
        }
        return entry
    }

    /// How a view that snaps its content to pixels (`View.snapsContentToPixels`,
    /// a scroll view) is drawn when its bounds origin is between pixels: at
    /// that origin rounded to whole pixels of the window's scale, worked out
    /// from the superview's map as any entry's is. So content drawn at two
    /// offsets a whole number of pixels apart is drawn exactly that many pixels
    /// apart, and two offsets that round alike draw the same pixels (the view's
    /// own edges included). `nil` when the view is drawn at its own origin.
    @usableFromInline func snappedDrawing(
        of view: View, presenting: Bool, parentToWindow: AffineTransform
    ) -> (toWindow: AffineTransform, bounds: Rect)? {
        guard view.snapsContentToPixels else { return nil }
        let scale = window?.displayScale ?? 1
        let shown = presenting ? view.presentation : ViewPresentation(modelOf: view)
        var bounds = shown.bounds
        let snapped = bounds.origin.roundedToPixels(scale: scale)
        guard snapped != bounds.origin, snapped.x.isFinite, snapped.y.isFinite else { return nil }
        bounds.origin = snapped
        let toSuperview = View.transformToSuperview(center: shown.center, bounds: bounds, transform: shown.transform)
        return (toSuperview.concatenating(parentToWindow), bounds)
    }

    @usableFromInline static func flags(of view: View) -> Flags {
        var flags: Flags = []
        if view.isHidden { flags.insert(.hidden) }
        if !(view.alpha > 0.01) { flags.insert(.transparent) }
        if !view.isUserInteractionEnabled || view.refusesTouches || view.interactionBlockingAnimations > 0 {
            flags.insert(.interactionDisabled)
        }
        if view.clipsToBounds { flags.insert(.clipsToBounds) }
        if !type(of: view).usesStandardHitTesting { flags.insert(.customHitTesting) }
        return flags
    }

    // MARK: Patching

    /// A view's geometry or alpha changed: refresh its entry and its subtree's
    /// window-space values, in place.
    @usableFromInline func updateGeometry(of view: View) {
        guard useDepth == 0 else {
            needsRebuild = true // a scan is reading the entries: patch them after it
            return
        }
        guard !needsRebuild, contains(view) else { return }
        let index = view.tableIndex
        refreshSubtree(at: index)
        let parent = Int(storage[index].parent)
        if parent >= 0 { summaryDidChange(ofNode: Int(hitNodeIndex[parent])) }
        invalidateHitGrid()
    }

    /// Works out the entries and nodes of the subtree at `index` again, in
    /// paint order, so each entry's parent is done before it: one pass over
    /// the subtree, however deep.
    ///
    /// A hit node holds only what its own entry says in its superview's
    /// coordinates (its map from the superview, bounds and flags). Below the
    /// view that changed, most entries move only in the window (a scroll
    /// view's content, a moved cell's labels): their nodes, and their
    /// superviews' summaries, stay as they are.
    @usableFromInline func refreshSubtree(at index: Int) {
        var i = index
        let end = Int(storage[index].subtreeEnd)
        while i < end {
            patchWork &+= 1
            let old = storage[i]
            var fresh = makeEntry(old.view, parent: old.parent)
            fresh.subtreeEnd = old.subtreeEnd
            fresh.lastChild = old.lastChild
            fresh.previousSibling = old.previousSibling
            storage[i] = fresh
            if i == index || !fresh.givesHitNodeTheSame(as: old) {
                let node = Int(hitNodeIndex[i])
                var hitNode = makeHitNode(entry: i)
                hitNode.firstChild = hitNodes[node].firstChild
                hitNode.childrenEnd = hitNodes[node].childrenEnd
                hitNode.summaryIsStale = hitNodes[node].summaryIsStale
                hitNodes[node] = hitNode
                summaryDidChange(ofNode: node) // a new node starts without its summary
                // The superview's summary reads this node (the root's: `updateGeometry` marks it).
                if i != index { summaryDidChange(ofNode: Int(hitNodeIndex[Int(fresh.parent)])) }
            }
            // A subview's entry is made from these values of its superview's
            // and from its own view (whose changes patch it): where none of
            // them changed (a cell hidden or shown, a label's colour), the
            // subtree below stays as it is.
            i = fresh.givesSubviewsTheSame(as: old) ? Int(old.subtreeEnd) : i + 1
        }
    }

    /// The subviews of `node` changed: its summary is worked out again by the
    /// next hit-test (`staleSummaries`), once however many of them changed.
    /// Meanwhile it reads "not all plain, no axis index", which the scan and
    /// the grid answer exactly without.
    @usableFromInline func summaryDidChange(ofNode node: Int) {
        hitNodes[node].hasAxisIndex = false
        // Without subviews there is nothing to work out: "all plain".
        hitNodes[node].subviewsArePlain = hitNodes[node].firstChild == hitNodes[node].childrenEnd
        guard !hitNodes[node].subviewsArePlain, !hitNodes[node].summaryIsStale else { return }
        hitNodes[node].summaryIsStale = true
        staleSummaries.append(Int32(node))
    }

    /// Works out the summaries that changes left stale, unless a scan is reading them.
    @usableFromInline func updateStaleSummaries() {
        guard useDepth == 0 else { return }
        while let node = staleSummaries.popLast() {
            hitNodes[Int(node)].summaryIsStale = false
            updateSubviewSummary(ofNode: Int(node))
        }
    }

    /// A view's flags changed: hidden, interaction and clipping patch one entry;
    /// alpha and clipping also reach the subtree's drawing values.
    @usableFromInline func updateFlags(of view: View) {
        updateGeometry(of: view)
    }

    // MARK: Hit-testing

    /// UIKit's default `hitTest(_:with:)` for the view at `index`, given `point`
    /// in that view's bounds coordinates (R4, R5).
    /// It calls into a view only where its class may override `hitTest` or `point(inside:)`.
    ///
    /// The entries are held still meanwhile: an override that changes the
    /// hierarchy or geometry only marks the table, and it is rebuilt after the scan.
    @inline(__always) @usableFromInline func hitTest(at index: Int, localPoint point: Point, with event: Event?)
        -> View?
    {
        rebuildIfNeeded()
        guard index >= 0 && index < storage.count, point.x.isFinite, point.y.isFinite else { return nil }
        useDepth &+= 1
        let hit =
            index == 0
            ? hitTestFromRoot(point, with: event) : scan(from: Int(hitNodeIndex[index]), localPoint: point, with: event)
        useDepth &-= 1
        if needsRebuild { releaseStaleMembers() }
        return hit
    }

    /// The scan itself. It reads the arrays through `self`, bounds-checked,
    /// rather than through buffer pointers, which would retain both arrays'
    /// storage on every hit-test; they are not written while `useDepth` is
    /// above zero, and `members` keeps every view they list alive, whatever
    /// the overrides it calls do.
    ///
    /// It descends instead of recursing: at each level it scans the subviews'
    /// nodes front to back, converts the point one level down, and skips the
    /// whole subtree of a subview that is ineligible or does not contain the point.
    @inline(__always) @usableFromInline func scan(from startNode: Int, localPoint point: Point, with event: Event?)
        -> View?
    {
        let node = startNode
        let local = SIMD2(point.x, point.y)
        let flags = hitNodes[node].flags
        if !flags.isDisjoint(with: Flags.ineligible) { return nil }
        if flags.contains(.customHitTesting) {
            guard hitNodes[node].view.point(inside: point, with: event) else { return nil }
        } else if node == 0 && hitNodes[0].isPlain {
            // The root's superview coordinates are its own (no superview), so
            // its node's area is its bounds.
            guard hitNodes[0].contains(local) else { return nil }
        } else if !storage[Int(hitNodes[node].entry)].bounds.contains(point) {
            return nil
        }
        return descend(from: node, localPoint: local, with: event)
    }

    /// The scan below `startNode`, which contains `local` (in its bounds
    /// coordinates): the deepest, frontmost view under it that does, or itself.
    @usableFromInline func descend(from startNode: Int, localPoint start: SIMD2<Double>, with event: Event?) -> View? {
        var node = startNode
        var local = start
        descending: while true {
            let first = Int(hitNodes[node].firstChild)
            var child = Int(hitNodes[node].childrenEnd)
            if hitNodes[node].subviewsArePlain {
                if hitNodes[node].hasAxisIndex {
                    let index = axisIndexes[Int(axisIndexOfNode[node])]
                    let position = index.alongY ? local.y : local.x
                    // NaN lands in bucket 0, from which the scan still tests exactly.
                    let t = (position - index.origin) * index.bucketsPerPoint
                    let bucket = t >= 0 ? (t < Double(index.bucketCount) ? Int(t) : Int(index.bucketCount) - 1) : 0
                    child = first + Int(buckets[Int(index.firstBucket) + bucket])
                    while child >= first {
                        if hitNodes[child].contains(local) {
                            local += hitNodes[child].translation
                            node = child
                            continue descending
                        }
                        // It ends before the point, and so does every plain subview behind it.
                        if hitNodes[child].isPlain && axisEnds[child] <= position { break }
                        child -= 1
                    }
                    return hitNodes[node].view
                }
                // Nothing to call and nothing to convert: one branch per subview.
                while child > first {
                    child -= 1
                    if hitNodes[child].contains(local) {
                        // What `superviewToLocal.apply(to:)` gives for a translation
                        // (1·x + 0·y + tx), up to the sign of a zero, which no comparison sees.
                        local += hitNodes[child].translation
                        node = child
                        continue descending
                    }
                }
                return hitNodes[node].view
            }
            while child > first {
                child -= 1
                let candidate = hitNodes[child]
                if candidate.contains(local) {
                    node = child
                    local += candidate.translation
                    continue descending
                } else if candidate.isPlain {
                    continue
                } else if candidate.flags.isDisjoint(with: Flags.unreachable) {
                    let childPoint = storage[Int(candidate.entry)].superviewToLocal.apply(
                        to: Point(x: local.x, y: local.y))
                    if candidate.flags.contains(.customHitTesting) {
                        if let hit = candidate.view.hitTest(childPoint, with: event) { return hit }
                    } else if candidate.flags.isDisjoint(with: Flags.ineligible)
                        && storage[Int(candidate.entry)].bounds.contains(childPoint)
                    {
                        node = child
                        local = SIMD2(childPoint.x, childPoint.y)
                        continue descending
                    }
                }
            }
            return hitNodes[node].view
        }
    }
}
