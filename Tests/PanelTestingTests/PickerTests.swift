import PanelKit
import PanelTesting
import PanelUI
import Testing

// PickerView and DatePicker through real drags and taps.

/// A screen the tests show alone in a window (`LoneScreenApp`).
protocol LoneScreen: ViewController {
    init()
}

/// An app whose window shows one `Screen`.
final class LoneScreenApp<Screen: LoneScreen>: ApplicationDelegate {
    var window: Window?
    let controller = Screen()
    init() {}
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        window.rootViewController = controller
        application.addWindow(window)
        self.window = window
        return true
    }
}

final class FruitPickerController: ViewController, LoneScreen, PickerViewDataSource, PickerViewDelegate {
    static let fruits = (0..<20).map { "Fruit \($0)" }
    static let sizes = ["S", "M", "L", "XL", "XXL"]
    var heard: [String] = []
    var logs = true
    let picker = PickerView(frame: Rect(x: 0, y: 28, width: 480, height: 216), name: "picker")

    override func loadView() {
        let root = View(name: "root")
        root.backgroundColor = Theme.standard.background
        picker.dataSource = self
        picker.delegate = self
        root.addSubview(picker)
        view = root
    }

    func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        component == 0 ? Self.fruits.count : Self.sizes.count
    }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        component == 0 ? Self.fruits[row] : Self.sizes[row]
    }
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
        component == 0 ? 300 : 150
    }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        if logs { heard.append("select \(component) \(row)") }
    }
}

final class DatePickerController: ViewController, LoneScreen {
    var changes: [DateTime] = []
    let datePicker = DatePicker(frame: Rect(x: 0, y: 28, width: 480, height: 216), name: "date")

    override func loadView() {
        let root = View(name: "root")
        root.backgroundColor = Theme.standard.background
        datePicker.datePickerMode = .date
        datePicker.date = DateTime(year: 2024, month: 1, day: 31)
        datePicker.addAction(for: .valueChanged) { [unowned(unsafe) self] _ in
            self.changes.append(self.datePicker.date)
        }
        root.addSubview(datePicker)
        view = root
    }
}

@Suite("PickerView and DatePicker")
struct PickerTests {
    static let screen = Size(width: 480, height: 272)

    func launch() throws -> (AppTester, FruitPickerController) {
        let app = try AppTester(LoneScreenApp<FruitPickerController>.self, screenSize: Self.screen)
        let controller = try #require(app.delegate(as: LoneScreenApp<FruitPickerController>.self)).controller
        app.advance(by: 0.1)
        return (app, controller)
    }

    /// The wheel of a component, and whether its offset puts a row exactly in the centre.
    func wheel(_ app: AppTester, _ component: Int) throws -> ScrollView {
        try #require(app.view(named: "picker.component\(component)") as? ScrollView)
    }

    func restsOnRow(_ wheel: ScrollView, _ row: Int) -> Bool {
        wheel.contentOffset.y == Double(row) * 36 - wheel.contentInset.top
    }

    @Test(
        "a flick spins the wheel on with momentum and it comes to rest on a row in the centre; didSelectRow once, at rest"
    )
    func flingSnaps() throws {
        let (app, controller) = try launch()
        let wheel = try wheel(app, 0)
        #expect(controller.picker.selectedRow(inComponent: 0) == 0)
        #expect(restsOnRow(wheel, 0))
        app.drag(from: Point(x: 150, y: 200), to: Point(x: 150, y: 120), duration: 0.08, steps: 4)
        #expect(controller.heard.isEmpty, "nothing while the wheel moves")
        let liftOffset = wheel.contentOffset.y
        app.advance(by: 0.3)
        #expect(wheel.isDecelerating)
        #expect(wheel.contentOffset.y > liftOffset + 36, "momentum carries it past the finger")
        app.advance(by: 4)
        let row = controller.picker.selectedRow(inComponent: 0)
        #expect(row > 3 && row < 20, "\(row)")
        #expect(restsOnRow(wheel, row), "\(wheel.contentOffset.y)")
        #expect(controller.heard == ["select 0 \(row)"])
        #expect(controller.picker.selectedRow(inComponent: 1) == 0, "the other wheel did not move")
    }

