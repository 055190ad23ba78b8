/// Manages a view hierarchy: UIKit's `UIViewController`, which takes its place
/// in the responder chain between its root view and that view's superview (R8).
open class ViewController: Responder {
    @usableFromInline var loadedView: View?

    public override init() {
        super.init()
    }

    deinit {
        loadedView?.owningViewController = nil
    }

    /// The root view, created by ``loadView()`` on first use.
    public final var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            guard let loaded = loadedView else { fatalError("loadView() must set view") }
            viewDidLoad()
            return loaded
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue.owningViewController = self
        }
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; override to build your own. The default is a plain ``View``.
    open func loadView() {
        view = View(name: "view")
    }

    /// Called once, after the root view is created.
    open func viewDidLoad() {}

    /// R8: after the controller comes its root view's superview (the window, for a window's root).
    open override var next: Responder? { loadedView?.superview }
}
