import CLinux
import PanelUI

/// `CLOCK_MONOTONIC` in seconds: the clock evdev timestamps (after
/// `EVIOCSCLOCKID`), DRM page-flip events and the timerfd all use.
public final class SystemClock: MonotonicClock {
    public init() {}
    public var now: Double { clinux_monotonic_now() }
}
