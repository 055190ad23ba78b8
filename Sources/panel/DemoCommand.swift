import ArgumentParser
import Foundation
import PanelBoards
import PanelDemo
import PanelImage
import PanelKit
import PanelLinux
import PanelSDL
import PanelText
import PanelUI

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract:
            "Run PanelKit's demo app: controls, a settings list, Wi-Fi and about screens in a navigation controller.",
        // One line a paragraph (a trailing backslash joins lines): the parser wraps them to the terminal.
        discussion: """
            The demo is an app like any other: this runs it through PanelKit's app runtime (the module PanelKit's \
            ApplicationMain), with the standard options every app has: --backend auto|drm|fbdev|sdl|headless, \
            --board NAME|FILE, --duration SECONDS, DRM's and fbdev's --card/--device/--latency-log, the simulator's \
            --zoom/--rotation/--record, headless --replay TRACE.evemu and --png FILE; and the demo's own \
            --scene NAME|FILE, --output DIR and --right-to-left. `panel demo --help-app` lists them all.

            Headless (what `auto` picks when there is no KMS display, no desktop and no framebuffer), it plays a \
            scripted touch session, prints each control action as a JSON line, and writes a PNG frame after every \
            step to the output folder. On DRM it runs until SIGTERM/SIGINT or --duration, then restores the \
            console's mode and prints the input-to-flip latency summary to stderr.
            """
    )

    @Argument(parsing: .allUnrecognized, help: "The app runtime's options (see --help-app).")
    var arguments: [String] = []

    @Flag(name: .customLong("help-app"), help: "List every option of the app runtime and the demo.")
    var helpApp = false

    func run() throws {
        let status = ApplicationMain.run(
            DemoAppDelegate.self, arguments: helpApp ? ["--help"] : arguments, programName: "panel demo")
        if status != 0 { throw ExitCode(status) }
    }
}

/// PanelKit's assets: the fonts every screen draws with and the demo's icon.
struct Assets {
    let path: String

    init(given: String?) {
        path = locateAssets(given)
    }

    /// FreeType on the assets' fonts. A font that cannot load ends the program
    /// with its error, after `cleanUp` (which restores a display already taken).
    /// With a `board`, the fallback fonts its file names.
    func textRenderer(board: Board? = nil, cleanUp: () -> Void = {}) -> FreeTypeTextRenderer {
        do {
            let renderer = try FreeTypeTextRenderer(fontDirectory: path + "/fonts")
            renderer.useFallbackFonts(of: board)
            return renderer
        } catch {
            cleanUp()
            fail("\(error)")
        }
    }

    /// The demo's icon, read through libpng; `nil` (no icon drawn) when missing.
    var icon: Image? { try? PNG.readImage(path: path + "/images/panelkit-icon.png") }
}

/// The assets folder: the one given, else PANELKIT_ASSETS, else `assets` here,
/// else next to the executable's package checkout (walking up from the executable).
func locateAssets(_ given: String?) -> String {
    locatePackageFolder("assets", given: given, marker: "fonts", option: "--assets", variable: "PANELKIT_ASSETS")
}

/// A folder of the PanelKit checkout (`assets`, `boards`), found as the app
/// runtime finds it (PanelKit's `locatePanelKitFolder`); a folder that is not
/// there ends the program with one line naming the option to pass.
/// `marker` is a child it must hold.
func locatePackageFolder(_ name: String, given: String?, marker: String?, option: String, variable: String) -> String {
    if let folder = locatePanelKitFolder(name, given: given, marker: marker ?? ".", variable: variable) {
        return folder
    }
    if let given {
        fail("no \(marker.map { "\($0) in " } ?? "folder ")\(given): give \(option) PanelKit's \(name) folder")
    }
    fail(
        "cannot find PanelKit's \(name) folder: run from the PanelKit folder, or pass \(option) DIR or set \(variable)")
}
