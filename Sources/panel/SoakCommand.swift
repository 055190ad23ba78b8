import ArgumentParser
import Foundation
import PanelBench
import PanelDemo
import PanelImage
import PanelJSON
import PanelKit
import PanelLog
import PanelReplay
import PanelScenes
import PanelUI

/// `panel soak`: simulated hours of use in fast time, checking that nothing
/// accumulates: resident memory, live views, live touches, pending timers.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run simulated use of the demo app in fast time and check that memory and live counts stay flat.",
        discussion: """
            Two apps run headless on manual clocks, as a user would use them, rendering every frame (60 a second) \
            into a framebuffer: the demo app (taps, slider drags, switches and their animations, long presses, \
            drags off buttons, two fingers at once, the about screen and back) and the gestures scene (taps, \
            double taps, long presses, pans, swipes, pinches, rotations, edge pans), whose screen is built anew \
            from its scene file every cycle and the old one dropped, so views come and go. After each cycle, with every finger lifted and the \
            animations done, the soak reads the process's resident memory (/proc/self/statm), the live views \
            (View.liveInstanceCount), the live touches of both apps' touch trackers and their pending run-loop \
            timers. Memory is compared from the end of the warm-up (the first simulated minute) to the end, the \
            counts from the start to the end. The exit status is 1, with a one-line reason, when memory grew by \
            more than --tolerance percent or a count differs. In an AddressSanitizer build the bytes held \
            from malloc are judged instead of RSS, since ASan's quarantine keeps freed memory resident.
            """
    )

    @Option(help: "Simulated minutes of use.")
    var minutes: Double = 60

    @Option(help: "Simulated minutes before the memory baseline is read.")
    var warmUp: Double = 1

    @Option(help: "The most resident-memory growth allowed after the warm-up, in percent.")
    var tolerance: Double = 1

    @Option(help: "Write the result as JSON to this file ('-': standard output, instead of the summary).")
    var json: String?

    @Option(help: "PanelKit's assets folder; found from the current folder or the executable by default.")
    var assets: String?

    /// For the soak's own test: keep every dropped gestures screen alive, a leak it must report.
    @Flag(help: .hidden)
    var keepDroppedScreens = false

    func validate() throws {
        guard minutes > 0 else { throw ValidationError("--minutes must be above 0") }
        guard warmUp >= 0, warmUp < minutes else {
            throw ValidationError("--warm-up must be at least 0 and below --minutes")
        }
        guard tolerance >= 0 else { throw ValidationError("--tolerance must be at least 0") }
    }

    func run() throws {
        let assetsPath = Assets(given: assets).path
        let soak: Soak
        do {
            soak = try Soak(assetsPath: assetsPath)
            soak.keepDroppedScreens = keepDroppedScreens
        } catch {
            fail("\(error)")
        }
        let wall = ContinuousClock.now
        var nextProgress = 10.0
        let result = soak.run(minutes: minutes, warmUpMinutes: warmUp, tolerance: tolerance) { sample, warmUpDone in
            let elapsed = sample.simulatedSeconds / 60
            guard warmUpDone || elapsed >= nextProgress else { return }
            if !warmUpDone { nextProgress += 10 }
            let seconds = (ContinuousClock.now - wall).components.seconds
            FileHandle.standardError.write(
                Data(
                    ("panel soak: \(Soak.decimal(elapsed)) simulated min in \(seconds) s"
                        + (warmUpDone ? " (warm-up done)" : "") + ", RSS \(Soak.megabytes(sample.residentBytes)), "
                        + sample.countsText + "\n").utf8))
        }
        let duration = ContinuousClock.now - wall
        let realSeconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        // Unbuffered, so the summary comes before the reason on standard error.
        if json != "-" { FileHandle.standardOutput.write(Data(result.summary(realSeconds: realSeconds).utf8)) }
        if let json {
            let text = result.json(realSeconds: realSeconds)
            if json == "-" {
                FileHandle.standardOutput.write(Data(text.utf8))
            } else {
                do {
                    try text.write(toFile: json, atomically: true, encoding: .utf8)
                } catch {
                    fail("cannot write \(json): \(error.localizedDescription)")
                }
            }
        }
        if let reason = result.failure {
            FileHandle.standardError.write(Data("panel soak: not flat: \(reason)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// What the soak reads at a quiet moment: no finger down, animations done.
struct SoakSample {
    var simulatedSeconds: Double
    var residentBytes: Int
    var liveViews: Int
    var liveTouches: Int
    var pendingTimers: Int
    /// The resident set's anonymous part (heap, stacks, framebuffers) and its
    /// file-backed part (program and library code paged in as it first runs),
    /// from /proc/self/status.
    var anonymousBytes: Int
    var fileBytes: Int
    /// Bytes malloc has handed out and not had back (mallinfo2: arena + mmapped chunks in use).
    var heapBytes: Int

    var countsText: String { "\(liveViews) views, \(liveTouches) touches, \(pendingTimers) timers" }

    var json: String {
        "{\"simulatedSeconds\":\(Soak.decimal(simulatedSeconds)),\"rssBytes\":\(residentBytes),\"liveViews\":\(liveViews),"
            + "\"liveTouches\":\(liveTouches),\"pendingTimers\":\(pendingTimers),\"heapBytes\":\(heapBytes),"
            + "\"rssAnonBytes\":\(anonymousBytes),\"rssFileBytes\":\(fileBytes)}"
    }
}

struct SoakResult {
    var start: SoakSample
    var baseline: SoakSample
    var end: SoakSample
    var lowestResident: Int
    var highestResident: Int
    var tolerance: Double
    var frames: Int
    var inputFrames: Int
    var cycles: Int
    var screensBuilt: Int
    var actions: Int
    var drawnFrames: Int
    var drawnMegapixels: Double
    var gestureLogLines: Int
    var residentPerCycle: [Int]
    var heapPerCycle: [Int]
    var partsPerCycle: [(Int, Int)]

    var residentGrowthPercent: Double {
        Double(end.residentBytes - baseline.residentBytes) / Double(baseline.residentBytes) * 100
    }

    var heapGrowthPercent: Double {
        Double(end.heapBytes - baseline.heapBytes) / Double(max(baseline.heapBytes, 1)) * 100
    }

    /// Under AddressSanitizer the heap is judged instead of RSS: ASan's
    /// quarantine keeps freed memory resident (up to 256 MB), so RSS grows
    /// there by design, while ASan's count of allocated bytes does not.
    var judgesHeap = false

    /// Why the run is not flat, in one line; nil when it is.
    var failure: String? {
        var reasons: [String] = []
        if judgesHeap {
            if heapGrowthPercent > tolerance {
                reasons.append(
                    "malloc'd bytes grew \(Soak.decimal(heapGrowthPercent, places: 2))% after the warm-up "
                        + "(\(Soak.megabytes(baseline.heapBytes)) to \(Soak.megabytes(end.heapBytes)), "
                        + "more than \(Soak.decimal(tolerance))%; AddressSanitizer build)")
            }
        } else if residentGrowthPercent > tolerance {
            reasons.append(
                "RSS grew \(Soak.decimal(residentGrowthPercent, places: 2))% after the warm-up "
                    + "(\(Soak.megabytes(baseline.residentBytes)) to \(Soak.megabytes(end.residentBytes)), "
                    + "more than \(Soak.decimal(tolerance))%)")
        }
        for (name, first, last) in [
            ("live views", start.liveViews, end.liveViews),
            ("live touches", start.liveTouches, end.liveTouches),
            ("pending timers", start.pendingTimers, end.pendingTimers)
        ] where first != last {
            reasons.append("\(name) went from \(first) to \(last)")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    func summary(realSeconds: Double) -> String {
        let simulated = end.simulatedSeconds
        var out =
            "panel soak: \(Soak.decimal(simulated / 60)) simulated minutes in \(Soak.decimal(realSeconds)) s "
            + "(\(Soak.decimal(simulated / max(realSeconds, 0.001)))x real time)\n"
        out +=
            "  \(cycles) cycles, \(frames) frames (\(drawnFrames) drew, \(Soak.decimal(drawnMegapixels)) Mpx), "
            + "\(inputFrames) touch frames, \(actions) control actions, \(gestureLogLines) gesture-screen log lines, "
            + "\(screensBuilt) gestures screens built\n"
        out += "                      RSS       malloc'd  views  touches  timers\n"
        for (name, sample) in [("start", start), ("after warm-up", baseline), ("end", end)] {
            out +=
                "  " + name.padding(toLength: 18, withPad: " ", startingAt: 0)
                + Soak.megabytes(sample.residentBytes).leftPadded(9)
                + Soak.megabytes(sample.heapBytes).leftPadded(11)
                + String(sample.liveViews).leftPadded(7) + String(sample.liveTouches).leftPadded(9)
                + String(sample.pendingTimers).leftPadded(8)
                + "   (at \(Soak.decimal(sample.simulatedSeconds / 60)) min)\n"
        }
        out +=
            "  RSS after warm-up: \(Soak.decimal(residentGrowthPercent, places: 2))% change "
            + "(lowest \(Soak.megabytes(lowestResident)), highest \(Soak.megabytes(highestResident)); "
            + "allowed +\(Soak.decimal(tolerance))%)\n"
        out +=
            "  malloc'd after warm-up: \(Soak.decimal(heapGrowthPercent, places: 2))% change "
            + "(what the program holds from malloc, without the allocator's free memory; "
            + (judgesHeap
                ? "judged instead of RSS: an AddressSanitizer build, whose quarantine keeps freed memory resident)\n"
                : "not judged)\n")
        out +=
            failure.map { "  NOT FLAT: \($0)\n" }
            ?? "  flat: \(judgesHeap ? "malloc'd bytes" : "RSS") within \(Soak.decimal(tolerance))%, counts equal\n"
        return out
    }

    func json(realSeconds: Double) -> String {
        "{\"simulatedMinutes\":\(Soak.decimal(end.simulatedSeconds / 60)),\"realSeconds\":\(Soak.decimal(realSeconds)),"
            + "\"cycles\":\(cycles),\"frames\":\(frames),\"inputFrames\":\(inputFrames),\"actions\":\(actions),"
            + "\"screensBuilt\":\(screensBuilt),\"drawnFrames\":\(drawnFrames),\"drawnMegapixels\":\(Soak.decimal(drawnMegapixels)),"
            + "\"gestureLogLines\":\(gestureLogLines),"
            + "\"rssBytesPerCycle\":[\(residentPerCycle.map(String.init).joined(separator: ","))],"
            + "\"mallocBytesPerCycle\":[\(heapPerCycle.map(String.init).joined(separator: ","))],"
            + "\"rssAnonBytesPerCycle\":[\(partsPerCycle.map { String($0.0) }.joined(separator: ","))],"
            + "\"rssFileBytesPerCycle\":[\(partsPerCycle.map { String($0.1) }.joined(separator: ","))],"
            + "\"start\":\(start.json),\"afterWarmUp\":\(baseline.json),\"end\":\(end.json),"
            + "\"rssLowestBytes\":\(lowestResident),\"rssHighestBytes\":\(highestResident),"
            + "\"rssGrowthPercent\":\(Soak.decimal(residentGrowthPercent, places: 3)),\"tolerancePercent\":\(Soak.decimal(tolerance)),"
            + "\"judged\":\"\(judgesHeap ? "malloc" : "rss")\",\"flat\":\(failure == nil),\"reason\":"
            + (failure.map { "\"" + $0.replacingOccurrences(of: "\"", with: "'") + "\"" } ?? "null")
            + "}\n"
    }
}

/// One app on a manual clock, driven frame by frame: every frame moves the
/// clock 1/60 s (firing the timers due), delivers the fingers when they
/// changed, runs a turn of the loop and renders what changed.
final class SoakDriver {
    let app: HeadlessApp
    let sink: CountingSink
    /// The window shown, drawn every frame: the app's, or a screen that replaced it.
    var window: Window
    static let frameInterval = 1.0 / 60
    var contacts = TouchFrame()
    var frames = 0
    var inputFrames = 0
    /// Frames that drew something, and the pixels they drew.
    var drawnFrames = 0
    var drawnPixels = 0.0
    var nextFinger: Int32 = 1

    init(app: HeadlessApp, sink: CountingSink) {
        self.app = app
        self.sink = sink
        window = app.window
        app.drawAll()
    }

    var clock: ManualClock { app.clock }
    var simulatedSeconds: Double { Double(frames) * Self.frameInterval }

    /// One frame; `send` delivers the fingers as they are now.
    func frame(send: Bool) {
        let application = app.application
        let driver = app.frameDriver
        let presented = driver.framesPresented
        let pixels = driver.pixelsPresented
        // Every turn ends in the frame loop's frame: the timers' on the way, then the input's.
        application.runLoop.advance(to: clock.now + Self.frameInterval)
        if send {
            var frame = contacts
            frame.timestamp = clock.now
            application.enqueue(frame)
            inputFrames += 1
        }
        application.runTurn()
        drawnFrames += driver.framesPresented - presented
        drawnPixels += driver.pixelsPresented - pixels
        frames += 1
    }

    /// Frames without input for `seconds`: fingers stay where they are, timers and animations run.
    func idle(_ seconds: Double) {
        for _ in 0..<max(1, Int((seconds / Self.frameInterval).rounded())) { frame(send: false) }
    }

    func newFinger() -> Int32 {
        defer { nextFinger = nextFinger >= 60_000 ? 1 : nextFinger + 1 } // tracking ids wrap, as the kernel's do
        return nextFinger
    }

    func down(_ fingers: [(Int32, Point)]) {
        for (finger, point) in fingers { _ = contacts.append(TouchContact(id: finger, x: point.x, y: point.y)) }
        frame(send: true)
    }

    func move(_ fingers: [(Int32, Point)]) {
        for (finger, point) in fingers {
            for i in 0..<contacts.count where contacts[i].id == finger {
                contacts[i].x = point.x
                contacts[i].y = point.y
            }
        }
        frame(send: true)
    }

    func liftAll() {
        contacts.removeAll()
        frame(send: true)
    }

    // MARK: Gestures

    func tap(_ point: Point) {
        down([(newFinger(), point)])
        liftAll()
    }

    func doubleTap(_ point: Point) {
        tap(point)
        idle(0.1)
        tap(point)
    }

    /// One finger from `start` to `end` over `seconds`, a move every frame.
    func drag(from start: Point, to end: Point, seconds: Double, holdFirst: Double = 0) {
        let finger = newFinger()
        down([(finger, start)])
        if holdFirst > 0 { idle(holdFirst) }
        let steps = max(1, Int((seconds / Self.frameInterval).rounded()))
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            move([(finger, Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))])
        }
        liftAll()
    }

    func longPress(_ point: Point, seconds: Double) {
        down([(newFinger(), point)])
        idle(seconds)
        liftAll()
    }

    /// Two fingers about `center`: their distance from `from` to `to` and their angle turned by `angle` radians.
    func twoFingers(center: Point, from: Double, to: Double, angle: Double, seconds: Double) {
        let a = newFinger()
        let b = newFinger()
        func positions(_ t: Double) -> (Point, Point) {
            let half = (from + (to - from) * t) / 2
            let dx = half * cos(angle * t)
            let dy = half * sin(angle * t)
            return (Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy))
        }
        let first = positions(0)
        down([(a, first.0), (b, first.1)])
        let steps = max(1, Int((seconds / Self.frameInterval).rounded()))
        for step in 1...steps {
            let (p, q) = positions(Double(step) / Double(steps))
            move([(a, p), (b, q)])
        }
        liftAll()
    }

    func center(of name: String) -> Point {
        guard let view = window.view(named: name) else { fatalError("panel soak: no view named \(name)") }
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }
}

/// The soak: two apps for the whole run, used in turn as a person would,
/// frame by frame: the demo app, and the demo app showing the gestures scene,
/// whose screen is built anew from its scene file every cycle while the old
/// one is dropped (a screen change that makes and frees views).
final class Soak {
    let assetsPath: String
    let demo: SoakDriver
    let lab: SoakDriver
    let gesturesFile: SceneFile
    /// The gestures screen showing now (nil: the one the app launched with).
    var screen: Scene?
    var screensBuilt = 0
    /// A leak on purpose, for the soak's test: dropped screens are kept here.
    var keepDroppedScreens = false
    var keptScreens: [Scene] = []
    /// RSS after each cycle, for the JSON.
    var residentPerCycle: [Int] = []
    /// Bytes held from malloc after each cycle, for the JSON.
    var heapPerCycle: [Int] = []
    var partsPerCycle: [(Int, Int)] = []
    /// A fixed-seed generator: every run does the same, yet each cycle differs.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    init(assetsPath: String) throws {
        self.assetsPath = assetsPath
        let (app, sink) = try Self.launch(assetsPath: assetsPath, arguments: [])
        demo = SoakDriver(app: app, sink: sink)
        let (scene, sceneSink) = try Self.launch(assetsPath: assetsPath, arguments: ["--scene", "gestures"])
        lab = SoakDriver(app: scene, sink: sceneSink)
        do throws(SceneLoadError) {
            gesturesFile = try SceneCatalog.load("gestures", assets: assetsPath)
        } catch {
            throw LaunchFailure(description: error.message)
        }
    }

    struct LaunchFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func launch(assetsPath: String, arguments: [String]) throws -> (HeadlessApp, CountingSink) {
        let sink = CountingSink()
        do throws(LaunchError) {
            let app = try HeadlessApp.launch(
                DemoAppDelegate.self, arguments: arguments, logSink: sink,
                assetsPath: assetsPath, programName: "panel soak")
            return (app, sink)
        } catch {
            throw LaunchFailure(description: error.message)
        }
    }

    var frames: Int { demo.frames + lab.frames }
    var inputFrames: Int { demo.inputFrames + lab.inputFrames }
    var simulatedSeconds: Double { Double(frames) * SoakDriver.frameInterval }
    var drawnFrames: Int { demo.drawnFrames + lab.drawnFrames }
    var drawnPixels: Double { demo.drawnPixels + lab.drawnPixels }
    /// The gestures screens' log: a line per touch phase, responder message and recognizer change.
    var gestureLogLines: Int { lab.sink.lineCount }

    func random() -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 11) / Double(1 << 53)
    }

    func sample() -> SoakSample {
        let status = Self.residentParts()
        return SoakSample(
            simulatedSeconds: simulatedSeconds, residentBytes: Self.residentBytes(), liveViews: View.liveInstanceCount,
            liveTouches: demo.app.application.touchDispatcher.liveTouches.count
                + lab.app.application.touchDispatcher.liveTouches.count,
            pendingTimers: demo.app.application.runLoop.pendingTimerCount
                + lab.app.application.runLoop.pendingTimerCount,
            anonymousBytes: status.anonymous, fileBytes: status.file, heapBytes: Self.heapBytes())
    }

    func run(
        minutes: Double, warmUpMinutes: Double, tolerance: Double,
        progress: (_ sample: SoakSample, _ warmUpDone: Bool) -> Void
    ) -> SoakResult {
        // The delegate keeps the screen it launched with; from the first
        // replacement on, the live views are its, the demo's and one more screen's.
        replaceGesturesScreen()
        // The per-cycle figures' room, reserved now so their growth is not in the heap figures (a cycle is ~38 s).
        let expectedCycles = Int(minutes * 2) + 16
        residentPerCycle.reserveCapacity(expectedCycles)
        heapPerCycle.reserveCapacity(expectedCycles)
        partsPerCycle.reserveCapacity(expectedCycles)
        visitDemoScreens()
        demo.idle(1)
        lab.idle(1)
        let start = sample()
        var baseline: SoakSample?
        var lowest = Int.max
        var highest = 0
        var cycles = 0
        var last = start
        while simulatedSeconds < minutes * 60 {
            if cycles > 0 { replaceGesturesScreen() } // a screen change
            cycle()
            cycles += 1
            last = sample()
            residentPerCycle.append(last.residentBytes)
            heapPerCycle.append(last.heapBytes)
            partsPerCycle.append((last.anonymousBytes, last.fileBytes))
            if baseline == nil && last.simulatedSeconds >= warmUpMinutes * 60 {
                // The progress report runs once before the baseline is read:
                // its first run pages in code (Foundation's among it), which
                // shows in the resident set as ~0.5 MB of file-backed pages.
                progress(last, true)
                last = sample()
                baseline = last
            } else {
                progress(last, false)
            }
            if baseline != nil {
                lowest = min(lowest, last.residentBytes)
                highest = max(highest, last.residentBytes)
            }
        }
        return SoakResult(
            start: start, baseline: baseline ?? last, end: last,
            lowestResident: lowest == .max ? last.residentBytes : lowest,
            highestResident: max(highest, last.residentBytes), tolerance: tolerance, frames: frames,
            inputFrames: inputFrames, cycles: cycles, screensBuilt: screensBuilt, actions: actionCount,
            drawnFrames: drawnFrames, drawnMegapixels: drawnPixels / 1e6, gestureLogLines: gestureLogLines,
            residentPerCycle: residentPerCycle, heapPerCycle: heapPerCycle, partsPerCycle: partsPerCycle,
            judgesHeap: underAddressSanitizer)
    }

    /// The control actions the demo app logged.
    var actionCount: Int { demo.sink.lineCount }

    /// A new gestures screen from the scene file takes the old one's place,
    /// which is dropped: its views, recognizers and delegates must all go.
    func replaceGesturesScreen() {
        let application = lab.app.application
        let next: Scene
        do throws(JSONError) {
            next = try gesturesFile.build(screenSize: lab.window.bounds.size, log: lab.app.log)
        } catch {
            fail(error.description)
        }
        application.removeWindow(lab.window)
        next.attach(to: application)
        if keepDroppedScreens, let screen { keptScreens.append(screen) }
        screen = next
        lab.window = next.window
        lab.app.frameDriver.window = next.window
        lab.app.frameDriver.drawAll()
        screensBuilt += 1
    }

    /// About a simulated minute of use: the demo's controls and screens, then the gestures screen.
    func cycle() {
        useDemo()
        useGestures(lab)
    }

    func useDemo() {
        let d = demo
        guard let delegate = d.app.delegate as? DemoAppDelegate, let screen = delegate.demo?.controls else {
            fail("the demo app did not launch its controls screen")
        }
        d.tap(d.center(of: "play"))
        d.idle(1 + random())
        for slider in [screen.volume, screen.brightness] {
            let thumb = slider.currentThumbRect
            let start = slider.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
            let track = slider.trackRect(forBounds: slider.bounds)
            let end = slider.convert(Point(x: track.minX + track.width * random(), y: thumb.midY), to: nil)
            d.drag(from: start, to: end, seconds: 0.4 + random() * 0.6)
            d.idle(0.5 + random())
        }
        d.tap(d.center(of: "wifi"))
        d.idle(0.5)
        d.tap(d.center(of: "bluetooth"))
        d.idle(0.5)
        // A switch's thumb dragged across, and back.
        let wifi = screen.wifi.convert(Point(x: screen.wifi.bounds.minX + 6, y: screen.wifi.bounds.midY), to: nil)
        let across = Point(x: wifi.x + screen.wifi.bounds.width - 12, y: wifi.y)
        d.drag(from: wifi, to: across, seconds: 0.3)
        d.idle(0.5)
        d.drag(from: across, to: wifi, seconds: 0.3)
        d.idle(0.5)
        d.longPress(d.center(of: "stop"), seconds: 0.8 + random())
        d.idle(0.5)
        d.tap(d.center(of: "eject")) // disabled
        d.idle(0.5)
        // Down on a button, then off it and lifted outside: no action.
        let play = d.center(of: "play")
        d.drag(from: play, to: Point(x: play.x, y: play.y - 150), seconds: 0.5)
        d.idle(0.5)
        // Two fingers on the two sliders at once.
        let a = d.newFinger()
        let b = d.newFinger()
        let volume = screen.volume.convert(
            Point(x: screen.volume.currentThumbRect.midX, y: screen.volume.bounds.midY), to: nil)
        let brightness = screen.brightness.convert(
            Point(x: screen.brightness.currentThumbRect.midX, y: screen.brightness.bounds.midY), to: nil)
        d.down([(a, volume), (b, brightness)])
        for step in 1...20 {
            let dx = Double(step) * 4
            d.move([(a, Point(x: volume.x + dx, y: volume.y)), (b, Point(x: brightness.x - dx, y: brightness.y))])
        }
        d.liftAll()
        d.idle(1)
        // The about screen (pushed) and back, with a drag and a long press on its text in between.
        d.tap(d.center(of: "more"))
        d.idle(2 + random() * 2)
        let text = d.center(of: "about")
        d.drag(from: text, to: Point(x: text.x - 200, y: text.y + 40), seconds: 0.4)
        d.longPress(text, seconds: 0.7)
        d.idle(1)
        d.tap(d.center(of: "back"))
        d.idle(1)
        // Settings: a switch in a row, a fling down the list, a row tapped twice
        // (checked, unchecked), a fling back up, and back.
        d.tap(d.center(of: "settings"))
        d.idle(1 + random())
        d.tap(d.center(of: "autoDim"))
        d.idle(0.5)
        let list = d.center(of: "settingsTable")
        d.drag(from: Point(x: list.x, y: list.y + 100), to: Point(x: list.x, y: list.y - 150), seconds: 0.1)
        d.idle(2 + random())
        d.tap(list)
        d.idle(0.5)
        d.tap(list)
        d.idle(0.5)
        d.drag(from: Point(x: list.x, y: list.y - 100), to: Point(x: list.x, y: list.y + 150), seconds: 0.1)
        d.idle(2)
        d.tap(d.center(of: "back"))
        d.idle(1)
        d.tap(d.center(of: "stop"))
        d.idle(3 + random() * 3) // the user looks away
    }

    /// The demo makes the settings list's views when it is first pushed, and
    /// its reused cells as rows first come into view: a first visit of every
    /// screen, and flings through the list, before the start sample, so the
    /// live counts compare what use adds, not what a first look makes.
    func visitDemoScreens() {
        let d = demo
        d.tap(d.center(of: "settings"))
        d.idle(1)
        let list = d.center(of: "settingsTable")
        for _ in 0..<3 {
            d.drag(from: Point(x: list.x, y: list.y + 100), to: Point(x: list.x, y: list.y - 150), seconds: 0.1)
            d.idle(3)
        }
        for _ in 0..<3 {
            d.drag(from: Point(x: list.x, y: list.y - 100), to: Point(x: list.x, y: list.y + 150), seconds: 0.1)
            d.idle(3)
        }
        d.tap(d.center(of: "back"))
        d.idle(1)
        d.tap(d.center(of: "more"))
        d.idle(1)
        d.tap(d.center(of: "back"))
        d.idle(1)
    }

    func useGestures(_ g: SoakDriver) {
        let middle = Point(x: 400, y: 180)
        let child = g.center(of: "child")
        g.tap(middle)
        g.idle(0.6) // the double tap it waits for fails first
        g.doubleTap(middle)
        g.idle(0.6)
        g.longPress(middle, seconds: 0.8)
        g.idle(0.5)
        g.drag(from: Point(x: 200, y: 150), to: Point(x: 200 + 300 * random(), y: 150 + 100 * random()), seconds: 0.8)
        g.idle(0.5)
        for (dx, dy) in [(300.0, 0.0), (-300.0, 0.0), (0.0, 200.0), (0.0, -200.0)] {
            let from = Point(x: 400 - dx / 2, y: 200 - dy / 2)
            g.drag(from: from, to: Point(x: from.x + dx, y: from.y + dy), seconds: 0.12) // a swipe
            g.idle(0.4)
        }
        g.twoFingers(center: middle, from: 100, to: 260, angle: 0, seconds: 0.5) // pinch out
        g.idle(0.4)
        g.twoFingers(center: middle, from: 260, to: 90, angle: 0, seconds: 0.5) // pinch in
        g.idle(0.4)
        g.twoFingers(center: middle, from: 160, to: 160, angle: 1.2, seconds: 0.6) // rotation
        g.idle(0.4)
        g.twoFingers(center: middle, from: 120, to: 220, angle: -0.8, seconds: 0.6) // both
        g.idle(0.4)
        g.drag(from: Point(x: 1, y: 240), to: Point(x: 260, y: 240), seconds: 0.5) // from the left edge
        g.idle(0.4)
        g.tap(child)
        g.idle(0.5)
        g.drag(from: child, to: Point(x: child.x + 120, y: child.y - 200), seconds: 0.4, holdFirst: 0.3)
        g.idle(2)
    }

    // MARK: Reading memory

    /// The process's resident set: /proc/self/statm's second field, in pages.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// What the program holds from malloc now; unlike RSS, it does not include
    /// free memory the allocator keeps, so it tells a leak from fragmentation.
    static func heapBytes() -> Int {
        Int(heapBytesInUse())
    }

    /// RssAnon and RssFile from /proc/self/status, in bytes.
    static func residentParts() -> (anonymous: Int, file: Int) {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        var anonymous = 0
        var file = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { continue }
            if fields[0] == "RssAnon:" { anonymous = kilobytes * 1024 }
            if fields[0] == "RssFile:" { file = kilobytes * 1024 }
        }
        return (anonymous, file)
    }

    static func megabytes(_ bytes: Int) -> String {
        decimal(Double(bytes) / 1_048_576, places: 2) + " MB"
    }

    static func decimal(_ value: Double, places: Int = 1) -> String {
        String(format: "%.\(places)f", value)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
