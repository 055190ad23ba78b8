import CLinux
import PanelBoards
import PanelImage
import PanelJSON
import PanelLog
import PanelReplay
import PanelScenes
import PanelText
import PanelTrace
import PanelUI

/// PanelKit's benchmark harness (`panel bench`, and the board binary's bench
/// mode): each scene measures one hot path and states its figures as ratios
/// to baselines taken in the same run, with allocations per operation.
public final class Bench {
    public static let sceneNames = [
        "hit-test", "touch-pipeline", "gesture-storm", "slider-drag", "full-redraw", "text", "latency",
        "animation", "card-drag", "turned-card-drag", "scroll-list", "push"
    ]

    public struct Configuration {
        /// A few iterations, to prove each scene works (CI); otherwise the full run.
        public var quick = false
        /// The scenes to run, from `Bench.sceneNames`; all when empty.
        public var scenes: [String] = []
        /// PanelKit's assets folder: fonts, images and the built-in scene files.
        public var assetsPath: String
        /// Recorded traces for `touch-pipeline`.
        public var traces: [Trace] = []
        /// The scene the traces replay into: the `touches` scene file unless given.
        public var touchScene: SceneFile?
        public var board: Board?
        /// A latency log written by the DRM backend (`panel demo --backend drm --latency-log`,
        /// one line per presented frame): `latency` reports its input-to-flip figures too.
        public var latencyLogPath: String?
        /// Progress lines ("[2/7] touch-pipeline").
        public var progress: (String) -> Void = { _ in }
        /// The screen `full-redraw` draws: its name and a maker of its window for an
        /// application (its `Screen` set to the size and scale drawn) and a screen
        /// size in points. Without one, the built-in `controls` scene.
        public var redrawScreen: (name: String, make: (Application, Size) -> Window)?
        /// The screens `push` moves between: a maker of an app's window for an
        /// application and a screen size, with a push and a pop of its
        /// navigation (the demo's settings over its controls). Without one, `push` says so.
        public var navigationScreens:
            (name: String, make: (Application, Size) -> (window: Window, push: () -> Void, pop: () -> Void))?

        public init(assetsPath: String) { self.assetsPath = assetsPath }
    }

    public let configuration: Configuration
    public let screenWidth: Int
    public let screenHeight: Int
    public let pixelFormat: PixelFormat
    /// How `full-redraw` draws its screen, one figure each (`RedrawVariant.variants(board:)`).
    public let redrawVariants: [RedrawVariant]
    /// Which `full-redraw` figure the board's frame-time budget checks: the board's own format and scale.
    var fullRedrawBudgetFigure = 0
    let textRenderer: FreeTypeTextRenderer
    var report: BenchReport
    /// The DRM latency log's input-to-flip times, read before anything runs so a bad log fails at once.
    let flipLatencies: [Double]?
    /// Baselines, kept for the ratios.
    var memcpyFrame = Figure(name: "", unit: "ns", value: 0)
    var memcpyRGB565Frame = Figure(name: "", unit: "ns", value: 0)
    /// The slider-drag measurement, taken once: `slider-drag` and `latency` both report from it.
    var sliderMeasurement: (frames: [Double], pixels: [Double], full: [Double], allocations: Double, logged: [Double])?

    public init(_ configuration: Configuration) throws(ReplayError) {
        self.configuration = configuration
        if let board = configuration.board {
            screenWidth = board.screenPixels.width
            screenHeight = board.screenPixels.height
            pixelFormat = board.display.pixelFormat
        } else {
            screenWidth = 800
            screenHeight = 480
            pixelFormat = .xrgb8888
        }
        redrawVariants = RedrawVariant.variants(board: configuration.board)
        do {
            textRenderer = try FreeTypeTextRenderer(fontDirectory: configuration.assetsPath + "/fonts")
        } catch {
            throw ReplayError(message: "bench: cannot load the fonts in " + configuration.assetsPath + "/fonts")
        }
        if let path = configuration.latencyLogPath {
            flipLatencies = try Bench.latencies(fromLog: path)
        } else {
            flipLatencies = nil
        }
        #if DEBUG
            let mode = "debug"
        #else
            let mode = "release"
        #endif
        report = BenchReport(
            machine: Bench.machineDescription(), board: configuration.board?.name ?? "no board",
            buildMode: mode, iterationsMode: configuration.quick ? "quick" : "full")
    }

    var screenSize: Size { Size(width: Double(screenWidth), height: Double(screenHeight)) }

    /// `warmUp` when given holds in a quick run too (a scene whose first
    /// cycle makes what later ones reuse); by default a quick run warms up once.
    func stopwatch(samples: Int, warmUp: Int? = nil, batch: Int = 1) -> Stopwatch {
        // Every run warms up at least a whole batch: a scene that cycles through
        // inputs (the hit-test's 256 points) reaches every path once before it
        // is counted, so a path's one-time runtime work (a debug build
        // instantiating a witness table on a first call) is not read as allocating.
        configuration.quick
            ? Stopwatch(
                samples: Swift.min(20, Swift.max(3, samples / 20)), warmUp: Swift.max(warmUp ?? 1, batch), batch: batch)
            : Stopwatch(samples: samples, warmUp: Swift.max(warmUp ?? 3, batch), batch: batch)
    }

    func wants(_ scene: String) -> Bool {
        if configuration.scenes.isEmpty { return true }
        for i in 0..<configuration.scenes.count where configuration.scenes[i] == scene { return true }
        return false
    }

    /// Runs the baselines and the chosen scenes, then checks the board's budgets.
    public func run() throws(ReplayError) -> BenchReport {
        configuration.progress("baselines: memcpy of one frame, a bare loop")
        measureBaselines()
        var index = 0
        let total = configuration.scenes.isEmpty ? Bench.sceneNames.count : configuration.scenes.count
        for i in 0..<Bench.sceneNames.count where wants(Bench.sceneNames[i]) {
            index += 1
            let name = Bench.sceneNames[i]
            configuration.progress("[" + String(index) + "/" + String(total) + "] " + name)
            switch name {
            case "hit-test": report.scenes.append(try hitTest())
            case "touch-pipeline": report.scenes.append(try touchPipeline())
            case "gesture-storm": report.scenes.append(try gestureStorm())
            case "slider-drag": report.scenes.append(try sliderDrag())
            case "full-redraw": report.scenes.append(try fullRedraw())
            case "text": report.scenes.append(text())
            case "animation": report.scenes.append(inEveryVariant("animation", animation))
            case "card-drag": report.scenes.append(cardDrag(turned: false))
            case "turned-card-drag": report.scenes.append(cardDrag(turned: true))
            case "scroll-list": report.scenes.append(inEveryVariant("scroll-list", scrollList))
            case "push": report.scenes.append(inEveryVariant("push", navigationPush))
            default: report.scenes.append(try latency())
            }
        }
        setGoals()
        checkBudgets()
        return report
    }

    // MARK: Baselines

