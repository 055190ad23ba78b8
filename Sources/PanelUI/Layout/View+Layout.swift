/// UIKit's layout cycle: views ask for layout with `View.setNeedsLayout()`;
/// the renderer runs `Window.layoutIfNeeded(measuringTextWith:)` before
/// each frame, which calls `View.layoutSubviews()` top-down on the views
/// that asked. Autoresizing happens at once, when a size changes.
/// See docs/layout.md.
extension View {
    /// UIKit's `UIView.noIntrinsicMetric`: a dimension `intrinsicContentSize` does not decide.
    public static let noIntrinsicMetric: Double = -1

    /// How many top-down passes one `layoutIfNeeded()` makes at most: a
    /// `layoutSubviews` that keeps asking for layout is cut off there (a
    /// `RuntimeWarning.Kind.layoutLoop` warning) rather than hanging the frame.
    public static let maximumLayoutPasses = 8

    // MARK: Asking for layout

    /// Marks the view to be laid out in the next pass (before the next
    /// frame, or at the next `layoutIfNeeded()`). Cheap: sets flags up the ancestors.
    public func setNeedsLayout() {
        needsLayout = true
        superview?.markDescendantNeedsLayout()
    }

    /// Flags this view and its ancestors up to the first one already flagged.
    @usableFromInline func markDescendantNeedsLayout() {
        var view: View? = self
        while let current = view, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            view = current.superview
        }
    }

    /// Lays out this view and its descendants that need it, now, top-down:
    /// a parent's `layoutSubviews()` runs before its subviews', so they see
    /// their final size. Returns at once (and allocates nothing) when none does.
    ///
    /// Called from a `layoutSubviews` on a view the running pass is inside
    /// (the view itself, or one of its ancestors), it returns at once: that
    /// pass lays the view out again if it asked, so layout never recurses.
    /// On any other view (a subview, to read its laid-out size) it lays out now.
    public func layoutIfNeeded() {
        guard layoutCursor < 0, needsLayout || descendantNeedsLayout else { return }
        var passes = 0
        var laidOut = 0
        // A layoutSubviews that marks a view already laid out (itself, an
        // ancestor) needs another pass; one that keeps doing so is a loop.
        // A pass that lays out nothing leaves only views an outer pass is inside.
        repeat {
            laidOut = layoutSubtreeIfNeeded()
            passes += 1
        } while (needsLayout || descendantNeedsLayout) && laidOut > 0 && passes < View.maximumLayoutPasses
        guard (needsLayout || descendantNeedsLayout) && laidOut > 0 else { return }
        let culprit = firstViewNeedingLayout()
        clearLayoutFlags()
        let application = (window ?? culprit.window)?.owningApplication
        application?.warnings.warnOnce(
            .layoutLoop,
            "the layoutSubviews of '" + culprit.name
                + "' asks for layout again every time (setNeedsLayout, or a changed "
                + "frame, inside layoutSubviews): layout stopped after " + String(View.maximumLayoutPasses)
                + " passes; change frames only when they differ")
    }

    /// One top-down pass: runs `layoutSubviews()` on each view of the
    /// subtree that needs it, parent first. Returns how many ran.
    @usableFromInline func layoutSubtreeIfNeeded() -> Int {
        var laidOut = 0
        walkFlaggedSubtree { view in
            if view.needsLayout {
                view.needsLayout = false
                // While it lays out its subviews, their requests stop here: this pass reaches them next.
                view.descendantNeedsLayout = true
                // UIKit's order: the controller hears before and after its root view lays out,
                // before the subviews do.
                // Its safe area first, as UIKit's layout does: a bar or a frame that the
                // pass above just changed is in the insets this layout sees.
                if let window = view.window, window.safeAreaInUse || window.safeAreaNeedsUpdate {
                    view.updateSafeAreaInsets(layingOut: true)
                }
                let controller = view.owningViewController
                controller?.viewWillLayoutSubviews()
                view.layoutSubviews()
                controller?.viewDidLayoutSubviews()
                laidOut += 1
            }
            guard view.descendantNeedsLayout else { return false }
            view.descendantNeedsLayout = false
            return true
        }
        return laidOut
    }

    /// Walks this view's subtree top-down without recursion: `enter` is
    /// called on each view reached and says whether to go into its subviews.
    /// Only subviews flagged for layout are reached (every one with
    /// `everyView`), and never one a pass is already inside. The way down is
    /// kept in the views themselves (`layoutCursor`, `layoutReturn`), so a
    /// hierarchy of any depth takes no stack and no allocation.
    @usableFromInline func walkFlaggedSubtree(everyView: Bool = false, _ enter: (View) -> Bool) {
        var view = self
        view.layoutCursor = 0
        if !enter(view) { view.layoutCursor = Int.max }
        while true {
            if let child = view.nextSubviewToWalk(everyView: everyView) {
                child.layoutReturn = view
                child.layoutCursor = 0
                view = child
                if !enter(view) { view.layoutCursor = Int.max }
                continue
            }
            view.layoutCursor = -1
            guard view !== self, let parent = view.layoutReturn else { return }
            view.layoutReturn = nil
            view = parent
        }
    }

    /// The next subview a walk goes into, moving this view's cursor past it.
    @usableFromInline func nextSubviewToWalk(everyView: Bool) -> View? {
        while layoutCursor < subviews.count {
            let subview = subviews[layoutCursor]
            layoutCursor += 1
            if subview.layoutCursor < 0 && (everyView || subview.needsLayout || subview.descendantNeedsLayout) {
                return subview
            }
        }
        return nil
    }

    @usableFromInline func firstViewNeedingLayout() -> View {
        var view = self
        search: while !view.needsLayout {
            var index = 0
            while index < view.subviews.count {
                let subview = view.subviews[index]
                if subview.needsLayout || subview.descendantNeedsLayout {
                    view = subview
                    continue search
                }
                index += 1
            }
            break
        }
        return view
    }

    @usableFromInline func clearLayoutFlags() {
        guard layoutCursor < 0 else { return }
        walkFlaggedSubtree { view in
            let descendantNeedsLayout = view.descendantNeedsLayout
            view.needsLayout = false
            view.descendantNeedsLayout = false
            return descendantNeedsLayout
        }
    }

    /// Marks this view and its whole subtree for layout (the text driver changed: every text size may have).
    @usableFromInline func setNeedsLayoutInSubtree() {
        if layoutCursor < 0 {
            walkFlaggedSubtree(everyView: true) { view in
                view.needsLayout = true
                view.descendantNeedsLayout = !view.subviews.isEmpty
                return true
            }
        }
        needsLayout = true
        superview?.markDescendantNeedsLayout()
    }

    // MARK: Sizes

    /// Sets the size to `sizeThatFits(_:)` of the current size, keeping the top-left corner (UIKit's `sizeToFit`).
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        let old = frame
        frame = Rect(x: old.minX, y: old.minY, width: size.width, height: size.height)
    }

    /// The intrinsic size where there is one, else the current size.
    @usableFromInline func defaultSizeThatFits(_ size: Size) -> Size {
        let intrinsic = intrinsicContentSize
        return Size(
            width: intrinsic.width == View.noIntrinsicMetric ? bounds.width : intrinsic.width,
            height: intrinsic.height == View.noIntrinsicMetric ? bounds.height : intrinsic.height)
    }

    /// Tells whoever lays this view out by its `intrinsicContentSize` (a
    /// `StackView` superview) that it changed. Labels, buttons and image
    /// views call it when their text, font or image changes. A view not in a
    /// stack is laid out by its superview's own code, which decides when to look.
    public func invalidateIntrinsicContentSize() {
        guard let stack = superview as? StackView, stack.isArranged(self) else { return }
        stack.setNeedsLayout()
        stack.invalidateIntrinsicContentSize() // stacks nest
    }

    /// The size `text` takes in `font` (wrapped at `width` when given), rounded
    /// up to whole points: measured by the window's text driver, else estimated
    /// (see `TextMetricsEstimate`) while the view is in no drawn window.
    /// On a screen of scale 2 the driver measures at twice the size, as the
    /// text is drawn, so the points given back fit the drawing exactly.
    public func measure(_ text: String, font: Font, width: Double? = nil) -> Size {
        guard !text.isEmpty else { return .zero }
        let wrap = width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let size: Size
        if let window, let measurer = window.textMeasurer {
            size = measurer.measure(text, font: font, width: wrap, scale: window.textMeasurerScale)
        } else {
            size = TextMetricsEstimate.measure(text, font: font, width: wrap)
        }
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    // MARK: Autoresizing

    /// Called by `bounds` when its size changes: the view needs layout, and
    /// its subviews follow their `autoresizingMask` at once (as in UIKit).
    @usableFromInline func boundsSizeDidChange(from oldSize: Size) {
        setNeedsLayout()
        if autoresizesSubviews { resizeSubviews(withOldSize: oldSize) }
    }

    /// Applies each subview's `autoresizingMask` for a change of this view's
    /// size from `oldSize` to the current one.
    public func resizeSubviews(withOldSize oldSize: Size) {
        let newSize = bounds.size
        guard oldSize.width.isFinite, oldSize.height.isFinite, newSize.width.isFinite, newSize.height.isFinite else {
            return
        }
        var index = 0
        while index < subviews.count {
            let subview = subviews[index]
            if !subview.autoresizingMask.isEmpty { subview.resize(withOldSuperviewSize: oldSize) }
            index += 1
        }
    }

    /// Moves and sizes this view by its `autoresizingMask` for its
    /// superview's change of size from `oldSize` (UIKit's arithmetic, on `frame`).
    public func resize(withOldSuperviewSize oldSize: Size) {
        guard let superview else { return }
        let mask = autoresizingMask
        let old = frame
        let newSize = superview.bounds.size
        let x = AutoresizingMask.resize(
            origin: old.minX, length: old.width, from: oldSize.width, to: newSize.width,
            flexibleLeading: mask.contains(.flexibleLeftMargin),
            flexibleLength: mask.contains(.flexibleWidth),
            flexibleTrailing: mask.contains(.flexibleRightMargin))
        let y = AutoresizingMask.resize(
            origin: old.minY, length: old.height, from: oldSize.height, to: newSize.height,
            flexibleLeading: mask.contains(.flexibleTopMargin),
            flexibleLength: mask.contains(.flexibleHeight),
            flexibleTrailing: mask.contains(.flexibleBottomMargin))
        frame = Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    // MARK: Hierarchy changes (called by View+Hierarchy)

    /// `view` became this view's subview, coming from `oldSuperview`: as in
    /// UIKit, both superviews need layout; the newcomer's own requests now reach this view.
    @usableFromInline func subviewDidMoveForLayout(_ view: View, from oldSuperview: View?) {
        guard oldSuperview !== self else { return } // reordering lays nothing out
        oldSuperview?.subviewDidLeaveForLayout(view)
        setNeedsLayout()
        if view.needsLayout || view.descendantNeedsLayout { markDescendantNeedsLayout() }
    }

    /// `view` left this view: it needs layout, and a stack forgets it as an arranged view.
    @usableFromInline func subviewDidLeaveForLayout(_ view: View) {
        if let stack = self as? StackView { stack.arrangedSubviewDidLeave(view) }
        setNeedsLayout()
    }
}

extension Window {
    /// The renderer's layout pass: lays out what needs it, measuring text with
    /// `textMeasurer` (the renderer's text driver) at the `displayScale`. A
    /// new driver or scale lays out everything again, since every text size
    /// may have changed; a new scale also redraws the whole window, from a
    /// view table made again (what it snaps to pixels, it snapped at the old scale).
    public func layoutIfNeeded(measuringTextWith textMeasurer: (any TextRendering)?) {
        let scale = displayScale
        if textMeasurer !== self.textMeasurer || scale != textMeasurerScale {
            if scale != textMeasurerScale {
                markDirty(nil)
                viewTable.setNeedsRebuild()
            }
            self.textMeasurer = textMeasurer
            textMeasurerScale = scale
            newTextPensKey = nil // measured with the old driver or scale
            lineHeightKey = nil
            setNeedsLayoutInSubtree()
        }
        if safeAreaIsStale { updateSafeAreaInsets() }
        layoutIfNeeded()
        // Layout may move a bar or a view into an unsafe band: the safe areas follow in this frame.
        if safeAreaIsStale {
            updateSafeAreaInsets()
            layoutIfNeeded()
        }
    }
}

/// Text sizes without a text driver (a view in no window, or a window never
/// drawn): PanelKit's DejaVu faces average about 0.6 em per character and
/// 1.17 em per line. Layout measures again with the real driver before the
/// first frame, so an estimate only shows in code that reads sizes early.
public enum TextMetricsEstimate {
    public static let averageAdvance = 0.6
    public static let lineHeight = 1.17

    public static func measure(_ text: String, font: Font, width: Double?) -> Size {
        var longest = 0
        var lines = 1
        var current = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lines += 1
                current = 0
            } else {
                current += 1
                longest = max(longest, current)
            }
        }
        var textWidth = Double(longest) * font.size * averageAdvance
        if let width, textWidth > width, width > 0 {
            // At most 10^9 lines: a very narrow width would pass Int's range
            // (2^31 on a 32-bit board, armv7; any Int, at widths near 0).
            lines += Int(min((textWidth / width).rounded(.up), 1e9)) - 1
            textWidth = width
        }
        return Size(width: textWidth, height: Double(lines) * font.size * lineHeight)
    }
}
