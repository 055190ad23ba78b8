import PanelUI

/// Follows every touch message each probed view receives and checks R3's
/// order per touch and view: began, then moved or stationary any number of
/// times, then ended or cancelled exactly once. Pooled `Touch` objects come
/// back for new fingers, so a finished touch may begin again.
final class PhaseProbe {
    enum Phase { case began, moved, ended, cancelled }

    /// Open touches, by view and touch object.
    var open: [ObjectIdentifier: [ObjectIdentifier: Int]] = [:]
    var violations: [String] = []
    var messages = 0
    var began = 0
    var finished = 0

    func record(_ view: View, _ touches: TouchSet, _ phase: Phase) {
        let viewID = ObjectIdentifier(view)
        for touch in touches {
            messages += 1
            let touchID = ObjectIdentifier(touch)
            let isOpen = open[viewID]?[touchID] != nil
            switch phase {
            case .began:
                if isOpen { violations.append("'\(view.name)' got touchesBegan for a touch it already had") }
                open[viewID, default: [:]][touchID] = 1
                began += 1
            case .moved:
                if !isOpen { violations.append("'\(view.name)' got touchesMoved for a touch that had not begun there") }
            case .ended, .cancelled:
                if !isOpen {
                    violations.append(
                        "'\(view.name)' got touches\(phase == .ended ? "Ended" : "Cancelled") for a touch "
                            + "that had not begun there, or a second time")
                }
                open[viewID]?[touchID] = nil
                finished += 1
            }
        }
    }

    var openCount: Int { open.values.reduce(0) { $0 + $1.count } }
}

/// A plain view that reports its messages to a probe and, as UIKit's default,
/// passes them on up the responder chain when `forwards` is set.
final class ProbeView: View {
    // Retained: the probe holds only identifiers, so there is no cycle.
    let probe: PhaseProbe
    var forwards = false

    init(frame: Rect, name: String, probe: PhaseProbe) {
        self.probe = probe
        super.init(frame: frame, name: name)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        probe.record(self, touches, .began)
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        probe.record(self, touches, .moved)
        if forwards { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        probe.record(self, touches, .ended)
        if forwards { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        probe.record(self, touches, .cancelled)
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

final class ProbeButton: Button {
    var probe: PhaseProbe?
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .began)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .moved)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .ended)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .cancelled)
        super.touchesCancelled(touches, with: event)
    }
}

final class ProbeSlider: Slider {
    var probe: PhaseProbe?
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .began)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .moved)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .ended)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .cancelled)
        super.touchesCancelled(touches, with: event)
    }
}

final class ProbeSwitch: Switch {
    var probe: PhaseProbe?
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .began)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .moved)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .ended)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        probe?.record(self, touches, .cancelled)
        super.touchesCancelled(touches, with: event)
    }
}

/// Checks every recognizer state change against G3's state machine: a
/// discrete gesture goes possible → recognized (ended) or failed; a continuous
/// one possible → began → changed* → ended or cancelled, or possible → failed;
/// every finished recognizer goes back to possible.
final class StateProbe: GestureStateObserver {
    var states: [ObjectIdentifier: GestureRecognizer.State] = [:]
    var violations: [String] = []
    var changes = 0

    func gestureRecognizer(_ recognizer: GestureRecognizer, didChangeStateTo state: GestureRecognizer.State) {
        changes += 1
        let id = ObjectIdentifier(recognizer)
        let previous = states[id] ?? .possible
        states[id] = state
        let discrete = recognizer is TapGestureRecognizer || recognizer is SwipeGestureRecognizer
        let allowed: Bool
        switch (previous, state) {
        case (.possible, .ended), (.possible, .failed): allowed = true
        case (.possible, .began): allowed = !discrete
        case (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            allowed = !discrete
        case (.ended, .possible), (.failed, .possible), (.cancelled, .possible): allowed = true
        default: allowed = false
        }
        if !allowed {
            violations.append(
                "\(discrete ? "discrete" : "continuous") recognizer '\(recognizer.name)' went \(previous) → \(state) (G3)"
            )
        }
    }
}