    func measureBaselines() {
        let bytes = screenWidth * screenHeight * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer {
            source.deallocate()
            destination.deallocate()
        }
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
        destination.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        let copy = stopwatch(samples: 1000).measure { memcpy(destination, source, bytes) }
        memcpyFrame = Figure(
            name: "memcpy of one " + String(screenWidth) + "x" + String(screenHeight) + " XRGB8888 frame",
            unit: "ns", samples: copy.nanoseconds)
        // An RGB565 frame is half the bytes: the floor of a frame drawn in that format.
        let copy565 = stopwatch(samples: 1000).measure { memcpy(destination, source, bytes / 2) }
        memcpyRGB565Frame = Figure(
            name: "memcpy of one " + String(screenWidth) + "x" + String(screenHeight) + " RGB565 frame",
            unit: "ns", samples: copy565.nanoseconds)
        var counter = 0
        let loop = stopwatch(samples: 200, batch: 1000).measure { bareLoopStep(&counter) }
        report.baselines.append(memcpyFrame)
        report.baselines.append(memcpyRGB565Frame)
        precondition(counter > 0) // the loop ran; reading the count keeps it alive
        report.baselines.append(Figure(name: "bare loop iteration (a call)", unit: "ns", samples: loop.nanoseconds))
        report.baselines.append(
            Figure(
                name: "memcpy bandwidth", unit: "GB/s",
                value: memcpyFrame.median > 0 ? Double(bytes) / memcpyFrame.median : 0))
    }

    // MARK: Scenes

