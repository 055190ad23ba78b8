/// Lays out a row or a column of views: UIKit's `UIStackView`, without a
/// constraint solver. Its `arrangedSubviews` are placed one after the other
/// along `axis`, `spacing` apart, sized by `distribution` along the axis
/// and by `alignment` across it, inside the bounds (or inside
/// `View.layoutMargins` with `isLayoutMarginsRelativeArrangement`).
/// Hidden arranged views take no space and no spacing.
///
/// Each arranged view's length along the axis starts from its
/// `View.intrinsicContentSize`, or its current length when it has none.
/// Where Auto Layout would weigh hugging and compression priorities, `fill`
/// has fixed rules (docs/layout.md):
/// - **flexible views** are the ones without an intrinsic length along the
///   axis (a slider in a row, a plain view, a stack holding one). They share
///   what is left over equally, added to their current lengths, and give up
///   space first when the row overflows (in proportion to their lengths).
/// - With no flexible view, the **last** view stretches to take what is left
///   (so a trailing label fills the row), and on overflow the views shrink from
///   the last one backwards, each down to 0 before the one before it gives.
///
/// The stack sizes itself from its arranged views (`intrinsicContentSize`),
/// so stacks nest: a stack holding a flexible view is flexible too.
/// Laying out allocates nothing once the stack has seen its views.
open class StackView: View {
    /// Along which axis arranged views follow each other.
    public enum Axis: Equatable, Sendable {
        case horizontal, vertical
    }

    /// How arranged views are sized and placed along the axis.
    public enum Distribution: Equatable, Sendable {
        /// Natural lengths; what is left over or missing goes to the flexible views (see `StackView`).
        case fill
        /// All the same length, filling the stack.
        case fillEqually
        /// Lengths in proportion to the natural lengths, filling the stack.
        case fillProportionally
        /// Natural lengths with equal gaps between them (at least `spacing`), filling the stack.
        case equalSpacing
        /// Natural lengths with their centres equally far apart, the first and last
        /// touching the ends; falls back to `equalSpacing` when views would come closer than `spacing`.
        case equalCentering
    }

    /// How arranged views are sized and placed across the axis.
    public enum Alignment: Equatable, Sendable {
        /// As wide (in a column) or as tall (in a row) as the stack.
        case fill
        /// Natural size at the leading (left or top) edge.
        case leading
        /// Natural size, centred.
        case center
        /// Natural size at the trailing (right or bottom) edge.
        case trailing

        /// In a row, the top edge: `leading`.
        public static var top: Alignment { .leading }
        /// In a row, the bottom edge: `trailing`.
        public static var bottom: Alignment { .trailing }
    }

