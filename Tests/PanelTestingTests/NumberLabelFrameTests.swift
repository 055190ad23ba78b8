import PanelKit
import PanelTesting
import Testing

/// A meter: three labels showing a reading that changes every display frame,
/// a short one (a small string), a long one and one with grouping, each
/// through `Label.setText(_:format:)`; `naive` builds its text with `+` and
/// `fixed`, as an app would without `NumberFormat`.
final class MeterAppDelegate: ApplicationDelegate, DisplayLinkTarget {
    var window: Window?
    let reading = Label(frame: Rect(x: 20, y: 20, width: 300, height: 40), name: "reading")
    let sentence = Label(frame: Rect(x: 20, y: 70, width: 700, height: 40), name: "sentence")
    let total = Label(frame: Rect(x: 20, y: 120, width: 300, height: 40), name: "total")
    let naive = Label(frame: Rect(x: 20, y: 170, width: 700, height: 40), name: "naive")
    var value = 20.0
    var updatesNaive = false
    let celsius = NumberFormat(fractionDigits: 1, suffix: " °C")
    let long = NumberFormat(fractionDigits: 2, prefix: "Temperature in the living room: ", suffix: " °C")
    let energy = NumberFormat(fractionDigits: 2, groupingSeparator: ",", suffix: " kWh")

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        let root = View(frame: window.bounds, name: "root")
        root.backgroundColor = Theme.standard.background
        for label in [reading, sentence, total, naive] { root.addSubview(label) }
        window.addSubview(root)
        application.addWindow(window)
        self.window = window
        application.displayLink.add(self)
        return true
    }

    func displayLinkDidFire(_ link: DisplayLink) {
        value += 0.13
        reading.setText(value, format: celsius)
        sentence.setText(value, format: long)
        total.setText(value * 1_000, format: energy)
        if updatesNaive { naive.text = "Temperature in the living room: " + fixed(value, 2) + " °C" }
    }
}

@Suite("A label showing a changing number every frame, through AppTester")
struct NumberLabelFrameTests {
    @Test("Label.setText(_:format:) allocates nothing per frame once warm: short, long and grouped, drawn")
    func noAllocationsPerFrame() throws {
        let app = try AppTester(MeterAppDelegate.self)
        let meter = try #require(app.delegate(as: MeterAppDelegate.self))
        // Warm up: every digit drawn once, the text caches and the labels' spare storage filled.
        app.advance(by: 2)
        var counts: [UInt64] = []
        counts.reserveCapacity(120)
        var texts: [String] = []
        texts.reserveCapacity(120)
        for _ in 0..<120 {
            let before = meter.sentence.text
            counts.append(AllocationCounter.count { app.advance(by: 1.0 / 60) })
            #expect(meter.sentence.text != before, "the number changed this frame")
            texts.append(meter.total.text)
        }
        #expect(counts.allSatisfy { $0 == 0 }, "allocations per frame: \(counts)")
        #expect(meter.reading.text.hasSuffix(" °C") && meter.reading.text.utf8.count <= 15)
        #expect(meter.sentence.text.hasPrefix("Temperature in the living room: "))
        #expect(texts.last?.contains(",") == true && texts.last?.hasSuffix(" kWh") == true, "\(texts.last ?? "")")
        #expect(app.view(named: "sentence") === meter.sentence)
    }

    @Test("The same label built with + and fixed() allocates every frame: the counter sees it")
    func naiveAllocates() throws {
        let app = try AppTester(MeterAppDelegate.self)
        let meter = try #require(app.delegate(as: MeterAppDelegate.self))
        meter.updatesNaive = true
        app.advance(by: 2)
        let allocations = AllocationCounter.count { app.advance(by: 1.0 / 60) }
        #expect(allocations > 0)
    }

    @Test("AllocationCounter says which build counted: this suite's, and in a debug build how to count optimised")
    func buildNote() {
        #expect(AllocationCounter.isOptimizedBuild == !_isDebugAssertConfiguration())
        if AllocationCounter.isOptimizedBuild {
            #expect(AllocationCounter.buildNote.contains("optimised build (-O)"))
        } else {
            #expect(AllocationCounter.buildNote.contains("debug build (-Onone)"))
            #expect(AllocationCounter.buildNote.contains("swift test -c release"))
        }
    }
}
