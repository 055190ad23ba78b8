import CEvdev
import CLinux
import PanelTesting
import PanelUI
import Testing

@testable import PanelLinux

/// The glue around libevdev's `SYN_DROPPED` handling, driven with the results
/// `libevdev_next_event` gives (status, event): no uinput here, so libevdev's
/// own state fetch from the kernel is shown by the VM test, not this one.
@Suite struct EvdevResyncTests {
    func event(_ type: Int32, _ code: Int32, _ value: Int32, at seconds: Int) -> input_event {
        var event = input_event()
        event.time.tv_sec = seconds
        event.type = UInt16(type)
        event.code = UInt16(code)
        event.value = value
        return event
    }

    @Test func aDropResyncsFromTheSyncEventsAndFlagsTheFrame() throws {
        let device = try #require(libevdev_new())
        defer { libevdev_free(device) }
        libevdev_enable_property(device, UInt32(INPUT_PROP_DIRECT))
        libevdev_enable_event_type(device, UInt32(EV_ABS))
        var slot = input_absinfo(value: 0, minimum: 0, maximum: 9, fuzz: 0, flat: 0, resolution: 0)
        var axis = input_absinfo(value: 0, minimum: 0, maximum: 4095, fuzz: 0, flat: 0, resolution: 0)
        var tracking = input_absinfo(value: 0, minimum: 0, maximum: 65535, fuzz: 0, flat: 0, resolution: 0)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_SLOT), &slot)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_X), &axis)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_Y), &axis)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_TRACKING_ID), &tracking)
        let description = touchDeviceDescription(evdev: device)
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let screen = Size(width: 800, height: 480)
        let input = EvdevTouchInput(
            application: application, screenSize: screen, configuration: EvdevTouchConfiguration())
        // The session's frame loop: told each frame's input time, for the display's latency.
        let window = Window(frame: Rect(origin: .zero, size: screen))
        application.addWindow(window)
        let frames = FrameDriver(
            application: application, window: window, renderer: Renderer(),
            display: HeadlessDisplay(width: 800, height: 480))
        input.frameDriver = frames
        let touch = EvdevTouchDevice(
            path: "synthetic", description: description, source: 1,
            state: EvdevTouchState(input: try TouchInputPath(device: description, screenSize: screen)),
            fd: FileDescriptor(rawValue: -1), evdev: device, set: input.deviceSet)
        let success = Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue)
        let sync = Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue

        // One finger down in slot 0.
        for e in [
            event(EV_ABS, ABS_MT_SLOT, 0, at: 1), event(EV_ABS, ABS_MT_TRACKING_ID, 1, at: 1),
            event(EV_ABS, ABS_MT_POSITION_X, 100, at: 1), event(EV_ABS, ABS_MT_POSITION_Y, 100, at: 1),
            event(EV_SYN, SYN_REPORT, 0, at: 1)
        ] {
            #expect(touch.handle(status: success, event: e, flags: &flags))
        }
        #expect(touch.decoder.frame.count == 1)
        #expect(!touch.decoder.frame.isResynchronized)
        #expect(frames.oldestUnpresentedInput == 1)

        var messages: [String] = []
        input.log = { messages.append($0) }
        // SYN_DROPPED, then libevdev's sync events: slot 0 lifted during the drop, slot 1 went down.
        #expect(touch.handle(status: sync, event: event(EV_SYN, SYN_DROPPED, 0, at: 2), flags: &flags))
        #expect(flags == LIBEVDEV_READ_FLAG_SYNC.rawValue)
        for e in [
            event(EV_ABS, ABS_MT_SLOT, 0, at: 3), event(EV_ABS, ABS_MT_TRACKING_ID, -1, at: 3),
            event(EV_ABS, ABS_MT_SLOT, 1, at: 3), event(EV_ABS, ABS_MT_TRACKING_ID, 2, at: 3),
            event(EV_ABS, ABS_MT_POSITION_X, 4095, at: 3), event(EV_ABS, ABS_MT_POSITION_Y, 4095, at: 3),
            event(EV_SYN, SYN_REPORT, 0, at: 3)
        ] {
            #expect(touch.handle(status: sync, event: e, flags: &flags))
        }
        // The sync is over (-EAGAIN in sync mode): back to normal reads.
        #expect(touch.handle(status: -EAGAIN, event: input_event(), flags: &flags))
        #expect(flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue)
        #expect(touch.resyncCount == 1)
        #expect(touch.resyncEvents == 7)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("panel: SYN_DROPPED on ") == true)
        #expect(messages.first?.hasSuffix("resynced from the kernel (7 sync events)") == true)
        #expect(touch.decoder.droppedEventBursts == 1)
        let frame = touch.decoder.frame
        #expect(frame.isResynchronized)
        #expect(frame.count == 1)
        #expect(frame.timestamp == 3)
        #expect(application.hasQueuedInput)

        // A finger moving: handling the events of a frame allocates nothing.
        var x: Int32 = 0
        let moves = [
            event(EV_ABS, ABS_MT_SLOT, 1, at: 4), event(EV_ABS, ABS_MT_POSITION_X, 0, at: 4),
            event(EV_SYN, SYN_REPORT, 0, at: 4)
        ]
        let allocations = AllocationCounter.count(warmUpRuns: 20) {
            x = (x + 7) % 4096
            var move = moves[1]
            move.value = x
            _ = touch.handle(status: success, event: moves[0], flags: &flags)
            _ = touch.handle(status: success, event: move, flags: &flags)
            _ = touch.handle(status: success, event: moves[2], flags: &flags)
            application.runTurn()
        }
        #expect(allocations == 0)

        // Nothing more to read, then an unplug: both stop the reading.
        #expect(!touch.handle(status: -EAGAIN, event: input_event(), flags: &flags))
        #expect(!touch.handle(status: -ENODEV, event: input_event(), flags: &flags))
    }
}

