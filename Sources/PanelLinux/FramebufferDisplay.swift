import CLinux
import PanelUI

/// Settings for the fbdev display.
public struct FramebufferDisplayConfiguration {
    /// A framebuffer device such as `/dev/fb1`; `nil` takes `fb0` in
    /// `directory`, else the first `fbN` there.
    public var devicePath: String?
    public var directory: String = "/dev"
    /// The refresh rate to pace frames at when the driver's timings give none
    /// (many fbdev drivers leave `pixclock` 0): the board's `display.mode`; nil: 60 Hz.
    public var refreshRate: Double?
    /// Whether to pan between two buffers when the driver can. Off: single-buffered dirty copies.
    public var allowsDoubleBuffering = true
    /// The format the board asks for (`display.pixelFormat`); the UI is drawn
    /// in RGB565 when either it or the panel is 16-bit, else in XRGB8888.
    public var pixelFormat: PixelFormat?
    /// How the panel is mounted (`display.rotation`): turned in the dirty copy.
    public var rotation: DisplayRotation = .none
    public init(devicePath: String? = nil) { self.devicePath = devicePath }
}

/// An fbdev display (`/dev/fbN`), for boards and kernels without KMS: SPI
/// panels through fbtft, vendor BSP kernels. The framebuffer is mapped and
/// only the dirty areas of the source are copied into it, converted to the
/// panel's format (XRGB8888 or RGB565). Where the driver can pan over two
/// screens (`yres_virtual` at least twice `yres`, asked for with
/// `FBIOPUT_VSCREENINFO` when it is not), frames are double-buffered by
/// `FBIOPAN_DISPLAY`; else single-buffered. `FBIO_WAITFORVSYNC` paces
/// frames where the driver has a real one, a refresh-interval timer where not.
/// On close the framebuffer is cleared and the screen info found at open
/// (virtual size, pan offset) put back, so fbcon redraws the console.
///
/// The same surface as `DRMDisplay` (`ScanoutDisplay`), so a
/// `DeviceSession` runs on either.
public final class FramebufferDisplay: ScanoutDisplay, RunLoopTarget {
    public let devicePath: String
    public let fd: FileDescriptor
    /// The panel's pixels as scanned out.
    public let width: Int
    public let height: Int
    /// What the UI is drawn in (converted into `scanoutFormat` as it is copied when they differ).
    public let pixelFormat: PixelFormat
    /// The panel's format, from its screen info.
    public let scanoutFormat: PixelFormat
    public let rotation: DisplayRotation
    /// Bytes from one row to the next in the framebuffer (`line_length`).
    public internal(set) var stride: Int
    public var delegate: (any ScanoutDisplayDelegate)?
    /// The screen info found at open, put back on close.
    public let originalInfo: FramebufferScreenInfo
    /// Two buffers, flipped by panning; false: dirty copies into the one on the screen.
    public internal(set) var isDoubleBuffered: Bool
    /// Whether `FBIO_WAITFORVSYNC` waits for a real vblank on this driver.
    public internal(set) var hasVSync: Bool
    /// Why not double-buffered (or how), for `summary`.
    public internal(set) var bufferingNote: String
    /// Seconds between frames: from the driver's timings, else the measured vsync, else the configuration's rate, else 1/60.
    public let refreshInterval: Double
    /// False while another client owns the display (the driver refused to pan: a DRM master) or the VT is switched away.
    public internal(set) var isPresenting = true
    /// Given up with `release()` (the VT switched away): no presenting until `acquire()`.
    public internal(set) var isReleased = false
    /// Powered down with `setBlanked(_:)`.
    public internal(set) var isBlanked = false

    @usableFromInline var savedVar: fb_var_screeninfo
    /// The screen info we run with (the doubled virtual height, when asked for).
    @usableFromInline var runningVar: fb_var_screeninfo
    @usableFromInline var changedVar = false
    @usableFromInline var canPan: Bool
    @usableFromInline var map: UnsafeMutableRawPointer
    @usableFromInline var mapLength: Int
    public var scanoutBytes: Int { mapLength }
    /// Where the framebuffer starts in the mapping (`smem_start` within its page).
    @usableFromInline var mapOffset: Int
    /// Rows of framebuffer memory mapped.
    @usableFromInline var mappedRows: Int
    /// Single-buffered: the row the screen shows from.
    @usableFromInline var visibleRow = 0
    @usableFromInline var front = 0
    @usableFromInline var flipPending = false
    @usableFromInline var panBlocked = false
    @usableFromInline var presentTime = 0.0
    /// What the buffers lack and the input times of the frames on their way.
    @usableFromInline var frames = FrameDamage()
    @usableFromInline var source: Framebuffer?
    @usableFromInline var runLoop: RunLoop?
    @usableFromInline var completionTimer: TimerHandle?
    @usableFromInline var retryTimer: TimerHandle?
    @usableFromInline var isClosed = false

