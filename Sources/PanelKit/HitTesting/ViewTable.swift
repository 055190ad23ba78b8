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
public final class ViewTable {
    public struct Flags: OptionSet, Sendable {
        public var rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let hidden = Flags(rawValue: 1 << 0)
        /// alpha ≤ 0.01
        public static let transparent = Flags(rawValue: 1 << 1)
        public static let interactionDisabled = Flags(rawValue: 1 << 2)
        /// The view's class may override `hitTest` or `point(inside:)`, so the table calls into it.
        public static let customHitTesting = Flags(rawValue: 1 << 3)
        public static let clipsToBounds = Flags(rawValue: 1 << 4)
        /// The view's transform collapses the plane: no point maps into it.
        public static let singular = Flags(rawValue: 1 << 5)
        /// The view's (or an ancestor's) center, bounds or transform is not a
        /// finite number: the view and its subtree are neither drawn nor hit.
        public static let nonFinite = Flags(rawValue: 1 << 6)
        /// The view or an ancestor is animating: the `draw…` values differ from the model's.
        public static let presenting = Flags(rawValue: 1 << 7)

        /// R4.1: any of these makes a view and its subtree unhittable.
        @usableFromInline static let ineligible: Flags = [.hidden, .transparent, .interactionDisabled, .singular, .nonFinite]
        /// What a subview takes from its superview.
        @usableFromInline static let inherited: Flags = [.nonFinite, .presenting]
        /// Entries the hit-test skips without asking the view, custom hit-testing or not.
        @usableFromInline static let unreachable: Flags = [.singular, .nonFinite]
    }

    public struct Entry {
        /// Unretained, so reading an entry costs no reference counting; the
        /// table keeps every view it lists alive (`members`) until it is rebuilt.
        public unowned(unsafe) var view: View
        /// Index of the superview's entry; -1 for the window.
        public var parent: Int32
        /// One past the last entry of this view's subtree.
        public var subtreeEnd: Int32
        /// Index of the frontmost subview's entry; -1 without subviews.
        public var lastChild: Int32
        /// Index of the subview just behind this one in the same superview; -1 for the backmost.
        public var previousSibling: Int32
        public var flags: Flags
        /// Maps the superview's bounds coordinates into this view's (UIKit converts one level at a time).
        public var superviewToLocal: AffineTransform
        /// Maps this view's bounds coordinates into window coordinates.
        public var localToWindow: AffineTransform
        public var bounds: Rect
        /// Window-space bounding box of the view.
        public var frameInWindow: Rect
        /// Window-space area this view may draw in: its clipping ancestors' frames intersected.
        public var clipInWindow: Rect
        /// The product of the view's and its ancestors' alpha.
        public var alphaInWindow: Double
        /// What the screen shows (the presentation values, ``View/presentation``):
        /// the renderer reads these, hit-testing the model values above.
        /// The same as the model's while nothing animates.
        public var drawToWindow: AffineTransform
        public var drawBounds: Rect
        public var drawFrameInWindow: Rect
        public var drawAlphaInWindow: Double
    }

    /// What the hit-test reads of one view, packed into 72 bytes (the
    /// `Entry` spans four cache lines). The nodes of a view's subviews sit side by side,
    /// back to front, so scanning them front to back reads memory in order,
    /// with no link to follow from one to the next.
    @usableFromInline struct HitNode {
        /// When `isPlain`, the view's bounds as `Rect.contains` compares them
        /// (`maxX` is `origin.x + width`, computed once here), a zero stored
        /// as -0 (see `hitMask`); else an empty area, which no point is in.
        @usableFromInline var minX: Double, minY: Double, maxX: Double, maxY: Double
        /// The translation `superviewToLocal` is, when `isPlain`.
        @usableFromInline var dx: Double, dy: Double
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

