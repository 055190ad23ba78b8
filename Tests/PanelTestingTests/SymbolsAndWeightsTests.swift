import PanelKit
import PanelTesting
import PanelUI
import Testing

// Icons and type (issue 36, point 8): symbols by name from Material Icons
// (Debian's fonts-material-design-icons-iconfont), sized and weighted with
// the text beside them; Inter's real weights (Debian's fonts-inter).

/// Four rows, one per weight: a symbol made for the label's font, then the
/// label in Inter at that weight; a navigation bar with a symbol bar button.
final class SymbolsAppDelegate: ApplicationDelegate {
    var window: Window?

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        let screen = ViewController()
        screen.title = "Door"
        screen.view.backgroundColor = Theme.standard.background
        let rows: [(String, Font.Weight, String)] = [
            ("phone", .regular, "Call the concierge"), ("home", .medium, "Home"),
            ("thermostat", .semibold, "21.5 °C"), ("lock", .bold, "Door locked")
        ]
        for (i, row) in rows.enumerated() {
            let font = Font.system(size: 20, weight: row.1)
            let y = 80 + Double(i) * 44
            let icon = ImageView(
                frame: Rect(x: 24, y: y, width: 20, height: 20), name: "icon.\(row.0)",
                image: Image(systemName: row.0, configuration: SymbolConfiguration(font: font)))
            screen.view.addSubview(icon)
            let label = Label(frame: Rect(x: 54, y: y - 6, width: 300, height: 32), name: "label.\(row.0)")
            label.font = font
            label.text = row.2
            screen.view.addSubview(label)
        }
        screen.navigationItem.rightBarButtonItem = BarButtonItem(image: Image(systemName: "add"))
        window.rootViewController = NavigationController(rootViewController: screen)
        self.window = window
        return true
    }
}

@Suite("Symbols by name and Inter's weights")
struct SymbolsAndWeightsTests {
    @Test("Image(systemName:) is a template image of the point size at the screen's scale, with ink")
    func symbolIsATemplateOfItsSize() throws {
        let phone = try #require(Image(systemName: "phone", scale: 1))
        #expect(phone.isTemplate)
        #expect(phone.width == 17 && phone.height == 17)
        #expect(phone.pixels.contains { $0.alpha == 255 } && phone.pixels.contains { $0.alpha == 0 })
        let sharp = try #require(
            Image(systemName: "phone", configuration: SymbolConfiguration(pointSize: 24), scale: 2))
        #expect(sharp.width == 48 && sharp.size == Size(width: 24, height: 24))
    }

    @Test("A name the icon font does not have is nil, and loadSymbol says where the names are")
    func unknownSymbol() {
        #expect(Image(systemName: "no-such-symbol") == nil)
        #expect(throws: ImageFileError.self) { try Image.loadSymbol(named: "no-such-symbol") }
        do {
            _ = try Image.loadSymbol(named: "no-such-symbol")
        } catch {
            #expect(error.message.contains("_variables.scss"))
        }
    }

    @Test("A heavier weight draws more ink; SymbolConfiguration(font:) takes the font's size and weight")
    func weightsEmbolden() throws {
        func ink(_ weight: Font.Weight) throws -> Int {
            let image = try Image.loadSymbol(
                named: "lock", configuration: SymbolConfiguration(pointSize: 32, weight: weight), scale: 1)
            return image.pixels.reduce(0) { $0 + Int($1.alpha) }
        }
        let regular = try ink(.regular)
        let medium = try ink(.medium)
        let bold = try ink(.bold)
        #expect(regular < medium && medium < bold)
        #expect(
            SymbolConfiguration(font: .system(size: 20, weight: .semibold))
                == SymbolConfiguration(pointSize: 20, weight: .semibold))
        #expect(Font.system(size: 13, weight: .medium).name == "Inter-Medium")
        #expect(Font.boldSystem(size: 13).weight == .bold && Font.system(size: 13).weight == .regular)
    }

    @Test("Inter's four weights load, and bold sets the same text wider than regular")
    func interWeights() throws {
        let app = try AppTester(SymbolsAppDelegate.self)
        app.advance(by: 0.1)
        let regular = try #require(app.view(named: "label.phone") as? Label)
        let text = "Call the concierge"
        var widths: [Double] = []
        for weight in [Font.Weight.regular, .medium, .semibold, .bold] {
            widths.append(regular.measure(text, font: .system(size: 20, weight: weight)).width)
        }
        // Each weight is its own face; hinted to whole pixels, medium may come out a pixel
        // narrower than regular (173, 172, 176, 177 for this text at 20 points).
        #expect(widths.allSatisfy { $0 > 100 }, "\(widths)")
        #expect(widths[0] < widths[2] && widths[2] < widths[3], "\(widths)")
    }

    @Test("Golden: symbols beside labels at each weight, tinted, and a symbol bar button")
    func golden() throws {
        let app = try AppTester(SymbolsAppDelegate.self)
        app.advance(by: 0.1)
        app.assertSnapshot(named: "symbols-and-weights")
    }
}

@Suite("Monospaced digits")
struct MonospacedDigitsTests {
    @Test("With monospaced digits every number of the same length is as wide; without, 1s are narrower")
    func digitsKeepTheirColumns() throws {
        let app = try AppTester(SymbolsAppDelegate.self)
        let view = try #require(app.view(named: "label.phone"))
        let tabular = Font.monospacedDigitSystem(size: 20, weight: .semibold)
        let numbers = ["11:11", "20:48", "00:00", "19:07"]
        let widths = numbers.map { view.measure($0, font: tabular).width }
        #expect(Set(widths).count == 1, "\(widths)")
        let proportional = numbers.map { view.measure($0, font: .system(size: 20, weight: .semibold)).width }
        #expect(proportional[0] < proportional[2], "\(proportional)")
        #expect(tabular.weight == .semibold && tabular.monospacedDigits == tabular)
    }
}