    @Test("a slow drag, let go, glides on to rest on a row; a drag past the end bounces back onto the last row")
    func slowDragSettles() throws {
        let (app, controller) = try launch()
        let wheel = try wheel(app, 1)
        app.drag(from: Point(x: 400, y: 180), to: Point(x: 400, y: 180 - 36 * 1.4), duration: 1.5, steps: 30)
        #expect(wheel.contentOffset.y > -90 + 36 && wheel.contentOffset.y < -90 + 54, "1.1 rows at the lift")
        app.advance(by: 4)
        #expect(controller.picker.selectedRow(inComponent: 1) == 2, "the lift's slow momentum carries it to row 2")
        #expect(restsOnRow(wheel, 2))
        #expect(controller.heard == ["select 1 2"])
        app.drag(from: Point(x: 400, y: 230), to: Point(x: 400, y: 30), duration: 0.3, steps: 10)
        app.advance(by: 3)
        #expect(controller.picker.selectedRow(inComponent: 1) == 4)
        #expect(restsOnRow(wheel, 4))
        #expect(controller.heard == ["select 1 2", "select 1 4"])
    }

    @Test(
        "a tap on the row below the centre turns it to the centre and selects it; a tap on the centre row does nothing")
    func tapTurnsRow() throws {
        let (app, controller) = try launch()
        let wheel = try wheel(app, 0)
        let centre = 28 + 108.0
        app.tap(at: Point(x: 150, y: centre + 36))
        #expect(controller.heard.isEmpty)
        app.advance(by: 1)
        #expect(controller.heard == ["select 0 1"])
        #expect(restsOnRow(wheel, 1))
        app.tap(at: Point(x: 150, y: centre))
        app.advance(by: 1)
        #expect(controller.heard == ["select 0 1"])
        app.tap(at: Point(x: 150, y: centre - 36))
        app.advance(by: 1)
        #expect(controller.heard == ["select 0 1", "select 0 0"])
        app.tap(at: Point(x: 150, y: centre - 72))
        app.advance(by: 1)
        #expect(controller.heard == ["select 0 1", "select 0 0"], "above the first row there is nothing to tap")
    }

    @Test("right to left, the first component is the rightmost wheel: the frames mirror, and a tap finds it there")
    func rightToLeftMirrorsComponents() throws {
        let (app, controller) = try launch()
        let ltr = try (0..<2).map { try wheel(app, $0).frame }
        controller.picker.semanticContentAttribute = .forceRightToLeft
        app.advance(by: 0.1)
        let rtl = try (0..<2).map { try wheel(app, $0).frame }
        #expect(rtl.map(\.midX) == ltr.map { 480 - $0.midX })
        #expect(rtl[0].minX > rtl[1].maxX)
        app.tap(at: Point(x: 480 - 150, y: 28 + 108.0 + 36))
        app.advance(by: 1)
        #expect(controller.heard == ["select 0 1"])
    }

    @Test("a finger that stops a spinning wheel between rows leaves it to settle on the nearest row, selected once")
    func touchStopsAndSettles() throws {
        let (app, controller) = try launch()
        let wheel = try wheel(app, 0)
        app.drag(from: Point(x: 150, y: 200), to: Point(x: 150, y: 120), duration: 0.08, steps: 4)
        app.advance(by: 0.25)
        #expect(wheel.isDecelerating)
        app.beginTouch(at: Point(x: 150, y: 136))
        app.advance(by: 0.6)
        let held = wheel.contentOffset.y
        #expect(!wheel.isDecelerating, "the finger stopped it")
        app.advance(by: 0.2)
        #expect(wheel.contentOffset.y == held, "and holds it")
        #expect((held + wheel.contentInset.top).truncatingRemainder(dividingBy: 36) != 0, "between two rows: \(held)")
        app.endTouch()
        app.advance(by: 4)
        let row = controller.picker.selectedRow(inComponent: 0)
        #expect(restsOnRow(wheel, row), "\(wheel.contentOffset.y)")
        #expect(controller.heard == ["select 0 \(row)"])
    }

    @Test("a rotary encoder: a push on a focused wheel adjusts it, each detent turns the next row to the centre")
    func encoderTurnsWheel() throws {
        let (app, controller) = try launch()
        app.turnEncoder(by: 1) // shows the ring on the first wheel
        app.pushEncoder() // adjusting
        app.turnEncoder(by: 2)
        app.advance(by: 1)
        #expect(controller.picker.selectedRow(inComponent: 0) == 2)
        #expect(restsOnRow(try wheel(app, 0), 2))
        #expect(controller.heard == ["select 0 2"], "two quick detents, one selection at rest")
        app.turnEncoder(by: -1)
        app.advance(by: 1)
        #expect(controller.heard == ["select 0 2", "select 0 1"])
    }

