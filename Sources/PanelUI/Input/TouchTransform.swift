/// A touch calibration in libinput's `LIBINPUT_CALIBRATION_MATRIX` convention:
/// the first two rows of a 3×3 matrix, applied to normalized device coordinates as
///
///     x' = a·x + b·y + c
///     y' = d·x + e·y + f
///
/// Normalized coordinates are libinput's: `(v - minimum) / (maximum - minimum + 1)`
/// per axis, so the axis range covers `0 ..< 1` and the translations `c` and `f`
/// count in device widths and heights (`c = 1` moves one device width right).
/// The six numbers of a udev rule such as
/// `ENV{LIBINPUT_CALIBRATION_MATRIX}="0 -1 1 1 0 0"` go into `a` to `f` in order.
@frozen
public struct CalibrationMatrix: Equatable, Sendable {
    public var a: Double, b: Double, c: Double
    public var d: Double, e: Double, f: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    /// Leaves coordinates as they are: libinput's default.
    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// The matrix applied to a normalized point.
    @inlinable
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f)
    }

    /// The determinant of the 2×2 linear part; 0 when the matrix collapses the plane.
    @inlinable
    public var determinant: Double { a * e - b * d }

    /// Whether `inverted` exists: the matrix keeps the plane two-dimensional.
    @inlinable
    public var isInvertible: Bool {
        let det = determinant
        return det != 0 && det.isFinite
    }

    /// The matrix that undoes this one, or `nil` when it is not invertible.
    /// A calibration tool uses it to turn screen targets back into sensor positions.
    public var inverted: CalibrationMatrix? {
        guard isInvertible else { return nil }
        let det = determinant
        let ia = e / det
        let ib = -b / det
        let id = -d / det
        let ie = a / det
        return CalibrationMatrix(
            a: ia, b: ib, c: -(ia * c + ib * f),
            d: id, e: ie, f: -(id * c + ie * f))
    }

    /// The same mapping as a PanelKit `AffineTransform` (whose `b` and `c` are
    /// laid out the other way round, as in Core Graphics).
    @inlinable
    public var affineTransform: AffineTransform {
        AffineTransform(a: a, b: d, c: b, d: e, tx: c, ty: f)
    }
}

/// The H6 transform chain, from raw device axes to screen points:
///
/// 1. normalize each axis to `0 ..< 1` as libinput does, `(v - min) / (max - min + 1)`;
/// 2. apply the `CalibrationMatrix`;
/// 3. turn by the `TouchRotation` (in the normalized square, with libinput's
///    rotation matrices, e.g. 90° clockwise is `(x, y) → (1 - y, x)`);
/// 4. mirror: `mirrorX` maps `x → 1 - x`, `mirrorY` maps `y → 1 - y`, in screen orientation;
/// 5. scale by the screen size, in points: on a panel of scale 2 a sensor
///    that spans 1280 pixels spans 640 points, so touches land where the
///    views are laid out, whatever the pixel density.
///
/// Because the normalization divides by `max - min + 1`, the axis minimum lands on
/// 0 and the maximum one device unit short of the screen edge; a mirrored or turned
/// axis therefore reaches the far edge itself (`x == width`). Hit-testing should
/// treat such a point as on the last pixel.
///
/// The whole chain folds into one affine map at init, so `point(forDeviceX:y:)`
/// and `apply(to:)` cost six multiplies per contact and never allocate.
public struct TouchTransform: Sendable {
    /// The composed map from device units to screen points.
    public let deviceToScreen: AffineTransform
    /// Points per device unit along the device's x axis, after every step:
    /// what `apply(to:)` multiplies `majorRadius` by.
    public let radiusScale: Double

    public let screenSize: Size
    public let calibration: CalibrationMatrix
    public let rotation: TouchRotation
    public let mirrorX: Bool
    public let mirrorY: Bool

