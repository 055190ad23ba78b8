/// A value between a minimum and a maximum, shown as an arc that fills
/// clockwise: SwiftUI's `Gauge` in its circular style, LVGL's arc as an
/// indicator. A thermostat's temperature, a tank's level.
///
/// `value` is clamped to `minimumValue`…`maximumValue`.
/// `setValue(_:animated:)` moves the arc there in `Theme.animationDuration`,
/// stepped by the application's `DisplayLink` like a progress view (a gauge
/// in no application's window jumps). It takes no touches (R12), like a label.
///
///     let temperature = Gauge(frame: Rect(x: 20, y: 20, width: 120, height: 120), minimumValue: 10, maximumValue: 30)
///     temperature.setValue(21.5, animated: true)
open class Gauge: View {
    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// The filled part of the arc; `nil` uses the theme's accent.
    public var gaugeTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The unfilled part; `nil` uses the theme's track colour.
    public var trackTintColor: Color? { didSet { setNeedsDisplay() } }

    /// The value at the arc's start. Raising it past `maximumValue` raises that too, as UISlider does.
    public var minimumValue: Double {
        didSet {
            if minimumValue.isNaN { minimumValue = oldValue }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// The value at the arc's end. Lowering it under `minimumValue` lowers that too.
    public var maximumValue: Double {
        didSet {
            if maximumValue.isNaN { maximumValue = oldValue }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }

    @usableFromInline internal final var storedValue: Double
    /// The fraction of the arc drawn: `value`'s, or on its way there during `setValue(_:animated: true)`.
    @usableFromInline internal let animator = ControlAnimator(value: 0)

    public init(
        frame: Rect = .zero, name: String = "", value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 1
    ) {
        self.minimumValue = minimumValue.isNaN ? 0 : minimumValue
        self.maximumValue = maximumValue.isNaN ? 1 : Swift.max(maximumValue, self.minimumValue)
        storedValue = self.minimumValue
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
        setValue(value, animated: false)
    }

    deinit {
        animator.stop()
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Gauge.self)
    }

    /// `Theme.gaugeDiameter` square.
    open override var intrinsicContentSize: Size { Size(width: theme.gaugeDiameter, height: theme.gaugeDiameter) }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// The value shown, clamped to the range; NaN is the minimum. Setting it moves the arc at once.
    public var value: Double {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    /// Sets `value` (clamped), moving the arc there when `animated` and the
    /// gauge is in an application's window.
    public func setValue(_ value: Double, animated: Bool) {
        storedValue = value.isNaN ? minimumValue : Swift.min(Swift.max(value, minimumValue), maximumValue)
        let span = maximumValue - minimumValue
        let fraction = span > 0 && span.isFinite ? (storedValue - minimumValue) / span : 0
        if animated, let displayLink = application?.displayLink {
            animator.animate(self, to: fraction, duration: theme.animationDuration, on: displayLink)
        } else {
            animator.jump(to: fraction)
        }
        setNeedsDisplay()
    }

    /// The fraction of the arc filled now: 0 at the minimum, 1 at the maximum, between while animating.
    public var presentedFraction: Double { animator.value }

    /// The arc's sweep: 270°, from lower left (the minimum) clockwise over the top to lower right.
    public static let sweep = 1.5 * Double.pi
    /// Where the arc starts, clockwise from 12 o'clock.
    public static let startAngle = -0.75 * Double.pi

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let lineWidth = Swift.min(theme.gaugeLineWidth, Swift.min(bounds.width, bounds.height) / 2)
        guard lineWidth > 0 else { return }
        let fraction = animator.value
        drawArc(from: fraction, to: 1, lineWidth: lineWidth, color: trackTintColor ?? theme.track, in: context)
        if fraction > 0 {
            drawArc(from: 0, to: fraction, lineWidth: lineWidth, color: gaugeTintColor ?? theme.accent, in: context)
        }
    }

    /// The arc from `start` to `end` (fractions of the sweep) as overlapping
    /// round dots an eighth of the line apart, which needs no path rasterizer
    /// and gives round ends (the edge between dots dips under 0.01 of the line).
    func drawArc(from start: Double, to end: Double, lineWidth: Double, color: Color, in context: GraphicsContext) {
        let centre = bounds.center
        let radius = Swift.min(bounds.width, bounds.height) / 2 - lineWidth / 2
        guard radius > 0, end >= start else { return }
        let length = radius * Self.sweep * (end - start)
        let steps = Swift.max(Int((length / (lineWidth / 8)).rounded(.up)), 1)
        var i = 0
        while i <= steps {
            let angle = Self.startAngle + Self.sweep * (start + (end - start) * Double(i) / Double(steps))
            let direction = sineCosine(angle)
            let x = centre.x + direction.sine * radius
            let y = centre.y - direction.cosine * radius
            context.fill(
                ellipseIn: Rect(x: x - lineWidth / 2, y: y - lineWidth / 2, width: lineWidth, height: lineWidth),
                color: color)
            i += 1
        }
    }
}
