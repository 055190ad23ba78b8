import PanelLog
import PanelUI

/// Hears every touch message a `LoggingView` receives: the replay log, or a
/// test's recorder. Class-bound, so views can hold it in Embedded Swift.
public protocol ResponderMessageObserver: AnyObject {
    func view(_ view: View, received message: StaticString, _ touches: TouchSet)
    /// A press message (hardware keys): ignored unless the observer wants it.
    func view(_ view: View, received press: Press)
}

extension ResponderMessageObserver {
    public func view(_ view: View, received press: Press) {}
}

extension ReplayLog: ResponderMessageObserver {
    public func view(_ view: View, received message: StaticString, _ touches: TouchSet) {
        responder(view, message, touches)
    }

    public func view(_ view: View, received press: Press) {
        self.press(view: view.name, press)
    }
}

/// A view that reports every touch message it receives. By default it
/// handles the touches itself; with `forwards` it passes them on (R7);
/// without `logsMessages` it only passes them on, as a plain view does.
open class LoggingView: View {
    /// Retained: an observer (the log, a recorder) holds no views, so there is no cycle.
    public let observer: any ResponderMessageObserver
    public final var forwards = false
    public final var logsMessages = true
    /// Shown while a touch is down on the view, and kept as `touchedColor` after.
    public final var activeColor: Color?
    public final var touchedColor: Color?
    @usableFromInline final var touchesDown = 0

    public init(frame: Rect, name: String, observer: any ResponderMessageObserver) {
        self.observer = observer
        super.init(frame: frame, name: name)
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if logsMessages { observer.view(self, received: "touchesBegan", touches) }
        touchesDown += touches.count
        if let activeColor { backgroundColor = activeColor }
        if forwards { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if logsMessages { observer.view(self, received: "touchesMoved", touches) }
        if forwards { super.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if logsMessages { observer.view(self, received: "touchesEnded", touches) }
        lift(touches.count)
        if forwards { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        if logsMessages { observer.view(self, received: "touchesCancelled", touches) }
        lift(touches.count)
        if forwards { super.touchesCancelled(touches, with: event) }
    }

    // Presses reach a logging view when it is the first responder (a scene's
    // `firstResponder`) or on the chain from it; each is logged as a `press` line.
    open override func pressesBegan(_ press: Press, with event: Event) {
        if logsMessages { observer.view(self, received: press) }
        if forwards { super.pressesBegan(press, with: event) }
    }

    open override func pressesEnded(_ press: Press, with event: Event) {
        if logsMessages { observer.view(self, received: press) }
        if forwards { super.pressesEnded(press, with: event) }
    }

    open override func pressesCancelled(_ press: Press, with event: Event) {
        if logsMessages { observer.view(self, received: press) }
        if forwards { super.pressesCancelled(press, with: event) }
    }

    @usableFromInline func lift(_ count: Int) {
        touchesDown = max(0, touchesDown - count)
        if touchesDown == 0, let touchedColor { backgroundColor = touchedColor }
    }
}

/// The scene's window: logs what reaches the end of the view chain.
public final class LoggingWindow: Window {
    /// Retained: the log holds no views, so there is no cycle.
    public let log: ReplayLog

    public init(frame: Rect, log: ReplayLog) {
        self.log = log
        super.init(frame: frame, name: "window")
    }

    public override func touchesBegan(_ touches: TouchSet, with event: Event) {
        log.responder(self, "touchesBegan", touches)
    }

    public override func touchesMoved(_ touches: TouchSet, with event: Event) {
        log.responder(self, "touchesMoved", touches)
    }

    public override func touchesEnded(_ touches: TouchSet, with event: Event) {
        log.responder(self, "touchesEnded", touches)
    }

    public override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        log.responder(self, "touchesCancelled", touches)
    }

    public override func pressesBegan(_ press: Press, with event: Event) { log.press(view: name, press) }
    public override func pressesEnded(_ press: Press, with event: Event) { log.press(view: name, press) }
    public override func pressesCancelled(_ press: Press, with event: Event) { log.press(view: name, press) }
}
