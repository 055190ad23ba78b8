/// How a presented controller is shown: UIKit's `UIModalPresentationStyle`.
public enum ModalPresentationStyle: Equatable, Sendable {
    /// `.fullScreen` for a view controller (UIKit's phone default before sheets);
    /// an `AlertController` places itself.
    case automatic
    /// Covers the window; the presenter's view leaves it once covered, and its
    /// controller hears `viewWillDisappear`/`viewDidDisappear`.
    case fullScreen
    /// Covers the window; the presenter stays underneath, seen where the
    /// presented view is transparent, and hears no appearance calls.
    case overFullScreen
    /// Covers the view of the controller that defines the presentation context
    /// (`definesPresentationContext`, else the outermost container); that view
    /// leaves the screen once covered.
    case currentContext
    /// Covers the context's view, which stays underneath: a tab bar or a
    /// split beside it stays visible and usable.
    case overCurrentContext
    /// A card centred on a dimmed backdrop, `preferredContentSize` (or 540 × 620,
    /// UIKit's) at most, inside the safe area (above the keyboard). A tap on
    /// the backdrop dismisses it unless `isModalInPresentation`.
    case formSheet
}

/// How a presented controller moves on and off the screen: UIKit's `UIModalTransitionStyle`.
public enum ModalTransitionStyle: Equatable, Sendable {
    /// Slides up from the bottom edge, and back down.
    case coverVertical
    /// Fades in, and out.
    case crossDissolve
}

/// Hears a presentation being dismissed by the user (a tap on a sheet's
/// backdrop): UIKit's `UIAdaptivePresentationControllerDelegate`. Not
/// called for `dismiss(animated:completion:)` from code. Every method has a
/// default; held as a zeroing reference (any `Responder` qualifies; another
/// class adds `public lazy var lifetime = Lifetime(of: self)`).
public protocol PresentationControllerDelegate: LifetimeTracked {
    /// Asked first; false keeps the sheet up. True by default.
    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool
    /// The sheet is about to go.
    func presentationControllerWillDismiss(_ presentationController: PresentationController)
    /// The sheet is gone.
    func presentationControllerDidDismiss(_ presentationController: PresentationController)
    /// The user tried, and `isModalInPresentation` or the delegate refused.
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController)
}

extension PresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
        true
    }
    public func presentationControllerWillDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {}
}

/// Places a presented controller's view in its container, with the backdrop
/// its style asks for: UIKit's `UIPresentationController`. A controller's
/// `presentationController` is made on first use, so its delegate can be set
/// before `present`; the presented controller owns it.
public final class PresentationController: LifetimeTracked {
    /// Ends when it is freed: the backdrop's tap holds it as its target this way.
    public lazy var lifetime = Lifetime(of: self)
    /// The controller shown. Unretained: it owns this, and its `deinit` clears the link.
    public var presentedViewController: ViewController? { presentedStorage }
    @usableFromInline unowned(unsafe) var presentedStorage: ViewController?
    /// The controller that presented it, while presented.
    public var presentingViewController: ViewController? { presentedStorage?.presentingStorage }

    /// The style of the presentation in progress (`.automatic` resolved), else the presented controller's.
    public var presentationStyle: ModalPresentationStyle {
        if let container { return container.style }
        return Self.resolved(presentedStorage?.modalPresentationStyle ?? .fullScreen)
    }

    /// The view the presented view sits in while presented; `nil` otherwise.
    public var containerView: View? { container }
    @usableFromInline var container: PresentationContainerView?

    /// Black, under the presented view of a sheet, an alert or an action sheet;
    /// its alpha is `dimmingAlpha` once shown. A tap on it is a tap on the backdrop.
    public let dimmingView = View(name: "presentation.dimming")
    /// UIKit's dimming: black at 40 %.
    public static let dimmingAlpha = 0.4
    /// The space a form sheet keeps from the safe area's edges.
    public static let sheetMargin = 20.0
    /// A form sheet's size when its controller gives no `preferredContentSize`: UIKit's.
    public static let defaultSheetSize = Size(width: 540, height: 620)

    /// Hears the user dismiss a sheet. Not retained, as in UIKit; reads `nil` once the delegate is freed.
    public var delegate: (any PresentationControllerDelegate)? {
        get { delegateToken?.isAlive == true ? unretainedDelegate : nil }
        set {
            unretainedDelegate = newValue
            delegateToken = newValue?.ownLifetimeToken
        }
    }
    // A ZeroingReference spelled out (an existential is not a class type).
    @usableFromInline unowned(unsafe) var unretainedDelegate: (any PresentationControllerDelegate)?
    @usableFromInline var delegateToken: LifetimeToken?

    /// What moves in and out and sits at `frameOfPresentedViewInContainerView`
    /// (UIKit's `presentedView`): the presented controller's view, or for a
    /// form sheet the rounded card that holds it (`cardView`). `nil` when not presented.
    public var presentedView: View? {
        guard container != nil, let view = presentedStorage?.loadedView else { return nil }
        return view.superview === cardView ? cardView : view
    }
    /// A form sheet's card: its corners rounded by the theme's radius and masking the presented view.
    public let cardView = View(name: "presentation.card")

    /// While the presented view slides or fades in or out: layout leaves it where the animation has it.
    @usableFromInline var isTransitioning = false

