import CLinux
import PanelUI

/// One application's window on a display (DRM/KMS or fbdev: `ScanoutDisplay`), with touches from evdev,
/// run by the epoll loop: each turn ends in the core's frame loop
/// (`FrameDriver`), which renders what changed into a logical framebuffer
/// and hands the dirty rectangles to the display with the oldest input time
/// they reflect. The device backend of `panel demo`, the board binary and
/// `panel calibrate`, each with its own window.
///
/// SIGTERM and SIGINT end `run(duration:)`, which restores the console's
/// display mode before it returns, whatever stopped it.
///
/// Animations are paced by the display: while the application's
/// `DisplayLink` has targets, each turn that finds no page flip in flight
/// steps them, renders and queues the next flip, so there is one animation
/// frame per vblank and never two frames queued for one. With no target the
/// loop sleeps until input: an idle screen uses no CPU. While the screen's
/// idle timer has it blank (`Screen.idleState`), nothing is rendered or
/// flipped and the display link is paused: the loop sleeps until a touch.
public final class DeviceSession: EpollRunLoopDelegate, ScanoutDisplayDelegate, RunLoopTarget, DisplayBlanking {
    public let display: any ScanoutDisplay
    public let application: Application
    public let window: Window
    package let renderer: Renderer
    public let input: EvdevTouchInput
    /// The board's rotary encoder and push button, if it has one (set before `run(duration:)`).
    public var encoder: EvdevEncoderInput?
    /// Keyboards and buttons, when the host gave a keymap (at `init`, or later to `startKeys(_:)`).
    public private(set) var keys: EvdevKeyInput?
    public let loop: EpollRunLoop
    /// What the renderer draws into; the display copies its dirty parts to the scan-out buffers.
    public let framebuffer: Framebuffer
    /// Device messages (a touch screen came or went), for the caller to print.
    public var log: ((String) -> Void)?
    /// Called at the end of every turn, after its frame: flush a log here.
    public var turnDidEnd: (() -> Void)?
    /// Called for every page flip.
    public var framePresented: ((PresentedFrame) -> Void)?
    /// Called when the display was given up for a VT switch away (false) and taken back (true).
    public var displayChanged: ((_ acquired: Bool) -> Void)?
    /// Whether `run(duration:)` takes over VT switching when the app is on a
    /// virtual terminal (`VirtualTerminal`). Off, `chvt` leaves the app
    /// presenting over the other VT.
    public var handlesVirtualTerminal = true
    /// The VT the app runs on while `run(duration:)` handles its switches; nil when on none.
    public internal(set) var terminal: VirtualTerminal?
    /// Page flips completed.
    public internal(set) var frames = 0
    /// Seconds from the oldest input event a frame reflects to its page flip,
    /// one per frame that touch input caused (reserved up front: no growth per frame).
    public internal(set) var latencies: [Double] = []
    /// Wall and CPU time of the last `run(duration:)`, in seconds.
    public internal(set) var wallTime = 0.0
    public internal(set) var cpuTime = 0.0
    @usableFromInline var stopTimer: TimerHandle?
    /// The frame loop while `run(duration:)` runs: every turn of the epoll
    /// loop ends in a frame onto the scan-out display.
    public internal(set) var frameDriver: FrameDriver?
    @usableFromInline var reportedDroppedFrames = 0

