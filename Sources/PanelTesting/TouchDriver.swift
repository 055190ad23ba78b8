import PanelScenes
import PanelUI

/// Drives an application with touch frames in one line each, the way LVGL's
/// tests "click at (50, 50)": fingers go down, move and lift in screen points,
/// and time moves on a manual clock.
///
/// ```swift
/// let driver = TouchDriver()
/// driver.window.addSubview(button)
/// driver.down(1, at: Point(x: 50, y: 50))
/// driver.up(1)
/// ```
public final class TouchDriver {
    public let clock: ManualClock
    public let application: Application
    public let window: Window
    /// Seconds between frames when a call does not say.
    public var frameInterval = 0.01
    /// The fingers on the surface now, in screen points.
    public private(set) var contacts = TouchFrame()

    /// A driver for `application` (a new one on a manual clock when `nil`)
    /// that shows `window` (a new one the size of `screen` when `nil`) in front.
    public init(screen: Size = Size(width: 800, height: 480), application: Application? = nil, window: Window? = nil) {
        let app = application ?? Application(runLoop: RunLoop(manualClock: ManualClock()))
        guard let clock = app.runLoop.manualClock else { fatalError("TouchDriver needs a run loop on a ManualClock") }
        self.clock = clock
        self.application = app
        self.window = window ?? Window(frame: Rect(origin: .zero, size: screen))
        app.addWindow(self.window)
    }

    /// A driver for an application that is already set up, such as a launched
    /// app: its windows stay as they are. `window` is the one `window` names.
    /// The application's run loop must run on a `ManualClock`.
    public init(driving application: Application, window: Window) {
        guard let clock = application.runLoop.manualClock else {
            fatalError("TouchDriver needs a run loop on a ManualClock")
        }
        self.clock = clock
        self.application = application
        self.window = window
    }

    // MARK: One change, one frame

    public func down(_ finger: Int32, at point: Point, after delay: Double? = nil) {
        frame(after: delay) { $0.down(finger, at: point) }
    }

    public func move(_ finger: Int32, to point: Point, after delay: Double? = nil) {
        frame(after: delay) { $0.move(finger, to: point) }
    }

    public func up(_ finger: Int32, after delay: Double? = nil) {
        frame(after: delay) { $0.up(finger) }
    }

    /// A finger down and up again at `point`: a tap.
    public func tap(_ finger: Int32 = 1, at point: Point, after delay: Double? = nil) {
        down(finger, at: point, after: delay)
        up(finger)
    }

    // MARK: A rotary encoder (docs/focus.md)

    /// Turns the encoder by `detents` (positive clockwise) as one event,
    /// through the input queue, and runs a turn of the loop.
    public func turnEncoder(by detents: Int, after delay: Double? = nil) {
        encoder(.turn(detents), after: delay)
    }

    /// Pushes the encoder's button and releases it: two events, the release acting.
    public func pushEncoder(after delay: Double? = nil) {
        encoder(.push(.began), after: delay)
        encoder(.push(.ended))
    }

    /// Sends one encoder event through the input queue and runs a turn of the loop.
    public func encoder(_ event: EncoderEvent, after delay: Double? = nil) {
        advance(by: delay ?? frameInterval)
        application.enqueue(event)
        application.runTurn()
    }

    // MARK: Several changes in one frame

    /// Applies `changes` to the fingers on the surface and sends them as one frame.
    public func frame(after delay: Double? = nil, resynchronized: Bool = false, _ changes: (inout Fingers) -> Void) {
        var fingers = Fingers(frame: contacts)
        changes(&fingers)
        contacts = fingers.frame
        advance(by: delay ?? frameInterval)
        var frame = contacts
        frame.timestamp = clock.now
        frame.isResynchronized = resynchronized
        application.enqueue(frame)
        application.runTurn()
    }

    /// The device vanished: every touch is cancelled, as the device backend does on unplug.
    public func deviceVanished() {
        contacts.removeAll()
        application.cancelTouches()
    }

    /// Moves the manual clock on, firing timers due on the way, and runs a turn of the loop.
    public func advance(by seconds: Double) {
        application.runLoop.advance(to: clock.now + seconds)
        application.runTurn()
    }

    /// The fingers on the surface, edited by `frame(after:resynchronized:_:)`.
    public struct Fingers {
        var frame: TouchFrame

        public mutating func down(_ finger: Int32, at point: Point) {
            precondition(frame.contact(withID: finger) == nil, "finger \(finger) is already down")
            frame.append(TouchContact(id: finger, x: point.x, y: point.y))
        }

        public mutating func move(_ finger: Int32, to point: Point) {
            for i in 0..<frame.count where frame[i].id == finger {
                frame[i].x = point.x
                frame[i].y = point.y
                return
            }
            preconditionFailure("finger \(finger) is not down")
        }

        public mutating func up(_ finger: Int32) {
            var kept = TouchFrame(timestamp: frame.timestamp)
            for i in 0..<frame.count where frame[i].id != finger { kept.append(frame[i]) }
            precondition(kept.count == frame.count - 1, "finger \(finger) is not down")
            frame = kept
        }
    }
}

/// Collects what responders receive, as short readable strings such as
/// `"cell touchesBegan 1,2"` (the touches' identifiers).
public final class MessageRecorder {
    public private(set) var messages: [String] = []

    public init() {}

    public func record(_ who: String, _ message: String, _ touches: TouchSet) {
        var ids: [Int] = []
        for touch in touches { ids.append(touch.identifier) }
        messages.append("\(who) \(message) " + ids.sorted().map { String($0) }.joined(separator: ","))
    }

    public func record(_ line: String) { messages.append(line) }

    public func clear() { messages.removeAll() }
}

/// A view that records each touch message; with `forwards` it also calls `super` (R7).
open class RecordingView: LoggingView {
    public init(_ name: String, frame: Rect, recorder: MessageRecorder) {
        super.init(frame: frame, name: name, observer: recorder)
    }
}

extension MessageRecorder: ResponderMessageObserver {
    public func view(_ view: View, received message: StaticString, _ touches: TouchSet) {
        record(view.name, "\(message)", touches)
    }
}
