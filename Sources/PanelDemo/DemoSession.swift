import PanelUI

/// A scripted touch session for the headless demo: taps and drags on named
/// views, played at 60 frames a second on the manual clock, with a snapshot
/// after each step.
public struct DemoScript: Sendable {
    public enum Step: Sendable {
        /// A finger taps the centre of the named view.
        case tap(String)
        /// A finger lands on the named slider's thumb and drags it to `value` (0...1 of its track).
        case dragSlider(String, to: Double)
        /// A finger flicks the named view upward by `distance` points in a tenth
        /// of a second and lifts (a scroll view then decelerates).
        case fling(String, by: Double)
        /// Time passes without input (animations run).
        case wait(Double)
    }

    public var steps: [(name: String, step: Step)]

    /// Taps and drags on the controls screen, the disabled button included;
    /// the settings list (a switch in a row, a fling, a checkmark) and back;
    /// the about screen and back. Each step ends when the animations it
    /// started (a push, a pop, a deceleration) have settled.
    public static let standard = DemoScript(steps: [
        ("start", .wait(0)),
        ("play-pressed", .tap("play")),
        ("volume-dragged", .dragSlider("volume", to: 0.25)),
        ("brightness-dragged", .dragSlider("brightness", to: 0.45)),
        ("wifi-toggled", .tap("wifi")),
        ("bluetooth-toggled", .tap("bluetooth")),
        ("disabled-eject-tapped", .tap("eject")),
        ("settings-screen", .tap("settings")),
        ("auto-dim-toggled", .tap("autoDim")),
        ("settings-flung", .fling("settingsTable", by: 400)),
        ("sensor-checked", .tap("sensor038")),
        ("settings-closed", .tap("back")),
        ("about-screen", .tap("more")),
        ("back-to-controls", .tap("back"))
    ])
}

public final class DemoSession {
    public let app: DemoApp
    @usableFromInline let clock: ManualClock
    @usableFromInline var frame = TouchFrame()
    @usableFromInline var nextFinger: Int32 = 1
    public static let frameInterval = 1.0 / 60

    public init(app: DemoApp) {
        guard let clock = app.application.runLoop.manualClock else {
            fatalError("DemoSession plays on a run loop with a ManualClock")
        }
        self.app = app
        self.clock = clock
    }

    /// Plays `script`, calling `snapshot` with each step's name once the step is done.
    public func play(_ script: DemoScript, snapshot: (String) -> Void) {
        for (name, step) in script.steps {
            switch step {
            case .tap(let viewName):
                if let point = center(of: viewName) {
                    send(down: point)
                    send(lift: ())
                }
                settleAnimations(after: 0.3)
            case .dragSlider(let viewName, let value):
                app.window.layoutIfNeeded()
                if let slider = app.window.view(named: viewName) as? Slider {
                    drag(slider, to: value)
                }
                settle(0.3)
            case .fling(let viewName, let distance):
                app.window.layoutIfNeeded()
                if let view = Self.shownView(named: viewName, in: app.window) {
                    let start = view.convert(
                        Point(x: view.bounds.midX, y: view.bounds.midY + view.bounds.height / 4), to: nil)
                    send(down: start)
                    for i in 1...6 { send(move: Point(x: start.x, y: start.y - distance * Double(i) / 6)) }
                    send(lift: ())
                }
                settleAnimations(after: 0.3)
            case .wait(let seconds):
                settle(seconds)
            }
            snapshot(name)
        }
    }

    @usableFromInline func center(of name: String) -> Point? {
        app.window.layoutIfNeeded() // a screen just shown is laid out before a finger can find it
        guard let view = Self.shownView(named: name, in: app.window) else { return nil }
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }

    /// The first view named `name` that is not hidden (nor inside a hidden
    /// view): a table's pooled cells keep the names of rows they showed.
    public static func shownView(named name: String, in view: View) -> View? {
        if view.isHidden { return nil }
        if sameBytes(view.name, name) { return view }
        for subview in view.subviews {
            if let found = shownView(named: name, in: subview) { return found }
        }
        return nil
    }

    @usableFromInline func drag(_ slider: Slider, to value: Double) {
        let thumb = slider.currentThumbRect
        let start = slider.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        let track = slider.trackRect(forBounds: slider.bounds)
        let end = slider.convert(Point(x: track.minX + track.width * value, y: start.y), to: nil)
        send(down: start)
        let steps = 20
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            send(move: Point(x: start.x + (end.x - start.x) * t, y: start.y))
        }
        send(lift: ())
    }

    @usableFromInline func send(down point: Point) {
        frame.removeAll()
        frame.append(TouchContact(id: nextFinger, x: point.x, y: point.y))
        nextFinger += 1
        dispatch()
    }

    @usableFromInline func send(move point: Point) {
        guard frame.count > 0 else { return }
        frame[0].x = point.x
        frame[0].y = point.y
        dispatch()
    }

    @usableFromInline func send(lift: Void) {
        frame.removeAll()
        dispatch()
    }

    @usableFromInline func dispatch() {
        let loop = app.application.runLoop
        loop.advance(to: clock.now + Self.frameInterval)
        frame.timestamp = clock.now
        app.application.enqueue(frame)
        app.application.runTurn()
    }

    /// Lets `seconds` pass, then more until the display link stops (at most 10 s):
    /// pushes, pops, fades and decelerations end before the snapshot.
    @usableFromInline func settleAnimations(after seconds: Double) {
        settle(seconds)
        var waited = 0.0
        while app.application.displayLink.isActive && waited < 10 {
            settle(Self.frameInterval)
            waited += Self.frameInterval
        }
    }

    /// Lets `seconds` pass, frame by frame, so timers and animations run.
    @usableFromInline func settle(_ seconds: Double) {
        let loop = app.application.runLoop
        loop.advance(to: clock.now + seconds)
        app.application.runTurn()
    }
}
