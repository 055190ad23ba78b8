/// Modal presentation: UIKit's `present(_:animated:completion:)` and
/// `dismiss(animated:completion:)`, with the presented controller's
/// `modalPresentationStyle` (full screen, over full screen, current context,
/// over current context, form sheet) and `modalTransitionStyle` (cover
/// vertical, cross dissolve); its `presentationController` places it.
///
/// The presented view sits in a container (`PresentationController.containerView`)
/// in front of what it covers: the window, or for the context styles the
/// context controller's view, beside it in its superview. It slides up from
/// the container's bottom edge or fades in over `NavigationController.transitionDuration`,
/// and a dimmed backdrop fades with it where the style has one.
///
/// Appearance, as UIKit's:
/// - styles that remove the presenter's view (`.fullScreen`, `.currentContext`):
///   present: presenter `viewWillDisappear`, presented `viewWillAppear`,
///   presented `viewDidAppear`, presenter `viewDidDisappear`; dismiss:
///   presented `viewWillDisappear`, presenter `viewWillAppear`, presenter
///   `viewDidAppear`, presented `viewDidDisappear`;
/// - the others (`.overFullScreen`, `.overCurrentContext`, `.formSheet`,
///   alerts): only the presented controller hears them; the presenter stays on screen.
extension ViewController {
    /// What this controller (or the container it is in) presents, until dismissed.
    public var presentedViewController: ViewController? {
        var controller: ViewController? = self
        while let current = controller {
            if let presented = current.presentedStorage { return presented }
            controller = current.parentStorage
        }
        return nil
    }

    /// The controller that presented this one (or the container it is in).
    public var presentingViewController: ViewController? {
        var controller: ViewController? = self
        while let current = controller {
            if let presenting = current.presentingStorage { return presenting }
            controller = current.parentStorage
        }
        return nil
    }

    /// The outermost container of this controller: where a full-screen
    /// presentation is made from, as in UIKit (a controller inside a
    /// navigation controller presents from the navigation controller).
    @usableFromInline var presentationContext: ViewController {
        var controller = self
        while let parent = controller.parentStorage { controller = parent }
        return controller
    }

    /// Where a `.currentContext` or `.overCurrentContext` presentation is made
    /// from: this controller or the nearest container that `definesPresentationContext`,
    /// else the outermost container.
    @usableFromInline var currentPresentationContext: ViewController {
        var controller = self
        while !controller.definesPresentationContext, let parent = controller.parentStorage { controller = parent }
        return controller
    }

    /// What the presenter shows in the window: its presentation container
    /// when it is itself presented, else its view.
    @usableFromInline var screenView: View? { presentationContainer ?? loadedView }

    /// Presents `viewController` as its `modalPresentationStyle` says, moving
    /// in as its `modalTransitionStyle` says when `animated`; `completion`
    /// runs once it is in place.
    ///
    /// As in UIKit, nothing happens (and `completion` is not called) when the
    /// presenter already presents a controller, when `viewController` is
    /// already presented or a child, or when the presenter's view is not in a
    /// window. A presentation or dismissal still moving completes at once first.
    public func present(_ viewController: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let style = PresentationController.resolved(viewController.modalPresentationStyle)
        let inContext = style == .currentContext || style == .overCurrentContext
        let presenter = inContext ? currentPresentationContext : presentationContext
        presenter.finishModalTransition?(presenter)
        guard presenter.presentedStorage == nil, viewController.presentingStorage == nil,
            viewController.parentStorage == nil, viewController !== presenter,
            let covered = presenter.screenView, let window = covered.window
        else { return }
        // The context styles cover the context's view, beside it; the others the window.
        guard let holder = inContext ? covered.superview : window else { return }
        presenter.presentedStorage = viewController
        viewController.presentingStorage = presenter

        let presentation = viewController.presentationController
        let container = PresentationContainerView(
            frame: inContext ? covered.frame : window.bounds, style: style, presentation: presentation)
        container.autoresizingMask = .flexibleSize
        presentation.container = container
        presentation.isTransitioning = true
        let dims = presentation.dimsBackground
        let dimming = presentation.dimmingView
        if dims {
            dimming.alpha = 0
            dimming.frame = container.bounds
            container.addSubview(dimming)
        }
        // What moves: the controller's view, or for a form sheet the card that holds it.
        let content = viewController.view
        let shown: View
        if style == .formSheet {
            shown = presentation.cardView
            content.autoresizingMask = .flexibleSize
            shown.addSubview(content)
        } else {
            shown = content
        }
        let removesPresenter = presentation.removesPresentersView
        if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        viewController.beginAppearanceTransition(true, animated: animated)
        if inContext {
            holder.insertSubview(container, aboveSubview: covered)
        } else {
            holder.addSubview(container)
        }
        container.addSubview(shown)
        // Its safe area (the keyboard) is known before the presented view is placed.
        window.layoutIfNeeded(measuringTextWith: window.textMeasurer)
        View.performWithoutAnimation {
            shown.frame = presentation.frameOfPresentedViewInContainerView
            if shown !== content { content.frame = shown.bounds }
        }

        presenter.modalTransitionGeneration += 1
        let generation = presenter.modalTransitionGeneration
        // While it slides or fades in, drawn from its picture (Layer.shouldRasterize).
        let rasterizes = animated && !shown.layer.shouldRasterize
        // Stored on the presenter so another transition can complete it early;
        // it names the presenter only through its argument, so it holds no cycle.
        let finish: (ViewController) -> Void = { presenter in
            guard presenter.modalTransitionGeneration == generation else { return }
            presenter.finishModalTransition = nil
            presenter.modalTransitionGeneration += 1
            if let animator = container.window?.owningApplication?.viewAnimator {
                animator.removeAnimations(of: shown)
                animator.removeAnimations(of: dimming)
            }
            if rasterizes { shown.layer.shouldRasterize = false }
            presentation.isTransitioning = false
            View.performWithoutAnimation {
                shown.frame = presentation.frameOfPresentedViewInContainerView
                shown.alpha = 1
                if dims { dimming.alpha = PresentationController.dimmingAlpha }
            }
            viewController.endAppearanceTransition()
            if removesPresenter {
                presenter.endAppearanceTransition()
                // Covered: the presenter's view leaves until the dismissal.
                if let covered = presenter.screenView, covered.superview === container.superview {
                    covered.removeFromSuperview()
                }
            }
            completion?()
        }
        presenter.finishModalTransition = finish
        if animated, window.owningApplication != nil {
            let fades = viewController.modalTransitionStyle == .crossDissolve
            let target = presentation.frameOfPresentedViewInContainerView
            View.performWithoutAnimation {
                if rasterizes { shown.layer.shouldRasterize = true }
                if fades {
                    shown.alpha = 0
                } else {
                    shown.center.y = target.midY + container.bounds.height - target.minY
                }
            }
            View.animate(
                withDuration: NavigationController.transitionDuration, usingSpringWithDamping: 1,
                initialSpringVelocity: 0,
                animations: {
                    if fades { shown.alpha = 1 } else { shown.center.y = target.midY }
                    if dims { dimming.alpha = PresentationController.dimmingAlpha }
                },
                completion: { _ in presenter.finishModalTransition?(presenter) })
        } else {
            finish(presenter)
        }
    }

