import PanelImage
import PanelTesting
import PanelUI
import Testing

// The everyday controls' states drawn headless against Tests/Golden
// (PANELKIT_UPDATE_GOLDEN=1 rewrites them). States are set through the public
// API; a pressed segment or half is pressed by a finger (TouchDriver).

/// Draws `views` like `drawn(_:_:rotation:text:)`, in a window of an
/// application, with a finger held down at `finger`.
/// The finger stays down while the driver lives: the caller keeps it to check
/// the pressed state (freeing the application cancels its touches).
func drawnPressed(_ size: Size, _ views: [View], finger: Point) -> (display: HeadlessDisplay, driver: TouchDriver) {
    let driver = TouchDriver(screen: size)
    driver.window.backgroundColor = Theme.standard.background
    for view in views { driver.window.addSubview(view) }
    driver.down(1, at: finger)
    let display = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
    Renderer(textRenderer: sharedText).draw(driver.window, into: display.framebuffer)
    return (display, driver)
}

extension ControlGoldenTests {
    @Test("SegmentedControl: normal, a segment highlighted, a disabled segment, momentary")
    func segmentedStates() {
        func segmented(_ y: Double, _ name: String) -> SegmentedControl {
            let control = SegmentedControl(
                frame: Rect(x: 12, y: y, width: 276, height: 40), name: name,
                items: ["Heat", "Cool", "Auto"])
            control.selectedSegmentIndex = 0
            return control
        }
        let normal = segmented(12, "normal")
        let highlighted = segmented(60, "highlighted")
        let disabledSegment = segmented(108, "disabledSegment")
        disabledSegment.setEnabled(false, forSegmentAt: 1)
        let momentary = segmented(156, "momentary")
        momentary.isMomentary = true
        let disabled = segmented(204, "disabled")
        disabled.isEnabled = false
        // A finger on "Auto" of the second control.
        let (display, driver) = drawnPressed(
            Size(width: 300, height: 256), [normal, highlighted, disabledSegment, momentary, disabled],
            finger: Point(x: 242, y: 80))
        #expect(highlighted.highlightedSegmentIndex == 2)
        withExtendedLifetime(driver) {} // the finger is down until here
        let result = GoldenImage.check(display.framebuffer, named: "segmented-states")
        #expect(result.passed, "\(result)")
    }

    @Test("Stepper: normal, − highlighted, at the minimum (− disabled), disabled")
    func stepperStates() {
        func stepper(_ x: Double, _ y: Double, _ name: String, value: Double = 5) -> Stepper {
            let stepper = Stepper(frame: Rect(x: x, y: y, width: 120, height: 44), name: name)
            stepper.value = value
            return stepper
        }
        let normal = stepper(12, 12, "normal")
        let pressed = stepper(144, 12, "pressed")
        let atMinimum = stepper(12, 68, "atMinimum", value: 0)
        let disabled = stepper(144, 68, "disabled")
        disabled.isEnabled = false
        // A finger on the second stepper's −.
        let (display, driver) = drawnPressed(
            Size(width: 276, height: 124), [normal, pressed, atMinimum, disabled],
            finger: Point(x: 174, y: 34))
        #expect(pressed.highlightedHalf == .decrement && pressed.value == 4)
        withExtendedLifetime(driver) {} // the finger is down until here
        let result = GoldenImage.check(display.framebuffer, named: "stepper-states")
        #expect(result.passed, "\(result)")
    }

    @Test("ProgressView at 0, 0.4 and 1")
    func progressStates() {
        var bars: [View] = []
        for (i, progress) in [0.0, 0.4, 1.0].enumerated() {
            bars.append(
                ProgressView(
                    frame: Rect(x: 12, y: 12 + Double(i) * 20, width: 216, height: 6), name: "p\(i)",
                    progress: progress))
        }
        let display = drawn(Size(width: 240, height: 70), bars)
        let result = GoldenImage.check(display.framebuffer, named: "progress-states")
        #expect(result.passed, "\(result)")
    }

    @Test("Gauge at its minimum, 40 % of its range, its maximum, and in its own colours")
    func gaugeStates() {
        let values = [10.0, 18.0, 30.0]
        var gauges: [View] = []
        for (i, value) in values.enumerated() {
            gauges.append(
                Gauge(
                    frame: Rect(x: 12 + Double(i) * 108, y: 12, width: 96, height: 96), name: "g\(i)", value: value,
                    minimumValue: 10, maximumValue: 30))
        }
        let tinted = Gauge(frame: Rect(x: 336, y: 12, width: 96, height: 96), name: "tinted", value: 0.75)
        tinted.gaugeTintColor = Color(rgb: 0xFF8A00)
        tinted.trackTintColor = Color(rgb: 0x303848)
        gauges.append(tinted)
        let display = drawn(Size(width: 444, height: 120), gauges)
        let result = GoldenImage.check(display.framebuffer, named: "gauge-states")
        #expect(result.passed, "\(result)")
    }

    @Test("ActivityIndicatorView at two phases of its turn")
    func activityIndicatorPhases() {
        let first = ActivityIndicatorView(frame: Rect(x: 12, y: 12, width: 32, height: 32), name: "phase0")
        let second = ActivityIndicatorView(frame: Rect(x: 60, y: 12, width: 32, height: 32), name: "phase4")
        for spinner in [first, second] {
            spinner.hidesWhenStopped = false
            spinner.isHidden = false
        }
        second.animationPhase = 4
        let display = drawn(Size(width: 104, height: 56), [first, second])
        let result = GoldenImage.check(display.framebuffer, named: "activity-indicator-phases")
        #expect(result.passed, "\(result)")
    }

    @Test("PageControl: the first page, a middle page, and a single page hidden")
    func pageControlStates() {
        let first = PageControl(frame: Rect(x: 12, y: 8, width: 160, height: 32), name: "first", numberOfPages: 5)
        let middle = PageControl(frame: Rect(x: 12, y: 44, width: 160, height: 32), name: "middle", numberOfPages: 5)
        middle.currentPage = 2
        let single = PageControl(frame: Rect(x: 12, y: 80, width: 160, height: 32), name: "single", numberOfPages: 1)
        single.hidesForSinglePage = true
        let display = drawn(Size(width: 184, height: 120), [first, middle, single])
        let result = GoldenImage.check(display.framebuffer, named: "page-control-states")
        #expect(result.passed, "\(result)")
    }
}
