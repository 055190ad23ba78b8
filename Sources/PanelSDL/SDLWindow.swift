import CSDL
import PanelSimulator
import PanelUI

/// Why the simulator's window could not open, as one line.
public struct SDLError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// What one SDL event means to the simulator.
public enum SimulatorInput: Equatable {
    case none
    /// The window closed, or SIGINT/SIGTERM arrived (SDL turns them into SDL_QUIT).
    case quit
    /// The window must be drawn again.
    case exposed
    case mouseDown(x: Int, y: Int, mode: MouseTouchMode)
    case mouseMoved(x: Int, y: Int)
    case mouseUp
    case key(SimulatorKey)
    /// A simulated rotary encoder's turn or push (`SDLWindow.encoderInput()`).
    case encoder(EncoderEvent)
    /// Any other key of the desktop keyboard, down (`isRepeat`: the desktop's
    /// autorepeat) or up, as the evdev code at its position; `developerKey`
    /// when it is one of the simulator's keys pressed alone. The host types it
    /// through the board's keymap, or takes the developer key when nothing is typed into.
    case keyboard(
        keyCode: UInt16, isDown: Bool, isRepeat: Bool, developerKey: SimulatorKey?, modifiers: DesktopModifiers)
    /// The window lost the keyboard: the keys held are cancelled.
    case keyboardLost
}

/// Which modifier keys the desktop holds with a key.
public struct DesktopModifiers: Equatable {
    public var control = false, alt = false, shift = false
    public init(control: Bool = false, alt: Bool = false, shift: Bool = false) {
        self.control = control
        self.alt = alt
        self.shift = shift
    }
}

/// The developer keys; `SimulatorKey.help` lists them.
public enum SimulatorKey: Equatable, CaseIterable {
    case screenshot, rotate, overlay, slowMotion, quit

    public static let help = """
        keys: S screenshot (PNG in the current folder), R rotate the board 90° (the app restarts at the turned size), \
        O finger overlay on/off, M slow motion (timers and animations at 1/5 speed), Esc or Q quit; \
        other keys (all of them while a text field is first responder) type through the board's keyboard layout. \
        Mouse: left button = one finger; Alt (or Ctrl) drag = pinch/rotate, two fingers mirrored about the centre; \
        Alt+Shift (or Ctrl+Shift) drag = two-finger pan. \
        Rotary encoder: Ctrl+Alt+Right/Left (or Ctrl+wheel) turn a detent clockwise/counter-clockwise, Ctrl+Alt+Return pushes
        """
}

/// The simulator's desktop window: shows the panel's physical framebuffer
/// turned upright (as the panel is mounted), scaled by whole pixels with
/// nearest-neighbour sampling, with the finger overlay on top (never in the
/// app's framebuffer).
public final class SDLWindow {
    /// Whether Ctrl+Alt+Return pushed the simulated encoder and Return is still down.
    var isEncoderPushed = false
    public private(set) var screen: SimulatorScreen
    let window: OpaquePointer
    let renderer: OpaquePointer
    var texture: OpaquePointer
    /// Circle outline offsets for the finger overlay, and room to place them.
    var circle: [SDL_Point] = []
    var placedPoints: UnsafeMutablePointer<SDL_Point>
    var event = SDL_Event()
    /// The window lost focus: `pollInput()` says `SimulatorInput.keyboardLost` next.
    var focusLost = false

    /// The display the environment names (`WAYLAND_DISPLAY`, else `DISPLAY`), or
    /// nil when there is none: SDL is never asked to open a window then.
    public static var displayName: String? {
        for variable in ["WAYLAND_DISPLAY", "DISPLAY"] {
            if let value = getenv(variable), value.pointee != 0 { return String(cString: value) }
        }
        return nil
    }

