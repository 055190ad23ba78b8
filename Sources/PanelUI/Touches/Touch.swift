/// One finger on the screen (R2). The same object is updated in place from
/// finger-down to lift, then returned to the tracker's pool: do not keep a
/// touch after its sequence ends, as in UIKit.
public final class Touch {
    public enum Phase: Equatable {
        case began, moved, stationary, ended, cancelled
    }

    // The stored properties skip the dynamic exclusivity check. App code can
    // only read them (the setters are internal), and the runtime reads or
    // writes each whole, or changes it in place without calling out (a flag
    // inserted, a slot stored), so no access spans app code that could overlap it.

    @exclusivity(unchecked) public internal(set) var phase: Phase = .cancelled
    /// Seconds on the run loop's monotonic clock, at the touch's last change.
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    /// 1 for a single tap, 2 for the second of a double tap, and so on (R13).
    @exclusivity(unchecked) public internal(set) var tapCount = 1
    /// The hit-test view, bound at began for the whole touch (R6). `nil` when no view took the touch.
    @exclusivity(unchecked) public internal(set) var view: View?
    @exclusivity(unchecked) public internal(set) var window: Window?
    /// Half the contact's long axis, in points, where the device reports it; 0 otherwise.
    @exclusivity(unchecked) public internal(set) var majorRadius: Double = 0
    /// The device's raw pressure, where it reports one; 0 otherwise.
    @exclusivity(unchecked) public internal(set) var force: Double = 0
    /// A number that stays with this finger for its whole life: 1 for the first
    /// finger the tracker saw, 2 for the next, and so on. Used in logs.
    @exclusivity(unchecked) public internal(set) var identifier = 0

    @exclusivity(unchecked) @usableFromInline var locationInWindow = Point.zero
    @exclusivity(unchecked) @usableFromInline var previousLocationInWindow = Point.zero
    /// Where the finger landed, for telling taps from drags (R13).
    @exclusivity(unchecked) @usableFromInline var beganLocationInWindow = Point.zero
    /// Set once the finger wandered too far from where it landed to be a tap (R13).
    @exclusivity(unchecked) @usableFromInline var hasLeftTapArea = false
    /// The decoder's contact id, with the input source it came from.
    @exclusivity(unchecked) @usableFromInline var contactID: Int32 = -1
    @exclusivity(unchecked) @usableFromInline var source = 0
    /// False when R10 or R11 keeps the bound view from hearing about this touch.
    @exclusivity(unchecked) @usableFromInline var isDeliveredToView = false
    /// The recognizers that receive this touch (G1, G7): those of the hit-test
    /// view and its ancestors, nearest first. At most 16; more are ignored.
    public var gestureRecognizers: [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        for i in 0..<recognizerCount {
            if let recognizer = recognizerSlots[i] { result.append(recognizer) }
        }
        return result
    }

    @exclusivity(unchecked) @usableFromInline var recognizerSlots: InlineArray<16, GestureRecognizer?> = InlineArray(
        repeating: nil)
    @exclusivity(unchecked) @usableFromInline var recognizerCount = 0
    /// How the bound view hears about this touch while recognizers decide (G10–G12).
    @exclusivity(unchecked) @usableFromInline var viewDelivery: ViewDelivery = []

    @usableFromInline struct ViewDelivery: OptionSet, Sendable {
        @usableFromInline var rawValue: UInt8
        @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The view got `touchesBegan`.
        @usableFromInline static let beganDelivered = ViewDelivery(rawValue: 1 << 0)
        /// The view got, or will get, `touchesCancelled` from a recognizer; nothing more follows (G10).
        @usableFromInline static let cancelledInView = ViewDelivery(rawValue: 1 << 1)
        /// Messages held back from the view (G11, G12), delivered in this order on release.
        @usableFromInline static let heldBegan = ViewDelivery(rawValue: 1 << 2)
        @usableFromInline static let heldMoved = ViewDelivery(rawValue: 1 << 3)
        @usableFromInline static let heldEnded = ViewDelivery(rawValue: 1 << 4)
        @usableFromInline static let heldCancelled = ViewDelivery(rawValue: 1 << 5)
        /// The view got `touchesEnded` or `touchesCancelled`: its sequence is over.
        @usableFromInline static let endDelivered = ViewDelivery(rawValue: 1 << 6)
        @usableFromInline static let held: ViewDelivery = [.heldBegan, .heldMoved, .heldEnded, .heldCancelled]
    }

    @discardableResult
    @usableFromInline func addGestureRecognizer(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizerCount < 16 else { return false }
        recognizerSlots[recognizerCount] = recognizer
        recognizerCount += 1
        return true
    }

    @usableFromInline func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        var kept = 0
        for i in 0..<recognizerCount {
            if let r = recognizerSlots[i], r !== recognizer {
                recognizerSlots[kept] = r
                kept += 1
            }
        }
        for i in kept..<recognizerCount { recognizerSlots[i] = nil }
        recognizerCount = kept
    }

    @usableFromInline func holdsRecognizer(_ recognizer: GestureRecognizer) -> Bool {
        for i in 0..<recognizerCount where recognizerSlots[i] === recognizer { return true }
        return false
    }

    @usableFromInline func removeAllGestureRecognizers() {
        for i in 0..<recognizerCount { recognizerSlots[i] = nil }
        recognizerCount = 0
    }

    /// The touch's bit in `TouchSet` masks.
    @usableFromInline let poolIndex: Int

    @usableFromInline init(poolIndex: Int) {
        self.poolIndex = poolIndex
    }

    /// The touch's location in `view`'s bounds coordinates, or in window
    /// coordinates when `view` is `nil`.
    public func location(in view: View?) -> Point {
        convertFromWindow(locationInWindow, to: view)
    }

    /// Where the touch was at the previous event, in the same coordinates as `location(in:)`.
    public func previousLocation(in view: View?) -> Point {
        convertFromWindow(previousLocationInWindow, to: view)
    }

    @usableFromInline func convertFromWindow(_ point: Point, to view: View?) -> Point {
        guard let view else { return point }
        return view.convert(point, from: window)
    }

    @usableFromInline var isLive: Bool { phase != .ended && phase != .cancelled }
}