final class TouchRecordingView: View {
    var messages: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event) { messages.append("began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { messages.append("moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { messages.append("ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) { messages.append("cancelled") }
}

extension EvdevResyncTests {
    /// An unplug (ENODEV) right after a finger went down in the same read: the
    /// touch begins, then is cancelled; none is left down.
    @Test func anUnplugMidTouchCancelsTheTouchEvenWhenItsFrameIsStillQueued() throws {
        let device = try #require(libevdev_new()) // freed by the input when the device vanishes
        libevdev_enable_property(device, UInt32(INPUT_PROP_DIRECT))
        libevdev_enable_event_type(device, UInt32(EV_ABS))
        var slot = input_absinfo(value: 0, minimum: 0, maximum: 9, fuzz: 0, flat: 0, resolution: 0)
        var axis = input_absinfo(value: 0, minimum: 0, maximum: 4095, fuzz: 0, flat: 0, resolution: 0)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_SLOT), &slot)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_X), &axis)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_Y), &axis)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_TRACKING_ID), &axis)
        let description = touchDeviceDescription(evdev: device)
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let screen = Size(width: 800, height: 480)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let view = TouchRecordingView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.addSubview(view)
        application.addWindow(window)
        let loop = try EpollRunLoop(application: application)
        let input = EvdevTouchInput(
            application: application, screenSize: screen, configuration: EvdevTouchConfiguration())
        let pipe = FileDescriptor(rawValue: clinux_eventfd_create()) // a real fd for the loop to drop
        let touch = EvdevTouchDevice(
            path: "synthetic", description: description, source: 3,
            state: EvdevTouchState(input: try TouchInputPath(device: description, screenSize: screen)), fd: pipe,
            evdev: device, set: input.deviceSet)
        try loop.add(pipe, source: touch)
        input.deviceSet.devices.append(touch)
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        for e in [
            event(EV_ABS, ABS_MT_SLOT, 0, at: 1), event(EV_ABS, ABS_MT_TRACKING_ID, 1, at: 1),
            event(EV_ABS, ABS_MT_POSITION_X, 2000, at: 1), event(EV_ABS, ABS_MT_POSITION_Y, 2000, at: 1),
            event(EV_SYN, SYN_REPORT, 0, at: 1)
        ] {
            _ = touch.handle(
                status: Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue), event: e, flags: &flags)
        }
        #expect(!touch.handle(status: -ENODEV, event: input_event(), flags: &flags))
        input.deviceSet.deviceVanished(touch, loop: loop)
        application.runTurn()
        #expect(view.messages == ["began", "cancelled"])
        #expect(input.devices.isEmpty)
    }
}
