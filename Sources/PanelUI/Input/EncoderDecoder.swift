/// A rotary encoder's evdev stream into `EncoderEvent`s: axis counts add up
/// to detents, and the button's key starts or ends a push, each sent at the
/// `SYN_REPORT` that ends the frame. The device on a board (PanelLinux's
/// `EvdevEncoderInput`) and a replayed flight recording both come through here.
public struct EncoderDecoder {
    /// The relative axis the turns come on (`RelativeAxis`).
    public var axis: UInt16
    /// Counts of the axis per detent.
    public var stepsPerDetent: Int
    /// Counts go down clockwise.
    public var reversed: Bool
    /// The push button's key code; nil: no push button.
    public var buttonKey: UInt16?
    /// Whether this device's axis counts are turns, and its key a push (an
    /// encoder's turns and its button may be two devices).
    public var reportsTurns: Bool
    public var reportsPush: Bool
    /// Axis counts not yet a whole detent.
    @usableFromInline var counts = 0
    /// Whether the push button is down (a push began and has not ended).
    public private(set) var isPushed = false
    /// The push's change in the frame being read, sent at its report.
    @usableFromInline var pendingPush: Press.Phase?
    /// Between `SYN_DROPPED` and the `SYN_REPORT` that ends the resync.
    @usableFromInline var resyncing = false

    public init(
        axis: UInt16, stepsPerDetent: Int, reversed: Bool, buttonKey: UInt16?, reportsTurns: Bool, reportsPush: Bool
    ) {
        self.axis = axis
        self.stepsPerDetent = max(1, stepsPerDetent)
        self.reversed = reversed
        self.buttonKey = buttonKey
        self.reportsTurns = reportsTurns
        self.reportsPush = reportsPush
    }

    /// One kernel event; `send` gets the turn and the push a report completes,
    /// with the report's time. A release in the frame the kernel makes when the
    /// device goes away (`SYN_REPORT` value 1, after it released the held keys)
    /// or in a resync after `SYN_DROPPED` was never pressed up: the push ends
    /// cancelled. Counts in a `SYN_DROPPED` gap are lost.
    public mutating func decode(_ event: InputEvent, send: (EncoderEvent) -> Void) {
        if event.type == EventType.relative && reportsTurns && event.code == axis {
            counts += Int(event.value) * (reversed ? -1 : 1)
        } else if event.type == EventType.key && reportsPush && event.code == buttonKey {
            if event.value == 1 && !isPushed {
                isPushed = true
                pendingPush = .began
            } else if event.value == 0 && isPushed {
                isPushed = false
                // pressed and released in one frame: nothing
                pendingPush = pendingPush == .began ? nil : .ended
            }
        } else if event.type == EventType.synchronization && event.code == SynchronizationCode.dropped {
            resyncing = true
            counts = 0
        } else if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
            let detents = counts / stepsPerDetent // toward zero: a part-turned detent waits
            if detents != 0 {
                counts -= detents * stepsPerDetent
                send(.turn(detents))
            }
            if let phase = pendingPush {
                pendingPush = nil
                let released = event.value == 1 || resyncing
                send(.push(phase == .ended && released ? .cancelled : phase))
            }
            resyncing = false
        }
    }

    /// The device went away (or the replay ended): a push in progress ends
    /// cancelled. Returns whether there was one.
    public mutating func cancelPush() -> Bool {
        guard isPushed else { return false }
        isPushed = false
        pendingPush = nil
        return true
    }
}
