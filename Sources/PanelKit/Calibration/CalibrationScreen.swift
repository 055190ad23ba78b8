import PanelBoards
import PanelJSON
import PanelReplay
import PanelTrace
import PanelUI

/// What a finished calibration measured.
public struct CalibrationResult {
    /// The board file's `touch.calibration` (applied after the axis quirks).
    public var matrix: CalibrationMatrix
    /// Per target, how far the calibrated touch lands from the target, in pixels.
    public var residuals: [Double]
    public var rmsResidual: Double
    public var maximumResidual: Double
}

/// ts_calibrate on a PanelKit window: five crosshairs (four corners, then the
/// centre), one touch each. While a finger is down its positions are collected;
/// when it lifts, the median is the sensor's view of that target. After the
/// fifth, `CalibrationMatrix.fitting(_:)` solves the matrix by least squares
/// and `result` holds it with the residual error.
///
/// The input path must deliver raw sensor positions: a `TouchTransform` with
/// the identity calibration, no rotation and this screen's size, so a touch at
/// `(x, y)` is the sensor's normalized `(x / width, y / height)`. The screen
/// turns the targets back by the board's touch `rotation` and puts the
/// sensor's points through the axis `quirks`, so the matrix it finds is the one
/// the board file holds.
public final class CalibrationScreen: View {
    /// Where the crosshairs are, in window points, in the order they are shown.
    public let targets: [Point]
    /// Which target shows now; `targets.count` when finished.
    public internal(set) var currentTarget = 0
    /// The touch the current target is taking samples from.
    @usableFromInline var trackedTouch: Touch?
    /// The median sensor point (normalized, after the quirks) of each target taken.
    public internal(set) var sensorPoints: [Point] = []
    public internal(set) var result: CalibrationResult?
    /// Why the matrix could not be solved, when it could not.
    public internal(set) var failure: String?
    /// Called once, when the fifth target is taken (result or failure set).
    public var onFinish: ((CalibrationScreen) -> Void)?

    public let instructions: Label
    let quirks: CalibrationMatrix
    let rotation: TouchRotation
    /// Samples of the touch on the current target, reserved up front: a long
    /// press on a 200 Hz controller fills them, and later samples are dropped.
    var samplesX: [Double]
    var samplesY: [Double]
    static let sampleCapacity = 512

    public var isFinished: Bool { currentTarget >= targets.count }

    /// `quirks`: the board's swap/invert as a matrix (its effective calibration
    /// with the file's matrix left out); `rotation`: the board's touch rotation.
    public init(frame: Rect, quirks: CalibrationMatrix = .identity, rotation: TouchRotation = .none) {
        self.quirks = quirks
        self.rotation = rotation
        targets = CalibrationScreen.targets(in: frame.size)
        samplesX = []
        samplesY = []
        samplesX.reserveCapacity(CalibrationScreen.sampleCapacity)
        samplesY.reserveCapacity(CalibrationScreen.sampleCapacity)
        let theme = Theme.standard
        instructions = Label(
            frame: Rect(x: 16, y: frame.height / 2 + 40, width: frame.width - 32, height: 64),
            name: "instructions", text: "")
        instructions.textAlignment = .center
        instructions.numberOfLines = 2
        instructions.textColor = theme.text
        instructions.font = .system(size: max(14, min(22, frame.height / 24)))
        super.init(frame: frame, name: "calibration")
        backgroundColor = theme.background
        addSubview(instructions)
        showInstructions()
    }

    /// ts_calibrate's layout: corners inset by a tenth of the shorter side (at least 24 points), then the centre.
    public static func targets(in size: Size) -> [Point] {
        let inset = max(24, min(size.width, size.height) / 10)
        return [
            Point(x: inset, y: inset), Point(x: size.width - inset, y: inset),
            Point(x: size.width - inset, y: size.height - inset), Point(x: inset, y: size.height - inset),
            Point(x: size.width / 2, y: size.height / 2)
        ]
    }

