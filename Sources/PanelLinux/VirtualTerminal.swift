import CLinux

/// The virtual terminal (`/dev/ttyN`) the app was started on, switched the
/// way X, weston-launch and kmscon do it without logind:
///
/// - `KD_GRAPHICS`, so fbcon does not draw on this VT; switching to a VT in
///   `KD_TEXT` then makes fbcon take the display back (the kernel forces the
///   fbdev mode on that change), and switching back blanks it again.
/// - `VT_PROCESS`: the kernel asks before switching away (the release
///   signal) and waits for `allowRelease()`; when this VT is active again
///   it sends the acquire signal, answered by `acknowledgeAcquire()`. The
///   signals arrive through the epoll loop's signalfd, not a handler.
///
/// Without this, `chvt` switches VTs while the app keeps DRM master and
/// keeps presenting over whatever the other VT shows. `restore()` puts back
/// the VT's modes (`VT_AUTO`, `KD_TEXT`): call it after the display is closed.
/// When the process dies without it, the kernel resets the VT itself at the
/// next switch (the release signal cannot be delivered).
public final class VirtualTerminal {
    /// `/dev/ttyN`.
    public let path: String
    public let number: Int
    @usableFromInline let fd: FileDescriptor
    @usableFromInline var savedKDMode: Int32 = 0
    @usableFromInline var savedMode = vt_mode()
    @usableFromInline var isTakenOver = false
    @usableFromInline var isRestored = false

    @usableFromInline init(number: Int, fd: FileDescriptor) {
        self.number = number
        self.path = "/dev/tty" + String(number)
        self.fd = fd
    }

    /// The VT on standard input, else the controlling terminal when it is a
    /// VT; `nil` when the process is on none (started over a serial line, by
    /// systemd without a TTY, over ssh): then there is no VT to switch.
    public static func current() -> VirtualTerminal? {
        var number = Int(clinux_vt_number(0))
        if number == 0 {
            // The controlling terminal; ENXIO when there is none.
            let tty = clinux_open("/dev/tty", clinux_o_rdwr_noctty(), 0)
            if tty >= 0 {
                number = Int(clinux_vt_number(tty))
                _ = close(tty)
            }
        }
        guard number > 0 else { return nil }
        let fd = clinux_open("/dev/tty" + String(number), clinux_o_rdwr_noctty(), 0)
        guard fd >= 0 else { return nil }
        return VirtualTerminal(number: number, fd: FileDescriptor(rawValue: fd))
    }

    /// Whether this VT is the one on the screen.
    public var isActive: Bool { Int(clinux_vt_active(fd.rawValue)) == number }

    /// Graphics mode and `VT_PROCESS` with the two signals (which the caller
    /// must already have blocked and routed to its loop, or the first switch
    /// kills the process). On failure the VT is left as it was.
    public func takeOver(releaseSignal: Int32, acquireSignal: Int32) throws(PanelLinuxError) {
        var kdMode: Int32 = 0
        guard clinux_kd_get_mode(fd.rawValue, &kdMode) == 0, clinux_vt_get_mode(fd.rawValue, &savedMode) == 0 else {
            throw PanelLinuxError("\(path): cannot read the VT's mode: \(Errno.current.message)", errno: .current)
        }
        savedKDMode = kdMode
        if clinux_vt_set_process_mode(fd.rawValue, releaseSignal, acquireSignal) != 0 {
            let error = Errno.current
            throw PanelLinuxError("\(path): cannot take over VT switching (VT_SETMODE): \(error.message)", errno: error)
        }
        if clinux_kd_set_mode(fd.rawValue, clinux_kd_graphics()) != 0 {
            let error = Errno.current
            _ = clinux_vt_set_mode(fd.rawValue, &savedMode)
            throw PanelLinuxError(
                "\(path): cannot put the VT in graphics mode (KDSETMODE): \(error.message)", errno: error)
        }
        isTakenOver = true
    }

    /// Lets the pending switch away go ahead (`VT_RELDISP 1`): call it once the display is released.
    public func allowRelease() {
        guard isTakenOver else { return }
        _ = clinux_vt_reldisp(fd.rawValue, 1)
    }

    /// Acknowledges that the VT is back (`VT_RELDISP VT_ACKACQ`).
    public func acknowledgeAcquire() {
        guard isTakenOver else { return }
        _ = clinux_vt_reldisp(fd.rawValue, clinux_vt_ackacq())
    }

    /// Back to the modes found (normally `VT_AUTO` and `KD_TEXT`, which
    /// makes fbcon redraw the console), and closes the VT.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        if isTakenOver {
            _ = clinux_kd_set_mode(fd.rawValue, savedKDMode)
            _ = clinux_vt_set_mode(fd.rawValue, &savedMode)
            isTakenOver = false
        }
        fd.close()
    }
}
