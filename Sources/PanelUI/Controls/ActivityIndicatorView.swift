/// A spinner of twelve spokes, the lead one bright and the rest fading
/// behind it: UIKit's `UIActivityIndicatorView` (medium style).
///
/// - `startAnimating()` and `stopAnimating()`; `isAnimating` says which.
/// - `hidesWhenStopped` (true by default): stopping hides the view
///   (`isHidden`), starting shows it, as in UIKit.
/// - It steps on the application's `DisplayLink` only while it is
///   animating **and** could be seen: not hidden, no hidden ancestor, in a
///   window of an application. Otherwise it is no display-link target, so a
///   stopped, hidden or removed spinner schedules no frame and costs no CPU.
///   Its window tells it when a view's `isHidden` changes and the window's
///   application changes; moving in or out of a window tells it too.
/// - The lead spoke moves on `Theme.activityIndicatorStepsPerSecond` times
///   a second (one turn a second); the view is redrawn only when it moves.
///
/// It takes no touches (R12). A frame allocates nothing.
open class ActivityIndicatorView: View {
    /// Spokes around the circle.
    public static let spokeCount = 12

    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// The spokes' colour; `nil` uses the theme's.
    public var color: Color? { didSet { setNeedsDisplay() } }
    /// When true (the default) the view is hidden while stopped; turning it
    /// off shows a stopped indicator (still, and off the display link).
    public final var hidesWhenStopped = true {
        didSet { if hidesWhenStopped != oldValue && !animating { isHidden = hidesWhenStopped } }
    }

    @usableFromInline internal final var animating = false
    /// The lead spoke, 0 at twelve o'clock, clockwise.
    @usableFromInline internal final var phase = 0
    @usableFromInline internal let stepper: ActivityIndicatorStepper
    /// The window this view is registered with for visibility changes (see `Window`).
    /// Unretained: the window holds this view while it is registered, and this view
    /// leaves it in `didMoveToWindow` before it leaves the window's hierarchy.
    @usableFromInline internal unowned(unsafe) final var registeredWindow: Window?

    public override init(frame: Rect = .zero, name: String = "") {
        stepper = ActivityIndicatorStepper()
        super.init(frame: frame, name: name)
        stepper.indicator = self
        isUserInteractionEnabled = false
        isHidden = true // stopped, and hidesWhenStopped
    }

    deinit {
        stepper.stop()
        stepper.indicator = nil
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(ActivityIndicatorView.self)
    }

    /// `Theme.activityIndicatorDiameter` square.
    open override var intrinsicContentSize: Size {
        Size(width: theme.activityIndicatorDiameter, height: theme.activityIndicatorDiameter)
    }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    // MARK: Animating

    /// Whether it spins (UIKit's meaning for an activity indicator; on other views it says a view animation runs).
    open override var isAnimating: Bool { animating }

    /// Starts spinning (and shows the view when `hidesWhenStopped`).
    public func startAnimating() {
        guard !animating else { return }
        animating = true
        if hidesWhenStopped { isHidden = false }
        updateDisplayLinkRegistration()
    }

    /// Stops spinning (and hides the view when `hidesWhenStopped`); no frame is scheduled for it after.
    public func stopAnimating() {
        guard animating else { return }
        animating = false
        updateDisplayLinkRegistration()
        if hidesWhenStopped { isHidden = true }
        setNeedsDisplay()
    }

    /// The lead spoke, 0…11 clockwise from twelve o'clock. It advances while
    /// animating; setting it draws that phase (a still picture of the spinner).
    public var animationPhase: Int {
        get { phase }
        set {
            let wrapped = ((newValue % Self.spokeCount) + Self.spokeCount) % Self.spokeCount
            guard wrapped != phase else { return }
            phase = wrapped
            setNeedsDisplay()
        }
    }

    /// Whether it is on screen as far as the hierarchy says: not hidden, no
    /// hidden ancestor, in a window that is in an application.
    public var isVisibleInWindow: Bool {
        guard let window, window.owningApplication != nil else { return false }
        var view: View? = self
        while let current = view {
            if current.isHidden { return false }
            if current === window { return true }
            view = current.superview
        }
        return false
    }

    /// Joins or leaves the display link as animating-and-visible says.
    @usableFromInline internal func updateDisplayLinkRegistration() {
        if animating, isVisibleInWindow, let link = window?.owningApplication?.displayLink {
            stepper.start(on: link)
        } else {
            stepper.stop()
        }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if registeredWindow !== window {
            registeredWindow?.removeVisibilityObserver(self)
            registeredWindow = window
            window?.addVisibilityObserver(self)
        }
        updateDisplayLinkRegistration()
    }

    @usableFromInline internal func displayLinkDidFire(_ link: DisplayLink) {
        let elapsed = link.timestamp - stepper.startTime
        // Only the phase counts: the steps are taken modulo the spokes before
        // they become an Int, which a 32-bit board's (armv7) would overflow
        // after 2^31 steps (months of spinning at a fast theme's rate).
        let steps = (elapsed * theme.activityIndicatorStepsPerSecond).rounded(.down)
        guard steps.isFinite else { return }
        animationPhase = stepper.startPhase + Int(steps.truncatingRemainder(dividingBy: Double(Self.spokeCount)))
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let lead = color ?? theme.activityIndicator
        let size = min(bounds.width, bounds.height, theme.activityIndicatorDiameter)
        let centre = bounds.center
        let outer = size / 2
        let width = max(size * 0.09, 1.5)
        let inner = outer * 0.45
        var spoke = 0
        while spoke < Self.spokeCount {
            // How many steps behind the lead this spoke is: the further, the fainter.
            let behind = (phase - spoke + Self.spokeCount) % Self.spokeCount
            let fade = Double(behind) / Double(Self.spokeCount)
            let spokeColor = lead.mixed(with: theme.background, fraction: 0.15 + 0.7 * fade)
            let direction = sineCosine(2 * Double.pi * Double(spoke) / Double(Self.spokeCount))
            // A capsule from `inner` to `outer` as overlapping opaque dots, which needs no path rasterizer.
            let from = inner + width / 2
            let to = outer - width / 2
            let dots = 6
            var i = 0
            while i <= dots {
                let r = from + (to - from) * Double(i) / Double(dots)
                let x = centre.x + direction.sine * r
                let y = centre.y - direction.cosine * r
                context.fill(
                    ellipseIn: Rect(x: x - width / 2, y: y - width / 2, width: width, height: width), color: spokeColor)
                i += 1
            }
            spoke += 1
        }
    }
}

/// The indicator's display-link target. The display link retains it while the
/// indicator spins; its back link is unretained and cleared by the
/// indicator's `deinit` (which stops it first), so it never names a freed view.
@usableFromInline
internal final class ActivityIndicatorStepper: DisplayLinkTarget {
    @usableFromInline internal unowned(unsafe) var indicator: ActivityIndicatorView?
    @usableFromInline internal var displayLink: DisplayLink?
    @usableFromInline internal var startTime = 0.0
    @usableFromInline internal var startPhase = 0

    @usableFromInline internal init() {}

    @usableFromInline internal func start(on link: DisplayLink) {
        guard displayLink !== link else { return }
        stop()
        displayLink = link
        startTime = link.runLoop.now
        startPhase = indicator?.phase ?? 0
        link.add(self)
    }

    @usableFromInline internal func stop() {
        displayLink?.remove(self)
        displayLink = nil
    }

    @usableFromInline internal func displayLinkDidFire(_ link: DisplayLink) {
        indicator?.displayLinkDidFire(link)
    }
}
