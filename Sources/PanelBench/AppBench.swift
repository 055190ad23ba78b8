import PanelReplay
import PanelTrace
import PanelUI

/// An app's own window on the board: what `--bench` in the app runtime
/// measures, in the same report (table, JSON, chart) as `panel bench`.
///
/// - `full-redraw`: the app's window drawn whole, against the memcpy of one frame;
/// - `app-frames`: each recorded trace played into the app, one sample per
///   input frame from the kernel event to the actions fired, the dirty redraw
///   and the present (median and p99, checked against the board's frame-time budget);
/// - `app-input`: the same frames without drawing, whose allocations must be
///   zero (the hot path, rule 3 of the README).
extension Bench {
    /// `launch` starts a fresh copy of the app and gives its window and
    /// application: one for the full redraw, and one for each trace, drawn
    /// and again input only, so a trace's figures do not depend on what the
    /// traces before it left on the screen.
    public func runApp(
        launch: () -> (window: Window, application: Application), traces: [Trace],
        calibration: CalibrationMatrix = .identity, rotation: TouchRotation = .none,
        filters: TouchFilterSettings = .none, name: String
    ) throws(ReplayError) -> BenchReport {
        configuration.progress("baselines: memcpy of one frame, a bare loop")
        measureBaselines()
        configuration.progress("[1/3] full-redraw of " + name + "'s window")
        let first = launch()
        report.scenes.append(fullRedraw(of: first.window, named: name + "'s window"))

        let renderer = Renderer(textRenderer: textRenderer)
        let logical = framebuffer()
        let backend = framebuffer()
        defer {
            logical.baseAddress.deallocate()
            backend.baseAddress.deallocate()
        }
        var frames: [Figure] = []
        var inputs: [Figure] = []
        var allocations = 0.0
        let passes = configuration.quick ? 2 : 20
        configuration.progress(
            "[2/3] app-frames: " + String(traces.count) + " traces into " + name + ", each from a fresh launch")
        configuration.progress("[3/3] app-input: the same without drawing, allocations counted")
        for t in 0..<traces.count {
            let trace = traces[t]
            // Drawn: each input frame's turn ends in the frame loop's frame, as on the board.
            let drawnApp = launch()
            let drawnPipeline = try AppPipeline(
                trace: trace, application: drawnApp.application, screenSize: drawnApp.window.bounds.size,
                calibration: calibration, rotation: rotation, filters: filters)
            let driver = FrameDriver(
                application: drawnApp.application, window: drawnApp.window, renderer: renderer,
                display: BenchDisplay(logical: logical, backend: backend))
            driver.drawAll()
            let drawn = timeFrames(trace, into: drawnPipeline, passes: passes)
            driver.detach()
            // Input only, from a fresh launch again.
            let inputApp = launch()
            let inputPipeline = try AppPipeline(
                trace: trace, application: inputApp.application, screenSize: inputApp.window.bounds.size,
                calibration: calibration, rotation: rotation, filters: filters)
            inputApp.window.layoutIfNeeded(measuringTextWith: textRenderer)
            let input = timeFrames(trace, into: inputPipeline, passes: passes)
            var traceName = Substring(trace.path)
            if let slash = traceName.lastIndex(of: "/") { traceName = traceName[traceName.index(after: slash)...] }
            if traceName.hasSuffix(".evemu") { traceName = traceName.dropLast(6) }
            frames.append(Figure(name: String(traceName) + ": frame", unit: "ns", samples: drawn.nanoseconds))
            inputs.append(Figure(name: String(traceName) + ": input only", unit: "ns", samples: input.nanoseconds))
            allocations = Swift.max(allocations, input.allocationsPerFrame)
        }
        var drawnScene = SceneResult(name: "app-frames", allocationsPerOperation: 0, isHotPath: false, figures: frames)
        drawnScene.notes.append(
            "per input frame: kernel events → actions → dirty redraw → present; each trace from a fresh launch, "
                + "played " + String(passes - 1) + " times after a warm-up pass")
        report.scenes.append(drawnScene)
        var inputScene = SceneResult(
            name: "app-input", allocationsPerOperation: allocations, isHotPath: true, figures: inputs)
        inputScene.notes.append("per input frame: kernel events → actions, no drawing; allocations must be 0")
        report.scenes.append(inputScene)
        checkBudgets()
        return report
    }
}

/// A trace's device feeding an app's application through the board's touch
/// pipeline (decoder, transform, filters) on its manual clock.
final class AppPipeline: InputPipeline {
    let input: TouchInputPath
    let application: Application
    var frames: Int { input.frames }
    /// Added to event times so the app's clock never goes back when a trace plays again.
    var timeOffset = 0.0

    init(
        trace: Trace, application: Application, screenSize: Size, calibration: CalibrationMatrix,
        rotation: TouchRotation,
        filters: TouchFilterSettings
    ) throws(ReplayError) {
        input = try TouchInputPath(
            trace: trace, screenSize: screenSize, calibration: calibration, rotation: rotation, filters: filters)
        self.application = application
    }

    func runTimers(before event: InputEvent) {
        let time = event.time + timeOffset
        if time > application.runLoop.now { application.runLoop.advance(to: time) }
    }

    func feed(_ event: InputEvent) {
        var event = event
        let now = application.runLoop.now
        if event.time + timeOffset < now { timeOffset = now - event.time + 1 }
        event.time += timeOffset
        input.feed(event, to: application)
    }
}
