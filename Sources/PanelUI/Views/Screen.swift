/// UIKit's `UIScreen`: the panel the application draws on, as the UI sees it.
///
/// `bounds` is in points, in the UI's orientation (the board's rotation
/// already applied), and is what a full-screen window's frame is. `scale`
/// says how many pixels make a point: 2 on a dense panel lays the UI out on
/// half the pixels each way and draws it at the full resolution, so text and
/// shapes stay sharp. `nativeBounds` is the same area in pixels.
///
/// Everything the app sees is in points: frames, touches, text sizes, an
/// image's `Image.size`. The renderer draws its windows at `scale` (a
/// window's `Window.displayScale`) into a framebuffer of `nativeBounds`'s
/// size, and text is measured and drawn at the pixel size.
///
/// The host sets the screen up before the app launches
/// (`configure(bounds:scale:)`); an application that no host runs (a test)
/// has an 800×480 screen at scale 1.
///
/// The screen also owns the panel's light: `brightness` (UIKit's), through
/// the `Backlight` driver the host installs, and the idle timer
/// (`idlePolicy`, `Application.isIdleTimerDisabled`), which dims the
/// backlight and then blanks the display (`DisplayBlanking`) when nobody
/// touches the panel. The first touch on a dimmed or blank screen wakes it
/// and is swallowed: no view, recognizer or control sees that touch sequence
/// (docs/backlight.md). `idleState` says where it is; targets added with
/// `addTarget(_:action:)` or `addAction(_:)` are told when it changes.
public final class Screen: RunLoopTarget {
    /// The screen in points, origin at the top-left of the UI.
    public private(set) var bounds: Rect
    /// Pixels per point (1 to 4). Read every frame; a number set whole, so no exclusivity check.
    @exclusivity(unchecked) public private(set) var scale: Double

    public init(bounds: Rect = Rect(x: 0, y: 0, width: 800, height: 480), scale: Double = 1) {
        self.bounds = bounds
        self.scale = scale
    }

    /// The screen in pixels, in the UI's orientation: `bounds` times `scale`.
    public var nativeBounds: Rect {
        Rect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    /// Sets the size and scale; for hosts, before the app launches. A scale
    /// changed later lays out and draws every window again at the new scale.
    public func configure(bounds: Rect, scale: Double) {
        precondition(scale >= 1 && scale <= 4, "Screen: scale is pixels per point, from 1 to 4")
        self.bounds = bounds
        self.scale = scale
    }

    /// The whole pixels that cover `size` points at `scale`: the framebuffer a
    /// host allocates for a window of that size. A product within a rounding
    /// error of a whole number is that number (a 1280-pixel panel at scale 3
    /// is 426.67 points, which make 1280 pixels again, not 1281).
    public static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int {
            let exact = points * scale
            let nearest = exact.rounded()
            return Int(abs(exact - nearest) < 1e-6 ? nearest : exact.rounded(.up))
        }
        return (pixels(size.width), pixels(size.height))
    }

    // MARK: Brightness and the idle timer (state in Screen+Idle.swift)

    /// Where the idle timer has taken the screen.
    public enum IdleState: Equatable, Sendable {
        /// Lit at `Screen.brightness`: the panel was touched lately, or the idle timer is off.
        case awake
        /// The backlight at the policy's `IdlePolicy.dimBrightness`; the picture is still shown.
        case dimmed
        /// The display is off (DPMS off on DRM) and the backlight too; nothing is drawn,
        /// the display link does not step, and the loop sleeps until a touch.
        case blank
    }

    @usableFromInline var storedBrightness = 1.0
    // This, `idleTimerDisabled`, `idleState`, `sourcesDown`, `isSwallowingTouches`
    // and `idleTimerDeadline` are read on every input frame (`filterInput`);
    // each is read or written whole, with no access held across a call (the
    // state targets run after the store), so they skip the dynamic exclusivity check.
    @exclusivity(unchecked) @usableFromInline var storedPolicy = IdlePolicy.never
    @exclusivity(unchecked) @usableFromInline var idleTimerDisabled = false
    /// The backlight driver; nil where the host controls none (headless, a board without `display.backlight`).
    @usableFromInline var backlightDriver: (any Backlight)?
    @usableFromInline var blankingDriver: (any DisplayBlanking)?
    /// Told when `idleState` changes.
    @usableFromInline let stateTargets = TargetActionList<Screen>()

