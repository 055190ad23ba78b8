/// Edges of a rectangle: UIKit's `UIRectEdge`.
public struct RectEdge: OptionSet, Equatable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let top = RectEdge(rawValue: 1 << 0)
    public static let left = RectEdge(rawValue: 1 << 1)
    public static let bottom = RectEdge(rawValue: 1 << 2)
    public static let right = RectEdge(rawValue: 1 << 3)
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen: UIKit's
/// `UIScreenEdgePanGestureRecognizer` (G19).
///
/// The first finger must land within `edgeMargin` of one of `edges` of its
/// window's bounds, and the pan must then move away from that edge: within 45°
/// of straight inward, once it has moved `PanGestureRecognizer.hysteresis`.
/// Otherwise it fails, so a pan or a swipe that happens to start near the
/// edge is left to the other recognizers. After it began it reports
/// translation and velocity like any pan.
///
///     let back = ScreenEdgePanGestureRecognizer(edges: .left)
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// How close to an edge, in points, the first finger must land: 20 pt,
    /// about a fingertip's width and UIKit's margin, so a deliberate edge
    /// swipe is caught and a touch on content next to the edge is not.
    public static let edgeMargin: Double = 20

    /// The edges the pan may start from. Default none, as in UIKit: set it,
    /// or every touch fails.
    public final var edges: RectEdge

    // Read and written whole by its own touches methods: no dynamic exclusivity check.
    /// The edges of `edges` the first finger landed near.
    @exclusivity(unchecked) @usableFromInline final var startEdges: RectEdge = []
    @exclusivity(unchecked) @usableFromInline final var hasCheckedStart = false

    public init(edges: RectEdge = [], name: String = "") {
        self.edges = edges
        super.init(name: name)
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if !hasCheckedStart {
            hasCheckedStart = true
            if let touch = touches.first, let window = touch.window {
                startEdges = Self.edges(near: touch.location(in: nil), in: window.bounds).intersection(edges)
            }
            if startEdges.isEmpty {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    open override func reset() {
        super.reset()
        startEdges = []
        hasCheckedStart = false
    }

    /// The edges of `bounds` that `point` lies within `edgeMargin` of.
    @usableFromInline static func edges(near point: Point, in bounds: Rect) -> RectEdge {
        var near: RectEdge = []
        if point.x - bounds.minX <= edgeMargin { near.insert(.left) }
        if bounds.maxX - point.x <= edgeMargin { near.insert(.right) }
        if point.y - bounds.minY <= edgeMargin { near.insert(.top) }
        if bounds.maxY - point.y <= edgeMargin { near.insert(.bottom) }
        return near
    }

    /// Past the hysteresis, the movement must point away from an edge it
    /// started at: its inward part at least as large as its part along the edge.
    @usableFromInline override func startDecision(forMovement movement: Point) -> StartDecision {
        guard super.startDecision(forMovement: movement) == .begin else { return .wait }
        if startEdges.contains(.left) && movement.x > 0 && movement.x >= movement.y.magnitude { return .begin }
        if startEdges.contains(.right) && movement.x < 0 && -movement.x >= movement.y.magnitude { return .begin }
        if startEdges.contains(.top) && movement.y > 0 && movement.y >= movement.x.magnitude { return .begin }
        if startEdges.contains(.bottom) && movement.y < 0 && -movement.y >= movement.x.magnitude { return .begin }
        return .fail
    }
}