    func showInstructions(_ prefix: String = "") {
        if isFinished { return }
        instructions.text =
            prefix + "Touch the centre of the cross and lift (" + String(currentTarget + 1) + " of "
            + String(targets.count) + ")"
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard !isFinished, trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        samplesX.removeAll(keepingCapacity: true)
        samplesY.removeAll(keepingCapacity: true)
        addSample(touch)
    }

    public override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard let tracked = trackedTouch, touches.contains(tracked) else { return }
        addSample(tracked)
    }

    public override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard let tracked = trackedTouch, touches.contains(tracked) else { return }
        addSample(tracked)
        trackedTouch = nil
        sensorPoints.append(
            quirks.apply(
                to: Point(
                    x: CalibrationScreen.median(&samplesX) / bounds.width,
                    y: CalibrationScreen.median(&samplesY) / bounds.height)))
        currentTarget += 1
        setNeedsDisplay()
        if isFinished {
            solve()
            onFinish?(self)
        } else {
            showInstructions()
        }
    }

    /// A cancelled touch (the device went away, events dropped) says nothing
    /// reliable: the same target is asked for again.
    public override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        guard let tracked = trackedTouch, touches.contains(tracked) else { return }
        trackedTouch = nil
        showInstructions("The touch was cancelled. ")
    }

    func addSample(_ touch: Touch) {
        guard samplesX.count < CalibrationScreen.sampleCapacity else { return }
        let location = touch.location(in: self)
        samplesX.append(location.x)
        samplesY.append(location.y)
    }

    /// The middle value (the mean of the middle two for an even count): one
    /// bouncing sample on a resistive panel cannot pull it off the target.
    static func median(_ values: inout [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        values.sort()
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    // MARK: Solving

    /// The target in the sensor's normalized frame: the screen point over the
    /// screen size, turned back by the touch rotation.
    func normalizedTarget(_ index: Int) -> Point {
        let unturn = TouchTransform.orientation(rotation: rotation).inverted ?? .identity
        return unturn.apply(to: Point(x: targets[index].x / bounds.width, y: targets[index].y / bounds.height))
    }

    func solve() {
        var pairs: [CalibrationPair] = []
        for i in 0..<sensorPoints.count {
            pairs.append(CalibrationPair(sensor: sensorPoints[i], target: normalizedTarget(i)))
        }
        guard let matrix = CalibrationMatrix.fitting(pairs) else {
            failure =
                "the five touches lie on one line, so they say nothing about one direction; "
                + "touch each cross where it is drawn and run the calibration again"
            instructions.text = "Calibration failed: the touches lie on one line. Run it again."
            return
        }
        // Residuals where the app sees touches: calibrated, turned, scaled to the screen.
        let turn = TouchTransform.orientation(rotation: rotation)
        var residuals: [Double] = []
        var sumOfSquares = 0.0
        var maximum = 0.0
        for i in 0..<pairs.count {
            let landed = turn.apply(to: matrix.apply(to: pairs[i].sensor))
            let dx = landed.x * bounds.width - targets[i].x
            let dy = landed.y * bounds.height - targets[i].y
            let distance = (dx * dx + dy * dy).squareRoot()
            residuals.append(distance)
            sumOfSquares += distance * distance
            maximum = max(maximum, distance)
        }
        let rms = (sumOfSquares / Double(residuals.count)).squareRoot()
        result = CalibrationResult(matrix: matrix, residuals: residuals, rmsResidual: rms, maximumResidual: maximum)
        instructions.text =
            "Calibrated: residual error " + CalibrationScreen.tenths(rms) + " px (at most "
            + CalibrationScreen.tenths(maximum) + " px)"
    }

    /// `0.4`: one decimal, without Foundation.
    public static func tenths(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        return String(tenths / 10) + "." + String(tenths % 10)
    }

    /// `0.04`: two decimals, without Foundation.
    public static func hundredths(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let fraction = hundredths % 100
        return String(hundredths / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// What `panel calibrate` and `panel-demo calibrate` print once the
    /// targets are taken: each target and how far it lands, the matrix, and
    /// the residual error; nil when the matrix could not be solved.
    public func report(boardName: String) -> [String]? {
        guard let result else { return nil }
        var lines = [
            "calibrate: " + boardName + ", " + String(targets.count) + " targets on "
                + describeNumber(bounds.width) + "x" + describeNumber(bounds.height)
        ]
        for i in 0..<targets.count {
            let t = targets[i]
            let s = sensorPoints[i]
            lines.append(
                "target " + String(i + 1) + " at (" + describeNumber(t.x) + ", " + describeNumber(t.y) + "): sensor ("
                    + describeNumber(s.x) + ", " + describeNumber(s.y) + "), lands "
                    + CalibrationScreen.hundredths(result.residuals[i]) + " px off")
        }
        let m = result.matrix
        lines.append(
            "matrix: " + describeNumber(m.a) + " " + describeNumber(m.b) + " " + describeNumber(m.c) + " "
                + describeNumber(m.d) + " " + describeNumber(m.e) + " " + describeNumber(m.f))
        lines.append(
            "residual error: " + CalibrationScreen.hundredths(result.rmsResidual) + " px rms, "
                + CalibrationScreen.hundredths(result.maximumResidual) + " px at most")
        return lines
    }

    /// The board's override file for this calibration; nil when the matrix could not be solved.
    public func boardOverride(boardName: String) -> BoardOverride? {
        guard let result else { return nil }
        return BoardOverride(
            board: boardName, calibration: result.matrix, rmsResidual: result.rmsResidual,
            maximumResidual: result.maximumResidual)
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let theme = Theme.standard
        // The targets already taken, as dots: the user sees the progress.
        for i in 0..<min(currentTarget, targets.count) {
            let t = targets[i]
            context.fill(ellipseIn: Rect(x: t.x - 4, y: t.y - 4, width: 8, height: 8), color: theme.secondaryText)
        }
        guard !isFinished else { return }
        // ts_calibrate's crosshair: a ring and two lines through the exact point.
        let t = targets[currentTarget]
        context.fill(ellipseIn: Rect(x: t.x - 14, y: t.y - 14, width: 28, height: 28), color: theme.accent)
        context.fill(ellipseIn: Rect(x: t.x - 11, y: t.y - 11, width: 22, height: 22), color: theme.background)
        context.fill(Rect(x: t.x - 22, y: t.y - 1, width: 44, height: 2), color: theme.text)
        context.fill(Rect(x: t.x - 1, y: t.y - 22, width: 2, height: 44), color: theme.text)
    }
}

extension CalibrationScreen {
    /// Replays a recorded calibration, the raw touches of a panel, through the
    /// screen as the device backend would deliver them (decoder → identity
    /// transform → the board's filters → run loop → hit-test → touches), on
    /// the trace's own clock.
    /// The headless `panel calibrate --trace` and its tests run the flow so.
    public static func replaying(
        _ trace: Trace, screenSize: Size, quirks: CalibrationMatrix = .identity,
        rotation: TouchRotation = .none, filters: TouchFilterSettings = .none
    ) throws(ReplayError) -> CalibrationScreen {
        let input = try TouchInputPath(trace: trace, screenSize: screenSize, filters: filters)
        let application = Application(runLoop: RunLoop(manualClock: ManualClock(now: trace.events.first?.time ?? 0)))
        let window = Window(frame: Rect(origin: .zero, size: screenSize))
        let screen = CalibrationScreen(frame: window.bounds, quirks: quirks, rotation: rotation)
        window.addSubview(screen)
        application.addWindow(window)
        for i in 0..<trace.events.count { input.feed(trace.events[i], to: application) }
        application.cancelTouches()
        return screen
    }
}
