import PanelKit

/// A round thermostat dial: UIKit-style custom control. The setpoint runs
/// clockwise along a 270° arc from `minimumValue` (lower left) to
/// `maximumValue` (lower right).
///
/// - One finger drags the knob along the arc (control tracking, C4): the
///   value is the one whose angle is under the finger.
/// - Two fingers turn the dial (a rotation gesture recognizer): the value
///   moves by the turned angle. Recognition cancels the one-finger tracking
///   (G-rules: the recognizer's cancelsTouchesInView).
///
/// Both send `.valueChanged` for each change of the value (in `step`s).
final class DialView: Control {
    let minimumValue = Thermostat.minimumValue
    let maximumValue = Thermostat.maximumValue
    /// Values snap to this.
    let step = Thermostat.step
    /// Where the arc starts (from +x, clockwise, y down) and how far it sweeps.
    static let startAngle = 0.75 * Double.pi
    static let sweep = 1.5 * Double.pi

    private(set) var value = 21.0
    let rotation = RotationGestureRecognizer(name: "turn")
    private var valueAtRotationStart = 21.0

    override init(frame: Rect = .zero, name: String = "dial") {
        super.init(frame: frame, name: name)
        isMultipleTouchEnabled = true
        addGestureRecognizer(rotation)
        rotation.addAction { [unowned(unsafe) self] recognizer in self.rotationChanged(recognizer) }
    }

    /// Sets the value, clamped and snapped; sends `.valueChanged` when it changed and `sendsActions`.
    func setValue(_ newValue: Double, sendsActions: Bool) {
        let clamped = min(max(newValue, minimumValue), maximumValue)
        let snapped = (clamped / step).rounded() * step
        guard snapped != value else { return }
        value = snapped
        setNeedsDisplay()
        if sendsActions { sendActions(for: .valueChanged) }
    }

    // A board's rotary encoder (its `encoder` section) or the arrow keys: a
    // push on the focused dial adjusts it, and each detent moves one step.
    override var isAdjustable: Bool { true }
    override func accessibilityIncrement() { setValue(value + step, sendsActions: true) }
    override func accessibilityDecrement() { setValue(value - step, sendsActions: true) }

    // A round control: only the ring and what is inside it take touches.
    override func point(inside point: Point, with event: Event?) -> Bool {
        let dx = point.x - bounds.midX
        let dy = point.y - bounds.midY
        return dx * dx + dy * dy <= bounds.width * bounds.width / 4
    }

    // MARK: Dragging the knob

    /// Only a finger on the ring takes the knob; one inside it (the start of a
    /// two-finger turn, say) leaves the value alone.
    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let p = touch.location(in: self)
        let dx = p.x - bounds.midX
        let dy = p.y - bounds.midY
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= bounds.width / 2 - 70 else { return false }
        follow(touch)
        return true
    }

    override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        follow(touch)
        return true
    }

    /// The value at the finger's angle; the dead zone at the bottom keeps the nearer end.
    private func follow(_ touch: Touch) {
        let p = touch.location(in: self)
        var angle = arcTangent(p.y - bounds.midY, p.x - bounds.midX) - Self.startAngle
        while angle < 0 { angle += 2 * Double.pi }
        if angle > Self.sweep {
            angle = angle - Self.sweep < (2 * Double.pi - Self.sweep) / 2 ? Self.sweep : 0
        }
        setValue(minimumValue + angle / Self.sweep * (maximumValue - minimumValue), sendsActions: true)
    }

    // MARK: Turning with two fingers

    private func rotationChanged(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began:
            valueAtRotationStart = value
        case .changed, .ended:
            let radiansPerDegree = Self.sweep / (maximumValue - minimumValue)
            setValue(valueAtRotationStart + rotation.rotation / radiansPerDegree, sendsActions: true)
        default:
            break
        }
    }

    // MARK: Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let theme = Theme.standard
        let ring = bounds.insetBy(dx: 8, dy: 8)
        context.fill(ellipseIn: ring, color: theme.surface)
        // The arc as dots: filled up to the value in the accent colour.
        let fraction = (value - minimumValue) / (maximumValue - minimumValue)
        let radius = ring.width / 2 - 22
        let dots = 41
        for i in 0..<dots {
            let t = Double(i) / Double(dots - 1)
            let (sine, cosine) = sineCosine(Self.startAngle + t * Self.sweep)
            let center = Point(x: bounds.midX + cosine * radius, y: bounds.midY + sine * radius)
            let size = t <= fraction ? 10.0 : 6.0
            context.fill(
                ellipseIn: Rect(x: center.x - size / 2, y: center.y - size / 2, width: size, height: size),
                color: t <= fraction ? theme.accent : theme.track)
        }
        // The knob at the value.
        let (sine, cosine) = sineCosine(Self.startAngle + fraction * Self.sweep)
        let knob = Point(x: bounds.midX + cosine * radius, y: bounds.midY + sine * radius)
        context.fill(ellipseIn: Rect(x: knob.x - 16, y: knob.y - 16, width: 32, height: 32), color: theme.thumb)
        context.fill(ellipseIn: Rect(x: knob.x - 9, y: knob.y - 9, width: 18, height: 18), color: theme.accent)
        // The setpoint in the middle.
        context.draw(
            Thermostat.setpointTexts[Thermostat.index(of: value)], font: .boldSystem(size: 56), color: theme.text,
            in: Rect(x: bounds.minX, y: bounds.midY - 40, width: bounds.width, height: 70), alignment: .center)
        context.draw(
            "setpoint", font: .system(size: 18), color: theme.secondaryText,
            in: Rect(x: bounds.minX, y: bounds.midY + 32, width: bounds.width, height: 28), alignment: .center)
    }
}
