/// UIKit's safe area: the part of a view that no bar, keyboard or other
/// chrome covers, as insets from its edges.
///
/// Where they come from: the window's keyboard (`KeyboardPresenter` covers
/// the window's bottom), a navigation bar over a controller's view that
/// extends under it (`ViewController.extendedLayoutIncludesOpaqueBars`), and
/// each controller's `ViewController.additionalSafeAreaInsets`. A view's
/// safe area is the part of its superview's that it overlaps, plus its own
/// chrome's, plus its controller's additional insets: a view inside the safe
/// area has zero insets.
///
/// As in UIKit, the insets are brought up to date in the layout pass (before
/// the views lay out), and a view whose insets changed hears
/// `safeAreaInsetsDidChange()` (then its controller
/// `viewSafeAreaInsetsDidChange()`) and is laid out again. Differs from
/// UIKit: the keyboard is part of the safe area (UIKit has a separate
/// keyboard layout guide), since a panel's keyboard covers the app's own window.
extension View {
    /// The insets from this view's edges that bars, the keyboard and
    /// `additionalSafeAreaInsets` cover, as of the last layout pass. Zero in no window.
    public var safeAreaInsets: EdgeInsets { window == nil ? .zero : safeAreaInsetsStorage }

    /// The rectangle of `bounds` that `safeAreaInsets` leave (UIKit's
    /// `safeAreaLayoutGuide.layoutFrame`), in this view's coordinates.
    public var safeAreaFrame: Rect {
        let insets = safeAreaInsets
        return Rect(
            x: bounds.minX + insets.left, y: bounds.minY + insets.top,
            width: max(bounds.width - insets.left - insets.right, 0),
            height: max(bounds.height - insets.top - insets.bottom, 0))
    }

    /// What `safeAreaInsets` is now: the part of the superview's safe area
    /// this view overlaps (the superview's insets as of this pass), its own
    /// chrome's, and its controller's additional insets.
    @usableFromInline func computedSafeAreaInsets() -> EdgeInsets {
        var insets = obscuredInsets
        if let superview, self !== window, !isInputViewOnScreen {
            let outer = superview.safeAreaInsetsStorage
            if outer != .zero {
                let frame = self.frame
                let area = superview.bounds
                // Each edge: how far the superview's unsafe band reaches into this view, at most its size.
                func overlap(_ reach: Double, _ size: Double) -> Double { min(max(reach, 0), max(size, 0)) }
                insets.top = max(insets.top, overlap(area.minY + outer.top - frame.minY, frame.height))
                insets.left = max(insets.left, overlap(area.minX + outer.left - frame.minX, frame.width))
                insets.bottom = max(insets.bottom, overlap(frame.maxY - (area.maxY - outer.bottom), frame.height))
                insets.right = max(insets.right, overlap(frame.maxX - (area.maxX - outer.right), frame.width))
            }
        }
        if let controller = owningViewController {
            let extra = controller.additionalSafeAreaInsets
            insets.top += extra.top
            insets.left += extra.left
            insets.bottom += extra.bottom
            insets.right += extra.right
        }
        return insets
    }
}

extension View {
    /// Stores `computedSafeAreaInsets()`; when they changed, tells the view,
    /// then its controller, and lays the view out again (unless `layingOut`: the pass is about to).
    @usableFromInline func updateSafeAreaInsets(layingOut: Bool) {
        let insets = computedSafeAreaInsets()
        guard insets != safeAreaInsetsStorage else { return }
        safeAreaInsetsStorage = insets
        if insets != .zero { window?.safeAreaInUse = true }
        if !layingOut { setNeedsLayout() }
        safeAreaInsetsDidChange()
        owningViewController?.viewSafeAreaInsetsDidChange()
    }
}

extension View {
    /// The keyboard lies in the band it makes unsafe: it is chrome, not content, and keeps no safe area.
    @usableFromInline var isInputViewOnScreen: Bool {
        guard let presenter = window?.owningApplication?.keyboardPresenterStorage, superview === window else {
            return false
        }
        return self === presenter.visibleInputView || self === presenter.hidingInputView
    }
}

extension Window {
    /// Whether the next layout pass has safe areas to bring up to date.
    @inline(__always) @usableFromInline var safeAreaIsStale: Bool { safeAreaNeedsUpdate || !safeAreaMoves.isEmpty }

    /// Brings the views' `safeAreaInsets` up to date, top-down, telling the
    /// ones that changed and asking them to lay out again. Runs in the layout
    /// pass: every view's when `safeAreaNeedsUpdate` is set (a source
    /// changed), else those a move can reach (`safeAreaMoves`); never per frame
    /// while every safe area is the whole view.
    @usableFromInline func updateSafeAreaInsets() {
        guard layoutCursor < 0 else { return }
        guard safeAreaNeedsUpdate else { return updateSafeAreaInsetsOfMovedViews() }
        safeAreaNeedsUpdate = false
        safeAreaMoves.removeAll(keepingCapacity: true)
        var inUse = false
        walkFlaggedSubtree(everyView: true) { view in
            safeAreaWork &+= 1
            view.updateSafeAreaInsets(layingOut: false)
            if view.safeAreaInsetsStorage != .zero { inUse = true }
            return true
        }
        safeAreaInUse = inUse
    }

    /// A safe area is worked out from the view's frame, its superview's
    /// bounds and safe area, and its own chrome and controller (whose changes
    /// set `safeAreaNeedsUpdate`). So after a view moved, its own safe area
    /// and its subviews' (its bounds may have moved too) are worked out again,
    /// and further down only below a view whose safe area changed. A push
    /// slides two screens under a bar: their safe areas stay, and the walk
    /// ends a level down instead of going through every view of the window.
    @usableFromInline func updateSafeAreaInsetsOfMovedViews() {
        while let moved = safeAreaMoves.popLast() {
            guard moved.window === self else { continue }
            moved.walkFlaggedSubtree(everyView: true) { view in
                safeAreaWork &+= 1
                let before = view.safeAreaInsetsStorage
                view.updateSafeAreaInsets(layingOut: false)
                return view === moved || view.safeAreaInsetsStorage != before
            }
        }
    }
}
