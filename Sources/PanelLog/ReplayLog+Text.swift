import PanelUI

/// The `text` lines: one per editing change of a text field.
///
/// ```
/// {"type":"text","t":1.25,"field":"ssid","event":"changed","text":"Home"}
/// {"type":"text","t":2.50,"field":"password","event":"changed","length":8}
/// ```
///
/// `event` is `begin`, `changed`, `end` or `return`. A secure field logs its
/// length in characters (grapheme clusters), never its text.
extension ReplayLog {
    /// Logs `event` for `field` with its text (or length, when secure).
    public func text(_ field: TextField, _ event: StaticString) {
        writer.beginObject(type: "text")
        writer.field("t", time, decimals: 4)
        writer.field("field", field.name)
        writer.field("event", event)
        if field.isSecureTextEntry {
            writer.field("length", field.text.count)
        } else {
            writer.field("text", field.text)
        }
        writer.endObject()
    }

    /// Registers logging actions for `field`'s editing events. The closures
    /// are made once, here, and keep the log alive (it holds no fields).
    public func logEditing(of field: TextField) {
        field.addAction(for: .editingDidBegin) { [self] in self.textEvent($0, "begin") }
        field.addAction(for: .editingChanged) { [self] in self.textEvent($0, "changed") }
        field.addAction(for: .editingDidEnd) { [self] in self.textEvent($0, "end") }
        field.addAction(for: .editingDidEndOnExit) { [self] in self.textEvent($0, "return") }
    }

    @usableFromInline func textEvent(_ control: Control, _ event: StaticString) {
        guard let field = control as? TextField else { return }
        text(field, event)
    }
}