    @usableFromInline static let completionTag = 1
    @usableFromInline static let retryTag = 2
    @usableFromInline static let firstPresentTag = 3

    // MARK: Opening

    /// Opens the framebuffer, checks its format, sets up double buffering
    /// where the driver allows it and maps the memory.
    public static func open(_ configuration: FramebufferDisplayConfiguration) throws(PanelLinuxError)
        -> FramebufferDisplay
    {
        let path: String
        if let given = configuration.devicePath {
            path = given
        } else {
            let found = devicePaths(in: configuration.directory)
            guard let first = found.first else { throw noFramebuffer(in: configuration.directory) }
            let fb0 = configuration.directory + "/fb0"
            path = found.contains(where: { sameBytes($0, fb0) }) ? fb0 : first
        }
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.openReadWriteNonBlocking(path)
        } catch {
            if error == .noSuchFile { throw missingDevice(path) }
            throw PanelLinuxError.opening(path, what: "framebuffer device", group: "video", error)
        }
        do {
            return try FramebufferDisplay(path: path, fd: fd, configuration: configuration)
        } catch {
            fd.close()
            throw error
        }
    }

    /// `fbN` entries of `directory`, sorted by number.
    public static func devicePaths(in directory: String) -> [String] {
        var names = directoryEntries(in: directory) { isFramebufferName($0) }
        names.sort { a, b in a.utf8.count != b.utf8.count ? a.utf8.count < b.utf8.count : bytesPrecede(a, b) }
        return names.map { directory + "/" + $0 }
    }

    /// `fb` followed by digits: `fb0`, `fb12`.
    static func isFramebufferName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "f"), bytes[1] == UInt8(ascii: "b") else { return false }
        for i in 2..<bytes.count where bytes[i] < UInt8(ascii: "0") || bytes[i] > UInt8(ascii: "9") { return false }
        return true
    }

    static func noFramebuffer(in directory: String) -> PanelLinuxError {
        PanelLinuxError(
            "no framebuffer device in " + directory + " (" + directory
                + "/fb*): no fbdev driver is loaded (load the panel's driver, e.g. an fbtft module, or enable the LCD controller's), or use --backend drm",
            errno: .noSuchFile)
    }

    /// `path` does not exist: which framebuffers do, in its folder.
    static func missingDevice(_ path: String) -> PanelLinuxError {
        var directory = "."
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            directory = slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        }
        let found = devicePaths(in: directory)
        if found.isEmpty {
            return PanelLinuxError(
                path + ": no such framebuffer device, and " + directory
                    + " has none (no fbdev driver is loaded: load the panel's driver, or use --backend drm)",
                errno: .noSuchFile)
        }
        return PanelLinuxError(
            path + ": no such framebuffer device; " + directory + " has " + found.joined(separator: ", ")
                + " (give one with --card, or as the board's display.device)", errno: .noSuchFile)
    }

    init(path: String, fd: FileDescriptor, configuration: FramebufferDisplayConfiguration) throws(PanelLinuxError) {
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        guard clinux_fb_get_var(fd.rawValue, &variable) == 0, clinux_fb_get_fix(fd.rawValue, &fixed) == 0 else {
            let error = Errno.current
            throw PanelLinuxError(
                path + ": not a framebuffer device (FBIOGET_VSCREENINFO: " + error.message
                    + "); give a /dev/fbN, or a DRM card with --backend drm", errno: error)
        }
        var info = FramebufferScreenInfo(variable, fixed)
        let format = try info.pixelFormat(device: path)
        originalInfo = info
        savedVar = variable
        runningVar = variable

        // A pan to where the screen is now: proves the driver pans, and a DRM
        // device's fbdev emulation refuses it (EBUSY) while a DRM master
        // (a display server, a KMS app) holds the display, which nothing
        // written here would reach.
        var probe = variable
        probe.vmode &= ~clinux_fb_vmode_ywrap()
        if clinux_fb_pan(fd.rawValue, &probe) == 0 {
            canPan = true
        } else {
            let error = Errno.current
            if error == .busy {
                throw PanelLinuxError(
                    path
                        + ": the display is held by a DRM client (a display server or a KMS app), which hides its fbdev emulation; stop it, or use --backend drm",
                    errno: error)
            }
            canPan = false
        }

        // Two screens to pan between: there already, or asked for.
        var note = ""
        var doubled = false
        if !configuration.allowsDoubleBuffering {
            note = "single-buffered dirty copies (double buffering turned off)"
        } else if !canPan || info.yPanStep == 0 {
            note = "single-buffered dirty copies (the driver cannot pan)"
        } else if info.canPanBetweenTwoScreens {
            doubled = true
            note = "double-buffered by panning (yres_virtual " + String(info.virtualHeight) + ")"
        } else if !info.memoryHoldsTwoScreens {
            note =
                "single-buffered dirty copies (" + String(info.memoryLength)
                + " bytes of video memory hold one screen, not two)"
        } else {
            var wanted = variable
            wanted.yres_virtual = UInt32(2 * info.height)
            wanted.xoffset = 0
            wanted.yoffset = 0
            wanted.activate = clinux_fb_activate_now()
            var grown = fb_var_screeninfo()
            var grownFix = fb_fix_screeninfo()
            if clinux_fb_put_var(fd.rawValue, &wanted) == 0, clinux_fb_get_var(fd.rawValue, &grown) == 0,
                clinux_fb_get_fix(fd.rawValue, &grownFix) == 0
            {
                let grownInfo = FramebufferScreenInfo(grown, grownFix)
                if grownInfo.width == info.width && grownInfo.height == info.height
                    && grownInfo.bitsPerPixel == info.bitsPerPixel
                    && grownInfo.red == info.red && grownInfo.green == info.green && grownInfo.blue == info.blue
                    && grownInfo.canPanBetweenTwoScreens
                {
                    doubled = true
                    changedVar = true
                    runningVar = grown
                    info = grownInfo
                    note =
                        "double-buffered by panning (yres_virtual " + String(originalInfo.virtualHeight) + " raised to "
                        + String(grownInfo.virtualHeight) + ")"
                } else {
                    var back = savedVar
                    back.activate = clinux_fb_activate_now()
                    _ = clinux_fb_put_var(fd.rawValue, &back)
                    note =
                        "single-buffered dirty copies (the driver gave yres_virtual " + String(grownInfo.virtualHeight)
                        + " for " + String(2 * info.height) + ")"
                }
            } else {
                note =
                    "single-buffered dirty copies (the driver keeps yres_virtual " + String(info.virtualHeight)
                    + ": FBIOPUT_VSCREENINFO refused " + String(2 * info.height) + ")"
            }
        }

        // The memory: two screens, or all rows the virtual area has.
        let lineLength = info.lineLength
        var rows = info.virtualHeight
        if info.memoryLength > 0 { rows = min(rows, info.memoryLength / lineLength) }
        let neededRows = doubled ? 2 * info.height : info.yOffset + info.height
        if rows < neededRows {
            rows = neededRows // the driver says too little memory; mmap decides
        }
        let pageMask = Int(clinux_page_size()) - 1
        let offset = Int(info.memoryStart & UInt(pageMask))
        let length = offset + lineLength * rows
        guard let pointer = clinux_mmap_shared(fd.rawValue, length, 0) else {
            let error = Errno.current
            if changedVar {
                var back = savedVar
                back.activate = clinux_fb_activate_now()
                _ = clinux_fb_put_var(fd.rawValue, &back)
            }
            throw PanelLinuxError(
                path + ": cannot map the framebuffer's " + String(length) + " bytes (mmap: " + error.message
                    + "); the driver may not support mmap", errno: error)
        }

        // Vsync: two waits in a row, the second must take about a frame (a
        // driver without a vblank interrupt may return at once).
        var vsync = false
        var measured: Double?
        if clinux_fb_wait_for_vsync(fd.rawValue) == 0 {
            let t0 = clinux_monotonic_now()
            if clinux_fb_wait_for_vsync(fd.rawValue) == 0 {
                let interval = clinux_monotonic_now() - t0
                if interval > 1.0 / 400 && interval < 0.25 {
                    vsync = true
                    measured = interval
                }
            }
        }

        devicePath = path
        self.fd = fd
        width = info.width
        height = info.height
        scanoutFormat = format
        pixelFormat = configuration.pixelFormat == .rgb565 || format == .rgb565 ? .rgb565 : .xrgb8888
        rotation = configuration.rotation
        stride = lineLength
        isDoubleBuffered = doubled
        hasVSync = vsync
        bufferingNote = note
        map = pointer
        mapLength = length
        mapOffset = offset
        mappedRows = rows
        // Single-buffered: drawn where the screen is, never panned. Double: the back buffer first.
        visibleRow = max(0, min(info.yOffset, rows - info.height))
        front = info.yOffset >= info.height ? 1 : 0
        let rate = info.refreshRate ?? measured.map { 1 / $0 } ?? configuration.refreshRate ?? 60
        refreshInterval = 1 / rate
    }

    /// One line for start-up: the device, its driver, mode and format, and how frames reach the screen.
    public var summary: String {
        var bpp = scanoutFormat == .xrgb8888 ? "32 bpp XRGB8888" : "16 bpp RGB565"
        if pixelFormat != scanoutFormat { bpp += ", the UI drawn in RGB565 and widened as it is copied" }
        if pixelFormat == .rgb565 { bpp += ", not dithered" }
        if rotation != .none {
            bpp += ", turned " + String(rotation.rawValue) + "° in software as dirty areas are copied"
        }
        let tenths = Int((10 / refreshInterval).rounded())
        let rateText = String(tenths / 10) + (tenths % 10 == 0 ? "" : "." + String(tenths % 10))
        return devicePath + (originalInfo.driver.isEmpty ? "" : " (" + originalInfo.driver + ")") + " " + String(width)
            + "x"
            + String(height) + " " + bpp + ", " + bufferingNote + ", "
            + (hasVSync
                ? "paced by FBIO_WAITFORVSYNC (" + rateText + " Hz)"
                : "paced at " + rateText + " Hz (no FBIO_WAITFORVSYNC)")
    }

    /// Buffer `index` (0 or 1; single-buffered: the screen) as a PanelKit framebuffer over the mapping.
    public func framebuffer(_ index: Int) -> Framebuffer {
        let row = isDoubleBuffered ? index * height : visibleRow
        return Framebuffer(
            width: width, height: height, stride: stride, format: scanoutFormat,
            baseAddress: map + mapOffset + row * stride)
    }

    // MARK: Presenting

    /// Starts presenting from `source`, a framebuffer of `logicalSize` in
    /// `pixelFormat`. The first frame goes out on the loop's next turn,
    /// after the session has put the VT in graphics mode, so fbcon draws nothing over it.
    public func attach(to loop: EpollRunLoop, source: Framebuffer) throws(PanelLinuxError) {
        let size = logicalSize
        precondition(
            source.width == size.width && source.height == size.height && source.format == pixelFormat,
            "FramebufferDisplay: the source framebuffer must be the logical size in the UI's pixel format")
        self.source = source
        let runLoop = loop.application.runLoop
        self.runLoop = runLoop
        for i in 0..<frames.damage.count { frames.damage[i] = DirtyRegion(source.bounds) }
        frames.needsPresent = true
        runLoop.performOnNextTurn(target: self, tag: Self.firstPresentTag)
    }

    /// The source changed in `dirty` (pixels), reflecting input from
    /// `inputTime` on: copy it out now, or when the frame on its way is shown.
    public func update(dirty: DirtyRegion, inputTime: Double) {
        guard !dirty.isEmpty else { return }
        frames.changed(dirty, inputTime: inputTime)
        presentIfPossible()
    }

    @usableFromInline func presentIfPossible() {
        guard frames.needsPresent, !flipPending, isPresenting, !isClosed, let source, let runLoop else { return }
        let vsync = hasVSync && !isBlanked
        var delay = refreshInterval
        if isDoubleBuffered {
            // The back buffer lacks every change since it was last shown.
            let back = 1 - front
            source.copy(frames.damage[back], turnedBy: rotation, into: framebuffer(back))
            frames.damage[back].removeAll()
            let start = clinux_monotonic_now()
            guard pan(toRow: back * height) else {
                let error = Errno.current
                frames.damage[back] = DirtyRegion(source.bounds)
                if error == .busy {
                    lost() // a DRM master took the display
                } else {
                    fallBackToSingleBuffer(because: error)
                    presentIfPossible()
                }
                return
            }
            // A driver whose pan returns at the vblank (the DRM helpers do)
            // has shown the frame already; else wait for the vblank in the
            // next turn, or a refresh interval without one.
            panBlocked = clinux_monotonic_now() - start > 0.002
            front = back
            if panBlocked || vsync { delay = 0 }
        } else {
            // One buffer: copy while the vblank lasts, where there is one.
            if vsync { _ = clinux_fb_wait_for_vsync(fd.rawValue) }
            source.copy(frames.damage[0], turnedBy: rotation, into: framebuffer(0))
            frames.damage[0].removeAll()
            frames.damage[1].removeAll()
            if vsync { delay = 0 }
        }
        presentTime = clinux_monotonic_now()
        flipPending = true
        frames.sent()
        completionTimer = runLoop.schedule(after: delay, target: self, tag: Self.completionTag)
    }

    /// `FBIOPAN_DISPLAY` to `row`.
    @usableFromInline func pan(toRow row: Int) -> Bool {
        var target = runningVar
        target.xoffset = 0
        target.yoffset = UInt32(row)
        target.vmode &= ~clinux_fb_vmode_ywrap()
        return clinux_fb_pan(fd.rawValue, &target) == 0
    }

    /// The driver stopped panning: copy into the screen it shows from now on.
    @usableFromInline func fallBackToSingleBuffer(because error: Errno?) {
        isDoubleBuffered = false
        findVisibleRow()
        if let source { frames.damage[0] = DirtyRegion(source.bounds) }
        bufferingNote = "single-buffered dirty copies (panning failed" + (error.map { ": " + $0.message } ?? "") + ")"
    }

    /// Single-buffered: the rows the screen shows now (where the driver or the console panned it).
    @usableFromInline func findVisibleRow() {
        var now = fb_var_screeninfo()
        visibleRow = clinux_fb_get_var(fd.rawValue, &now) == 0 ? max(0, min(Int(now.yoffset), mappedRows - height)) : 0
    }

    /// Whether a frame is on its way to the screen: the display takes no other until it is shown.
    public var isFlipPending: Bool { flipPending }

    public func runLoopDidFire(_ handle: TimerHandle) {
        switch handle.tag {
        case Self.completionTag:
            completionTimer = nil
            guard flipPending else { return }
            var shown = presentTime
            if isDoubleBuffered && !panBlocked && hasVSync && !isBlanked && !isClosed {
                // The pan takes effect at this vblank; the old front is free after it.
                _ = clinux_fb_wait_for_vsync(fd.rawValue)
                shown = clinux_monotonic_now()
            }
            frameShown(at: shown)
        case Self.retryTag:
            retryTimer = nil
            guard !isPresenting, !isReleased, !isClosed else { return }
            if !restoreScreen() { retryTimer = runLoop?.schedule(after: 0.5, target: self, tag: Self.retryTag) }
        default:
            presentIfPossible() // the first frame
        }
    }

    @usableFromInline func frameShown(at time: Double) {
        flipPending = false
        let frame = frames.shown(at: time)
        delegate?.display(self, didPresent: frame)
        presentIfPossible()
    }

    /// The frame on its way counts as shown now (release, close).
    @usableFromInline func finishPendingFrame() {
        if let completionTimer { runLoop?.cancel(completionTimer) }
        completionTimer = nil
        if flipPending { frameShown(at: presentTime) }
    }

    /// The driver refused to pan (another client holds the display): stop
    /// presenting, try again every half second.
    @usableFromInline func lost() {
        isPresenting = false
        if retryTimer == nil { retryTimer = runLoop?.schedule(after: 0.5, target: self, tag: Self.retryTag) }
    }

    /// Gives the display up for a VT switch away: the frame on its way is
    /// done, presenting stops and the screen info found at open is put back,
    /// so the next VT's console finds the mode it left. The app runs on,
    /// rendering into the source; `acquire()` shows it all again.
    public func release() {
        guard !isClosed, !isReleased else { return }
        isReleased = true
        isPresenting = false // first: the frame finishing below starts no other
        finishPendingFrame()
        if let retryTimer { runLoop?.cancel(retryTimer) }
        retryTimer = nil
        putBackOriginalScreenInfo()
    }

    /// The VT is back: the screen info we run with again, and the whole
    /// source on the screen. Returns false when that failed; presenting then
    /// retries every half second.
    @discardableResult
    public func acquire() -> Bool {
        guard !isClosed, isReleased else { return isPresenting }
        isReleased = false
        if restoreScreen() { return true }
        lost()
        return false
    }

    /// Our screen info back (another VT's console may have put its own), then
    /// the whole source into the buffer the screen shows.
    @usableFromInline func restoreScreen() -> Bool {
        guard let source else { return false }
        finishPendingFrame()
        if changedVar {
            var ours = runningVar
            ours.xoffset = 0
            ours.yoffset = 0
            ours.activate = clinux_fb_activate_now()
            guard clinux_fb_put_var(fd.rawValue, &ours) == 0 else { return false }
        }
        var now = fb_var_screeninfo()
        var nowFix = fb_fix_screeninfo()
        guard clinux_fb_get_var(fd.rawValue, &now) == 0, clinux_fb_get_fix(fd.rawValue, &nowFix) == 0 else {
            return false
        }
        let info = FramebufferScreenInfo(now, nowFix)
        // The mode must be the one the window was laid out for.
        guard info.width == width, info.height == height, info.lineLength == stride,
            (try? info.pixelFormat(device: devicePath)) == scanoutFormat
        else { return false }
        if isDoubleBuffered {
            guard info.canPanBetweenTwoScreens else {
                fallBackToSingleBuffer(because: nil)
                return restoreScreen()
            }
            let back = 1 - front
            source.copy(source.bounds, turnedBy: rotation, into: framebuffer(back))
            guard pan(toRow: back * height) else { return false }
            front = back
            frames.damage[front].removeAll()
            frames.damage[1 - front] = DirtyRegion(source.bounds)
        } else {
            findVisibleRow()
            source.copy(source.bounds, turnedBy: rotation, into: framebuffer(0))
            frames.damage[0].removeAll()
            frames.damage[1].removeAll()
        }
        isPresenting = true
        frames.needsPresent = false
        frames.pendingInputTime = .infinity
        return true
    }

    /// The screen info found at open, with its pan offset.
    @usableFromInline func putBackOriginalScreenInfo() {
        var original = savedVar
        original.activate = clinux_fb_activate_now()
        _ = clinux_fb_put_var(fd.rawValue, &original)
        if canPan {
            var offset = savedVar
            _ = clinux_fb_pan(fd.rawValue, &offset)
        }
    }

    // MARK: Blanking

    /// Powers the panel down (`FB_BLANK_POWERDOWN`) or back up
    /// (`FB_BLANK_UNBLANK`) with `FBIOBLANK`; what is drawn meanwhile shows
    /// when it comes back.
    public func setBlanked(_ blanked: Bool) throws(PanelLinuxError) {
        guard !isClosed, blanked != isBlanked else { return }
        if clinux_fb_blank(fd.rawValue, blanked ? clinux_fb_blank_powerdown() : clinux_fb_blank_unblank()) != 0 {
            let error = Errno.current
            throw PanelLinuxError(
                devicePath + ": cannot " + (blanked ? "blank" : "unblank") + " the display (FBIOBLANK: "
                    + error.message + "); the driver may not support blanking", errno: error)
        }
        isBlanked = blanked
    }

    // MARK: Closing

    /// Clears the framebuffer and puts back the screen info found at open
    /// (virtual size, pan offset), so fbcon redraws the console (at once on a
    /// VT in text mode; on the session's VT when it goes back to `KD_TEXT`);
    /// then unmaps and closes. Switched away, the other VT's screen is left alone.
    public func close(_ loop: EpollRunLoop?) {
        guard !isClosed else { return }
        isClosed = true
        if let completionTimer { runLoop?.cancel(completionTimer) }
        completionTimer = nil
        if let retryTimer { runLoop?.cancel(retryTimer) }
        retryTimer = nil
        if isBlanked {
            _ = clinux_fb_blank(fd.rawValue, clinux_fb_blank_unblank())
            isBlanked = false
        }
        if !isReleased {
            memset(map + mapOffset, 0, stride * mappedRows)
            putBackOriginalScreenInfo()
        }
        _ = munmap(map, mapLength)
        fd.close()
    }
}