        /// -1 (all bits set) when the node `isPlain` and (x, y), in its superview's
        /// coordinates, is in its bounds [minX, maxX) × [minY, maxY) as
        /// `Rect.contains` answers; else 0 (a node that is not plain has no
        /// area: x ≥ -0 and x < -0 never both hold). No branch: as the point moves,
        /// the four comparisons' branches mispredict, and that cost most of
        /// the scan. `x >= minX` is the sign bit of `x - minX` clear, `x < maxX`
        /// the sign bit of `x - maxX` set. That holds for finite numbers and
        /// infinities (bounds are finite in a plain node, and the point is a
        /// finite point plus a finite translation, never NaN), and for zeros
        /// because a bound of 0 is stored as -0: `x - (-0)` is +0 for either zero.
        @inline(__always) @usableFromInline func hitMask(superviewX: Double, superviewY: Double) -> Int64 {
            let x = superviewX + dx, y = superviewY + dy
            let inside = ~(x - minX).bitPattern & (x - maxX).bitPattern & ~(y - minY).bitPattern & (y - maxY).bitPattern
            return Int64(bitPattern: inside) >> 63
        }
    }

    /// Set by the window that owns the table, right after both exist.
    /// Unretained: the window owns the table.
    public internal(set) unowned(unsafe) var window: Window?
    // Read on every hit-test; only the owning thread touches it, so skip the
    // dynamic exclusivity check. What keeps that sound: while the entries are
    // being read (a hit-test scan, a draw) `useDepth` is above zero and
    // nothing writes them; changes made meanwhile by app code (an override, a
    // `draw`) only set `needsRebuild`, and the rebuild waits until the scan is over.
    @exclusivity(unchecked) @usableFromInline var storage: ContiguousArray<Entry> = []
    @exclusivity(unchecked) public internal(set) var needsRebuild = true
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
    /// For each node under an indexed superview, where it ends on the axis in the
    /// superview's coordinates, rounded out so that a point past it is never in it.
    @exclusivity(unchecked) @usableFromInline var axisEnds: ContiguousArray<Double> = []
    /// Strong references to every view in `storage` but the window, so a view
    /// removed and dropped by app code during a scan stays valid until the scan ends.
    @usableFromInline var members: ContiguousArray<View> = []
    /// Scans and draws in progress (they nest: an override calls `super.hitTest`).
    /// Unchecked for exclusivity, as it is read and changed on every hit-test:
    /// each access is a single read or `+= 1`, during which no app code runs.
    @exclusivity(unchecked) @usableFromInline var useDepth = 0
    /// How many times the table was rebuilt; tests use it to show events do not rebuild.
    public internal(set) var rebuildCount = 0

    @usableFromInline init() {}

    /// No clipping. Finite, so that `maxX` and `maxY` stay numbers (-inf + inf is NaN).
    @usableFromInline static let unboundedClip = Rect(x: -1e18, y: -1e18, width: 2e18, height: 2e18)

    /// The window-space bounding box of `view` and everything below it, or
    /// `nil` when the table does not hold the view.
    @usableFromInline func subtreeFrameInWindow(of view: View) -> Rect? {
        guard !needsRebuild, contains(view) else { return nil }
        let start = view.tableIndex
        var area = storage[start].frameInWindow
        var i = start
        let end = Int(storage[start].subtreeEnd)
        while i < end {
            // What the screen shows and where the model is: a change may move either.
            area = area.union(storage[i].frameInWindow)
            if storage[i].flags.contains(.presenting) { area = area.union(storage[i].drawFrameInWindow) }
            i += 1
        }
        return area
    }

    /// The entries in paint order, rebuilt first if the hierarchy changed.
    public var entries: ContiguousArray<Entry> {
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
        storage.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        hitNodes.removeAll(keepingCapacity: true)
        hitNodeIndex.removeAll(keepingCapacity: true)
        removeAxisIndexes()
    }

    /// Rebuilds the table if the hierarchy changed, unless a scan is reading
    /// it: then the rebuild waits for the next call after the scan.
    public func rebuildIfNeeded() {
        if needsRebuild && useDepth == 0 { rebuild() }
    }

    /// Runs `body` with the entries held still: changes the app makes in the
    /// meantime (from an override or a `draw`) are applied afterwards.
    @inlinable public func withStableEntries<Result>(_ body: (UnsafeBufferPointer<Entry>) -> Result) -> Result {
        rebuildIfNeeded()
        useDepth += 1
        defer {
            useDepth -= 1
            releaseStaleMembers()
        }
        return storage.withUnsafeBufferPointer(body)
    }

