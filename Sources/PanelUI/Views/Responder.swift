/// An object that can receive touch and press messages, and pass them on (R7, R8).
///
/// Every `touches…` method's default implementation forwards the message to
/// `next`, so an override that calls `super` passes the touches on and
/// several responders can handle one event.
open class Responder: LifetimeTracked {
    public init() {}

    /// Ends when the responder is freed, so targets and delegates that name it
    /// read `nil` afterwards instead of dangling (see `ZeroingReference`).
    /// Created the first time something refers to the responder that way
    /// (by hand, not `lazy`: Embedded clients inline the getter).
    public final var lifetime: Lifetime {
        if let lifetimeStorage { return lifetimeStorage }
        let made = Lifetime(of: self)
        lifetimeStorage = made
        return made
    }
    @usableFromInline final var lifetimeStorage: Lifetime?

    /// The next responder in the chain (R8): view → its view controller (when the
    /// view is a controller's root view) → superview → … → window → application.
    /// `nil` ends the chain, and whatever reaches the end is dropped.
    open var next: Responder? { nil }

    // MARK: Touches (R7)

    open func touchesBegan(_ touches: TouchSet, with event: Event) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: TouchSet, with event: Event) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: TouchSet, with event: Event) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: TouchSet, with event: Event) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses: non-touch input such as hardware keys, sent to the first responder (R9)

    open func pressesBegan(_ press: Press, with event: Event) {
        next?.pressesBegan(press, with: event)
    }

    open func pressesEnded(_ press: Press, with event: Event) {
        next?.pressesEnded(press, with: event)
    }

    /// The press ended without the key coming up: its device vanished.
    open func pressesCancelled(_ press: Press, with event: Event) {
        next?.pressesCancelled(press, with: event)
    }

    // MARK: Text input

    /// What an on-screen keyboard or a hardware key types into while this
    /// responder is first responder (UIKit's `UIKeyInput` adoption); `nil`, the
    /// default, takes no text. A text field returns itself.
    open var keyInput: (any KeyInput)? { nil }

    /// The view shown at the bottom of the screen while this responder is
    /// first responder, instead of the on-screen keyboard (UIKit's
    /// `inputView`): a picker, a custom pad. `nil`, the default, shows the
    /// keyboard when `keyInput` is set, and nothing otherwise.
    open var inputView: View? { nil }

    /// Shows the input view again after `inputView`, or the `keyInput`'s
    /// keyboard type, changed while this responder is first responder.
    public func reloadInputViews() {
        guard let app = application, app.firstResponder === self else { return }
        app.keyboardPresenter.firstResponderDidChange()
    }

    // MARK: First responder (R9)

    /// Whether this responder may become first responder; false by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder gives up first-responder status when asked; true by default.
    open var canResignFirstResponder: Bool { true }

    /// The application at the end of this responder's chain, if it reaches one.
    public var application: Application? {
        var responder: Responder? = self
        while let r = responder {
            if let app = r as? Application { return app }
            responder = r.next
        }
        return nil
    }

    public var isFirstResponder: Bool {
        guard let app = application else { return false }
        return app.firstResponder === self
    }

    /// Asks to become first responder. Fails when `canBecomeFirstResponder` is
    /// false, when the responder's chain reaches no application, or when the
    /// current first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let app = application else { return false }
        if let current = app.firstResponder {
            if current === self { return true }
            guard current.resignFirstResponder() else { return false }
        }
        app.setFirstResponder(self)
        return true
    }

    /// Gives up first-responder status, unless `canResignFirstResponder` is false.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let app = application, app.firstResponder === self {
            app.setFirstResponder(nil)
        }
        return true
    }
}
