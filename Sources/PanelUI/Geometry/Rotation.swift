/// A quarter turn clockwise, as seen by someone facing the screen: the one
/// rotation type of both the display and the touch sensor.
///
/// As a `DisplayRotation` it says how a panel is mounted: how far the
/// logical image (the one the UI lays out and draws) turns to become the
/// physical image the panel scans out from its own top-left pixel. As a
/// `TouchRotation` it says how far the sensor's coordinates must turn to
/// line up with the screen (H6): boards often mount the touch sensor turned
/// against the display, and the two are configured separately.
///
/// At 90° and 270° the axes swap: a 800×480 panel mounted at
/// `clockwise90` shows a 480×800 logical screen (`logicalSize(physicalWidth:physicalHeight:)`);
/// the window and the renderer's framebuffer use the logical size, and
/// `Framebuffer.copy(_:turnedBy:into:)` turns the pixels into the panel's framebuffer.
///
/// For a physical framebuffer `Wp` pixels wide and `Hp` high, the logical
/// pixel `(x, y)` lands on the physical pixel:
///
/// | rotation        | physical pixel            | logical top-left lands at |
/// |-----------------|---------------------------|---------------------------|
/// | `none`        | `(x, y)`                  | top-left                  |
/// | `clockwise90` | `(Wp - 1 - y, x)`         | top-right                 |
/// | `upsideDown`  | `(Wp - 1 - x, Hp - 1 - y)`| bottom-right              |
/// | `clockwise270`| `(y, Hp - 1 - x)`         | bottom-left               |
///
/// So at `clockwise90` the logical top edge runs down the physical right
/// edge, and the logical left edge along the physical top edge. This is the
/// same turn as libinput's touch rotation, `(x, y) → (1 - y, x)`.
public enum Rotation: Int, Sendable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Whether width and height trade places between the logical and physical images.
    @inlinable
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The rotation that turns the physical image back into the logical one.
    @inlinable
    public var inverse: Rotation {
        switch self {
        case .none: return .none
        case .clockwise90: return .clockwise270
        case .upsideDown: return .upsideDown
        case .clockwise270: return .clockwise90
        }
    }

    /// The rotation of a touch sensor whose axes run along the physical
    /// panel's: it turns sensor coordinates into logical ones (the inverse).
    @inlinable
    public var touchRotation: Rotation { inverse }

    /// This turn, then `other`: the two added up.
    @inlinable
    public func turned(by other: Rotation) -> Rotation {
        Rotation(rawValue: (rawValue + other.rawValue) % 360)!
    }

    /// The size the UI lays out in on a panel of the given physical size.
    @inlinable
    public func logicalSize(physicalWidth: Int, physicalHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (physicalHeight, physicalWidth) : (physicalWidth, physicalHeight)
    }

    /// Where the logical pixel `(x, y)` lands on a physical framebuffer of `physicalWidth × physicalHeight`.
    @inlinable
    public func physicalPixel(x: Int, y: Int, physicalWidth wp: Int, physicalHeight hp: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (wp - 1 - y, x)
        case .upsideDown: return (wp - 1 - x, hp - 1 - y)
        case .clockwise270: return (y, hp - 1 - x)
        }
    }

    /// The area `rect` of the logical image covers on the physical one (a
    /// logical rectangle is a physical rectangle: the turns are quarter turns).
    @inlinable
    public func physicalRect(_ rect: Rect, physicalWidth wp: Int, physicalHeight hp: Int) -> Rect {
        let w = Double(wp)
        let h = Double(hp)
        switch self {
        case .none:
            return rect
        case .clockwise90:
            return Rect(x: w - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        case .upsideDown:
            return Rect(x: w - rect.maxX, y: h - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270:
            return Rect(x: rect.minY, y: h - rect.maxX, width: rect.height, height: rect.width)
        }
    }
}

/// How a panel is mounted (`Rotation`, the logical image turned onto the physical one).
public typealias DisplayRotation = Rotation

/// How far the touch sensor's coordinates turn to line up with the screen (`Rotation`).
public typealias TouchRotation = Rotation
