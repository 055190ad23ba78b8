extension View {
    /// Adds `view` as the frontmost subview, moving it from any superview it had.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count + (view.superview === self ? -1 : 0))
    }

    /// Inserts `view` at `index` in `subviews` (0 is the back).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        let oldWindow = view.window
        let oldSuperview = view.superview
        view.detachFromSuperview()
        oldSuperview?.rasterizedContentDidChange(includingItself: true)
        view.rasterizedContentDidChange(includingItself: true) // it may have changed where nothing drew it
        rasterizedContentDidChange(includingItself: true)
        if oldWindow !== window { oldWindow?.hierarchyDidChange() }
        let position = min(max(index, 0), subviews.count)
        // Appended and shifted by hand: a debug build's `insert` allocates even with room to spare.
        subviews.append(view)
        var slot = subviews.count - 1
        while slot > position {
            subviews[slot] = subviews[slot - 1]
            slot -= 1
        }
        subviews[position] = view
        view.superview = self
        if view.window !== window { view.setWindow(window) }
        window?.hierarchyDidChange()
        subviewDidMoveForLayout(view, from: oldSuperview)
        view.didMoveToSuperview()
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let index = indexOfSubview(sibling) else { return addSubview(view) }
        let adjust = (view.superview === self && (indexOfSubview(view) ?? Int.max) < index) ? 0 : 1
        insertSubview(view, at: index + adjust)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = indexOfSubview(sibling) else { return insertSubview(view, at: 0) }
        let adjust = (view.superview === self && (indexOfSubview(view) ?? Int.max) < index) ? -1 : 0
        insertSubview(view, at: index + adjust)
    }

    /// Moves `view`, a subview, to the front: drawn last, hit-tested first.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count - 1)
    }

    /// Moves `view`, a subview, to the back.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view from its superview and window. A touch bound to it stays
    /// bound and still reaches it (R6).
    public func removeFromSuperview() {
        guard let oldSuperview = superview else { return }
        let oldWindow = window
        detachFromSuperview()
        oldSuperview.rasterizedContentDidChange(includingItself: true)
        oldSuperview.subviewDidLeaveForLayout(self)
        if oldWindow != nil { setWindow(nil) }
        oldWindow?.hierarchyDidChange()
        didMoveToSuperview()
    }

    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// The first view named `name` in this view's subtree, depth first, this
    /// view included; when no view has that `name`, the first whose
    /// `accessibilityIdentifier` is `name`. A `name` anywhere in the subtree
    /// comes before an identifier, so giving a view an identifier never
    /// changes what an existing name finds.
    public func view(named name: String) -> View? {
        firstView(matching: name, byIdentifier: false) ?? firstView(matching: name, byIdentifier: true)
    }

    /// The view itself when its `tag` is `tag`, else the first view of its
    /// subviews' subtrees with that tag, depth first, each subview's subtree
    /// in the order of `subviews`: UIKit's `viewWithTag(_:)`. Allocates nothing.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        var i = 0
        while i < subviews.count {
            if let found = subviews[i].viewWithTag(tag) { return found }
            i += 1
        }
        return nil
    }

    @usableFromInline func firstView(matching name: String, byIdentifier: Bool) -> View? {
        if byIdentifier ? sameBytes(accessibilityIdentifier, name) : sameBytes(self.name, name) { return self }
        // Indexed: `for subview in subviews` allocates once per subview in a debug build.
        var i = 0
        while i < subviews.count {
            if let found = subviews[i].firstView(matching: name, byIdentifier: byIdentifier) { return found }
            i += 1
        }
        return nil
    }

    @usableFromInline func indexOfSubview(_ view: View) -> Int? {
        // A loop, not `firstIndex(where:)`: a debug build allocates that closure's context per call.
        var index = 0
        while index < subviews.count {
            if subviews[index] === view { return index }
            index += 1
        }
        return nil
    }

    /// Unlinks from the superview without telling anyone; callers report the change.
    @usableFromInline func detachFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.indexOfSubview(self) { parent.subviews.remove(at: index) }
        superview = nil
    }

    /// Moves this view and its subtree to `newWindow`, then calls each one's
    /// `didMoveToWindow()`, subviews before their superview, back to front.
    /// A loop over the subtree, however deep: every view's window is set
    /// before any app code runs, and the calls go to the views the subtree
    /// held then.
    @usableFromInline internal func setWindow(_ newWindow: Window?) {
        guard !subviews.isEmpty else {
            changeWindow(to: newWindow)
            didMoveToWindow()
            return
        }
        // Depth first, each view's subviews front to back: reversed, that
        // is each subtree before its root, back to front. The two lists are
        // the window's, kept between moves (one pair per nesting: a
        // `didMoveToWindow` may move views itself), so a screen swapped in
        // and out of the window (a tab switch) allocates nothing once they have grown.
        guard let owner = newWindow ?? window else { return }
        let depth = owner.windowMoveDepth
        owner.windowMoveDepth += 1
        defer { owner.windowMoveDepth -= 1 }
        if owner.windowMoveLists.count <= depth { owner.windowMoveLists.append(WindowMoveLists()) }
        var lists = WindowMoveLists()
        swap(&lists, &owner.windowMoveLists[depth])
        lists.pending.append(self)
        while let view = lists.pending.popLast() {
            view.changeWindow(to: newWindow)
            lists.moved.append(view)
            lists.pending.append(contentsOf: view.subviews)
        }
        while let view = lists.moved.popLast() { view.didMoveToWindow() }
        swap(&lists, &owner.windowMoveLists[depth])
    }
}

/// `View.setWindow`'s two lists, emptied after each move and kept by the window.
@usableFromInline struct WindowMoveLists {
    @usableFromInline var pending: [View] = []
    @usableFromInline var moved: [View] = []
    @usableFromInline init() {}
}

extension View {
    /// Sets the window, without telling the view: `setWindow` tells it once the whole subtree moved.
    @usableFromInline internal func changeWindow(to newWindow: Window?) {
        // Focus never stays on a view that left its window (docs/focus.md).
        if let oldWindow = window, oldWindow !== newWindow {
            oldWindow.owningApplication?.focusSystem.viewDidLeave(self)
        }
        window = newWindow
        tableIndex = -1
        // Its safe area is the new window's business: the next layout pass there finds it.
        if safeAreaInsetsStorage != .zero { safeAreaInsetsStorage = .zero }
        if let newWindow,
            newWindow.safeAreaInUse || obscuredInsets != .zero
                || (owningViewController.map { $0.additionalSafeAreaInsets != .zero } ?? false)
        {
            newWindow.safeAreaNeedsUpdate = true
        }
    }
}

extension View {
    /// Tells this view and the descendants that follow its tint that it changed.
    @usableFromInline func tintColorDidChangeInSubtree() {
        guard layoutCursor < 0 else {
            // A layout pass is walking this subtree: only this view hears now.
            tintColorDidChange()
            return
        }
        walkFlaggedSubtree(everyView: true) { view in
            if view !== self && view.tintColorStorage != nil { return false } // it keeps its own
            view.tintColorDidChange()
            return true
        }
    }
}
