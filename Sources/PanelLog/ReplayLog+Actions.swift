import PanelUI

/// The `action` lines: one per control event a control sends (every event of C1).
///
/// ```
/// {"type":"action","t":1.25,"control":"volume","event":"valueChanged","value":0.62}
/// ```
extension ReplayLog {
    /// Logs `event` sent by `control`, with `value` when the control has one.
    public func action(_ control: Control, _ event: StaticString, value: Double?) {
        writer.beginObject(type: "action")
        writer.field("t", time, decimals: 4)
        writer.field("control", control.name)
        writer.field("event", event)
        if let value { writer.field("value", value, decimals: 3) }
        writer.endObject()
    }

    /// Registers logging actions on `control` for every control event (C1):
    /// the touch events, drags included, valueChanged and
    /// primaryActionTriggered with the value read through `value`, and the
    /// editing events. The
    /// closures are made once, here, and keep the log alive (it holds no
    /// controls, so there is no cycle).
    public func logActions(of control: Control, value: @escaping (Control) -> Double?) {
        control.addAction(for: .touchDown) { [self] in self.action($0, "touchDown", value: nil) }
        control.addAction(for: .touchDownRepeat) { [self] in self.action($0, "touchDownRepeat", value: nil) }
        control.addAction(for: .touchDragInside) { [self] in self.action($0, "touchDragInside", value: nil) }
        control.addAction(for: .touchDragOutside) { [self] in self.action($0, "touchDragOutside", value: nil) }
        control.addAction(for: .touchDragEnter) { [self] in self.action($0, "touchDragEnter", value: nil) }
        control.addAction(for: .touchDragExit) { [self] in self.action($0, "touchDragExit", value: nil) }
        control.addAction(for: .touchUpInside) { [self] in self.action($0, "touchUpInside", value: nil) }
        control.addAction(for: .touchUpOutside) { [self] in self.action($0, "touchUpOutside", value: nil) }
        control.addAction(for: .touchCancel) { [self] in self.action($0, "touchCancel", value: nil) }
        control.addAction(for: .valueChanged) { [self] in self.action($0, "valueChanged", value: value($0)) }
        control.addAction(for: .primaryActionTriggered) { [self] in
            self.action($0, "primaryActionTriggered", value: value($0))
        }
        // Only text fields send these; their `text` lines carry the text.
        control.addAction(for: .editingDidBegin) { [self] in self.action($0, "editingDidBegin", value: nil) }
        control.addAction(for: .editingChanged) { [self] in self.action($0, "editingChanged", value: nil) }
        control.addAction(for: .editingDidEnd) { [self] in self.action($0, "editingDidEnd", value: nil) }
        control.addAction(for: .editingDidEndOnExit) { [self] in self.action($0, "editingDidEndOnExit", value: nil) }
    }
}
