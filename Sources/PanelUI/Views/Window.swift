/// The root of a view hierarchy on the screen. Its bounds coordinates are
/// "window coordinates"; its frame places it on the screen.
///
/// A window owns the `ViewTable` that mirrors its hierarchy for the event
/// path, and collects the areas that need drawing.
open class Window: View {
    /// Mirrors the hierarchy in paint order; rebuilt or patched on change, never per event.
    package let viewTable = ViewTable()

    /// Set by `Application.addWindow(_:)`. Unretained (the application owns
    /// its windows); cleared by `removeWindow` and by the application's `deinit`.
    /// Read every frame: an unretained pointer, so no exclusivity check (see `View.window`).
    @exclusivity(unchecked) public internal(set) unowned(unsafe) final var owningApplication: Application?

    /// The activity indicators in this window: they step on the display link
    /// only while visible, so they hear when a view's `isHidden` changes and
    /// when the window joins or leaves an application (`Application.addWindow(_:)`
    /// tells them). Retained while registered (an indicator leaves in
    /// `didMoveToWindow`); few, so telling them all is cheap.
    @usableFromInline internal final var visibilityObservers: [ActivityIndicatorView] = []

    // Marked `@exclusivity(unchecked)` below: the dirty region, the text pens and the
    // text measurer are read and written on every frame, only by the layout pass,
    // the renderer and `setNeedsDisplay`, which call no app code while they hold
    // an access (apps only read them, a whole copy at a time).
    /// The areas, in window coordinates, that changed since the last frame
    /// was drawn: a few rectangles, which the renderer redraws one by one.
    @exclusivity(unchecked) public internal(set) final var dirtyRegion = DirtyRegion()

    /// The smallest rectangle holding `dirtyRegion` (`.zero` when nothing changed).
    public var dirtyRect: Rect { dirtyRegion.bounds }

    /// Where a label whose text changes measures the pens and ink of its old
    /// and new text (`Label`): one pair for the window, so that their storage
    /// is allocated once, not by every label (a list's cells change theirs each frame).
    @exclusivity(unchecked) @usableFromInline internal final var oldTextLine = MeasuredLine()
    @exclusivity(unchecked) @usableFromInline internal final var newTextLine = MeasuredLine()
    /// What `newTextLine` holds the pens of: a label changing its text every
    /// frame (a slider's value) measures only its new text, its old text's
    /// pens being last frame's new ones. Pens depend on nothing else but the
    /// text driver and scale, and a change of those clears it (`layoutIfNeeded(measuringTextWith:)`).
    @exclusivity(unchecked) @usableFromInline internal final var newTextPensKey: (text: String, font: Font)?
    /// The height of one line of text in `font` as measured: a label's changed
    /// text is redrawn on its line's rows, and a font's line does not change
    /// height with the text. Cleared with `newTextPensKey`.
    @exclusivity(unchecked) @usableFromInline internal final var lineHeightKey: (font: Font, height: Double)?

    /// The text driver the window is drawn with (the renderer sets it before each layout
    /// pass): labels and buttons measure their text with it; `nil` estimates.
    @exclusivity(unchecked) public internal(set) final var textMeasurer: (any TextRendering)?
    /// The `displayScale` the text was last measured at, set with `textMeasurer`:
    /// text is measured at the pixel size it is drawn at (`View.measure(_:font:width:)`).
    @exclusivity(unchecked) public internal(set) final var textMeasurerScale: Double = 1

    /// The screen the window is shown on: its application's (UIKit's
    /// `UIWindow.screen`); nil while it is in no application.
    public var screen: Screen? { owningApplication?.screen }

    /// Pixels per point the window is drawn at: its screen's `Screen.scale`,
    /// 1 while it is in no application (UIKit's `traitCollection.displayScale`).
    /// The renderer draws at it; layout and touches stay in points.
    public var displayScale: Double { owningApplication?.screen.scale ?? 1 }

    /// The controller whose view fills the window. Setting it sends the
    /// appearance calls, as UIKit's: the old root's `viewWillDisappear`, the
    /// new one's `viewWillAppear` (its view is not in the window yet), then
    /// `viewDidDisappear` and `viewDidAppear` once the views are swapped.
    public var rootViewController: ViewController? {
        didSet {
            let new = rootViewController
            guard oldValue !== new else { return }
            oldValue?.beginAppearanceTransition(false, animated: false)
            if let controller = new {
                let root = controller.view
                root.frame = bounds
                root.autoresizingMask = .flexibleSize // it fills the window at any size, as in UIKit
                controller.beginAppearanceTransition(true, animated: false)
            }
            if let old = oldValue, old.isViewLoaded { old.view.removeFromSuperview() }
            if let controller = new { addSubview(controller.view) }
            oldValue?.endAppearanceTransition()
            new?.endAppearanceTransition()
        }
    }

