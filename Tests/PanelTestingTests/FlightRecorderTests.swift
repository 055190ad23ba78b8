import CEvdev
import CLinux
import Foundation
import PanelKeys
import PanelLog
import PanelTesting
import PanelTrace
import PanelUI
import Testing

@testable import PanelKit
@testable import PanelLinux

/// The flight recorder's ring and its evemu recordings (the board's touch
/// screen, keys and encoder go into it as PanelLinux reads them): a
/// recording of the whole session replays to the panel's log; one that
/// starts mid-session says so, starts at a frame's first event and keeps
/// the last seconds; the devices recorded together replay together.
@Suite("The flight recorder", .serialized)
struct FlightRecorderTests {
    static let trace = PackagePaths.path("Tests/Traces/Apps/demo_more-then-licences.evemu")

    /// Feeds `trace`'s events to the ring the way the device's input does,
    /// with the launch `lead` seconds before its first event, and writes it.
    func record(
        _ trace: Trace, to path: String, capacity: UInt32, seconds: Double = 300, lead: Double = 0
    ) throws -> Int {
        let first = try #require(trace.events.first).time
        #expect(clinux_flight_configure(capacity, seconds, first - lead) == 0)
        let device = try #require(addDevice(trace.device, role: "touch", path: path))
        for event in trace.events { clinux_flight_record(device, event.time, event.type, event.code, event.value) }
        let written = clinux_flight_write("SIGUSR1")
        _ = clinux_flight_configure(0, 0, 0)
        return written
    }

    /// The device's evemu header, added to the recorder as the device host adds it.
    func addDevice(_ device: TouchDeviceDescription, role: String, path: String) -> Int32? {
        let sink = MemorySink()
        _ = EvemuWriter(device: device, sink: sink, comment: "launched as: panel demo")
        let index = clinux_flight_add_device(String(decoding: sink.bytes, as: UTF8.self), role, path)
        return index >= 0 ? index : nil
    }