    /// A scene file built into a replay-shaped application, with its log counted and discarded:
    /// on the bench's screen, or on `size` points at `scale` (the application's `Screen`).
    func scene(_ file: SceneFile, size: Size? = nil, scale: Double = 1) throws(ReplayError) -> (Scene, Application) {
        let log = ReplayLog(sink: CountingSink(), clock: ManualClock())
        let size = size ?? screenSize
        let scene: Scene
        do {
            scene = try file.build(screenSize: size, log: log)
        } catch {
            throw ReplayError(message: error.description)
        }
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: scale)
        scene.attach(to: application)
        return (scene, application)
    }

    func builtIn(_ name: String) throws(ReplayError) -> SceneFile {
        do {
            return try SceneCatalog.load(name, assets: configuration.assetsPath)
        } catch {
            throw ReplayError(message: error.message)
        }
    }

    func hitTest() throws(ReplayError) -> SceneResult {
        var figures: [Figure] = []
        var allocations = 0.0
        var previous: Figure?
        /// The index of the last rect that contains `point`, or -1: the bare scan.
        /// Out of line, so it is timed as a call, as a hit-test is.
        @inline(never) func frontmostRect(containing point: Point, in rects: [Rect]) -> Int {
            var i = rects.count
            while i > 0 {
                i -= 1
                if rects[i].contains(point) { return i }
            }
            return -1
        }
        // 100, 1,000 and 10,000 views: 1, 10 and 100 containers of 9 rows of 10 cells, with the screen root.
        let shapes = [(1, 9, 10), (10, 9, 10), (100, 9, 10)]
        for s in 0..<shapes.count {
            let (containers, rows, cells) = shapes[s]
            let tree = screenTree(size: screenSize, containers: containers, rows: rows, cells: cells)
            let window = Window(frame: Rect(origin: .zero, size: screenSize))
            window.addSubview(tree.root)
            let views = tree.views
            // Points spread over the screen by a fixed linear congruential sequence.
            var points: [Point] = []
            var seed: UInt32 = 12345
            for _ in 0..<256 {
                seed = seed &* 1_103_515_245 &+ 12345
                let x = Double(seed >> 8 & 0xFFFF) / 65536 * screenSize.width
                seed = seed &* 1_103_515_245 &+ 12345
                let y = Double(seed >> 8 & 0xFFFF) / 65536 * screenSize.height
                points.append(Point(x: x, y: y))
            }
            _ = window.hitTest(points[0], with: nil) // the view table is built
            var next = 0
            var hits = 0
            var bareScan: Figure?
            if s == 0 {
                // The floor any hit-test can approach: the same views' window-space
                // rects, packed in paint order, scanned front to back for the first
                // (frontmost) that contains the point; no flags, no hierarchy.
                var rects: [Rect] = []
                let entries = window.viewTable.entries
                for i in 1..<entries.count { rects.append(entries[i].frameInWindow) }
                let bare = stopwatch(samples: 2000, batch: 256).measure {
                    if frontmostRect(containing: points[next], in: rects) >= 0 { hits += 1 }
                    next = next == 255 ? 0 : next + 1
                }
                let bareFigure = Figure(
                    name: String(views) + " views: bare scan of the same rects", unit: "ns", samples: bare.nanoseconds)
                figures.append(bareFigure)
                bareScan = bareFigure
            }
            let result = stopwatch(samples: 2000, batch: 256).measure(
                counting: "hit-test, " + String(views) + " views"
            ) {
                if window.hitTest(points[next], with: nil) != nil { hits += 1 }
                next = next == 255 ? 0 : next + 1
            }
            var figure = Figure(name: String(views) + " views: per hit-test", unit: "ns", samples: result.nanoseconds)
            if let bareScan {
                figure.ratio = bareScan.median > 0 ? figure.median / bareScan.median : nil
                figure.ratioOf = "bare scan"
            } else if let previous {
                figure.ratio = previous.median > 0 ? figure.median / previous.median : nil
                figure.ratioOf = previous.name.split(separator: ":").first.map { String($0) + " (growth)" }
            }
            figures.append(figure)
            previous = figure
            allocations = Swift.max(allocations, result.allocationsPerRun)
        }
        return SceneResult(name: "hit-test", allocationsPerOperation: allocations, isHotPath: true, figures: figures)
    }

    /// Feeds `trace` through `replayer` `passes` times (the first is the warm-up),
    /// timing each input frame from its first event to its SYN_REPORT's delivery.
    /// With a `label`, under callgrind, the measured frames' instructions are
    /// counted and dumped as `Stopwatch.measure(counting:_:)` does.
    func timeFrames(
        _ trace: Trace, into replayer: any InputPipeline, passes: Int, counting label: String? = nil,
        afterFrame: () -> Void = {}
    ) -> (nanoseconds: [Double], allocationsPerFrame: Double) {
        let counts = label != nil && InstructionCount.underCallgrind
        let span = (trace.events.last?.time ?? 0) - (trace.events.first?.time ?? 0) + 1
        var samples: [Double] = []
        samples.reserveCapacity(trace.events.count * passes)
        var allocations: UInt64 = 0
        var measuredFrames = 0
        for pass in 0..<passes {
            var start = -1.0
            var allocationsBefore: UInt64 = 0
            for i in 0..<trace.events.count {
                var event = trace.events[i]
                event.time += Double(pass) * span
                if start < 0 {
                    replayer.runTimers(before: event)
                    allocationsBefore = allocationsSoFar()
                    start = monotonicNanoseconds()
                    if counts && pass > 0 { InstructionCount.toggle() }
                }
                let framesBefore = replayer.frames
                replayer.feed(event)
                if replayer.frames != framesBefore {
                    afterFrame()
                    if counts && pass > 0 { InstructionCount.toggle() }
                    let end = monotonicNanoseconds()
                    if pass > 0 {
                        samples.append(end - start)
                        allocations += allocationsSoFar() - allocationsBefore
                        measuredFrames += 1
                    }
                    start = -1
                }
            }
        }
        if counts, let label { InstructionCount.dump(label, runs: measuredFrames) }
        return (samples, measuredFrames > 0 ? Double(allocations) / Double(measuredFrames) : 0)
    }

    /// The replay harness on `trace` into `file`, input only: its frame driver
    /// detached, so a sample is the input frame and its log, no drawing.
    func replayer(_ trace: Trace, _ file: SceneFile) throws(ReplayError) -> TraceReplayer {
        let replayer = try TraceReplayer(trace: trace, scene: file, screenSize: screenSize, output: CountingSink())
        replayer.frameDriver.detach()
        return replayer
    }

    func touchPipeline() throws(ReplayError) -> SceneResult {
        var touches: SceneFile
        if let given = configuration.touchScene { touches = given } else { touches = try builtIn("touches") }
        var figures: [Figure] = []
        var allocations = 0.0
        let passes = configuration.quick ? 2 : 200
        for t in 0..<configuration.traces.count {
            let trace = configuration.traces[t]
            let replayer = try self.replayer(trace, touches)
            let result = timeFrames(trace, into: replayer, passes: passes)
            var name = Substring(trace.path)
            if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
            if name.hasSuffix(".evemu") { name = name.dropLast(6) }
            figures.append(Figure(name: String(name) + ", logged: per frame", unit: "ns", samples: result.nanoseconds))
            allocations = Swift.max(allocations, result.allocationsPerFrame)
        }
        // One finger dragging on a 100-view screen: the goal's reference case.
        let panel = SyntheticPanel(width: screenWidth, height: screenHeight)
        let drag = panel.drag(
            from: Point(x: screenSize.width * 0.2, y: screenSize.height * 0.4),
            distance: screenSize.width * 0.5, moves: 200, name: "one finger")
        let screen = screenTree(size: screenSize, containers: 1, rows: 9, cells: 10)
        let window = Window(frame: Rect(origin: .zero, size: screenSize))
        window.addSubview(screen.root)
        let screenPipeline: UnloggedPipeline
        do {
            screenPipeline = try UnloggedPipeline(device: drag.device, window: window)
        } catch {
            throw ReplayError(message: error.message)
        }
        let result = timeFrames(
            drag, into: screenPipeline, passes: passes, counting: "one finger, " + String(screen.views) + " views")
        figures.append(
            Figure(
                name: "one finger, " + String(screen.views) + " views, no log: per input frame", unit: "ns",
                samples: result.nanoseconds))
        allocations = Swift.max(allocations, result.allocationsPerFrame)
        return SceneResult(
            name: "touch-pipeline", allocationsPerOperation: allocations, isHotPath: true, figures: figures)
    }

    func gestureStorm() throws(ReplayError) -> SceneResult {
        let panel = SyntheticPanel(width: screenWidth, height: screenHeight)
        let storm = panel.tenFingerStorm(moves: 60)
        let replayer = try self.replayer(storm, builtIn("gestures"))
        replayer.application.gestureObserver = replayer.log
        let result = timeFrames(
            storm, into: replayer, passes: configuration.quick ? 2 : 200, counting: "gesture storm, 10 fingers")
        var scene = SceneResult(
            name: "gesture-storm", allocationsPerOperation: result.allocationsPerFrame, isHotPath: true,
            figures: [
                Figure(
                    name: "10 fingers, 8 recognizers (7 kinds): per input frame", unit: "ns",
                    samples: result.nanoseconds)
            ])
        scene.notes.append("the gestures scene's lab view; the gesture log written to a counting sink")
        return scene
    }

    /// A framebuffer of the board's format (or `format`) and the screen's size in pixels, allocated once.
    func framebuffer(format: PixelFormat? = nil) -> Framebuffer {
        let format = format ?? pixelFormat
        let stride = screenWidth * format.bytesPerPixel
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * screenHeight, alignment: 64)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * screenHeight)
        return Framebuffer(
            width: screenWidth, height: screenHeight, stride: stride, format: format, baseAddress: pixels)
    }

    /// Copies each area of `region` of `source` into `destination` as the
    /// DRM and fbdev backends present what the renderer redrew (through
    /// `DisplayRotation.copy(_:from:to:)`, unturned); returns the pixels copied.
    @discardableResult
    func present(_ region: DirtyRegion, from source: Framebuffer, to destination: Framebuffer) -> Double {
        source.copy(region, turnedBy: .none, into: destination)
        return region.area
    }

    /// Copies `area` of `source` into `destination`, as `present(_:from:to:)` does each area.
    func present(_ area: Rect, from source: Framebuffer, to destination: Framebuffer) {
        source.copy(area, turnedBy: .none, into: destination)
    }

    /// Slider drags in the controls scene, each frame drawn and presented; returns
    /// the frame samples, the pixels touched per frame, the full redraw's samples,
    /// and the same frames through the replay harness, whose log writes JSON lines.
    ///
    /// The measured frames go through the board's input path (`UnloggedPipeline`)
    /// into the scene with its replay log unhooked, and the volume slider wired
    /// to its label as an app wires it: a board runs no replay log.
    func sliderFrames() throws(ReplayError)
        -> (frames: [Double], pixels: [Double], full: [Double], allocations: Double, logged: [Double])
    {
        if let sliderMeasurement { return sliderMeasurement }
        let controls = try builtIn("controls")
        let panel = SyntheticPanel(width: screenWidth, height: screenHeight)
        let sx = screenSize.width / 800
        let sy = screenSize.height / 480
        // The volume slider's thumb at 0.62 of its 520-point track, in the scene's 800×480 layout.
        let drag = panel.drag(
            from: Point(x: (32 + 14 + 0.62 * 492) * sx, y: 188 * sy), distance: 160 * sx,
            moves: configuration.quick ? 40 : 240, name: "slider drag")
        let passes = configuration.quick ? 2 : 20
        let renderer = Renderer(textRenderer: textRenderer)
        let logical = framebuffer()
        let backend = framebuffer()
        defer {
            logical.baseAddress.deallocate()
            backend.baseAddress.deallocate()
        }

        let scene: Scene
        do {
            scene = try controls.build(
                screenSize: screenSize, log: ReplayLog(sink: CountingSink(), clock: ManualClock()))
        } catch {
            throw ReplayError(message: error.description)
        }
        guard let volume = scene.view(named: "volume") as? Slider,
            let label = scene.view(named: "volumeValue") as? Label
        else {
            throw ReplayError(message: "bench: the controls scene has no volume slider and label")
        }
        volume.removeTarget(nil)
        let binding = LabelValueBinding(label: label, prefix: "Volume")
        volume.addAction(for: .valueChanged) { binding.show($0) }
        let pipeline: UnloggedPipeline
        do {
            pipeline = try UnloggedPipeline(device: drag.device, window: scene.window)
        } catch {
            throw ReplayError(message: error.message)
        }
        // Each input frame's turn ends in the frame loop's frame, drawn and presented as on the board.
        let display = BenchDisplay(logical: logical, backend: backend)
        let frames = FrameDriver(
            application: pipeline.application, window: scene.window, renderer: renderer, display: display)
        frames.drawAll()
        var pixels: [Double] = []
        // growing it inside a timed frame would count as the frame's allocation
        pixels.reserveCapacity(drag.events.count * passes)
        let result = timeFrames(drag, into: pipeline, passes: passes, counting: "slider drag frame") {
            pixels.append(display.lastPixels)
        }
        frames.detach()
        let window = scene.window
        let full = stopwatch(samples: 300).measure {
            renderer.draw(window, into: logical)
            present(logical.bounds, from: logical, to: backend)
        }

        let replayer = try TraceReplayer(trace: drag, scene: controls, screenSize: screenSize, output: CountingSink())
        let loggedFrames = FrameDriver(
            application: replayer.application, window: replayer.window, renderer: renderer, display: display)
        loggedFrames.drawAll()
        let logged = timeFrames(drag, into: replayer, passes: passes)
        loggedFrames.detach()
        sliderMeasurement = (
            result.nanoseconds, pixels, full.nanoseconds, result.allocationsPerFrame, logged.nanoseconds
        )
        return sliderMeasurement!
    }

    func sliderDrag() throws(ReplayError) -> SceneResult {
        let measured = try sliderFrames()
        var frame = Figure(
            name: "drag frame: input → action → dirty redraw → present", unit: "ns", samples: measured.frames)
        let full = Figure(name: "full redraw and present of the same screen", unit: "ns", samples: measured.full)
        frame.ratio = full.median > 0 ? frame.median / full.median : nil
        frame.ratioOf = "full redraw"
        let pixels = Figure(name: "pixels touched per frame", unit: "px", samples: measured.pixels)
        var logged = Figure(
            name: "the same frame through the replay harness, 4 JSON log lines each", unit: "ns",
            samples: measured.logged)
        logged.ratio = full.median > 0 ? logged.median / full.median : nil
        logged.ratioOf = "full redraw"
        var scene = SceneResult(
            name: "slider-drag", allocationsPerOperation: measured.allocations, isHotPath: false,
            figures: [frame, full, pixels, logged])
        scene.notes.append(
            "goal: a drag frame at most 5% of a full redraw; allocations include redrawing the value label's text")
        scene.notes.append(
            "the drag frame goes through the board's input path, as `panel-demo` runs; the replay harness's log is shown apart"
        )
        return scene
    }

    /// Twenty buttons sliding and fading at once, each frame stepped by the
    /// display link, redrawn where they moved and presented, against a full
    /// redraw of the same screen. Frames step through the animations' first
    /// second over and over, so they never end and every sample moves.
    func animation(_ variant: RedrawVariant, _ size: Size) -> SceneResult {
        let clock = ManualClock()
        let application = Application(runLoop: RunLoop(manualClock: clock))
        application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: variant.scale)
        let window = Window(frame: Rect(origin: .zero, size: size))
        window.backgroundColor = Theme.standard.background
        application.addWindow(window)
        let columns = 5
        let rows = 4
        let cell = Size(width: size.width / Double(columns + 1), height: size.height / Double(rows))
        var buttons: [Button] = []
        for i in 0..<(columns * rows) {
            let button = Button(
                frame: Rect(
                    x: Double(i % columns) * cell.width, y: Double(i / columns) * cell.height + 4,
                    width: cell.width - 8, height: cell.height - 8), name: "b" + String(i))
            button.setTitle("Item " + String(i), for: .normal)
            window.addSubview(button)
            buttons.append(button)
        }
        let (renderer, logical, backend, display, frames) = motionFrames(application, window, format: variant.format)
        View.animate(withDuration: 2, options: .allowUserInteraction) {
            for i in 0..<buttons.count {
                buttons[i].center.x += cell.width
                buttons[i].alpha = 0.4
            }
        }
        var frame = 0
        var pixels: [Double] = []
        pixels.reserveCapacity(4096)
        let step = {
            frame += 1
            clock.now = Double(frame % 60) / 60
            let presented = frames.framesPresented
            application.runTurn()
            if frames.framesPresented != presented && pixels.count < pixels.capacity {
                pixels.append(display.lastPixels)
            }
        }
        let measured = stopwatch(samples: 600).measure(
            counting: "animation frame" + variant.label(besides: pixelFormat), step)
        frames.detach()
        var scene = motionScene(
            "animation", frame: "20 view animations: display-link step → dirty redraw → present",
            frames: measured, pixels: pixels,
            window: window, renderer: renderer, logical: logical, backend: backend)
        scene.notes.append("20 buttons sliding and fading (ease in/out); allocations are counted per animation frame")
        withExtendedLifetime(buttons) {}
        return scene
    }

    /// A shadowed, rounded, bordered card (with a rounded, masked badge) dragged
    /// by a finger over a list of rows: each input frame goes through the
    /// application to a pan, which moves the card; the frame redraws where the
    /// card and its shadow were and are, and presents it. Against a full redraw
    /// of the same screen. The finger goes round an ellipse, so every sample moves.
    /// `turned`: the card is picked up, turned 6° and scaled 1.05×, so each
    /// frame draws it through an offscreen (TransformedDrawing.swift).
    func cardDrag(turned: Bool) -> SceneResult {
        let clock = ManualClock()
        let application = Application(runLoop: RunLoop(manualClock: clock))
        let window = Window(frame: Rect(origin: .zero, size: screenSize))
        window.backgroundColor = Color(rgb: 0xE6E9EF)
        application.addWindow(window)
        var y = 10.0
        var row = 0
        while y + 44 <= screenSize.height {
            let line = View(frame: Rect(x: 10, y: y, width: screenSize.width - 20, height: 44), name: "row")
            line.backgroundColor = Color(rgb: row % 2 == 0 ? 0xFFFFFF : 0xF4F6FA)
            window.addSubview(line)
            y += 52
            row += 1
        }
        let cardSize = Size(width: Swift.min(240, screenSize.width / 3), height: Swift.min(150, screenSize.height / 3))
        let card = View(
            frame: Rect(
                x: (screenSize.width - cardSize.width) / 2, y: (screenSize.height - cardSize.height) / 2,
                width: cardSize.width, height: cardSize.height), name: "card")
        card.backgroundColor = .white
        card.layer.cornerRadius = 16
        card.layer.borderWidth = 1
        card.layer.borderColor = Color(rgb: 0xD0D4DC)
        card.layer.shadowOpacity = 0.3
        card.layer.shadowRadius = 12
        card.layer.shadowOffset = Size(width: 0, height: 6)
        let badge = View(frame: Rect(x: 16, y: 16, width: 48, height: 48), name: "badge")
        badge.backgroundColor = Color(rgb: 0x3C8CE6)
        badge.layer.cornerRadius = 24
        badge.layer.masksToBounds = true
        card.addSubview(badge)
        if turned { card.transform = AffineTransform(rotationAngle: Double.pi / 30).scaledBy(x: 1.05, y: 1.05) }
        let pan = PanGestureRecognizer(name: "drag")
        pan.addAction { [unowned(unsafe) card] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            let t = pan.translation(in: card.superview)
            card.center = Point(x: card.center.x + t.x, y: card.center.y + t.y)
            pan.setTranslation(.zero, in: card.superview)
        }
        card.addGestureRecognizer(pan)
        window.addSubview(card)
        let renderer = Renderer(textRenderer: textRenderer)
        let logical = framebuffer()
        let backend = framebuffer()
        let display = BenchDisplay(logical: logical, backend: backend)
        let frames = FrameDriver(application: application, window: window, renderer: renderer, display: display)
        frames.drawAll()
        let centre = card.center
        let rx = screenSize.width / 4
        let ry = screenSize.height / 5
        var time = 0.0
        var step = 0
        func touch(_ point: Point?) {
            time += 1.0 / 120
            clock.now = time
            var frame = TouchFrame(timestamp: time)
            if let point { _ = frame.append(TouchContact(id: 1, x: point.x, y: point.y)) }
            application.enqueue(frame)
            application.runTurn()
        }
        // Down on the card's centre and out to the ellipse: the pan has begun before the
        // first sample, and the card's centre follows the finger.
        touch(centre)
        for i in 1...8 { touch(Point(x: centre.x + rx * Double(i) / 8, y: centre.y)) }
        var pixels: [Double] = []
        pixels.reserveCapacity(4096)
        let move = {
            step += 1
            // 240 frames a lap: about 4.2 points a frame on an 800×480 screen, a brisk drag at 120 Hz.
            let angle = Double(step % 240) / 240 * 2 * Double.pi
            let presented = frames.framesPresented
            let (sin, cos) = sineCosine(angle)
            touch(Point(x: centre.x + rx * cos, y: centre.y + ry * sin))
            if frames.framesPresented != presented && pixels.count < pixels.capacity {
                pixels.append(display.lastPixels)
            }
        }
        let measured = stopwatch(samples: configuration.quick ? 200 : 2000).measure(move)
        touch(nil)
        frames.detach()
        var scene = motionScene(
            turned ? "turned-card-drag" : "card-drag",
            frame: turned
                ? "drag frame: input → pan → card moved → its subtree drawn over black and white → sampled turned → present"
                : "drag frame: input → pan → card moved → dirty redraw of card and shadow → present",
            frames: measured, pixels: pixels,
            window: window, renderer: renderer, logical: logical, backend: backend)
        scene.notes.append(
            (turned
                ? "goal: a drag frame at most 1 full redraw; turned 6° and scaled 1.05×, "
                : "goal: a drag frame at most 0.5 of a full redraw; ")
                + "the card is "
                + String(Int(cardSize.width)) + "×" + String(Int(cardSize.height))
                + " pt, corner 16, border 1, shadow radius 12 offset (0, 6) at 0.3, a masked round badge; "
                + "its blurred shadow is made once; allocations per input frame")
        withExtendedLifetime(card) {}
        return scene
    }

    /// Flinging through a 10,000-row table view: each display-link frame
    /// steps the deceleration, tiles the rows (cells reused from the pool,
    /// texts set from precomputed strings), redraws the dirty area and presents
    /// it, against a full redraw of the same screen. A new fling (touch frames
    /// through the application) starts every 30 frames, and the list starts
    /// over at its end, so every sample scrolls.
    func scrollList(_ variant: RedrawVariant, _ size: Size) -> SceneResult {
        let clock = ManualClock()
        let application = Application(runLoop: RunLoop(manualClock: clock))
        application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: variant.scale)
        let window = Window(frame: Rect(origin: .zero, size: size))
        window.backgroundColor = Theme.standard.background
        application.addWindow(window)
        let source = BenchListSource(rows: 10_000)
        let table = TableView(frame: Rect(origin: .zero, size: size), name: "list")
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        window.addSubview(table)
        let (renderer, logical, backend, display, frames) = motionFrames(application, window, format: variant.format)
        // Warm the text cache with every glyph and pair the row titles use
        // ("Row ", each digit after a space, every two digits): a fling
        // through 10,000 rows meets new digit pairs, whose first drawing
        // caches them (an allocation) and is not what a frame costs.
        if let font = table.visibleCells.first?.textLabel.font {
            var warmText = "Row 0 1 2 3 4 5 6 7 8 9 "
            for a in 0..<10 { for b in 0..<10 { warmText += String(a) + String(b) } }
            let warm = Label(frame: Rect(x: 0, y: 0, width: 1e5, height: 100), name: "warm", text: warmText)
            warm.font = font
            window.addSubview(warm)
            renderer.draw(window, into: logical)
            warm.removeFromSuperview()
            renderer.draw(window, into: logical)
        }
        let x = size.width / 2
        let bottom = size.height - 10
        let drag = Swift.min(size.height - 20, 400)
        var time = 0.0
        func touch(_ y: Double?) {
            time += 0.008
            clock.now = time
            var frame = TouchFrame(timestamp: time)
            if let y { _ = frame.append(TouchContact(id: 1, x: x, y: y)) }
            application.enqueue(frame)
            application.runTurn()
        }
        var frame = 0
        var rowsPassed = 0.0
        var pixels: [Double] = []
        pixels.reserveCapacity(4096)
        let step = {
            if frame % 30 == 0 {
                if table.contentOffset.y >= table.maximumContentOffset.y - 1 { table.contentOffset = .zero }
                touch(bottom)
                touch(bottom - drag / 2)
                touch(bottom - drag)
                touch(nil)
            }
            frame += 1
            time += 1.0 / 60
            clock.now = time
            let before = table.contentOffset.y
            let presented = frames.framesPresented
            application.runTurn()
            rowsPassed += Swift.max(0, table.contentOffset.y - before) / table.rowHeight
            if frames.framesPresented != presented && pixels.count < pixels.capacity {
                pixels.append(display.lastPixels)
            }
        }
        let measured = stopwatch(samples: configuration.quick ? 300 : 2000).measure(
            counting: "fling frame" + variant.label(besides: pixelFormat), step)
        frames.detach()
        var scene = motionScene(
            "scroll-list", frame: "fling frame: display-link step → tile rows → dirty redraw → present",
            frames: measured, pixels: pixels,
            window: window, renderer: renderer, logical: logical, backend: backend)
        let cells = table.subviews.reduce(0) { $0 + ($1 is TableViewCell ? 1 : 0) }
        scene.notes.append(
            "10,000 rows of 44 pt; " + String(Int(rowsPassed)) + " rows passed in " + String(frame) + " frames; "
                + String(cells) + " cells made; "
                + "a fling every 30 frames (its touch frames in that sample); allocations per frame; "
                + String(window.framesScrolledByCopy) + " frames scrolled by copy")
        withExtendedLifetime(source) {}
        return scene
    }

    /// A navigation push and pop of an app's screens, again and again: each
    /// display-link frame of the slide (both screens moving, the bar's titles
    /// crossing) redraws and presents, against a full redraw of the same screen.
    /// The frame that starts a push or pop is not measured: it allocates (the
    /// transition's closures), as a UIKit push does; the slide's frames do not.
    func navigationPush(_ variant: RedrawVariant, _ size: Size) -> SceneResult {
        let screens = configuration.navigationScreens ?? ("a list pushed over 20 buttons", Self.ownNavigation)
        let clock = ManualClock()
        let application = Application(runLoop: RunLoop(manualClock: clock))
        application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: variant.scale)
        let navigation = screens.make(application, size)
        let window = navigation.window
        if window.owningApplication !== application { application.addWindow(window) }
        let (renderer, logical, backend, display, frames) = motionFrames(application, window, format: variant.format)
        var time = 0.0
        var pushed = false
        var transitions = 0
        var pixels: [Double] = []
        pixels.reserveCapacity(4096)
        // Allocations are counted per steady frame of a slide. The frame that
        // ends one runs its completion (the appearance calls, the old screen
        // taken out): not a steady frame, so its allocations are kept apart.
        var steady = (frames: 0, allocations: UInt64(0))
        var endings = (frames: 0, allocations: UInt64(0))
        // One turn, a refresh later: its frame presented. Returns the allocations it made.
        func turn() -> UInt64 {
            time += 1.0 / 60
            clock.now = time
            let presented = frames.framesPresented
            let allocationsBefore = allocationsSoFar()
            application.runTurn()
            let allocations = allocationsSoFar() - allocationsBefore
            if frames.framesPresented != presented && pixels.count < pixels.capacity {
                pixels.append(display.lastPixels)
            }
            return allocations
        }
        let step = {
            let sliding = application.displayLink.wantsFrames
            let allocations = turn()
            if sliding && !application.displayLink.wantsFrames {
                endings.frames += 1
                endings.allocations += allocations
            } else {
                steady.frames += 1
                steady.allocations += allocations
            }
        }
        // Starting a push or pop (the controllers' calls, the animation's
        // closures, the pushed screen laid out and drawn where it starts) is
        // not a frame of the slide: it runs, uncounted, between the measured frames.
        // A warm-up of a push and a pop (about 20 frames each): a screen's first slide makes what later ones reuse.
        let stopwatch = stopwatch(samples: 600, warmUp: 60)
        var betweenCalls = 0
        let startTransition = {
            betweenCalls += 1
            if betweenCalls == stopwatch.warmUp + 1 { // the first measured sample: forget the warm-up
                steady = (0, 0)
                endings = (0, 0)
                transitions = 0
            }
            guard !application.displayLink.wantsFrames else { return }
            if pushed { navigation.pop() } else { navigation.push() }
            pushed.toggle()
            transitions += 1
            _ = turn()
        }
        let measured = stopwatch.measure(
            counting: "push frame" + variant.label(besides: pixelFormat), between: startTransition, step)
        frames.detach()
        var scene = motionScene(
            "push", frame: "push/pop frame: display-link step → layout → redraw → present",
            frames: (measured.nanoseconds, steady.frames > 0 ? Double(steady.allocations) / Double(steady.frames) : 0),
            pixels: pixels, window: window, renderer: renderer, logical: logical, backend: backend)
        scene.notes.append(
            screens.name + ": " + String(transitions) + " pushes and pops, every frame of each slide measured; "
                + "allocations per steady frame; the " + String(endings.frames) + " frames that ended a slide "
                + "(its completion) allocated " + String(endings.allocations) + " times")
        withExtendedLifetime(navigation) {}
        return scene
    }

    /// The `push` scene's screens when no app gives its own: a screen of 20
    /// titled buttons, and a 30-row list pushed over it, in a navigation
    /// controller with a title and a bar button.
    static func ownNavigation(_ application: Application, _ size: Size) -> (
        window: Window, push: () -> Void, pop: () -> Void
    ) {
        let window = Window(frame: Rect(origin: .zero, size: size))
        application.addWindow(window)
        let buttons = ViewController()
        buttons.title = "Controls"
        buttons.view.backgroundColor = Theme.standard.background
        let cell = Size(width: size.width / 5, height: (size.height - 60) / 4)
        for i in 0..<20 {
            let button = Button(
                frame: Rect(
                    x: Double(i % 5) * cell.width + 4, y: 56 + Double(i / 5) * cell.height + 4,
                    width: cell.width - 8, height: cell.height - 8), name: "b" + String(i))
            button.setTitle("Item " + String(i), for: .normal)
            buttons.view.addSubview(button)
        }
        let list = ViewController()
        list.title = "List"
        let table = TableView(frame: Rect(origin: .zero, size: size), name: "list")
        table.autoresizingMask = .flexibleSize
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = BenchListSource(rows: 30)
        table.dataSource = rows
        list.view.addSubview(table)
        list.navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit")
        let navigation = NavigationController(rootViewController: buttons)
        window.rootViewController = navigation
        return (
            window: window,
            push: { withExtendedLifetime(rows) { navigation.pushViewController(list, animated: true) } },
            pop: { _ = navigation.popViewController(animated: true) }
        )
    }

    /// A motion scene run once per `redrawVariants` case (the board's format at
    /// scale 1 and 2, the other format at scale 1), its figures joined, each
    /// named with its case ("… at scale 2", "… in RGB565"), and each case's notes.
    func inEveryVariant(_ name: String, _ scene: (RedrawVariant, Size) -> SceneResult) -> SceneResult {
        var joined = SceneResult(name: name, allocationsPerOperation: 0, isHotPath: true, figures: [])
        for variant in redrawVariants {
            let size = Size(width: Double(screenWidth) / variant.scale, height: Double(screenHeight) / variant.scale)
            let result = scene(variant, size)
            let label = variant.label(besides: pixelFormat)
            for var figure in result.figures {
                figure.name += label
                joined.figures.append(figure)
            }
            for note in result.notes {
                joined.notes.append(label.isEmpty ? note : String(label.dropFirst()) + ": " + note)
            }
            joined.allocationsPerOperation = Swift.max(joined.allocationsPerOperation, result.allocationsPerOperation)
        }
        return joined
    }

    /// A motion scene's frame loop: a renderer with the bench's text, a frame
    /// of `format` drawn into and one presented into (`BenchDisplay`, paced by
    /// its flips: each turn's frame steps the display link, redraws and
    /// presents), and the frame driver on them, `window` drawn whole.
    /// `motionScene` frees the two framebuffers.
    func motionFrames(_ application: Application, _ window: Window, format: PixelFormat) -> (
        renderer: Renderer, logical: Framebuffer, backend: Framebuffer, display: BenchDisplay, frames: FrameDriver
    ) {
        let renderer = Renderer(textRenderer: textRenderer)
        let logical = framebuffer(format: format)
        let backend = framebuffer(format: format)
        let display = BenchDisplay(logical: logical, backend: backend, pacesFrames: true)
        let frames = FrameDriver(application: application, window: window, renderer: renderer, display: display)
        frames.drawAll()
        return (renderer, logical, backend, display, frames)
    }

    /// A scene of display-link frames (a hot path): their cost against a full
    /// redraw and present of the same window measured now, and the pixels each
    /// frame redrew. Frees the two framebuffers.
    func motionScene(
        _ name: String, frame frameName: String, frames: (nanoseconds: [Double], allocationsPerRun: Double),
        pixels: [Double], window: Window, renderer: Renderer,
        logical: Framebuffer, backend: Framebuffer
    ) -> SceneResult {
        let full = stopwatch(samples: 200).measure {
            renderer.draw(window, into: logical)
            self.present(logical.bounds, from: logical, to: backend)
        }
        logical.baseAddress.deallocate()
        backend.baseAddress.deallocate()
        var perFrame = Figure(name: frameName, unit: "ns", samples: frames.nanoseconds)
        let redraw = Figure(name: "full redraw and present of the same screen", unit: "ns", samples: full.nanoseconds)
        perFrame.ratio = redraw.median > 0 ? perFrame.median / redraw.median : nil
        perFrame.ratioOf = "full redraw"
        var result = SceneResult(
            name: name, allocationsPerOperation: frames.allocationsPerRun, isHotPath: true,
            figures: [perFrame, redraw, Figure(name: "pixels redrawn per frame", unit: "px", samples: pixels)])
        if renderer.rasterizedComposites > 0 {
            // Views moved from their pictures (Layer.shouldRasterize: a push's two screens).
            result.notes.append(
                String(renderer.rasterizedComposites) + " rasterized views copied from their pictures, "
                    + String(renderer.rasterizedDrawings) + " pictures drawn")
        }
        return result
    }

    /// The screen drawn whole, one figure per `redrawVariants` case: the same
    /// frame of pixels each time, the screen laid out on them at the case's scale.
    func fullRedraw() throws(ReplayError) -> SceneResult {
        let file = configuration.redrawScreen == nil ? try builtIn("controls") : nil
        var figures: [Figure] = []
        var allocations = 0.0
        for v in 0..<redrawVariants.count {
            let variant = redrawVariants[v]
            let size = Size(width: Double(screenWidth) / variant.scale, height: Double(screenHeight) / variant.scale)
            let window: Window
            let name: String
            let application: Application
            if let screen = configuration.redrawScreen {
                application = Application(runLoop: RunLoop(manualClock: ManualClock()))
                application.screen.configure(bounds: Rect(origin: .zero, size: size), scale: variant.scale)
                window = screen.make(application, size)
                if window.owningApplication !== application { application.addWindow(window) }
                name = screen.name
            } else {
                // A scene file is shown on its own screen only: at scale 2 the frame holds its top-left quarter.
                let (scene, sceneApplication) = try self.scene(file!, size: file!.screen ?? size, scale: variant.scale)
                window = scene.window
                application = sceneApplication
                name = "controls scene"
            }
            // The window draws at its application's scale: keep the application until measured.
            let measured = withExtendedLifetime(application) {
                redraw(window, format: variant.format, counting: "full redraw" + variant.label(besides: pixelFormat))
            }
            figures.append(
                redrawFigure(name + variant.label(besides: pixelFormat) + ", full redraw", measured.nanoseconds))
            allocations = Swift.max(allocations, measured.allocationsPerRun)
            if variant.format == pixelFormat && variant.scale == (configuration.board?.scale ?? 1) {
                fullRedrawBudgetFigure = v
            }
        }
        var scene = SceneResult(
            name: "full-redraw", allocationsPerOperation: allocations, isHotPath: false, figures: figures)
        scene.notes.append("ratio = memcpy time of one frame / redraw time: 1 would be the bandwidth limit; goal ≥ 0.5")
        scene.notes.append(
            "at scale 2 the same frame holds the screen laid out on half the points each way, text and shapes drawn at every pixel"
        )
        scene.notes.append(
            "in the other pixel format the frame is drawn in it (RGB565: half the bytes), against the same memcpy of a frame in the board's format"
        )
        return scene
    }

    /// Full redraws of `window` (at its own scale) against the memcpy of one frame.
    func fullRedraw(of window: Window, named name: String) -> SceneResult {
        let measured = redraw(window, format: pixelFormat)
        var scene = SceneResult(
            name: "full-redraw", allocationsPerOperation: measured.allocationsPerRun, isHotPath: false,
            figures: [redrawFigure(name + ", full redraw", measured.nanoseconds)])
        scene.notes.append("ratio = memcpy time of one frame / redraw time: 1 would be the bandwidth limit; goal ≥ 0.5")
        return scene
    }

    /// Times full redraws of `window` into a frame of the screen's pixels in `format`.
    func redraw(_ window: Window, format: PixelFormat, counting label: String? = nil) -> (
        nanoseconds: [Double], allocationsPerRun: Double
    ) {
        let renderer = Renderer(textRenderer: textRenderer)
        let target = framebuffer(format: format)
        let result = stopwatch(samples: 500).measure(counting: label) { renderer.draw(window, into: target) }
        target.baseAddress.deallocate()
        return (result.nanoseconds, result.allocationsPerRun)
    }

    /// A redraw's figure, as a fraction of the memcpy of one frame.
    func redrawFigure(_ name: String, _ nanoseconds: [Double]) -> Figure {
        var redraw = Figure(name: name, unit: "ns", samples: nanoseconds)
        redraw.ratio = redraw.median > 0 ? memcpyFrame.median / redraw.median : nil
        redraw.ratioOf = "memcpy bandwidth"
        return redraw
    }

    func text() -> SceneResult {
        let latin = [
            "Living room", "Volume 62%", "Bluetooth off", "The quick brown fox jumps over the lazy dog",
            "Temperature 21.5 °C", "Next alarm 06:45", "ÀÉÎÕÜ àéîõü ß", "0123456789 +-×÷=%"
        ]
        // The same kind of labels in the scripts a panel sold abroad shows: each
        // shaped by HarfBuzz in its fallback font, the right-to-left ones reordered,
        // emoji in colour.
        let multilingual = [
            "Living room", "Volume 62%", "שלום 123 עולם", "مرحبا بالعالم — Wi-Fi 5G",
            "नमस्ते दुनिया", "สวัสดีชาวโลก", "こんにちは世界", "Home 🏠 👋🏽 🇩🇪 ❤️"
        ]
        let latinFigures = textFigures(latin, label: "")
        let multilingualFigures = textFigures(multilingual, label: "multilingual, ")
        var figures = latinFigures.figures + multilingualFigures.figures
        // Each multilingual figure against the Latin one of the same cache state.
        figures[2].ratio = figures[0].median > 0 ? figures[2].median / figures[0].median : nil
        figures[2].ratioOf = "Latin cold"
        figures[3].ratio = figures[1].median > 0 ? figures[3].median / figures[1].median : nil
        figures[3].ratioOf = "Latin warm"
        return SceneResult(
            name: "text", allocationsPerOperation: Swift.max(latinFigures.allocations, multilingualFigures.allocations),
            isHotPath: false, figures: figures)
    }

    /// 16 labels of `lines` redrawn with the glyph cache emptied first (cold)
    /// and as they are (warm), and the warm redraw's allocations.
    func textFigures(_ lines: [String], label: String) -> (figures: [Figure], allocations: Double) {
        let window = Window(frame: Rect(origin: .zero, size: screenSize))
        window.backgroundColor = Theme.standard.background
        let rows = 16
        for i in 0..<rows {
            let label = Label(
                frame: Rect(
                    x: 8, y: Double(i) * screenSize.height / Double(rows), width: screenSize.width - 16,
                    height: screenSize.height / Double(rows)),
                name: "label" + String(i), text: lines[i % lines.count])
            label.font = i % 3 == 0 ? .boldSystem(size: 14 + Double(i % 5) * 2) : .system(size: 12 + Double(i % 4) * 3)
            window.addSubview(label)
        }
        let renderer = Renderer(textRenderer: textRenderer)
        let target = framebuffer()
        let cold = stopwatch(samples: 100, warmUp: configuration.quick ? 1 : 0).measure {
            textRenderer.removeAllCachedGlyphs()
            renderer.draw(window, into: target)
        }
        let warm = stopwatch(samples: 500).measure { renderer.draw(window, into: target) }
        target.baseAddress.deallocate()
        let coldFigure = Figure(
            name: String(rows) + " labels, " + label + "cold glyph cache", unit: "ns", samples: cold.nanoseconds)
        var warmFigure = Figure(
            name: String(rows) + " labels, " + label + "warm glyph cache", unit: "ns", samples: warm.nanoseconds)
        warmFigure.ratio = coldFigure.median > 0 ? warmFigure.median / coldFigure.median : nil
        warmFigure.ratioOf = "cold"
        return ([coldFigure, warmFigure], warm.allocationsPerRun)
    }

    func latency() throws(ReplayError) -> SceneResult {
        let measured = try sliderFrames()
        var scene = SceneResult(
            name: "latency", allocationsPerOperation: measured.allocations, isHotPath: false,
            figures: [Figure(name: "headless: input frame → frame ready", unit: "ns", samples: measured.frames)])
        scene.notes.append("headless: from the input frame's first event to its frame drawn and presented")
        if let path = configuration.latencyLogPath, let flips = flipLatencies {
            scene.figures.append(
                Figure(
                    name: "DRM: evdev input → page flip (" + String(flips.count) + " frames)", unit: "ns",
                    samples: flips))
            scene.notes.append("DRM figures from " + path + "; the max is the last figure's max")
        } else {
            scene.notes.append(
                "on a panel, `panel demo --backend drm --latency-log FILE`, then `--latency-log FILE` here, adds evdev → page flip"
            )
        }
        return scene
    }

    /// The latencies, in nanoseconds, of a DRM latency log's frames that touch input caused:
    /// lines `frame input_time flip_time latency_ms [vblank]`, `#` comments, `-` for frames without input.
    static func latencies(fromLog path: String) throws(ReplayError) -> [Double] {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(path: path)
        } catch {
            throw ReplayError(message: path + ": " + error.message)
        }
        var samples: [Double] = []
        var lineNumber = 0
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ")
            guard fields.count == 4 || fields.count == 5 else {
                throw ReplayError(
                    message: path + ":" + String(lineNumber)
                        + ": expected 'frame input_time flip_time latency_ms [vblank]'")
            }
            if fields[3] == "-" { continue }
            guard let milliseconds = parseDecimal(fields[3]) else {
                throw ReplayError(
                    message: path + ":" + String(lineNumber) + ": the latency '" + String(fields[3])
                        + "' is not a number")
            }
            samples.append(milliseconds * 1e6)
        }
        if samples.isEmpty { throw ReplayError(message: path + ": no frame with touch input in the latency log") }
        return samples
    }

    // MARK: Budgets

    func checkBudgets() {
        guard let board = configuration.board else { return }
        for i in 0..<report.scenes.count {
            let scene = report.scenes[i]
            for j in 0..<scene.figures.count {
                let f = scene.figures[j]
                switch (scene.name, j) {
                case ("slider-drag", 0):
                    report.budgets.append(
                        BudgetCheck(
                            name: "frame time: slider-drag frame p99", unit: "ms",
                            limit: board.budgets.frameTime, value: f.p99 / 1e6))
                case ("full-redraw", fullRedrawBudgetFigure):
                    report.budgets.append(
                        BudgetCheck(
                            name: "frame time: full redraw median", unit: "ms",
                            limit: board.budgets.frameTime, value: f.median / 1e6))
                case ("app-frames", _):
                    report.budgets.append(
                        BudgetCheck(
                            name: "frame time: " + f.name + " p99", unit: "ms",
                            limit: board.budgets.frameTime, value: f.p99 / 1e6))
                case ("latency", 0):
                    report.budgets.append(
                        BudgetCheck(
                            name: "latency: input → frame ready p99", unit: "ms",
                            limit: board.budgets.latency, value: f.p99 / 1e6))
                case ("latency", 1):
                    report.budgets.append(
                        BudgetCheck(
                            name: "latency: DRM input → page flip p99", unit: "ms",
                            limit: board.budgets.latency, value: f.p99 / 1e6))
                default: break
                }
            }
        }
    }

    // MARK: Machine

    static func machineDescription() -> String {
        var model = ""
        if let bytes = try? readWholeFile(path: "/proc/cpuinfo") {
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("model name") || line.hasPrefix("Model") {
                if let colon = line.firstIndex(of: ":") {
                    model = String(line[line.index(after: colon)...].drop(while: { $0 == " " }))
                    break
                }
            }
        }
        #if arch(x86_64)
            let architecture = "x86_64"
        #elseif arch(arm64)
            let architecture = "aarch64"
        #elseif arch(arm)
            let architecture = "armv7"
        #else
            let architecture = "other"
        #endif
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return architecture + ", " + String(cores) + " cores" + (model.isEmpty ? "" : ", " + model)
    }
}

