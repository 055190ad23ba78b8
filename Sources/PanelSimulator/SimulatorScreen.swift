import PanelKit

/// The simulated board's screen and how the desktop window shows it.
///
/// The panel is `physicalWidth × physicalHeight` pixels (what `--screen`
/// gives, the board's resolution) and mounted at `rotation`, so the UI lays
/// out in ``logicalSize`` and `DisplayRotation.copy` turns its pixels into
/// the panel's framebuffer, as on the board. The window shows the panel as
/// mounted, so the UI stands upright: window pixel `(wx, wy)` is logical
/// point `(wx / zoom, wy / zoom)`.
///
/// The virtual touch sensor lies on the physical panel, one unit a pixel,
/// as a real sensor lies on its panel; ``touchTransform`` turns its
/// coordinates back to logical points with the rotation's `touchRotation`.
public struct SimulatorScreen: Equatable, Sendable {
    public var physicalWidth: Int
    public var physicalHeight: Int
    public var rotation: DisplayRotation
    /// Window pixels per point; whole numbers only, so pixels scale without blurring.
    public var zoom: Int

    public init(physicalWidth: Int, physicalHeight: Int, rotation: DisplayRotation = .none, zoom: Int = 1) {
        precondition(physicalWidth > 0 && physicalHeight > 0 && zoom > 0, "SimulatorScreen: sizes and zoom must be positive")
        self.physicalWidth = physicalWidth
        self.physicalHeight = physicalHeight
        self.rotation = rotation
        self.zoom = zoom
    }

    public var logicalWidth: Int { rotation.swapsAxes ? physicalHeight : physicalWidth }
    public var logicalHeight: Int { rotation.swapsAxes ? physicalWidth : physicalHeight }
    public var logicalSize: Size { Size(width: Double(logicalWidth), height: Double(logicalHeight)) }
    public var windowWidth: Int { logicalWidth * zoom }
    public var windowHeight: Int { logicalHeight * zoom }

    /// The logical point under window pixel `(x, y)`: the pixel's centre, kept on the screen.
    @inlinable
    public func logicalPoint(windowX x: Int, windowY y: Int) -> Point {
        let scale = Double(zoom)
        let cx = min(max(x, 0), windowWidth - 1), cy = min(max(y, 0), windowHeight - 1)
        return Point(x: (Double(cx) + 0.5) / scale, y: (Double(cy) + 0.5) / scale)
    }

    /// Where `point` (logical, in points) lies in the window, for the finger overlay.
    @inlinable
    public func windowPoint(for point: Point) -> Point {
        Point(x: point.x * Double(zoom), y: point.y * Double(zoom))
    }

    /// The sensor reading (physical pixels, within the axes' `0 ... size - 1`)
    /// for a finger at logical `point`.
    @inlinable
    public func sensorPosition(for point: Point) -> (x: Int32, y: Int32) {
        let w = Double(physicalWidth), h = Double(physicalHeight)
        let px: Double, py: Double
        switch rotation {
        case .none: px = point.x; py = point.y
        case .clockwise90: px = w - point.y; py = point.x
        case .upsideDown: px = w - point.x; py = h - point.y
        case .clockwise270: px = point.y; py = h - point.x
        }
        let x = min(max(Int(px.rounded(.down)), 0), physicalWidth - 1)
        let y = min(max(Int(py.rounded(.down)), 0), physicalHeight - 1)
        return (Int32(x), Int32(y))
    }

    /// The virtual panel's description for this screen.
    public var touchDevice: TouchDeviceDescription {
        VirtualTouchPanel.description(width: physicalWidth, height: physicalHeight)
    }

    /// The board's touch chain for the virtual sensor: device units to logical points.
    public var touchTransform: TouchTransform {
        TouchTransform(device: touchDevice, screenSize: logicalSize, rotation: rotation.touchRotation)
    }

    /// The same board turned a further 90° clockwise.
    public func turnedClockwise() -> SimulatorScreen {
        var turned = self
        turned.rotation = DisplayRotation(rawValue: (rotation.rawValue + 90) % 360) ?? .none
        return turned
    }
}
