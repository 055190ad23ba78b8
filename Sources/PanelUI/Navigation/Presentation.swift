/// Modal presentation, full screen: UIKit's `present(_:animated:completion:)`
/// and `dismiss(animated:completion:)` with the cover-vertical transition.
///
/// The presented controller's view fills the window in front of everything,
/// sliding up from the bottom edge over `NavigationController.transitionDuration`;
/// once it covers the window, the presenter's view leaves the window (UIKit's
/// `.fullScreen` does the same), and comes back when it is dismissed.
///
/// Appearance, as UIKit's full-screen presentation:
/// - present: presenter `viewWillDisappear`, presented `viewWillAppear`,
///   presented `viewDidAppear`, presenter `viewDidDisappear`;
/// - dismiss: presented `viewWillDisappear`, presenter `viewWillAppear`,
///   presenter `viewDidAppear`, presented `viewDidDisappear`.
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

    /// What the presenter shows in the window: its presentation container
    /// when it is itself presented, else its view.
    @usableFromInline var screenView: View? { presentationContainer ?? loadedView }

    /// Presents `viewController` over the whole window, sliding up from the
    /// bottom when `animated`; `completion` runs once it covers the window.
    ///
    /// As in UIKit, nothing happens (and `completion` is not called) when the
    /// presenter already presents a controller, when `viewController` is
    /// already presented or a child, or when the presenter's view is not in a
    /// window. A presentation or dismissal still moving completes at once first.
    public func present(_ viewController: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentationContext
        presenter.finishModalTransition?(presenter)
        guard presenter.presentedStorage == nil, viewController.presentingStorage == nil,
            viewController.parentStorage == nil, viewController !== presenter,
            let window = presenter.screenView?.window
        else { return }
        presenter.presentedStorage = viewController
        viewController.presentingStorage = presenter

        let container = View(frame: window.bounds, name: "presentation")
        viewController.presentationContainer = container
        let shown = viewController.view
        shown.frame = container.bounds
        container.addSubview(shown)
        presenter.beginAppearanceTransition(false, animated: animated)
        viewController.beginAppearanceTransition(true, animated: animated)
        window.addSubview(container)

        presenter.modalTransitionGeneration += 1
        let generation = presenter.modalTransitionGeneration
        // Stored on the presenter so another transition can complete it early;
        // it names the presenter only through its argument, so it holds no cycle.
        let finish: (ViewController) -> Void = { presenter in
            guard presenter.modalTransitionGeneration == generation else { return }
            presenter.finishModalTransition = nil
            presenter.modalTransitionGeneration += 1
            container.window?.owningApplication?.viewAnimator.removeAnimations(of: shown)
            View.performWithoutAnimation { shown.frame = container.bounds }
            viewController.endAppearanceTransition()
            presenter.endAppearanceTransition()
            // Covered: the presenter's view leaves the window until the dismissal.
            if let covered = presenter.screenView, let window = container.window, covered.superview === window {
                covered.removeFromSuperview()
            }
            completion?()
        }
        presenter.finishModalTransition = finish
        if animated, window.owningApplication != nil {
            View.performWithoutAnimation { shown.center.y += container.bounds.height }
            View.animate(
                withDuration: NavigationController.transitionDuration, usingSpringWithDamping: 1,
                initialSpringVelocity: 0, animations: { shown.center.y = container.bounds.midY },
                completion: { _ in presenter.finishModalTransition?(presenter) })
        } else {
            finish(presenter)
        }
    }

    /// Dismisses what this controller presented, or, when it presents nothing,
    /// this controller itself (UIKit asks its presenter). Controllers presented
    /// above the dismissed one go with it; only the frontmost is seen sliding down.
    /// `completion` runs once it is gone.
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
        let topContainer = top.presentationContainer
        let window = topContainer?.window

        // The presenter's view comes back under the frontmost presented view.
        if let window, let uncovered = presenter.screenView, uncovered.superview !== window {
            if let topContainer {
                window.insertSubview(uncovered, belowSubview: topContainer)
            } else {
                window.addSubview(uncovered)
            }
        }
        top.beginAppearanceTransition(false, animated: animated)
        presenter.beginAppearanceTransition(true, animated: animated)

        presenter.modalTransitionGeneration += 1
        let generation = presenter.modalTransitionGeneration
        let finish: (ViewController) -> Void = { presenter in
            guard presenter.modalTransitionGeneration == generation else { return }
            presenter.finishModalTransition = nil
            presenter.modalTransitionGeneration += 1
            if let topView = top.loadedView {
                topContainer?.window?.owningApplication?.viewAnimator.removeAnimations(of: topView)
            }
            presenter.endAppearanceTransition()
            top.endAppearanceTransition()
            for dismissed in chain {
                dismissed.presentationContainer?.removeFromSuperview()
                if let dismissedView = dismissed.loadedView, let container = dismissed.presentationContainer,
                    dismissedView.superview === container
                {
                    View.performWithoutAnimation { dismissedView.removeFromSuperview() }
                }
                dismissed.presentationContainer = nil
                dismissed.presentingStorage = nil
            }
            // Last: this may free the dismissed controllers.
            for dismissed in chain.reversed() { dismissed.presentedStorage = nil }
            presenter.presentedStorage = nil
            completion?()
        }
        presenter.finishModalTransition = finish
        if animated, let topView = top.loadedView, let container = topContainer, window?.owningApplication != nil {
            View.animate(
                withDuration: NavigationController.transitionDuration, usingSpringWithDamping: 1,
                initialSpringVelocity: 0,
                animations: { topView.center.y = container.bounds.midY + container.bounds.height },
                completion: { _ in presenter.finishModalTransition?(presenter) })
        } else {
            finish(presenter)
        }
    }
}
