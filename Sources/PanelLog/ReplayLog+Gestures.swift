import PanelUI

/// The `gesture` lines: one per state change of any recognizer, failures included.
///
/// ```
/// {"type":"gesture","t":0.52,"recognizer":"pan","kind":"pan","state":"changed","touches":2,"translation":[0.0,41.5],"velocity":[0.0,310.2]}
/// ```
extension ReplayLog: GestureStateObserver {
    public func gestureRecognizer(_ recognizer: GestureRecognizer, didChangeStateTo state: GestureRecognizer.State) {
        guard state != .possible else { return } // resets are not logged: the next state says it all
        let kind = Self.kind(of: recognizer)
        writer.beginObject(type: "gesture")
        writer.field("t", time, decimals: 4)
        writer.field("recognizer", recognizer.name)
        writer.field("kind", kind.name)
        writer.field("state", Self.name(of: state, discrete: kind.isDiscrete))
        writer.field("touches", recognizer.numberOfTouches)
        let view = recognizer.view
        if let pan = recognizer as? PanGestureRecognizer {
            let translation = pan.translation(in: view)
            let velocity = pan.velocity(in: view)
            writer.field("translation", translation.x, translation.y, decimals: 1)
            writer.field("velocity", velocity.x, velocity.y, decimals: 1)
        } else if let pinch = recognizer as? PinchGestureRecognizer {
            writer.field("scale", pinch.scale, decimals: 3)
            writer.field("velocity", pinch.velocity, decimals: 3)
        } else if let rotation = recognizer as? RotationGestureRecognizer {
            writer.field("rotation", rotation.rotation, decimals: 3)
            writer.field("velocity", rotation.velocity, decimals: 3)
        } else if let swipe = recognizer as? SwipeGestureRecognizer, state == .recognized,
            let direction = Self.name(of: swipe.recognizedDirection)
        {
            writer.field("direction", direction)
        }
        if kind.hasLocation {
            let location = recognizer.location(in: view)
            writer.field("location", location.x, location.y, decimals: 1)
        }
        writer.endObject()
    }

    @usableFromInline struct Kind {
        @usableFromInline var name: StaticString
        @usableFromInline var isDiscrete: Bool
        @usableFromInline var hasLocation: Bool
    }

    @usableFromInline static func kind(of recognizer: GestureRecognizer) -> Kind {
        if recognizer is ScreenEdgePanGestureRecognizer {
            return Kind(name: "screenEdgePan", isDiscrete: false, hasLocation: false)
        }
        if recognizer is PanGestureRecognizer { return Kind(name: "pan", isDiscrete: false, hasLocation: false) }
        if recognizer is TapGestureRecognizer { return Kind(name: "tap", isDiscrete: true, hasLocation: true) }
        if recognizer is LongPressGestureRecognizer {
            return Kind(name: "longPress", isDiscrete: false, hasLocation: true)
        }
        if recognizer is SwipeGestureRecognizer { return Kind(name: "swipe", isDiscrete: true, hasLocation: true) }
        if recognizer is PinchGestureRecognizer { return Kind(name: "pinch", isDiscrete: false, hasLocation: false) }
        if recognizer is RotationGestureRecognizer {
            return Kind(name: "rotation", isDiscrete: false, hasLocation: false)
        }
        return Kind(name: "custom", isDiscrete: false, hasLocation: true)
    }

    /// `.ended` prints as `recognized` for discrete gestures, as UIKit names it.
    @usableFromInline static func name(of state: GestureRecognizer.State, discrete: Bool) -> StaticString {
        switch state {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return discrete ? "recognized" : "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }

    @usableFromInline static func name(of direction: SwipeGestureRecognizer.Direction) -> StaticString? {
        if direction == .right { return "right" }
        if direction == .left { return "left" }
        if direction == .up { return "up" }
        if direction == .down { return "down" }
        return nil
    }
}
