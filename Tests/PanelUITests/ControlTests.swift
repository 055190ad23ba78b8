import PanelTesting
import PanelUI
import Testing

// C1–C5 and G20 of docs/touch-rules.md: the events a control
// sends, its states, target-action, tracking with a touch margin, and the
// standard Button, Slider and Switch (with the Theme they draw with), driven
// frame by frame with the TouchDriver and the manual clock. Also R12 and
// drawing for Label and ImageView.

/// Every C1 event a control sends, by name, in order.
final class ControlEventLog {
    var events: [String] = []

    static let named: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered")
    ]

    /// Records every event `control` sends (a closure action per event).
    init(_ control: Control) {
        for (event, name) in Self.named {
            control.addAction(for: event) { [unowned self] _ in self.events.append(name) }
        }
    }

    func count(_ name: String) -> Int { events.filter { $0 == name }.count }
    func clear() { events.removeAll() }
}

/// A target for target-action tests: counts its calls.
final class ControlTarget: LifetimeTracked {
    lazy var lifetime = Lifetime(of: self)
    var calls = 0
    var senders: [ObjectIdentifier] = []
    func fire(_ sender: Control) { calls += 1 }
    func record(_ sender: Control) { senders.append(ObjectIdentifier(sender)) }
}

/// A framebuffer of its own for drawing one view at its origin, and reading pixels back.
final class ControlCanvas {
    let memory: UnsafeMutableRawPointer
    let framebuffer: Framebuffer

    init(width: Int, height: Int) {
        memory = .allocate(byteCount: width * height * 4, alignment: 16)
        framebuffer = Framebuffer(
            width: width, height: height, stride: width * 4, format: .xrgb8888, baseAddress: memory)
    }

    deinit { memory.deallocate() }

    /// Clears to black and draws `view` alone, its bounds origin at the top left.
    func draw(_ view: View, text: (any TextRendering)? = nil) {
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: framebuffer.stride * framebuffer.height)
        view.draw(view.bounds, in: GraphicsContext(framebuffer: framebuffer, textRenderer: text))
    }

    subscript(x: Int, y: Int) -> Color { framebuffer.color(atX: x, y: y) }
}

extension Color {
    /// `other` blended over `self` at `alpha`, rounded as the rasterizer does (within 1 per channel).
    func mixedForTest(with other: Color, alpha: Double) -> Color {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * alpha).rounded()) }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }
}

/// A text driver that draws nothing and records what it was asked; every character is 10 pt wide.
final class TextDrawSpy: TextRendering {
    struct Call: Equatable {
        var text: String
        var font: Font
        var color: Color
        var rect: Rect
        var alignment: TextAlignment
        var lineBreak: LineBreakMode
    }

    var calls: [Call] = []

    func measure(_ text: String, font: Font, width: Double?) -> Size {
        Size(width: Double(text.count) * 10, height: font.size)
    }

    func draw(
        _ text: String, font: Font, color: Color, in rect: Rect, alignment: TextAlignment,
        lineBreak: LineBreakMode, clip: Rect, alpha: Double, into framebuffer: Framebuffer
    ) {
        calls.append(Call(text: text, font: font, color: color, rect: rect, alignment: alignment, lineBreak: lineBreak))
    }
}

@Suite("Controls (C1–C5, G20)")
struct ControlTests {
    let driver = TouchDriver()
    let recorder = MessageRecorder()
    /// Fills the window; the controls are its subviews.
    let parent: RecordingView
    let theme = Theme.standard

    /// 200 × 60 at (100, 100): centre (200, 130). With the 44 pt margin, "inside"
    /// for tracking is x 56…344, y 56…204.
    let button: Button
    let buttonCenter = Point(x: 200, y: 130)

    init() {
        parent = RecordingView("parent", frame: Rect(x: 0, y: 0, width: 800, height: 480), recorder: recorder)
        driver.window.addSubview(parent)
        button = Button(frame: Rect(x: 100, y: 100, width: 200, height: 60), name: "button", title: "Start")
        parent.addSubview(button)
    }

    /// A slider of width 300 at (100, 300), 48 high: its thumb's centre travels
    /// from window x 114 to 386 (272 pt) at y 324.
    func addSlider(value: Double = 0.25) -> Slider {
        let slider = Slider(frame: Rect(x: 100, y: 300, width: 300, height: 48), name: "slider", value: value)
        parent.addSubview(slider)
        return slider
    }

    /// The value whose thumb centre is at window x `x`, from the track geometry:
    /// the track spans the slider's width and the thumb's centre stays half a diameter inside it.
    func expectedValue(_ slider: Slider, thumbCenterAtWindowX x: Double) -> Double {
        let d = theme.thumbDiameter
        let fraction = (x - slider.frame.minX - d / 2) / (slider.bounds.width - d)
        let clamped = min(max(fraction, 0), 1)
        return slider.minimumValue + clamped * (slider.maximumValue - slider.minimumValue)
    }

    /// The thumb's centre in window coordinates.
    func thumbCenter(_ slider: Slider) -> Point {
        let thumb = slider.currentThumbRect
        return Point(x: slider.frame.minX + thumb.midX, y: slider.frame.minY + thumb.midY)
    }

    /// A switch at (500, 300), 56 × 48: its 56 × 32 pill spans y 308…340, the
    /// off thumb's centre is at (516, 324) and it travels 24 pt to the on end.
    func addSwitch(isOn: Bool = false) -> Switch {
        let toggle = Switch(frame: Rect(x: 500, y: 300, width: 56, height: 48), name: "switch", isOn: isOn)
        parent.addSubview(toggle)
        return toggle
    }

    static let tolerance = 1e-9

    // MARK: C1 Events

    @Test("C1: a tap sends touchDown, then touchUpInside and primaryActionTriggered")
    func tapEvents() {
        let log = ControlEventLog(button)
        driver.down(1, at: buttonCenter)
        #expect(log.events == ["touchDown"])
        driver.up(1)
        #expect(log.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("C1: a second quick tap sends touchDownRepeat with its touchDown; a slow one does not")
    func touchDownRepeat() {
        let log = ControlEventLog(button)
        driver.tap(at: buttonCenter)
        driver.tap(at: Point(x: 205, y: 130), after: 0.1)
        #expect(
            log.events == [
                "touchDown", "touchUpInside", "primaryActionTriggered",
                "touchDown", "touchDownRepeat", "touchUpInside", "primaryActionTriggered"
            ])
        log.clear()
        driver.tap(at: buttonCenter, after: 1) // too late to repeat (R13)
        #expect(log.count("touchDownRepeat") == 0)
        #expect(log.count("touchDown") == 1)
    }

