import PanelTrace
import PanelUI

/// Turns the mouse into touches and feeds them to an application through the
/// board's own pipeline: the virtual panel writes kernel events, and each
/// event goes `TouchDecoder` → `TouchTransform` → `TouchFilter` (the board's
/// jitter, debounce and pressure settings) → `Application.enqueue` →
/// `runTurn`, exactly as `EvdevTouchInput` and `TraceReplayer` feed theirs.
/// Everything after the decoder is the code that runs on the board.
///
/// Per mouse event nothing allocates: the panel's events live in a fixed
/// buffer and the frame is reused.
public final class TouchSimulator {
    public let screen: SimulatorScreen
    public let device: TouchDeviceDescription
    /// Decoder, transform and the board's filters: the path every input source shares.
    public let input: TouchInputPath
    public let application: Application
    public var panel = VirtualTouchPanel()
    public internal(set) var fingers: MouseFingers
    /// Gets every kernel event the panel writes (`--record`).
    public var recorder: EvemuWriter?
    /// Frames (`SYN_REPORT`s) fed so far.
    public var frames: Int { input.frames }

    public init(screen: SimulatorScreen, application: Application, filters: TouchFilterSettings = .none) {
        self.screen = screen
        device = screen.touchDevice
        // The virtual panel's description always decodes: it has slots and position axes.
        input = TouchInputPath(
            decoder: try! TouchDecoder(device: device), transform: screen.touchTransform,
            filter: TouchFilter(settings: filters, device: device))
        self.application = application
        fingers = MouseFingers(screenSize: screen.logicalSize)
    }

    /// The left button went down at window pixel `(x, y)`.
    public func mouseDown(windowX x: Int, windowY y: Int, mode: MouseTouchMode, time: Double) {
        if fingers.isDown { mouseUp(time: time) }
        fingers.press(at: screen.logicalPoint(windowX: x, windowY: y), mode: mode)
        sendFingers(time: time)
    }

    /// The mouse moved to `(x, y)`; only a drag touches.
    public func mouseMoved(windowX x: Int, windowY y: Int, time: Double) {
        guard fingers.isDown else { return }
        fingers.move(to: screen.logicalPoint(windowX: x, windowY: y))
        sendFingers(time: time)
    }

    /// The left button came up (or the window lost it): every finger lifts.
    public func mouseUp(time: Double) {
        guard fingers.isDown else { return }
        fingers.release()
        sendFingers(time: time)
    }

    func sendFingers(time: Double) {
        panel.beginFrame(time: time)
        if fingers.count > 0 {
            let first = screen.sensorPosition(for: fingers.first)
            panel.setContact(slot: 0, x: first.x, y: first.y)
        } else {
            panel.liftContact(slot: 0)
        }
        if fingers.count > 1 {
            let second = screen.sensorPosition(for: fingers.second)
            panel.setContact(slot: 1, x: second.x, y: second.y)
        } else {
            panel.liftContact(slot: 1)
        }
        panel.endFrame()
        for index in 0..<panel.eventCount { feed(panel.events[index]) }
    }

    /// One kernel event through the board's pipeline; a `SYN_REPORT` dispatches its frame at once.
    public func feed(_ event: InputEvent) {
        recorder?.write(event)
        guard input.decode(event) else { return }
        application.enqueue(input.frame)
        application.runTurn()
    }
}