    public override init(frame: Rect = .zero, name: String = "window") {
        super.init(frame: frame, name: name)
        viewTable.window = self
        window = self
        safeAreaMoves.reserveCapacity(Self.safeAreaMoveCapacity)
        backgroundColor = .black
    }

    /// The order a rotary encoder or the focus keys move focus in, when set
    /// (non-empty): these views, wrapping, skipping those that cannot be
    /// focused now. Empty, the default, follows the hierarchy: depth first,
    /// back to front (docs/focus.md). Retained, as UIKit's `accessibilityElements`.
    public final var focusOrder: [View] = []

    /// The focus ring drawn in the last frame (or to draw in the next), in
    /// window points; the renderer keeps it (`updateFocusRing()`). Read every
    /// frame; a trivial value (rectangle, sizes, colour) set whole, so it skips the exclusivity check.
    @exclusivity(unchecked) public internal(set) final var focusRing: FocusRing?

    /// Whether the next layout pass recomputes the views' safe areas: a source
    /// changed (the keyboard, a bar, `additionalSafeAreaInsets`), or views moved
    /// while some safe area was not zero. Layout/View+SafeArea.swift.
    @exclusivity(unchecked) @usableFromInline internal final var safeAreaNeedsUpdate = false
    /// Whether the last update found a view whose safe area is not the whole
    /// view: only then can a view's move or a new view change one.
    @exclusivity(unchecked) @usableFromInline internal final var safeAreaInUse = false
    /// Views that moved or scrolled since the last layout pass while some safe
    /// area was in use: the pass works out their safe areas and their
    /// subviews' again, not the whole window's (`safeAreaDidMove`). Held
    /// strongly; emptied whenever the hierarchy changes.
    @exclusivity(unchecked) @usableFromInline internal final var safeAreaMoves: [View] = []
    /// Moves noted before a pass walks the whole window instead.
    @usableFromInline static let safeAreaMoveCapacity = 16
    /// Safe areas worked out so far, for tests of what a change reaches.
    @exclusivity(unchecked) package internal(set) final var safeAreaWork: UInt64 = 0

    /// The lists a subtree's move into or out of this window walks with
    /// (`View.setWindow`), one pair per nesting level, kept so moves allocate nothing.
    @usableFromInline internal final var windowMoveLists: [WindowMoveLists] = []
    @usableFromInline internal final var windowMoveDepth = 0

