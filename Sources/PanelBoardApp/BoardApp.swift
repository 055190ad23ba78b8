import PanelBoards
import PanelDemo
import PanelJSON
// panel-demo: the board binary that scripts/build-board builds as Embedded
// Swift for one board (boards/BOARD.json, compiled in as BoardPreset.swift).
// It needs only libc, libdrm, libevdev, FreeType and libpng at run time, and
// finds its assets in the folder beside it (dist/BOARD/assets).
//
//   panel-demo [OPTIONS]                       the demo app through PanelKit's app runtime, as `panel demo`
//                                              runs it: the board's display (DRM/KMS) and touch panel (evdev);
//                                              --scene NAME a scene instead, --help the runtime's options
//   panel-demo calibrate [--output FILE]       the runtime's --calibrate: five targets; writes BOARD.override.json beside the binary
//   panel-demo board                           the board compiled in
//
// The benchmark harness is its own binary beside it, panel-bench
// (Sources/PanelBoardBench): an app carries only what it runs.
import PanelKit
import PanelUI

let usage = """
    usage: panel-demo [--card /dev/dri/cardN|/dev/fbN] [--duration SECONDS] [--scene touches|gestures|controls|FILE] [--assets DIR] (--help: all options)
           panel-demo --backend headless --replay TRACE.evemu [--scene touches|gestures|controls]
           panel-demo calibrate [--card /dev/dri/cardN|/dev/fbN] [--output FILE] [--assets DIR]
           panel-demo board
           (the benchmark harness: panel-bench beside it)

    """

@_cdecl("main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    var arguments = ToolArguments(program: "panel-demo", argc: argc, argv: argv)
    let mode = arguments.words.first.map { hasPrefixBytes($0, "-") ? "demo" : $0 } ?? "demo"
    if !sameBytes(mode, "demo") { arguments.words.removeFirst() }
    switch mode {
    case "demo":
        // The demo is an app like any other: the runtime applies the board's override itself.
        return ApplicationMain.run(DemoAppDelegate.self, arguments: arguments.words, programName: "panel-demo")
    case "calibrate":
        // The runtime's --calibrate, for the board compiled in: the override goes beside the binary.
        var words = ["--calibrate"]
        for word in arguments.words { words.append(sameBytes(word, "--output") ? "--calibration-file" : word) }
        return ApplicationMain.run(DemoAppDelegate.self, arguments: words, programName: "panel-demo")
    case "bench":
        arguments.fail(
            "the benchmark harness is panel-bench, beside panel-demo: run panel-bench [--quick] [--json FILE]")
    case "board":
        // The board file, compiled in: the JSON in boards/ stays the one source.
        // Parsed here only: the app runtime parses it for the other modes, after
        // it took main()'s time, so no start-up goes unmeasured.
        printBoard(arguments.compiledInBoard())
    case "help", "-h", "--help":
        writeError(usage)
    default:
        arguments.fail("unknown mode '" + mode + "'\n" + usage)
    }
    return 0
}

/// `panel-demo board`: the board compiled in, as the build read it.
func printBoard(_ board: Board) {
    let display = board.display
    let touch = board.touch
    print("board: " + board.name + " (" + board.path + ")")
    print("  " + board.description)
    print(
        "display: " + (display.connector ?? "auto") + " " + display.modeName + "@" + fixed(display.refreshRate, 0)
            + ", rotation " + String(display.rotation.rawValue) + ", UI " + describeNumber(board.screenSize.width) + "x"
            + describeNumber(board.screenSize.height) + " points at scale " + describeNumber(board.scale))
    var device = "auto"
    switch touch.device {
    case .automatic: break
    case .named(let name): device = "named '" + name + "'"
    case .path(let path): device = path
    }
    print(
        "touch: " + device + ", " + String(touch.maxContacts) + " contacts, rotation " + String(touch.rotation.rawValue)
            + (touch.grab ? ", grabbed" : ""))
    var flags = ""
    for flag in board.cpu.flags { flags += " " + flag }
    print("cpu: " + board.cpu.architecture.rawValue + flags)
}
