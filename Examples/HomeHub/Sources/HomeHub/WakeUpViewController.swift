import PanelKit

/// The wake-up time on two wheels, hours and minutes (five-minute steps),
/// in a form sheet: Done keeps it, a tap on the backdrop leaves it as it was.
final class WakeUpViewController: ViewController, PickerViewDataSource, PickerViewDelegate {
    let home: Home
    let picker = PickerView(name: "wakeUp")
    let titleLabel = Label(name: "title", text: "Wake up at")
    let done = Button(name: "done", title: "Done")
    /// The picker's texts, made once: "00"…"23" and "00"…"55".
    static let hours = (0..<24).map { NumberFormat(minimumIntegerDigits: 2).string(from: $0) }
    static let minutes = stride(from: 0, to: 60, by: 5).map { NumberFormat(minimumIntegerDigits: 2).string(from: $0) }

    init(home: Home) {
        self.home = home
        super.init()
    }

    override func viewDidLoad() {
        view.backgroundColor = Theme.standard.surface
        titleLabel.font = .system(size: 20, weight: .semibold)
        titleLabel.textAlignment = .center
        picker.font = .monospacedDigitSystem(size: 22, weight: .medium)
        picker.dataSource = self
        picker.delegate = self
        done.addAction(for: .touchUpInside) { [unowned(unsafe) self] _ in
            self.home.wakeUp = (
                self.picker.selectedRow(inComponent: 0), self.picker.selectedRow(inComponent: 1) * 5
            )
            self.dismiss(animated: true)
        }
        for subview in [titleLabel, picker, done] { view.addSubview(subview) }
    }

    override func viewWillAppear(_ animated: Bool) {
        picker.selectRow(home.wakeUp.hour, inComponent: 0, animated: false)
        picker.selectRow(home.wakeUp.minute / 5, inComponent: 1, animated: false)
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        titleLabel.frame = Rect(x: 16, y: 12, width: width - 32, height: 28)
        picker.frame = Rect(x: 16, y: 44, width: width - 32, height: 180)
        done.frame = Rect(x: (width - 140) / 2, y: view.bounds.height - 64, width: 140, height: 48)
    }

    func numberOfComponents(in pickerView: PickerView) -> Int { 2 }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        component == 0 ? Self.hours.count : Self.minutes.count
    }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        component == 0 ? Self.hours[row] : Self.minutes[row]
    }
}
