import Foundation
import PanelBoards
import PanelImage
import PanelKit
import PanelLog
import PanelReplay
import PanelSettings
import PanelTrace
import PanelUI
import Testing

/// Launches an app headless and drives it as a user would, for UI tests in
/// Swift Testing: taps, drags, long presses, pinches and rotations on its
/// views, recorded touch sessions, time, its log and its pixels.
///
/// ```swift
/// import PanelKit
/// import PanelTesting
/// import Testing
/// @testable import MyApp
///
/// @Test func playStartsPlayback() throws {
///     let app = try AppTester(AppDelegate.self)
///     app.tap("play")
///     #expect(app.actionLines.contains { $0.contains(#""control":"play","event":"touchUpInside""#) })
///     app.assertSnapshot(named: "playing")
/// }
/// ```
///
/// The app goes through the same launch as on a board (`HeadlessApp`):
/// `applicationWillLaunch`, `makeApplication`,
/// `application(_:didFinishLaunchingWithOptions:)`. It runs on a
/// `ManualClock`: nothing sleeps and time moves only when the tester moves
/// it, so a test gives the same result on every machine, however loaded.
///
/// Every gesture is made of real touch frames (`TouchFrame`) that go
/// through the application as a touch panel's would: the touch tracker,
/// hit-testing, gesture recognizers, controls and their actions. Between two
/// frames the clock moves on by `frameInterval`, firing the timers due on
/// the way, so time-based recognizers (long press, double tap, the tap a
/// double tap must first see fail) behave as on the device. Points are window
/// points (the window fills the screen). Gestures skip the board's touch
/// calibration and filters: they are where the finger is meant to be; a
/// recorded trace goes through them (`replay(tracePath:)`).
///
/// Gestures end with every finger lifted. The next gesture starts at least
/// `gestureSpacing` after, so two `tap(_:sourceLocation:)` calls are two
/// single taps, not a double tap; `advance(by:)` moves time explicitly.
///
/// Not thread-safe: create one tester per test (Swift Testing runs tests in
/// parallel, each with its own tester and app).
public final class AppTester {
    /// The launched app: its delegate, application, window, clock and display.
    public let app: HeadlessApp
    /// Where the app's log goes; read it through `logLines`.
    let logSink: MemorySink
    let driver: TouchDriver
    /// Where `logLines` starts in `logSink` (`clearLog()`).
    var logStart = 0
    /// When the last gesture lifted its last finger.
    var lastLiftTime: Double?
    /// Set while `frameAllocations(warmUpRuns:sourceLocation:_:)` measures.
    var isCountingAllocations = false
    var measuredFrames: [UInt64] = []

    /// Launches `type`'s app headless on a manual clock at time 0.
    ///
    /// - Parameters:
    ///   - screenSize: the screen in points; by default the board's, else the
    ///     app's `preferredScreenSize`, else 800x480 (`--screen` in `arguments`
    ///     works too).
    ///   - scale: pixels per point (1 to 4); by default the board's, else 1. At
    ///     2, gestures and views stay in points and snapshots are twice the
    ///     size each way, as the panel shows them.
    ///   - board: a board (`Board.load(path:)`): its screen and scale, and its touch
    ///     calibration, rotation and filters for `replay(tracePath:)`.
    ///   - arguments: the command line after the program name, as the app
    ///     would get it: its own options (`["--scene", "controls"]`) and the
    ///     standard ones that make sense headless (`--screen 480x272`).
    ///   - assetsPath: PanelKit's assets folder (fonts); found as the runtime
    ///     finds it when `nil` (`PANELKIT_ASSETS`, or the PanelKit checkout).
    /// - Throws: `AppTesterError` when the app does not launch: an unknown
    ///   option, `applicationWillLaunch` threw, no window, no fonts.
    public init<D: ApplicationDelegate>(
        _ type: D.Type, screenSize: Size? = nil, scale: Double? = nil, board: Board? = nil,
        arguments: [String] = [], assetsPath: String? = nil
    ) throws {
        let sink = MemorySink()
        do throws(LaunchError) {
            app = try HeadlessApp.launch(
                type, screenSize: screenSize, scale: scale, board: board, arguments: arguments,
                logSink: sink, assetsPath: assetsPath, programName: "\(D.self)")
        } catch {
            throw AppTesterError("cannot launch \(D.self): \(error.message)")
        }
        logSink = sink
        driver = TouchDriver(driving: app.application, window: app.window)
    }

