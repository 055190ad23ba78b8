import PanelTesting
import PanelUI
import Testing

// UIKit's other everyday controls: SegmentedControl, Stepper (hold to repeat
// on run-loop timers), ProgressView, ActivityIndicatorView (on the display
// link only while animating and visible) and PageControl, driven frame by
// frame with the TouchDriver and the manual clock. C1–C4 as for the standard
// controls; their focus hooks for rotary encoders.

@Suite("Everyday controls")
struct EverydayControlTests {
    let driver = TouchDriver()

    // MARK: SegmentedControl

    /// Three 100 pt segments at (100, 100): centres x 150, 250, 350, y 124.
    func addSegmented(selected: Int = 1) -> (SegmentedControl, ControlEventLog) {
        let control = SegmentedControl(
            frame: Rect(x: 100, y: 100, width: 300, height: 48), name: "mode",
            items: ["Heat", "Cool", "Auto"])
        control.selectedSegmentIndex = selected
        driver.window.addSubview(control)
        return (control, ControlEventLog(control))
    }

    @Test(
        "Segmented: the segment under the finger is highlighted and follows it; the lift selects it and sends valueChanged once"
    )
    func segmentedSelectsOnLift() {
        let (control, log) = addSegmented()
        driver.down(1, at: Point(x: 150, y: 124))
        #expect(control.highlightedSegmentIndex == 0 && control.selectedSegmentIndex == 1)
        driver.move(1, to: Point(x: 340, y: 124))
        #expect(
            control.highlightedSegmentIndex == 2 && control.selectedSegmentIndex == 1,
            "nothing is selected before the lift")
        driver.up(1)
        #expect(control.selectedSegmentIndex == 2 && control.highlightedSegmentIndex == SegmentedControl.noSegment)
        // The value first, then the touch-up, as a slider and a switch send them (endTracking runs before touchUpInside).
        #expect(
            log.events == ["touchDown", "touchDragInside", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    @Test("Segmented: a lift on the selected segment, outside, or on a disabled segment changes nothing")
    func segmentedNoChange() {
        let (control, log) = addSegmented()
        driver.tap(at: Point(x: 250, y: 124)) // the selected one
        #expect(control.selectedSegmentIndex == 1 && log.count("valueChanged") == 0)

        driver.down(1, at: Point(x: 150, y: 124))
        driver.move(1, to: Point(x: 150, y: 300)) // far outside the 44 pt margin
        #expect(control.highlightedSegmentIndex == SegmentedControl.noSegment)
        driver.up(1)
        #expect(control.selectedSegmentIndex == 1 && log.count("touchUpOutside") == 1 && log.count("valueChanged") == 0)

        control.setEnabled(false, forSegmentAt: 2)
        driver.down(1, at: Point(x: 350, y: 124))
        #expect(control.highlightedSegmentIndex == SegmentedControl.noSegment)
        driver.up(1)
        #expect(control.selectedSegmentIndex == 1 && log.count("valueChanged") == 0)
        #expect(!control.isEnabledForSegment(at: 2) && control.isEnabledForSegment(at: 0))
    }

    @Test(
        "Segmented: isMomentary sends valueChanged at every lift on a segment, the same one too, and draws none selected"
    )
    func segmentedMomentary() {
        let (control, log) = addSegmented(selected: SegmentedControl.noSegment)
        control.isMomentary = true
        driver.tap(at: Point(x: 150, y: 124), after: 1)
        #expect(control.selectedSegmentIndex == 0)
        driver.tap(at: Point(x: 150, y: 124), after: 1)
        #expect(log.count("valueChanged") == 2)
    }

    @Test(
        "Segmented: inserting and removing segments keeps the selection on its segment; setting the index sends nothing"
    )
    func segmentedInsertRemove() {
        let (control, log) = addSegmented()
        control.insertSegment(withTitle: "Off", at: 0)
        #expect(
            control.numberOfSegments == 4 && control.selectedSegmentIndex == 2
                && control.titleForSegment(at: 2) == "Cool")
        control.removeSegment(at: 0)
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 1)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment && control.numberOfSegments == 2)
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        control.selectedSegmentIndex = 1
        #expect(control.titleForSegment(at: 1) == "Auto" && log.events.isEmpty)
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0 && control.selectedSegmentIndex == SegmentedControl.noSegment)
    }

    @Test("Segmented: the focus hooks move the selection over enabled segments and send valueChanged")
    func segmentedFocus() {
        let (control, log) = addSegmented(selected: 0)
        control.setEnabled(false, forSegmentAt: 1)
        #expect(control.canBecomeFocused)
        control.accessibilityIncrement()
        #expect(control.selectedSegmentIndex == 2 && log.count("valueChanged") == 1)
        control.accessibilityIncrement() // at the end: no wrap
        #expect(control.selectedSegmentIndex == 2 && log.count("valueChanged") == 1)
        control.accessibilityDecrement()
        #expect(control.selectedSegmentIndex == 0)
        #expect(control.accessibilityActivate() && control.selectedSegmentIndex == 2)
        #expect(control.accessibilityActivate() && control.selectedSegmentIndex == 0, "a push wraps")
        control.isEnabled = false
        #expect(!control.canBecomeFocused)
    }

    @Test("Segmented: intrinsic size fits the widest title in every segment, a finger high")
    func segmentedSize() {
        let (control, _) = addSegmented()
        let size = control.intrinsicContentSize
        #expect(size.height == Theme.standard.controlHeight)
        #expect(size.width > 3 * 2 * Theme.standard.contentPadding)
        #expect(control.sizeThatFits(Size(width: 1000, height: 1000)) == size)
    }

    // MARK: Stepper

    /// At (100, 300), 120 × 48: − centre (130, 324), + centre (190, 324).
    func addStepper() -> (Stepper, ControlEventLog) {
        let stepper = Stepper(frame: Rect(x: 100, y: 300, width: 120, height: 48), name: "fan")
        driver.window.addSubview(stepper)
        return (stepper, ControlEventLog(stepper))
    }
    let minus = Point(x: 130, y: 324), plus = Point(x: 190, y: 324)

    @Test("Stepper: a tap on + steps once at touch-down; − steps back; the pressed half alone is highlighted")
    func stepperTaps() {
        let (stepper, log) = addStepper()
        driver.down(1, at: plus)
        #expect(stepper.value == 1 && stepper.highlightedHalf == .increment)
        driver.up(1)
        #expect(stepper.highlightedHalf == nil)
        #expect(log.events == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        driver.down(1, at: minus, after: 1)
        #expect(stepper.highlightedHalf == .decrement)
        driver.up(1)
        #expect(stepper.value == 0 && log.count("valueChanged") == 2)
    }

    @Test(
        "Stepper right to left: + is the left half, − the right one, and touches step by what they show (UIKit's controls flip)"
    )
    func stepperRightToLeft() {
        let (stepper, log) = addStepper()
        stepper.semanticContentAttribute = .forceRightToLeft
        #expect(stepper.rect(for: .increment) == Rect(x: 0, y: 0, width: 60, height: 48))
        #expect(stepper.rect(for: .decrement) == Rect(x: 60, y: 0, width: 60, height: 48))
        driver.down(1, at: minus) // the left half: + right to left
        #expect(stepper.value == 1 && stepper.highlightedHalf == .increment)
        driver.up(1)
        driver.down(1, at: plus, after: 1)
        #expect(stepper.highlightedHalf == .decrement)
        driver.up(1)
        #expect(stepper.value == 0 && log.count("valueChanged") == 2)
    }

    @Test(
        "Stepper: holding + repeats after 0.5 s, then every 0.1 s, then every 0.05 s after ten repeats (manual clock)")
    func stepperAutorepeat() {
        let (stepper, log) = addStepper()
        driver.down(1, at: plus)
        #expect(stepper.value == 1)
        driver.advance(by: 0.45)
        #expect(stepper.value == 1, "no repeat before 0.5 s")
        driver.advance(by: 0.1) // 0.55
        #expect(stepper.value == 2)
        driver.advance(by: 0.4) // 0.95: repeats at 0.5, 0.6, 0.7, 0.8, 0.9
        #expect(stepper.value == 6)
        driver.advance(by: 0.47) // 1.42: ten repeats, the last at 1.4
        #expect(stepper.value == 11)
        driver.advance(by: 0.1) // 1.52: faster now, at 1.45 and 1.5
        #expect(stepper.value == 13)
        driver.up(1)
        let value = stepper.value
        driver.advance(by: 1)
        #expect(stepper.value == value, "the lift ends the repeat")
        #expect(log.count("valueChanged") == 13)
        #expect(driver.application.runLoop.nextDeadline == nil, "no timer left behind")
    }

    @Test("Stepper: a finger that leaves pauses the repeat; back inside it starts again after the delay")
    func stepperRepeatPausesOutside() {
        let (stepper, log) = addStepper()
        defer { withExtendedLifetime(log) {} }
        driver.down(1, at: plus)
        driver.move(1, to: Point(x: 190, y: 450)) // outside the margin
        #expect(stepper.highlightedHalf == nil)
        driver.advance(by: 1)
        #expect(stepper.value == 1)
        driver.move(1, to: plus)
        driver.advance(by: 0.45)
        #expect(stepper.value == 1)
        driver.advance(by: 0.1)
        #expect(stepper.value == 2)
        driver.up(1)
    }

    @Test("Stepper: isContinuous false sends valueChanged once at the lift, after the repeats")
    func stepperNotContinuous() {
        let (stepper, log) = addStepper()
        stepper.isContinuous = false
        driver.down(1, at: plus)
        driver.advance(by: 0.75) // repeats at 0.5, 0.6, 0.7
        #expect(stepper.value == 4 && log.count("valueChanged") == 0)
        driver.up(1)
        #expect(log.count("valueChanged") == 1)
    }

    @Test("Stepper: autorepeat false steps once per press")
    func stepperNoAutorepeat() {
        let (stepper, log) = addStepper()
        defer { withExtendedLifetime(log) {} }
        stepper.autorepeat = false
        driver.down(1, at: plus)
        driver.advance(by: 2)
        driver.up(1)
        #expect(stepper.value == 1)
    }

    @Test("Stepper: at the minimum − is disabled and takes no touch; at the maximum +; the repeat stops at the limit")
    func stepperLimits() {
        let (stepper, log) = addStepper()
        stepper.maximumValue = 3
        #expect(!stepper.isDecrementEnabled && stepper.isIncrementEnabled)
        driver.tap(at: minus)
        #expect(stepper.value == 0 && log.events.isEmpty)
        driver.down(1, at: plus, after: 1)
        driver.advance(by: 2)
        #expect(stepper.value == 3 && !stepper.isIncrementEnabled)
        #expect(driver.application.runLoop.nextDeadline == nil, "no repeat is pending at the limit")
        driver.up(1)
        log.clear()
        driver.tap(at: plus, after: 1)
        #expect(stepper.value == 3 && log.events.isEmpty)
    }

    @Test("Stepper: wraps goes from the maximum to the minimum and back; values are clamped; stepValue must be above 0")
    func stepperWraps() {
        let (stepper, log) = addStepper()
        defer { withExtendedLifetime(log) {} }
        stepper.minimumValue = 1
        stepper.maximumValue = 3
        stepper.wraps = true
        #expect(stepper.value == 1 && stepper.isDecrementEnabled)
        driver.tap(at: minus)
        #expect(stepper.value == 3)
        driver.tap(at: plus, after: 1)
        #expect(stepper.value == 1)
        stepper.value = 10
        #expect(stepper.value == 3)
        stepper.stepValue = 0
        #expect(stepper.stepValue == 1)
        stepper.stepValue = 0.5
        stepper.accessibilityDecrement()
        #expect(stepper.value == 2.5)
    }

    @Test("Stepper: the focus hooks step it and send valueChanged; a disabled stepper cannot be focused")
    func stepperFocus() {
        let (stepper, log) = addStepper()
        #expect(stepper.canBecomeFocused)
        stepper.accessibilityIncrement()
        stepper.accessibilityIncrement()
        stepper.accessibilityDecrement()
        #expect(stepper.value == 1 && log.count("valueChanged") == 3)
        stepper.isEnabled = false
        #expect(!stepper.canBecomeFocused)
        stepper.accessibilityIncrement()
        #expect(stepper.value == 1)
        #expect(stepper.intrinsicContentSize == Theme.standard.stepperSize)
    }

    // MARK: PageControl

    /// 200 × 40 at (300, 400): left half x < 400.
    func addPageControl(pages: Int = 3) -> (PageControl, ControlEventLog) {
        let control = PageControl(
            frame: Rect(x: 300, y: 400, width: 200, height: 40), name: "pages", numberOfPages: pages)
        driver.window.addSubview(control)
        return (control, ControlEventLog(control))
    }

    @Test(
        "PageControl: a tap on the right half moves one page on, on the left half one back, each sending valueChanged")
    func pageControlTaps() {
        let (control, log) = addPageControl()
        driver.tap(at: Point(x: 480, y: 420))
        #expect(control.currentPage == 1 && log.count("valueChanged") == 1)
        driver.tap(at: Point(x: 480, y: 420), after: 1)
        #expect(control.currentPage == 2 && log.count("valueChanged") == 2)
        driver.tap(at: Point(x: 480, y: 420), after: 1) // the last page: nothing to do
        #expect(control.currentPage == 2 && log.count("valueChanged") == 2)
        driver.tap(at: Point(x: 320, y: 420), after: 1)
        #expect(control.currentPage == 1 && log.count("valueChanged") == 3)
        control.currentPage = 9
        #expect(control.currentPage == 2 && log.count("valueChanged") == 3, "set, it clamps and sends nothing")
        control.numberOfPages = 2
        #expect(control.currentPage == 1)
    }

    @Test("PageControl: hidesForSinglePage draws nothing and takes no tap; the focus hooks move pages")
    func pageControlSinglePageAndFocus() {
        let (control, log) = addPageControl(pages: 1)
        control.hidesForSinglePage = true
        #expect(!control.showsIndicators && !control.canBecomeFocused)
        driver.tap(at: Point(x: 480, y: 420))
        #expect(log.events.isEmpty)
        control.numberOfPages = 4
        #expect(control.canBecomeFocused)
        control.accessibilityIncrement()
        control.accessibilityIncrement()
        control.accessibilityDecrement()
        #expect(control.currentPage == 1 && log.count("valueChanged") == 3)
        #expect(control.intrinsicContentSize.width == 4 * Theme.standard.pageIndicatorSpacing)
    }

    // MARK: ProgressView

    @Test("ProgressView: progress is clamped to 0…1; setProgress animated slides on the display link and ends exactly")
    func progressView() {
        let bar = ProgressView(frame: Rect(x: 100, y: 200, width: 300, height: 6), name: "download")
        driver.window.addSubview(bar)
        bar.progress = 1.5
        #expect(bar.progress == 1)
        bar.progress = -1
        #expect(bar.progress == 0)
        bar.setProgress(0.4, animated: true)
        #expect(bar.progress == 0.4 && bar.presentedProgress == 0)
        driver.advance(by: 0.1)
        #expect(bar.presentedProgress > 0 && bar.presentedProgress < 0.4)
        for _ in 0..<20 { driver.advance(by: 1.0 / 60) }
        #expect(bar.presentedProgress == 0.4)
        #expect(!driver.application.displayLink.isActive)
        bar.setProgress(0.8, animated: false)
        #expect(bar.presentedProgress == 0.8)
        #expect(bar.intrinsicContentSize.height == Theme.standard.progressBarHeight)
    }

    // MARK: ActivityIndicatorView

    @Test(
        "ActivityIndicator: on the display link only while animating and visible; stopped, hidden or removed schedules no frame"
    )
    func activityIndicatorVisibility() {
        let link = driver.application.displayLink
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        driver.window.addSubview(container)
        let spinner = ActivityIndicatorView(frame: Rect(x: 20, y: 20, width: 32, height: 32))
        container.addSubview(spinner)
        #expect(!spinner.isAnimating && spinner.isHidden, "stopped and hidesWhenStopped")
        #expect(link.targetCount == 0)

        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden && link.targetCount == 1)
        let phase = spinner.animationPhase
        driver.advance(by: 0.27) // frames every 1/60 s: the last one past 0.25 s
        #expect(spinner.animationPhase == (phase + 3) % 12, "12 steps a second")

        container.isHidden = true // a hidden ancestor
        #expect(link.targetCount == 0 && driver.application.runLoop.nextDeadline == nil)
        let still = spinner.animationPhase
        driver.advance(by: 0.5)
        #expect(spinner.animationPhase == still)
        container.isHidden = false
        #expect(link.targetCount == 1)

        spinner.isHidden = true
        #expect(link.targetCount == 0)
        spinner.isHidden = false
        #expect(link.targetCount == 1)

        container.removeFromSuperview()
        #expect(link.targetCount == 0 && driver.application.runLoop.nextDeadline == nil)
        driver.window.addSubview(container)
        #expect(link.targetCount == 1)

        driver.application.removeWindow(driver.window)
        #expect(link.targetCount == 0)
        driver.application.addWindow(driver.window)
        #expect(link.targetCount == 1)

        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden && link.targetCount == 0)
        #expect(driver.application.runLoop.nextDeadline == nil, "a stopped spinner takes no CPU")
    }

    @Test("ActivityIndicator: hidesWhenStopped false keeps it shown while stopped, still off the display link")
    func activityIndicatorShownWhenStopped() {
        let spinner = ActivityIndicatorView(frame: Rect(x: 20, y: 20, width: 32, height: 32))
        spinner.hidesWhenStopped = false
        spinner.isHidden = false
        driver.window.addSubview(spinner)
        #expect(!spinner.isHidden && driver.application.displayLink.targetCount == 0)
        spinner.startAnimating()
        spinner.stopAnimating()
        #expect(!spinner.isHidden && driver.application.displayLink.targetCount == 0)
        #expect(spinner.intrinsicContentSize.width == Theme.standard.activityIndicatorDiameter)
    }

    // MARK: Allocation

    @Test("A stepper step, a repeat and a segment change allocate nothing once warmed up")
    func stepsAndSegmentsDoNotAllocate() {
        // No event logs here: their growing arrays would be the allocations counted.
        let stepper = Stepper(frame: Rect(x: 100, y: 300, width: 120, height: 48), name: "fan")
        let segmented = SegmentedControl(
            frame: Rect(x: 100, y: 100, width: 300, height: 48), name: "mode",
            items: ["Heat", "Cool", "Auto"])
        driver.window.addSubview(stepper)
        driver.window.addSubview(segmented)
        let target = ControlTarget()
        stepper.addTarget(target, action: ControlTarget.fire, for: .valueChanged)
        segmented.addTarget(target, action: ControlTarget.fire, for: .valueChanged)
        stepper.maximumValue = 1000

        func stepOnce() -> UInt64 {
            var total: UInt64 = 0
            total += AllocationCounter.count { driver.down(1, at: plus, after: 1) }
            total += AllocationCounter.count { driver.advance(by: 0.55) } // one repeat
            total += AllocationCounter.count { driver.up(1) }
            return total
        }
        func segmentOnce(_ x: Double) -> UInt64 {
            var total: UInt64 = 0
            total += AllocationCounter.count { driver.down(1, at: Point(x: x, y: 124), after: 1) }
            total += AllocationCounter.count { driver.move(1, to: Point(x: x + 10, y: 124)) }
            total += AllocationCounter.count { driver.up(1) }
            return total
        }
        _ = stepOnce()
        _ = stepOnce()
        _ = segmentOnce(150)
        _ = segmentOnce(350)
        let calls = target.calls
        #expect(stepOnce() == 0)
        #expect(segmentOnce(150) == 0)
        #expect(segmentOnce(350) == 0)
        #expect(target.calls == calls + 4)
        #expect(stepper.value == 6)
    }

    @Test("An animating activity indicator allocates nothing per frame")
    func spinnerDoesNotAllocate() {
        let spinner = ActivityIndicatorView(frame: Rect(x: 20, y: 20, width: 32, height: 32))
        driver.window.addSubview(spinner)
        spinner.startAnimating()
        for _ in 0..<5 { driver.advance(by: 1.0 / 60) }
        var perFrame: [UInt64] = []
        perFrame.reserveCapacity(30)
        for _ in 0..<30 { perFrame.append(AllocationCounter.count { driver.advance(by: 1.0 / 60) }) }
        #expect(perFrame == Array(repeating: 0, count: 30))
    }
}