    /// Opens the window. Throws instead of letting SDL fail later: no display,
    /// SDL_Init, the window, the renderer and the texture are each checked.
    public init(title: String, screen: SimulatorScreen) throws(SDLError) {
        guard Self.displayName != nil else {
            throw SDLError(
                message: "no display for the SDL simulator: neither DISPLAY nor WAYLAND_DISPLAY is set; "
                    + "use --backend headless")
        }
        // Whole-pixel zoom without blurring.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0")
        // Keep the desktop compositor running, and let SIGINT/SIGTERM arrive as SDL_QUIT.
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw SDLError(message: "SDL cannot open the display: \(Self.lastError()); use --backend headless")
        }
        let centered = csdl_windowpos_centered()
        guard
            let window = SDL_CreateWindow(
                title, centered, centered, Int32(screen.windowWidth), Int32(screen.windowHeight),
                SDL_WINDOW_SHOWN.rawValue)
        else {
            let message = Self.lastError()
            SDL_Quit()
            throw SDLError(
                message: "SDL cannot create a \(screen.windowWidth)x\(screen.windowHeight) window: \(message)")
        }
        guard
            let renderer = SDL_CreateRenderer(window, -1, 0)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else {
            let message = Self.lastError()
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw SDLError(message: "SDL cannot draw in its window: \(message)")
        }
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_XRGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(screen.physicalWidth), Int32(screen.physicalHeight))
        else {
            let message = Self.lastError()
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw SDLError(
                message: "SDL cannot make a \(screen.physicalWidth)x\(screen.physicalHeight) texture: \(message)")
        }
        self.screen = screen
        self.window = window
        self.renderer = renderer
        self.texture = texture
        // A ring three pixels wide, about a fingertip across.
        for radius in [15.0, 16.0, 17.0] {
            let steps = Int(radius * 8)
            for step in 0..<steps {
                let turn = sineCosine(Double(step) / Double(steps) * 2 * Double.pi)
                circle.append(
                    SDL_Point(x: Int32((radius * turn.cosine).rounded()), y: Int32((radius * turn.sine).rounded())))
            }
        }
        placedPoints = .allocate(capacity: circle.count)
    }

    deinit {
        placedPoints.deallocate()
    }

    public func close() {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The largest whole zoom at which a `screen` window fits the desktop's usable area (at least 1).
    public static func fittingZoom(for screen: SimulatorScreen) -> Int {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return 1 }
        let zoom = min(Int(bounds.w) / screen.logicalWidth, Int(bounds.h) / screen.logicalHeight)
        return max(zoom, 1)
    }

    /// Takes a new rotation or zoom: the window follows the logical size (the texture stays the panel's).
    public func setScreen(_ newScreen: SimulatorScreen) {
        screen = newScreen
        SDL_SetWindowSize(window, Int32(newScreen.windowWidth), Int32(newScreen.windowHeight))
    }

    public func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }

    /// Copies `area` of the panel's physical framebuffer (whole pixels) into the window's texture.
    public func update(from physical: Framebuffer, area: Rect) {
        guard let pixels = Renderer.pixelArea(covering: area, in: physical) else { return }
        var rect = SDL_Rect(
            x: Int32(pixels.minX), y: Int32(pixels.minY), w: Int32(pixels.width), h: Int32(pixels.height))
        let start = physical.baseAddress + Int(pixels.minY) * physical.stride + Int(pixels.minX) * 4
        SDL_UpdateTexture(texture, &rect, start, Int32(physical.stride))
    }

    /// Draws the texture turned upright and zoomed, the overlay's fingers on
    /// top (window points; `count` 0 draws none), and shows the result.
    public func present(fingers: MouseFingers?) {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        let zoom = Int32(screen.zoom)
        let w = Int32(screen.physicalWidth) * zoom
        let h = Int32(screen.physicalHeight) * zoom
        // The texture is the physical image; turned back by the rotation it stands upright, centred in the window.
        var target = SDL_Rect(
            x: (Int32(screen.windowWidth) - w) / 2, y: (Int32(screen.windowHeight) - h) / 2, w: w, h: h)
        SDL_RenderCopyEx(renderer, texture, nil, &target, -Double(screen.rotation.rawValue), nil, SDL_FLIP_NONE)
        if let fingers, fingers.count > 0 {
            drawFinger(at: screen.windowPoint(for: fingers.first))
            if fingers.count > 1 { drawFinger(at: screen.windowPoint(for: fingers.second)) }
        }
        SDL_RenderPresent(renderer)
    }

    func drawFinger(at point: Point) {
        let cx = Int32(point.x.rounded())
        let cy = Int32(point.y.rounded())
        for index in 0..<circle.count {
            placedPoints[index] = SDL_Point(x: cx + circle[index].x, y: cy + circle[index].y)
        }
        SDL_SetRenderDrawColor(renderer, 255, 64, 160, 255)
        SDL_RenderDrawPoints(renderer, placedPoints, Int32(circle.count))
        var dot = SDL_Rect(x: cx - 1, y: cy - 1, w: 3, h: 3)
        SDL_RenderFillRect(renderer, &dot)
    }

    /// Sleeps until an event arrives or `milliseconds` pass (-1: no limit) and
    /// returns what it means; `nil` when the time ran out.
    public func waitInput(milliseconds: Int32) -> SimulatorInput? {
        guard SDL_WaitEventTimeout(&event, milliseconds) == 1 else { return nil }
        return translate()
    }

    /// The next pending event's meaning without waiting; `nil` when none is pending.
    public func pollInput() -> SimulatorInput? {
        if focusLost {
            focusLost = false
            return .keyboardLost
        }
        guard SDL_PollEvent(&event) == 1 else { return nil }
        return translate()
    }

    func translate() -> SimulatorInput {
        if let encoder = encoderInput() { return .encoder(encoder) }
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            let kind = Uint32(event.window.event)
            if kind == SDL_WINDOWEVENT_CLOSE.rawValue { return .quit }
            if kind == SDL_WINDOWEVENT_EXPOSED.rawValue || kind == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue {
                return .exposed
            }
            // Focus lost mid-drag: the button-up would go elsewhere, so lift the fingers now
            // (the keys held are cancelled on the next poll).
            if kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue {
                focusLost = true
                return .mouseUp
            }
            return .none
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard event.button.button == csdl_button_left() else { return .none }
            let modifiers = UInt32(SDL_GetModState().rawValue)
            let alt = modifiers & (UInt32(KMOD_ALT.rawValue) | UInt32(KMOD_CTRL.rawValue)) != 0
            let shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
            return .mouseDown(
                x: Int(event.button.x), y: Int(event.button.y), mode: MouseTouchMode(alt: alt, shift: shift))
        case SDL_MOUSEMOTION.rawValue:
            guard csdl_left_button_held(event.motion.state) != 0 else { return .none }
            return .mouseMoved(x: Int(event.motion.x), y: Int(event.motion.y))
        case SDL_MOUSEBUTTONUP.rawValue:
            return event.button.button == csdl_button_left() ? .mouseUp : .none
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let isDown = event.type == SDL_KEYDOWN.rawValue
            let mods = UInt32(event.key.keysym.mod)
            let modifiers = DesktopModifiers(
                control: mods & UInt32(KMOD_CTRL.rawValue) != 0, alt: mods & UInt32(KMOD_ALT.rawValue) != 0,
                shift: mods & UInt32(KMOD_SHIFT.rawValue) != 0)
            var developerKey: SimulatorKey?
            if !modifiers.control && !modifiers.alt && !modifiers.shift {
                switch Int(event.key.keysym.sym) {
                case Int(SDLK_s.rawValue): developerKey = .screenshot
                case Int(SDLK_r.rawValue): developerKey = .rotate
                case Int(SDLK_o.rawValue): developerKey = .overlay
                case Int(SDLK_m.rawValue): developerKey = .slowMotion
                case Int(SDLK_ESCAPE.rawValue), Int(SDLK_q.rawValue): developerKey = .quit
                default: break
                }
            }
            // Scancodes are positions (USB usages), as evdev codes are: the board's layout gives the characters.
            guard let code = DesktopKeys.evdevCode(usbUsage: Int(event.key.keysym.scancode.rawValue)) else {
                return isDown && event.key.repeat == 0 ? developerKey.map { .key($0) } ?? .none : .none
            }
            return .keyboard(
                keyCode: code, isDown: isDown, isRepeat: event.key.repeat != 0, developerKey: developerKey,
                modifiers: modifiers)
        default:
            return .none
        }
    }

    /// The simulated rotary encoder (docs/focus.md), the one place its keys
    /// are read: Ctrl+Alt+Right and Ctrl+Alt+Left turn it a detent (held,
    /// they repeat at the desktop's key repeat), Ctrl+Alt+Return pushes it
    /// (down, then up); the wheel with Ctrl held turns it too (towards you is
    /// clockwise). Nil for any other event, which the other handlers get.
    func encoderInput() -> EncoderEvent? {
        switch event.type {
        case SDL_MOUSEWHEEL.rawValue:
            let ctrl = UInt32(SDL_GetModState().rawValue) & UInt32(KMOD_CTRL.rawValue) != 0
            guard ctrl, event.wheel.y != 0 else { return nil }
            return .turn(-Int(event.wheel.y))
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            // The modifiers as they were at this key, not now: a burst of
            // events (a script's keys) is read after they all happened.
            let modifiers = UInt32(event.key.keysym.mod)
            let combination = modifiers & UInt32(KMOD_CTRL.rawValue) != 0 && modifiers & UInt32(KMOD_ALT.rawValue) != 0
            let down = event.type == SDL_KEYDOWN.rawValue
            switch Int(event.key.keysym.sym) {
            case Int(SDLK_RIGHT.rawValue) where combination && down: return .turn(1)
            case Int(SDLK_LEFT.rawValue) where combination && down: return .turn(-1)
            case Int(SDLK_RETURN.rawValue):
                // The push ends when Return comes up, whichever modifier was let go first.
                if down && combination && !isEncoderPushed && event.key.repeat == 0 {
                    isEncoderPushed = true
                    return .push(.began)
                }
                if !down && isEncoderPushed {
                    isEncoderPushed = false
                    return .push(.ended)
                }
                return nil
            default: return nil
            }
        default:
            return nil
        }
    }

    static func lastError() -> String {
        guard let text = SDL_GetError() else { return "unknown SDL error" }
        let message = String(cString: text)
        return message.isEmpty ? "unknown SDL error" : message
    }
}
