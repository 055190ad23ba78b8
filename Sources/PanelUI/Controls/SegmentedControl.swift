/// A row of segments of which one is selected: UIKit's `UISegmentedControl`.
///
/// - The segments share the width equally; each has a title and can be
///   disabled on its own (`setEnabled(_:forSegmentAt:)`).
/// - A finger highlights the enabled segment under it and the highlight
///   follows the finger; at a lift inside (bounds grown by
///   `Control.touchMargin`) the segment under the finger is selected and
///   `.valueChanged` and `.primaryActionTriggered` are sent, if it is not the
///   one already selected (as UIKit since iOS 13: select on lift).
/// - `isMomentary`: no segment stays drawn as selected; every lift on a
///   segment sends `.valueChanged`, and `selectedSegmentIndex` says which.
/// - Setting `selectedSegmentIndex` (`noSegment` for none) sends nothing.
///
/// Touches and sending actions allocate nothing; inserting or removing a
/// segment allocates (it changes the control, like a hierarchy change).
///
///     let mode = SegmentedControl(frame: Rect(x: 20, y: 20, width: 300, height: 48),
///                                 items: ["Heat", "Cool", "Auto"])
///     mode.selectedSegmentIndex = 0
///     mode.addAction(for: .valueChanged) { _ in thermostat.mode = mode.selectedSegmentIndex }
open class SegmentedControl: Control {
    /// UIKit's `UISegmentedControl.noSegment`: no segment is selected.
    public static let noSegment = -1

    /// Colours, fonts and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// The selected segment's fill; `nil` uses the theme's accent.
    public var selectedSegmentTintColor: Color? { didSet { setNeedsDisplay() } }
    /// When true no segment stays selected: each lift on a segment sends `.valueChanged`.
    public final var isMomentary = false { didSet { setNeedsDisplay() } }

    @usableFromInline internal final var titles: [String]
    @usableFromInline internal final var enabledSegments: [Bool]
    @usableFromInline internal final var selectedIndex = SegmentedControl.noSegment
    /// The segment under the tracked finger, or `noSegment`.
    @usableFromInline internal final var highlightedIndex = SegmentedControl.noSegment

    public init(frame: Rect = .zero, name: String = "", items: [String] = []) {
        titles = items
        enabledSegments = Array(repeating: true, count: items.count)
        super.init(frame: frame, name: name)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(SegmentedControl.self)
    }

    // MARK: Segments

    public var numberOfSegments: Int { titles.count }

    /// The selected segment, or `noSegment`. Setting it sends no action; an
    /// index out of range selects no segment.
    public var selectedSegmentIndex: Int {
        get { selectedIndex }
        set {
            let index = newValue >= 0 && newValue < titles.count ? newValue : SegmentedControl.noSegment
            guard index != selectedIndex else { return }
            selectedIndex = index
            setNeedsDisplay()
        }
    }

    /// Inserts a segment titled `title` before `segment` (clamped to 0…`numberOfSegments`).
    /// The selection stays on the segment it was on. `animated` is accepted for UIKit's
    /// signature; the change shows at once.
    public func insertSegment(withTitle title: String, at segment: Int, animated: Bool = false) {
        let index = min(max(segment, 0), titles.count)
        titles.insert(title, at: index)
        enabledSegments.insert(true, at: index)
        if selectedIndex >= index { selectedIndex += 1 }
        segmentsDidChange()
    }

    /// Removes `segment`; removing the selected one leaves none selected.
    public func removeSegment(at segment: Int, animated: Bool = false) {
        guard segment >= 0, segment < titles.count else { return }
        titles.remove(at: segment)
        enabledSegments.remove(at: segment)
        if selectedIndex == segment {
            selectedIndex = SegmentedControl.noSegment
        } else if selectedIndex > segment {
            selectedIndex -= 1
        }
        segmentsDidChange()
    }

    public func removeAllSegments() {
        titles.removeAll()
        enabledSegments.removeAll()
        selectedIndex = SegmentedControl.noSegment
        segmentsDidChange()
    }

    public func setTitle(_ title: String, forSegmentAt segment: Int) {
        guard segment >= 0, segment < titles.count else { return }
        titles[segment] = title
        segmentsDidChange()
    }

    public func titleForSegment(at segment: Int) -> String? {
        segment >= 0 && segment < titles.count ? titles[segment] : nil
    }

