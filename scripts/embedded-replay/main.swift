// An app module built as Embedded Swift against PanelUI and the replay modules, the
// way a board binary is: it subclasses PanelUI's classes from outside the
// module (which Embedded Swift's cross-module model must allow), loads a
// scene file and replays a trace into it. scripts/embedded-check links it and compares its output with
// `panel replay` byte for byte.
import PanelJSON
import PanelLog
import PanelReplay
import PanelScenes
import PanelTrace
import PanelUI

final class AppView: View {
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
    }
}

final class AppWindow: Window {}
final class AppController: ViewController {}
final class AppApplication: Application {}

@_cdecl("main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    guard argc >= 2, let cPath = argv[1] else {
        print("usage: embedded-replay TRACE [SCENE_FILE]")
        return 2
    }
    let scenePath = argc >= 3 && argv[2] != nil ? String(cString: argv[2]!) : "assets/scenes/touches.json"
    // Touch the subclasses so their vtables are emitted and linked.
    let application = AppApplication()
    let window = AppWindow(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    window.rootViewController = AppController()
    application.addWindow(window)

    let trace: Trace
    do throws(TraceError) {
        trace = try Trace.load(path: String(cString: cPath))
    } catch {
        print("error: \(error.description)")
        return 1
    }
    let scene: SceneFile
    do throws(JSONError) {
        scene = try SceneFile.load(path: scenePath)
    } catch {
        print("error: \(error.description)")
        return 1
    }
    do throws(ReplayError) {
        let replayer = try TraceReplayer(trace: trace, scene: scene, output: FileDescriptorSink())
        // A 1-point view in the corner no trace touches: present, never hit.
        replayer.window.addSubview(AppView(frame: Rect(x: 0, y: 0, width: 1, height: 1), name: "app"))
        replayer.run()
    } catch {
        print("error: \(error.message)")
        return 1
    }
    return 0
}
