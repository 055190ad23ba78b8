import Foundation
import PanelDemo
import PanelKit
import PanelLinux
import PanelReplay
import PanelText

/// The demo on a real panel: DRM/KMS display, evdev touch, the epoll loop.
final class DeviceDemo: EpollRunLoopDelegate, DRMDisplayDelegate, RunLoopTarget {
    let display: DRMDisplay
    let input: EvdevTouchInput
    let loop: EpollRunLoop
    /// The demo app or the scene, and the application running it.
    let content: DemoContent
    var application: Application { content.application }
    var window: Window { content.window }
    let log: ReplayLog
    let renderer: Renderer
    let logical: Framebuffer
    let latencyLog: UnsafeMutablePointer<FILE>?
    var latencies: [Double] = []
    var frames = 0
    var startWall = 0.0
    var startCPU = 0.0

    /// This process's CPU time (user + system), in seconds.
    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// `scene`: a scene file (its window, with the replay's touch,
    /// responder and action log lines, so the two logs compare); `nil` runs
    /// the demo app (controls and about screens, action lines only).
    init(display: DRMDisplay, scene: SceneFile?, deviceConfiguration: EvdevTouchConfiguration, textRenderer: FreeTypeTextRenderer,
         icon: Image?, latencyLogPath: String?) throws {
        self.display = display
        let runLoop = RunLoop(clock: SystemClock())
        let size = Size(width: Double(display.width), height: Double(display.height))
        log = ReplayLog(sink: FileDescriptorSink(fileDescriptor: 1), clock: runLoop.clock)
        log.startTime = runLoop.now
        content = try DemoContent(scene: scene, runLoop: runLoop, screenSize: size, icon: icon, log: log)
        renderer = Renderer(textRenderer: textRenderer)
        let stride = display.width * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * display.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * display.height)
        logical = Framebuffer(width: display.width, height: display.height, stride: stride, format: .xrgb8888, baseAddress: pixels)
        loop = try EpollRunLoop(application: content.application)
        input = EvdevTouchInput(application: content.application, screenSize: size, configuration: deviceConfiguration)
        if let latencyLogPath {
            guard let file = fopen(latencyLogPath, "w") else { fail("cannot write the latency log \(latencyLogPath)") }
            latencyLog = file
            fputs("# frame input_time flip_time latency_ms (CLOCK_MONOTONIC seconds; - when no touch input caused the frame)\n", file)
        } else {
            latencyLog = nil
        }
        latencies.reserveCapacity(1 << 16)
    }

    func run(duration: Double?) throws {
        input.log = { message in FileHandle.standardError.write(Data((message + "\n").utf8)) }
        try input.start(loop)
        if input.devices.isEmpty {
            FileHandle.standardError.write(Data("panel demo: no touch screen yet; waiting for one in \(input.configuration.directory)\n".utf8))
        }
        renderer.draw(window, into: logical)
        loop.delegate = self
        display.delegate = self
        try display.attach(to: loop, source: logical)
        if let duration { application.runLoop.schedule(after: duration, target: self, tag: 1) }
        FileHandle.standardError.write(Data("panel demo: \(display.cardPath) \(display.connectorName) \(display.modeName); SIGTERM or SIGINT ends it\n".utf8))
        startWall = application.runLoop.now
        startCPU = Self.processCPUTime()
        try loop.run()
        let wall = application.runLoop.now - startWall
        let cpu = Self.processCPUTime() - startCPU
        display.close(loop)
        input.close(loop)
        log.writer.flush()
        if let latencyLog { fclose(latencyLog) }
        FileHandle.standardError.write(Data((summary() + "\n").utf8))
        FileHandle.standardError.write(Data(String(format: "panel demo: CPU %.3f s over %.3f s running (%.2f%%), %ld wake-ups\n",
                                                   cpu, wall, wall > 0 ? cpu / wall * 100 : 0, loop.wakeCount).utf8))
    }

    func summary() -> String {
        let stop = loop.receivedSignal != 0 ? "signal \(loop.receivedSignal)" : "the duration"
        guard !latencies.isEmpty else {
            return "panel demo: stopped by \(stop); \(frames) frames presented; latency: no frame reflected touch input"
        }
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        return "panel demo: stopped by \(stop); \(frames) frames presented; latency evdev→page flip over \(sorted.count) frames:"
            + " p50 \(ms(percentile(0.50))), p99 \(ms(percentile(0.99))), max \(ms(sorted.last!))"
    }

    // EpollRunLoopDelegate
    func runLoopTurnDidEnd(_ loop: EpollRunLoop) {
        if let dirty = renderer.render(window, into: logical) {
            display.update(dirty: dirty, inputTime: input.oldestUnpresentedInput)
        }
        input.oldestUnpresentedInput = .infinity
        log.writer.flush()
    }

    func runLoopInputDirectoryChanged(_ loop: EpollRunLoop) {
        input.rescan(loop)
    }

    // DRMDisplayDelegate
    func display(_ display: DRMDisplay, didPresent frame: PresentedFrame) {
        frames += 1
        guard let inputTime = frame.inputTime else {
            // A frame no touch caused (the first frame, a timer's animation): no latency.
            if let latencyLog { fputs(String(format: "%ld - %.6f -\n", frame.number, frame.flipTime), latencyLog) }
            return
        }
        let latency = frame.flipTime - inputTime
        latencies.append(latency)
        if let latencyLog {
            fputs(String(format: "%ld %.6f %.6f %.3f\n", frame.number, inputTime, frame.flipTime, latency * 1000), latencyLog)
            fflush(latencyLog)
        }
    }

    // --duration
    func runLoopDidFire(_ handle: TimerHandle) { loop.stop() }
}
