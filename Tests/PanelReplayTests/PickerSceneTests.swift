import Foundation
import PanelJSON
import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

// Scene files' `picker` key (docs/scene-files.md): a PickerView of the
// file's titles that logs a `picker` line when a wheel rests on a new row.

@Suite("Scene files: picker")
struct PickerSceneTests {
    let json = """
        {"views": [
          {"name": "colour", "frame": [0, 0, 300, 216],
           "picker": {"components": [["Red", "Green", "Blue", "Cyan"], ["S", "M", "L"]], "selected": [1, 0]}}
        ]}
        """

    @Test("The key builds a PickerView with the file's titles and selection")
    func built() throws {
        let scene = try SceneFiles.parse(json, path: "scene.json").build(
            log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let picker = try #require(scene.view(named: "colour") as? PickerView)
        #expect(picker.numberOfComponents == 2)
        #expect(picker.numberOfRows(inComponent: 0) == 4 && picker.numberOfRows(inComponent: 1) == 3)
        #expect(picker.selectedRow(inComponent: 0) == 1 && picker.selectedRow(inComponent: 1) == 0)
    }

    @Test("A replayed tap on the row below the centre turns it to the centre and logs a picker line at rest")
    func replayLogsSelection() throws {
        var trace = TraceScript()
        trace.frame([(0, 1, 75, 144)], after: 0.2) // one row below the centre of the first wheel: Blue
        trace.frame([(0, -1, 0, 0)], after: 0.05)
        let (log, run) = try replayScene(json, trace)
        #expect(run.status == 0, "\(run.stderr)")
        let picks = log.filter { $0["type"] as? String == "picker" }.map { line in
            "\(line["view"]!) \(line["component"]!) \(line["row"]!)"
        }
        #expect(picks == ["colour 0 2"])
    }

    @Test("Bad values name the file, the line, the key and what is expected")
    func errors() {
        func view(_ body: String) -> String { #"{"views": [{"name": "p", "frame": [0, 0, 300, 216], "# + body + "}]}" }
        #expect(
            sceneError(view(#""picker": {}"#))
                == #"bad.json:1:63: views[0].picker: missing the key 'components' (a list of title lists, as [["S", "M", "L"]])"#
        )
        #expect(
            sceneError(view(#""picker": {"components": [["A"], 3]}"#))?
                .hasSuffix(
                    "views[0].picker.components[1]: expected a non-empty list of row titles (strings), found a number")
                == true)
        #expect(
            sceneError(view(#""picker": {"components": [["A", "B"]], "selected": [2]}"#))?
                .hasSuffix("views[0].picker.selected[0]: expected a row from 0 to 1") == true)
    }
}
