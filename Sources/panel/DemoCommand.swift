import ArgumentParser
import Foundation
import PanelDemo
import PanelHeadless
import PanelKit
import PanelReplay
import PanelText

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run PanelKit's demo: buttons, sliders and switches on two screens.",
        discussion: """
        Headless (the only backend so far, and what `auto` picks when there is no display), it plays a
        scripted touch session, prints each control action as a JSON line, and writes a PNG frame after
        every step to the output folder.
        """
    )

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case auto, headless
    }

    @Option(help: "Where frames go: \(Backend.allCases.map(\.rawValue).joined(separator: ", ")).")
    var backend: Backend = .auto

    @Option(help: "The screen size in points, WIDTHxHEIGHT.")
    var screen: ScreenSize = ScreenSize(width: 800, height: 480)

    @Option(help: "The folder for the headless demo's PNG frames.")
    var output: String = "out/demo"

    @Option(help: "PanelKit's assets folder (fonts and images); found from the current folder or the executable by default.")
    var assets: String?

    func run() throws {
        let assetsPath = locateAssets(assets)
        let textRenderer: FreeTypeTextRenderer
        do {
            textRenderer = try FreeTypeTextRenderer(fontDirectory: assetsPath + "/fonts")
        } catch {
            fail("\(error)")
        }
        let icon = try? PNG.readImage(path: assetsPath + "/images/panelkit-icon.png")

        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let log = ReplayLog(sink: FileDescriptorSink(fileDescriptor: 1), clock: application.runLoop.clock)
        let demo = DemoApp(application: application, screenSize: screen.size, icon: icon, log: log)
        let display = HeadlessDisplay(width: screen.width, height: screen.height)
        let renderer = Renderer(textRenderer: textRenderer)
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            fail("cannot create the output folder \(output): \(error.localizedDescription)")
        }
        renderer.draw(demo.window, into: display.framebuffer)
        var frameNumber = 0
        var written: [String] = []
        DemoSession(app: demo).play(.standard) { step in
            _ = renderer.render(demo.window, into: display.framebuffer)
            let path = "\(output)/\(String(format: "%02d", frameNumber))-\(step).png"
            frameNumber += 1
            do {
                try display.writePNG(to: path)
            } catch {
                fail("\(error)")
            }
            written.append(path)
        }
        log.writer.flush()
        FileHandle.standardError.write(Data("panel demo: wrote \(written.count) frames to \(output)/\n".utf8))
    }
}

/// The assets folder: the one given, else `assets` here, else next to the
/// executable's package checkout (walking up from the executable).
func locateAssets(_ given: String?) -> String {
    let manager = FileManager.default
    if let given {
        guard manager.fileExists(atPath: given + "/fonts") else {
            fail("no fonts in \(given)/fonts: give --assets the folder holding PanelKit's fonts/ and images/")
        }
        return given
    }
    if let environment = ProcessInfo.processInfo.environment["PANELKIT_ASSETS"], manager.fileExists(atPath: environment + "/fonts") {
        return environment
    }
    if manager.fileExists(atPath: "assets/fonts") { return "assets" }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
        let candidate = directory.appendingPathComponent("assets")
        if manager.fileExists(atPath: candidate.appendingPathComponent("fonts").path) { return candidate.path }
        directory.deleteLastPathComponent()
    }
    fail("cannot find PanelKit's assets (fonts and images): run from the PanelKit folder, or pass --assets DIR or set PANELKIT_ASSETS")
}
