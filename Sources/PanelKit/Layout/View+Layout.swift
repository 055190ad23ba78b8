/// UIKit's layout cycle: views ask for layout with ``View/setNeedsLayout()``;
/// the renderer runs ``Window/layoutIfNeeded(measuringTextWith:)`` before
/// each frame, which calls ``View/layoutSubviews()`` top-down on the views
/// that asked. Autoresizing happens at once, when a size changes.
/// See docs/layout.md.
extension View {
    /// UIKit's `UIView.noIntrinsicMetric`: a dimension ``intrinsicContentSize`` does not decide.
    public static let noIntrinsicMetric: Double = -1

    /// How many top-down passes one ``layoutIfNeeded()`` makes at most: a
    /// `layoutSubviews` that keeps asking for layout is cut off there (a
    /// ``RuntimeWarning/Kind/layoutLoop`` warning) rather than hanging the frame.
    public static let maximumLayoutPasses = 8

    // MARK: Asking for layout

    /// Marks the view to be laid out in the next pass (before the next
    /// frame, or at the next ``layoutIfNeeded()``). Cheap: sets flags up the ancestors.
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
    /// a parent's ``layoutSubviews()`` runs before its subviews', so they see
    /// their final size. Returns at once (and allocates nothing) when none does.
    public func layoutIfNeeded() {
        guard needsLayout || descendantNeedsLayout else { return }
        var passes = 0
        // A layoutSubviews that marks a view already laid out (itself, an
        // ancestor) needs another pass; one that keeps doing so is a loop.
        repeat {
            layoutSubtreeIfNeeded()
            passes += 1
        } while (needsLayout || descendantNeedsLayout) && passes < View.maximumLayoutPasses
        guard needsLayout || descendantNeedsLayout else { return }
        let culprit = firstViewNeedingLayout()
        clearLayoutFlags()
        let application = (window ?? culprit.window)?.owningApplication
        application?.warnings.warnOnce(.layoutLoop,
            "the layoutSubviews of '" + culprit.name + "' asks for layout again every time (setNeedsLayout, or a changed "
            + "frame, inside layoutSubviews): layout stopped after " + String(View.maximumLayoutPasses)
            + " passes; change frames only when they differ")
    }

    @usableFromInline func layoutSubtreeIfNeeded() {
        if needsLayout {
            needsLayout = false
            // While it lays out its subviews, their requests stop here: this pass reaches them next.
            descendantNeedsLayout = true
            layoutSubviews()
        }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        var index = 0
        while index < subviews.count {   // indices: `for in` allocates in unoptimized builds
            let subview = subviews[index]
            if subview.needsLayout || subview.descendantNeedsLayout { subview.layoutSubtreeIfNeeded() }
            index += 1
        }
    }

    @usableFromInline func firstViewNeedingLayout() -> View {
        if needsLayout { return self }
        var index = 0
        while index < subviews.count {
            let subview = subviews[index]
            if subview.needsLayout || subview.descendantNeedsLayout { return subview.firstViewNeedingLayout() }
            index += 1
        }
        return self
    }

    @usableFromInline func clearLayoutFlags() {
        guard needsLayout || descendantNeedsLayout else { return }
        needsLayout = false
        descendantNeedsLayout = false
        var index = 0
        while index < subviews.count {
            subviews[index].clearLayoutFlags()
            index += 1
        }
    }

    /// Marks this view and its whole subtree for layout (the text driver changed: every text size may have).
    @usableFromInline func setNeedsLayoutInSubtree() {
        needsLayout = true
        descendantNeedsLayout = !subviews.isEmpty
        var index = 0
        while index < subviews.count {
            subviews[index].setNeedsLayoutInSubtree()
            index += 1
        }
        superview?.markDescendantNeedsLayout()
    }

    // MARK: Sizes

