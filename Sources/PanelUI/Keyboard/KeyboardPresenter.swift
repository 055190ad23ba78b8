/// Shows the first responder's input view, and keeps the view being edited
/// in sight. One per application (`Application.keyboardPresenter`); the
/// application tells it each time the first responder changes.
///
/// - The input view is the first responder's `Responder.inputView` when it
///   has one, else the application's `KeyboardView` when it has a
///   `Responder.keyInput` (set to its `KeyInput.keyboardType`), else none.
/// - It is added as the front subview of the first responder's window, at the
///   bottom, and slides up from below the screen with a `View.animate`; it
///   slides down and leaves the window when the first responder resigns or
///   the hide key is pressed. A subview rather than a window of its own: every
///   host draws, and hit-tests first, the app's window, so the keyboard is
///   drawn over the app's content and takes touches before it, with no change
///   to the hosts.
/// - The keyboard is made the first time it is shown, and kept.
/// - When the input view would cover the first responder's view: inside a
///   `ScrollView`, the scroll view's bottom content inset grows by the part
///   the keyboard covers and it scrolls the view into what is left (UIKit's
///   pattern); otherwise the window's root view (its root view controller's,
///   else the window's subview holding the first responder) moves up by the
///   overlap. Both are put back when the input view hides.
public final class KeyboardPresenter {
    /// Unretained: the application owns its presenter, and its `deinit`
    /// clears this, so a presenter kept after it reads as detached (no
    /// first responder, no window: it only hides).
    @usableFromInline unowned(unsafe) var application: Application?
    /// The on-screen keyboard, once it was first needed.
    public internal(set) var keyboard: KeyboardView?
    /// The input view on screen, or sliding up; `nil` when none is, or it is sliding down.
    public internal(set) var visibleInputView: View?
    /// Its height, and where its top edge is once it is up, in its window's coordinates.
    public internal(set) var inputViewFrame: Rect = .zero

    /// Space kept between the edited view and the keyboard's top edge, in points.
    public var visibilityMargin = 8.0

    /// A scroll view whose inset was grown, and the inset it had.
    @usableFromInline var adjustedScrollView: ScrollView?
    @usableFromInline var savedContentInset = EdgeInsets.zero
    /// A root view moved up, and by how much.
    @usableFromInline var shiftedRootView: View?
    @usableFromInline var rootShift = 0.0
    /// The input view sliding down, until it leaves its window.
    @usableFromInline var hidingInputView: View?
    /// Counts shows and hides, so a slide-down's completion that comes after
    /// a new show leaves the input view in place.
    @usableFromInline var generation = 0

    @usableFromInline init(application: Application) {
        self.application = application
    }

    /// The keyboard, made on first use.
    public var systemKeyboard: KeyboardView {
        if let keyboard { return keyboard }
        let made = KeyboardView()
        keyboard = made
        return made
    }

    /// Called by the application whenever its first responder changes, and
    /// by `Responder.reloadInputViews()`: shows, swaps or hides the input view.
    public func firstResponderDidChange() {
        let responder = application?.firstResponder
        var wanted: View?
        if let responder {
            if let custom = responder.inputView {
                wanted = custom
            } else if let input = responder.keyInput {
                let keyboard = systemKeyboard
                if visibleInputView !== keyboard || keyboard.keyboardType != input.keyboardType {
                    keyboard.keyboardType = input.keyboardType
                }
                wanted = keyboard
            }
        }
        guard let wanted, let window = (responder as? View)?.window ?? application?.windows.last else {
            hide()
            return
        }
        show(wanted, in: window, for: responder as? View)
    }

    @usableFromInline func show(_ inputView: View, in window: Window, for editedView: View?) {
        let duration =
            (inputView as? KeyboardView)?.theme.keyboardAnimationDuration ?? Theme.standard.keyboardAnimationDuration
        // The keyboard's height follows the screen's; an app's input view keeps
        // its own height, as in UIKit (an empty view shows no keyboard at all).
        let height =
            inputView is KeyboardView
            ? KeyboardView.preferredHeight(forScreenHeight: window.bounds.height)
            : inputView.bounds.height
        let frame = Rect(
            x: window.bounds.minX, y: window.bounds.maxY - height, width: window.bounds.width, height: height)
        generation += 1
        restoreAdjustments(animated: true, duration: duration)
        if let old = visibleInputView, old !== inputView { old.removeFromSuperview() }
        // Moving from one responder to the next resigns the first (a hide) just before: its
        // input view, if another, goes at once rather than sliding down under the new one.
        if let hiding = hidingInputView, hiding !== inputView { hiding.removeFromSuperview() }
        hidingInputView = nil
        let slidesUp = visibleInputView !== inputView || inputView.superview !== window
        if inputView.superview !== window || window.subviews.last !== inputView {
            if inputView.superview !== window {
                // Below the screen, to slide up from there.
                inputView.frame = Rect(x: frame.minX, y: window.bounds.maxY, width: frame.width, height: height)
            }
            window.addSubview(inputView)
        }
        inputView.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        inputView.isHidden = false
        visibleInputView = inputView
        inputViewFrame = frame
        // The views it will cover see it in their safe area from the next layout pass.
        window.obscuredInsets = EdgeInsets(top: 0, left: 0, bottom: height, right: 0)
        let target = frame.center
        View.animate(
            withDuration: slidesUp ? duration : 0,
            options: [.curveEaseOut, .allowUserInteraction, .beginFromCurrentState]
        ) {
            if inputView.center != target || inputView.bounds.size != frame.size { inputView.frame = frame }
            if let editedView { self.keepVisible(editedView, above: frame.minY, in: window) }
        }
    }