    @Test(
        "C1: drags send touchDragInside, touchDragExit, touchDragOutside, touchDragEnter; drifting out and back gives exit then enter"
    )
    func dragEvents() {
        let log = ControlEventLog(button)
        driver.down(1, at: buttonCenter)
        driver.move(1, to: Point(x: 210, y: 130)) // inside the bounds
        driver.move(1, to: Point(x: 210, y: 190)) // outside the bounds, inside the 44 pt margin
        driver.move(1, to: Point(x: 210, y: 210)) // beyond the margin
        driver.move(1, to: Point(x: 210, y: 250))
        driver.move(1, to: Point(x: 210, y: 180)) // back within the margin
        driver.move(1, to: Point(x: 200, y: 130))
        driver.up(1)
        #expect(
            log.events == [
                "touchDown", "touchDragInside", "touchDragInside", "touchDragExit", "touchDragOutside",
                "touchDragEnter", "touchDragInside", "touchUpInside", "primaryActionTriggered"
            ])
    }

    @Test("C1, C4: a lift just outside the bounds but inside the margin is touchUpInside")
    func upInsideMargin() {
        let log = ControlEventLog(button)
        driver.down(1, at: buttonCenter)
        driver.move(1, to: Point(x: 340, y: 200)) // 40 pt right of and below the bounds
        driver.up(1)
        #expect(log.events == ["touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("C1, C4: a lift beyond the margin is touchUpOutside, and the button's primary action does not fire")
    func upOutsideMargin() {
        let log = ControlEventLog(button)
        driver.down(1, at: buttonCenter)
        driver.move(1, to: Point(x: 200, y: 205)) // 45 pt below the bounds
        driver.up(1)
        #expect(log.events == ["touchDown", "touchDragExit", "touchUpOutside"])
    }

    @Test("C1: a device that vanishes mid-press cancels it: touchCancel, no touch-up")
    func cancelOnDeviceVanished() {
        let log = ControlEventLog(button)
        driver.down(1, at: buttonCenter)
        driver.deviceVanished()
        #expect(log.events == ["touchDown", "touchCancel"])
        #expect(!button.isTracking && !button.isHighlighted && !button.isTouchInside)
        #expect(button.state == .normal)
    }

    @Test("C1: allTouchEvents covers the touch events but not valueChanged; allEvents covers everything")
    func eventMasks() {
        let slider = addSlider()
        var touchEvents = 0
        var allEvents = 0
        slider.addAction(for: .allTouchEvents) { _ in touchEvents += 1 }
        slider.addAction(for: .allEvents) { _ in allEvents += 1 }
        slider.sendActions(for: .valueChanged)
        #expect(touchEvents == 0 && allEvents == 1)
        slider.sendActions(for: .touchCancel)
        #expect(touchEvents == 1 && allEvents == 2)
        #expect(
            ControlEvents.allTouchEvents.contains([
                .touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside,
                .touchDragEnter, .touchDragExit, .touchUpInside, .touchUpOutside,
                .touchCancel
            ]))
        #expect(!ControlEvents.allTouchEvents.contains(.valueChanged))
        #expect(!ControlEvents.allTouchEvents.contains(.primaryActionTriggered))
    }

    // MARK: C2 States

    @Test("C2: highlighted while the finger is inside (margin included), not outside, and not after the lift")
    func highlightedWhileInside() {
        #expect(button.state == .normal)
        driver.down(1, at: buttonCenter)
        #expect(button.isHighlighted && button.state == .highlighted)
        driver.move(1, to: Point(x: 200, y: 190))
        #expect(button.isHighlighted)
        driver.move(1, to: Point(x: 200, y: 260))
        #expect(!button.isHighlighted && button.state == .normal)
        driver.move(1, to: Point(x: 200, y: 140))
        #expect(button.isHighlighted)
        driver.up(1)
        #expect(!button.isHighlighted && button.state == .normal)
    }

    @Test("C2: a disabled control gets no touches (its superview does), sends nothing and looks disabled")
    func disabledControlTakesNoTouches() {
        let log = ControlEventLog(button)
        button.isEnabled = false
        #expect(button.state == .disabled)
        driver.tap(at: buttonCenter)
        #expect(log.events.isEmpty)
        #expect(recorder.messages == ["parent touchesBegan 1", "parent touchesEnded 1"])
        #expect(!button.isHighlighted)
        // The look: the theme's disabled fill and text.
        let canvas = ControlCanvas(width: 200, height: 60)
        canvas.draw(button)
        #expect(canvas[20, 30] == theme.disabledFill)
        #expect(button.currentTitleColor == theme.disabledText)
        // Enabled again, it takes touches.
        button.isEnabled = true
        driver.tap(at: buttonCenter, after: 1)
        #expect(log.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("C2: a disabled slider and switch get no touches and have .disabled in their state")
    func disabledSliderAndSwitch() {
        let slider = addSlider()
        let toggle = addSwitch()
        let sliderLog = ControlEventLog(slider)
        let switchLog = ControlEventLog(toggle)
        slider.isEnabled = false
        toggle.isEnabled = false
        #expect(slider.state.contains(.disabled) && toggle.state.contains(.disabled))
        let thumb = thumbCenter(slider)
        driver.down(1, at: thumb)
        driver.move(1, to: Point(x: thumb.x + 50, y: thumb.y))
        driver.up(1)
        driver.tap(at: Point(x: 528, y: 324), after: 1)
        #expect(sliderLog.events.isEmpty && switchLog.events.isEmpty)
        #expect(slider.value == 0.25 && !toggle.isOn)
        #expect(recorder.messages.filter { $0.hasPrefix("parent touchesBegan") }.count == 2)
    }

    @Test("C2: disabling a control while it tracks cancels the touch")
    func disablingWhileTracking() {
        let log = ControlEventLog(button)
        driver.down(1, at: buttonCenter)
        button.isEnabled = false
        #expect(log.events == ["touchDown", "touchCancel"])
        #expect(!button.isTracking && button.state == .disabled)
        driver.up(1)
        #expect(log.events == ["touchDown", "touchCancel"])
    }

    @Test("C2: selected is part of the state, pressed or not")
    func selectedState() {
        button.isSelected = true
        #expect(button.state == .selected)
        driver.down(1, at: buttonCenter)
        #expect(button.state == [.selected, .highlighted])
        driver.up(1)
        #expect(button.state == .selected)
    }

    // MARK: C3 Target-action

    @Test("C3: several targets each get their action once per event, in the order they were added")
    func severalTargets() {
        let a = ControlTarget()
        let b = ControlTarget()
        var order: [String] = []
        button.addTarget(a, action: ControlTarget.fire, for: .touchUpInside)
        button.addAction(for: .touchUpInside) { _ in order.append("closure") }
        button.addTarget(b, action: ControlTarget.fire, for: [.touchUpInside, .touchDown])
        button.addTarget(b, action: ControlTarget.record, for: .touchUpInside)
        driver.tap(at: buttonCenter)
        #expect(a.calls == 1)
        #expect(b.calls == 2) // touchDown and touchUpInside
        #expect(b.senders == [ObjectIdentifier(button)])
        #expect(order == ["closure"])
    }

    @Test("C3: the closure form receives the control")
    func closureForm() {
        weak var sender: Control? // a strong one would hold the button from its own action: a cycle
        button.addAction(for: .primaryActionTriggered) { sender = $0 }
        driver.tap(at: buttonCenter)
        #expect(sender === button)
    }

    @Test("C3: removeTarget removes a target's actions for the given events; nil removes every action")
    func removeTarget() {
        let a = ControlTarget()
        let b = ControlTarget()
        button.addTarget(a, action: ControlTarget.fire, for: [.touchDown, .touchUpInside])
        button.addTarget(b, action: ControlTarget.fire, for: .touchUpInside)
        button.removeTarget(a, for: .touchUpInside)
        driver.tap(at: buttonCenter)
        #expect(a.calls == 1 && b.calls == 1) // a: touchDown only
        button.removeTarget(a)
        driver.tap(at: buttonCenter, after: 1)
        #expect(a.calls == 1 && b.calls == 2)
        button.removeTarget(nil)
        driver.tap(at: buttonCenter, after: 1)
        #expect(a.calls == 1 && b.calls == 2)
        #expect(button.actions.isEmpty && button.allTargets.isEmpty)
    }

    @Test("C3: allTargets, allControlEvents and actions list what is registered")
    func listingTargetsAndActions() {
        let a = ControlTarget()
        let b = ControlTarget()
        button.addTarget(a, action: ControlTarget.fire, for: .touchUpInside)
        button.addTarget(b, action: ControlTarget.fire, for: .touchDown)
        button.addTarget(a, action: ControlTarget.record, for: .touchCancel)
        button.addAction(for: .primaryActionTriggered) { _ in }
        #expect(button.allTargets.map { ObjectIdentifier($0) } == [ObjectIdentifier(a), ObjectIdentifier(b)])
        #expect(button.allControlEvents == [.touchUpInside, .touchDown, .touchCancel, .primaryActionTriggered])
        let actions = button.actions
        #expect(actions.count == 4)
        #expect(actions.map { $0.events } == [.touchUpInside, .touchDown, .touchCancel, .primaryActionTriggered])
        #expect(
            actions[0].target === a && actions[1].target === b && actions[2].target === a && actions[3].target == nil)
    }

    @Test("C3: sendActions allocates nothing once warmed up")
    func sendActionsAllocatesNothing() {
        let a = ControlTarget()
        let b = ControlTarget()
        button.addTarget(a, action: ControlTarget.fire, for: .touchUpInside)
        button.addTarget(b, action: ControlTarget.fire, for: [.touchUpInside, .primaryActionTriggered])
        var closureCalls = 0
        button.addAction(for: .touchUpInside) { _ in closureCalls += 1 }
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            button.sendActions(for: .touchUpInside)
            button.sendActions(for: .primaryActionTriggered)
        }
        #expect(allocations == 0)
        #expect(a.calls == 3 && b.calls == 6 && closureCalls == 3)
    }

    // MARK: C4 Tracking

    /// Records the tracking calls and what isTracking and isTouchInside said during each.
    final class TrackingProbe: Control {
        var calls: [String] = []
        var acceptsTouch = true
        var keepsTracking = true

        override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
            calls.append("begin tracking=\(isTracking) inside=\(isTouchInside)")
            return acceptsTouch
        }

        override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
            calls.append("continue tracking=\(isTracking) inside=\(isTouchInside)")
            return keepsTracking
        }

        override func endTracking(_ touch: Touch?, with event: Event?) {
            calls.append("end tracking=\(isTracking) inside=\(isTouchInside)")
        }

        override func cancelTracking(with event: Event?) {
            calls.append("cancel tracking=\(isTracking)")
        }
    }

    func addProbe() -> TrackingProbe {
        let probe = TrackingProbe(frame: Rect(x: 100, y: 100, width: 100, height: 100), name: "probe")
        parent.addSubview(probe)
        return probe
    }

    @Test(
        "C4: beginTracking, continueTracking and endTracking are called in order; isTracking and isTouchInside follow the finger"
    )
    func trackingOrder() {
        let probe = addProbe()
        #expect(!probe.isTracking && !probe.isTouchInside)
        driver.down(1, at: Point(x: 150, y: 150))
        #expect(probe.isTracking && probe.isTouchInside)
        driver.move(1, to: Point(x: 160, y: 150))
        driver.move(1, to: Point(x: 300, y: 150)) // 100 pt right of the bounds: outside
        #expect(probe.isTracking && !probe.isTouchInside)
        driver.move(1, to: Point(x: 170, y: 150))
        driver.up(1)
        #expect(!probe.isTracking)
        #expect(
            probe.calls == [
                "begin tracking=false inside=true",
                "continue tracking=true inside=true",
                "continue tracking=true inside=false",
                "continue tracking=true inside=true",
                "end tracking=true inside=true"
            ])
    }

    @Test("C4: cancelTracking when the touch is taken away; nothing more after it")
    func cancelTracking() {
        let probe = addProbe()
        driver.down(1, at: Point(x: 150, y: 150))
        driver.deviceVanished()
        #expect(probe.calls == ["begin tracking=false inside=true", "cancel tracking=true"])
        #expect(!probe.isTracking && !probe.isTouchInside)
    }

    @Test("C4: beginTracking returning false means no tracking: no continue, end, drag or touch-up")
    func beginTrackingRefused() {
        let probe = addProbe()
        probe.acceptsTouch = false
        let log = ControlEventLog(probe)
        driver.down(1, at: Point(x: 150, y: 150))
        #expect(!probe.isTracking && !probe.isHighlighted)
        driver.move(1, to: Point(x: 170, y: 150))
        driver.up(1)
        #expect(probe.calls == ["begin tracking=false inside=true"])
        #expect(log.count("touchDragInside") == 0 && log.count("touchUpInside") == 0)
    }

    @Test("C4: continueTracking returning false ends tracking: endTracking runs, nothing more is tracked")
    func continueTrackingRefused() {
        let probe = addProbe()
        probe.keepsTracking = false
        driver.down(1, at: Point(x: 150, y: 150))
        driver.move(1, to: Point(x: 160, y: 150))
        #expect(!probe.isTracking && !probe.isHighlighted)
        driver.move(1, to: Point(x: 170, y: 150))
        driver.up(1)
        #expect(
            probe.calls == [
                "begin tracking=false inside=true", "continue tracking=true inside=true",
                "end tracking=true inside=true"
            ])
    }

    @Test("C4: touchMargin sets how far outside the bounds still counts as inside (44 pt by default)")
    func touchMargin() {
        #expect(button.touchMargin == 44)
        let log = ControlEventLog(button)
        let justOutside = Point(x: 200, y: 180) // 20 pt below the bounds
        button.touchMargin = 0
        driver.down(1, at: buttonCenter)
        driver.move(1, to: justOutside)
        #expect(!button.isTouchInside)
        driver.up(1)
        #expect(log.events == ["touchDown", "touchDragExit", "touchUpOutside"])
        log.clear()
        button.touchMargin = 100
        driver.down(1, at: buttonCenter, after: 1)
        driver.move(1, to: Point(x: 200, y: 255)) // 95 pt below
        #expect(button.isTouchInside)
        driver.up(1)
        #expect(log.events == ["touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
        #expect(button.isInsideForTracking(Point(x: -99, y: 159)))
        #expect(!button.isInsideForTracking(Point(x: -101, y: 30)))
    }

    // MARK: C5 Button

    @Test("C5: Button title, title colour, image and fill per state fall back to .normal")
    func buttonContentPerState() {
        #expect(button.title(for: .normal) == "Start")
        #expect(button.title(for: .highlighted) == "Start")
        button.setTitle("Stop", for: .selected)
        #expect(button.title(for: .selected) == "Stop")
        #expect(button.title(for: [.selected, .highlighted]) == "Start") // UIKit: exact state, else .normal
        #expect(button.currentTitle == "Start")
        button.isSelected = true
        #expect(button.currentTitle == "Stop")
        button.setTitle(nil, for: .selected)
        #expect(button.currentTitle == "Start")

        let red = Color(rgb: 0xFF0000)
        let green = Color(rgb: 0x00FF00)
        #expect(button.titleColor(for: .normal) == nil)
        button.setTitleColor(red, for: .normal)
        button.setTitleColor(green, for: .highlighted)
        #expect(button.titleColor(for: .highlighted) == green)
        #expect(button.titleColor(for: .disabled) == red)

        let icon = Image(width: 1, height: 1, pixels: [red])
        #expect(button.image(for: .normal) == nil)
        button.setImage(icon, for: .normal)
        #expect(button.image(for: .highlighted) === icon)
        #expect(button.currentImage === icon)

        button.setFillColor(green, for: .normal)
        #expect(button.fillColor(for: .disabled) == green)
    }

    @Test(
        "C5: Button draws the theme's surface, a lighter fill while pressed, the accent when selected, the disabled fill when disabled"
    )
    func buttonLookPerState() {
        let canvas = ControlCanvas(width: 200, height: 60)
        canvas.draw(button)
        #expect(canvas[20, 30] == theme.surface)
        #expect(canvas[0, 0] != theme.surface) // rounded corner

        driver.down(1, at: buttonCenter)
        canvas.draw(button)
        let pressed = canvas[20, 30]
        #expect(
            pressed.red > theme.surface.red && pressed.green > theme.surface.green && pressed.blue > theme.surface.blue)
        driver.up(1)

        button.isSelected = true
        canvas.draw(button)
        #expect(canvas[20, 30] == theme.accent)
        #expect(button.currentTitleColor == theme.onAccent)

        button.isSelected = false
        button.isEnabled = false
        canvas.draw(button)
        #expect(canvas[20, 30] == theme.disabledFill)

        button.isEnabled = true
        let custom = Color(rgb: 0x802020)
        button.setFillColor(custom, for: .normal)
        canvas.draw(button)
        #expect(canvas[20, 30] == custom)
    }

    @Test("C5: Button draws its title with the context, centred, in the colour for its state")
    func buttonTitleDrawing() {
        let spy = TextDrawSpy()
        withExtendedLifetime(spy) {
            let canvas = ControlCanvas(width: 200, height: 60)
            canvas.draw(button, text: spy)
            let content = Rect(x: theme.contentPadding, y: 0, width: 200 - 2 * theme.contentPadding, height: 60)
            #expect(
                spy.calls == [
                    TextDrawSpy.Call(
                        text: "Start", font: theme.buttonFont, color: theme.text, rect: content,
                        alignment: .center, lineBreak: .truncateTail)
                ])
            spy.calls.removeAll()
            button.isEnabled = false
            canvas.draw(button, text: spy)
            #expect(spy.calls.map(\.color) == [theme.disabledText])
        }
    }

    @Test("C5: Button lays out an image and its title side by side, centred together")
    func buttonImageAndTitle() {
        let spy = TextDrawSpy()
        let red = Color(rgb: 0xFF0000)
        button.setImage(Image(width: 20, height: 20, pixels: Array(repeating: red, count: 400)), for: .normal)
        withExtendedLifetime(spy) {
            let canvas = ControlCanvas(width: 200, height: 60)
            canvas.draw(button, text: spy)
            // "Start" measures 50; image 20 + spacing 8 + 50 = 78, centred on x 100: from 61.
            let titleX = 61 + 20 + theme.imageTitleSpacing
            #expect(spy.calls.map(\.rect) == [Rect(x: titleX, y: 0, width: 50, height: 60)])
            #expect(spy.calls.map(\.alignment) == [.left])
            #expect(canvas[71, 30] == red) // the image's centre
            #expect(canvas[58, 30] == theme.surface)
        }
        // Without a title the image is centred alone.
        button.setTitle(nil, for: .normal)
        let canvas = ControlCanvas(width: 200, height: 60)
        canvas.draw(button)
        #expect(canvas[100, 30] == red && canvas[88, 30] == theme.surface)
    }

    // MARK: C5 Slider

    @Test("C5: Slider defaults: value 0 in 0…1, continuous")
    func sliderDefaults() {
        let slider = Slider()
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
        #expect(slider.isContinuous)
    }

    @Test("C5: Slider value, minimumValue and maximumValue clamp; setting them sends no action")
    func sliderClamps() {
        let slider = addSlider(value: 0.5)
        let log = ControlEventLog(slider)
        slider.value = 2
        #expect(slider.value == 1)
        slider.value = -1
        #expect(slider.value == 0)
        slider.maximumValue = 100
        slider.minimumValue = 10
        #expect(slider.value == 10)
        slider.setValue(150, animated: false)
        #expect(slider.value == 100)
        slider.maximumValue = 50
        #expect(slider.value == 50)
        slider.minimumValue = 60 // above the maximum: the maximum follows
        #expect(slider.maximumValue == 60 && slider.value == 60)
        #expect(log.events.isEmpty)
    }

    @Test("C5: Slider value follows the finger exactly: the thumb's centre keeps its offset from the finger")
    func sliderFollowsFinger() {
        let slider = addSlider(value: 0.25)
        #expect(abs(thumbCenter(slider).x - 182) < Self.tolerance) // 114 + 0.25 × 272
        let offset = 6.0
        driver.down(1, at: Point(x: 182 + offset, y: 324))
        #expect(slider.isTracking)
        #expect(slider.value == 0.25) // landing does not move the thumb
        for x in [200.0, 260, 330, 391, 450, 300, 100, 60, 150, 119] {
            driver.move(1, to: Point(x: x, y: 330))
            let expected = expectedValue(slider, thumbCenterAtWindowX: x - offset)
            #expect(abs(slider.value - expected) < Self.tolerance, "finger at \(x)")
            if expected > 0 && expected < 1 {
                #expect(abs(thumbCenter(slider).x - (x - offset)) < Self.tolerance, "finger at \(x)")
            }
        }
        driver.up(1)
        #expect(abs(slider.value - expectedValue(slider, thumbCenterAtWindowX: 113)) < Self.tolerance)
        #expect(slider.value == 0) // 113 is left of the first thumb position, 114
    }

    @Test("C5: Slider value follows the finger in its own range (20…80)")
    func sliderFollowsFingerInRange() {
        let slider = addSlider()
        slider.minimumValue = 20
        slider.maximumValue = 80
        slider.value = 50 // thumb centre at 114 + 136 = 250
        driver.down(1, at: Point(x: 245, y: 324)) // 5 pt left of the centre
        driver.move(1, to: Point(x: 313, y: 324)) // centre at 318: 68 pt right = a quarter of 272
        #expect(abs(slider.value - 65) < Self.tolerance)
        driver.up(1)
    }

    @Test("C5: Slider tracking starts only on the thumb or within the finger margin around it")
    func sliderTracksFromThumbOnly() {
        let slider = addSlider(value: 0.25) // thumb centre at x 182, radius 14, margin 12: grabbed within 26 pt
        let log = ControlEventLog(slider)
        driver.down(1, at: Point(x: 182 + 31, y: 324)) // on the track, beyond the margin
        #expect(!slider.isTracking)
        driver.move(1, to: Point(x: 300, y: 324))
        driver.up(1)
        #expect(slider.value == 0.25)
        #expect(log.count("valueChanged") == 0 && log.count("touchUpInside") == 0)

        driver.down(1, at: Point(x: 182 - 25, y: 324), after: 1) // within the margin, left of the thumb
        #expect(slider.isTracking)
        driver.move(1, to: Point(x: 182 - 25 + 34, y: 324))
        #expect(abs(slider.value - 0.375) < Self.tolerance) // 34 / 272 = 0.125 further
        driver.up(1)
        #expect(log.count("valueChanged") == 1)
    }

    @Test("C5: a continuous slider sends valueChanged and primaryActionTriggered on each move that changes the value")
    func continuousSlider() {
        let slider = addSlider(value: 0.25)
        let log = ControlEventLog(slider)
        driver.down(1, at: Point(x: 182, y: 324))
        driver.move(1, to: Point(x: 200, y: 324))
        driver.move(1, to: Point(x: 220, y: 324))
        driver.move(1, to: Point(x: 220, y: 330)) // vertical only: same value, no valueChanged
        driver.up(1)
        #expect(
            log.events == [
                "touchDown",
                "touchDragInside", "valueChanged", "primaryActionTriggered",
                "touchDragInside", "valueChanged", "primaryActionTriggered",
                "touchDragInside",
                "touchUpInside"
            ])
    }

    @Test(
        "C5: a non-continuous slider sends exactly one valueChanged at the end, and none if the value ends where it began"
    )
    func nonContinuousSlider() {
        let slider = addSlider(value: 0.25)
        slider.isContinuous = false
        let log = ControlEventLog(slider)
        driver.down(1, at: Point(x: 182, y: 324))
        for x in stride(from: 190.0, through: 300, by: 10) { driver.move(1, to: Point(x: x, y: 324)) }
        #expect(log.count("valueChanged") == 0)
        // the thumb still follows
        #expect(abs(slider.value - expectedValue(slider, thumbCenterAtWindowX: 300)) < Self.tolerance)
        driver.up(1)
        #expect(log.count("valueChanged") == 1 && log.count("primaryActionTriggered") == 1)
        #expect(log.events.suffix(3) == ["valueChanged", "primaryActionTriggered", "touchUpInside"])

        log.clear()
        let start = thumbCenter(slider)
        driver.down(1, at: start, after: 1)
        driver.move(1, to: Point(x: start.x + 40, y: start.y))
        driver.move(1, to: start)
        driver.up(1)
        #expect(log.count("valueChanged") == 0)

        log.clear()
        driver.down(1, at: start, after: 1)
        driver.move(1, to: Point(x: start.x - 40, y: start.y))
        driver.deviceVanished() // the thumb stays where it was dragged; the change is reported once
        #expect(log.count("valueChanged") == 1 && log.count("touchCancel") == 1)
    }

    @Test("C5: setValue(animated:) sets the value at once and slides the thumb on the display link, sending nothing")
    func sliderAnimatedValue() {
        let slider = addSlider(value: 0)
        let log = ControlEventLog(slider)
        slider.setValue(1, animated: true)
        #expect(slider.value == 1)
        #expect(!driver.application.runLoop.isIdle)
        driver.advance(by: theme.animationDuration + 0.05)
        #expect(driver.application.runLoop.isIdle)
        #expect(log.events.isEmpty)
    }

    @Test("C5: Slider draws its filled track in the accent, the rest in the track colour, and a round thumb")
    func sliderLook() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 300, height: 48), value: 0.5) // thumb centre at 150
        let canvas = ControlCanvas(width: 300, height: 48)
        canvas.draw(slider)
        #expect(canvas[60, 24] == theme.accent)
        #expect(canvas[240, 24] == theme.track)
        #expect(canvas[150, 24] == theme.thumb)
        #expect(canvas[150, 14] == theme.thumb) // 10 pt above the centre: in the 28 pt thumb
        #expect(canvas[60, 14] == Color.black) // above the 6 pt track: nothing
        slider.isEnabled = false // dimmed: drawn at the theme's disabled alpha over black
        canvas.draw(slider)
        #expect(canvas[150, 14] == Color.black.mixedForTest(with: theme.thumb, alpha: theme.disabledAlpha))
    }

    // MARK: C5 Switch

    @Test("C5: a tap toggles a switch: isOn flips at the lift, valueChanged and primaryActionTriggered once each")
    func switchTapToggles() {
        let toggle = addSwitch()
        let log = ControlEventLog(toggle)
        driver.down(1, at: Point(x: 528, y: 324))
        #expect(!toggle.isOn)
        driver.up(1)
        #expect(toggle.isOn)
        #expect(log.events == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        #expect(toggle.thumbPosition < 1) // sliding over
        driver.advance(by: 0.25)
        #expect(toggle.thumbPosition == 1)
        driver.tap(at: Point(x: 528, y: 324), after: 1)
        #expect(!toggle.isOn)
        #expect(log.count("valueChanged") == 2)
    }

    @Test("C5: a tap on a switch that lifts beyond the margin does not toggle it")
    func switchTapOutside() {
        let toggle = addSwitch()
        let log = ControlEventLog(toggle)
        driver.down(1, at: Point(x: 528, y: 324))
        driver.move(1, to: Point(x: 528, y: 420)) // 72 pt below: beyond the 44 pt margin
        driver.up(1)
        #expect(!toggle.isOn)
        #expect(log.count("valueChanged") == 0 && log.count("touchUpOutside") == 1)
    }

    @Test("C5: dragging the switch's thumb moves it with the finger; the release decides by the thumb's side")
    func switchDrag() {
        let toggle = addSwitch()
        let log = ControlEventLog(toggle)
        driver.down(1, at: Point(x: 516, y: 324))
        driver.move(1, to: Point(x: 519, y: 324)) // 3 pt: still a tap
        #expect(toggle.thumbPosition == 0)
        driver.move(1, to: Point(x: 526, y: 324))
        #expect(abs(toggle.thumbPosition - 10.0 / 24) < Self.tolerance)
        #expect(abs(toggle.thumbRect.midX + 500 - 526) < Self.tolerance) // the thumb's centre under the finger
        driver.move(1, to: Point(x: 532, y: 324))
        #expect(abs(toggle.thumbPosition - 16.0 / 24) < Self.tolerance)
        driver.move(1, to: Point(x: 600, y: 324)) // past the end: clamped
        #expect(toggle.thumbPosition == 1)
        driver.move(1, to: Point(x: 532, y: 324))
        #expect(!toggle.isOn && log.count("valueChanged") == 0)
        driver.up(1)
        #expect(toggle.isOn && log.count("valueChanged") == 1)
        driver.advance(by: 0.25)
        #expect(toggle.thumbPosition == 1)

        // Dragged less than halfway back: it stays on and sends nothing.
        log.clear()
        driver.down(1, at: Point(x: 540, y: 324), after: 1)
        driver.move(1, to: Point(x: 530, y: 324))
        #expect(abs(toggle.thumbPosition - 14.0 / 24) < Self.tolerance)
        driver.up(1)
        #expect(toggle.isOn && log.count("valueChanged") == 0)
        driver.advance(by: 0.25)
        #expect(toggle.thumbPosition == 1)
    }

    @Test("C5: setOn(_:animated:) slides the thumb over 0.2 s on the run loop's timers and sends no action")
    func switchAnimatedSetOn() {
        let toggle = addSwitch()
        let log = ControlEventLog(toggle)
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn) // the value changes at once; only the thumb slides
        #expect(toggle.thumbPosition == 0)
        var positions: [Double] = []
        for _ in 0..<3 {
            driver.advance(by: 0.05)
            positions.append(toggle.thumbPosition)
        }
        // Stepped at 60 Hz from 0 to 1 over 0.2 s, eased in and out: about halfway at 0.1 s.
        #expect(positions[0] > 0 && positions[0] < 0.3)
        #expect(positions[1] > 0.3 && positions[1] < 0.6)
        #expect(positions[2] > positions[1] && positions[2] < 1)
        #expect(!driver.application.runLoop.isIdle)
        driver.advance(by: 0.051)
        #expect(toggle.thumbPosition == 1)
        #expect(driver.application.runLoop.isIdle) // the timers stop at the end
        toggle.setOn(false, animated: true)
        driver.advance(by: 0.1)
        #expect(toggle.thumbPosition > 0.3 && toggle.thumbPosition < 0.7)
        driver.advance(by: 0.15)
        #expect(toggle.thumbPosition == 0 && !toggle.isOn)
        #expect(log.events.isEmpty) // UIKit: programmatic changes send no valueChanged
    }

    @Test("C5: setOn without animation, or with no run loop to animate on, jumps")
    func switchJumps() {
        let toggle = addSwitch()
        toggle.isOn = true
        #expect(toggle.thumbPosition == 1)
        toggle.setOn(false, animated: false)
        #expect(toggle.thumbPosition == 0)
        let loose = Switch() // in no window: no application, no run loop
        loose.setOn(true, animated: true)
        #expect(loose.isOn && loose.thumbPosition == 1)
    }

    @Test("C5: Switch draws an accent pill when on, the off colour when off, and a round thumb")
    func switchLook() {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 56, height: 48))
        let canvas = ControlCanvas(width: 56, height: 48)
        canvas.draw(toggle)
        #expect(canvas[44, 24] == theme.switchOff) // the pill, right of the off thumb
        #expect(canvas[16, 24] == theme.thumb) // the thumb's centre
        #expect(canvas[28, 4] == Color.black) // above the 32 pt pill
        toggle.isOn = true
        canvas.draw(toggle)
        #expect(canvas[12, 24] == theme.accent)
        #expect(canvas[40, 24] == theme.thumb)
    }

    // MARK: G20

    @Test("G20: a parent's single tap does not begin over a button, and the button's action fires")
    func parentTapYieldsToButton() {
        let transcript = RecognizerTranscript(clock: driver.clock)
        driver.application.gestureObserver = transcript
        let tap = TapGestureRecognizer(name: "tap")
        var taps = 0
        tap.addAction { _ in taps += 1 }
        parent.addGestureRecognizer(tap)
        let log = ControlEventLog(button)
        driver.tap(at: buttonCenter)
        #expect(transcript.states("tap") == [.failed])
        #expect(taps == 0)
        #expect(log.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        driver.tap(at: Point(x: 600, y: 400), after: 1) // elsewhere the parent's tap works
        #expect(taps == 1)
    }

    @Test("G20: a parent's pan does not begin when dragging a slider's thumb; the slider follows the finger")
    func parentPanYieldsToSlider() {
        let transcript = RecognizerTranscript(clock: driver.clock)
        driver.application.gestureObserver = transcript
        let pan = PanGestureRecognizer(name: "pan")
        var pans = 0
        pan.addAction { _ in pans += 1 }
        parent.addGestureRecognizer(pan)
        let slider = addSlider(value: 0.25)
        let log = ControlEventLog(slider)
        driver.down(1, at: Point(x: 182, y: 324))
        for x in stride(from: 190.0, through: 290, by: 10) { driver.move(1, to: Point(x: x, y: 324)) }
        driver.up(1)
        #expect(transcript.states("pan") == [.failed])
        #expect(pans == 0)
        #expect(abs(slider.value - expectedValue(slider, thumbCenterAtWindowX: 290)) < Self.tolerance)
        #expect(log.count("touchCancel") == 0 && log.count("touchUpInside") == 1)
    }

    @Test("G20: a parent's pan does begin from a slider's track off the thumb, where the slider does not track")
    func parentPanFromSliderTrack() {
        let pan = PanGestureRecognizer(name: "pan")
        var pans = 0
        pan.addAction { _ in pans += 1 }
        parent.addGestureRecognizer(pan)
        let slider = addSlider(value: 0.25)
        driver.down(1, at: Point(x: 350, y: 324))
        for x in stride(from: 340.0, through: 250, by: -10) { driver.move(1, to: Point(x: x, y: 324)) }
        driver.up(1)
        #expect(pans > 0)
        #expect(slider.value == 0.25)
    }

    @Test("G20: which parent recognizers each control treats as duplicating its primary action")
    func duplicatesPrimaryAction() {
        let singleTap = TapGestureRecognizer()
        let doubleTap = TapGestureRecognizer()
        let twoFingerTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        twoFingerTap.numberOfTouchesRequired = 2
        let pan = PanGestureRecognizer()
        let twoFingerPan = PanGestureRecognizer()
        twoFingerPan.minimumNumberOfTouches = 2
        let swipe = SwipeGestureRecognizer()
        let verticalSwipe = SwipeGestureRecognizer()
        verticalSwipe.direction = [.up, .down]
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        let longPress = LongPressGestureRecognizer()

        #expect(button.duplicatesPrimaryAction(singleTap))
        #expect(!button.duplicatesPrimaryAction(doubleTap) && !button.duplicatesPrimaryAction(twoFingerTap))
        #expect(!button.duplicatesPrimaryAction(pan) && !button.duplicatesPrimaryAction(longPress))

        let slider = addSlider(value: 0.25)
        #expect(!slider.duplicatesPrimaryAction(pan)) // not tracking: nothing to protect
        driver.down(1, at: Point(x: 182, y: 324))
        #expect(slider.duplicatesPrimaryAction(pan) && slider.duplicatesPrimaryAction(swipe))
        #expect(!slider.duplicatesPrimaryAction(twoFingerPan) && !slider.duplicatesPrimaryAction(verticalSwipe))
        #expect(!slider.duplicatesPrimaryAction(edge) && !slider.duplicatesPrimaryAction(singleTap))
        driver.up(1)

        let toggle = addSwitch()
        #expect(toggle.duplicatesPrimaryAction(singleTap) && !toggle.duplicatesPrimaryAction(doubleTap))
        driver.down(1, at: Point(x: 516, y: 324), after: 1) // on the thumb
        #expect(toggle.duplicatesPrimaryAction(pan) && !toggle.duplicatesPrimaryAction(edge))
        driver.deviceVanished() // cancelled: the switch stays off
        driver.down(1, at: Point(x: 555, y: 324), after: 1) // the far end of the pill, off the thumb
        #expect(!toggle.duplicatesPrimaryAction(pan))
        driver.up(1)
    }

    @Test("G20: a parent's pan does not take a drag that starts on a switch's thumb")
    func parentPanYieldsToSwitch() {
        let pan = PanGestureRecognizer(name: "pan")
        var pans = 0
        pan.addAction { _ in pans += 1 }
        parent.addGestureRecognizer(pan)
        let toggle = addSwitch()
        driver.down(1, at: Point(x: 516, y: 324))
        for x in stride(from: 520.0, through: 560, by: 5) { driver.move(1, to: Point(x: x, y: 324)) }
        driver.up(1)
        #expect(pans == 0 && toggle.isOn)
    }

    // MARK: Allocation

    @Test("Dragging a slider for 30 frames and toggling a switch allocate nothing per frame once warmed up")
    func controlsDoNotAllocate() {
        let slider = addSlider(value: 0)
        let toggle = addSwitch()
        let target = ControlTarget()
        slider.addTarget(target, action: ControlTarget.fire, for: .valueChanged)
        toggle.addTarget(target, action: ControlTarget.fire, for: .valueChanged)
        button.addTarget(target, action: ControlTarget.fire, for: .primaryActionTriggered)

        // Slider: warm up on the way right, then measure 30 frames back and forth.
        driver.down(1, at: Point(x: 114, y: 324))
        for step in 1...20 { driver.move(1, to: Point(x: 114 + 5 * Double(step), y: 324)) }
        var perFrame: [UInt64] = []
        perFrame.reserveCapacity(40)
        for step in 1...30 {
            let x = 214 + 40 * sineCosine(Double(step) / 3).sine
            perFrame.append(AllocationCounter.count { driver.move(1, to: Point(x: x, y: 330)) })
        }
        perFrame.append(AllocationCounter.count { driver.up(1) })
        #expect(perFrame == Array(repeating: 0, count: 31))
        #expect(target.calls >= 45)

        // Switch: a tap that toggles it and the animation frames after it; a button tap too.
        func toggleOnce() -> UInt64 {
            var total: UInt64 = 0
            total += AllocationCounter.count { driver.down(1, at: Point(x: 528, y: 324), after: 1) }
            total += AllocationCounter.count { driver.up(1) }
            for _ in 0..<15 { total += AllocationCounter.count { driver.advance(by: 1.0 / 60) } }
            total += AllocationCounter.count { driver.tap(at: buttonCenter, after: 1) }
            return total
        }
        _ = toggleOnce() // warm up
        _ = toggleOnce()
        let calls = target.calls
        #expect(toggleOnce() == 0)
        #expect(target.calls == calls + 2)
        #expect(toggle.isOn) // three toggles from off
    }

    // MARK: Theme

    @Test("Theme: the standard theme is dark with light text and one accent; controls take it when created")
    func standardTheme() {
        let standard = Theme.standard
        func luminance(_ c: Color) -> Double {
            0.2126 * Double(c.red) + 0.7152 * Double(c.green) + 0.0722 * Double(c.blue)
        }
        #expect(luminance(standard.background) < 30 && luminance(standard.surface) < 45)
        #expect(luminance(standard.text) > 200)
        #expect(luminance(standard.text) - luminance(standard.surface) > 150)
        #expect(standard.switchSize == Size(width: 56, height: 32))
        #expect(standard.thumbDiameter + 2 * standard.thumbTouchMargin >= 44)
        #expect(button.theme == standard && Slider().theme == standard && Switch().theme == standard)
    }
}