    /// R8: a window passes what it does not handle to the application.
    open override var next: Responder? { owningApplication }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Window.self)
    }

    /// `View`'s hit-test, entered where every touch enters it: the window is
    /// its own table's first entry, so the scan starts there without a lookup.
    /// A window's index is 0 only while it is the root of its own hierarchy
    /// (`ViewTable.rebuild`); inside another view's, `View`'s path finds it.
    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard tableIndex == 0 else { return super.hitTest(point, with: event) }
        return viewTable.hitTest(at: 0, localPoint: point, with: event)
    }

    /// Delivers the event's touches that belong to this window to their views:
    /// one message per view and phase, in the order began, moved, ended,
    /// cancelled (R3, R7). Override to observe events; call `super` to deliver.
    open func sendEvent(_ event: Event) {
        event.dispatcher?.deliverTouches(in: self)
    }

    // MARK: Change reports from views

    @usableFromInline internal func hierarchyDidChange() {
        if safeAreaInUse { safeAreaNeedsUpdate = true }
        safeAreaMoves.removeAll(keepingCapacity: true) // a view listed may be leaving
        viewTable.setNeedsRebuild()
        markDirty(nil)
    }

    @usableFromInline internal func viewGeometryDidChange(_ view: View) {
        safeAreaDidMove(view)
        viewPresentationDidChange(view)
    }

    /// Where `view` is drawn changed, and not its model (an animation's
    /// frame): its entries are patched and the areas marked, and no safe area
    /// changes, since safe areas are worked out from model values, as UIKit's.
    @usableFromInline internal func viewPresentationDidChange(_ view: View) {
        // Subviews that stick out move with their parent: mark the whole subtree, before and after.
        let before = viewTable.subtreeFrameInWindow(of: view)
        viewTable.updateGeometry(of: view)
        markDirty(before)
        markDirty(viewTable.subtreeFrameInWindow(of: view))
    }

    /// `view`'s frame or bounds changed: while some safe area is in use, the
    /// next layout pass works out its safe area and its subviews' again. Past
    /// `safeAreaMoveCapacity` views, it walks the whole window.
    @usableFromInline internal func safeAreaDidMove(_ view: View) {
        guard safeAreaInUse, !safeAreaNeedsUpdate else { return }
        for i in 0..<safeAreaMoves.count where safeAreaMoves[i] === view { return }
        guard safeAreaMoves.count < Self.safeAreaMoveCapacity else {
            safeAreaMoves.removeAll(keepingCapacity: true)
            safeAreaNeedsUpdate = true
            return
        }
        safeAreaMoves.append(view)
    }

    /// A view's `layer` changed: the area it drew (its shadow included) and
    /// the one it draws now, its subtree's too, are marked.
    @usableFromInline internal func viewLayerDidChange(_ view: View, clippingChanged: Bool) {
        viewGeometryDidChange(view)
        if clippingChanged { owningApplication?.focusSystem.viewFlagsDidChange(view) }
    }

    @usableFromInline internal func viewFlagsDidChange(_ view: View) {
        viewTable.updateFlags(of: view)
        markDirty(viewTable.subtreeFrameInWindow(of: view))
        visibilityMayHaveChanged()
        owningApplication?.focusSystem.viewFlagsDidChange(view)
    }

    @usableFromInline internal func visibilityMayHaveChanged() {
        var i = 0
        while i < visibilityObservers.count {
            visibilityObservers[i].updateDisplayLinkRegistration()
            i += 1
        }
    }

    @usableFromInline internal func addVisibilityObserver(_ indicator: ActivityIndicatorView) {
        guard !visibilityObservers.contains(where: { $0 === indicator }) else { return }
        visibilityObservers.append(indicator)
    }

    @usableFromInline internal func removeVisibilityObserver(_ indicator: ActivityIndicatorView) {
        visibilityObservers.removeAll { $0 === indicator }
    }

    /// Takes the focus ring the application's `FocusSystem` wants now; where it
    /// differs from the one drawn (focus moved, the mode changed, the focused
    /// view moved, the ring was hidden), marks both areas dirty. The renderer
    /// calls it before each frame.
    public func updateFocusRing() {
        let ring = owningApplication?.focusSystem.ring(in: self)
        guard ring != focusRing else { return }
        if let old = focusRing { markDirty(old.rect) }
        if let new = ring { markDirty(new.rect) }
        focusRing = ring
    }

    // Both read the entry's fields in place: a whole entry is several cache
    // lines, and a drag frame marks a few views.
    @usableFromInline internal func viewNeedsDisplay(_ view: View) {
        let table = viewTable
        guard !table.needsRebuild, let i = table.currentIndex(of: view) else { return markDirty(nil) }
        markDirty(table.storage[i].visualFrameInWindow)
        // Mid-animation the screen shows the view where its presentation is.
        if table.storage[i].isDrawnApart { markDirty(table.storage[i].drawVisualFrameInWindow) }
    }

    /// Whether everything `view` draws (what `viewNeedsDisplay(_:)` marks) is
    /// inside one rectangle already marked: a change in it adds nothing.
    @usableFromInline internal func isMarkedWhole(_ view: View) -> Bool {
        let table = viewTable
        guard dirtyRegion.count > 0, !table.needsRebuild, let i = table.currentIndex(of: view) else { return false }
        var area = table.storage[i].visualFrameInWindow
        if table.storage[i].isDrawnApart { area = area.union(table.storage[i].drawVisualFrameInWindow) }
        return dirtyRegion.covers(area)
    }

    /// `rect` of `view` (its bounds coordinates) needs drawing: where the
    /// renderer draws it (the view's content moved into the window, or its
    /// bounding box when rotated or scaled, inside its frame), in window coordinates. A view on its way somewhere
    /// (presentation values) marks its whole frame, as `viewNeedsDisplay(_:)` does.
    @usableFromInline internal func viewNeedsDisplay(_ view: View, in rect: Rect) {
        let table = viewTable
        guard !table.needsRebuild, let i = table.currentIndex(of: view) else { return markDirty(nil) }
        guard !table.storage[i].flags.contains(.presenting) else { return viewNeedsDisplay(view) }
        // `rect` is in bounds coordinates, as the view draws
        let shown: Rect
        if table.storage[i].layerParts.contains(.transformed) {
            // Rotated or scaled: its bounding box, a point wider for the samples at its edge.
            shown = table.storage[i].drawToWindow.apply(to: rect).insetBy(dx: -1, dy: -1)
        } else {
            let origin = table.storage[i].drawToWindow.apply(to: Point.zero)
            shown = rect.offsetBy(dx: origin.x, dy: origin.y)
        }
        let frame = table.storage[i].drawFrameInWindow
        guard shown.isFinite else { return markDirty(frame) }
        if let visible = shown.intersection(frame) { markDirty(visible) }
    }

    /// A scroll view whose content moved since the last frame, for the
    /// renderer to move the pixels already drawn rather than draw them again
    /// (`Renderer.scrollByCopy`). One per frame: a second scroll view, or the
    /// same one again after other changes were marked, is drawn the usual way.
    package struct PendingScroll {
        /// Its entry in the view table, which cannot be rebuilt without the
        /// whole window being marked, which ends the copy.
        package var tableIndex: Int
        /// Where the last frame drew the content: the bounds origin then,
        /// rounded to whole pixels as `ViewTable.snappedDrawing` draws it.
        package var drawnOrigin: Point
        /// The areas marked before the content moved, in the window as it was:
        /// those inside the scroll view are drawn where the copy moves them too.
        package var markedBefore: DirtyRegion
    }

    @exclusivity(unchecked) package final var pendingScroll: PendingScroll?
    /// Frames whose scrolled content the renderer moved by copying its pixels.
    @exclusivity(unchecked) public internal(set) final var framesScrolledByCopy = 0

    /// `view` (a scroll view: `View.snapsContentToPixels`) changed its bounds
    /// origin only, from `oldOrigin`: its entry is patched and the scroll kept
    /// for the renderer, which moves the content's pixels. False when it must
    /// be marked the usual way: not in the table, not clipping its content,
    /// animating, rotated or scaled, or another scroll is pending (which is
    /// then marked too).
    @usableFromInline internal func viewDidScroll(_ view: View, from oldOrigin: Point) -> Bool {
        let table = viewTable
        guard !table.needsRebuild, let i = table.currentIndex(of: view),
            table.storage[i].flags.contains(.clipsToBounds), !table.storage[i].flags.contains(.presenting),
            !table.storage[i].layerParts.contains(.transformed),
            // A rasterized view's picture is drawn again instead (its content changed).
            !view.layer.shouldRasterize, !view.isInsideRasterizedLayer,
            pendingScroll == nil || (pendingScroll?.tableIndex == i && dirtyRegion.count == 0)
        else { return endPendingScroll() }
        if pendingScroll == nil {
            // Everything already marked is in the window before the move.
            let scale = displayScale
            pendingScroll = PendingScroll(
                tableIndex: i,
                drawnOrigin: oldOrigin.roundedToPixels(scale: scale),
                markedBefore: dirtyRegion)
            dirtyRegion.removeAll()
        }
        safeAreaDidMove(view)
        table.updateGeometry(of: view)
        return true
    }

    /// Gives a pending scroll up: its view's area is marked whole, with what was
    /// marked before it moved. Returns false, for `viewDidScroll`'s callers.
    @discardableResult package func endPendingScroll() -> Bool {
        guard let scroll = pendingScroll else { return false }
        pendingScroll = nil
        dirtyRegion.formUnion(scroll.markedBefore)
        let table = viewTable
        if table.needsRebuild || scroll.tableIndex >= table.storage.count {
            markDirty(nil)
        } else {
            markDirty(table.storage[scroll.tableIndex].drawVisualFrameInWindow)
        }
        return false
    }

    /// Adds `rect` (window coordinates) to the dirty region; `nil`, or an area
    /// with an edge that is not a finite number, marks the whole window.
    @usableFromInline func markDirty(_ rect: Rect?) {
        guard let rect, rect.isFinite else {
            pendingScroll = nil // all is drawn again
            dirtyRegion = DirtyRegion(bounds)
            return
        }
        dirtyRegion.add(rect)
    }

    /// Called by the renderer once the dirty area is drawn.
    public func clearDirtyRect() { dirtyRegion.removeAll() }
}