    /// `window` covers the screen in the UI's orientation, in points (the
    /// display's `ScanoutDisplay.logicalSize` over its screen's scale);
    /// touches map onto its bounds. The renderer draws into a framebuffer of
    /// the logical size in pixels, in the display's `ScanoutDisplay.pixelFormat`,
    /// which the display turns and copies.
    package init(
        display: any ScanoutDisplay, application: Application, window: Window, renderer: Renderer,
        touch: EvdevTouchConfiguration, keys: EvdevKeyConfiguration? = nil
    ) throws(PanelLinuxError) {
        self.display = display
        self.application = application
        self.window = window
        self.renderer = renderer
        let size = display.logicalSize
        let stride = size.width * display.pixelFormat.bytesPerPixel
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * size.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * size.height)
        framebuffer = Framebuffer(
            width: size.width, height: size.height, stride: stride, format: display.pixelFormat,
            baseAddress: pixels)
        do throws(Errno) {
            loop = try EpollRunLoop(application: application)
        } catch {
            throw PanelLinuxError("cannot set up the epoll loop: " + error.message, errno: error)
        }
        input = EvdevTouchInput(application: application, screenSize: window.bounds.size, configuration: touch)
        self.keys = keys.map { EvdevKeyInput(application: application, configuration: $0) }
        latencies.reserveCapacity(1 << 16)
    }

    deinit {
        framebuffer.baseAddress.deallocate()
    }

    /// Whether a signal (not `stop(after:)` or the duration) ended the last run.
    public var stoppedBySignal: Bool { loop.receivedSignal != 0 }

    /// Opens the touch devices, shows the window and runs until a signal, the
    /// `duration` (seconds) or `stop(after:)`; then closes the display
    /// (restoring the console) and the touch devices.
    public func run(duration: Double? = nil) throws(PanelLinuxError) {
        input.log = log
        keys?.log = log
        try input.start(loop)
        keys?.start(loop)
        if input.devices.isEmpty {
            log?("panel: no touch screen yet; waiting for one in " + input.configuration.directory)
        }
        if let encoder {
            encoder.log = log
            encoder.inputTimes = input
            encoder.start(loop)
        }
        StartupPhases.mark("input")
        // Laid out apart from the drawing, which would lay out first anyway: the start-up's phases tell them apart.
        window.layoutIfNeeded(measuringTextWith: renderer.textRenderer)
        StartupPhases.mark("layout")
        renderer.draw(window, into: framebuffer)
        StartupPhases.mark("draw")
        loop.delegate = self
        display.delegate = self
        try display.attach(to: loop, source: framebuffer)
        StartupPhases.mark("present")
        let frames = FrameDriver(
            application: application, window: window, renderer: renderer,
            display: ScanoutFrames(display: display, framebuffer: framebuffer))
        frameDriver = frames
        input.frameDriver = frames
        defer {
            frames.detach()
            input.frameDriver = nil
            frameDriver = nil
        }
        if handlesVirtualTerminal { takeOverTerminal() }
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
        loopDidEnd?()
        // The console's mode comes back before anything else is said.
        display.close(loop)
        terminal?.restore() // after the CRTC: KD_TEXT makes fbcon redraw the console
        terminal = nil
        input.close(loop)
        encoder?.close(loop)
        keys?.close(loop)
        if let failure { throw PanelLinuxError("the epoll loop failed: " + failure.message, errno: failure) }
    }

    /// Starts reading keyboards and buttons through `configuration`'s keymap
    /// while the session runs, when `init` was given none: the device host
    /// does it after the first frame, which needs no keymap (compiling one
    /// is tens of milliseconds on a slow CPU). Later calls do nothing.
    public func startKeys(_ configuration: EvdevKeyConfiguration) {
        guard keys == nil else { return }
        let keys = EvdevKeyInput(application: application, configuration: configuration)
        keys.log = log
        self.keys = keys
        keys.start(loop)
    }

    /// Ends the run `seconds` from now (replacing an earlier request).
    public func stop(after seconds: Double) {
        if let stopTimer { application.runLoop.cancel(stopTimer) }
        stopTimer = application.runLoop.schedule(after: seconds, target: self, tag: 0)
    }

    /// The median, 99th percentile and maximum of `latencies` (seconds); nil when no frame reflected touch input.
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
        if application.droppedInputFrames != reportedDroppedFrames {
            // More frames came in one read than the queue holds (the app fell behind).
            log?(
                "panel: the input queue overflowed: " + String(application.droppedInputFrames - reportedDroppedFrames)
                    + " touch frames dropped (oldest first; " + String(application.droppedInputFrames) + " in all)")
            reportedDroppedFrames = application.droppedInputFrames
        }
        turnDidEnd?()
    }

    public func runLoopInputDirectoryChanged(_ loop: EpollRunLoop) {
        input.rescan(loop)
        encoder?.rescan(loop)
        keys?.rescan(loop)
    }

    // ScanoutDisplayDelegate
    public func display(_ display: any ScanoutDisplay, didPresent frame: PresentedFrame) {
        frames &+= 1 // wraps, never traps (armv7: 2^31 flips are 414 days at 60 Hz)
        if let inputTime = frame.inputTime { latencies.append(frame.flipTime - inputTime) }
        framePresented?(frame)
    }

    // stop(after:)
    public func runLoopDidFire(_ handle: TimerHandle) {
        loop.stop()
    }

    // MARK: Blanking

    /// The screen's idle timer blanks and wakes the display through here; a
    /// display that cannot (no DPMS) says so in the log and stays on.
    public func setBlanked(_ blanked: Bool) {
        do throws(PanelLinuxError) {
            try display.setBlanked(blanked)
        } catch {
            log?("panel: " + error.message)
        }
    }

    // MARK: VT switching

    /// The VT's release and acquire signals: real-time ones, so SIGUSR1 and
    /// SIGUSR2 stay the app's (SIGUSR1 writes the flight recording).
    public static var releaseSignal: Int32 { clinux_sigrtmin_plus(1) }
    public static var acquireSignal: Int32 { clinux_sigrtmin_plus(2) }

    /// On a VT: routes the release and acquire signals through the
    /// loop, then puts the VT in `VT_PROCESS` and `KD_GRAPHICS` mode. Not on
    /// a VT: nothing, silently. A VT that refuses is said in one line, and
    /// the app runs on without VT handling.
    @usableFromInline func takeOverTerminal() {
        guard let vt = VirtualTerminal.current() else { return }
        do throws(PanelLinuxError) {
            do throws(Errno) {
                try loop.watchSignal(Self.releaseSignal)
                try loop.watchSignal(Self.acquireSignal)
            } catch {
                throw PanelLinuxError("cannot route the VT's signals through the loop: " + error.message, errno: error)
            }
            try vt.takeOver(releaseSignal: Self.releaseSignal, acquireSignal: Self.acquireSignal)
        } catch {
            vt.restore()
            log?("panel: " + error.message + "; VT switches are not handled")
            return
        }
        terminal = vt
        log?("panel: on " + vt.path + ": switching VTs releases the display and switching back redraws it")
        if !vt.isActive {
            // Started on a VT that is not on the screen: wait for it.
            display.release()
            displayChanged?(false)
        }
    }

    /// A signal the host watches (`EpollRunLoop.watchSignal(_:)`), not the VT's: SIGUSR1 for the flight recorder.
    public var signalReceived: ((Int32) -> Void)?
    /// Called when the loop has ended, before the display and the devices
    /// close: what the app holds while it runs can still be measured.
    public var loopDidEnd: (() -> Void)?

    public func runLoop(_ loop: EpollRunLoop, didReceiveSignal signal: Int32) {
        guard let terminal, signal == Self.releaseSignal || signal == Self.acquireSignal else {
            signalReceived?(signal)
            return
        }
        if signal == Self.releaseSignal {
            // The kernel waits for VT_RELDISP: master must be dropped first.
            display.release()
            terminal.allowRelease()
            displayChanged?(false)
        } else {
            terminal.acknowledgeAcquire()
            display.acquire()
            displayChanged?(true)
        }
    }
}

/// The scan-out display as the frame driver's `Display`: the session's
/// logical framebuffer, paced by page flips (a flip's completion wakes the
/// epoll loop, and that turn's frame steps the animations).
final class ScanoutFrames: Display {
    let display: any ScanoutDisplay
    let framebuffer: Framebuffer

    init(display: any ScanoutDisplay, framebuffer: Framebuffer) {
        self.display = display
        self.framebuffer = framebuffer
    }

    var refreshInterval: Double { display.refreshInterval }
    var pacesFrames: Bool { true }
    var isBusy: Bool { display.isFlipPending }

    func present(_ dirty: DirtyRegion, inputTime: Double) {
        display.update(dirty: dirty, inputTime: inputTime)
    }
}
