/// A bar that fills as a task progresses: UIKit's `UIProgressView` (default style).
///
/// `progress` is 0…1, clamped. `setProgress(_:animated:)` slides the
/// filled part there in `Theme.animationDuration`, stepped by the
/// application's `DisplayLink` like a slider's thumb (a progress view in no
/// application's window jumps). It takes no touches (R12), like a label.
///
///     let download = ProgressView(frame: Rect(x: 20, y: 20, width: 300, height: 6))
///     download.setProgress(0.4, animated: true)
open class ProgressView: View {
    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// The filled part; `nil` uses the theme's accent.
    public var progressTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The unfilled track; `nil` uses the theme's track colour.
    public var trackTintColor: Color? { didSet { setNeedsDisplay() } }

    @usableFromInline internal final var storedProgress = 0.0
    /// The progress drawn: `progress`, or on its way there during `setProgress(_:animated: true)`.
    @usableFromInline internal let animator = ControlAnimator(value: 0)

    public init(frame: Rect = .zero, name: String = "", progress: Double = 0) {
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
        setProgress(progress, animated: false)
    }

    deinit {
        animator.stop()
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(ProgressView.self)
    }

    /// No width of its own, the bar's height.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: theme.progressBarHeight)
    }

    open override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: theme.progressBarHeight) }

    /// 0 (empty) to 1 (full), clamped; NaN is 0. Setting it fills at once.
    public var progress: Double {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }

    /// Sets `progress` (clamped), sliding the filled part there when
    /// `animated` and the view is in an application's window.
    public func setProgress(_ progress: Double, animated: Bool) {
        storedProgress = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if animated, let displayLink = application?.displayLink {
            animator.animate(self, to: storedProgress, duration: theme.animationDuration, on: displayLink)
        } else {
            animator.jump(to: storedProgress)
        }
        setNeedsDisplay()
    }

    /// The fraction drawn now: `progress`, or between the old and new values while animating.
    public var presentedProgress: Double { animator.value }

    /// The bar: the full width, `Theme.progressBarHeight` high (at most the bounds'), centred vertically.
    public var trackRect: Rect {
        let height = min(theme.progressBarHeight, bounds.height)
        return Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let track = trackRect
        let radius = track.height / 2
        context.fill(roundedRect: track, cornerRadius: radius, color: trackTintColor ?? theme.track)
        let width = track.width * animator.value
        guard width > 0 else { return }
        context.fill(
            roundedRect: Rect(x: track.minX, y: track.minY, width: width, height: track.height),
            cornerRadius: min(radius, width / 2), color: progressTintColor ?? theme.accent)
    }
}
