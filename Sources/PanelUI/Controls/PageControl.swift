/// A row of dots, one per page, the current one bright: UIKit's `UIPageControl`.
///
/// - A tap (a lift inside, bounds grown by `Control.touchMargin`) on the
///   left half goes back one page, on the right half forward one, and sends
///   `.valueChanged` and `.primaryActionTriggered` when the page changed, as
///   UIKit does. Setting `currentPage` sends nothing.
/// - `hidesForSinglePage`: with one page (or none) nothing is drawn and
///   touches do nothing.
///
/// Touches and sending actions allocate nothing.
///
///     let pages = PageControl(frame: Rect(x: 0, y: 440, width: 800, height: 40))
///     pages.numberOfPages = 3
///     pages.addAction(for: .valueChanged) { _ in scroller.showPage(pages.currentPage) }
open class PageControl: Control {
    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// The other pages' dots; `nil` uses the theme's.
    public var pageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The current page's dot; `nil` uses the theme's.
    public var currentPageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }
    /// When true nothing is drawn while there is only one page. False by default, as in UIKit.
    public final var hidesForSinglePage = false { didSet { setNeedsDisplay() } }

    @usableFromInline internal final var pageCount = 0
    @usableFromInline internal final var page = 0

    public init(frame: Rect = .zero, name: String = "", numberOfPages: Int = 0) {
        super.init(frame: frame, name: name)
        self.numberOfPages = numberOfPages
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(PageControl.self)
    }

    /// How many dots; not negative. `currentPage` is clamped to the new count.
    public var numberOfPages: Int {
        get { pageCount }
        set {
            pageCount = max(newValue, 0)
            page = min(max(page, 0), max(pageCount - 1, 0))
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    /// The page shown, 0…`numberOfPages` − 1, clamped. Setting it sends no action.
    public var currentPage: Int {
        get { page }
        set {
            let clamped = min(max(newValue, 0), max(pageCount - 1, 0))
            guard clamped != page else { return }
            page = clamped
            setNeedsDisplay()
        }
    }

    /// Whether the dots are drawn and touches do anything.
    public final var showsIndicators: Bool { !(hidesForSinglePage && pageCount <= 1) }

    /// UIKit's `size(forNumberOfPages:)`: the dots' row with half a spacing
    /// at each end, at least a finger's height.
    public func size(forNumberOfPages pageCount: Int) -> Size {
        Size(width: Double(max(pageCount, 0)) * theme.pageIndicatorSpacing, height: theme.controlHeight)
    }

    open override var intrinsicContentSize: Size { size(forNumberOfPages: pageCount) }
    open override func sizeThatFits(_ size: Size) -> Size { self.size(forNumberOfPages: pageCount) }

    /// Dot `index`'s rectangle, in the control's coordinates: the row centred in the bounds.
    public func indicatorRect(at index: Int) -> Rect {
        let spacing = theme.pageIndicatorSpacing
        let d = theme.pageIndicatorDiameter
        let firstCentre = bounds.midX - Double(pageCount - 1) * spacing / 2
        // Right to left, the first page's dot at the right, as UIKit's.
        let step = isRightToLeft ? -spacing : spacing
        let x = (isRightToLeft ? bounds.midX + Double(pageCount - 1) * spacing / 2 : firstCentre) + Double(index) * step
        return Rect(x: x - d / 2, y: bounds.midY - d / 2, width: d, height: d)
    }

    // MARK: Tracking (C4)

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        showsIndicators && pageCount > 1
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard isTouchInside, let touch else { return }
        // Right to left, the next page is to the left.
        let forward = (touch.location(in: self).x >= bounds.midX) != isRightToLeft
        movePage(by: forward ? 1 : -1)
    }

    @usableFromInline @discardableResult internal func movePage(by step: Int) -> Bool {
        let next = min(max(page + step, 0), max(pageCount - 1, 0))
        guard next != page else { return false }
        page = next
        setNeedsDisplay()
        sendActions(for: .valueAndPrimaryAction)
        return true
    }

    // MARK: Gestures (G20)

    /// G20: a parent's single one-finger tap would do what the control does.
    open override func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? TapGestureRecognizer {
            return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
        }
        return false
    }

    // MARK: Focus (rotary encoders)

    open override var canBecomeFocused: Bool { isEnabled && showsIndicators && pageCount > 1 }
    /// The next page, sending `.valueChanged`.
    /// A push of the encoder enters adjusting: turns step it (UIKit gives it the `.adjustable` trait).
    open override var isAdjustable: Bool { true }
    open override func accessibilityIncrement() { if isEnabled { movePage(by: 1) } }
    /// The previous page, sending `.valueChanged`.
    open override func accessibilityDecrement() { if isEnabled { movePage(by: -1) } }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard showsIndicators else { return }
        var context = context
        if !isEnabled { context.alpha *= theme.disabledAlpha }
        let other = pageIndicatorTintColor ?? theme.pageIndicator
        let current = currentPageIndicatorTintColor ?? theme.currentPageIndicator
        var i = 0
        while i < pageCount {
            context.fill(ellipseIn: indicatorRect(at: i), color: i == page ? current : other)
            i += 1
        }
    }
}
