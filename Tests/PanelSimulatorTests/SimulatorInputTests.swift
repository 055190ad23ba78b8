import PanelLog
import PanelSimulator
import PanelTesting
import PanelTrace
import PanelUI
import Testing

/// Decodes `events` with the board's decoder and transform; returns the contacts of each frame, in points.
func decodedFrames(_ events: [InputEvent], screen: SimulatorScreen) -> [[Point]] {
    let decoder = try! TouchDecoder(device: screen.touchDevice)
    let transform = screen.touchTransform
    var frames: [[Point]] = []
    for event in events where decoder.decode(event) {
        var frame = decoder.frame
        transform.apply(to: &frame)
        frames.append((0..<frame.count).map { Point(x: frame[$0].x, y: frame[$0].y) })
    }
    return frames
}

/// The panel's events for one frame.
func frameEvents(_ panel: VirtualTouchPanel) -> [InputEvent] {
    (0..<panel.eventCount).map { panel.events[$0] }
}

func abs(_ code: UInt16, _ value: Int32, _ time: Double = 1) -> InputEvent {
    InputEvent(time: time, type: EventType.absolute, code: code, value: value)
}

func key(_ value: Int32, _ time: Double = 1) -> InputEvent {
    InputEvent(time: time, type: EventType.key, code: KeyCode.touch, value: value)
}

func syn(_ time: Double = 1) -> InputEvent {
    InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)
}

/// A TouchSimulator's events as the recorder sees them.
final class EventLog: TextSink {
    var bytes: [UInt8] = []
    func write(_ chunk: UnsafeRawBufferPointer) { bytes.append(contentsOf: chunk) }
}

@Suite("Simulator input: mouse to kernel touch events")
struct SimulatorInputTests {
    @Test("The virtual panel is a direct protocol B touch screen ranged to the panel in pixels")
    func deviceDescription() throws {
        let device = VirtualTouchPanel.description(width: 800, height: 480)
        #expect(device.name == "PanelKit Simulator Touch")
        #expect(device.touchProtocol == .multitouchSlots)
        #expect(device.hasProperty(InputProperty.direct))
        #expect(device.hasKey(KeyCode.touch))
        #expect(device.axis(AbsoluteAxis.multitouchPositionX) == AbsoluteAxisInfo(minimum: 0, maximum: 799))
        #expect(device.axis(AbsoluteAxis.multitouchPositionY) == AbsoluteAxisInfo(minimum: 0, maximum: 479))
        #expect(device.axis(AbsoluteAxis.multitouchSlot)?.maximum == 9)
        _ = try TouchDecoder(device: device)
    }