    @Test("selectRow from code moves the wheel without telling the delegate; a reload keeps the selection")
    func selectFromCode() throws {
        let (app, controller) = try launch()
        controller.picker.selectRow(7, inComponent: 0, animated: false)
        #expect(restsOnRow(try wheel(app, 0), 7))
        controller.picker.selectRow(3, inComponent: 1, animated: true)
        app.advance(by: 1)
        #expect(restsOnRow(try wheel(app, 1), 3))
        #expect(controller.picker.selectedRow(inComponent: 1) == 3)
        controller.picker.selectRow(99, inComponent: 1, animated: false)
        #expect(controller.picker.selectedRow(inComponent: 1) == 4, "held to the rows")
        controller.picker.reloadAllComponents()
        controller.picker.reloadComponent(1)
        #expect(controller.picker.selectedRow(inComponent: 0) == 7)
        #expect(controller.picker.selectedRow(inComponent: 1) == 4)
        #expect(controller.picker.numberOfComponents == 2)
        #expect(controller.picker.numberOfRows(inComponent: 0) == 20)
        #expect(controller.picker.selectedRow(inComponent: 5) == -1)
        #expect(controller.heard.isEmpty)
        app.assertSnapshot(named: "picker-two-components")
    }

    @Test(
        "a picker fling allocates nothing per frame: the drag's input frames and the display-link frames while it spins"
    )
    func flingAllocatesNothing() throws {
        let (app, controller) = try launch()
        controller.logs = false
        let fling = { (app: AppTester) in
            app.drag(from: Point(x: 150, y: 220), to: Point(x: 150, y: 140), duration: 0.08, steps: 4)
        }
        let back = { (app: AppTester) in
            app.advance(by: 4)
            controller.picker.selectRow(0, inComponent: 0, animated: false)
            app.advance(by: 0.1)
        }
        for _ in 0..<3 {
            fling(app)
            back(app)
        }
        let input = app.frameAllocations { app in
            fling(app)
            back(app)
        }
        fling(app)
        let wheel = try wheel(app, 0)
        var display: [UInt64] = []
        for _ in 0..<120 {
            display.append(AllocationCounter.count { app.advance(by: 1.0 / 60) })
        }
        #expect(wheel.isDecelerating && wheel.contentOffset.y > 100, "it spins all along: \(wheel.contentOffset.y)")
        #expect(input.max() == 0, "\(input)")
        #expect(display.max() == 0, "\(display)")
    }

    // MARK: DatePicker

    func launchDates() throws -> (AppTester, DatePickerController) {
        let app = try AppTester(LoneScreenApp<DatePickerController>.self, screenSize: Self.screen)
        let controller = try #require(app.delegate(as: LoneScreenApp<DatePickerController>.self)).controller
        app.advance(by: 0.1)
        return (app, controller)
    }

    @Test(
        "date mode: month, day and year wheels; turning 31 January to February rests on 29 February 2024 and sends valueChanged once"
    )
    func dateWheels() throws {
        let (app, controller) = try launchDates()
        let picker = controller.datePicker
        #expect(picker.pickerView.numberOfComponents == 3)
        #expect(picker.pickerView.selectedRow(inComponent: 0) == 0)
        #expect(picker.pickerView.selectedRow(inComponent: 1) == 30)
        app.assertSnapshot(named: "date-picker-date")
        let month = try #require(app.view(named: "date.wheels.component0"))
        let below = month.convert(Point(x: month.bounds.midX, y: month.bounds.midY + 36), to: nil)
        app.tap(at: below)
        app.advance(by: 2)
        #expect(picker.date == DateTime(year: 2024, month: 2, day: 29))
        #expect(controller.changes == [DateTime(year: 2024, month: 2, day: 29)])
        #expect(picker.pickerView.selectedRow(inComponent: 1) == 28, "the day wheel turned back to the 29th")
    }