    @usableFromInline func contains(_ view: View) -> Bool {
        rebuildIfNeeded()
        let i = view.tableIndex
        return i >= 0 && i < storage.count && storage[i].view === view
    }

    public func entry(for view: View) -> Entry? {
        contains(view) ? storage[view.tableIndex] : nil
    }

    // MARK: Building

    @usableFromInline func rebuild() {
        storage.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        hitNodes.removeAll(keepingCapacity: true)
        hitNodeIndex.removeAll(keepingCapacity: true)
        removeAxisIndexes()
        guard let window else { return }
        append(window, parent: -1)
        // Index 0 says "the root of its own table" (`Window.hitTest` relies on
        // it): a window put inside another view is that hierarchy's, not its own.
        if window.window !== window { window.tableIndex = -1 }
        buildHitNodes()
        needsRebuild = false
        rebuildCount += 1
    }

    /// Lays out `hitNodes` breadth first from the window's entry, each view's
    /// subviews together and back to front.
    @usableFromInline func buildHitNodes() {
        hitNodeIndex.append(contentsOf: repeatElement(-1, count: storage.count))
        hitNodes.append(makeHitNode(entry: 0))
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
                axisIndexes.append(AxisIndex(alongY: true, origin: 0, bucketsPerPoint: 0,
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
        hitNodes[node].hasAxisIndex = indexSubviews(ofNode: node, alongY: true, slot: slot)
            || indexSubviews(ofNode: node, alongY: false, slot: slot)
    }

    /// The span of a plain node on an axis in its superview's coordinates,
    /// widened by far more than the rounding of `x + dx` in `hitMask`: a point
    /// before `start` or after `end` is never in the node.
    @inline(__always) @usableFromInline static func span(of node: HitNode, alongY: Bool) -> (start: Double, end: Double) {
        let low = alongY ? node.minY : node.minX, high = alongY ? node.maxY : node.maxX
        let shift = alongY ? node.dy : node.dx
        let start = low - shift, end = high - shift
        // Two-argument `max`s: the variadic one builds an array (an allocation in debug builds).
        let magnitude = max(max(max(abs(low), abs(high)), max(abs(shift), abs(start))), abs(end))
        let margin = magnitude * 0x1p-44 + 0x1p-1000
        return (start - margin, end + margin)
    }

    /// How far out of order two starts may be and still count as in order:
    /// far above the margins' differences, far below a pixel.
    @inline(__always) @usableFromInline static func slack(_ start: Double) -> Double {
        start.isFinite ? max(abs(start), 1) * 0x1p-36 : 0
    }

    @usableFromInline func indexSubviews(ofNode node: Int, alongY: Bool, slot: Int) -> Bool {
        let first = Int(hitNodes[node].firstChild), end = Int(hitNodes[node].childrenEnd)
        // Starts must run in order, give or take a hair (the margins of two
        // touching subviews differ with their coordinates' size): each no
        // earlier than the latest before it, less `slack`. Ends are stored as
        // their running maximum, so in order whatever they are.
        var origin = Double.nan, firstEnd = Double.nan, farEnd = -Double.infinity
        var latestStart = -Double.infinity
        var child = first
        while child < end {
            if hitNodes[child].isPlain {
                let span = Self.span(of: hitNodes[child], alongY: alongY)
                guard span.start.isFinite, span.end.isFinite, span.start >= latestStart - Self.slack(latestStart) else { return false }
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
            let flags = hitNodes[child].flags
            plain = plain && !flags.contains(.customHitTesting) && (hitNodes[child].isPlain || !flags.isDisjoint(with: Flags.ineligible))
            child += 1
        }
        hitNodes[node].subviewsArePlain = plain
    }

    /// The hit node of the entry at `index`, without its subviews' range.
    @usableFromInline func makeHitNode(entry index: Int) -> HitNode {
        let entry = storage[index]
        let t = entry.superviewToLocal
        let isTranslation = t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1
        let isPlain = isTranslation && entry.flags.isDisjoint(with: Flags.ineligible) && !entry.flags.contains(.customHitTesting)
        func bound(_ value: Double) -> Double { isPlain && value != 0 ? value : -0.0 }
        return HitNode(
            minX: bound(entry.bounds.minX), minY: bound(entry.bounds.minY),
            maxX: bound(entry.bounds.maxX), maxY: bound(entry.bounds.maxY),
            dx: t.tx, dy: t.ty, view: entry.view, entry: Int32(index), firstChild: -1, childrenEnd: -1,
            flags: entry.flags, isPlain: isPlain, subviewsArePlain: false, hasAxisIndex: false)
    }

    @discardableResult
    @usableFromInline func append(_ view: View, parent: Int32) -> Int32 {
        let index = Int32(storage.count)
        view.tableIndex = Int(index)
        // The window owns the table: holding it here would be a cycle.
        if parent >= 0 { members.append(view) }
        storage.append(makeEntry(view, parent: parent))
        var previous: Int32 = -1
        for subview in view.subviews {
            let child = append(subview, parent: index)
            storage[Int(child)].previousSibling = previous
            previous = child
        }
        storage[Int(index)].lastChild = previous
        storage[Int(index)].subtreeEnd = Int32(storage.count)
        return index
    }

    /// The entry of `view` under the entry at `parent` (-1 for the window),
    /// whose values must be current: window-space geometry, clip and alpha,
    /// for the model and for what the screen shows.
    @usableFromInline func makeEntry(_ view: View, parent: Int32) -> Entry {
        let isRoot = parent < 0
        var parentToWindow = AffineTransform.identity, parentClip = ViewTable.unboundedClip, parentAlpha = 1.0
        var drawParentToWindow = AffineTransform.identity, drawParentAlpha = 1.0
        var flags = Self.flags(of: view)
        if !isRoot {
            let p = storage[Int(parent)]
            parentToWindow = p.localToWindow
            parentAlpha = p.alphaInWindow
            parentClip = p.flags.contains(.clipsToBounds)
                ? (p.clipInWindow.intersection(p.frameInWindow) ?? .zero) : p.clipInWindow
            drawParentToWindow = p.drawToWindow
            drawParentAlpha = p.drawAlphaInWindow
            flags.formUnion(p.flags.intersection(Flags.inherited))
        }
        if view.presentationState != nil { flags.insert(.presenting) }
        // The window's own bounds are window coordinates; its frame only places it on screen.
        let toSuperview = isRoot ? AffineTransform.identity : view.transformToSuperview
        let localToWindow = toSuperview.concatenating(parentToWindow)
        let inverse = toSuperview.inverted
        if inverse == nil { flags.insert(.singular) }
        var frameInWindow = localToWindow.apply(to: view.bounds)
        var entry = Entry(
            view: view, parent: parent, subtreeEnd: -1, lastChild: -1, previousSibling: -1,
            flags: flags, superviewToLocal: inverse ?? .identity, localToWindow: localToWindow,
            bounds: view.bounds, frameInWindow: frameInWindow,
            clipInWindow: parentClip, alphaInWindow: parentAlpha * view.alpha,
            drawToWindow: localToWindow, drawBounds: view.bounds, drawFrameInWindow: frameInWindow,
            drawAlphaInWindow: parentAlpha * view.alpha)
        var isFinite = localToWindow.isFinite && view.bounds.isFinite && frameInWindow.isFinite && (inverse?.isFinite ?? true)
        if flags.contains(.presenting) {
            let shown = view.presentation
            let drawToSuperview = isRoot ? AffineTransform.identity : shown.transformToSuperview
            entry.drawToWindow = drawToSuperview.concatenating(drawParentToWindow)
            entry.drawBounds = shown.bounds
            entry.drawFrameInWindow = entry.drawToWindow.apply(to: shown.bounds)
            entry.drawAlphaInWindow = drawParentAlpha * shown.alpha
            isFinite = isFinite && entry.drawToWindow.isFinite && entry.drawFrameInWindow.isFinite
        }
        if !isFinite {
            // A frame computed from a division by zero must not take the panel down.
            entry.flags.insert(.nonFinite)
            frameInWindow = .zero
            entry.frameInWindow = .zero
            entry.drawFrameInWindow = .zero
            window?.owningApplication?.warnings.warnOnce(.nonFiniteGeometry,
                "view '\(view.name)' has a center, bounds or transform that is not a finite number: it (and its subviews) is neither drawn nor hit until that is fixed")
        }
        return entry
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
            needsRebuild = true   // a scan is reading the entries: patch them after it
            return
        }
        guard !needsRebuild, contains(view) else { return }
        let index = view.tableIndex
        refreshSubtree(at: index)
        let parent = Int(storage[index].parent)
        if parent >= 0 { updateSubviewSummary(ofNode: Int(hitNodeIndex[parent])) }
    }

    @usableFromInline func refreshSubtree(at index: Int) {
        let old = storage[index]
        var fresh = makeEntry(old.view, parent: old.parent)
        fresh.subtreeEnd = old.subtreeEnd
        fresh.lastChild = old.lastChild
        fresh.previousSibling = old.previousSibling
        storage[index] = fresh
        let node = Int(hitNodeIndex[index])
        var hitNode = makeHitNode(entry: index)
        hitNode.firstChild = hitNodes[node].firstChild
        hitNode.childrenEnd = hitNodes[node].childrenEnd
        hitNodes[node] = hitNode
        var child = fresh.lastChild
        while child >= 0 {
            refreshSubtree(at: Int(child))
            child = storage[Int(child)].previousSibling
        }
        // Once for all its subviews, not once per subview.
        updateSubviewSummary(ofNode: node)
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
    @usableFromInline func hitTest(at index: Int, localPoint point: Point, with event: Event?) -> View? {
        rebuildIfNeeded()
        guard index >= 0 && index < storage.count else { return nil }
        useDepth += 1
        let startNode = Int(hitNodeIndex[index])
        let hit = scan(from: startNode, localPoint: point, with: event)
        useDepth -= 1
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
    @inline(__always) @usableFromInline func scan(from startNode: Int, localPoint point: Point, with event: Event?) -> View? {
        var node = startNode
        let start = hitNodes[node]
        if !start.flags.isDisjoint(with: Flags.ineligible) || !point.x.isFinite || !point.y.isFinite { return nil }
        if start.flags.contains(.customHitTesting) {
            guard start.view.point(inside: point, with: event) else { return nil }
        } else if start.isPlain {
            guard point.x >= start.minX && point.x < start.maxX && point.y >= start.minY && point.y < start.maxY else { return nil }
        } else if !storage[Int(start.entry)].bounds.contains(point) {
            return nil
        }
        var local = point
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
                        if hitNodes[child].hitMask(superviewX: local.x, superviewY: local.y) != 0 {
                            local = Point(x: local.x + hitNodes[child].dx, y: local.y + hitNodes[child].dy)
                            node = child
                            continue descending
                        }
                        // It ends before the point, and so does every plain subview behind it.
                        if hitNodes[child].isPlain && axisEnds[child] < position { break }
                        child -= 1
                    }
                    return hitNodes[node].view
                }
                // Nothing to call and nothing to multiply: one branch per subview.
                while child > first {
                    child -= 1
                    if hitNodes[child].hitMask(superviewX: local.x, superviewY: local.y) != 0 {
                        // What `superviewToLocal.apply(to:)` gives for a translation
                        // (1·x + 0·y + tx), up to the sign of a zero, which no comparison sees.
                        local = Point(x: local.x + hitNodes[child].dx, y: local.y + hitNodes[child].dy)
                        node = child
                        continue descending
                    }
                }
                return hitNodes[node].view
            }
            while child > first {
                child -= 1
                let candidate = hitNodes[child]
                if candidate.hitMask(superviewX: local.x, superviewY: local.y) != 0 {
                    node = child
                    local = Point(x: local.x + candidate.dx, y: local.y + candidate.dy)
                    continue descending
                } else if candidate.isPlain {
                    continue
                } else if candidate.flags.isDisjoint(with: Flags.unreachable) {
                    let childPoint = storage[Int(candidate.entry)].superviewToLocal.apply(to: local)
                    if candidate.flags.contains(.customHitTesting) {
                        if let hit = candidate.view.hitTest(childPoint, with: event) { return hit }
                    } else if candidate.flags.isDisjoint(with: Flags.ineligible)
                        && storage[Int(candidate.entry)].bounds.contains(childPoint) {
                        node = child
                        local = childPoint
                        continue descending
                    }
                }
            }
            return hitNodes[node].view
        }
    }
}
