import Foundation
import PanelJSON
import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

// The built-in scroll scene (assets/scenes/scroll.json) and the traces in
// Tests/Traces/Scroll: the touch cases of docs/scrolling.md replayed through
// `panel replay TRACE --scene scroll`, read from the log's action and scroll lines.

/// The action and scroll lines of `panel replay Tests/Traces/Scroll/NAME.evemu --scene scroll`,
/// shortened to "ok touchDown" and "list beginDragging 0,0"; a run of the same
/// drag event (one `touchDragInside` per move) reads as one.
func scrollOutcome(_ trace: String) throws -> [String] {
    let run = try PanelRun.run([
        "replay", PackagePaths.path("Tests/Traces/Scroll/" + trace + ".evemu"), "--scene", "scroll"
    ])
    #expect(run.status == 0, "\(run.stderr)")
    var lines: [String] = []
    for line in run.stdout.split(separator: "\n") {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        switch object["type"] as? String {
        case "action":
            let event = object["event"] as! String
            let shortened = "\(object["control"]!) \(event)"
            if event != "primaryActionTriggered" && !(event.hasPrefix("touchDrag") && lines.last == shortened) {
                lines.append(shortened)
            }
        case "scroll":
            let offset = (object["offset"] as! [Double]).map { String(Int($0.rounded())) }.joined(separator: ",")
            lines.append("\(object["view"]!) \(object["event"]!) \(offset)")
        default:
            break
        }
    }
    return lines
}

@Suite("Scene files: the scroll scene replays the content touch cases")
struct ScrollSceneTests {
    @Test("scroll_tap-button: a quick tap on a button in the list fires it")
    func tap() throws {
        #expect(try scrollOutcome("scroll_tap-button") == ["ok touchDown", "ok touchUpInside"])
    }

    @Test(
        "scroll_drag-from-button (lvgl#6229, lvgl#9005): a drag that starts on the button scrolls the list, the button sends nothing"
    )
    func dragFromButton() throws {
        let outcome = try scrollOutcome("scroll_drag-from-button")
        #expect(outcome.count == 3)
        #expect(outcome.first == "list beginDragging 0,0")
        #expect(outcome.dropFirst().first?.hasPrefix("list endDragging 0,228") == true)
        #expect(outcome.last?.hasPrefix("list endDecelerating 0,") == true)
        #expect(!outcome.contains { $0.hasPrefix("ok ") })
    }

    @Test(
        "scroll_hold-then-drag: held still past the delay the button is pressed; the drag stays with it and the list does not scroll"
    )
    func holdThenDrag() throws {
        #expect(
            try scrollOutcome("scroll_hold-then-drag")
                == [
                    "ok touchDown", "ok touchDragInside", "ok touchDragExit", "ok touchDragOutside", "ok touchUpOutside"
                ])
    }

    @Test(
        "scroll_hold-then-drag-cancels: with touchesShouldCancel \"always\", the drag cancels the pressed button and scrolls"
    )
    func holdThenDragCancels() throws {
        let outcome = try scrollOutcome("scroll_hold-then-drag-cancels")
        // The finger moves a little inside the button before the scroll view takes it (C1's drag events).
        #expect(
            Array(outcome.prefix(4)) == [
                "go touchDown", "go touchDragInside", "go touchCancel", "feed beginDragging 0,0"
            ])
        #expect(outcome.count == 6)
        #expect(!outcome.contains("go touchUpInside"))
        #expect(outcome.last?.hasPrefix("feed endDecelerating") == true)
    }

    @Test("scroll_nested: a horizontal drag on the strip pages the strip, a vertical one on it scrolls the list")
    func nested() throws {
        let outcome = try scrollOutcome("scroll_nested")
        #expect(outcome.count == 6)
        #expect(
            Array(outcome.prefix(3)) == [
                "strip beginDragging 0,0", "strip endDragging 195,0", "strip endDecelerating 380,0"
            ])
        #expect(outcome[3] == "list beginDragging 0,0")
        #expect(outcome[5].hasPrefix("list endDecelerating 0,"))
    }

    @Test("The scroll scene builds its scroll views with the file's settings")
    func built() throws {
        let scene = try SceneFiles.builtIn("scroll").build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let list = try #require(scene.view(named: "list") as? ScrollView)
        let strip = try #require(scene.view(named: "strip") as? ScrollView)
        let feed = try #require(scene.view(named: "feed") as? ScrollView)
        #expect(list.contentSize == Size(width: 380, height: 1470))
        #expect(strip.isPagingEnabled && !list.isPagingEnabled)
        #expect(feed.touchesShouldCancel(in: try #require(scene.view(named: "go"))))
        #expect(!list.touchesShouldCancel(in: try #require(scene.view(named: "ok"))))
        #expect(list.delegate != nil) // the scene's logger
    }
}