/// One way the `full-redraw` scene draws its screen: a framebuffer format at
/// a scale. The frame is the board's pixels in every case (so each figure is
/// a fraction of the same memcpy baseline); at scale 2 the screen lays out on
/// half as many points each way and is drawn at every pixel. Another case is
/// one more entry in `variants(board:)`.
public struct RedrawVariant: Equatable {
    public var format: PixelFormat
    /// Pixels per point.
    public var scale: Double

    public init(format: PixelFormat, scale: Double) {
        self.format = format
        self.scale = scale
    }

    /// The board's format at scale 1 and 2, the other format (RGB565 or
    /// XRGB8888) at scale 1, and the board's format at its own scale when it is neither.
    public static func variants(board: Board?) -> [RedrawVariant] {
        let format = board?.display.pixelFormat ?? .xrgb8888
        let other: PixelFormat = format == .rgb565 ? .xrgb8888 : .rgb565
        var variants = [
            RedrawVariant(format: format, scale: 1), RedrawVariant(format: format, scale: 2),
            RedrawVariant(format: other, scale: 1)
        ]
        if let scale = board?.scale, scale != 1, scale != 2 {
            variants.append(RedrawVariant(format: format, scale: scale))
        }
        return variants
    }

    /// What sets this case apart in a figure's name: "" for the bench's own format at
    /// scale 1 (the figure's name before scales), else " at scale 2", " in RGB565"….
    public func label(besides defaultFormat: PixelFormat) -> String {
        var label = ""
        if format != defaultFormat { label += format == .rgb565 ? " in RGB565" : " in XRGB8888" }
        if scale != 1 { label += " at scale " + describeNumber(scale) }
        return label
    }
}

