import PanelTesting
import PanelUI
import Testing

// An armv7 board's Int is 32 bits: a Double converted to Int past 2^31 traps
// there, though not on the host. These quantities are reduced or clamped
// before the conversion, so the host and a board agree, and neither traps.

@Suite("Controls convert to Int only what fits 32 bits")
struct ThirtyTwoBitControlTests {
    let driver = TouchDriver()

    @Test("SegmentedControl: a point far outside a narrow control, or NaN, is the nearest end, not a trap")
    func segmentIndexFarOutside() {
        let control = SegmentedControl(
            frame: Rect(x: 100, y: 100, width: 300, height: 48), name: "mode",
            items: ["One", "Two", "Three"])
        #expect(control.segmentIndex(atX: 150) == 1)
        #expect(control.segmentIndex(atX: 1e300) == 2)
        #expect(control.segmentIndex(atX: -1e300) == 0)
        #expect(control.segmentIndex(atX: .nan) == 0)
        #expect(control.segmentIndex(atX: .infinity) == 2)
        control.frame = Rect(x: 100, y: 100, width: 1e-9, height: 48)
        #expect(control.segmentIndex(atX: 1_000) == 2, "10^12 segment widths away")
        #expect(control.segmentIndex(atX: -1_000) == 0)
    }

    @Test("ActivityIndicator: a step count past 2^31 gives the phase it gives modulo the spokes")
    func activityIndicatorManySteps() {
        let spinner = ActivityIndicatorView(frame: Rect(x: 20, y: 20, width: 32, height: 32))
        var theme = Theme.standard
        theme.activityIndicatorStepsPerSecond = 1e9 // 3 × 10^9 steps in 3 s
        spinner.theme = theme
        driver.window.addSubview(spinner)
        spinner.startAnimating()
        let start = spinner.animationPhase
        let startTime = driver.application.runLoop.now
        driver.advance(by: 3)
        // What the phase is with 64-bit arithmetic, as the host always had it.
        let steps = Int64(((driver.application.displayLink.timestamp - startTime) * 1e9).rounded(.down))
        #expect(steps > Int64(Int32.max))
        #expect(spinner.animationPhase == Int((Int64(start) + steps) % 12))
    }

    @Test("The text estimate (no text driver) of a text in a vanishingly narrow width counts at most 10^9 lines")
    func estimateInANarrowWidth() {
        let size = TextMetricsEstimate.measure("A long label", font: .system(size: 16), width: 1e-300)
        #expect(size.width == 1e-300)
        #expect(size.height.isFinite && size.height > 0)
        #expect(size.height <= 1e9 * 16 * TextMetricsEstimate.lineHeight)
    }
}
