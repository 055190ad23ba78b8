import Foundation
import PanelDemo
import PanelKit
import PanelLinux
import PanelReplay
import PanelText

/// The demo on a real panel: the demo app or a scene in a ``DeviceSession``
/// (DRM/KMS display, evdev touch, the epoll loop), its log on standard output,
/// and the evdev → page flip latency on standard error (and per frame in
/// `--latency-log`).
final class DeviceDemo {
    let session: DeviceSession
    /// The demo app or the scene, and the application running it.
    let content: DemoContent
    let log: ReplayLog
    let latencyLog: UnsafeMutablePointer<FILE>?

    /// `scene`: a scene file (its window, with the replay's touch,
    /// responder and action log lines, so the two logs compare); `nil` runs
    /// the demo app (controls and about screens, action lines only).
    init(display: DRMDisplay, scene: SceneFile?, deviceConfiguration: EvdevTouchConfiguration, textRenderer: FreeTypeTextRenderer,
         icon: Image?, latencyLogPath: String?) throws {
        let runLoop = RunLoop(clock: SystemClock())
        let size = Size(width: Double(display.width), height: Double(display.height))
        log = ReplayLog(sink: FileDescriptorSink(fileDescriptor: 1), clock: runLoop.clock)
        log.startTime = runLoop.now
        content = try DemoContent(scene: scene, runLoop: runLoop, screenSize: size, icon: icon, log: log)
        session = try DeviceSession(display: display, application: content.application, window: content.window,
                                    renderer: Renderer(textRenderer: textRenderer), touch: deviceConfiguration)
        if let latencyLogPath {
            guard let file = fopen(latencyLogPath, "w") else { fail("cannot write the latency log \(latencyLogPath)") }
            latencyLog = file
            fputs("# frame input_time flip_time latency_ms (CLOCK_MONOTONIC seconds; - when no touch input caused the frame)\n", file)
        } else {
            latencyLog = nil
        }
        let log = self.log, latencyLog = self.latencyLog
        session.turnDidEnd = { log.writer.flush() }
        session.framePresented = { frame in
            guard let latencyLog else { return }
            if let inputTime = frame.inputTime {
                fputs(String(format: "%ld %.6f %.6f %.3f\n", frame.number, inputTime, frame.flipTime,
                             (frame.flipTime - inputTime) * 1000), latencyLog)
                fflush(latencyLog)
            } else {
                // A frame no touch caused (the first frame, a timer's animation): no latency.
                fputs(String(format: "%ld - %.6f -\n", frame.number, frame.flipTime), latencyLog)
            }
        }
        session.log = { message in FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }

    func run(duration: Double?) throws {
        let display = session.display
        FileHandle.standardError.write(Data("panel demo: \(display.cardPath) \(display.connectorName) \(display.modeName); SIGTERM or SIGINT ends it\n".utf8))
        try session.run(duration: duration)
        log.writer.flush()
        if let latencyLog { fclose(latencyLog) }
        FileHandle.standardError.write(Data((summary() + "\n").utf8))
        let wall = session.wallTime, cpu = session.cpuTime
        FileHandle.standardError.write(Data(String(format: "panel demo: CPU %.3f s over %.3f s running (%.2f%%), %ld wake-ups\n",
                                                   cpu, wall, wall > 0 ? cpu / wall * 100 : 0, session.loop.wakeCount).utf8))
    }

    func summary() -> String {
        let stop = session.stoppedBySignal ? "signal \(session.loop.receivedSignal)" : "the duration"
        guard let latency = session.latencySummary() else {
            return "panel demo: stopped by \(stop); \(session.frames) frames presented; latency: no frame reflected touch input"
        }
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        return "panel demo: stopped by \(stop); \(session.frames) frames presented; latency evdev→page flip over \(session.latencies.count) frames:"
            + " p50 \(ms(latency.p50)), p99 \(ms(latency.p99)), max \(ms(latency.max))"
    }
}