    // MARK: The app

    /// The app's application object (`UIApplication`).
    public var application: Application { app.application }
    /// The app's window, the one the delegate set at launch.
    public var window: Window { app.window }
    /// The app's delegate; `delegate(as:)` gives it with its own type.
    public var delegate: any ApplicationDelegate { app.delegate }
    /// The app's clock. It moves only through gestures, `advance(by:)` and `replay(tracePath:)`.
    public var clock: ManualClock { app.clock }

    /// The app's settings (`Settings.standard` while it runs): in memory, unless
    /// `arguments` name a folder with `--data DIR`.
    public var settings: Settings { app.settings }

    /// Ends the app as the runtime does when it stops: `applicationWillTerminate(_:)`,
    /// then the settings' pending changes committed and their file closed. Launch
    /// again with the same `--data DIR` to see what a restart sees.
    public func terminate() { app.terminate() }

    /// The app's delegate as `type`, or nil when it is another type.
    public func delegate<D: ApplicationDelegate>(as type: D.Type) -> D? { app.delegate as? D }

    /// Seconds between two frames of a gesture (default 0.01: a 100 Hz touch panel).
    public var frameInterval: Double {
        get { driver.frameInterval }
        set { driver.frameInterval = newValue }
    }

    /// The shortest time, in seconds, from one gesture's last lift to the next
    /// gesture's first touch (default 0.5). Longer than a double tap's 0.35 s
    /// interval, so separate gestures stay separate; a gesture that starts
    /// later than that waits no longer.
    public var gestureSpacing: Double = 0.5

    // MARK: Finding views

    /// The first view named `name` in the window's hierarchy (`View.name`),
    /// depth first, the window included; else the first whose
    /// `accessibilityIdentifier` is `name`; nil when there is none. Pending
    /// layout is done first, as a frame would have done it before a finger
    /// could land: views placed in `layoutSubviews` and table cells are there.
    /// A table's cells the app did not name are `cell-SECTION-ROW`.
    public func view(named name: String) -> View? {
        layOutAsAFrameWould()
        return window.view(named: name)
    }

    /// The centre of the view named `name`, in window points; nil when there is none.
    public func point(ofViewNamed name: String) -> Point? {
        guard let view = view(named: name) else { return nil }
        return center(of: view)
    }

    /// The centre of `view`, in window points, once pending layout is done
    /// (on a device a finger sees a frame, and every frame is laid out first).
    public func center(of view: View) -> Point {
        layOutAsAFrameWould()
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }

    // MARK: Gestures at points

    /// One finger down and up at `point` (window points), one frame apart.
    public func tap(at point: Point) {
        beginGesture()
        let finger = freeFinger()
        sendFrame { $0.down(finger, at: point) }
        sendFrame { $0.up(finger) }
        endGesture()
    }

    /// Two taps at `point`, the second `interval` seconds after the first
    /// lifts (default 0.1, well inside the 0.35 s a double tap allows).
    public func doubleTap(at point: Point, interval: Double = 0.1) {
        beginGesture()
        let finger = freeFinger()
        sendFrame { $0.down(finger, at: point) }
        sendFrame { $0.up(finger) }
        sendFrame(after: interval) { $0.down(finger, at: point) }
        sendFrame { $0.up(finger) }
        endGesture()
    }

