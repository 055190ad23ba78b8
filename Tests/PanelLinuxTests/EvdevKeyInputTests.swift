import CEvdev
import CLinux
import PanelKeys
import PanelTesting
import PanelUI
import Testing

@testable import PanelLinux

/// Records the presses the first responder gets, as `phase code characters`.
final class PressRecorder: View {
    var presses: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    func record(_ phase: String, _ press: Press) {
        presses.append(
            phase + " " + String(press.keyCode) + (press.isRepeat ? " repeat" : "") + " " + press.key.characters)
    }
    override func pressesBegan(_ press: Press, with event: Event) { record("began", press) }
    override func pressesEnded(_ press: Press, with event: Event) { record("ended", press) }
    override func pressesCancelled(_ press: Press, with event: Event) { record("cancelled", press) }
}

/// The evdev key path without a kernel: a libevdev device made in memory,
/// fed the events `libevdev_next_event` would give.
@Suite struct EvdevKeyInputTests {
    final class Fixture {
        let application = Application(runLoop: RunLoop(clock: SystemClock()))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let recorder = PressRecorder(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "field")
        let input: EvdevKeyInput
        let device: EvdevKeyDevice

        init(layout: String = "us") throws {
            application.addWindow(window)
            window.addSubview(recorder)
            _ = recorder.becomeFirstResponder()
            input = EvdevKeyInput(
                application: application,
                configuration: EvdevKeyConfiguration(keymap: try Keymap.compiling(KeymapNames(layout: layout))))
            device = EvdevKeyDevice(
                path: "synthetic", description: TouchDeviceDescription(name: "keyboard"), source: 64,
                state: KeyTranslator(keymap: input.configuration.keymap, source: 64), fd: FileDescriptor(rawValue: -1),
                evdev: libevdev_new(), set: input.deviceSet)
        }

        deinit { libevdev_free(device.evdev) }

        func key(_ code: UInt16, _ value: Int32) {
            device.process(type: UInt16(EV_KEY), code: code, value: value, into: application)
        }
        func report(_ value: Int32 = 0) {
            device.process(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: value, into: application)
            application.runTurn()
        }
    }

    @Test("A keyboard, gpio-keys buttons and a power button are key devices; a mouse and a touch screen are not")
    func classification() {
        var keyboard = TouchDeviceDescription(name: "keyboard")
        keyboard.keys = [1, 30, 42]
        #expect(isKeyDevice(keyboard))
        var buttons = TouchDeviceDescription(name: "gpio-keys")
        buttons.keys = [0x160] // KEY_OK
        #expect(isKeyDevice(buttons))
        var mouse = TouchDeviceDescription(name: "mouse")
        mouse.keys = [0x110, 0x111] // BTN_LEFT, BTN_RIGHT
        #expect(!isKeyDevice(mouse))
        var touch = TouchDeviceDescription(name: "touch")
        touch.properties = 1 << UInt32(InputProperty.direct)
        touch.keys = [KeyCode.touch]
        touch.setAxis(
            AbsoluteAxis.x, AbsoluteAxisInfo(value: 0, minimum: 0, maximum: 4095, fuzz: 0, flat: 0, resolution: 0))
        touch.setAxis(
            AbsoluteAxis.y, AbsoluteAxisInfo(value: 0, minimum: 0, maximum: 4095, fuzz: 0, flat: 0, resolution: 0))
        #expect(!isKeyDevice(touch))
    }

    @Test("Key events become presses at the first responder: down, the kernel's repeat (value 2), up at its report")
    func typing() throws {
        let f = try Fixture()
        f.key(30, 1)
        f.report()
        f.key(30, 2)
        f.report()
        f.key(30, 0)
        f.application.runTurn()
        #expect(f.recorder.presses == ["began 30 a", "began 30 repeat a"], "the up waits for its SYN_REPORT")
        f.report()
        #expect(f.recorder.presses.last == "ended 30 a")
    }

    @Test("The ups the kernel makes up as a keyboard goes away (SYN_REPORT value 1) cancel the presses")
    func unplugReleaseCancels() throws {
        let f = try Fixture()
        f.key(42, 1)
        f.report()
        f.key(30, 1)
        f.report()
        f.key(30, 0)
        f.key(42, 0)
        f.report(1)
        #expect(f.recorder.presses == ["began 42 ", "began 30 A", "cancelled 30 A", "cancelled 42 "])
        #expect(f.device.translator.keysDown == 0)
    }

    @Test("A keyboard that vanishes with keys down cancels them; after SYN_DROPPED a key that went up is cancelled")
    func vanishAndResync() throws {
        let f = try Fixture()
        f.key(30, 1)
        f.key(31, 1)
        f.report()
        // SYN_DROPPED, then libevdev's sync events: KEY_A went up while events were lost.
        var dropped = input_event()
        dropped.code = 3
        f.input.syncDropped(dropped, on: f.device)
        var up = input_event()
        up.type = UInt16(EV_KEY)
        up.code = 30
        up.value = 0
        f.input.resync(up, from: f.device)
        f.application.runTurn()
        #expect(f.recorder.presses.last == "cancelled 30 a")
        // Unplugged with KEY_S down.
        f.device.translator.cancelAll { f.application.enqueue($0) }
        f.application.runTurn()
        #expect(f.recorder.presses.last == "cancelled 31 s")
    }

    @Test("A German board's keyboard types ü through the same path, allocating nothing per key after warm-up")
    func germanWithoutAllocations() throws {
        let f = try Fixture(layout: "de")
        f.key(26, 1)
        f.report()
        f.key(26, 0)
        f.report()
        #expect(f.recorder.presses == ["began 26 ü", "ended 26 ü"])
        // The recorder's strings allocate: count the device path and the application, to the window.
        _ = f.recorder.resignFirstResponder()
        let allocations = AllocationCounter.count(warmUpRuns: 2) {
            f.key(26, 1)
            f.report()
            f.key(26, 2)
            f.report()
            f.key(26, 0)
            f.report()
        }
        #expect(allocations == 0)
    }
}
