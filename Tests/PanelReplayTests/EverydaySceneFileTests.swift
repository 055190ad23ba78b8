import Foundation
import PanelJSON
import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

// Scene files' `segmented`, `stepper`, `progress` and `pageControl` keys
// (docs/scene-files.md): built with the file's settings, logging every
// control event, and clear errors for bad values.

@Suite("Scene files: segmented, stepper, progress, pageControl")
struct EverydaySceneFileTests {
    let json = """
        {"views": [
          {"name": "mode", "frame": [100, 40, 300, 48],
           "segmented": {"segments": ["Heat", "Cool", "Auto"], "selected": 0, "disabledSegments": [2]}},
          {"name": "fan", "frame": [100, 120, 120, 48],
           "stepper": {"value": 2, "minimumValue": 0, "maximumValue": 5, "stepValue": 1}},
          {"name": "pages", "frame": [100, 200, 200, 40], "pageControl": {"numberOfPages": 4, "currentPage": 1}},
          {"name": "download", "frame": [100, 280, 300, 6], "progress": {"progress": 0.4, "trackColor": "#202020"}}
        ]}
        """

    @Test("Each key builds its control with the file's settings")
    func built() throws {
        let scene = try SceneFiles.parse(json, path: "scene.json").build(
            log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let mode = try #require(scene.view(named: "mode") as? SegmentedControl)
        #expect(mode.numberOfSegments == 3 && mode.selectedSegmentIndex == 0 && !mode.isEnabledForSegment(at: 2))
        let fan = try #require(scene.view(named: "fan") as? Stepper)
        #expect(fan.value == 2 && fan.maximumValue == 5)
        let pages = try #require(scene.view(named: "pages") as? PageControl)
        #expect(pages.numberOfPages == 4 && pages.currentPage == 1)
        let download = try #require(scene.view(named: "download") as? ProgressView)
        #expect(download.progress == 0.4 && download.trackTintColor == Color(rgb: 0x202020))
    }

    @Test(
        "A replay logs their actions with their values: a segment chosen on lift, a stepper held to repeat, a page turned"
    )
    func replayLogsActions() throws {
        var trace = TraceScript()
        trace.frame([(0, 1, 150, 64)], after: 0.2) // "Heat", already selected
        trace.frame([(0, 1, 250, 64)]) // slide to "Cool"
        trace.frame([(0, -1, 0, 0)]) // lift: Cool is selected
        trace.frame([(0, 2, 190, 144)], after: 0.5) // the stepper's +: 3
        trace.frame([(0, 2, 191, 144)], after: 0.55) // still held: one repeat at 0.5 s, 4
        trace.frame([(0, -1, 0, 0)])
        trace.frame([(0, 3, 280, 220)], after: 0.5) // the page control's right half
        trace.frame([(0, -1, 0, 0)], after: 0.05)
        let (log, run) = try replayScene(json, trace)
        #expect(run.status == 0, "\(run.stderr)")
        let actions = log.filter { $0["type"] as? String == "action" }.map { line -> String in
            let value = (line["value"] as? Double).map { " \($0)" } ?? ""
            return "\(line["control"]!) \(line["event"]!)" + value
        }
        #expect(
            actions == [
                "mode touchDown", "mode touchDragInside", "mode valueChanged 1.0", "mode primaryActionTriggered 1.0",
                "mode touchUpInside",
                "fan touchDown", "fan valueChanged 3.0", "fan primaryActionTriggered 3.0",
                "fan valueChanged 4.0", "fan primaryActionTriggered 4.0", "fan touchDragInside", "fan touchUpInside",
                "pages touchDown", "pages valueChanged 2.0", "pages primaryActionTriggered 2.0", "pages touchUpInside"
            ])
    }

    @Test("Bad values name the file, the line, the key and what is expected")
    func errors() {
        func view(_ body: String) -> String { #"{"views": [{"name": "c", "frame": [0, 0, 100, 40], "# + body + "}]}" }
        #expect(
            sceneError(view(#""segmented": {"segments": []}"#))
                == #"bad.json:1:78: views[0].segmented.segments: expected at least one segment title, as ["Heat", "Cool"]"#
        )
        #expect(
            sceneError(view(#""segmented": {"segments": ["A", 2]}"#))
                == "bad.json:1:84: views[0].segmented.segments[1]: expected a segment title (a string), found a number")
        #expect(
            sceneError(view(#""segmented": {"segments": ["A", "B"], "selected": 2}"#))
                == "bad.json:1:102: views[0].segmented.selected: expected a segment index from 0 to 1 (or -1 for none), not 2"
        )
        #expect(
            sceneError(view(#""segmented": {"title": "A"}"#))
                == "bad.json:1:65: views[0].segmented: missing the key 'segments' (the titles, as [\"Heat\", \"Cool\"])"
        )
        #expect(
            sceneError(view(#""stepper": {"value": 7, "maximumValue": 5}"#))
                == "bad.json:1:73: views[0].stepper.value: the value 7 is outside 0…5")
        #expect(
            sceneError(view(#""stepper": {"stepValue": 0}"#))
                == "bad.json:1:77: views[0].stepper.stepValue: expected a step above 0 and at most maximumValue − minimumValue (100), not 0"
        )
        #expect(
            sceneError(view(#""pageControl": {"numberOfPages": 3, "currentPage": 3}"#))
                == "bad.json:1:103: views[0].pageControl.currentPage: expected a page from 0 to 2, not 3")
        #expect(
            sceneError(view(#""pageControl": {}"#))
                == "bad.json:1:67: views[0].pageControl: missing the key 'numberOfPages' (how many dots, 0 or more)")
        #expect(
            sceneError(view(#""progress": {"progress": 1.5}"#))
                == "bad.json:1:77: views[0].progress.progress: expected a number from 0 to 1, not 1.5")
        #expect(
            sceneError(view(#""stepper": {}, "label": {"text": "x"}"#))?
                .contains(
                    "views[0].stepper: a view is one kind (control, label, stack, scroll, segmented, stepper, progress, pageControl, textField, gauge, picker, grid), not both 'label' and 'stepper'"
                ) == true)
        #expect(
            sceneError(view(#""progress": {}, "touches": "log""#))
                == "bad.json:1:79: views[0].touches: 'touches' is for plain views; a progress bar takes no touches (R12)"
        )
        #expect(
            sceneError(view(##""stepper": {"colour": "#FFFFFF"}"##))?
                .contains(
                    "views[0].stepper.colour: unknown key 'colour'; expected one of: minimumValue, maximumValue, stepValue, value, wraps, autorepeat, continuous, enabled, touchMargin"
                ) == true)
    }
}

@Suite("Action lines")
struct ActionLineTests {
    @Test(
        "C1: every control event has an action line, drags included; valueChanged and primaryActionTriggered carry the value"
    )
    func everyEventLogged() {
        let sink = MemorySink()
        let log = ReplayLog(sink: sink, clock: ManualClock())
        let stepper = Stepper(name: "fan")
        stepper.value = 3
        log.logActions(of: stepper) { control in (control as? Stepper)?.value }
        let events: [(ControlEvents, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
            (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
            (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
            (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
            (.primaryActionTriggered, "primaryActionTriggered")
        ]
        for (event, _) in events { stepper.sendActions(for: event) }
        log.writer.flush()
        let expected = events.map { _, name in
            #"{"type":"action","t":0.0,"control":"fan","event":""# + name + "\""
                + (name == "valueChanged" || name == "primaryActionTriggered" ? #","value":3.0}"# : "}")
        }
        #expect(sink.lines == expected)
    }
}