    @usableFromInline init(presented: ViewController) {
        presentedStorage = presented
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        let tap = TapGestureRecognizer(name: "presentation.backdrop")
        tap.addTarget(self, action: PresentationController.backdropTapped)
        dimmingView.addGestureRecognizer(tap)
        cardView.layer.cornerRadius = Theme.standard.cornerRadius
        cardView.layer.masksToBounds = true
    }

    @usableFromInline static func resolved(_ style: ModalPresentationStyle) -> ModalPresentationStyle {
        style == .automatic ? .fullScreen : style
    }

    /// Takes the container, the dimming and what moved (the controller's view,
    /// or the card holding it) out of the window, as they were before the
    /// presentation; the dismissal's end.
    @usableFromInline func removeViews() {
        guard let container else { return }
        container.removeFromSuperview()
        View.performWithoutAnimation {
            if let moved = presentedView, moved.superview === container {
                moved.removeFromSuperview()
                moved.alpha = 1
            }
            if let view = presentedStorage?.loadedView, view.superview === cardView { view.removeFromSuperview() }
            if dimmingView.superview != nil { dimmingView.removeFromSuperview() }
        }
        self.container = nil
        isTransitioning = false
    }

    /// Whether the style shows a dimmed backdrop under the presented view.
    @usableFromInline var dimsBackground: Bool {
        presentationStyle == .formSheet || presentedStorage?.dimsPresentationBackground == true
    }

    /// Whether the presenter's view leaves the screen once covered (UIKit's
    /// `shouldRemovePresentersView`); only then does it hear appearance calls.
    @usableFromInline var removesPresentersView: Bool {
        presentationStyle == .fullScreen || presentationStyle == .currentContext
    }

    /// Whether the presented view is placed in the container's safe area (and
    /// so moves above the keyboard itself, rather than the keyboard presenter moving it).
    @usableFromInline var followsSafeArea: Bool {
        guard let container, let presented = presentedStorage else { return false }
        return presentationStyle == .formSheet
            || presented.frameForPresentation(in: container.safeAreaFrame, container: container.bounds) != nil
    }

    /// Where the presented view goes in the container, in its coordinates:
    /// UIKit's `frameOfPresentedViewInContainerView`.
    public var frameOfPresentedViewInContainerView: Rect {
        guard let container, let presented = presentedStorage else { return .zero }
        let bounds = container.bounds
        let safe = container.safeAreaFrame
        if let custom = presented.frameForPresentation(in: safe, container: bounds) { return custom }
        guard presentationStyle == .formSheet else { return bounds }
        let preferred = presented.preferredContentSize
        let wanted = preferred.width > 0 && preferred.height > 0 ? preferred : Self.defaultSheetSize
        let margin = Self.sheetMargin
        let width = min(wanted.width, max(safe.width - 2 * margin, 0))
        let height = min(wanted.height, max(safe.height - 2 * margin, 0))
        // Whole points, so the card's edges fall on pixels.
        return Rect(
            x: (safe.midX - width / 2).rounded(), y: (safe.midY - height / 2).rounded(), width: width, height: height)
    }

    /// A tap on the dimmed backdrop: the presented controller's to handle
    /// (an action sheet cancels), else a form sheet is dismissed as UIKit's is.
    @usableFromInline func backdropTapped(_ recognizer: GestureRecognizer) {
        guard !isTransitioning, let presented = presentedStorage, presented.presentingStorage != nil else { return }
        if presented.presentationBackdropTapped() { return }
        guard presentationStyle == .formSheet else { return }
        let delegate = self.delegate
        if presented.isModalInPresentation || delegate?.presentationControllerShouldDismiss(self) == false {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return
        }
        delegate?.presentationControllerWillDismiss(self)
        presented.dismiss(animated: true) { [unowned(unsafe) self] in
            self.delegate?.presentationControllerDidDismiss(self)
        }
    }
}

extension ViewController {
    /// What presents this controller: made on first use and kept, so its
    /// `delegate` can be set before `present(_:animated:completion:)`.
    public var presentationController: PresentationController {
        if let presentationControllerStorage { return presentationControllerStorage }
        let made = PresentationController(presented: self)
        presentationControllerStorage = made
        return made
    }
}

/// The container a presented view sits in: it lays out the dimming and the
/// presented view (UIKit's `containerViewWillLayoutSubviews`) when its size
/// or safe area changes, the keyboard's coming with a matching slide.
@usableFromInline final class PresentationContainerView: View {
    @usableFromInline let style: ModalPresentationStyle
    @usableFromInline unowned(unsafe) let presentationController: PresentationController
    /// The safe area changed (the keyboard): the next layout slides the presented view.
    @usableFromInline var slidesNextLayout = false

    @usableFromInline init(frame: Rect, style: ModalPresentationStyle, presentation: PresentationController) {
        self.style = style
        self.presentationController = presentation
        super.init(frame: frame, name: "presentation")
    }

    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    @usableFromInline override func safeAreaInsetsDidChange() { slidesNextLayout = true }

    @usableFromInline override func layoutSubviews() {
        let presentation = presentationController
        if presentation.dimmingView.superview === self { presentation.dimmingView.frame = bounds }
        guard !presentation.isTransitioning, let shown = presentation.presentedView, shown.superview === self else {
            return
        }
        let target = presentation.frameOfPresentedViewInContainerView
        guard shown.frame != target else { return }
        if slidesNextLayout {
            slidesNextLayout = false
            View.animate(
                withDuration: Theme.standard.keyboardAnimationDuration,
                options: [.curveEaseOut, .beginFromCurrentState, .allowUserInteraction]
            ) { shown.frame = target }
        } else {
            shown.frame = target
        }
    }
}