    /// Builds the chain for `device`, on the axes its position is read from
    /// (`TouchDeviceDescription.touchPositionAxes`: those a board wires it to,
    /// else `ABS_MT_POSITION_X/Y` when it reports multitouch and `ABS_X/ABS_Y`
    /// otherwise). A device without the axes is treated as having a `0...0`
    /// range, so it maps everything to the origin corner; `TouchDecoder`
    /// rejects such devices at its own init.
    public init(
        device: TouchDeviceDescription, screenSize: Size,
        calibration: CalibrationMatrix = .identity, rotation: TouchRotation = .none,
        mirrorX: Bool = false, mirrorY: Bool = false
    ) {
        let axes = device.touchPositionAxes
        let xAxis = device.axis(axes.x)
        let yAxis = device.axis(axes.y)
        self.init(
            xMinimum: Double(xAxis?.minimum ?? 0), xMaximum: Double(xAxis?.maximum ?? 0),
            yMinimum: Double(yAxis?.minimum ?? 0), yMaximum: Double(yAxis?.maximum ?? 0),
            screenSize: screenSize, calibration: calibration, rotation: rotation,
            mirrorX: mirrorX, mirrorY: mirrorY)
    }

    /// Builds the chain for explicit axis ranges, for devices that report
    /// position on other axes (H1).
    public init(
        xMinimum: Double, xMaximum: Double, yMinimum: Double, yMaximum: Double,
        screenSize: Size, calibration: CalibrationMatrix = .identity,
        rotation: TouchRotation = .none, mirrorX: Bool = false, mirrorY: Bool = false
    ) {
        self.screenSize = screenSize
        self.calibration = calibration
        self.rotation = rotation
        self.mirrorX = mirrorX
        self.mirrorY = mirrorY

        // Each step as an AffineTransform, composed first-to-last with `concatenating`.
        let xRange = xMaximum - xMinimum + 1
        let yRange = yMaximum - yMinimum + 1
        let normalize = AffineTransform(
            a: 1 / xRange, b: 0, c: 0, d: 1 / yRange,
            tx: -xMinimum / xRange, ty: -yMinimum / yRange)
        let scale = AffineTransform(scaleX: screenSize.width, y: screenSize.height)
        let chain =
            normalize
            .concatenating(calibration.affineTransform)
            .concatenating(TouchTransform.orientation(rotation: rotation, mirrorX: mirrorX, mirrorY: mirrorY))
            .concatenating(scale)
        deviceToScreen = chain
        // The image of one device unit along x: its length is the radius scale.
        radiusScale = (chain.a * chain.a + chain.b * chain.b).squareRoot()
    }

    /// Steps 3 and 4 of the chain on the normalized square: the turn by `rotation`,
    /// then the mirroring. A calibration tool inverts it to take a screen target
    /// back into the sensor's orientation, where the calibration matrix works.
    public static func orientation(rotation: TouchRotation, mirrorX: Bool = false, mirrorY: Bool = false)
        -> AffineTransform
    {
        let turn: AffineTransform
        switch rotation {
        case .none: turn = .identity
        case .clockwise90: turn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0) // (1 - y, x)
        case .upsideDown: turn = AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1) // (1 - x, 1 - y)
        case .clockwise270: turn = AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1) // (y, 1 - x)
        }
        let mirror = AffineTransform(
            a: mirrorX ? -1 : 1, b: 0, c: 0, d: mirrorY ? -1 : 1,
            tx: mirrorX ? 1 : 0, ty: mirrorY ? 1 : 0)
        return turn.concatenating(mirror)
    }

    /// The screen point for a position in device units.
    @inlinable
    public func point(forDeviceX x: Double, y: Double) -> Point {
        deviceToScreen.apply(to: Point(x: x, y: y))
    }

    /// Maps every contact of `frame` from device units to screen points, in place,
    /// and scales each `majorRadius` by `radiusScale`.
    @inlinable
    public func apply(to frame: inout TouchFrame) {
        for index in 0..<frame.count {
            var contact = frame[index]
            let mapped = point(forDeviceX: contact.x, y: contact.y)
            contact.x = mapped.x
            contact.y = mapped.y
            contact.majorRadius *= radiusScale
            frame[index] = contact
        }
    }
}
