import PanelUI

/// What a mouse drag simulates, chosen by the modifiers held at the press.
public enum MouseTouchMode: Equatable, Sendable {
    /// The left button is one finger.
    case oneFinger
    /// Alt: two fingers mirrored about the screen's centre, for pinch and rotation.
    case pinch
    /// Alt+Shift: two fingers a fixed distance apart moving together, for two-finger pans.
    case pan

    public init(alt: Bool, shift: Bool) {
        self = alt ? (shift ? .pan : .pinch) : .oneFinger
    }
}

/// The fingers the mouse holds down, in logical points. The mode is kept
/// from press to release, so letting go of Alt mid-drag does not lift a finger.
public struct MouseFingers: Equatable, Sendable {
    /// How far apart the two fingers of `MouseTouchMode.pan` are, in points.
    public static let panSpacing = 80.0

    public let screenSize: Size
    public internal(set) var mode = MouseTouchMode.oneFinger
    /// 0 while the button is up, else 1 or 2.
    public internal(set) var count = 0
    public internal(set) var first = Point.zero
    public internal(set) var second = Point.zero
    /// The second finger's offset from the first, for `MouseTouchMode.pan`.
    public internal(set) var panOffset = Point.zero

    public init(screenSize: Size) {
        self.screenSize = screenSize
    }

    public var isDown: Bool { count > 0 }

    public mutating func press(at point: Point, mode: MouseTouchMode) {
        self.mode = mode
        count = mode == .oneFinger ? 1 : 2
        // The second finger goes right of the first, or left when that leaves the screen.
        let dx = point.x + Self.panSpacing < screenSize.width ? Self.panSpacing : -Self.panSpacing
        panOffset = Point(x: dx, y: 0)
        place(point)
    }

    public mutating func move(to point: Point) {
        guard count > 0 else { return }
        place(point)
    }

    public mutating func release() {
        count = 0
    }

    mutating func place(_ point: Point) {
        first = point
        switch mode {
        case .oneFinger: second = point
        case .pinch: second = Point(x: screenSize.width - point.x, y: screenSize.height - point.y)
        case .pan: second = Point(x: point.x + panOffset.x, y: point.y + panOffset.y)
        }
    }
}