    /// Sets the size to ``sizeThatFits(_:)`` of the current size, keeping the top-left corner (UIKit's `sizeToFit`).
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        let old = frame
        frame = Rect(x: old.minX, y: old.minY, width: size.width, height: size.height)
    }

    /// The intrinsic size where there is one, else the current size.
    @usableFromInline func defaultSizeThatFits(_ size: Size) -> Size {
        let intrinsic = intrinsicContentSize
        return Size(width: intrinsic.width == View.noIntrinsicMetric ? bounds.width : intrinsic.width,
                    height: intrinsic.height == View.noIntrinsicMetric ? bounds.height : intrinsic.height)
    }

    /// Tells whoever lays this view out by its ``intrinsicContentSize`` (a
    /// ``StackView`` superview) that it changed. Labels, buttons and image
    /// views call it when their text, font or image changes. A view not in a
    /// stack is laid out by its superview's own code, which decides when to look.
    public func invalidateIntrinsicContentSize() {
        guard let stack = superview as? StackView, stack.isArranged(self) else { return }
        stack.setNeedsLayout()
        stack.invalidateIntrinsicContentSize()   // stacks nest
    }

    /// The size `text` takes in `font` (wrapped at `width` when given), rounded
    /// up to whole points: measured by the window's text driver, else estimated
    /// (see ``TextMetricsEstimate``) while the view is in no drawn window.
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

    /// Called by ``bounds`` when its size changes: the view needs layout, and
    /// its subviews follow their ``autoresizingMask`` at once (as in UIKit).
    @usableFromInline func boundsSizeDidChange(from oldSize: Size) {
        setNeedsLayout()
        if autoresizesSubviews { resizeSubviews(withOldSize: oldSize) }
    }

    /// Applies each subview's ``autoresizingMask`` for a change of this view's
    /// size from `oldSize` to the current one.
    public func resizeSubviews(withOldSize oldSize: Size) {
        let newSize = bounds.size
        guard oldSize.width.isFinite, oldSize.height.isFinite, newSize.width.isFinite, newSize.height.isFinite else { return }
        var index = 0
        while index < subviews.count {
            let subview = subviews[index]
            if !subview.autoresizingMask.isEmpty { subview.resize(withOldSuperviewSize: oldSize) }
            index += 1
        }
    }

    /// Moves and sizes this view by its ``autoresizingMask`` for its
    /// superview's change of size from `oldSize` (UIKit's arithmetic, on ``frame``).
    public func resize(withOldSuperviewSize oldSize: Size) {
        guard let superview else { return }
        let mask = autoresizingMask, old = frame, newSize = superview.bounds.size
        let x = AutoresizingMask.resize(origin: old.minX, length: old.width, from: oldSize.width, to: newSize.width,
                                        flexibleLeading: mask.contains(.flexibleLeftMargin),
                                        flexibleLength: mask.contains(.flexibleWidth),
                                        flexibleTrailing: mask.contains(.flexibleRightMargin))
        let y = AutoresizingMask.resize(origin: old.minY, length: old.height, from: oldSize.height, to: newSize.height,
                                        flexibleLeading: mask.contains(.flexibleTopMargin),
                                        flexibleLength: mask.contains(.flexibleHeight),
                                        flexibleTrailing: mask.contains(.flexibleBottomMargin))
        frame = Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    // MARK: Hierarchy changes (called by View+Hierarchy)

    /// `view` became this view's subview, coming from `oldSuperview`: as in
    /// UIKit, both superviews need layout; the newcomer's own requests now reach this view.
    @usableFromInline func subviewDidMoveForLayout(_ view: View, from oldSuperview: View?) {
        guard oldSuperview !== self else { return }   // reordering lays nothing out
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
    /// `textMeasurer` (the renderer's text driver) at the ``displayScale``. A
    /// new driver or scale lays out everything again, since every text size
    /// may have changed; a new scale also redraws the whole window.
    public func layoutIfNeeded(measuringTextWith textMeasurer: (any TextRendering)?) {
        let scale = displayScale
        if textMeasurer !== self.textMeasurer || scale != textMeasurerScale {
            if scale != textMeasurerScale { markDirty(nil) }
            self.textMeasurer = textMeasurer
            textMeasurerScale = scale
            newTextPensKey = nil   // measured with the old driver or scale
            lineHeightKey = nil
            setNeedsLayoutInSubtree()
        }
        layoutIfNeeded()
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
        var longest = 0, lines = 1, current = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" { lines += 1; current = 0 } else { current += 1; longest = max(longest, current) }
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