    @usableFromInline func hide() {
        guard let inputView = visibleInputView else { return }
        let duration =
            (inputView as? KeyboardView)?.theme.keyboardAnimationDuration ?? Theme.standard.keyboardAnimationDuration
        visibleInputView = nil
        hidingInputView = inputView
        inputView.window?.obscuredInsets = .zero
        generation += 1
        let hiding = generation
        let below = Point(
            x: inputView.center.x, y: (inputView.superview?.bounds.maxY ?? 0) + inputView.bounds.height / 2)
        restoreAdjustments(animated: true, duration: duration)
        View.animate(withDuration: duration, options: [.curveEaseIn, .beginFromCurrentState]) {
            inputView.center = below
        } completion: { _ in
            if self.generation == hiding {
                inputView.removeFromSuperview()
                self.hidingInputView = nil
            }
        }
    }

    // MARK: Keeping the edited view in sight

    /// Makes room for `view` above `keyboardTop` (window coordinates): its
    /// scroll view's inset and offset, or the root view's position.
    @usableFromInline func keepVisible(_ view: View, above keyboardTop: Double, in window: Window) {
        var ancestor = view.superview
        while let candidate = ancestor, candidate !== window {
            if let scrollView = candidate as? ScrollView {
                adjust(scrollView, toShow: view, above: keyboardTop)
                return
            }
            ancestor = candidate.superview
        }
        let frame = Self.frameInWindow(of: view)
        let overlap = frame.maxY + visibilityMargin - keyboardTop
        guard overlap > 0, let root = rootView(holding: view, in: window) else { return }
        // Never past the top: a view taller than the room left keeps its top edge in sight.
        let shift = min(overlap, max(frame.minY - visibilityMargin, 0))
        guard shift > 0 else { return }
        shiftedRootView = root
        rootShift = shift
        root.center = Point(x: root.center.x, y: root.center.y - shift)
    }

    @usableFromInline func adjust(_ scrollView: ScrollView, toShow view: View, above keyboardTop: Double) {
        let scrollFrame = Self.frameInWindow(of: scrollView)
        let covered = scrollFrame.maxY - keyboardTop
        guard covered > 0 else { return }
        adjustedScrollView = scrollView
        savedContentInset = scrollView.contentInset
        var inset = savedContentInset
        inset.bottom += covered
        scrollView.contentInset = inset
        // The view in the content's coordinates (the scroll view's bounds), and the room left above the keyboard.
        let topLeft = view.convert(Point(x: view.bounds.minX, y: view.bounds.minY), to: scrollView)
        let rect = Rect(x: topLeft.x, y: topLeft.y, width: view.bounds.width, height: view.bounds.height)
        let room = scrollView.bounds.height - covered
        var offset = scrollView.contentOffset
        if rect.maxY + visibilityMargin > offset.y + room { offset.y = rect.maxY + visibilityMargin - room }
        if rect.minY - visibilityMargin < offset.y { offset.y = rect.minY - visibilityMargin }
        let target = scrollView.clampedContentOffset(offset)
        if target != scrollView.contentOffset { scrollView.setContentOffset(target, animated: true) }
    }

    /// Undoes what `keepVisible(_:above:in:)` did.
    @usableFromInline func restoreAdjustments(animated: Bool, duration: Double) {
        if let scrollView = adjustedScrollView {
            adjustedScrollView = nil
            scrollView.contentInset = savedContentInset
            let target = scrollView.clampedContentOffset(scrollView.contentOffset)
            if target != scrollView.contentOffset { scrollView.setContentOffset(target, animated: animated) }
        }
        if let root = shiftedRootView {
            shiftedRootView = nil
            let shift = rootShift
            rootShift = 0
            let moveBack = { root.center = Point(x: root.center.x, y: root.center.y + shift) }
            if animated {
                View.animate(
                    withDuration: duration, options: [.curveEaseOut, .beginFromCurrentState], animations: moveBack)
            } else {
                moveBack()
            }
        }
    }

    /// The window's root view that holds `view`: its root view controller's
    /// view when that holds it, else the window's subview that does.
    @usableFromInline func rootView(holding view: View, in window: Window) -> View? {
        if let root = window.rootViewController?.view, view.isDescendant(of: root) { return root }
        var current = view
        while let parent = current.superview {
            if parent === window {
                // A sheet or an alert moves itself above the keyboard, with its safe area.
                if let container = current as? PresentationContainerView,
                    container.presentationController.followsSafeArea
                {
                    return nil
                }
                return current
            }
            current = parent
        }
        return nil
    }

    /// `view`'s bounds in its window's coordinates (the box of its corners: keyboards do not turn).
    @usableFromInline static func frameInWindow(of view: View) -> Rect {
        let a = view.convert(Point(x: view.bounds.minX, y: view.bounds.minY), to: nil)
        let b = view.convert(Point(x: view.bounds.maxX, y: view.bounds.maxY), to: nil)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
