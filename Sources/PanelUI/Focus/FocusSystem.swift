/// Which view a rotary encoder or the focus keys act on: UIKit's
/// `UIFocusSystem`, driven as LVGL drives an encoder. One per application
/// (`Application.focusSystem`); it works in the front window (the last
/// visible one in `Application.windows`).
///
/// - **Order.** The front window's `Window.focusOrder` when the app sets
///   one; otherwise the hierarchy's order: depth first, back to front (the
///   order views are drawn in). Either way a view takes focus only while it
///   `View.canBecomeFocused`, is in the window, and it and its ancestors are
///   shown (not hidden, not transparent), take touches (interaction enabled,
///   a control enabled), and some of it is inside its clipping ancestors.
/// - **Navigating** (the start): a turn moves focus by one view per detent,
///   clockwise to the next, wrapping at the ends. A push (on release)
///   activates the focused view (`View.accessibilityActivate()`: a
///   button's tap, a switch's flip) or, on an adjustable view
///   (`View.isAdjustable`: a slider, a stepper, a scroll view), enters adjusting.
/// - **Adjusting**: a turn steps the focused view
///   (`View.accessibilityIncrement()` clockwise,
///   `View.accessibilityDecrement()` the other way); a push goes back to navigating.
/// - **The focus ring** (drawn by the `Renderer` around the focused view)
///   shows only once a focus input was used: a touch panel that no encoder
///   or key touches never shows it. A finger landing on the screen hides it
///   and leaves adjusting; focus stays where it was. The first turn or push
///   after that only shows the ring again (on the focused view, or on the
///   first view in order, the last for a counter-clockwise turn), so the
///   user sees where focus is before anything moves.
/// - A focused view that leaves the window, is hidden, disabled or can no
///   longer be focused loses focus at once (`focusedView` becomes nil);
///   the next turn starts from the ends of the order. The system holds the
///   focused view strongly until then, so focus never names a freed view.
///
/// Keys reach it after the responder chain: a press no responder took
/// (`Application.pressesBegan(_:with:)`) moves focus with Tab and
/// Shift-Tab, pushes with Return, keypad Enter or space, and steps an
/// adjusting view with the arrows (left and right as the view lays out:
/// right to left, left steps up). Handling a turn or push allocates nothing.
public final class FocusSystem {
    /// The view the encoder and the focus keys act on; nil before the first
    /// focus input, and after the focused view left.
    public internal(set) var focusedView: View?
    /// Whether turns adjust the focused view (after a push on an adjustable
    /// view) rather than move focus.
    /// Read on every touch frame (`touchDidLand()`), and read or written whole
    /// everywhere, no access held across a call: no dynamic exclusivity check.
    @exclusivity(unchecked) public internal(set) var isAdjusting = false
    /// Whether the focus ring is drawn: set by the first focus input, cleared
    /// by a finger landing on the screen.
    @exclusivity(unchecked) public internal(set) var isFocusRingVisible = false
    /// Told about every encoder event and every change of focus or mode (the log).
    /// Retained.
    public var observer: (any FocusObserver)?
    /// The ring's colours and sizes; the theme's when the system was created.
    public var theme: Theme = .standard

    /// Unretained: the application owns its focus system and sets this in its `init`.
    /// Read on every input frame: no exclusivity check (see `View.window`).
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var application: Application?

    @usableFromInline init() {}

    // MARK: Focus input

    /// One encoder event: a turn by detents, or the push button's phase.
    public func handle(_ event: EncoderEvent) {
        observer?.focusSystem(self, didReceive: event)
        validateFocus()
        switch event {
        case .turn(let detents):
            guard detents != 0 else { return }
            turn(by: detents)
        case .push(let phase):
            if phase == .ended { push() }
        }
    }

    /// A turn of `detents` (positive clockwise).
    @usableFromInline func turn(by detents: Int) {
        if !isFocusRingVisible {
            revealRing(forward: detents > 0)
            return
        }
        if isAdjusting, let view = focusedView {
            var left = detents.magnitude
            while left > 0 {
                if detents > 0 { view.accessibilityIncrement() } else { view.accessibilityDecrement() }
                left -= 1
            }
            return
        }
        moveFocus(by: detents)
    }

    /// The push (on release): activate, or enter or leave adjusting.
    @usableFromInline func push() {
        if !isFocusRingVisible || focusedView == nil {
            revealRing(forward: true)
            return
        }
        guard let view = focusedView else { return }
        if isAdjusting {
            setAdjusting(false)
        } else if view.isAdjustable {
            setAdjusting(true)
        } else {
            view.accessibilityActivate()
        }
    }

