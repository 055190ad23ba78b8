import PanelApp

/// The app's one screen: a title, a counter and a button that counts taps.
final class HomeViewController: ViewController {
    let title = Label(name: "title", text: "__NAME__")
    let counter = Label(name: "counter", text: "Not tapped yet")
    let button = Button(name: "tap", title: "Tap me")
    var taps = 0
    /// The runtime's JSON Lines log: each button action becomes an `action` line.
    unowned(unsafe) let log: ReplayLog

    let screenBounds: Rect

    init(screenBounds: Rect, log: ReplayLog) {
        self.screenBounds = screenBounds
        self.log = log
        super.init()
    }

    override func loadView() {
        let root = View(frame: screenBounds, name: "home")
        root.backgroundColor = Theme.standard.background
        title.font = .boldSystem(size: 32)
        title.textColor = Theme.standard.text
        counter.font = .system(size: 22)
        counter.textColor = Theme.standard.secondaryText
        for subview in [title, counter, button] as [View] { root.addSubview(subview) }
        layout(in: screenBounds)
        view = root
    }

    override func viewDidLoad() {
        button.addTarget(self, action: HomeViewController.buttonTapped, for: .touchUpInside)
        log.logActions(of: button) { _ in nil }
    }

    /// Places the views for the screen's size.
    func layout(in bounds: Rect) {
        title.frame = Rect(x: 32, y: 32, width: bounds.width - 64, height: 48)
        counter.frame = Rect(x: 32, y: 96, width: bounds.width - 64, height: 36)
        button.frame = Rect(x: 32, y: bounds.height - 104, width: 200, height: 64)
    }

    func buttonTapped(_ sender: Control) {
        taps += 1
        counter.text = taps == 1 ? "Tapped once" : "Tapped " + String(taps) + " times"
    }
}