    @Test("minimumDate and maximumDate: a wheel turned past the limit turns back to it")
    func limits() throws {
        let (app, controller) = try launchDates()
        let picker = controller.datePicker
        picker.maximumDate = DateTime(year: 2024, month: 3, day: 15)
        picker.date = DateTime(year: 2024, month: 3, day: 10)
        app.advance(by: 0.1)
        let month = try #require(app.view(named: "date.wheels.component0"))
        let centre = month.convert(Point(x: month.bounds.midX, y: month.bounds.midY), to: nil)
        app.tap(at: Point(x: centre.x, y: centre.y + 36))
        app.advance(by: 2)
        #expect(picker.date == DateTime(year: 2024, month: 3, day: 15))
        #expect(picker.pickerView.selectedRow(inComponent: 0) == 2)
        #expect(controller.changes == [DateTime(year: 2024, month: 3, day: 15)])
        picker.isEnabled = false
        app.tap(at: Point(x: centre.x, y: centre.y - 36))
        app.advance(by: 2)
        #expect(picker.date == DateTime(year: 2024, month: 3, day: 15), "a disabled date picker does not turn")
    }

    @Test("time mode: hours 00–23 and minutes by minuteInterval; the value is rounded down to the interval")
    func timeWheels() throws {
        let (app, controller) = try launchDates()
        let picker = controller.datePicker
        picker.datePickerMode = .time
        picker.minuteInterval = 15
        picker.date = DateTime(year: 2024, month: 5, day: 1, hour: 9, minute: 40)
        app.advance(by: 0.1)
        #expect(picker.pickerView.numberOfComponents == 2)
        #expect(picker.pickerView.numberOfRows(inComponent: 1) == 4)
        #expect(picker.date.minute == 30)
        #expect(picker.pickerView.selectedRow(inComponent: 0) == 9)
        #expect(picker.pickerView.selectedRow(inComponent: 1) == 2)
        picker.minuteInterval = 7
        #expect(picker.pickerView.numberOfRows(inComponent: 1) == 60, "7 does not divide 60: every minute, as UIKit")
        picker.minuteInterval = 15
        app.advance(by: 0.1)
        app.assertSnapshot(named: "date-picker-time")
        picker.datePickerMode = .dateAndTime
        #expect(picker.pickerView.numberOfComponents == 5)
        picker.date = DateTime(year: 2150, month: 5, day: 1)
        #expect(picker.pickerView.selectedRow(inComponent: 2) == 2150 - 1900, "the year wheel grows to a later year")
        picker.date = DateTime(year: 2024, month: 5, day: 1, hour: 9, minute: 30)
        #expect(picker.pickerView.selectedRow(inComponent: 0) == 4, "May")
        #expect(picker.pickerView.selectedRow(inComponent: 2) == 2024 - 1900)
        #expect(picker.pickerView.selectedRow(inComponent: 3) == 9)
        #expect(picker.pickerView.selectedRow(inComponent: 4) == 2)
    }
}

@Suite("DateTime")
struct DateTimeTests {
    @Test("days per month, leap years (every 4th, not every 100th, every 400th)")
    func calendar() {
        #expect(DateTime.daysInMonth(2, year: 2024) == 29)
        #expect(DateTime.daysInMonth(2, year: 1900) == 28)
        #expect(DateTime.daysInMonth(2, year: 2000) == 29)
        #expect(DateTime.daysInMonth(2, year: 2023) == 28)
        #expect(DateTime.daysInMonth(4, year: 2023) == 30)
        #expect(DateTime.daysInMonth(12, year: 2023) == 31)
        #expect(DateTime.daysInMonth(13, year: 2023) == 0)
        #expect(!DateTime(year: 2023, month: 2, day: 29).isValid)
    }

    @Test("seconds since 1970 (UTC), both ways, before and after the epoch and past 2038")
    func unixTime() {
        #expect(DateTime.epoch.secondsSince1970 == 0)
        #expect(DateTime(year: 2000, month: 3, day: 1).secondsSince1970 == 951_868_800)
        #expect(
            DateTime(year: 2038, month: 1, day: 19, hour: 3, minute: 14, second: 8).secondsSince1970 == 2_147_483_648)
        #expect(
            DateTime(secondsSince1970: -1) == DateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59)
        )
        #expect(DateTime(secondsSince1970: 1_709_164_800) == DateTime(year: 2024, month: 2, day: 29))
        var seconds: Int64 = -5_000_000_000
        while seconds < 10_000_000_000 {
            #expect(DateTime(secondsSince1970: seconds).secondsSince1970 == seconds)
            seconds += 86_400 * 97 + 3_671
        }
        #expect(DateTime(year: 2024, month: 1, day: 1) < DateTime(year: 2024, month: 1, day: 1, minute: 1))
    }
}