    /// A disabled segment is drawn dimmed and cannot be highlighted or selected by touch.
    public func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segment >= 0, segment < enabledSegments.count, enabledSegments[segment] != enabled else { return }
        enabledSegments[segment] = enabled
        if !enabled && highlightedIndex == segment { highlightedIndex = SegmentedControl.noSegment }
        setNeedsDisplay()
    }

    public func isEnabledForSegment(at segment: Int) -> Bool {
        segment >= 0 && segment < enabledSegments.count && enabledSegments[segment]
    }

    @usableFromInline internal func segmentsDidChange() {
        if highlightedIndex >= titles.count { highlightedIndex = SegmentedControl.noSegment }
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Geometry

    /// Segment `segment`'s rectangle, in the control's coordinates: the width
    /// shared equally, the first at the leading edge (the right, right to left, as UIKit's).
    public func rectForSegment(at segment: Int) -> Rect {
        let count = titles.count
        guard count > 0 else { return .zero }
        let width = bounds.width / Double(count)
        return flippedForLayoutDirection(
            Rect(x: bounds.minX + width * Double(segment), y: bounds.minY, width: width, height: bounds.height),
            rightToLeft: isRightToLeft)
    }

    /// The segment at `x` (the control's coordinates), clamped to the ends, or `noSegment` when there are none.
    public func segmentIndex(atX x: Double) -> Int {
        let count = titles.count
        guard count > 0, bounds.width > 0 else { return SegmentedControl.noSegment }
        // Clamped before it becomes an Int: far outside a narrow control the
        // quotient passes 2^31, a 32-bit board's (armv7) Int, or is NaN.
        let fromLeading = isRightToLeft ? bounds.maxX - x : x - bounds.minX
        let position = (fromLeading / bounds.width * Double(count)).rounded(.down)
        guard position >= 0 else { return 0 } // also NaN
        return position < Double(count - 1) ? Int(position) : count - 1
    }

    /// Every segment as wide as the widest title with the theme's padding, a finger's height.
    open override var intrinsicContentSize: Size {
        var widest = 0.0
        var i = 0
        while i < titles.count {
            widest = max(widest, measure(titles[i], font: theme.segmentFont).width)
            i += 1
        }
        return Size(width: Double(titles.count) * (widest + 2 * theme.contentPadding), height: theme.controlHeight)
    }

    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    // MARK: Tracking (C4)

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        highlight(segmentUnder: touch)
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        highlight(segmentUnder: touch)
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let lifted = highlightedIndex
        setHighlightedSegment(SegmentedControl.noSegment)
        guard isTouchInside, lifted != SegmentedControl.noSegment else { return }
        if isMomentary || lifted != selectedIndex {
            selectedIndex = lifted
            setNeedsDisplay()
            sendActions(for: .valueAndPrimaryAction)
        }
    }

    open override func cancelTracking(with event: Event?) {
        setHighlightedSegment(SegmentedControl.noSegment)
    }

    /// The enabled segment under the finger while it is inside; none while outside.
    @usableFromInline internal func highlight(segmentUnder touch: Touch) {
        let point = touch.location(in: self)
        var index = SegmentedControl.noSegment
        if isInsideForTracking(point) {
            let under = segmentIndex(atX: point.x)
            if isEnabledForSegment(at: under) { index = under }
        }
        setHighlightedSegment(index)
    }

    @usableFromInline internal func setHighlightedSegment(_ index: Int) {
        guard index != highlightedIndex else { return }
        highlightedIndex = index
        setNeedsDisplay()
    }

    /// The segment a finger is on (highlighted), or `noSegment`.
    public var highlightedSegmentIndex: Int { highlightedIndex }

    // MARK: Gestures (G20)

    /// G20: a parent's single one-finger tap would do what a segment does.
    open override func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? TapGestureRecognizer {
            return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
        }
        return false
    }

    // MARK: Focus (rotary encoders)

    open override var canBecomeFocused: Bool { isEnabled && !titles.isEmpty }

    /// A turn clockwise selects the next enabled segment (no wrap) and sends `.valueChanged`.
    open override func accessibilityIncrement() { moveSelection(by: 1) }
    /// A turn counter-clockwise selects the previous enabled segment.
    open override func accessibilityDecrement() { moveSelection(by: -1) }

    /// A push selects the next enabled segment, wrapping at the end, so a push
    /// alone steps through a short control.
    @discardableResult
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        var index = selectedIndex
        var tried = 0
        while tried < titles.count {
            index = index + 1 >= titles.count ? 0 : index + 1
            tried += 1
            if enabledSegments[index] {
                guard index != selectedIndex || isMomentary else { return false }
                selectedIndex = index
                setNeedsDisplay()
                sendActions(for: .valueAndPrimaryAction)
                return true
            }
        }
        return false
    }

    @usableFromInline internal func moveSelection(by step: Int) {
        guard isEnabled else { return }
        var index = selectedIndex == SegmentedControl.noSegment ? (step > 0 ? -1 : titles.count) : selectedIndex
        while true {
            index += step
            guard index >= 0, index < titles.count else { return }
            if enabledSegments[index] { break }
        }
        selectedIndex = index
        setNeedsDisplay()
        sendActions(for: .valueAndPrimaryAction)
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        var context = context
        if !isEnabled { context.alpha *= theme.disabledAlpha }
        let radius = min(theme.cornerRadius, bounds.height / 2)
        context.fill(roundedRect: bounds, cornerRadius: radius, color: theme.surface)
        let count = titles.count
        guard count > 0 else { return }
        let shownSelection = isMomentary ? SegmentedControl.noSegment : selectedIndex
        let inset = theme.segmentInset
        let rightToLeft = isRightToLeft
        var i = 0
        while i < count {
            let segment = rectForSegment(at: i)
            // A divider between two segments neither of which is selected.
            if i > 0 && i != shownSelection && i - 1 != shownSelection {
                let height = bounds.height * 0.5
                context.fill(
                    Rect(
                        x: (rightToLeft ? segment.maxX : segment.minX) - 0.5, y: bounds.midY - height / 2, width: 1,
                        height: height),
                    color: theme.divider)
            }
            let inner = segment.insetBy(dx: inset, dy: inset)
            let innerRadius = max(radius - inset, 0)
            if i == shownSelection {
                context.fill(
                    roundedRect: inner, cornerRadius: innerRadius, color: selectedSegmentTintColor ?? theme.accent)
            }
            if i == highlightedIndex {
                context.fill(roundedRect: inner, cornerRadius: innerRadius, color: theme.pressedOverlay)
            }
            let color = !enabledSegments[i] ? theme.disabledText : i == shownSelection ? theme.onAccent : theme.text
            context.draw(
                titles[i], font: theme.segmentFont, color: color, in: inner.insetBy(dx: 4, dy: 0),
                alignment: .center, lineBreak: .truncateTail)
            i += 1
        }
    }
}