@Suite("Scene files: scroll keys")
struct ScrollSceneKeyTests {
    @Test("Every scroll key sets its property")
    func keys() throws {
        let json = """
            {"views": [{"name": "s", "frame": [0, 0, 200, 100], "scroll": {"contentSize": [400, 300],
              "contentOffset": [10, 20], "paging": true, "bounces": false, "alwaysBounceVertical": true,
              "alwaysBounceHorizontal": true, "scrollEnabled": false, "delaysContentTouches": false,
              "canCancelContentTouches": false, "decelerationRate": "fast", "indicators": false}}]}
            """
        let scene = try SceneFiles.parse(json, path: "s.json").build(
            log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let s = try #require(scene.view(named: "s") as? ScrollView)
        #expect(s.contentSize == Size(width: 400, height: 300))
        #expect(s.contentOffset == Point(x: 10, y: 20))
        #expect(s.isPagingEnabled && !s.bounces && s.alwaysBounceVertical && s.alwaysBounceHorizontal)
        #expect(!s.isScrollEnabled && !s.delaysContentTouches && !s.canCancelContentTouches)
        #expect(s.decelerationRate == .fast)
        #expect(!s.showsVerticalScrollIndicator && !s.showsHorizontalScrollIndicator)
        let numeric = try SceneFiles.parse(
            #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [10, 10], "decelerationRate": 0.995}}]}"#,
            path: "n.json"
        ).build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        #expect((numeric.view(named: "s") as? ScrollView)?.decelerationRate.rawValue == 0.995)
    }

    @Test("A scroll view without contentSize: the error says what to add")
    func missingContentSize() {
        let message = sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"paging": true}}]}"#)
        #expect(
            message
                == "bad.json:1:61: views[0].scroll: missing the key 'contentSize' ([width, height] of the content, in points)"
        )
    }

    @Test("A bad decelerationRate names the values it takes")
    func badRate() {
        let message = sceneError(
            #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [10, 10], "decelerationRate": 2}}]}"#
        )
        #expect(
            message
                == "bad.json:1:107: views[0].scroll.decelerationRate: expected \"normal\" (0.998), \"fast\" (0.99) or a number between 0 and 1 (the velocity kept per millisecond)"
        )
    }

    @Test("A negative content size, an unknown scroll key, and a scroll view that is also a control are errors")
    func otherErrors() {
        let negative = sceneError(
            #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [-1, 10]}}]}"#)
        #expect(
            negative?.contains(
                "views[0].scroll.contentSize: the content's width and height must not be negative, not -1 × 10")
                == true, "\(negative ?? "")")
        let unknown = sceneError(
            #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [10, 10], "pagingEnabled": true}}]}"#
        )
        #expect(
            unknown?.contains("views[0].scroll.pagingEnabled: unknown key 'pagingEnabled'; expected one of:") == true,
            "\(unknown ?? "")")
        let both = sceneError(
            #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [10, 10]}, "control": {"kind": "button"}}]}"#
        )
        #expect(
            both?.contains("views[0].scroll: a view is one kind (") == true
                && both?.contains("not both 'control' and 'scroll'; keep one and put the other in its own view")
                    == true,
            "\(both ?? "")")
        let cancel = sceneError(
            #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [10, 10], "touchesShouldCancel": true}}]}"#
        )
        #expect(
            cancel?.contains("views[0].scroll.touchesShouldCancel: expected \"default\"") == true, "\(cancel ?? "")")
        let hitArea = sceneError(
            #"{"views": [{"name": "s", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [10, 10]}, "hitArea": "round"}]}"#
        )
        #expect(
            hitArea?.contains("'hitArea' is for plain views; a scroll view shares touches with its content") == true,
            "\(hitArea ?? "")")
    }
}
