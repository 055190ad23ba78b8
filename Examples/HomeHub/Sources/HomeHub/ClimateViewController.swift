import PanelKit

/// The room temperature and its target: large monospaced digits, so a
/// changing number keeps its place, and a stepper for the target.
final class ClimateViewController: ViewController {
    let home: Home
    let temperature = Label(name: "temperature")
    let targetLabel = Label(name: "target")
    let stepper = Stepper(name: "targetStepper")
    let icon = ImageView(name: "icon")
    private let degrees = NumberFormat(fractionDigits: 1, suffix: " °C")
    private let targetDegrees = NumberFormat(fractionDigits: 1, prefix: "Target ", suffix: " °C")

    init(home: Home) {
        self.home = home
        super.init()
        title = "Climate"
    }

    override func viewDidLoad() {
        view.backgroundColor = Theme.standard.background
        temperature.font = .monospacedDigitSystem(size: 72, weight: .semibold)
        temperature.textAlignment = .center
        targetLabel.font = .monospacedDigitSystem(size: 20, weight: .medium)
        targetLabel.textAlignment = .center
        icon.image = Image(
            systemName: "thermostat", configuration: SymbolConfiguration(pointSize: 40, weight: .semibold))
        stepper.minimumValue = 15
        stepper.maximumValue = 28
        stepper.stepValue = 0.5
        stepper.value = Double(home.target) / 10
        stepper.addAction(for: .valueChanged) { [unowned(unsafe) self] _ in
            self.home.target = Int((self.stepper.value * 10).rounded())
            self.showValues()
        }
        for subview in [icon, temperature, targetLabel, stepper] { view.addSubview(subview) }
        showValues()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        icon.frame = Rect(x: (width - 40) / 2, y: 40, width: 40, height: 40)
        temperature.frame = Rect(x: 0, y: 96, width: width, height: 90)
        targetLabel.frame = Rect(x: 0, y: 196, width: width, height: 28)
        let size = stepper.intrinsicContentSize
        stepper.frame = Rect(x: (width - size.width) / 2, y: 240, width: size.width, height: size.height)
    }

    func showValues() {
        temperature.setText(Double(home.temperature) / 10, format: degrees)
        targetLabel.setText(Double(home.target) / 10, format: targetDegrees)
    }
}
