// `panel-demo replay TRACE [--scene NAME]`: the host's `panel replay TRACE
// --scene NAME --board BOARD` on the board, byte for byte (scripts/board-test
// compares them under qemu-user).
import PanelApp
import PanelBoards
import PanelKit
import PanelReplay

func runReplay(_ arguments: Arguments, board: Board) {
    var arguments = arguments
    let sceneName = arguments.option("--scene") ?? SceneCatalog.defaultScene
    let assets = arguments.option("--assets") ?? executableDirectory() + "/assets"
    arguments.rejectUnknownOptions(usage)
    guard arguments.words.count == 1 else { fail("replay takes one trace file\n" + usage) }
    let trace: Trace
    do throws(TraceError) {
        trace = try Trace.load(path: arguments.words[0])
    } catch {
        fail(error.description)
    }
    let scene: SceneFile
    do throws(ReplayError) {
        scene = try SceneCatalog.load(sceneName, assets: assets)
    } catch {
        fail(error.message)
    }
    do throws(ReplayError) {
        // As Sources/panel/ReplayCommand.swift does with --board: the board's
        // screen, and its touch panel's calibration, rotation and filters.
        let replayer = try TraceReplayer(
            trace: trace, scene: scene, screenSize: board.screenSize,
            calibration: board.touch.effectiveCalibration, rotation: board.touchRotationOnScreen,
            filters: board.touch.filters, output: FileDescriptorSink(fileDescriptor: 1))
        replayer.run()
    } catch {
        fail(error.message)
    }
}
