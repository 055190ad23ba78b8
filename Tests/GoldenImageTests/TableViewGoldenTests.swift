import PanelImage
import PanelTesting
import PanelUI
import Testing

/// Two sections with titles, a selected row, a value1 detail and a switch accessory.
final class GoldenListSource: TableViewDataSource {
    lazy var lifetime = Lifetime(of: self)
    let rows = [["Living room", "Kitchen", "Bedroom"], ["Heating", "Hot water", "Away mode", "Eco"]]
    let details = ["21.5°", "19.0°", "18.0°"]
    let toggle = Switch(frame: Rect(x: 0, y: 0, width: 56, height: 32), isOn: true)

    func numberOfSections(in tableView: TableView) -> Int { rows.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? "Rooms" : "System"
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let identifier = indexPath.section == 0 ? "room" : "row"
        let cell =
            tableView.dequeueReusableCell(withIdentifier: identifier)
            ?? TableViewCell(style: .value1, reuseIdentifier: identifier)
        cell.textLabel.text = rows[indexPath.section][indexPath.row]
        if indexPath.section == 0 { cell.detailTextLabel.text = details[indexPath.row] }
        cell.accessoryView = indexPath == IndexPath(row: 2, section: 1) ? toggle : nil
        return cell
    }
}

@Suite("Golden images: table view", .serialized)
struct TableViewGoldenTests {
    @Test("A list with two titled sections, a selected row, value1 details and a switch accessory")
    func listWithSectionsAndSelection() {
        let source = GoldenListSource()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 330))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        let display = drawn(Size(width: 360, height: 330), [table], text: makeTextRenderer())
        let result = GoldenImage.check(display.framebuffer, named: "table-sections-selected")
        #expect(result.passed, "\(result)")
        withExtendedLifetime(source) {}
    }
}
