import CLinux
import PanelBoards
import PanelKeys
import PanelLinux
import PanelLog
import PanelText
import PanelTrace
import PanelUI

/// The app on a board: the DRM/KMS display (or an fbdev framebuffer) at its mode's size, touches from
/// evdev through the board's calibration, rotation and filters, the epoll
/// loop (`DeviceSession`). The JSON Lines log goes to standard output; the
/// evdev → page flip latency summary and the CPU use to standard error at the
/// end, and per frame to `--latency-log`. SIGTERM and SIGINT end it, and the
/// console's mode comes back before anything else is said. Started on a
/// virtual terminal, it lets VT switches take the display away and give it
/// back (`DeviceSession.terminal`), logging each as a `"display"` line.
enum DeviceHost {
    static func run(_ runtime: AppRuntime, display: any ScanoutDisplay, backend: Backend = .drm) -> Int32 {
        let options = runtime.options
        let board = runtime.board
        // Every view's bytes, for the memory report at the end (before the app makes any).
        View.measureAllocation = malloc_usable_size
        // From here on, any error gives the console its mode back before it is printed.
        runtime.restoreDisplay = { display.close(nil) }
        func failClosing(_ message: String) -> Never { runtime.fail(message) }
        let touch = runtime.touchConfiguration()
        // The encoder's devices (its turns, its push button) are the encoder's alone: its push is no key press.
        let encoder = runtime.encoderConfiguration()
        var keyIgnoredDevices: [String] = []
        if let encoder {
            keyIgnoredDevices.append(encoder.device)
            if encoder.buttonKey != nil, let button = encoder.buttonDevice { keyIgnoredDevices.append(button) }
        }

        var latencyLog: FileDescriptorSink?
        if let path = options.latencyLog {
            let fd = clinux_open(path, clinux_o_wronly_create_truncate(), 0o644)
            guard fd >= 0 else {
                failClosing("cannot write the latency log " + path + ": " + Errno(rawValue: clinux_errno()).message)
            }
            latencyLog = FileDescriptorSink(fileDescriptor: fd)
            write(
                "# frame input_time flip_time latency_ms vblank (CLOCK_MONOTONIC seconds; - when no touch input caused the frame; vblank: the CRTC's counter at the flip)\n",
                to: latencyLog!)
        }

        // The board's backlight (display.backlight), checked before the app launches.
        var backlight: SysfsBacklight?
        if let settings = board?.display.backlight {
            var configuration = SysfsBacklightConfiguration(
                device: settings.device, minimumLevel: settings.minimumLevel,
                maximumLevel: settings.maximumLevel)
            if let directory = environmentVariable("PANELKIT_BACKLIGHT_DIR") { configuration.directory = directory }
            do throws(PanelLinuxError) {
                backlight = try SysfsBacklight.open(configuration)
            } catch {
                failClosing(error.message)
            }
        }

        let runLoop = RunLoop(clock: SystemClock())
        // The UI's orientation (the mode turned by the board's rotation), in points:
        // the framebuffer stays the logical pixels, drawn at the board's scale.
        let logical = display.logicalSize
        let size = Size(width: Double(logical.width) / runtime.scale, height: Double(logical.height) / runtime.scale)
        // The idle timer dims the backlight, if the board has one, and blanks through the session (below).
        let launched = runtime.launch(runtime.firstDelegate!, runLoop: runLoop, screenSize: size, backend: backend) {
            application in
            application.screen.backlight = backlight
        }
        let session: DeviceSession
        do throws(PanelLinuxError) {
            session = try DeviceSession(
                display: display, application: launched.application, window: launched.window,
                renderer: Renderer(textRenderer: runtime.textRenderer), touch: touch)
        } catch {
            failClosing(error.message)
        }
        if let encoder {
            session.encoder = EvdevEncoderInput(application: launched.application, configuration: encoder)
        }
        // The display's blanking (DPMS), for the screen's idle timer; nothing blanks before the loop runs.
        launched.application.screen.blanking = session
        let log = launched.log
        session.turnDidEnd = { log.writer.flush() }
        session.log = { message in writeError(message + "\n") }
        // VT switches (DeviceSession.terminal): a "display" line in the JSON log and one on stderr.
        session.displayChanged = { acquired in
            log.writer.beginObject(type: "display")
            log.writer.field("t", log.time, decimals: 4)
            log.writer.field("event", acquired ? "acquired" : "released")
            log.writer.endObject()
            log.writer.flush()
            writeError(
                acquired
                    ? "panel: display acquired: back on the VT, the whole frame redrawn\n"
                    : "panel: display released: the VT switched away; the app runs on without presenting\n")
        }
        // systemd (a Type=notify unit): READY=1 at the first frame, watchdog pings from the loop's timer.
        let notifier: ServiceNotifier?
        do throws(PanelLinuxError) {
            notifier = try ServiceNotifier.fromEnvironment()
        } catch {
            failClosing(error.message)
        }
        notifier?.startPinging(on: runLoop)
        // A stuck action (systemd's SIGABRT) or a crash says which event the turn was in.
        installFatalSignalReport(for: launched.application.turnRecord)
        defer {
            clinux_remove_fatal_signal_report()
            _ = clinux_flight_configure(0, 0, 0)
        }
        // The last minutes of input, written on SIGUSR1, the watchdog's SIGABRT or a crash.
        StartupPhases.mark("session")
        let recorder = FlightRecorder(
            directory: runtime.dataDirectory(backend: backend) ?? ".", seconds: board?.budgets.flightRecording ?? 300,
            memoryBudget: board?.budgets.memory ?? 64, launchTime: runtime.startTime,
            launchOptions: runtime.launchWords, appName: runtime.programName)
        runtime.note(recorder.line)
        recorder.record(session.input.deviceSet) { _ in .touch }
        if let encoder = session.encoder {
            recorder.record(encoder.deviceSet) { $0.reportsTurns ? .encoder : .encoderButton }
        }
        do throws(Errno) {
            try session.loop.watchSignal(clinux_sigusr1())
        } catch {
            runtime.note("SIGUSR1 cannot be routed through the loop (" + error.message + "): no flight recording on it")
        }
        session.signalReceived = { signal in
            if signal == clinux_sigusr1() { runtime.note(FlightRecorder.write(reason: "SIGUSR1")) }
        }
        let startTime = runtime.startTime
        var firstFrame = true
        session.framePresented = { [unowned(unsafe) session] frame in
            if firstFrame {
                firstFrame = false
                notifier?.notifyReady()
                runtime.note(firstFrameLine(flipTime: frame.flipTime, mainTime: startTime))
                runtime.note(StartupPhases.line(endingAt: frame.flipTime, last: "flip"))
                // Keyboards and buttons type through the board's keymap (its `keyboard` section),
                // loaded once the first frame is up: nothing on it needs a key, and a
                // keymap takes a slow CPU tens of milliseconds to compile.
                if let keymap = runtime.keymap() {
                    var keys = EvdevKeyConfiguration(keymap: keymap)
                    keys.ignoredDevices = keyIgnoredDevices
                    session.startKeys(keys)
                    if let keys = session.keys { recorder.record(keys.deviceSet) { _ in .keys } }
                }
            }
            if let latencyLog {
                if let inputTime = frame.inputTime {
                    write(
                        String(frame.number) + " " + fixed(inputTime, 6) + " " + fixed(frame.flipTime, 6) + " "
                            + fixed((frame.flipTime - inputTime) * 1000, 3) + " " + String(frame.vblank) + "\n",
                        to: latencyLog)
                } else {
                    // A frame no touch caused (the first frame, an animation's): no latency.
                    write(
                        String(frame.number) + " - " + fixed(frame.flipTime, 6) + " - " + String(frame.vblank) + "\n",
                        to: latencyLog)
                }
            }
        }
        // Measured when the loop ends, before the display closes: what the app held while it ran.
        var memory: MemoryReport?
        session.loopDidEnd = { [unowned(unsafe) session] in
            memory = ResidentMemory.current().map { resident in
                MemoryReport(
                    memory: resident, budgetMiB: board?.budgets.memory ?? 64,
                    framebufferBytes: session.framebuffer.stride * session.framebuffer.height,
                    scanoutBytes: display.scanoutBytes, glyphCacheBytes: runtime.textRenderer.glyphCacheBytes,
                    textLayoutBytes: runtime.textRenderer.layoutBytes,
                    cachedLayerBytes: launched.application.rasterization.bytesInUse,
                    cachedLayerBudget: launched.application.rasterization.bytes, views: View.liveInstanceCount,
                    viewBytes: View.liveInstanceBytes)
            }
        }
        runtime.note((board.map { $0.name + ": " } ?? "") + display.summary + "; SIGTERM or SIGINT ends it")
        StartupPhases.mark("flight recorder")
        do throws(PanelLinuxError) {
            try session.run(duration: options.duration)
        } catch {
            failClosing(error.message) // a touch device that cannot open fails before the display is attached
        }
        notifier?.notifyStopping()
        runtime.restoreDisplay = nil // the session closed it
        launched.application.screen.blanking = nil // the screen held the session
        if let backlight {
            // Leave the panel lit for whatever comes next, even when it ended dimmed or blank.
            backlight.isOn = true
            backlight.brightness = launched.application.screen.brightness
        }
        launched.terminate()
        log.writer.flush()
        if let latencyLog { _ = close(latencyLog.fileDescriptor) }
        runtime.note(summary(session))
        if let memory { runtime.note(memory.line) }
        let wall = session.wallTime
        let cpu = session.cpuTime
        runtime.note(
            "CPU " + fixed(cpu, 3) + " s over " + fixed(wall, 3) + " s running ("
                + fixed(wall > 0 ? cpu / wall * 100 : 0, 2)
                + "%), " + String(session.loop.wakeCount) + " wake-ups")
        return 0
    }

