import PanelImage
import PanelJSON
import PanelLog
import PanelReplay
import PanelScenes
import PanelUI

/// Scene files: parsed, built for a small screen (frames scale to it), drawn,
/// and touched (a tap and a two-finger drag across the middle), then run
/// past every timeout. Refusals must be good error lines; nothing may trap.
enum SceneCheck {
    static let screen = Size(width: 160, height: 96)

    static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzViolation) {
        let file: SceneFile
        do throws(JSONError) {
            file = try SceneFile(parsing: Array(bytes), path: "fuzz.json")
        } catch {
            try checkErrorMessage(error.description, what: "the scene file")
            return
        }
        let clock = ManualClock(now: 0)
        let log = ReplayLog(sink: CountingSink(), clock: clock)
        let application = ReplayApplication(runLoop: RunLoop(manualClock: clock), log: log)
        application.gestureObserver = log
        let scene: Scene
        do throws(JSONError) {
            scene = try file.build(screenSize: screen, log: log)
        } catch {
            try checkErrorMessage(error.description, what: "the scene file")
            return
        }
        scene.attach(to: application)
        let display = HeadlessDisplay(width: Int(screen.width), height: Int(screen.height))
        let renderer = Renderer()
        renderer.draw(scene.window, into: display.framebuffer)

        var time = 0.0
        func frame(_ contacts: [(Int32, Double, Double)]) {
            time += 0.02
            application.runLoop.advance(to: time)
            var frame = TouchFrame(timestamp: time)
            for contact in contacts { frame.append(TouchContact(id: contact.0, x: contact.1, y: contact.2)) }
            application.enqueue(frame)
            application.runTurn()
        }
        let middle = (x: screen.width / 2, y: screen.height / 2)
        frame([(1, middle.x, middle.y)])
        frame([])
        for step in 0..<8 {
            let dx = Double(step) * 6
            frame([(2, 10 + dx, middle.y - 10), (3, 10 + dx, middle.y + 10)])
        }
        frame([])
        for _ in 0..<12 {
            application.runLoop.advance(to: application.runLoop.now + 1)
            application.runTurn()
        }
        renderer.draw(scene.window, into: display.framebuffer)
        if !application.touchDispatcher.liveTouches.isEmpty {
            throw FuzzViolation("touches still live after every finger lifted")
        }
        for i in 0..<scene.recognizers.count where scene.recognizers[i].state != .possible {
            throw FuzzViolation(
                "recognizer '\(messageText(scene.recognizers[i].name))' is \(scene.recognizers[i].state) after every finger lifted"
            )
        }
    }
}