    /// A key no responder took: Tab and Shift-Tab move focus, Return, keypad
    /// Enter and space push (on release), the arrows step an adjusting view.
    /// Returns whether the key was one of these.
    public func handleKey(_ press: Press) -> Bool {
        let code = press.keyCode
        if code == FocusKeys.tab {
            if press.phase == .began {
                validateFocus()
                if !isFocusRingVisible {
                    revealRing(forward: !press.key.modifierFlags.contains(.shift))
                } else {
                    if isAdjusting { setAdjusting(false) }
                    moveFocus(by: press.key.modifierFlags.contains(.shift) ? -1 : 1)
                }
            }
            return true
        }
        if code == FocusKeys.enter || code == FocusKeys.keypadEnter || code == FocusKeys.space {
            if press.phase == .ended {
                validateFocus()
                push()
            }
            return true
        }
        guard isAdjusting, isFocusRingVisible, let focused = focusedView else { return false }
        // Left and right step the way the view shows its value: a slider that
        // lays out right to left grows to the left, so there left steps up.
        let step: Int
        switch code {
        case FocusKeys.up: step = 1
        case FocusKeys.down: step = -1
        case FocusKeys.right: step = focused.isRightToLeft ? -1 : 1
        case FocusKeys.left: step = focused.isRightToLeft ? 1 : -1
        default: return false
        }
        if press.phase == .began {
            validateFocus()
            turn(by: step)
        }
        return true
    }

    /// A finger landed on the screen: the ring hides and adjusting ends; focus stays.
    @usableFromInline func touchDidLand() {
        guard isFocusRingVisible || isAdjusting else { return }
        isFocusRingVisible = false
        isAdjusting = false
        observer?.focusSystemDidUpdateFocus(self)
    }

    // MARK: Moving focus

    /// Focuses `view` (nil clears focus) and shows the ring. A view that
    /// cannot be focused now leaves focus as it is; returns whether focus is on `view`.
    @discardableResult
    public func setFocusedView(_ view: View?) -> Bool {
        if let view, !isFocusable(view) { return false }
        isFocusRingVisible = true
        focus(view)
        return true
    }

    /// Moves focus `steps` views along the order (negative: backwards),
    /// wrapping at the ends; from no focus, +1 is the first view, -1 the last.
    public func moveFocus(by steps: Int) {
        guard steps != 0, let window = frontWindow else { return }
        var current = focusedView.flatMap { $0.window === window ? $0 : nil }
        var left = steps.magnitude
        while left > 0 {
            guard let next = neighbour(of: current, forward: steps > 0, in: window) else { break }
            current = next
            left -= 1
        }
        isFocusRingVisible = true
        if current !== focusedView { focus(current) }
    }

    @usableFromInline func revealRing(forward: Bool) {
        isFocusRingVisible = true
        if focusedView == nil, let window = frontWindow, let first = neighbour(of: nil, forward: forward, in: window) {
            focus(first)
        } else {
            observer?.focusSystemDidUpdateFocus(self)
        }
    }

    @usableFromInline func focus(_ view: View?) {
        focusedView = view
        isAdjusting = false
        observer?.focusSystemDidUpdateFocus(self)
    }

    @usableFromInline func setAdjusting(_ adjusting: Bool) {
        isAdjusting = adjusting
        observer?.focusSystemDidUpdateFocus(self)
    }

    /// The window focus works in: the front visible one.
    public var frontWindow: Window? {
        guard let application else { return nil }
        var i = application.windows.count
        while i > 0 {
            i -= 1
            if !application.windows[i].isHidden { return application.windows[i] }
        }
        return nil
    }

    /// The next (or previous) focusable view after `view` in `window`'s order,
    /// wrapping; from nil, the first (or last). Nil when nothing can be focused.
    @usableFromInline func neighbour(of view: View?, forward: Bool, in window: Window) -> View? {
        if !window.focusOrder.isEmpty {
            let order = window.focusOrder
            let count = order.count
            var start = forward ? -1 : count
            if let view {
                var i = 0
                while i < count {
                    if order[i] === view {
                        start = i
                        break
                    }
                    i += 1
                }
            }
            var step = 1
            while step <= count {
                let i = ((start + (forward ? step : -step)) % count + count) % count
                if isFocusable(order[i], in: window) { return order[i] }
                step += 1
            }
            return nil
        }
        let table = window.viewTable
        table.rebuildIfNeeded()
        let count = table.storage.count
        guard count > 0 else { return nil }
        var start = forward ? -1 : count
        if let view, table.contains(view) { start = view.tableIndex }
        var step = 1
        while step <= count {
            let i = ((start + (forward ? step : -step)) % count + count) % count
            let candidate = table.storage[i].view
            if isFocusable(candidate, in: window) { return candidate }
            step += 1
        }
        return nil
    }

