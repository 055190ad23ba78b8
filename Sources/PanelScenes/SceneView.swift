import PanelUI

/// A scene file's plain view: a `LoggingView` whose hit-testing and touch
/// handling are chosen by the file instead of by overriding in code.
public final class SceneView: LoggingView {
    /// `hitArea`: where the view counts as touched (overrides `point(inside:)`, R5).
    public enum HitArea: Equatable {
        case bounds
        /// The ellipse inscribed in the bounds.
        case round
        /// The bounds grown by this many points on every side.
        case outset(Double)
    }

    /// `hitTest`: what the view answers to `hitTest(_:with:)` (R5).
    public enum HitTestBehaviour {
        case standard
        /// Itself whenever the point is inside, so no subview is ever hit.
        case claimsTouches
        /// Never itself: a touch that would land on it falls through to what lies behind.
        case transparent
        /// This descendant whenever the point is inside.
        case redirect(View)
    }

    public var hitArea = HitArea.bounds
    public var hitTestBehaviour = HitTestBehaviour.standard
    public var canBecomeFirstResponderInScene = false

    public override func point(inside point: Point, with event: Event?) -> Bool {
        switch hitArea {
        case .bounds:
            return bounds.contains(point)
        case .round:
            let rx = bounds.width / 2
            let ry = bounds.height / 2
            guard rx > 0, ry > 0 else { return false }
            let dx = (point.x - bounds.midX) / rx
            let dy = (point.y - bounds.midY) / ry
            return dx * dx + dy * dy <= 1
        case .outset(let distance):
            return bounds.insetBy(dx: -distance, dy: -distance).contains(point)
        }
    }

    public override func hitTest(_ point: Point, with event: Event?) -> View? {
        switch hitTestBehaviour {
        case .standard:
            return super.hitTest(point, with: event)
        case .claimsTouches:
            return super.hitTest(point, with: event) == nil ? nil : self
        case .transparent:
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        case .redirect(let target):
            return super.hitTest(point, with: event) == nil ? nil : target
        }
    }

    public override var canBecomeFirstResponder: Bool { canBecomeFirstResponderInScene }
}

/// The delegate a scene file's recognizer gets when the file answers for it:
/// `simultaneousWith`, `shouldBegin` and `shouldReceiveTouch`.
public final class SceneRecognizerDelegate: GestureRecognizerDelegate {
    public lazy var lifetime = Lifetime(of: self)
    public var simultaneousWith: [GestureRecognizer] = []
    public var shouldBegin = true
    public var shouldReceiveTouch = true

    public init() {}

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        shouldReceiveTouch
    }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        for i in 0..<simultaneousWith.count where simultaneousWith[i] === other { return true }
        return false
    }
}

/// A label that follows a slider or switch: its text is the file's `text`
/// and the control's value ("Volume 62%", "Wi-Fi on").
public final class LabelValueBinding {
    /// Retained: a label has no subviews, so it cannot hold the binding back.
    public let label: Label
    public let prefix: String

    public init(label: Label, prefix: String) {
        self.label = label
        self.prefix = prefix
    }

    public func show(_ control: Control) {
        if let slider = control as? Slider {
            let range = slider.maximumValue - slider.minimumValue
            let fraction = range > 0 ? (slider.value - slider.minimumValue) / range : 0
            let scaled = fraction * 100
            guard scaled >= 0 && scaled < 999 else {
                label.text = text(String(Int(scaled.rounded())) + "%")
                return
            }
            // Half away from zero, as `rounded()`, without its libm call: a drag sets this every frame.
            var percent = Int(scaled)
            if scaled - Double(percent) >= 0.5 { percent += 1 }
            label.text = text(percent: percent)
        } else if let toggle = control as? Switch {
            label.text = text(toggle.isOn ? "on" : "off")
        } else {
            label.text = text("")
        }
    }

    func text(_ value: String) -> String {
        prefix.isEmpty ? value : prefix + " " + value
    }

    /// "Volume 62%": the prefix's bytes, a space, the digits and the sign, put
    /// together once (a drag frame's text, built without the general string
    /// operations' work for each piece).
    func text(percent: Int) -> String {
        var prefix = self.prefix
        return prefix.withUTF8 { head in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: head.count + 5) { buffer in
                var at = 0
                for byte in head {
                    buffer[at] = byte
                    at += 1
                }
                if !head.isEmpty {
                    buffer[at] = 0x20
                    at += 1
                }
                if percent >= 100 {
                    buffer[at] = UInt8(truncatingIfNeeded: 0x30 + percent / 100)
                    at += 1
                }
                if percent >= 10 {
                    buffer[at] = UInt8(truncatingIfNeeded: 0x30 + percent / 10 % 10)
                    at += 1
                }
                buffer[at] = UInt8(truncatingIfNeeded: 0x30 + percent % 10)
                buffer[at + 1] = 0x25 // %
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<at + 2]), as: UTF8.self)
            }
        }
    }
}
