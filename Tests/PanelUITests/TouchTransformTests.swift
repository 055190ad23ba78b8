import PanelTesting
import PanelUI
import Testing

// Rule H6 of docs/touch-rules.md: raw device axes → calibration
// matrix (libinput's LIBINPUT_CALIBRATION_MATRIX convention) → rotation and
// mirroring → points.

/// A sensor with 100 × 50 device units (x 0…99, y 0…49), so libinput's
/// normalization `(v - min) / (max - min + 1)` gives round numbers.
private func sensor(xMinimum: Int32 = 0, yMinimum: Int32 = 0) -> TouchDeviceDescription {
    var device = TouchDeviceDescription(name: "sensor")
    device.keys = [KeyCode.touch]
    device.setAxis(AbsoluteAxis.multitouchSlot, AbsoluteAxisInfo(minimum: 0, maximum: 4))
    device.setAxis(AbsoluteAxis.multitouchPositionX, AbsoluteAxisInfo(minimum: xMinimum, maximum: xMinimum + 99))
    device.setAxis(AbsoluteAxis.multitouchPositionY, AbsoluteAxisInfo(minimum: yMinimum, maximum: yMinimum + 49))
    // Legacy axes with another range, which a multitouch transform must not use.
    device.setAxis(AbsoluteAxis.x, AbsoluteAxisInfo(minimum: 0, maximum: 9))
    device.setAxis(AbsoluteAxis.y, AbsoluteAxisInfo(minimum: 0, maximum: 9))
    return device
}

private let screen = Size(width: 200, height: 100)

private func isClose(_ a: Point, _ b: Point) -> Bool {
    abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
}

/// The sensor's corners, in device units: top-left, top-right, bottom-right, bottom-left.
private let corners = [(0.0, 0.0), (99.0, 0.0), (99.0, 49.0), (0.0, 49.0)]

@Suite("Touch transform")
struct TouchTransformTests {
    @Test("H6: the identity maps the axis range onto the screen, as libinput normalizes it")
    func identity() {
        let transform = TouchTransform(device: sensor(xMinimum: 1000, yMinimum: -25), screenSize: screen)
        #expect(transform.point(forDeviceX: 1000, y: -25) == Point(x: 0, y: 0))
        // One device unit is 1/100 of the width: the maximum lands one unit short of the edge.
        #expect(isClose(transform.point(forDeviceX: 1099, y: 24), Point(x: 198, y: 98)))
        #expect(isClose(transform.point(forDeviceX: 1050, y: 0), Point(x: 100, y: 50)))
    }

    @Test("H6: single-touch devices map ABS_X/ABS_Y, multitouch devices ABS_MT_POSITION_X/Y")
    func picksAxes() {
        var single = TouchDeviceDescription(name: "single")
        single.keys = [KeyCode.touch]
        single.setAxis(AbsoluteAxis.x, AbsoluteAxisInfo(minimum: 0, maximum: 3))
        single.setAxis(AbsoluteAxis.y, AbsoluteAxisInfo(minimum: 0, maximum: 3))
        #expect(TouchTransform(device: single, screenSize: screen).point(forDeviceX: 2, y: 2) == Point(x: 100, y: 50))
        #expect(TouchTransform(device: sensor(), screenSize: screen).point(forDeviceX: 2, y: 2) == Point(x: 4, y: 4))
    }