    // MARK: Eligibility

    /// Whether `view` can take focus now, in the front window.
    public func isFocusable(_ view: View) -> Bool {
        guard let window = frontWindow else { return false }
        return isFocusable(view, in: window)
    }

    @usableFromInline func isFocusable(_ view: View, in window: Window) -> Bool {
        guard view.window === window, window.owningApplication === application, application != nil,
            view.canBecomeFocused
        else { return false }
        var current: View? = view
        while let v = current {
            if v.isHidden || !(v.alpha > 0.01) || !v.isUserInteractionEnabled || v.refusesTouches { return false }
            current = v.superview
        }
        // Some of it shows: inside its clipping ancestors and the window.
        guard let entry = window.viewTable.entry(for: view) else { return false }
        if entry.flags.contains(.nonFinite) || entry.flags.contains(.singular) { return false }
        guard let visible = entry.frameInWindow.intersection(entry.clipInWindow),
            visible.intersection(window.bounds) != nil
        else { return false }
        return true
    }

    /// Drops focus from a view that can no longer have it (it left, was
    /// hidden or disabled); the hooks call it, and every focus input first.
    @usableFromInline func validateFocus() {
        guard let view = focusedView else { return }
        if let window = view.window, window === frontWindow, isFocusable(view, in: window) { return }
        focus(nil)
    }

    /// `view` (and its subtree) left `window`.
    @usableFromInline func viewDidLeave(_ view: View) {
        guard let focused = focusedView, focused === view else { return }
        focus(nil)
    }

    /// `view`'s flags changed (hidden, alpha, interaction, enabled): focus in its subtree may have to go.
    @usableFromInline func viewFlagsDidChange(_ view: View) {
        guard let focused = focusedView, focused.isDescendant(of: view) else { return }
        validateFocus()
    }

    // MARK: The ring

    /// The ring to draw in `window` now, or nil.
    @usableFromInline func ring(in window: Window) -> FocusRing? {
        guard isFocusRingVisible, let view = focusedView, view.window === window,
            let entry = window.viewTable.entry(for: view),
            !entry.flags.contains(.hidden), !entry.flags.contains(.nonFinite)
        else { return nil }
        let width = isAdjusting ? theme.focusRingAdjustingWidth : theme.focusRingWidth
        let outset = theme.focusRingGap + width
        let frame = entry.drawFrameInWindow
        guard frame.isFinite else { return nil }
        let rect = frame.insetBy(dx: -outset, dy: -outset)
        let radius = min(theme.cornerRadius + outset, rect.height / 2, rect.width / 2)
        return FocusRing(
            rect: rect, cornerRadius: radius, lineWidth: width,
            color: isAdjusting ? theme.focusRingAdjusting : theme.focusRing)
    }
}

/// The ring the renderer draws: a rounded outline just outside the focused
/// view, in window points.
public struct FocusRing: Equatable {
    /// The outline's outer edge; the line is drawn inside it.
    public var rect: Rect
    public var cornerRadius: Double
    public var lineWidth: Double
    public var color: Color
}

/// A rotary encoder's input: UIKit has none; LVGL's encoder indev. Queued with
/// `Application.enqueue(_:source:)` in order with touches and presses.
public enum EncoderEvent: Equatable {
    /// Detents turned since the last event: positive clockwise.
    case turn(Int)
    /// The encoder's push button: began when pressed, ended at release (which
    /// acts), cancelled when its device vanished mid-push (nothing happens).
    case push(Press.Phase)
}

/// Told about focus input and focus changes: the log's `encoder` and `focus`
/// lines. Class-bound, so it can be held without allocating per event.
public protocol FocusObserver: AnyObject {
    /// An encoder event arrived (before it acts).
    func focusSystem(_ focusSystem: FocusSystem, didReceive event: EncoderEvent)
    /// The focused view, the mode or the ring's visibility changed.
    func focusSystemDidUpdateFocus(_ focusSystem: FocusSystem)
}

/// The evdev key codes the focus system answers to.
public enum FocusKeys {
    public static let enter: UInt16 = 28
    public static let tab: UInt16 = 15
    public static let space: UInt16 = 57
    public static let keypadEnter: UInt16 = 96
    public static let up: UInt16 = 103
    public static let left: UInt16 = 105
    public static let right: UInt16 = 106
    public static let down: UInt16 = 108
}
