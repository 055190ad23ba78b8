#if canImport(PanelSDL)
    import PanelBoards
    import CLinux
    import PanelImage
    import PanelJSON
    import PanelTrace
    import PanelKeys
    import PanelUI
    import PanelLinux
    import PanelReplay
    import PanelSDL
    import PanelSimulator

    /// The app on the desktop: an SDL window at the board's resolution, rotation
    /// and scale (the UI in points, drawn at the panel's pixels), the mouse as a
    /// touch panel through the board's own pipeline
    /// (decoder, transform, filters), and a loop that sleeps in
    /// `SDL_WaitEventTimeout` until input or the run loop's next timer,
    /// presenting only what changed. Keys: screenshot, rotate (the app restarts
    /// at the turned size, as a board booted turned would), finger overlay, slow
    /// motion, quit (`SimulatorKey.help`).
    final class SimulatorHost {
        static var displayName: String? { SDLWindow.displayName }

        let runtime: AppRuntime
        let clock: ScaledClock
        let runLoop: RunLoop
        let window: SDLWindow
        let renderer: Renderer
        var screen: SimulatorScreen
        var app: LaunchedApp
        var touch: TouchSimulator
        /// The desktop keyboard through the board's keymap, as a keyboard on the board would type.
        let keys: KeyTranslator?
        /// Where frames go: the UI's image (logical size, in pixels) turned into the
        /// panel's (physical size), as on the board, and shown in the window.
        var display: SimulatorDisplay
        /// The device's frame loop onto `display`: every turn ends in a frame.
        var frameDriver: FrameDriver
        let logicalFormat: PixelFormat
        let physical: HeadlessDisplay
        let recorder: EvemuWriter?
        let recordFile: Int32
        var showsFingers: Bool
        var running = true
        var frames = 0
        var lastFrameTime = 0.0

        static func run(_ runtime: AppRuntime) -> Int32 {
            // Checked before SDL is touched, so a missing display is one clear line, never a crash inside SDL.
            guard displayName != nil else {
                runtime.fail(
                    "no display for the SDL simulator: neither DISPLAY nor WAYLAND_DISPLAY is set; use --backend headless"
                )
            }
            let options = runtime.options
            let board = runtime.board
            let degrees = options.rotation ?? board?.display.rotation.rawValue ?? 0
            // The panel's own resolution, unturned: the board's mode, else --screen or what the
            // app prefers (points) at the scale, else 800x480.
            let scale = runtime.scale
            var pixels = Screen.pixelSize(
                of: runtime.firstDelegate!.preferredScreenSize ?? Size(width: 800, height: 480), scale: scale)
            if let board { pixels = (board.display.width, board.display.height) }
            if let screen = options.screen {
                pixels = Screen.pixelSize(
                    of: Size(width: Double(screen.width), height: Double(screen.height)), scale: scale)
            }
            let screen = SimulatorScreen(
                physicalWidth: pixels.width, physicalHeight: pixels.height,
                rotation: DisplayRotation(rawValue: degrees)!, scale: scale)
            let host: SimulatorHost
            do throws(SDLError) {
                host = try SimulatorHost(runtime: runtime, screen: screen)
            } catch {
                runtime.fail(error.message)
            }
            host.run()
            return 0
        }

        init(runtime: AppRuntime, screen requested: SimulatorScreen) throws(SDLError) {
            self.runtime = runtime
            let options = runtime.options
            showsFingers = options.fingerOverlay
            clock = ScaledClock(source: SystemClock())
            runLoop = RunLoop(clock: clock)
            var screen = requested
            window = try SDLWindow(title: "PanelKit Simulator", screen: screen)
            let window = self.window
            runtime.restoreDisplay = { window.close() }
            screen.zoom = options.zoom == 0 ? SDLWindow.fittingZoom(for: screen) : options.zoom
            window.setScreen(screen)
            self.screen = screen
            renderer = Renderer(textRenderer: runtime.textRenderer)
            let physical = HeadlessDisplay(width: screen.physicalWidth, height: screen.physicalHeight)
            self.physical = physical
            // Drawn in the board's format (an RGB565 board looks as on its panel), shown converted.
            logicalFormat = runtime.board?.display.pixelFormat ?? .xrgb8888
            let refresh = runtime.board.map { 1 / $0.display.refreshRate } ?? DisplayLink.defaultFrameInterval
            display = SimulatorDisplay(
                screen: screen, format: logicalFormat, refreshInterval: refresh, physical: physical, window: window)
            app = runtime.launch(
                runtime.firstDelegate!, runLoop: runLoop, screenSize: screen.logicalSize, backend: .sdl)
            frameDriver = FrameDriver(
                application: app.application, window: app.window, renderer: renderer, display: display)
            touch = TouchSimulator(
                screen: screen, application: app.application, filters: runtime.board?.touch.filters ?? .none)
            keys = runtime.keymap().map { KeyTranslator(keymap: $0, source: EvdevKeyInput.firstSource) }
            if let recordPath = options.record {
                let file = clinux_open(recordPath, clinux_o_wronly_create_truncate(), 0o644)
                guard file >= 0 else {
                    runtime.fail(
                        "cannot write the recording " + recordPath + ": " + Errno(rawValue: clinux_errno()).message)
                }
                recordFile = file
                recorder = EvemuWriter(
                    device: touch.device, sink: FileDescriptorSink(fileDescriptor: file),
                    comment: "Recorded by PanelKit's simulator (" + runtime.programName + " --backend sdl): panel "
                        + String(screen.physicalWidth) + "x" + String(screen.physicalHeight) + ", display rotation "
                        + String(screen.rotation.rawValue))
                touch.recorder = recorder
            } else {
                recordFile = -1
                recorder = nil
            }
            watchScreen()
            watchFrames()
        }

        /// Each presented frame shows the fingers over it and counts.
        func watchFrames() {
            display.didPresent = { [unowned(unsafe) self] in present() }
        }

        /// The board's idle timer in the window: blank shows black and presents
        /// nothing until a click wakes it (the wake redraws the whole UI).
        func watchScreen() {
            app.application.screen.addAction { [unowned(unsafe) self] screen in
                guard screen.idleState == .blank else { return }
                memset(physical.framebuffer.baseAddress, 0, physical.framebuffer.stride * physical.framebuffer.height)
                window.update(from: physical.framebuffer, area: physical.framebuffer.bounds)
                present()
            }
        }

        func run() {
            runtime.note(
                "SDL simulator on " + (SDLWindow.displayName ?? "?") + ": panel " + String(screen.physicalWidth) + "x"
                    + String(screen.physicalHeight) + " at " + String(screen.rotation.rawValue) + "°, scale "
                    + describeNumber(screen.scale)
                    + ", zoom " + String(screen.zoom))
            runtime.note(SimulatorKey.help)
            let startWall = clock.source.now
            let startCPU = DeviceSession.processCPUTime()
            let end = runtime.options.duration.map { startWall + $0 } ?? .infinity
            drawAll()
            while running {
                // Sleep until input, the next timer (in real time: slow motion stretches it) or the end.
                var wait = clock.source.now < end ? end - clock.source.now : 0
                if !runLoop.isIdle {
                    wait = min(wait, runLoop.nextDeadline.map { clock.sourceInterval(until: $0) } ?? 0)
                }
                let milliseconds: Int32 = wait.isFinite ? Int32(min((wait * 1000).rounded(.up), 86_400_000)) : -1
                let input = window.waitInput(milliseconds: milliseconds)
                // The frame's time: from waking to its frame shown, the input's handling included.
                let frameStart = clock.source.now
                let presented = frameDriver.framesPresented
                if let input {
                    handle(input)
                    while running, let more = window.pollInput() { handle(more) }
                }
                // The turn ends in its frame (the frame driver): drawn, turned and shown.
                app.application.runTurn()
                if frameDriver.framesPresented != presented {
                    lastFrameTime = clock.source.now - frameStart
                    updateTitle()
                }
                app.log.writer.flush()
                if clock.source.now >= end { running = false }
            }
            touch.mouseUp(time: clock.now)
            app.application.runTurn()
            app.terminate()
            app.log.writer.flush()
            if let recorder {
                recorder.flush()
                _ = close(recordFile)
                runtime.note("recorded " + String(recorder.eventCount) + " events to " + (runtime.options.record ?? ""))
            }
            let wall = clock.source.now - startWall
            let cpu = DeviceSession.processCPUTime() - startCPU
            runtime.restoreDisplay = nil
            window.close()
            runtime.note(
                String(frames) + " frames presented; CPU " + fixed(cpu, 3) + " s over " + fixed(wall, 3)
                    + " s running ("
                    + fixed(wall > 0 ? cpu / wall * 100 : 0, 2) + "%)")
        }

        func handle(_ input: SimulatorInput) {
            switch input {
            case .none:
                break
            case .quit, .key(.quit):
                running = false
            case .exposed:
                present()
            case .mouseDown(let x, let y, let mode):
                touch.mouseDown(windowX: x, windowY: y, mode: mode, time: clock.now)
                if showsFingers { present() }
            case .mouseMoved(let x, let y):
                touch.mouseMoved(windowX: x, windowY: y, time: clock.now)
                if showsFingers { present() }
            case .mouseUp:
                let wasDown = touch.fingers.isDown
                touch.mouseUp(time: clock.now)
                if showsFingers && wasDown { present() }
            case .keyboard(let code, let isDown, let isRepeat, let developerKey, let modifiers):
                type(code, isDown: isDown, isRepeat: isRepeat, developerKey: developerKey, modifiers: modifiers)
            case .keyboardLost:
                keys?.cancelAll { app.application.enqueue($0) }
            case .key(.screenshot):
                screenshot()
            case .key(.rotate):
                rotate()
            case .key(.overlay):
                showsFingers.toggle()
                present()
            case .key(.slowMotion):
                clock.setRate(clock.rate == 1 ? 0.2 : 1)
                runtime.note(clock.rate == 1 ? "normal speed" : "slow motion, 1/5 speed")
                updateTitle()
            case .encoder(let event):
                app.application.enqueue(event) // the loop's turn delivers it, in order with the mouse's frames
            }
        }

        /// A desktop key: a developer key (S, R, O, M, Q, Esc alone) while no
        /// text input is first responder, else a press through the board's keymap,
        /// as from a keyboard on the board.
        func type(
            _ code: UInt16, isDown: Bool, isRepeat: Bool, developerKey: SimulatorKey?, modifiers: DesktopModifiers
        ) {
            guard let keys else {
                if let developerKey, isDown, !isRepeat { handle(.key(developerKey)) }
                return
            }
            // A key typed before the field resigned still comes up as typed.
            let wasTyped = !isDown && keys.isDown(code)
            if let developerKey, app.application.firstResponder?.keyInput == nil, !wasTyped {
                if isDown && !isRepeat { handle(.key(developerKey)) }
                return
            }
            // Control or Alt with an arrow or return is the simulated rotary encoder's, not typing.
            let encoderKeys: [UInt16] = [103, 105, 106, 108, 28, 96] // up, left, right, down, return, keypad enter
            if isDown && (modifiers.control || modifiers.alt) && encoderKeys.contains(code) { return }
            if let press = keys.press(keyCode: code, value: isDown ? (isRepeat ? 2 : 1) : 0) {
                app.application.enqueue(press)
            }
        }

        /// The whole UI drawn and shown: at start and after a rotation.
        func drawAll() {
            let start = clock.source.now
            frameDriver.drawAll()
            lastFrameTime = clock.source.now - start
            updateTitle()
        }

        func present() {
            window.present(fingers: showsFingers ? touch.fingers : nil)
            frames += 1
        }

        func updateTitle() {
            // ASCII only: some X11 paths mangle a UTF-8 title (an em dash came out as Latin-1 bytes).
            let slow = clock.rate == 1 ? "" : " - slow motion"
            let panel =
                String(screen.physicalWidth) + "x" + String(screen.physicalHeight) + " turned "
                + String(screen.rotation.rawValue) + " deg"
            window.setTitle(
                "PanelKit Simulator - " + (runtime.board.map { $0.name + ", " } ?? "") + panel + " - frame "
                    + fixed(lastFrameTime * 1000, 2) + " ms" + slow)
        }

        /// `panelkit-simulator-YYYYMMDD-HHMMSS.png` in the current folder: the UI's image, upright.
        func screenshot() {
            var now = time(nil)
            var parts = tm()
            localtime_r(&now, &parts)
            var buffer = [CChar](repeating: 0, count: 32)
            _ = buffer.withUnsafeMutableBufferPointer { strftime($0.baseAddress!, 32, "%Y%m%d-%H%M%S", &parts) }
            let path =
                "panelkit-simulator-" + buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } + ".png"
            do throws(PNGError) {
                try display.logical.writePNG(to: path)
                runtime.note("screenshot " + path)
            } catch {
                runtime.note("screenshot failed: " + error.description)
            }
        }

        /// The board turned a further 90°: a new delegate launches at the turned logical size, as a
        /// board booted with the new rotation would; the panel and its touch sensor stay as they are.
        func rotate() {
            touch.mouseUp(time: clock.now)
            app.application.runTurn()
            app.terminate()
            screen = screen.turnedClockwise()
            window.setScreen(screen)
            frameDriver.detach()
            display = SimulatorDisplay(
                screen: screen, format: logicalFormat, refreshInterval: display.refreshInterval,
                physical: physical, window: window)
            watchFrames()
            app = runtime.launch(runtime.newDelegate(), runLoop: runLoop, screenSize: screen.logicalSize, backend: .sdl)
            frameDriver = FrameDriver(
                application: app.application, window: app.window, renderer: renderer, display: display)
            let previous = touch
            touch = TouchSimulator(
                screen: screen, application: app.application, filters: runtime.board?.touch.filters ?? .none)
            keys?.cancelAll { _ in } // keys held belonged to the app that ended
            // One sensor, one event stream: the recording and the slot state carry on.
            touch.recorder = previous.recorder
            touch.panel = previous.panel
            watchScreen()
            runtime.note(
                "board turned to " + String(screen.rotation.rawValue) + "°; the app restarts at "
                    + describeNumber(screen.logicalSize.width)
                    + "x" + describeNumber(screen.logicalSize.height) + " points")
            drawAll()
        }
    }

    /// The simulator's window as the frame driver's `Display`: the UI drawn
    /// upright in the board's format (`logical`), turned by the mounted
    /// panel's rotation into its framebuffer (`physical`) and shown in the SDL
    /// window. No page flips pace it: the display link runs on run-loop timers.
    final class SimulatorDisplay: Display {
        let logical: HeadlessDisplay
        let physical: HeadlessDisplay
        let rotation: DisplayRotation
        let window: SDLWindow
        /// After each frame reached the window: the host shows it (with the finger overlay).
        var didPresent: (() -> Void)?

        init(
            screen: SimulatorScreen, format: PixelFormat, refreshInterval: Double, physical: HeadlessDisplay,
            window: SDLWindow
        ) {
            logical = HeadlessDisplay(
                width: screen.logicalWidth, height: screen.logicalHeight, format: format,
                refreshInterval: refreshInterval)
            self.physical = physical
            rotation = screen.rotation
            self.window = window
        }

        var framebuffer: Framebuffer { logical.framebuffer }
        var refreshInterval: Double { logical.refreshInterval }
        var pacesFrames: Bool { false }
        var isBusy: Bool { false }

        func present(_ dirty: DirtyRegion, inputTime: Double) {
            for area in logical.framebuffer.copy(dirty, turnedBy: rotation, into: physical.framebuffer) {
                window.update(from: physical.framebuffer, area: area)
            }
            didPresent?()
        }
    }
#endif
