import CEvdev
import PanelUI
import Testing

@testable import PanelLinux

/// libevdev devices built in memory (libevdev_new + enable_event_code): no fd,
/// no uinput needed.
@Suite struct EvdevDescriptionTests {
    @Test func aMultitouchScreenMapsToItsDescription() throws {
        let device = try #require(libevdev_new())
        defer { libevdev_free(device) }
        libevdev_set_name(device, "synthetic touch")
        libevdev_set_id_vendor(device, 0x1234)
        libevdev_set_id_product(device, 0x5678)
        libevdev_enable_property(device, UInt32(INPUT_PROP_DIRECT))
        libevdev_enable_event_type(device, UInt32(EV_ABS))
        var slot = input_absinfo(value: 0, minimum: 0, maximum: 9, fuzz: 0, flat: 0, resolution: 0)
        var x = input_absinfo(value: 0, minimum: 0, maximum: 4095, fuzz: 2, flat: 0, resolution: 10)
        var y = input_absinfo(value: 0, minimum: 0, maximum: 2047, fuzz: 0, flat: 0, resolution: 12)
        var tracking = input_absinfo(value: 0, minimum: 0, maximum: 65535, fuzz: 0, flat: 0, resolution: 0)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_SLOT), &slot)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_X), &x)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_Y), &y)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_MT_TRACKING_ID), &tracking)
        libevdev_enable_event_type(device, UInt32(EV_KEY))
        libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)

        let description = touchDeviceDescription(evdev: device)
        #expect(description.name == "synthetic touch")
        #expect(description.vendor == 0x1234)
        #expect(description.product == 0x5678)
        #expect(description.hasProperty(InputProperty.direct))
        #expect(description.keys == [KeyCode.touch])
        #expect(
            description.axis(AbsoluteAxis.multitouchPositionX)
                == AbsoluteAxisInfo(minimum: 0, maximum: 4095, fuzz: 2, resolution: 10))
        #expect(
            description.axis(AbsoluteAxis.multitouchPositionY)
                == AbsoluteAxisInfo(minimum: 0, maximum: 2047, resolution: 12))
        #expect(description.axis(AbsoluteAxis.multitouchSlot)?.maximum == 9)
        #expect(description.axis(AbsoluteAxis.x) == nil)
        #expect(description.touchProtocol == .multitouchSlots)
        #expect(isDirectTouchScreen(description))
        _ = try TouchDecoder(device: description)
    }

    @Test func aSingleTouchScreenNeedsBTNTouchAndTheDirectProperty() throws {
        let device = try #require(libevdev_new())
        defer { libevdev_free(device) }
        libevdev_enable_event_type(device, UInt32(EV_ABS))
        var x = input_absinfo(value: 100, minimum: 0, maximum: 799, fuzz: 0, flat: 0, resolution: 0)
        var y = input_absinfo(value: 200, minimum: 0, maximum: 479, fuzz: 0, flat: 0, resolution: 0)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_X), &x)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(ABS_Y), &y)
        // A mouse-like absolute device (no INPUT_PROP_DIRECT, no BTN_TOUCH) is no touch screen.
        #expect(!isDirectTouchScreen(touchDeviceDescription(evdev: device)))
        libevdev_enable_event_type(device, UInt32(EV_KEY))
        libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
        #expect(!isDirectTouchScreen(touchDeviceDescription(evdev: device)))
        libevdev_enable_property(device, UInt32(INPUT_PROP_DIRECT))
        let description = touchDeviceDescription(evdev: device)
        #expect(isDirectTouchScreen(description))
        #expect(description.touchProtocol == .singleTouch)
        #expect(description.axis(AbsoluteAxis.x)?.value == 100)
        #expect(description.axis(AbsoluteAxis.y)?.value == 200)
    }

    @Test func aNamedDeviceThatIsMissingOrNotAnInputDeviceIsAClearError() throws {
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        let input = EvdevTouchInput(
            application: application, screenSize: Size(width: 800, height: 480),
            configuration: EvdevTouchConfiguration(devicePath: "/nonexistent/event9"))
        #expect(throws: PanelLinuxError("/nonexistent/event9: no such touch input device", errno: .noSuchFile)) {
            try input.start(loop)
        }
        let notInput = EvdevTouchInput(
            application: application, screenSize: Size(width: 800, height: 480),
            configuration: EvdevTouchConfiguration(devicePath: "/dev/null"))
        let error = #expect(throws: PanelLinuxError.self) { try notInput.start(loop) }
        #expect(error?.message.hasPrefix("/dev/null: not an evdev input device") == true)
    }

    @Test func aDeviceGivenByNameIsWaitedFor() throws {
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let loop = try EpollRunLoop(application: application)
        var configuration = EvdevTouchConfiguration(devicePath: "Goodix Capacitive TouchScreen")
        configuration.directory = "/nonexistent-input"
        let input = EvdevTouchInput(
            application: application, screenSize: Size(width: 800, height: 480), configuration: configuration)
        var messages: [String] = []
        input.log = { messages.append($0) }
        try input.start(loop)
        #expect(input.devices.isEmpty)
        #expect(input.wantedName == "Goodix Capacitive TouchScreen")
        #expect(
            messages.first
                == "panel: no input device named 'Goodix Capacitive TouchScreen' in /nonexistent-input yet; waiting for it"
        )
    }
}

/// The touch scan leaves a node closed only when sysfs says its device has no absolute axis.
@Suite struct TouchScanSysfsTests {
    @Test func aNodeSysfsCannotDescribeIsOpenedAndAsked() {
        // Another directory (a test's, a board's own): sysfs is not asked.
        #expect(mayBeTouchScreen("/tmp/panelkit-input/event0", directory: "/tmp/panelkit-input"))
        // No sysfs entry for the node: opened, as before.
        #expect(mayBeTouchScreen("/dev/input/event99999", directory: "/dev/input"))
    }
}