/// One step of the bare-loop baseline: not optimized and called out of line, so the optimizer cannot delete the loop.
@inline(never) @_optimize(none) func bareLoopStep(_ counter: inout Int) { counter &+= 1 }

/// Where the bench's frames go: the logical framebuffer the renderer draws
/// into, each presented area copied into a second one as the DRM and fbdev
/// backends copy it (unturned), the pixels of the last frame kept. Paced as
/// a page-flipping display whose flips complete at once, so a turn's frame
/// steps the display link (the animation and fling scenes).
final class BenchDisplay: Display {
    let framebuffer: Framebuffer
    let backend: Framebuffer
    let pacesFrames: Bool
    var refreshInterval: Double { DisplayLink.defaultFrameInterval }
    var isBusy: Bool { false }
    /// The pixels the last frame presented.
    var lastPixels = 0.0

    init(logical: Framebuffer, backend: Framebuffer, pacesFrames: Bool = false) {
        framebuffer = logical
        self.backend = backend
        self.pacesFrames = pacesFrames
    }

    func present(_ dirty: DirtyRegion, inputTime: Double) {
        framebuffer.copy(dirty, turnedBy: .none, into: backend)
        lastPixels = dirty.area
    }
}

/// What the frame timer feeds: kernel events in, input frames counted.
public protocol InputPipeline: AnyObject {
    func feed(_ event: InputEvent)
    var frames: Int { get }
    /// Fires the timers due before `event` (an app's settings commit after a
    /// pause in the trace), outside the input frame's count: on a board they
    /// run in a turn of their own, woken by the loop's timerfd.
    func runTimers(before event: InputEvent)
}

