import CEvdev
import CLinux
import PanelTesting
import PanelUI
import Testing

@testable import PanelLinux

/// The encoder's evdev glue, driven with the events `libevdev_next_event`
/// gives: counts become detents at each report, the key starts and ends a
/// push. The real kernel's rotary device is the VM test's (docs/vm-test.md).
@Suite struct EvdevEncoderTests {
    final class Recorder: FocusObserver {
        var events: [EncoderEvent] = []
        func focusSystem(_ focusSystem: FocusSystem, didReceive event: EncoderEvent) { events.append(event) }
        func focusSystemDidUpdateFocus(_ focusSystem: FocusSystem) {}
    }

    func event(_ type: UInt16, _ code: UInt16, _ value: Int32) -> input_event {
        var event = input_event()
        event.type = type
        event.code = code
        event.value = value
        return event
    }

    func make(_ configure: (inout EvdevEncoderConfiguration) -> Void) throws -> (
        EvdevEncoderDevice, EvdevEncoderInput, Recorder
    ) {
        var configuration = EvdevEncoderConfiguration(device: "rotary@0")
        configuration.buttonKey = 28
        configure(&configuration)
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let recorder = Recorder()
        application.focusSystem.observer = recorder
        let input = EvdevEncoderInput(application: application, configuration: configuration)
        let device = EvdevEncoderDevice(
            path: "synthetic", description: TouchDeviceDescription(name: "rotary@0"), source: 64,
            state: EvdevEncoderState(decoder: configuration.decoder(reportsTurns: true, reportsPush: true)),
            fd: FileDescriptor(rawValue: -1),
            evdev: try #require(libevdev_new()), set: input.deviceSet)
        return (device, input, recorder)
    }

    func feed(_ device: EvdevEncoderDevice, _ input: EvdevEncoderInput, _ events: [input_event]) {
        for e in events { input.handle(e, from: device) }
        input.application.runTurn()
    }

    var report: input_event { event(EventType.synchronization, SynchronizationCode.report, 0) }

    @Test func countsBecomeDetentsAtEachReportAndAPartDetentWaits() throws {
        let (device, input, recorder) = try make {
            $0.axis = RelativeAxis.dial
            $0.stepsPerDetent = 4
        }
        defer { libevdev_free(device.evdev) }
        feed(device, input, [event(EventType.relative, RelativeAxis.dial, 2), report])
        #expect(recorder.events.isEmpty)
        feed(device, input, [event(EventType.relative, RelativeAxis.dial, 3), report])
        #expect(recorder.events == [.turn(1)])
        feed(device, input, [event(EventType.relative, RelativeAxis.dial, -9), report])
        #expect(recorder.events == [.turn(1), .turn(-2)])
        // Another axis is not the encoder's.
        feed(device, input, [event(EventType.relative, RelativeAxis.wheel, 8), report])
        #expect(recorder.events.count == 2)
    }

    @Test func reversedTurnsTheOtherWay() throws {
        let (device, input, recorder) = try make { $0.reversed = true }
        defer { libevdev_free(device.evdev) }
        feed(device, input, [event(EventType.relative, RelativeAxis.x, 1), report])
        #expect(recorder.events == [.turn(-1)])
    }

    @Test func theKeyStartsAndEndsAPushAndItsRepeatsAreIgnored() throws {
        let (device, input, recorder) = try make { _ in }
        defer { libevdev_free(device.evdev) }
        feed(
            device, input,
            [
                event(EventType.key, 28, 1), report, event(EventType.key, 28, 2), report,
                event(EventType.key, 28, 0), report, event(EventType.key, 57, 1), report
            ])
        #expect(recorder.events == [.push(.began), .push(.ended)])
    }

    @Test func aReleaseInTheKernelsUnplugFrameCancelsThePush() throws {
        let (device, input, recorder) = try make { _ in }
        defer { libevdev_free(device.evdev) }
        feed(device, input, [event(EventType.key, 28, 1), report])
        // input_dev_release_keys: the held key up, then SYN_REPORT with value 1.
        feed(
            device, input,
            [event(EventType.key, 28, 0), event(EventType.synchronization, SynchronizationCode.report, 1)])
        #expect(recorder.events == [.push(.began), .push(.cancelled)])
    }

    @Test func unpluggedMidPushTheButtonIsCancelledNotActed() throws {
        let (device, input, recorder) = try make { _ in }
        let loop = try EpollRunLoop(application: input.application)
        input.deviceSet.devices.append(device)
        feed(device, input, [event(EventType.key, 28, 1), report])
        input.deviceSet.deviceVanished(device, loop: loop) // closes and frees the device
        input.application.runTurn()
        #expect(recorder.events == [.push(.began), .push(.cancelled)])
        #expect(input.devices.isEmpty)
        #expect(!input.hasTurns)
    }
}
