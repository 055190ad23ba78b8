import PanelImage
import PanelTesting
import PanelUI
import Testing

/// A Hebrew settings list: value1 details, a disclosure indicator, a checkmark and a switch accessory.
final class HebrewListSource: TableViewDataSource {
    lazy var lifetime = Lifetime(of: self)
    let rows = ["סלון", "מטבח", "חדר שינה", "מצב חיסכון"]
    let details = ["21.5°", "19.0°", "18.0°", ""]
    let toggle = Switch(frame: Rect(x: 0, y: 0, width: 56, height: 32), isOn: true)

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell =
            tableView.dequeueReusableCell(withIdentifier: "row")
            ?? TableViewCell(style: .value1, reuseIdentifier: "row")
        cell.textLabel.text = rows[indexPath.row]
        cell.detailTextLabel.text = details[indexPath.row]
        cell.accessoryType = indexPath.row == 1 ? .checkmark : .disclosureIndicator
        cell.accessoryView = indexPath.row == 3 ? toggle : nil
        return cell
    }
}

@Suite("Golden images: right to left", .serialized)
struct RightToLeftGoldenTests {
    @Test("A right-to-left screen: bar, list, slider, stack and a field with mixed text, mirrored")
    func rightToLeftScreen() {
        let screen = View(frame: Rect(x: 0, y: 0, width: 360, height: 330), name: "screen")
        screen.semanticContentAttribute = .forceRightToLeft
        let bar = NavigationBar(frame: Rect(x: 0, y: 0, width: 360, height: NavigationBar.height))
        let top = NavigationItem(title: "Wi-Fi")
        top.rightBarButtonItems = [BarButtonItem(title: "ערוך")]
        bar.setItems(top: top, back: NavigationItem(title: "הגדרות"))
        screen.addSubview(bar)
        let source = HebrewListSource()
        let table = TableView(frame: Rect(x: 0, y: 44, width: 360, height: 176))
        table.dataSource = source
        screen.addSubview(table)
        let slider = Slider(frame: Rect(x: 16, y: 224, width: 328, height: 40), value: 0.3)
        screen.addSubview(slider)
        let label = Label(text: "בהירות")
        let stack = StackView(
            frame: Rect(x: 16, y: 264, width: 328, height: 24), arrangedSubviews: [label, View()])
        screen.addSubview(stack)
        let field = TextField(frame: Rect(x: 16, y: 290, width: 328, height: 36), text: "Wi-Fi של המטבח")
        screen.addSubview(field)
        let display = drawn(Size(width: 360, height: 330), [screen], text: makeTextRenderer())
        let result = GoldenImage.check(display.framebuffer, named: "right-to-left-screen")
        #expect(result.passed, "\(result)")
        withExtendedLifetime(source) {}
    }
}