    @Test("a recording of the whole session replays to the same log as the session's own trace")
    func wholeSessionReplaysToTheSameLog() throws {
        let trace = try Trace.load(path: Self.trace)
        let path = try scratchDirectory().appendingPathComponent(FlightRecorder.fileName).path
        #expect(try record(trace, to: path, capacity: 65536) == trace.events.count)
        let recording = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recording.contains("# launched as: panel demo\n"))
        #expect(
            recording.contains(
                "# PanelKit flight recording (SIGUSR1): \(trace.events.count) events, the whole session since launch"))
        #expect(recording.contains("# PanelKit flight recording set: touch flight-recording.evemu\n"))
        let copy = try Trace.load(path: path)
        #expect(copy.device == trace.device)
        #expect(copy.events.map(\.code) == trace.events.map(\.code))
        #expect(copy.events.map(\.value) == trace.events.map(\.value))

        let original = try PanelRun.run(["demo", "--backend", "headless", "--replay", Self.trace])
        let replayed = try PanelRun.run(["demo", "--backend", "headless", "--replay", path])
        #expect(original.status == 0 && replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout == original.stdout)
        #expect(replayed.stderr.contains("replaying a flight recording of the whole session since launch"))
    }

    @Test(
        "a ring that overflowed writes the newest events from a frame's start, and the replay says it starts mid-session"
    )
    func overflowedRingStartsMidSession() throws {
        let trace = try Trace.load(path: Self.trace)
        let path = try scratchDirectory().appendingPathComponent(FlightRecorder.fileName).path
        let written = try record(trace, to: path, capacity: 7)
        #expect(written > 0 && written < 7)
        let copy = try Trace.load(path: path)
        // The last events, in order, the first of them the first of a frame.
        let tail = Array(trace.events.suffix(written))
        #expect(copy.events.map(\.value) == tail.map(\.value))
        let before = trace.events[trace.events.count - written - 1]
        #expect(before.type == 0 && before.code == 0)
        let recording = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recording.contains("events; it starts mid-session, after \(trace.events.count - written) events"))
        let replayed = try PanelRun.run(["demo", "--backend", "headless", "--replay", path])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stderr.contains("this flight recording starts mid-session"))
    }

    @Test("only the last budgets.flightRecording seconds are written, and E: times count from the launch")
    func onlyTheLastSecondsAreWritten() throws {
        let trace = try Trace.load(path: Self.trace)
        let path = try scratchDirectory().appendingPathComponent(FlightRecorder.fileName).path
        let last = try #require(trace.events.last).time
        let written = try record(trace, to: path, capacity: 65536, seconds: 0.5, lead: 2)
        let copy = try Trace.load(path: path)
        #expect(copy.events.count == written)
        #expect(written < trace.events.count)
        let first = try #require(trace.events.first).time
        // Each kept event is within the window, shifted by the launch's lead.
        for event in copy.events { #expect(event.time >= (last - first + 2) - 0.5 - 0.1) }
        #expect(abs(try #require(copy.events.last).time - (last - first + 2)) < 1e-6)
    }

    @Test(
        "a touch screen, a keyboard and an encoder recorded together: a file each, naming the others, and a replay of any one of them plays all three"
    )
    func devicesRecordedTogetherReplayTogether() throws {
        let directory = try scratchDirectory()
        let touch = try Trace.load(path: PackagePaths.path("Tests/Traces/synthetic_single-touch_tap-and-drag.evemu"))
        let keys = try Trace.load(path: PackagePaths.path("Tests/Traces/Keys/synthetic_keyboard_hello-world.evemu"))
        // The encoder the board names: one detent, a push, two detents back, a push left down.
        let board = try encoderBoard(in: directory)
        var rotary = TouchDeviceDescription(name: "rotary@0")
        rotary.keys = [28]
        let report = (UInt16(0), UInt16(0), Int32(0))
        let dial = { (value: Int32) in (UInt16(2), RelativeAxis.dial, value) }
        let turnsAndPushes: [(Double, [(UInt16, UInt16, Int32)])] = [
            (4.0, [dial(1), report]), (4.2, [(1, 28, 1), report]), (4.3, [(1, 28, 0), report]),
            (4.5, [dial(-1), report]), (4.6, [dial(-1), report]), (4.8, [(1, 28, 1), report])
        ]
        // The launch at 0; the touch first, then the typing, then the encoder.
        #expect(clinux_flight_configure(65536, 300, 0) == 0)
        let touchIndex = try #require(
            addDevice(
                touch.device, role: "touch", path: directory.appendingPathComponent("flight-recording.evemu").path))
        let keysIndex = try #require(
            addDevice(
                keys.device, role: "keys", path: directory.appendingPathComponent("flight-recording.keys.evemu").path))
        let encoderIndex = try #require(
            addDevice(
                rotary, role: "encoder", path: directory.appendingPathComponent("flight-recording.encoder.evemu").path))
        // A keyboard that typed nothing: no file, and the set does not name it (an old file of it is removed).
        let idle = directory.appendingPathComponent("flight-recording.keys-2.evemu").path
        FileManager.default.createFile(atPath: idle, contents: Data("stale".utf8))
        _ = try #require(addDevice(keys.device, role: "keys", path: idle))
        for event in touch.events {
            clinux_flight_record(touchIndex, 1 + event.time, event.type, event.code, event.value)
        }
        for event in keys.events {
            clinux_flight_record(keysIndex, 2 + event.time, event.type, event.code, event.value)
        }
        for (time, frame) in turnsAndPushes {
            for (type, code, value) in frame { clinux_flight_record(encoderIndex, time, type, code, value) }
        }
        let written = clinux_flight_write("SIGUSR1")
        _ = clinux_flight_configure(0, 0, 0)
        #expect(written == touch.events.count + keys.events.count + 12)
        #expect(!FileManager.default.fileExists(atPath: idle))

        let set =
            "# PanelKit flight recording set: touch flight-recording.evemu, keys flight-recording.keys.evemu, encoder flight-recording.encoder.evemu\n"
        for (file, count) in [
            ("flight-recording.evemu", touch.events.count), ("flight-recording.keys.evemu", keys.events.count),
            ("flight-recording.encoder.evemu", 12)
        ] {
            let text = try String(contentsOfFile: directory.appendingPathComponent(file).path, encoding: .utf8)
            #expect(text.contains(set), "\(file)")
            #expect(text.contains("(SIGUSR1): \(count) events, the whole session since launch"), "\(file)")
        }
        #expect(
            try Trace.load(path: directory.appendingPathComponent("flight-recording.keys.evemu").path).events
                == keys.events.map { InputEvent(time: 2 + $0.time, type: $0.type, code: $0.code, value: $0.value) })

        func replay(_ file: String) throws -> PanelRun {
            try PanelRun.run([
                "demo", "--backend", "headless", "--board", board, "--scene-file",
                PackagePaths.path("Tests/Scenes/keys.json"), "--replay", directory.appendingPathComponent(file).path
            ])
        }
        let fromTouch = try replay("flight-recording.evemu")
        let fromEncoder = try replay("flight-recording.encoder.evemu")
        #expect(fromTouch.status == 0, "\(fromTouch.stderr)")
        #expect(fromEncoder.stdout == fromTouch.stdout)
        let lines = fromTouch.stdout.split(separator: "\n")
        func kinds(_ type: String) -> [Substring] { lines.filter { $0.contains("\"type\":\"\(type)\"") } }
        // Each device's lines, in the order of their times.
        #expect(!kinds("touch").isEmpty)
        #expect(kinds("text").last?.contains("Hello, world") == true, "\(kinds("text"))")
        #expect(
            kinds("encoder").map { $0.contains("\"event\":\"turn\"") ? "turn" : "push" }
                == ["turn", "push", "push", "turn", "turn", "push", "push"], "\(kinds("encoder"))")
        // The push left down ends cancelled, as a device that goes away ends it.
        #expect(kinds("encoder").last?.contains("\"phase\":\"cancelled\"") == true)
        let times = lines.compactMap { line -> Double? in
            guard let range = line.range(of: "\"t\":") else { return nil }
            return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        #expect(times == times.sorted())
        #expect(fromTouch.stderr.contains("replaying a flight recording of the whole session since launch"))

        // A file of the set that is not there is named, with the fix.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("flight-recording.keys.evemu"))
        let missing = try replay("flight-recording.evemu")
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("flight-recording.keys.evemu is missing"), "\(missing.stderr)")
    }

    /// The qemu-x86_64 board with an encoder (`rotary@0`, REL_DIAL, its push on KEY_ENTER), as vm-test's.
    func encoderBoard(in directory: URL) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.path("boards/qemu-x86_64.json")))
        var board = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        board["name"] = "qemu-encoder"
        board["encoder"] = [
            "device": "rotary@0", "axis": "REL_DIAL", "stepsPerDetent": 1, "button": ["key": "KEY_ENTER"]
        ]
        let path = directory.appendingPathComponent("qemu-encoder.json").path
        try JSONSerialization.data(withJSONObject: board).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "the recorder takes the devices open when it starts and those plugged in later: one touch screen, every keyboard, each its own file"
    )
    func openAndLaterDevicesAreRecorded() throws {
        let directory = try scratchDirectory().path
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let screen = Size(width: 800, height: 480)
        let touch = EvdevTouchInput(
            application: application, screenSize: screen, configuration: EvdevTouchConfiguration())
        let keymap = try Keymap.compiling(KeymapNames())
        let keys = EvdevKeyInput(application: application, configuration: EvdevKeyConfiguration(keymap: keymap))
        // Devices as the sets open them, without a kernel.
        func open<Kind>(_ set: EvdevDeviceSet<Kind>, _ name: String, _ state: Kind.DeviceState) throws {
            let device = EvdevDevice(
                path: "/dev/input/" + name, description: TouchDeviceDescription(name: name), source: 1, state: state,
                fd: FileDescriptor(rawValue: -1), evdev: try #require(libevdev_new()), set: set)
            set.devices.append(device)
            if let offer = set.flightRecorderDeviceOpened { device.flightRecorderIndex = offer(device) }
        }
        let panel = try Trace.load(path: PackagePaths.path("Tests/Traces/synthetic_single-touch_tap-and-drag.evemu"))
        func touchState() throws -> EvdevTouchState {
            EvdevTouchState(input: try TouchInputPath(device: panel.device, screenSize: screen))
        }
        try open(keys.deviceSet, "keyboard", KeyTranslator(keymap: keymap))
        let recorder = FlightRecorder(
            directory: directory, seconds: 300, memoryBudget: 1, launchTime: 0, launchOptions: [], appName: "demo")
        let line = recorder.line
        recorder.record(touch.deviceSet) { _ in .touch }
        recorder.record(keys.deviceSet) { _ in .keys }
        defer {
            _ = clinux_flight_configure(0, 0, 0)
            // As closing them does: each device retains its set's kind, which holds the set.
            for device in touch.devices {
                device.set = nil
                device.kind = nil
                libevdev_free(device.evdev)
            }
            for device in keys.devices {
                device.set = nil
                device.kind = nil
                libevdev_free(device.evdev)
            }
            touch.deviceSet.devices.removeAll()
            keys.deviceSet.devices.removeAll()
        }
        #expect(line.contains("flight recorder: the last 300 s of input"), "\(line)")
        try open(touch.deviceSet, "panel", touchState())
        try open(touch.deviceSet, "second panel", touchState())
        try open(keys.deviceSet, "buttons", KeyTranslator(keymap: keymap))
        #expect(keys.devices.map(\.flightRecorderIndex) == [0, 2])
        #expect(touch.devices.map(\.flightRecorderIndex) == [1, -1])
        #expect(
            (0..<clinux_flight_device_count()).map { String(cString: clinux_flight_device_path($0)) } == [
                directory + "/flight-recording.keys.evemu", directory + "/flight-recording.evemu",
                directory + "/flight-recording.keys-2.evemu"
            ])
    }

    @Test("the ring is sized from the board's memory budget: 1/64 of it, 16 bytes an event")
    func ringSizeFollowsTheMemoryBudget() {
        #expect(FlightRecorder.capacity(memoryBudget: 64) == 65536)
        #expect(FlightRecorder.capacity(memoryBudget: 32) == 32768)
        #expect(FlightRecorder.capacity(memoryBudget: 0.01) == 1024)
    }
}