    /// How long the panel took to show the app: from `main()` and `exec`
    /// (/proc's start time, in clock ticks) and from the kernel's start
    /// (CLOCK_BOOTTIME), to the first frame's flip (on CLOCK_MONOTONIC).
    static func firstFrameLine(flipTime: Double, mainTime: Double) -> String {
        let monotonic = clinux_monotonic_now()
        let flipBootTime = clinux_boottime_now() - (monotonic - flipTime)
        var line = "first frame on the screen " + fixed((flipTime - mainTime) * 1000, 1) + " ms after main()"
        if let exec = processStartBootTime() {
            line += ", " + fixed((flipBootTime - exec) * 1000, 0) + " ms after exec"
        }
        return line + ", " + fixed(flipBootTime, 2) + " s after the kernel started"
    }

    static func summary(_ session: DeviceSession) -> String {
        let stop = session.stoppedBySignal ? "signal " + String(session.loop.receivedSignal) : "the duration"
        guard let latency = session.latencySummary() else {
            return "stopped by " + stop + "; " + String(session.frames)
                + " frames presented; latency: no frame reflected touch input"
        }
        // A framebuffer device shows a frame when it is copied (or panned), a KMS display at its page flip.
        let shown = session.display is DRMDisplay ? "page flip" : "copy"
        return "stopped by " + stop + "; " + String(session.frames) + " frames presented; latency evdev→" + shown
            + " over "
            + String(session.latencies.count) + " frames: p50 " + fixed(latency.p50 * 1000, 2) + " ms, p99 "
            + fixed(latency.p99 * 1000, 2) + " ms, max " + fixed(latency.max * 1000, 2) + " ms"
    }

    static func write(_ text: String, to sink: FileDescriptorSink) {
        var text = text
        text.withUTF8 { sink.write(UnsafeRawBufferPointer($0)) }
    }
}
