import CLinux
import Foundation
import PanelLog
import PanelTesting
import PanelTrace
import PanelUI
import Testing

@testable import PanelKit

/// The flight recorder's ring and its evemu recording (the board's touch
/// input goes into it as `EvdevTouchInput` reads it): a recording of the
/// whole session replays to the panel's log; one that starts mid-session
/// says so, starts at a frame's first event and keeps the last seconds.
@Suite("The flight recorder", .serialized)
struct FlightRecorderTests {
    static let trace = PackagePaths.path("Tests/Traces/Apps/demo_more-then-licences.evemu")

    /// Feeds `trace`'s events to the ring the way the device's input does,
    /// with the launch `lead` seconds before its first event, and writes it.
    func record(
        _ trace: Trace, to path: String, capacity: UInt32, seconds: Double = 300, lead: Double = 0
    ) throws -> Int {
        let first = try #require(trace.events.first).time
        #expect(clinux_flight_configure(capacity, seconds, first - lead, path) == 0)
        let sink = MemorySink()
        _ = EvemuWriter(device: trace.device, sink: sink, comment: "launched as: panel demo")
        #expect(clinux_flight_set_header(String(decoding: sink.bytes, as: UTF8.self)) == 0)
        for event in trace.events { clinux_flight_record(event.time, event.type, event.code, event.value) }
        let written = clinux_flight_write("SIGUSR1")
        _ = clinux_flight_configure(0, 0, 0, "")
        return written
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

    @Test("the ring is sized from the board's memory budget: 1/64 of it, 16 bytes an event")
    func ringSizeFollowsTheMemoryBudget() {
        #expect(FlightRecorder.capacity(memoryBudget: 64) == 65536)
        #expect(FlightRecorder.capacity(memoryBudget: 32) == 32768)
        #expect(FlightRecorder.capacity(memoryBudget: 0.01) == 1024)
    }
}