// MARK: - Label and ImageView

@Suite("Label and ImageView")
struct DisplayViewTests {
    @Test("A slider reads its theme's track height, thumb and colours from the theme it has now, set after it was made")
    func sliderFollowsItsTheme() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        var theme = Theme.standard
        theme.sliderTrackHeight = 10
        theme.thumbDiameter = 30
        slider.theme = theme
        #expect(slider.trackRect(forBounds: slider.bounds).height == 10)
        #expect(slider.currentThumbRect.width == 30)
        #expect(slider.value(forThumbCenterX: 200 - 15) == 1)
    }

    @Test("R12: Label and ImageView take no touches by default; touches go to what is behind them")
    func displayViewsTakeNoTouches() {
        let driver = TouchDriver()
        let recorder = MessageRecorder()
        let parent = RecordingView("parent", frame: Rect(x: 0, y: 0, width: 800, height: 480), recorder: recorder)
        driver.window.addSubview(parent)
        let label = Label(frame: Rect(x: 10, y: 10, width: 100, height: 30), text: "Hello")
        let image = ImageView(frame: Rect(x: 10, y: 50, width: 100, height: 30))
        #expect(!label.isUserInteractionEnabled && !image.isUserInteractionEnabled)
        parent.addSubview(label)
        parent.addSubview(image)
        driver.tap(at: Point(x: 20, y: 20))
        driver.tap(at: Point(x: 20, y: 60), after: 1)
        #expect(
            recorder.messages == [
                "parent touchesBegan 1", "parent touchesEnded 1",
                "parent touchesBegan 2", "parent touchesEnded 2"
            ])
    }

    @Test(
        "Label draws its text in its bounds with its font, colour and alignment; numberOfLines picks one line or wrapping"
    )
    func labelDraws() {
        let spy = TextDrawSpy()
        let canvas = ControlCanvas(width: 200, height: 40)
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 40), text: "21.5 °C")
        #expect(label.font == Theme.standard.bodyFont && label.textColor == Theme.standard.text)
        #expect(label.textAlignment == .natural && label.lineBreakMode == .truncateTail && label.numberOfLines == 1)
        withExtendedLifetime(spy) {
            canvas.draw(label, text: spy)
            #expect(
                spy.calls == [
                    TextDrawSpy.Call(
                        text: "21.5 °C", font: Theme.standard.bodyFont, color: Theme.standard.text,
                        rect: label.bounds, alignment: .natural, lineBreak: .truncateTail)
                ])
            label.font = .boldSystem(size: 30)
            label.textColor = Theme.standard.accent
            label.textAlignment = .center
            label.numberOfLines = 0
            spy.calls.removeAll()
            canvas.draw(label, text: spy)
            #expect(
                spy.calls == [
                    TextDrawSpy.Call(
                        text: "21.5 °C", font: .boldSystem(size: 30), color: Theme.standard.accent,
                        rect: label.bounds, alignment: .center, lineBreak: .wordWrap)
                ])
            label.numberOfLines = 1
            label.lineBreakMode = .wordWrap
            #expect(label.effectiveLineBreakMode == .wordWrap)
            label.text = ""
            spy.calls.removeAll()
            canvas.draw(label, text: spy)
            #expect(spy.calls.isEmpty)
        }
    }

    @Test("ImageView places its image per contentMode: scaleToFill, scaleAspectFit, scaleAspectFill, center")
    func imageViewContentModes() {
        let red = Color(rgb: 0xFF0000)
        let blue = Color(rgb: 0x0000FF)
        let image = Image(width: 2, height: 1, pixels: [red, blue])
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 40, height: 40), image: image)
        #expect(view.contentMode == .scaleToFill)
        #expect(view.imageRect == Rect(x: 0, y: 0, width: 40, height: 40))
        view.contentMode = .scaleAspectFit
        #expect(view.imageRect == Rect(x: 0, y: 10, width: 40, height: 20))
        view.contentMode = .scaleAspectFill
        #expect(view.imageRect == Rect(x: -20, y: 0, width: 80, height: 40))
        view.contentMode = .center
        #expect(view.imageRect == Rect(x: 19, y: 19.5, width: 2, height: 1))
        view.image = nil
        #expect(view.imageRect == nil)
    }

    @Test("ImageView draws its image scaled into its bounds")
    func imageViewDraws() {
        let red = Color(rgb: 0xFF0000)
        let blue = Color(rgb: 0x0000FF)
        let view = ImageView(
            frame: Rect(x: 0, y: 0, width: 40, height: 40),
            image: Image(width: 2, height: 1, pixels: [red, blue]))
        let canvas = ControlCanvas(width: 40, height: 40)
        canvas.draw(view)
        #expect(canvas[5, 5] == red && canvas[35, 35] == blue)
        view.contentMode = .scaleAspectFit
        canvas.draw(view)
        #expect(canvas[5, 5] == Color.black && canvas[5, 20] == red && canvas[35, 20] == blue)
    }
}
