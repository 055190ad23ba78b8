import PanelKit

/// The app's one screen: a title, a counter and a button that counts taps.
final class HomeViewController: ViewController {
    /// The screen's heading (`title` is the controller's own, as in UIKit).
    let heading = Label(name: "title", text: "__NAME__")
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
        heading.font = .boldSystem(size: 32)
        heading.textColor = Theme.standard.text
        counter.font = .system(size: 22)
        counter.textColor = Theme.standard.secondaryText
        // A column that follows the screen's size at any resolution: the
        // labels at the top, the button at the bottom, the free space between.
        let spacer = View(name: "spacer")
        let column = StackView(frame: root.bounds, name: "column", arrangedSubviews: [heading, counter, spacer, button])
        column.axis = .vertical
        column.alignment = .leading
        column.spacing = 12
        column.layoutMargins = EdgeInsets(top: 32, left: 32, bottom: 40, right: 32)
        column.isLayoutMarginsRelativeArrangement = true
        column.autoresizingMask = .flexibleSize
        root.addSubview(column)
        view = root
    }

    override func viewDidLoad() {
        button.addTarget(self, action: HomeViewController.buttonTapped, for: .touchUpInside)
        log.logActions(of: button) { _ in nil }
    }

    func buttonTapped(_ sender: Control) {
        taps += 1
        // Written in place, without allocating, however many digits (`+` on
        // strings allocates past 15 bytes: "Tapped 1000 times" is 17).
        if taps == 1 {
            counter.text = "Tapped once"
        } else {
            counter.setText { text in
                text.append("Tapped ")
                text.append(taps)
                text.append(" times")
            }
        }
    }
}
