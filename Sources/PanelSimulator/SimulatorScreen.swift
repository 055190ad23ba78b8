import PanelUI

/// The simulated board's screen and how the desktop window shows it.
///
/// The panel is `physicalWidth × physicalHeight` pixels (the board's
/// resolution) and mounted at `rotation`, so the UI's image is
/// `logicalWidth × logicalHeight` pixels, which `DisplayRotation.copy` turns
/// into the panel's framebuffer, as on the board. At `scale` pixels per point
/// the UI lays out on `logicalSize` points (the logical pixels over the
/// scale). The window shows the panel as mounted, so the UI stands upright,
/// each of its pixels `zoom` window pixels: window pixel `(wx, wy)` is
/// logical point `(wx / zoom / scale, wy / zoom / scale)`.
///
/// The virtual touch sensor lies on the physical panel, one unit a pixel,
/// as a real sensor lies on its panel; `touchTransform` turns its
/// coordinates back to logical points with the rotation's `touchRotation`.
public struct SimulatorScreen: Equatable, Sendable {
    public var physicalWidth: Int
    public var physicalHeight: Int
    public var rotation: DisplayRotation
    /// Window pixels per panel pixel; whole numbers only, so pixels scale without blurring.
    public var zoom: Int
    /// Panel pixels per point: the board's `scale`.
    public var scale: Double

    public init(
        physicalWidth: Int, physicalHeight: Int, rotation: DisplayRotation = .none, zoom: Int = 1, scale: Double = 1
    ) {
        precondition(
            physicalWidth > 0 && physicalHeight > 0 && zoom > 0, "SimulatorScreen: sizes and zoom must be positive")
        precondition(scale >= 1 && scale <= 4, "SimulatorScreen: scale is pixels per point, from 1 to 4")
        self.physicalWidth = physicalWidth
        self.physicalHeight = physicalHeight
        self.rotation = rotation
        self.zoom = zoom
        self.scale = scale
    }

    /// The UI's image in pixels: the panel turned by the rotation.
    public var logicalWidth: Int { rotation.swapsAxes ? physicalHeight : physicalWidth }
    public var logicalHeight: Int { rotation.swapsAxes ? physicalWidth : physicalHeight }
    /// The screen the UI lays out on, in points: the logical pixels over `scale`.
    public var logicalSize: Size { Size(width: Double(logicalWidth) / scale, height: Double(logicalHeight) / scale) }
    public var windowWidth: Int { logicalWidth * zoom }
    public var windowHeight: Int { logicalHeight * zoom }

    /// The logical point under window pixel `(x, y)`: the pixel's centre, kept on the screen.
    @inlinable
    public func logicalPoint(windowX x: Int, windowY y: Int) -> Point {
        let windowPixelsPerPoint = Double(zoom) * scale
        let cx = min(max(x, 0), windowWidth - 1)
        let cy = min(max(y, 0), windowHeight - 1)
        return Point(x: (Double(cx) + 0.5) / windowPixelsPerPoint, y: (Double(cy) + 0.5) / windowPixelsPerPoint)
    }

    /// Where `point` (logical, in points) lies in the window, for the finger overlay.
    @inlinable
    public func windowPoint(for point: Point) -> Point {
        let windowPixelsPerPoint = Double(zoom) * scale
        return Point(x: point.x * windowPixelsPerPoint, y: point.y * windowPixelsPerPoint)
    }

    /// The sensor reading (physical pixels, within the axes' `0 ... size - 1`)
    /// for a finger at logical `point`.
    @inlinable
    public func sensorPosition(for point: Point) -> (x: Int32, y: Int32) {
        let w = Double(physicalWidth)
        let h = Double(physicalHeight)
        // Points to the logical image's pixels, then turned onto the panel.
        let lx = point.x * scale
        let ly = point.y * scale
        let px: Double
        let py: Double
        switch rotation {
        case .none:
            px = lx
            py = ly
        case .clockwise90:
            px = w - ly
            py = lx
        case .upsideDown:
            px = w - lx
            py = h - ly
        case .clockwise270:
            px = ly
            py = h - lx
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