    @Test("One finger: down, a move that sends only what changed, up")
    func oneFinger() {
        var panel = VirtualTouchPanel()
        panel.beginFrame(time: 1)
        panel.setContact(slot: 0, x: 100, y: 200)
        panel.endFrame()
        #expect(
            frameEvents(panel) == [
                abs(AbsoluteAxis.multitouchTrackingID, 0), abs(AbsoluteAxis.multitouchPositionX, 100),
                abs(AbsoluteAxis.multitouchPositionY, 200), key(1), abs(AbsoluteAxis.x, 100), abs(AbsoluteAxis.y, 200),
                syn()
            ])
        panel.beginFrame(time: 2)
        panel.setContact(slot: 0, x: 110, y: 200)
        panel.endFrame()
        #expect(
            frameEvents(panel) == [abs(AbsoluteAxis.multitouchPositionX, 110, 2), abs(AbsoluteAxis.x, 110, 2), syn(2)])
        // Nothing changed: no frame at all.
        panel.beginFrame(time: 3)
        panel.setContact(slot: 0, x: 110, y: 200)
        #expect(panel.endFrame() == 0)
        panel.beginFrame(time: 4)
        panel.liftContact(slot: 0)
        panel.endFrame()
        #expect(frameEvents(panel) == [abs(AbsoluteAxis.multitouchTrackingID, -1, 4), key(0, 4), syn(4)])
        // The next finger gets a new tracking id.
        panel.beginFrame(time: 5)
        panel.setContact(slot: 0, x: 1, y: 2)
        panel.endFrame()
        #expect(panel.events[0] == abs(AbsoluteAxis.multitouchTrackingID, 1, 5))
    }

    @Test("Alt-drag: two fingers mirrored about the screen's centre, in slots 0 and 1, through the decoder")
    func mirroredPinch() {
        let screen = SimulatorScreen(physicalWidth: 800, physicalHeight: 480)
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let simulator = TouchSimulator(screen: screen, application: application)
        let log = EventLog()
        simulator.recorder = EvemuWriter(device: simulator.device, sink: log)
        var events: [InputEvent] = []
        func collect() { events += frameEvents(simulator.panel) }
        simulator.mouseDown(windowX: 300, windowY: 180, mode: MouseTouchMode(alt: true, shift: false), time: 1)
        collect()
        #expect(simulator.fingers.count == 2)
        #expect(simulator.fingers.second == Point(x: 800 - 300.5, y: 480 - 180.5))
        #expect(
            frameEvents(simulator.panel) == [
                abs(AbsoluteAxis.multitouchTrackingID, 0), abs(AbsoluteAxis.multitouchPositionX, 300),
                abs(AbsoluteAxis.multitouchPositionY, 180),
                abs(AbsoluteAxis.multitouchSlot, 1), abs(AbsoluteAxis.multitouchTrackingID, 1),
                abs(AbsoluteAxis.multitouchPositionX, 499), abs(AbsoluteAxis.multitouchPositionY, 299),
                key(1), abs(AbsoluteAxis.x, 300), abs(AbsoluteAxis.y, 180), syn()
            ])
        simulator.mouseMoved(windowX: 200, windowY: 100, time: 2)
        collect()
        simulator.mouseUp(time: 3)
        collect()
        let frames = decodedFrames(events, screen: screen)
        #expect(frames.count == 3)
        #expect(frames[0] == [Point(x: 300, y: 180), Point(x: 499, y: 299)])
        #expect(frames[1] == [Point(x: 200, y: 100), Point(x: 599, y: 379)])
        #expect(frames[2].isEmpty)
        #expect(simulator.frames == 3)
        #expect(application.touchDispatcher.touchesSeen == 2)
    }

    @Test("Alt+Shift-drag: two fingers a fixed distance apart moving in parallel")
    func parallelPan() {
        var fingers = MouseFingers(screenSize: Size(width: 800, height: 480))
        fingers.press(at: Point(x: 100, y: 200), mode: MouseTouchMode(alt: true, shift: true))
        #expect(fingers.mode == .pan)
        #expect(fingers.second == Point(x: 180, y: 200))
        fingers.move(to: Point(x: 130, y: 150))
        #expect(fingers.second == Point(x: 210, y: 150))
        // Near the right edge the second finger goes to the left of the first.
        fingers.release()
        fingers.press(at: Point(x: 760, y: 10), mode: .pan)
        #expect(fingers.second == Point(x: 680, y: 10))
        // A plain drag is one finger.
        fingers.press(at: Point(x: 5, y: 5), mode: MouseTouchMode(alt: false, shift: true))
        #expect(fingers.mode == .oneFinger && fingers.count == 1)
    }

    @Test(
        "Window pixels map back through zoom and display rotation to the point under the mouse",
        arguments: [DisplayRotation.none, .clockwise90, .upsideDown, .clockwise270], [1, 2])
    func mappingThroughZoomAndRotation(rotation: DisplayRotation, zoom: Int) {
        let screen = SimulatorScreen(physicalWidth: 800, physicalHeight: 480, rotation: rotation, zoom: zoom)
        #expect(screen.windowWidth == (rotation.swapsAxes ? 480 : 800) * zoom)
        let transform = screen.touchTransform
        for (wx, wy) in [
            (0, 0), (17, 33), (screen.windowWidth - 1, screen.windowHeight - 1), (screen.windowWidth / 2, 5)
        ] {
            let expected = screen.logicalPoint(windowX: wx, windowY: wy)
            let sensor = screen.sensorPosition(for: expected)
            #expect((0..<800).contains(Int(sensor.x)) && (0..<480).contains(Int(sensor.y)))
            let mapped = transform.point(forDeviceX: Double(sensor.x), y: Double(sensor.y))
            // The sensor counts whole pixels: back within one point of the mouse.
            #expect(
                Swift.abs(mapped.x - expected.x) <= 1 && Swift.abs(mapped.y - expected.y) <= 1,
                "window (\(wx), \(wy)) → \(expected) → sensor \(sensor) → \(mapped)")
        }
        // At 0° and zoom 1 the mapping is exact: the pixel the mouse is on.
        if rotation == .none && zoom == 1 {
            let sensor = screen.sensorPosition(for: screen.logicalPoint(windowX: 116, windowY: 360))
            #expect(transform.point(forDeviceX: Double(sensor.x), y: Double(sensor.y)) == Point(x: 116, y: 360))
        }
    }

    @Test(
        "At scale 2 the simulated panel's pixels are half as many points: the window shows pixels, the mouse lands in points",
        arguments: [DisplayRotation.none, .clockwise90], [1, 2])
    func mappingAtScale2(rotation: DisplayRotation, zoom: Int) {
        // rpi5-touch-display-2's panel: 720×1280 pixels.
        let screen = SimulatorScreen(physicalWidth: 720, physicalHeight: 1280, rotation: rotation, zoom: zoom, scale: 2)
        let pixels = rotation.swapsAxes ? (1280, 720) : (720, 1280)
        #expect(screen.logicalWidth == pixels.0 && screen.logicalHeight == pixels.1) // the UI's image, in pixels
        // the UI, in points
        #expect(screen.logicalSize == Size(width: Double(pixels.0) / 2, height: Double(pixels.1) / 2))
        #expect(screen.windowWidth == pixels.0 * zoom)
        // Window pixel (200 × zoom, 100 × zoom) shows panel pixel (200, 100): point (100, 50).
        let point = screen.logicalPoint(windowX: 200 * zoom, windowY: 100 * zoom)
        #expect(Swift.abs(point.x - 100) < 0.5 && Swift.abs(point.y - 50) < 0.5)
        #expect(screen.windowPoint(for: Point(x: 100, y: 50)) == Point(x: Double(200 * zoom), y: Double(100 * zoom)))
        // Through the virtual sensor (one unit a panel pixel) and the board's transform, back to the point.
        let sensor = screen.sensorPosition(for: point)
        let mapped = screen.touchTransform.point(forDeviceX: Double(sensor.x), y: Double(sensor.y))
        #expect(
            Swift.abs(mapped.x - point.x) <= 0.5 && Swift.abs(mapped.y - point.y) <= 0.5,
            "\(point) → \(sensor) → \(mapped)")
        // A finger on the UI's far corner is on the panel's last pixel, not past it.
        let corner = screen.sensorPosition(
            for: Point(x: screen.logicalSize.width - 0.25, y: screen.logicalSize.height - 0.25))
        #expect(rotation == .none ? (corner.x == 719 && corner.y == 1279) : (corner.x == 0 && corner.y == 1279))
    }

    @Test("The evemu writer's recording parses back to the same device and events")
    func evemuRoundTrip() throws {
        let screen = SimulatorScreen(physicalWidth: 1024, physicalHeight: 600)
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let simulator = TouchSimulator(screen: screen, application: application)
        let sink = EventLog()
        var written: [InputEvent] = []
        do {
            let writer = EvemuWriter(device: simulator.device, sink: sink, comment: "test")
            simulator.recorder = writer
            simulator.mouseDown(windowX: 10, windowY: 20, mode: .oneFinger, time: 100.25)
            written += frameEvents(simulator.panel)
            simulator.mouseMoved(windowX: 40, windowY: 20, time: 100.2612341)
            written += frameEvents(simulator.panel)
            simulator.mouseUp(time: 101)
            written += frameEvents(simulator.panel)
            simulator.mouseDown(windowX: 500, windowY: 300, mode: .pinch, time: 102)
            written += frameEvents(simulator.panel)
            simulator.mouseUp(time: 103)
            written += frameEvents(simulator.panel)
            simulator.recorder = nil
            #expect(writer.eventCount == written.count)
        } // the writer flushes as it goes away
        let trace = try sink.bytes.withUnsafeBytes { bytes in try EvemuFormat.parse(bytes, path: "sim.evemu") }
        #expect(trace.device == simulator.device)
        #expect(trace.events.count == written.count)
        for index in 0..<written.count {
            var expected = written[index]
            // Times count from the first event, in microseconds.
            expected.time = ((expected.time - 100.25) * 1_000_000).rounded() / 1_000_000
            #expect(
                trace.events[index].type == expected.type && trace.events[index].code == expected.code
                    && trace.events[index].value == expected.value)
            #expect(Swift.abs(trace.events[index].time - expected.time) < 1e-9)
        }
        let text = String(decoding: sink.bytes, as: UTF8.self)
        #expect(text.hasPrefix("# EVEMU 1.3\n# test\n"))
        #expect(text.contains("\nN: PanelKit Simulator Touch\nI: 0006 0000 0000 0000\nP: 02 00 00 00 00 00 00 00\n"))
        #expect(text.contains("\nA: 35 0 1023 0 0 0\n"))
        #expect(text.contains("\nE: 0.011234 0003 0035 0040\n"))
        #expect(text.contains(" 0003 0039 -001\n"))
    }

    @Test("Slow motion: the scaled clock never jumps, and real waits stretch")
    func scaledClock() {
        let source = ManualClock(now: 50)
        let clock = ScaledClock(source: source)
        #expect(clock.now == 50)
        source.now = 51
        #expect(clock.now == 51)
        clock.setRate(0.2)
        #expect(clock.now == 51)
        source.now = 52
        #expect(Swift.abs(clock.now - 51.2) < 1e-12)
        #expect(Swift.abs(clock.sourceInterval(until: 51.3) - 0.5) < 1e-9)
        #expect(clock.sourceInterval(until: 10) == 0)
        clock.setRate(1)
        source.now = 53
        #expect(Swift.abs(clock.now - 52.2) < 1e-12)
    }
}

@Suite("Simulator input allocates nothing")
struct SimulatorAllocationTests {
    @Test("A mouse drag through the pipeline, recorded, allocates nothing per event")
    func dragAllocatesNothing() {
        let screen = SimulatorScreen(physicalWidth: 800, physicalHeight: 480, rotation: .clockwise90, zoom: 2)
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let simulator = TouchSimulator(screen: screen, application: application)
        simulator.recorder = EvemuWriter(device: simulator.device, sink: CountingSink())
        var time = 1.0
        var x = 100
        func drag() {
            time += 0.01
            x = x == 100 ? 140 : 100
            simulator.mouseMoved(windowX: x, windowY: 300, time: time)
        }
        simulator.mouseDown(windowX: 100, windowY: 300, mode: .pinch, time: time)
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            for _ in 0..<50 { drag() }
        }
        #expect(allocations == 0)
        simulator.mouseUp(time: time + 1)
    }
}