    @Test(
        "H6: each rotation turns the sensor's corners clockwise onto the screen's",
        arguments: [
            // Where the sensor's top-left, top-right, bottom-right and bottom-left land.
            (TouchRotation.none, [Point(x: 0, y: 0), Point(x: 198, y: 0), Point(x: 198, y: 98), Point(x: 0, y: 98)]),
            // A quarter turn clockwise: top-left goes to the top-right corner, and so on round.
            (.clockwise90, [Point(x: 200, y: 0), Point(x: 200, y: 99), Point(x: 4, y: 99), Point(x: 4, y: 0)]),
            (.upsideDown, [Point(x: 200, y: 100), Point(x: 2, y: 100), Point(x: 2, y: 2), Point(x: 200, y: 2)]),
            (.clockwise270, [Point(x: 0, y: 100), Point(x: 0, y: 1), Point(x: 196, y: 1), Point(x: 196, y: 100)])
        ])
    func rotations(rotation: TouchRotation, expected: [Point]) {
        let transform = TouchTransform(device: sensor(), screenSize: screen, rotation: rotation)
        for (corner, want) in zip(corners, expected) {
            let got = transform.point(forDeviceX: corner.0, y: corner.1)
            #expect(isClose(got, want), "\(rotation) corner (\(corner.0), \(corner.1)) → \(got)")
        }
    }

