import PanelUI

/// The `encoder` and `focus` lines: each encoder event as it arrives, and
/// each change of the focused view, the mode or the ring (docs/focus.md).
///
/// ```
/// {"type":"encoder","t":1.2000,"event":"turn","detents":1}
/// {"type":"focus","t":1.2000,"view":"volume","mode":"navigating","ring":true}
/// {"type":"encoder","t":1.5000,"event":"push","phase":"ended"}
/// {"type":"focus","t":1.5000,"view":"volume","mode":"adjusting","ring":true}
/// ```
/// `view` is null when nothing has focus.
extension ReplayLog {
    public func encoder(_ event: EncoderEvent) {
        writer.beginObject(type: "encoder")
        writer.field("t", time, decimals: 4)
        switch event {
        case .turn(let detents):
            writer.field("event", "turn" as StaticString)
            writer.field("detents", detents)
        case .push(let phase):
            writer.field("event", "push" as StaticString)
            switch phase {
            case .began: writer.field("phase", "began" as StaticString)
            case .ended: writer.field("phase", "ended" as StaticString)
            case .cancelled: writer.field("phase", "cancelled" as StaticString)
            }
        }
        writer.endObject()
    }

    public func focus(_ focusSystem: FocusSystem) {
        writer.beginObject(type: "focus")
        writer.field("t", time, decimals: 4)
        writer.field("view", focusSystem.focusedView?.name)
        writer.field("mode", focusSystem.isAdjusting ? "adjusting" as StaticString : "navigating")
        writer.field("ring", focusSystem.isFocusRingVisible)
        writer.endObject()
    }
}

/// Writes the focus system's `encoder` and `focus` lines to a log; the
/// focus system retains it (`FocusSystem.observer`).
public final class FocusLogger: FocusObserver {
    public let log: ReplayLog

    public init(log: ReplayLog) { self.log = log }

    public func focusSystem(_ focusSystem: FocusSystem, didReceive event: EncoderEvent) {
        log.encoder(event)
    }

    public func focusSystemDidUpdateFocus(_ focusSystem: FocusSystem) {
        log.focus(focusSystem)
    }
}