extension InputPipeline {
    public func runTimers(before event: InputEvent) {}
}

extension TraceReplayer: InputPipeline {}

/// The device pipeline with nothing else: decoder → transform → run loop →
/// tracking → hit-test → delivery into `window`, with no log, as on a board.
public final class UnloggedPipeline: InputPipeline {
    public let input: TouchInputPath
    public let application: Application
    public var frames: Int { input.frames }

    public init(device: TouchDeviceDescription, window: Window) throws(TouchDeviceError) {
        input = try TouchInputPath(device: device, screenSize: window.bounds.size)
        application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.addWindow(window)
    }

    public func feed(_ event: InputEvent) {
        input.feed(event, to: application)
    }
}

/// "12.345" → 12.345: a plain decimal without libc's locale-dependent strtod.
func parseDecimal(_ text: Substring) -> Double? {
    var value = 0.0
    var scale = 0.0
    var digits = 0
    for byte in text.utf8 {
        if byte == UInt8(ascii: ".") {
            guard scale == 0 else { return nil }
            scale = 1
        } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            value = value * 10 + Double(byte - UInt8(ascii: "0"))
            if scale > 0 { scale *= 10 }
            digits += 1
        } else {
            return nil
        }
    }
    guard digits > 0 else { return nil }
    return scale > 0 ? value / scale : value
}

/// The scroll-list scene's rows: texts built once, up front, so configuring a
/// cell on the display link copies a string instead of building one.
final class BenchListSource: TableViewDataSource {
    lazy var lifetime = Lifetime(of: self)
    let texts: [String]

    init(rows: Int) {
        var texts: [String] = []
        texts.reserveCapacity(rows)
        for i in 0..<rows { texts.append("Row " + String(i)) }
        self.texts = texts
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { texts.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = texts[indexPath.row]
        return cell
    }
}