    @Test("H6: mirroring flips x, y, or both, in screen orientation after the rotation")
    func mirroring() {
        let mirroredX = TouchTransform(device: sensor(), screenSize: screen, mirrorX: true)
        #expect(isClose(mirroredX.point(forDeviceX: 0, y: 0), Point(x: 200, y: 0)))
        #expect(isClose(mirroredX.point(forDeviceX: 99, y: 49), Point(x: 2, y: 98)))
        let mirroredY = TouchTransform(device: sensor(), screenSize: screen, mirrorY: true)
        #expect(isClose(mirroredY.point(forDeviceX: 0, y: 0), Point(x: 0, y: 100)))
        #expect(isClose(mirroredY.point(forDeviceX: 99, y: 49), Point(x: 198, y: 2)))
        let both = TouchTransform(device: sensor(), screenSize: screen, mirrorX: true, mirrorY: true)
        let upsideDown = TouchTransform(device: sensor(), screenSize: screen, rotation: .upsideDown)
        for corner in corners {
            #expect(
                isClose(
                    both.point(forDeviceX: corner.0, y: corner.1),
                    upsideDown.point(forDeviceX: corner.0, y: corner.1)))
        }
        // After a quarter turn the sensor's x runs down the screen; mirrorX still flips screen x.
        let turnedAndMirrored = TouchTransform(
            device: sensor(), screenSize: screen, rotation: .clockwise90, mirrorX: true)
        #expect(isClose(turnedAndMirrored.point(forDeviceX: 0, y: 0), Point(x: 0, y: 0)))
        #expect(isClose(turnedAndMirrored.point(forDeviceX: 99, y: 0), Point(x: 0, y: 99)))
    }

    @Test("H6: a calibration matrix moves points as libinput does, translations in device widths")
    func calibrationLikeLibinput() {
        // Shrink x to half and shift it a quarter of the device width right; move y up a tenth.
        let calibration = CalibrationMatrix(a: 0.5, b: 0, c: 0.25, d: 0, e: 1, f: -0.1)
        let transform = TouchTransform(device: sensor(xMinimum: 1000), screenSize: screen, calibration: calibration)
        // libinput: normalize with (v - min) / (max - min + 1), apply the matrix, scale to the screen.
        func libinput(_ x: Double, _ y: Double) -> Point {
            let nx = (x - 1000) / 100
            let ny = y / 50
            return Point(x: (0.5 * nx + 0.25) * 200, y: (ny - 0.1) * 100)
        }
        for (x, y) in [(1000.0, 0.0), (1099.0, 49.0), (1040.0, 10.0)] {
            #expect(isClose(transform.point(forDeviceX: x, y: y), libinput(x, y)))
        }
        #expect(isClose(transform.point(forDeviceX: 1000, y: 0), Point(x: 50, y: -10)))
    }

    @Test("H6: libinput's documented 90° clockwise matrix (0 -1 1 1 0 0) equals TouchRotation.clockwise90")
    func libinputRotationMatrix() {
        let byMatrix = TouchTransform(
            device: sensor(), screenSize: screen,
            calibration: CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0))
        let byRotation = TouchTransform(device: sensor(), screenSize: screen, rotation: .clockwise90)
        for corner in corners {
            #expect(
                isClose(
                    byMatrix.point(forDeviceX: corner.0, y: corner.1),
                    byRotation.point(forDeviceX: corner.0, y: corner.1)))
        }
    }

    @Test("H6: calibration comes before rotation")
    func calibrationBeforeRotation() {
        // Halve x, then turn a quarter clockwise: (x, y) → (x/2, y) → (1 - y, x/2).
        // Turning first and halving after would give (1 - y, x) → ((1 - y)/2, x) instead.
        let halveX = CalibrationMatrix(a: 0.5, b: 0, c: 0, d: 0, e: 1, f: 0)
        let transform = TouchTransform(
            device: sensor(), screenSize: screen, calibration: halveX, rotation: .clockwise90)
        let point = transform.point(forDeviceX: 50, y: 0) // normalized (0.5, 0)
        #expect(isClose(point, Point(x: 200, y: 25))) // (1 - 0, 0.25)
        #expect(!isClose(point, Point(x: 100, y: 50))) // ((1 - 0) / 2, 0.5): the other order
    }

    @Test("H6: apply(to:) maps every contact and scales majorRadius by the x scale")
    func applyToFrame() {
        let transform = TouchTransform(device: sensor(), screenSize: screen)
        var frame = TouchFrame(timestamp: 3)
        frame.append(TouchContact(id: 7, x: 50, y: 25, pressure: 9, majorRadius: 5))
        frame.append(TouchContact(id: 8, x: 0, y: 0))
        transform.apply(to: &frame)
        #expect(frame[0] == TouchContact(id: 7, x: 100, y: 50, pressure: 9, majorRadius: 10))
        #expect(frame[1] == TouchContact(id: 8, x: 0, y: 0))
        #expect(frame.timestamp == 3)
        // Turned a quarter, device x runs along the screen's height: 1 unit = 1 point.
        let turned = TouchTransform(device: sensor(), screenSize: screen, rotation: .clockwise90)
        #expect(abs(turned.radiusScale - 1) < 1e-12)
    }

    @Test("CalibrationMatrix: inverted undoes the matrix; a collapsing matrix has no inverse")
    func calibrationInverse() throws {
        let matrix = CalibrationMatrix(a: 1.02, b: 0.01, c: -0.03, d: -0.02, e: 0.97, f: 0.05)
        #expect(matrix.isInvertible)
        let inverse = try #require(matrix.inverted)
        let point = Point(x: 0.3, y: 0.8)
        #expect(isClose(inverse.apply(to: matrix.apply(to: point)), point))
        #expect(isClose(matrix.apply(to: inverse.apply(to: point)), point))
        #expect(CalibrationMatrix.identity.inverted == .identity)

        let collapsing = CalibrationMatrix(a: 1, b: 2, c: 0, d: 2, e: 4, f: 0)
        #expect(!collapsing.isInvertible)
        #expect(collapsing.inverted == nil)
    }

    @Test("point(forDeviceX:y:) and apply(to:) allocate nothing")
    func transformDoesNotAllocate() {
        let transform = TouchTransform(
            device: sensor(), screenSize: screen,
            calibration: CalibrationMatrix(a: 1, b: 0, c: 0.1, d: 0, e: 1, f: 0),
            rotation: .clockwise270, mirrorY: true)
        var frame = TouchFrame()
        for id in Int32(0)..<16 { frame.append(TouchContact(id: id, x: Double(id), y: 2, majorRadius: 1)) }
        transform.apply(to: &frame) // warm up
        var sum = 0.0
        let allocations = AllocationCounter.count {
            for _ in 0..<100 {
                var copy = frame
                transform.apply(to: &copy)
                sum += copy[15].x + transform.point(forDeviceX: 3, y: 4).y
            }
        }
        #expect(allocations == 0)
        #expect(sum.isFinite)
    }
}
