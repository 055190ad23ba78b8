import PanelLog
import PanelUI

/// The demo's Wi-Fi screen, pushed by a tap on the settings' Wi-Fi row: the
/// networks in range, and the password of the one chosen, typed on the
/// on-screen keyboard or a hardware keyboard.
///
/// - A tap on a secured network puts its name over the password field and
///   makes the field first responder: the keyboard slides up, and the
///   field, at the bottom of the screen, moves up into view with the screen.
/// - Return or Join checks the password: at least
///   `minimumPasswordLength` characters joins (the row says "Connected"),
///   a shorter one says so and keeps the keyboard up.
/// - A tap on an open network joins it at once.
///
/// Named views: `wifiTable`, rows `network0` … `network9`, `wifiPassword`,
/// `wifiJoin`, `wifiStatus`. Every string the screen shows is built once.
public final class WiFiViewController: ViewController, TableViewDataSource, TableViewDelegate, TextFieldDelegate {
    public struct Network: Sendable {
        public var name: String
        public var isSecured: Bool
    }
    /// Names in the scripts a panel sold abroad meets: Hebrew with a number,
    /// Arabic, Japanese, Devanagari and Thai beside Latin, each shaped in the
    /// fallback font that has it and laid out in its own direction.
    public static let networks = [
        Network(name: "Home", isSecured: true), Network(name: "Home-5G", isSecured: true),
        Network(name: "Workshop", isSecured: true), Network(name: "Guest", isSecured: false),
        Network(name: "מעבדה 5G", isSecured: true), Network(name: "مقهى الحي", isSecured: true),
        Network(name: "東京オフィス", isSecured: true), Network(name: "कार्यालय", isSecured: true),
        Network(name: "ร้านกาแฟ", isSecured: false), Network(name: "PanelKit-Lab", isSecured: true)
    ]
    /// WPA2's shortest passphrase.
    public static let minimumPasswordLength = 8

    public let table: TableView
    public let passwordPrompt: Label
    public let password: TextField
    public let join: Button
    public let status: Label
    /// One row per network, made once (there are few).
    public let rows: [TableViewCell]
    /// The network whose password is being typed.
    public internal(set) var chosen: Int?
    /// The network joined.
    public internal(set) var joined: Int?

    let prompts: [String]
    let connectedTexts: [String]
    let tooShortText = "A password has at least " + String(WiFiViewController.minimumPasswordLength) + " characters"

    public init(log: ReplayLog? = nil) {
        table = TableView(name: "wifiTable")
        passwordPrompt = Label(name: "wifiPrompt", text: "Choose a network")
        password = TextField(name: "wifiPassword", placeholder: "Password")
        password.isSecureTextEntry = true
        password.isEnabled = false
        join = Button(name: "wifiJoin", title: "Join")
        status = Label(name: "wifiStatus", text: "")
        var rows: [TableViewCell] = []
        var prompts: [String] = []
        var connected: [String] = []
        for (index, network) in Self.networks.enumerated() {
            let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
            cell.name = "network" + String(index)
            cell.textLabel.text = network.name
            cell.detailTextLabel.text = network.isSecured ? "Secured" : "Open"
            rows.append(cell)
            prompts.append("Password for " + network.name)
            connected.append("Connected to " + network.name)
        }
        self.rows = rows
        self.prompts = prompts
        connectedTexts = connected
        super.init()
        title = "Wi-Fi"
        let theme = Theme.standard
        passwordPrompt.textColor = theme.secondaryText
        status.textColor = theme.secondaryText
        join.titleFont = theme.bodyFont
        join.setTitleColor(theme.accent)
        join.setFillColor(theme.surface)
        join.isEnabled = false
        password.delegate = self
        join.addTarget(self, action: WiFiViewController.joinTapped, for: .touchUpInside)
        if let log {
            log.logActions(of: join) { _ in nil }
            log.logActions(of: password) { _ in nil }
            log.logEditing(of: password)
        }
    }

    /// The list above, the password row at the bottom, laid out for an
    /// 800x480 screen and resized with the screen by their autoresizing masks
    /// (as the settings list is), so the rows are there from the start.
    public override func loadView() {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 480), name: "wifiScreen")
        root.backgroundColor = Theme.standard.background
        let margin = 16.0
        let fieldHeight = Theme.standard.controlHeight
        let joinWidth = 120.0
        let bottom = 4 + 24 + 4 + fieldHeight + 8 + 24 + margin
        let width = root.bounds.width
        let height = root.bounds.height
        table.frame = Rect(x: 0, y: 0, width: width, height: height - bottom)
        table.autoresizingMask = .flexibleSize
        var y = height - bottom + 4
        passwordPrompt.frame = Rect(x: margin, y: y, width: width - 2 * margin, height: 24)
        y += 28
        password.frame = Rect(x: margin, y: y, width: width - 3 * margin - joinWidth, height: fieldHeight)
        join.frame = Rect(x: width - margin - joinWidth, y: y, width: joinWidth, height: fieldHeight)
        y += fieldHeight + 8
        status.frame = Rect(x: margin, y: y, width: width - 2 * margin, height: 24)
        for view in [passwordPrompt, password, status] as [View] {
            view.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        }
        join.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        table.rowHeight = 52
        table.dataSource = self
        table.tableDelegate = self
        for view in [table, passwordPrompt, password, join, status] as [View] { root.addSubview(view) }
        view = root
    }

    /// Leaving the screen puts the keyboard away.
    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if password.isFirstResponder { password.resignFirstResponder() }
    }

    @usableFromInline func joinTapped(_ sender: Control) { tryToJoin() }

    /// Joins the chosen network when the password is long enough; says why not otherwise.
    @usableFromInline func tryToJoin() {
        guard let chosen else { return }
        guard password.text.count >= Self.minimumPasswordLength else {
            status.text = tooShortText
            return
        }
        connect(to: chosen)
    }

    @usableFromInline func connect(to index: Int) {
        if let previous = joined {
            rows[previous].detailTextLabel.text = Self.networks[previous].isSecured ? "Secured" : "Open"
        }
        joined = index
        rows[index].detailTextLabel.text = "Connected"
        status.text = connectedTexts[index]
        password.text = ""
        if password.isFirstResponder { password.resignFirstResponder() }
        password.isEnabled = false
        join.isEnabled = false
        chosen = nil
    }

    // MARK: Text field delegate

    /// Return joins, as the Join button does; the field keeps the keyboard when the password is too short.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        tryToJoin()
        return false
    }

    // MARK: Data source and delegate

    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        rows[indexPath.row]
    }

    /// A secured network asks for its password; an open one is joined.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let index = indexPath.row
        guard Self.networks[index].isSecured else {
            connect(to: index)
            return
        }
        chosen = index
        passwordPrompt.text = prompts[index]
        status.text = ""
        password.text = ""
        password.isEnabled = true
        join.isEnabled = true
        password.becomeFirstResponder()
    }
}