    @exclusivity(unchecked) public internal(set) var idleState = IdleState.awake

    /// Run-loop time of the last input frame (or of the last wake, policy change or launch).
    /// Written on every input frame: a number, so no exclusivity check.
    @exclusivity(unchecked) @usableFromInline var lastActivity = 0.0
    /// Input sources with a finger down now, one bit each (sources above 63 share the last bit).
    @exclusivity(unchecked) @usableFromInline var sourcesDown: UInt64 = 0
    /// Set by a touch that woke the screen: every frame is dropped until no finger is down.
    @exclusivity(unchecked) @usableFromInline var isSwallowingTouches = false
    /// The key that woke the screen: its repeats and its end are dropped too.
    @usableFromInline var swallowedKey: (keyCode: UInt16, source: Int)?
    /// Checked on every input frame: a trivial handle, so no exclusivity check.
    @exclusivity(unchecked) @usableFromInline var idleTimer: TimerHandle?
    /// When `idleTimer` fires; +infinity when none is pending.
    @exclusivity(unchecked) @usableFromInline var idleTimerDeadline = Double.infinity
    /// Set by the application that owns the screen (`attach(to:)`). Unretained: the
    /// application owns its screen, and its `deinit` clears this (`detach()`).
    /// An unretained pointer read on every input frame: no exclusivity check (see `View.window`).
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var application: Application?
}

/// The panel's backlight, as a driver: a host that controls one (the device
/// backend with `display.backlight` in the board file: `SysfsBacklight` in
/// PanelLinux) installs it as `Screen.backlight`. Class-bound, so the
/// screen holds it without existential boxes and it builds as Embedded Swift.
public protocol Backlight: AnyObject {
    /// 0 is the dimmest usable level (lit, not off), 1 the brightest; the
    /// driver maps this onto its own levels. Setting it does not turn a
    /// backlight that is off on.
    var brightness: Double { get set }
    /// Whether the backlight is lit. The screen turns it off while blank and
    /// on again when it wakes.
    var isOn: Bool { get set }
}

/// What turns the picture off and on, installed by the host as
/// `Screen.blanking`: on a device the session, which asks its display
/// (`DRMDisplay`: the connector's DPMS property; fbdev: `FBIOBLANK`). The
/// screen calls it when it blanks and wakes. A display that cannot blank is
/// the driver's to report; the screen goes on as if it had.
public protocol DisplayBlanking: AnyObject {
    /// Turns the display off (`true`) or back on, showing what it showed before.
    func setBlanked(_ blanked: Bool)
}

/// When the screen dims and blanks without input: board files give it
/// (`idle`), and the app can change it at run time (`Screen.idlePolicy`).
public struct IdlePolicy: Equatable, Sendable {
    /// Seconds without input before the backlight dims; nil never dims.
    public var dimAfter: Double?
    /// The backlight while dimmed, 0 (the dimmest usable level) to 1. A
    /// brightness already below it is kept.
    public var dimBrightness: Double
    /// Seconds without input (counted from the last input, not from the dim)
    /// before the display blanks; nil never blanks.
    public var blankAfter: Double?
    /// Whether the touch that wakes a *dimmed* screen is swallowed (the
    /// default) or delivered. The one that wakes a blank screen always is:
    /// the user could not see what they touched.
    public var swallowsWakeTouchWhenDimmed: Bool

    public init(
        dimAfter: Double? = nil, dimBrightness: Double = 0, blankAfter: Double? = nil,
        swallowsWakeTouchWhenDimmed: Bool = true
    ) {
        self.dimAfter = dimAfter
        self.dimBrightness = dimBrightness
        self.blankAfter = blankAfter
        self.swallowsWakeTouchWhenDimmed = swallowsWakeTouchWhenDimmed
    }

    /// Never dims, never blanks: the default without a board that says otherwise.
    public static let never = IdlePolicy()

    /// Whether the policy ever dims or blanks.
    public var isEnabled: Bool { dimAfter != nil || blankAfter != nil }
}