    /// One finger down at `start`, moved to `end` in `steps` equal moves over
    /// `duration` seconds, then lifted there one frame later.
    public func drag(from start: Point, to end: Point, duration: Double = 0.3, steps: Int = 10) {
        precondition(steps >= 1, "a drag needs at least one move")
        beginGesture()
        let finger = freeFinger()
        sendFrame { $0.down(finger, at: start) }
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let point = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            sendFrame(after: duration / Double(steps)) { $0.move(finger, to: point) }
        }
        sendFrame { $0.up(finger) }
        endGesture()
    }

    /// One finger down at `point`, held still for `duration` seconds, then
    /// lifted. The default, 0.6 s, is longer than a long press's default
    /// `minimumPressDuration` (0.5 s), so the press is recognized while the
    /// finger is down. A still finger sends no frames; the clock moves on and
    /// the recognizer's timer fires, as on the device.
    public func longPress(at point: Point, duration: Double = 0.6) {
        beginGesture()
        let finger = freeFinger()
        sendFrame { $0.down(finger, at: point) }
        sendFrame(after: duration) { $0.up(finger) }
        endGesture()
    }

    /// Two fingers on a horizontal line through `center`, `startDistance`
    /// points apart, moved apart (or together) to `endDistance` in `steps`
    /// moves over `duration` seconds, then lifted together. A
    /// `PinchGestureRecognizer` begins a few points in and measures its
    /// scale from there: `endDistance` over the distance when it began.
    public func pinch(
        center: Point, from startDistance: Double, to endDistance: Double,
        duration: Double = 0.3, steps: Int = 10
    ) {
        precondition(steps >= 1, "a pinch needs at least one move")
        twoFingers(steps: steps, duration: duration) { fraction in
            let half = (startDistance + (endDistance - startDistance) * fraction) / 2
            return (Point(x: center.x - half, y: center.y), Point(x: center.x + half, y: center.y))
        }
    }

    /// Two fingers `radius` points either side of `center` (on a horizontal
    /// line), turned about it by `angle` radians in `steps` moves over
    /// `duration` seconds, then lifted together. A positive angle turns
    /// clockwise on the screen, as a `RotationGestureRecognizer`'s positive
    /// rotation does; the recognizer begins a few degrees in and measures from there.
    public func rotate(center: Point, radius: Double = 60, by angle: Double, duration: Double = 0.3, steps: Int = 10) {
        precondition(steps >= 1, "a rotation needs at least one move")
        precondition(radius > 0, "the fingers need a radius above 0")
        twoFingers(steps: steps, duration: duration) { fraction in
            let turned = angle * fraction
            let dx = radius * cos(turned)
            let dy = radius * sin(turned)
            return (Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy))
        }
    }

    // MARK: Gestures on views

    /// Taps the centre of the view named `viewName`. A missing view is a
    /// test issue and sends nothing.
    public func tap(_ viewName: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let point = target(viewName, sourceLocation) else { return }
        tap(at: point)
    }

    /// Double-taps the centre of the view named `viewName`.
    public func doubleTap(_ viewName: String, interval: Double = 0.1, sourceLocation: SourceLocation = #_sourceLocation)
    {
        guard let point = target(viewName, sourceLocation) else { return }
        doubleTap(at: point, interval: interval)
    }

    /// Drags the view named `viewName` by `translation` points: from its
    /// centre or, for a `Slider`, from its thumb, as a finger would take it.
    public func drag(
        _ viewName: String, by translation: Point, duration: Double = 0.3, steps: Int = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let view = targetView(viewName, sourceLocation) else { return }
        let start = dragStart(of: view)
        drag(
            from: start, to: Point(x: start.x + translation.x, y: start.y + translation.y), duration: duration,
            steps: steps)
    }

    /// Long-presses the centre of the view named `viewName` for `duration` seconds.
    public func longPress(_ viewName: String, duration: Double = 0.6, sourceLocation: SourceLocation = #_sourceLocation)
    {
        guard let point = target(viewName, sourceLocation) else { return }
        longPress(at: point, duration: duration)
    }

    /// Pinches about the centre of the view named `viewName`; see `pinch(center:from:to:duration:steps:)`.
    public func pinch(
        _ viewName: String, from startDistance: Double, to endDistance: Double,
        duration: Double = 0.3, steps: Int = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let point = target(viewName, sourceLocation) else { return }
        pinch(center: point, from: startDistance, to: endDistance, duration: duration, steps: steps)
    }

    /// Rotates two fingers about the centre of the view named `viewName`; see `rotate(center:radius:by:duration:steps:)`.
    public func rotate(
        _ viewName: String, radius: Double = 60, by angle: Double, duration: Double = 0.3,
        steps: Int = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let point = target(viewName, sourceLocation) else { return }
        rotate(center: point, radius: radius, by: angle, duration: duration, steps: steps)
    }

    // MARK: Single touches

    /// Puts `finger` down at `point` one frame from now, and leaves it there:
    /// for gestures the methods above do not make. `finger` must not be down.
    public func beginTouch(_ finger: Int32 = 1, at point: Point) {
        if driver.contacts.isEmpty { beginGesture() }
        sendFrame { $0.down(finger, at: point) }
    }

    /// Moves `finger`, which is down, to `point` one frame from now.
    public func moveTouch(_ finger: Int32 = 1, to point: Point) {
        sendFrame { $0.move(finger, to: point) }
    }

    /// Lifts `finger`, which is down, one frame from now.
    public func endTouch(_ finger: Int32 = 1) {
        sendFrame { $0.up(finger) }
        if driver.contacts.isEmpty { endGesture() }
    }

    /// Sends one frame `delay` seconds from now (`frameInterval` when nil)
    /// with the fingers changed by `changes`: several fingers landing, moving
    /// or lifting at once.
    public func sendFrame(after delay: Double? = nil, _ changes: (inout TouchDriver.Fingers) -> Void) {
        guard isCountingAllocations else {
            driver.frame(after: delay, changes)
            return
        }
        // What the frame writes stays in the log's buffer: flushing into the
        // memory sink, which grows, is the test's cost, not the frame's.
        app.log.writer.flush()
        // The frame's delivery is counted; its drawing follows at once, uncounted.
        let allocations = app.frameDriver.holdingFrames {
            AllocationCounter.count { driver.frame(after: delay, changes) }
        }
        measuredFrames.append(allocations)
    }

    /// The fingers down now, in window points.
    public var touches: TouchFrame { driver.contacts }

    // MARK: A rotary encoder (docs/focus.md)

    /// Turns the encoder by `detents` (positive clockwise) one frame from now:
    /// focus moves, or the focused slider steps while adjusting.
    public func turnEncoder(by detents: Int) {
        layOutAsAFrameWould()
        driver.turnEncoder(by: detents)
    }

    /// Pushes the encoder and releases it: activates the focused view, or
    /// enters or leaves adjusting.
    public func pushEncoder() {
        layOutAsAFrameWould()
        driver.pushEncoder()
    }

    /// On a device every frame lays the window out before the next input
    /// arrives (every turn here ends in that frame too); this catches what a
    /// test changed by hand since. Focus judges what can be focused by the laid-out frames.
    func layOutAsAFrameWould() {
        window.layoutIfNeeded(measuringTextWith: app.renderer.textRenderer)
    }

    /// The name of the view the encoder acts on; nil when none has focus.
    public var focusedViewName: String? { driver.application.focusSystem.focusedView?.name }

    // MARK: Time

    /// Moves the clock on by `seconds`, firing the timers due on the way, each
    /// at its own time, then runs a turn of the run loop.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "time only goes forward")
        driver.advance(by: seconds)
    }

    // MARK: Recorded sessions

    /// Plays the evemu recording at `tracePath` into the app as the runtime's
    /// `--replay` does (`HeadlessHost.replay(_:)`): through the touch
    /// decoder, the board's calibration, rotation and filters, and the run
    /// loop, the clock following the trace's timestamps; then the clock runs
    /// on for a second so due timers fire, touches still down are cancelled
    /// (the device went away) and a `summary` line closes the log. Returns
    /// the log lines the replay wrote.
    ///
    /// On a tester just launched, the lines are those of
    /// `APP --backend headless --replay TRACE` with the same arguments.
    /// Later, the trace plays from the current time on.
    ///
    /// - Throws: `AppTesterError` when the file cannot be read or parsed, or
    ///   its device has no usable touch axes.
    @discardableResult
    public func replay(tracePath: String) throws -> [String] {
        let trace: Trace
        do throws(TraceError) {
            trace = try Trace.load(path: tracePath)
        } catch {
            throw AppTesterError(error.description)
        }
        return try replay(trace)
    }

    /// Plays `trace` into the app; see `replay(tracePath:)`.
    @discardableResult
    public func replay(_ trace: Trace) throws -> [String] {
        precondition(driver.contacts.isEmpty, "lift every finger before replaying a trace")
        let input: TouchInputPath
        do throws(ReplayError) {
            input = try TouchInputPath(trace: trace, screenSize: window.bounds.size, board: app.launchOptions.board)
        } catch {
            throw AppTesterError(error.message)
        }
        let log = app.log
        log.writer.flush()
        let firstLine = logSink.bytes.count
        let runLoop = application.runLoop
        var played = trace
        if let first = trace.events.first?.time {
            if first >= clock.now && (runLoop.nextDeadline ?? .infinity) > first {
                // The runtime starts its clock at the trace's first event: do
                // the same (nothing is due before it), and keep `t` running on.
                log.startTime += first - clock.now
                clock.now = first
            } else {
                // Too late for the trace's own times: play it from now.
                let offset = clock.now - first
                for i in played.events.indices { played.events[i].time += offset }
            }
        }
        input.play(played.events, into: application, log: log)
        lastLiftTime = clock.now
        return Self.lines(logSink.bytes, from: firstLine)
    }

    // MARK: The log

    /// The app's JSON Lines log since launch (or `clearLog()`), one line
    /// each: `action` lines for the controls the app logs
    /// (`LaunchOptions.log.logActions(of:value:)`), and for scene files
    /// `touch`, `responder` and `gesture` lines too.
    public var logLines: [String] {
        app.log.writer.flush()
        return Self.lines(logSink.bytes, from: logStart)
    }

    /// The `action` lines of `logLines`:
    /// `{"type":"action","t":0.52,"control":"play","event":"touchUpInside"}`.
    public var actionLines: [String] {
        logLines.filter { $0.contains(#""type":"action""#) }
    }

    /// Forgets the lines logged so far: `logLines` starts again from here.
    public func clearLog() {
        app.log.writer.flush()
        logStart = logSink.bytes.count
    }

    // MARK: Snapshots

    /// What the panel shows now: the app's display after its last frame
    /// (every turn draws one, as on the device; a change the test made by hand
    /// since is drawn first). The framebuffer is the app's display: the next
    /// frame draws over it.
    @discardableResult
    public func snapshot() -> Framebuffer {
        app.render()
        return app.display.framebuffer
    }

    /// Draws the window and compares it with the reference image
    /// `<referenceDirectory>/<name>.png` (`GoldenImage`). A relative
    /// `referenceDirectory` is taken from the root of the package that holds
    /// `filePath`, the calling test file. On a mismatch, `<name>.actual.png`
    /// (the drawing) and `<name>.diff.png` (differing pixels in red) are
    /// written to `outputDirectory`, by default `.build-golden` at the package
    /// root; a match deletes them. With `PANELKIT_UPDATE_GOLDEN=1` in the
    /// environment the drawing becomes the reference instead.
    ///
    /// `tolerance` is the largest difference, out of 255, allowed in each of
    /// red, green and blue.
    public func compareSnapshot(
        named name: String, referenceDirectory: String = "Tests/Golden",
        outputDirectory: String? = nil, tolerance: UInt8 = 2,
        filePath: String = #filePath
    ) -> GoldenResult {
        GoldenImage.check(
            snapshot(), named: name, tolerance: tolerance, in: referenceDirectory,
            outputDirectory: outputDirectory, file: filePath)
    }

    /// `compareSnapshot(named:referenceDirectory:outputDirectory:tolerance:filePath:)`
    /// that records a test issue, with what differs and where the images are,
    /// when the drawing does not match (or there is no reference yet).
    @discardableResult
    public func assertSnapshot(
        named name: String, referenceDirectory: String = "Tests/Golden",
        outputDirectory: String? = nil, tolerance: UInt8 = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> GoldenResult {
        let result = compareSnapshot(
            named: name, referenceDirectory: referenceDirectory, outputDirectory: outputDirectory,
            tolerance: tolerance, filePath: sourceLocation.filePath)
        if !result.passed {
            Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation)
        }
        return result
    }

    // MARK: Allocations

    /// The most allocations any one input frame of `gesture` makes in steady
    /// state: `gesture` runs `warmUpRuns` times uncounted (the Swift runtime
    /// and caches do one-time work on a path's first runs), then once more
    /// with each frame it sends counted by `AllocationCounter`, from the
    /// frame's delivery to the actions it triggers and the lines it logs.
    /// Rule 3 wants 0.
    ///
    /// ```swift
    /// let allocations = app.allocationsPerFrame { app in
    ///     app.drag("volume", by: Point(x: -120, y: 0))
    ///     app.drag("volume", by: Point(x: 120, y: 0))   // back, so every run is the same
    /// }
    /// #expect(allocations == 0)
    /// ```
    ///
    /// Only frames are counted, from delivery to the actions and log lines;
    /// not the time between gestures, nor the frame's drawing, which follows
    /// each counted frame at once (a label's first drawing of a text it never
    /// showed fills a cache). Count a frame with its drawing with
    /// `AllocationCounter.count { app.moveTouch(to: point) }`.
    /// Make every run the same (end where it started), and count on the
    /// thread that runs the test: allocations of other threads do not count.
    public func allocationsPerFrame(
        warmUpRuns: Int = 2, sourceLocation: SourceLocation = #_sourceLocation,
        _ gesture: (AppTester) -> Void
    ) -> UInt64 {
        frameAllocations(warmUpRuns: warmUpRuns, sourceLocation: sourceLocation, gesture).max() ?? 0
    }

    /// The allocations of each input frame of `gesture` after `warmUpRuns`
    /// uncounted runs, in order; see `allocationsPerFrame(warmUpRuns:sourceLocation:_:)`.
    /// A gesture that sends no frame is a test issue.
    public func frameAllocations(
        warmUpRuns: Int = 2, sourceLocation: SourceLocation = #_sourceLocation,
        _ gesture: (AppTester) -> Void
    ) -> [UInt64] {
        precondition(warmUpRuns >= 0)
        precondition(!isCountingAllocations, "frameAllocations does not nest")
        for _ in 0..<warmUpRuns { gesture(self) }
        measuredFrames = []
        measuredFrames.reserveCapacity(1024)
        isCountingAllocations = true
        gesture(self)
        isCountingAllocations = false
        if measuredFrames.isEmpty {
            Issue.record("the gesture sent no input frame: nothing was counted", sourceLocation: sourceLocation)
        }
        return measuredFrames
    }

    // MARK: Helpers

    /// Waits out `gestureSpacing` since the last gesture.
    func beginGesture() {
        guard driver.contacts.isEmpty, let last = lastLiftTime else { return }
        let wait = last + gestureSpacing - clock.now
        if wait > 0 { driver.advance(by: wait) }
    }

    func endGesture() {
        if driver.contacts.isEmpty { lastLiftTime = clock.now }
    }

    /// The lowest finger number not down.
    func freeFinger(after taken: Int32 = 0) -> Int32 {
        var finger = taken + 1
        while driver.contacts.contact(withID: finger) != nil { finger += 1 }
        return finger
    }

    /// Two fingers land together at `positions(0)`, move through
    /// `positions(step / steps)` and lift together.
    func twoFingers(steps: Int, duration: Double, _ positions: (Double) -> (Point, Point)) {
        beginGesture()
        let first = freeFinger()
        let second = freeFinger(after: first)
        let start = positions(0)
        sendFrame { fingers in
            fingers.down(first, at: start.0)
            fingers.down(second, at: start.1)
        }
        for step in 1...steps {
            let (a, b) = positions(Double(step) / Double(steps))
            sendFrame(after: duration / Double(steps)) { fingers in
                fingers.move(first, to: a)
                fingers.move(second, to: b)
            }
        }
        sendFrame { fingers in
            fingers.up(first)
            fingers.up(second)
        }
        endGesture()
    }

    /// Where a drag on `view` starts: a slider's thumb, else the centre.
    func dragStart(of view: View) -> Point {
        if let slider = view as? Slider {
            layOutAsAFrameWould()
            let thumb = slider.currentThumbRect
            return slider.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        }
        return center(of: view)
    }

    func target(_ name: String, _ sourceLocation: SourceLocation) -> Point? {
        targetView(name, sourceLocation).map { center(of: $0) }
    }

    /// The view named `name`, or nil after recording an issue that lists the names there are.
    func targetView(_ name: String, _ sourceLocation: SourceLocation) -> View? {
        if let view = view(named: name) {
            let point = center(of: view)
            if !window.bounds.contains(point) {
                Issue.record(
                    Comment(
                        rawValue: "the view named \"\(name)\" is off the screen: its centre is at "
                            + "(\(point.x), \(point.y)), the window is \(window.bounds.width)x\(window.bounds.height)"),
                    sourceLocation: sourceLocation)
            }
            return view
        }
        var names: [String] = []
        var identifiers: [String] = []
        func collect(_ view: View) {
            if !view.name.isEmpty { names.append(view.name) }
            if let identifier = view.accessibilityIdentifier { identifiers.append(identifier) }
            for subview in view.subviews { collect(subview) }
        }
        collect(window)
        Issue.record(
            Comment(
                rawValue: "no view named \"\(name)\" in the window; its named views: "
                    + (names.isEmpty ? "none" : names.joined(separator: ", "))
                    + (identifiers.isEmpty
                        ? "" : "; its accessibility identifiers: " + identifiers.joined(separator: ", "))),
            sourceLocation: sourceLocation)
        return nil
    }

    /// The lines of `bytes` from offset `start`, without their newlines.
    static func lines(_ bytes: [UInt8], from start: Int) -> [String] {
        var result: [String] = []
        var lineStart = start
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x0A {
                result.append(String(decoding: bytes[lineStart..<i], as: UTF8.self))
                lineStart = i + 1
            }
            i += 1
        }
        return result
    }
}

/// Why an `AppTester` could not launch its app or replay a trace: one line
/// that says what to fix.
public struct AppTesterError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }
}
