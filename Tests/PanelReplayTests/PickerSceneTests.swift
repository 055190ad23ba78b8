import Foundation
import PanelJSON
import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

// Scene files' `picker` and `grid` keys (docs/scene-files.md): a
// PickerView of the file's titles that logs a `picker` line when a wheel
// rests on a new row, and a CollectionView that logs `select` lines.

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
                    "views[0].picker.components[1]: expected a non-empty list of titles (strings), found a number")
                == true)
        #expect(
            sceneError(view(#""picker": {"components": [["A", "B"]], "selected": [2]}"#))?
                .hasSuffix("views[0].picker.selected[0]: expected a row from 0 to 1") == true)
    }
}

@Suite("Scene files: grid")
struct GridSceneTests {
    let json = """
        {"views": [
          {"name": "rooms", "frame": [0, 0, 300, 200],
           "grid": {"sections": [["Lamp", "Fan", "Heater", "Blinds", "Door"]], "itemSize": [90, 60], "spacing": 10,
                    "inset": 10}}
        ]}
        """

    @Test("The key builds a CollectionView with the file's items and flow layout")
    func built() throws {
        let scene = try SceneFiles.parse(json, path: "scene.json").build(
            log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let grid = try #require(scene.view(named: "rooms") as? CollectionView)
        #expect(grid.numberOfSections == 1 && grid.numberOfItems(inSection: 0) == 5)
        // 280 points between the insets: two items of 90 across, 100 apart.
        #expect(grid.frameForItem(at: IndexPath(item: 1, section: 0)) == Rect(x: 200, y: 10, width: 90, height: 60))
        #expect(grid.frameForItem(at: IndexPath(item: 2, section: 0)) == Rect(x: 10, y: 80, width: 90, height: 60))
        #expect(!grid.allowsMultipleSelection)
    }

    @Test("Replayed taps select an item, then another (the first deselected), each logged as a select line")
    func replayLogsSelection() throws {
        var trace = TraceScript()
        trace.frame([(0, 1, 245, 40)], after: 0.2) // Fan
        trace.frame([(0, -1, 0, 0)], after: 0.05)
        trace.frame([(0, 2, 55, 110)], after: 0.3) // Heater
        trace.frame([(0, -1, 0, 0)], after: 0.05)
        let (log, run) = try replayScene(json, trace)
        #expect(run.status == 0, "\(run.stderr)")
        let selections = log.filter { $0["type"] as? String == "select" }.map { line in
            "\(line["view"]!) \(line["section"]!) \(line["item"]!) \(line["selected"]! as? Bool == true)"
        }
        #expect(selections == ["rooms 0 1 true", "rooms 0 1 false", "rooms 0 2 true"])
    }

    @Test("Bad values name the file, the line, the key and what is expected")
    func errors() {
        func view(_ body: String) -> String { #"{"views": [{"name": "g", "frame": [0, 0, 300, 216], "# + body + "}]}" }
        #expect(
            sceneError(view(#""grid": {"sections": [["A"]], "itemSize": [0, 10]}"#))?
                .hasSuffix("views[0].grid.itemSize: an item must be at least 1 × 1 point, not 0 × 10") == true)
        #expect(
            sceneError(view(#""grid": {"items": ["A"]}"#))?
                .hasSuffix(#"views[0].grid: missing the key 'sections' (a list of title lists, as [["Lamp", "Fan"]])"#)
                == true)
        #expect(
            sceneError(view(#""grid": {"sections": [["A"]], "spacing": -1}"#))?
                .hasSuffix("views[0].grid.spacing: expected a spacing from 0 to 1000 points, not -1") == true)
    }
}
