import CLinux
import PanelKit

/// One application's window on a DRM/KMS display, with touches from evdev,
/// run by the epoll loop: each turn renders what changed into a logical
/// framebuffer and hands the dirty rectangle to the display with the oldest
/// input time it reflects. The device backend of `panel demo`, the board
/// binary and `panel calibrate`, each with its own window.
///
/// SIGTERM and SIGINT end ``run(duration:)``, which restores the console's
/// display mode before it returns, whatever stopped it.
public final class DeviceSession: EpollRunLoopDelegate, DRMDisplayDelegate, RunLoopTarget {
    public let display: DRMDisplay
    public let application: Application
    public let window: Window
    public let renderer: Renderer
    public let input: EvdevTouchInput
    public let loop: EpollRunLoop
    /// What the renderer draws into; the display copies its dirty parts to the scan-out buffers.
    public let framebuffer: Framebuffer
    /// Device messages (a touch screen came or went), for the caller to print.
    public var log: ((String) -> Void)?
    /// Called at the end of every turn, after rendering: flush a log here.
    public var turnDidEnd: (() -> Void)?
    /// Called for every page flip.
    public var framePresented: ((PresentedFrame) -> Void)?
    /// Page flips completed.
    public internal(set) var frames = 0
    /// Seconds from the oldest input event a frame reflects to its page flip,
    /// one per frame that touch input caused (reserved up front: no growth per frame).
    public internal(set) var latencies: [Double] = []
    /// Wall and CPU time of the last ``run(duration:)``, in seconds.
    public internal(set) var wallTime = 0.0
    public internal(set) var cpuTime = 0.0
    @usableFromInline var stopTimer: TimerHandle?

    /// `window` must be the size of the display's mode; touches map onto it.
    public init(display: DRMDisplay, application: Application, window: Window, renderer: Renderer,
                touch: EvdevTouchConfiguration) throws(PanelLinuxError) {
        self.display = display
        self.application = application
        self.window = window
        self.renderer = renderer
        let stride = display.width * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * display.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * display.height)
        framebuffer = Framebuffer(width: display.width, height: display.height, stride: stride, format: .xrgb8888, baseAddress: pixels)
        do throws(Errno) {
            loop = try EpollRunLoop(application: application)
        } catch {
            throw PanelLinuxError("cannot set up the epoll loop: " + error.message, errno: error)
        }
        input = EvdevTouchInput(application: application, screenSize: Size(width: Double(display.width), height: Double(display.height)),
                                configuration: touch)
        latencies.reserveCapacity(1 << 16)
    }

    deinit {
        framebuffer.baseAddress.deallocate()
    }

    /// Whether a signal (not ``stop(after:)`` or the duration) ended the last run.
    public var stoppedBySignal: Bool { loop.receivedSignal != 0 }

    /// Opens the touch devices, shows the window and runs until a signal, the
    /// `duration` (seconds) or ``stop(after:)``; then closes the display
    /// (restoring the console) and the touch devices.
    public func run(duration: Double? = nil) throws(PanelLinuxError) {
        input.log = log
        try input.start(loop)
        if input.devices.isEmpty {
            log?("panel: no touch screen yet; waiting for one in " + input.configuration.directory)
        }
        renderer.draw(window, into: framebuffer)
        loop.delegate = self
        display.delegate = self
        try display.attach(to: loop, source: framebuffer)
        if let duration { stop(after: duration) }
        let startWall = application.runLoop.now
        let startCPU = DeviceSession.processCPUTime()
        var failure: Errno?
        do throws(Errno) {
            try loop.run()
        } catch {
            failure = error
        }
        wallTime = application.runLoop.now - startWall
        cpuTime = DeviceSession.processCPUTime() - startCPU
        // The console's mode comes back before anything else is said.
        display.close(loop)
        input.close(loop)
        if let failure { throw PanelLinuxError("the epoll loop failed: " + failure.message, errno: failure) }
    }

    /// Ends the run `seconds` from now (replacing an earlier request).
    public func stop(after seconds: Double) {
        if let stopTimer { application.runLoop.cancel(stopTimer) }
        stopTimer = application.runLoop.schedule(after: seconds, target: self, tag: 0)
    }

    /// The median, 99th percentile and maximum of ``latencies`` (seconds); nil when no frame reflected touch input.
    public func latencySummary() -> (p50: Double, p99: Double, max: Double)? {
        guard !latencies.isEmpty else { return nil }
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        return (percentile(0.50), percentile(0.99), sorted[sorted.count - 1])
    }

    /// This process's CPU time (user + system), in seconds.
    public static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    // EpollRunLoopDelegate
    public func runLoopTurnDidEnd(_ loop: EpollRunLoop) {
        if let dirty = renderer.render(window, into: framebuffer) {
            display.update(dirty: dirty, inputTime: input.oldestUnpresentedInput)
        }
        input.oldestUnpresentedInput = .infinity
        turnDidEnd?()
    }

    public func runLoopInputDirectoryChanged(_ loop: EpollRunLoop) {
        input.rescan(loop)
    }

    // DRMDisplayDelegate
    public func display(_ display: DRMDisplay, didPresent frame: PresentedFrame) {
        frames += 1
        if let inputTime = frame.inputTime { latencies.append(frame.flipTime - inputTime) }
        framePresented?(frame)
    }

    // stop(after:)
    public func runLoopDidFire(_ handle: TimerHandle) { loop.stop() }
}