    /// Dismisses what this controller presented, or, when it presents nothing,
    /// this controller itself (UIKit asks its presenter). Controllers presented
    /// above the dismissed one go with it; only the frontmost is seen leaving
    /// (sliding down or fading, as it came). `completion` runs once it is gone.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        var presenter: ViewController?
        var controller: ViewController? = self
        while let current = controller {
            if current.presentedStorage != nil {
                presenter = current
                break
            }
            controller = current.parentStorage
        }
        guard let presenter = presenter ?? presentingViewController else { return }
        presenter.finishModalTransition?(presenter)
        guard let presented = presenter.presentedStorage else { return }
        var chain = [presented]
        while let next = chain[chain.count - 1].presentedStorage { chain.append(next) }
        let top = chain[chain.count - 1]
        let topPresentation = top.presentationControllerStorage
        let topContainer = topPresentation?.container
        let topShown = topPresentation?.presentedView
        let window = topContainer?.window
        let presenterReturns = presented.presentationControllerStorage?.removesPresentersView ?? true

        // The presenter's view comes back under the first presented view's container
        // (or, when that was covered and left too, under the frontmost one's).
        if presenterReturns, let uncovered = presenter.screenView {
            let first = presented.presentationContainer
            if let below = first?.superview != nil ? first : topContainer, let holder = below.superview,
                uncovered.superview !== holder
            {
                holder.insertSubview(uncovered, belowSubview: below)
            }
        }
        topPresentation?.isTransitioning = true
        top.beginAppearanceTransition(false, animated: animated)
        if presenterReturns { presenter.beginAppearanceTransition(true, animated: animated) }

        presenter.modalTransitionGeneration += 1
        let generation = presenter.modalTransitionGeneration
        // While it slides or fades out, drawn from its picture (Layer.shouldRasterize).
        let rasterizes = animated && topShown.map { !$0.layer.shouldRasterize } ?? false
        let finish: (ViewController) -> Void = { presenter in
            guard presenter.modalTransitionGeneration == generation else { return }
            presenter.finishModalTransition = nil
            presenter.modalTransitionGeneration += 1
            if let animator = topContainer?.window?.owningApplication?.viewAnimator {
                if let topShown { animator.removeAnimations(of: topShown) }
                if let dimming = topPresentation?.dimmingView { animator.removeAnimations(of: dimming) }
            }
            if rasterizes { topShown?.layer.shouldRasterize = false }
            if presenterReturns { presenter.endAppearanceTransition() }
            top.endAppearanceTransition()
            for dismissed in chain {
                dismissed.presentationControllerStorage?.removeViews()
                dismissed.presentingStorage = nil
            }
            // Last: this may free the dismissed controllers.
            for dismissed in chain.reversed() { dismissed.presentedStorage = nil }
            presenter.presentedStorage = nil
            completion?()
        }
        presenter.finishModalTransition = finish
        if animated, let topView = topShown, let container = topContainer, window?.owningApplication != nil {
            let fades = top.modalTransitionStyle == .crossDissolve
            let dimming = topPresentation?.dimmingView
            if rasterizes { topView.layer.shouldRasterize = true }
            View.animate(
                withDuration: NavigationController.transitionDuration, usingSpringWithDamping: 1,
                initialSpringVelocity: 0,
                animations: {
                    if fades {
                        topView.alpha = 0
                    } else {
                        topView.center.y += container.bounds.height - topView.frame.minY
                    }
                    if let dimming, dimming.superview === container { dimming.alpha = 0 }
                },
                completion: { _ in presenter.finishModalTransition?(presenter) })
        } else {
            finish(presenter)
        }
    }
}
