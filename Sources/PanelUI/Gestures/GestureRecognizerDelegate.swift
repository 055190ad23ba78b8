/// Lets an object shape how a recognizer interacts with the others (G6–G8).
/// Every method has a default, so a delegate implements only what it needs.
/// The recognizer holds its delegate as UIKit's weak reference does
/// (`ZeroingReference`): any `Responder` qualifies; another class adds
/// `public lazy var lifetime = Lifetime(of: self)`.
public protocol GestureRecognizerDelegate: LifetimeTracked {
    /// G6: asked when the recognizer would leave `.possible`; false makes it fail.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// G7: asked before a new touch reaches the recognizer; false keeps the touch from it for good.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// G5: true lets both recognize at once; a yes from either side's delegate is enough.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
    /// G8: true makes `gestureRecognizer` wait for `other` to fail, for this attempt.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer)
        -> Bool
    /// G8: true makes `other` wait for `gestureRecognizer` to fail, for this attempt.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer)
        -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool { false }
}