    /// The views the stack lays out, in order; each is also a subview.
    public internal(set) final var arrangedSubviews: [View] = []
    public final var axis: Axis = .horizontal { didSet { if axis != oldValue { arrangementDidChange() } } }
    /// Between neighbouring visible arranged views, in points (the least gap for `Distribution.equalSpacing`).
    public final var spacing: Double = 0 { didSet { if spacing != oldValue { arrangementDidChange() } } }
    public final var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { arrangementDidChange() } }
    }
    public final var alignment: Alignment = .fill { didSet { if alignment != oldValue { arrangementDidChange() } } }
    /// Whether arranged views stay inside `View.layoutMargins` rather than the bounds (false by default, as in UIKit).
    public final var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    /// Whether this layout places views from the right (a right-to-left
    /// layout direction): a row starts at its leading edge, and a column's
    /// `.leading` alignment is on the right, as in UIKit.
    @usableFromInline internal final var arrangesRightToLeft = false
    /// Lengths along the axis for one layout, reused so layout allocates nothing.
    @usableFromInline internal final var lengths: [Double] = []

    public init(frame: Rect = .zero, name: String = "", arrangedSubviews views: [View] = []) {
        super.init(frame: frame, name: name)
        for view in views { addArrangedSubview(view) }
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(StackView.self)
    }

    // MARK: Arranged views

    /// Adds `view` at the end of `arrangedSubviews` (moving it there if it
    /// is already arranged), and as a subview if it is not one.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count - (isArranged(view) ? 1 : 0))
    }

    /// Inserts `view` into `arrangedSubviews` at `index` (moving it if it is
    /// already arranged), and adds it as a subview if it is not one.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a stack cannot arrange itself")
        if let current = indexOfArranged(view) { arrangedSubviews.remove(at: current) }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        arrangementDidChange()
    }

    /// Removes `view` from `arrangedSubviews`. As in UIKit it stays a
    /// subview (and where it is); `removeFromSuperview()` removes both.
    public func removeArrangedSubview(_ view: View) {
        guard let index = indexOfArranged(view) else { return }
        arrangedSubviews.remove(at: index)
        arrangementDidChange()
    }

    public func isArranged(_ view: View) -> Bool { indexOfArranged(view) != nil }

    @usableFromInline func indexOfArranged(_ view: View) -> Int? {
        var index = 0
        while index < arrangedSubviews.count {
            if arrangedSubviews[index] === view { return index }
            index += 1
        }
        return nil
    }

    /// A subview left the stack: it is no longer arranged.
    @usableFromInline func arrangedSubviewDidLeave(_ view: View) {
        guard let index = indexOfArranged(view) else { return }
        arrangedSubviews.remove(at: index)
        arrangementDidChange()
    }

    @usableFromInline func arrangementDidChange() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    // MARK: Sizes

    /// The area arranged views are laid out in.
    public var arrangementRect: Rect {
        isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds
    }

    /// Along the axis: the arranged views' natural lengths and the spacing
    /// (`View.noIntrinsicMetric` when one is flexible); across: the largest
    /// natural size (`View.noIntrinsicMetric` when none has one); with the margins when they count.
    open override var intrinsicContentSize: Size {
        var along = 0.0
        var across = View.noIntrinsicMetric
        var visible = 0
        var largest = 0.0
        var flexible = false
        var index = 0
        while index < arrangedSubviews.count {
            let view = arrangedSubviews[index]
            index += 1
            if view.isHidden { continue }
            visible += 1
            let size = view.intrinsicContentSize
            let length = axis == .horizontal ? size.width : size.height
            let cross = axis == .horizontal ? size.height : size.width
            if length == View.noIntrinsicMetric {
                flexible = true
            } else {
                along += length
                largest = max(largest, length)
            }
            if cross != View.noIntrinsicMetric { across = max(across, cross) }
        }
        if distribution == .fillEqually { along = largest * Double(visible) }
        along += spacing * Double(max(visible - 1, 0))
        let margins = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        let marginsAlong = axis == .horizontal ? margins.left + margins.right : margins.top + margins.bottom
        let marginsAcross = axis == .horizontal ? margins.top + margins.bottom : margins.left + margins.right
        let length = flexible ? View.noIntrinsicMetric : along + marginsAlong
        let cross = across == View.noIntrinsicMetric ? View.noIntrinsicMetric : across + marginsAcross
        return axis == .horizontal ? Size(width: length, height: cross) : Size(width: cross, height: length)
    }

    /// The natural length of `view` along the axis, and whether it is flexible (has no intrinsic length).
    @usableFromInline func naturalLength(of view: View) -> (length: Double, flexible: Bool) {
        let intrinsic = view.intrinsicContentSize
        let length = axis == .horizontal ? intrinsic.width : intrinsic.height
        if length != View.noIntrinsicMetric { return (max(length, 0), false) }
        return (max(axis == .horizontal ? view.bounds.width : view.bounds.height, 0), true)
    }

    // MARK: Layout

    open override func layoutSubviews() {
        let area = arrangementRect
        arrangesRightToLeft = isRightToLeft
        let horizontal = axis == .horizontal
        let start = horizontal ? area.minX : area.minY
        let available = max(horizontal ? area.width : area.height, 0)

        // Natural lengths of the visible views; hidden ones keep their frames.
        lengths.removeAll(keepingCapacity: true)
        var visible = 0
        var flexibleCount = 0
        var naturalTotal = 0.0
        var flexibleTotal = 0.0
        var index = 0
        while index < arrangedSubviews.count {
            let view = arrangedSubviews[index]
            index += 1
            guard !view.isHidden else {
                lengths.append(0)
                continue
            }
            let natural = naturalLength(of: view)
            // A flexible view's length is negated to mark it; only `fill` tells them apart.
            lengths.append(natural.flexible ? -natural.length - 1 : natural.length)
            visible += 1
            naturalTotal += natural.length
            if natural.flexible {
                flexibleCount += 1
                flexibleTotal += natural.length
            }
        }
        guard visible > 0 else { return }
        let gaps = Double(visible - 1)
        let room = available - spacing * gaps
        var gap = spacing
        // Constants for the closures below: a captured `var` would be boxed on the heap.
        let count = Double(visible)
        let total = naturalTotal
        let share = max(room, 0)

        switch distribution {
        case .fill:
            distributeFill(
                room: room, naturalTotal: naturalTotal, flexibleCount: flexibleCount, flexibleTotal: flexibleTotal)
        case .fillEqually:
            setVisibleLengths { _ in share / count }
        case .fillProportionally:
            setVisibleLengths { natural in total > 0 ? share * natural / total : share / count }
        case .equalSpacing, .equalCentering:
            if naturalTotal + spacing * gaps > available {
                distributeFill(
                    room: room, naturalTotal: naturalTotal, flexibleCount: flexibleCount, flexibleTotal: flexibleTotal)
            } else {
                setVisibleLengths { $0 }
                if visible > 1 { gap = (available - naturalTotal) / gaps }
                if distribution == .equalCentering && visible > 1 {
                    layOutEqualCentering(start: start, available: available, area: area)
                    return
                }
            }
        }

        var position = start
        index = 0
        while index < arrangedSubviews.count {
            let view = arrangedSubviews[index]
            let length = lengths[index]
            index += 1
            if view.isHidden { continue }
            place(view, from: position, length: length, in: area)
            position += length + gap
        }
    }

    /// `lengths` holds every visible view's natural length (flexible ones
    /// marked negative); turns them into plain lengths through `transform`.
    @usableFromInline func setVisibleLengths(_ transform: (Double) -> Double) {
        var index = 0
        while index < lengths.count {
            if !arrangedSubviews[index].isHidden {
                let marked = lengths[index]
                lengths[index] = transform(marked < 0 ? -marked - 1 : marked)
            }
            index += 1
        }
    }

    /// `fill`: flexible views share the leftover equally (or give up the
    /// overflow in proportion to their lengths); without flexible views the
    /// last stretches, and overflow shrinks views from the last backwards.
    @usableFromInline func distributeFill(room: Double, naturalTotal: Double, flexibleCount: Int, flexibleTotal: Double)
    {
        var extra = room - naturalTotal
        var index = 0
        while index < lengths.count {
            if !arrangedSubviews[index].isHidden {
                let marked = lengths[index]
                if marked < 0 {
                    let natural = -marked - 1
                    if extra >= 0 {
                        lengths[index] = natural + extra / Double(flexibleCount)
                    } else {
                        let give =
                            flexibleTotal > 0
                            ? min(-extra, flexibleTotal) * natural / flexibleTotal
                            : 0
                        lengths[index] = natural - give
                    }
                }
            }
            index += 1
        }
        if flexibleCount > 0 {
            if extra >= 0 { return }
            extra += min(-extra, flexibleTotal) // what the flexible views gave
            if extra >= 0 { return }
        }
        // No flexible view took the difference: the last visible views do.
        index = lengths.count - 1
        while index >= 0 && extra != 0 {
            if !arrangedSubviews[index].isHidden && lengths[index] >= 0 {
                if extra > 0 {
                    lengths[index] += extra
                    extra = 0
                } else {
                    let give = min(-extra, lengths[index])
                    lengths[index] -= give
                    extra += give
                }
            }
            index -= 1
        }
    }

    /// `equalCentering` with room to spare: centres equally far apart, the first
    /// view at the start and the last at the end; when neighbours would come
    /// closer than `spacing`, the gaps are equal instead.
    @usableFromInline func layOutEqualCentering(start: Double, available: Double, area: Rect) {
        var first = -1
        var last = -1
        var visible = 0
        var widest = 0.0
        var index = 0
        var previous = -1
        while index < arrangedSubviews.count {
            if !arrangedSubviews[index].isHidden {
                if first < 0 { first = index }
                last = index
                visible += 1
                if previous >= 0 { widest = max(widest, (lengths[previous] + lengths[index]) / 2) }
                previous = index
            }
            index += 1
        }
        let firstCenter = start + lengths[first] / 2
        let step = (available - lengths[first] / 2 - lengths[last] / 2) / Double(visible - 1)
        if step < widest + spacing {
            // Too close: equal gaps, as equalSpacing.
            var naturalTotal = 0.0
            index = 0
            while index < lengths.count {
                if !arrangedSubviews[index].isHidden { naturalTotal += lengths[index] }
                index += 1
            }
            let gap = (available - naturalTotal) / Double(visible - 1)
            var position = start
            index = 0
            while index < arrangedSubviews.count {
                let view = arrangedSubviews[index]
                if !view.isHidden {
                    place(view, from: position, length: lengths[index], in: area)
                    position += lengths[index] + gap
                }
                index += 1
            }
            return
        }
        var center = firstCenter
        index = 0
        while index < arrangedSubviews.count {
            let view = arrangedSubviews[index]
            if !view.isHidden {
                place(view, from: center - lengths[index] / 2, length: lengths[index], in: area)
                center += step
            }
            index += 1
        }
    }

    /// Sets `view`'s frame: `length` from `position` along the axis (edges on
    /// whole points, so neighbours neither overlap nor leave seams), and across
    /// the axis as `alignment` says. An unchanged frame marks nothing dirty.
    @usableFromInline func place(_ view: View, from position: Double, length: Double, in area: Rect) {
        let horizontal = axis == .horizontal
        let leading = position.rounded()
        let trailing = (position + max(length, 0)).rounded()
        let crossStart = horizontal ? area.minY : area.minX
        let crossLength = max(horizontal ? area.height : area.width, 0)
        var size = crossLength
        var offset = 0.0
        if alignment != .fill {
            let intrinsic = view.intrinsicContentSize
            let natural = horizontal ? intrinsic.height : intrinsic.width
            size = min(
                natural == View.noIntrinsicMetric ? (horizontal ? view.bounds.height : view.bounds.width) : natural,
                crossLength)
            switch alignment {
            case .fill, .leading: offset = 0
            case .center: offset = ((crossLength - size) / 2).rounded()
            case .trailing: offset = crossLength - size
            }
        }
        let frame =
            horizontal
            ? Rect(x: leading, y: crossStart + offset, width: trailing - leading, height: size)
            : Rect(x: crossStart + offset, y: leading, width: size, height: trailing - leading)
        // Right to left, the left-to-right frame mirrored inside the area.
        view.frame =
            arrangesRightToLeft
            ? Rect(x: area.minX + area.maxX - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
            : frame
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let intrinsic = intrinsicContentSize
        return Size(
            width: intrinsic.width == View.noIntrinsicMetric ? size.width : intrinsic.width,
            height: intrinsic.height == View.noIntrinsicMetric ? size.height : intrinsic.height)
    }
}
