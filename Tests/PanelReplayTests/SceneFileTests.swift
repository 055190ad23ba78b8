import Foundation
import PanelJSON
import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

// Scene files (docs/scene-files.md): the built-in scenes are scene files, and
// small files exercise the touch rules through `panel replay --scene-file`
// without compiling anything.

/// A protocol B panel whose axes are 0…799 × 0…479, so raw positions are
/// screen points on the default 800×480 screen.
let panelHeader = """
    # EVEMU 1.3
    N: PanelKit test panel
    I: 0018 0000 0000 0000
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 799 0 0 0
    A: 01 0 479 0 0 0
    A: 2f 0 9 0 0 0
    A: 35 0 799 0 0 0
    A: 36 0 479 0 0 0
    A: 39 0 65535 0 0 0

    """

/// Builds the `E:` lines of a trace, frame by frame.
struct TraceScript {
    var lines: [String] = []
    var time = 0.0
    var liveSlots = 0

    private mutating func event(_ type: Int, _ code: Int, _ value: Int) {
        lines.append(String(format: "E: %.6f %04x %04x %d", time, type, code, value))
    }

    /// One input frame: fingers (slot, tracking id or -1 to lift, position).
    mutating func frame(_ contacts: [(slot: Int, id: Int, x: Int, y: Int)], after seconds: Double = 0.016) {
        time += seconds
        for contact in contacts {
            event(3, 0x2f, contact.slot)
            if contact.id >= 0 {
                event(3, 0x39, contact.id)
                event(3, 0x35, contact.x)
                event(3, 0x36, contact.y)
            } else {
                event(3, 0x39, -1)
            }
        }
        event(0, 0, 0)
    }

    /// A finger down at (x, y) and up again `duration` later, in slot 0.
    mutating func tap(x: Int, y: Int, id: Int, duration: Double = 0.08) {
        frame([(0, id, x, y)], after: 0.2)
        frame([(0, -1, 0, 0)], after: duration)
    }

    func write() throws -> String {
        let url = try scratchDirectory().appendingPathComponent("trace.evemu")
        try (panelHeader + lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

/// Writes `json` as a scene file and replays `trace` into it with `panel replay`.
func replayScene(_ json: String, _ trace: TraceScript) throws -> (log: [[String: Any]], run: PanelRun) {
    let scene = try scratchDirectory().appendingPathComponent("scene.json")
    try json.write(to: scene, atomically: true, encoding: .utf8)
    let run = try PanelRun.run(["replay", try trace.write(), "--scene-file", scene.path])
    let log = try run.stdout.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    return (log, run)
}

/// "view message" for each responder line, in order.
func responderMessages(_ log: [[String: Any]]) -> [String] {
    log.filter { $0["type"] as? String == "responder" }.map { "\($0["view"]!) \($0["message"]!)" }
}

@Suite("Scene files: the built-in scenes")
struct BuiltInSceneFileTests {
    /// Every shipped trace replayed into every built-in scene prints exactly the
    /// log it printed when the scenes were Swift code (Tests/Replay/*.jsonl,
    /// taken from `panel replay` before the change).
    @Test(
        "The built-in scenes are scene files whose replay logs are unchanged, byte for byte",
        arguments: SceneCatalog.names)
    func logsUnchanged(scene: String) throws {
        let traces = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.path("Tests/Traces"))
            .filter { $0.hasSuffix(".evemu") }.sorted()
        #expect(traces.count == 7)
        for trace in traces {
            let run = try PanelRun.run(["replay", TracePaths.url(trace), "--scene", scene])
            let referencePath = PackagePaths.path(
                "Tests/Replay/" + trace.replacingOccurrences(of: ".evemu", with: "") + "." + scene + ".jsonl")
            let reference = try String(contentsOfFile: referencePath, encoding: .utf8)
            #expect(run.status == 0, "\(trace): \(run.stderr)")
            #expect(run.stdout == reference, "\(trace) in \(scene) differs from \(referencePath)")
        }
    }

    @Test("--scene NAME and --scene-file assets/scenes/NAME.json are the same scene")
    func nameIsTheFile() throws {
        let trace = TracePaths.url("edt-EP0430M09_protoB_2finger-touch-release.evemu")
        let byName = try PanelRun.run(["replay", trace, "--scene", "gestures"])
        let byFile = try PanelRun.run([
            "replay", trace, "--scene-file", PackagePaths.path("assets/scenes/gestures.json")
        ])
        #expect(byName.stdout == byFile.stdout)
        #expect(!byName.stdout.isEmpty)
    }

    @Test("Every view and recognizer of the gestures scene file is built with the file's settings")
    func gesturesSceneBuilt() throws {
        let scene = try SceneFiles.builtIn("gestures").build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let tap = try #require(scene.recognizer(named: "tap") as? TapGestureRecognizer)
        let doubleTap = try #require(scene.recognizer(named: "doubleTap") as? TapGestureRecognizer)
        let pinch = try #require(scene.recognizer(named: "pinch"))
        let rotation = try #require(scene.recognizer(named: "rotation"))
        #expect(doubleTap.numberOfTapsRequired == 2)
        #expect(tap.delegate == nil)
        #expect(pinch.delegate?.gestureRecognizer(pinch, shouldRecognizeSimultaneouslyWith: rotation) == true)
        #expect(pinch.delegate?.gestureRecognizer(pinch, shouldRecognizeSimultaneouslyWith: tap) == false)
        #expect((scene.recognizer(named: "swipe") as? SwipeGestureRecognizer)?.direction == [.left, .right, .up, .down])
        #expect((scene.recognizer(named: "edgePan") as? ScreenEdgePanGestureRecognizer)?.edges == .left)
        #expect(scene.view(named: "lab")?.gestureRecognizers.count == 8)
        #expect(scene.view(named: "child")?.frame == Rect(x: 240, y: 288, width: 240, height: 120))
    }

    @Test(
        "A scene laid out for 800x480 is shown on 800x480 points only: scaled, its frames would not match the controls' own sizes"
    )
    func refusesAnotherScreen() throws {
        let log = ReplayLog(sink: MemorySink(), clock: ManualClock())
        let scene = try SceneFiles.builtIn("controls").build(screenSize: Size(width: 800, height: 480), log: log)
        #expect(scene.window.bounds.size == Size(width: 800, height: 480))
        #expect(scene.view(named: "play")?.frame == Rect(x: 32, y: 332, width: 168, height: 56))
        #expect(throws: JSONError.self) {
            _ = try SceneFiles.builtIn("controls").build(screenSize: Size(width: 400, height: 240), log: log)
        }
    }

    @Test("Labels with valueOf follow their control live")
    func labelBinding() throws {
        let driver = TouchDriver()
        let scene = try SceneFiles.builtIn("controls").build(log: ReplayLog(sink: MemorySink(), clock: driver.clock))
        let volume = try #require(scene.view(named: "volume") as? Slider)
        let label = try #require(scene.view(named: "volumeValue") as? Label)
        #expect(label.text == "Volume 62%")
        volume.value = 0.25
        volume.sendActions(for: .valueChanged)
        #expect(label.text == "Volume 25%")
        // Every percent, halves included (rounded away from zero), as String(Int(x.rounded())) gives it.
        var values = (0...1000).map { Double($0) / 1000 }
        values += (0...100).map { (Double($0) + 0.5) / 100 }.filter { $0 <= 1 }
        for value in values {
            volume.value = value
            volume.sendActions(for: .valueChanged)
            let expected = "Volume " + String(Int((volume.value * 100).rounded())) + "%"
            guard label.text == expected else {
                Issue.record("value \(value): '\(label.text)', expected '\(expected)'")
                break
            }
        }
        #expect((scene.view(named: "wifiValue") as? Label)?.text == "Wi-Fi on")
        #expect((scene.view(named: "bluetoothValue") as? Label)?.text == "Bluetooth off")
    }
}

@Suite("Scene files: touch rules without compiling")
struct SceneFileRuleTests {
    @Test(
        "G10 worked example: A has a tap recognizer and subview B; tapping B gives B touchesBegan then touchesCancelled, never touchesEnded"
    )
    func g10WorkedExample() throws {
        let json = """
            {"views": [
              {"name": "A", "frame": [100, 100, 400, 300], "touches": "log",
               "recognizers": [{"name": "tap", "kind": "tap"}],
               "children": [{"name": "B", "frame": [50, 50, 200, 150], "touches": "log"}]}
            ]}
            """
        var trace = TraceScript()
        trace.tap(x: 250, y: 250, id: 1)
        let (log, run) = try replayScene(json, trace)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(responderMessages(log) == ["B touchesBegan", "B touchesCancelled"])
        let gestures = log.filter { $0["type"] as? String == "gesture" }.map { "\($0["recognizer"]!) \($0["state"]!)" }
        #expect(gestures == ["tap recognized"])
    }

    @Test("G10 off: with cancelsTouchesInView false, B gets touchesEnded")
    func g10Off() throws {
        let json = """
            {"views": [
              {"name": "A", "frame": [100, 100, 400, 300], "touches": "log",
               "recognizers": [{"name": "tap", "kind": "tap", "cancelsTouchesInView": false}],
               "children": [{"name": "B", "frame": [50, 50, 200, 150], "touches": "log"}]}
            ]}
            """
        var trace = TraceScript()
        trace.tap(x: 250, y: 250, id: 1)
        let (log, _) = try replayScene(json, trace)
        #expect(responderMessages(log) == ["B touchesBegan", "B touchesEnded"])
    }

    @Test("R5: a round hit area takes touches inside its ellipse; its corners fall through to the view behind")
    func roundHitArea() throws {
        let json = """
            {"views": [
              {"name": "back", "frame": [0, 0, 800, 480], "touches": "log",
               "children": [{"name": "round", "frame": [200, 100, 200, 200], "hitArea": "round", "touches": "log"}]}
            ]}
            """
        var trace = TraceScript()
        trace.tap(x: 210, y: 110, id: 1) // the corner of the bounds, outside the circle
        trace.tap(x: 300, y: 200, id: 2) // the middle
        let (log, _) = try replayScene(json, trace)
        #expect(
            responderMessages(log) == [
                "back touchesBegan", "back touchesEnded", "round touchesBegan", "round touchesEnded"
            ])
    }

    @Test("R5: an outset hit area takes touches just outside the bounds")
    func outsetHitArea() throws {
        let json = """
            {"views": [
              {"name": "back", "frame": [0, 0, 800, 480], "touches": "log",
               "children": [{"name": "small", "frame": [300, 200, 20, 20], "hitArea": {"outset": 15}, "touches": "log"}]}
            ]}
            """
        var trace = TraceScript()
        trace.tap(x: 290, y: 195, id: 1)
        let (log, _) = try replayScene(json, trace)
        #expect(responderMessages(log) == ["small touchesBegan", "small touchesEnded"])
    }

    @Test("R5: redirect makes a parent return its chosen child wherever the parent is touched")
    func redirect() throws {
        let json = """
            {"views": [
              {"name": "panel", "frame": [100, 100, 600, 200], "touches": "log", "hitTest": {"redirect": "knob"},
               "children": [{"name": "knob", "frame": [10, 10, 40, 40], "touches": "log"}]}
            ]}
            """
        var trace = TraceScript()
        trace.tap(x: 600, y: 250, id: 1) // far from the knob, inside the panel
        trace.tap(x: 750, y: 400, id: 2) // outside the panel
        let (log, _) = try replayScene(json, trace)
        #expect(
            responderMessages(log) == [
                "knob touchesBegan", "knob touchesEnded", "window touchesBegan", "window touchesEnded"
            ])
    }

    @Test("R5: a transparent container lets touches through to what lies behind it; its children still take theirs")
    func transparent() throws {
        let json = """
            {"views": [
              {"name": "back", "frame": [0, 0, 800, 480], "touches": "log"},
              {"name": "overlay", "frame": [0, 0, 800, 480], "hitTest": "transparent", "touches": "log",
               "children": [{"name": "button", "frame": [20, 20, 100, 60], "touches": "log"}]}
            ]}
            """
        var trace = TraceScript()
        trace.tap(x: 400, y: 300, id: 1)
        trace.tap(x: 50, y: 50, id: 2)
        let (log, _) = try replayScene(json, trace)
        #expect(
            responderMessages(log) == [
                "back touchesBegan", "back touchesEnded", "button touchesBegan", "button touchesEnded"
            ])
    }

    @Test("R11: while an exclusive view tracks a touch, a second finger elsewhere reaches no view")
    func exclusiveTouch() throws {
        let json = """
            {"views": [
              {"name": "left", "frame": [0, 0, 400, 480], "exclusiveTouch": true, "touches": "log"},
              {"name": "right", "frame": [400, 0, 400, 480], "touches": "log"}
            ]}
            """
        var trace = TraceScript()
        trace.frame([(0, 1, 100, 100)])
        trace.frame([(1, 2, 600, 100)])
        trace.frame([(1, -1, 0, 0)])
        trace.frame([(0, -1, 0, 0)])
        let (log, _) = try replayScene(json, trace)
        #expect(responderMessages(log) == ["left touchesBegan", "left touchesEnded"])
    }

    @Test("R7: touches \"forward\" (the default) logs and passes on; \"ignore\" passes on silently")
    func touchesBehaviours() throws {
        let json = """
            {"views": [
              {"name": "outer", "frame": [0, 0, 800, 480], "touches": "log",
               "children": [{"name": "middle", "frame": [0, 0, 800, 480], "touches": "ignore",
                 "children": [{"name": "inner", "frame": [0, 0, 800, 480]}]}]}
            ]}
            """
        var trace = TraceScript()
        trace.tap(x: 400, y: 240, id: 1)
        let (log, _) = try replayScene(json, trace)
        #expect(
            responderMessages(log) == [
                "inner touchesBegan", "outer touchesBegan", "inner touchesEnded", "outer touchesEnded"
            ])
    }

    @Test("G6, G7: shouldBegin false and shouldReceiveTouch false keep a recognizer from recognizing")
    func delegateAnswers() throws {
        for key in ["shouldBegin", "shouldReceiveTouch"] {
            let json = """
                {"views": [{"name": "A", "frame": [0, 0, 800, 480], "touches": "log",
                            "recognizers": [{"name": "tap", "kind": "tap", "\(key)": false}]}]}
                """
            var trace = TraceScript()
            trace.tap(x: 400, y: 240, id: 1)
            let (log, _) = try replayScene(json, trace)
            #expect(
                !log.contains { $0["type"] as? String == "gesture" && $0["state"] as? String == "recognized" }, "\(key)"
            )
            #expect(responderMessages(log) == ["A touchesBegan", "A touchesEnded"], "\(key)")
        }
    }

    @Test("R9: firstResponder makes the view first responder at start")
    func firstResponder() throws {
        let file = try SceneFiles.parse(
            """
            {"views": [{"name": "field", "frame": [0, 0, 100, 40], "firstResponder": true}]}
            """)
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let scene = try file.build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        scene.attach(to: application)
        #expect(scene.view(named: "field")?.isFirstResponder == true)
    }

    @Test("tag and accessibilityIdentifier: viewWithTag and view(named:) find them; a name comes first")
    func tagAndIdentifier() throws {
        let file = try SceneFiles.parse(
            """
            {"views": [
              {"name": "panel", "frame": [0, 0, 200, 200], "tag": 4, "children": [
                {"name": "ok", "frame": [0, 0, 50, 50], "tag": 7, "accessibilityIdentifier": "confirm"},
                {"name": "confirm", "frame": [50, 0, 50, 50], "accessibilityIdentifier": "ok"}
              ]}
            ]}
            """)
        let scene = try file.build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let ok = try #require(scene.view(named: "ok"))
        #expect(ok.tag == 7 && ok.accessibilityIdentifier == "confirm")
        #expect(scene.view(named: "confirm")?.name == "confirm", "the name, not ok's identifier")
        #expect(scene.window.viewWithTag(7) === ok)
        #expect(scene.window.viewWithTag(4)?.name == "panel")
        ok.name = "accept"
        #expect(scene.window.view(named: "ok")?.name == "confirm", "no view named ok: confirm's identifier")
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "tag": 1.5}]}"#)?.contains("views[0].tag")
                == true)
    }

    @Test("Controls from a scene file log their actions; touchMargin is C4's inside margin")
    func controls() throws {
        let json = """
            {"views": [{"name": "ok", "frame": [300, 200, 200, 60], "control": {"kind": "button", "title": "OK", "touchMargin": 0}}]}
            """
        var trace = TraceScript()
        trace.frame([(0, 1, 400, 230)])
        trace.frame([(0, 1, 400, 275)]) // 15 pt below the button: outside with no margin
        trace.frame([(0, -1, 0, 0)])
        let (log, _) = try replayScene(json, trace)
        let actions = log.filter { $0["type"] as? String == "action" }.map { "\($0["control"]!) \($0["event"]!)" }
        // C1's drag events are logged too: the finger left the button before it lifted.
        #expect(actions == ["ok touchDown", "ok touchDragExit", "ok touchUpOutside"])
    }
}

/// Builds `json` and returns its error's description.
func sceneError(_ json: String) -> String? {
    do {
        _ = try SceneFiles.parse(json, path: "bad.json").build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        return nil
    } catch {
        return error.description
    }
}

@Suite("Scene files: errors name the file, the line, the JSON path and what was expected")
struct SceneFileErrorTests {
    @Test("An unknown key, with the keys a view may have")
    func unknownKey() {
        let message = sceneError(
            """
            {"views": [
              {"name": "a", "frame": [0, 0, 10, 10]},
              {"name": "b", "frame": [0, 0, 10, 10], "colour": "#FF0000"}
            ]}
            """)
        #expect(
            message?.hasPrefix(
                "bad.json:3:42: views[1].colour: unknown key 'colour'; expected one of: name, frame, control, label, stack, scroll, segmented, stepper, progress, pageControl, textField, gauge, picker, grid, color,"
            ) == true,
            "\(message ?? "no error")")
    }

    @Test("A wrong type deep in the tree: views[2].children[0].recognizers[1].kind")
    func wrongTypeDeep() {
        let message = sceneError(
            """
            {"views": [
              {"name": "a", "frame": [0, 0, 10, 10]},
              {"name": "b", "frame": [0, 0, 10, 10]},
              {"name": "c", "frame": [0, 0, 100, 100], "children": [
                {"name": "d", "frame": [0, 0, 10, 10], "recognizers": [
                  {"name": "t", "kind": "tap"},
                  {"name": "u", "kind": 3}
                ]}
              ]}
            ]}
            """)
        #expect(message == "bad.json:7:29: views[2].children[0].recognizers[1].kind: expected a string, found a number")
    }

    @Test("An unknown recognizer kind lists the kinds")
    func unknownKind() {
        let message = sceneError(
            """
            {"views": [{"name": "a", "frame": [0, 0, 10, 10], "recognizers": [{"name": "t", "kind": "doubleTap"}]}]}
            """)
        #expect(
            message == "bad.json:1:89: views[0].recognizers[0].kind: unknown recognizer kind 'doubleTap'; "
                + "expected tap, longPress, pan, swipe, pinch, rotation or screenEdgePan")
    }

    @Test("A frame that is not four numbers")
    func badFrame() {
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 10]}]}"#)
                == "bad.json:1:35: views[0].frame: expected [x, y, width, height], an array of 4 numbers, found an array of 3 elements"
        )
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, "10", 10]}]}"#)
                == "bad.json:1:42: views[0].frame[2]: expected [x, y, width, height], an array of 4 numbers; this one is a string"
        )
    }

    @Test("Duplicate view names and duplicate recognizer names")
    func duplicateNames() {
        let views = sceneError(
            """
            {"views": [
              {"name": "a", "frame": [0, 0, 10, 10]},
              {"name": "a", "frame": [0, 0, 10, 10]}
            ]}
            """)
        #expect(
            views == "bad.json:3:12: views[1].name: the view name 'a' is already used at views[0]; names must be unique"
        )
        let recognizers = sceneError(
            """
            {"views": [{"name": "a", "frame": [0, 0, 10, 10], "recognizers": [
              {"name": "t", "kind": "tap"}, {"name": "t", "kind": "pan"}]}]}
            """)
        #expect(
            recognizers
                == "bad.json:2:42: views[0].recognizers[1].name: the recognizer name 't' is already used at views[0].recognizers[0]; names must be unique"
        )
    }

    @Test("A redirect, requireToFail or simultaneousWith that names nothing")
    func danglingNames() {
        let redirect = sceneError(
            """
            {"views": [{"name": "a", "frame": [0, 0, 10, 10], "hitTest": {"redirect": "knob"}}]}
            """)
        #expect(
            redirect == "bad.json:1:75: views[0].hitTest.redirect: no view is named 'knob'; the scene's views are: a")
        let requireToFail = sceneError(
            """
            {"views": [{"name": "a", "frame": [0, 0, 10, 10], "recognizers": [
              {"name": "tap", "kind": "tap", "requireToFail": ["doubleTap"]}]}]}
            """)
        #expect(
            requireToFail
                == "bad.json:2:52: views[0].recognizers[0].requireToFail[0]: no recognizer is named 'doubleTap'; the scene's recognizers are: tap"
        )
        let simultaneous = sceneError(
            """
            {"views": [{"name": "a", "frame": [0, 0, 10, 10], "recognizers": [
              {"name": "pinch", "kind": "pinch", "simultaneousWith": ["rotate"]}]}]}
            """)
        #expect(
            simultaneous
                == "bad.json:2:59: views[0].recognizers[0].simultaneousWith[0]: no recognizer is named 'rotate'; the scene's recognizers are: pinch"
        )
    }

    @Test("A redirect to a view outside the redirecting view")
    func redirectNotDescendant() {
        let message = sceneError(
            """
            {"views": [{"name": "a", "frame": [0, 0, 10, 10], "hitTest": {"redirect": "b"}}, {"name": "b", "frame": [0, 0, 10, 10]}]}
            """)
        #expect(
            message == "bad.json:1:75: views[0].hitTest.redirect: 'b' is not inside 'a'; redirect names a descendant")
    }

    @Test("A negative size")
    func negativeSize() {
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, -10, 10]}]}"#)
                == "bad.json:1:35: views[0].frame: a view's width and height must not be negative, not -10 × 10")
        #expect(
            sceneError(#"{"screen": [800, 0], "views": []}"#)
                == "bad.json:1:12: screen: the screen's width and height must be from 16 to 8192 points, not 800 × 0")
    }

    @Test("Bad values: colours, hitTest, touches, alpha, slider range, behaviours on a control")
    func badValues() {
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "color": "red"}]}"#)
                == ##"bad.json:1:58: views[0].color: expected a colour as "#RRGGBB" or "#RRGGBBAA", not "red""##)
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "hitTest": "none"}]}"#)
                == #"bad.json:1:60: views[0].hitTest: expected "default", "self", "transparent" or {"redirect": "NAME"}"#
        )
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "touches": true}]}"#)
                == #"bad.json:1:60: views[0].touches: expected "log", "forward" or "ignore""#)
        #expect(
            sceneError(#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "alpha": 2}]}"#)
                == "bad.json:1:58: views[0].alpha: expected a number from 0 to 1, not 2")
        #expect(
            sceneError(#"{"views": [{"name": "s", "frame": [0, 0, 1, 1], "control": {"kind": "slider", "value": 5}}]}"#)
                == "bad.json:1:88: views[0].control.value: the value 5 is outside 0…1")
        #expect(
            sceneError(
                #"{"views": [{"name": "b", "frame": [0, 0, 1, 1], "control": {"kind": "button"}, "touches": "log"}]}"#)
                == "bad.json:1:91: views[0].touches: 'touches' is for plain views; a control handles its own touches (C1)"
        )
        #expect(
            sceneError(
                #"{"views": [{"name": "b", "frame": [0, 0, 1, 1], "control": {"kind": "switch", "title": "x"}}]}"#)?
                .hasPrefix("bad.json:1:79: views[0].control.title: unknown key 'title'; expected one of: kind, on,")
                == true)
    }

    @Test("JSON syntax errors give the line and column")
    func syntax() {
        #expect(
            sceneError("{\"views\": [\n  {\"name\": \"a\", \"frame\": [0, 0, 1, 1],}\n]}")
                == "bad.json:2:39: a trailing comma before '}'; remove it")
        #expect(
            sceneError("{\"views\": [\n  {\"name\": 'a'}]}")
                == "bad.json:2:12: expected a value (an object, array, string, number, true, false or null), found '''")
        #expect(sceneError("{\"views\": []") == "bad.json:1:13: expected ',' or '}' after the value of \"views\"")
        #expect(sceneError("") == "bad.json:1:1: the file ends where a value was expected")
        #expect(
            sceneError("{\"views\": [], \"views\": []}")
                == "bad.json:1:15: the key 'views' appears twice (also on line 1); keep one")
    }

    @Test("panel replay --scene-file with a bad file: one line naming file, line and path, exit status 1, no crash")
    func commandLine() throws {
        let directory = try scratchDirectory()
        let scene = directory.appendingPathComponent("broken.json")
        try #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "hitArea": "square"}]}"#
            .write(to: scene, atomically: true, encoding: .utf8)
        let run = try PanelRun.run([
            "replay", TracePaths.url("synthetic_single-touch_btn-left.evemu"), "--scene-file", scene.path
        ])
        #expect(run.exitedNormally && run.status == 1)
        #expect(
            run.stderr
                == "panel: error: \(scene.path):1:62: views[0].hitArea: expected \"bounds\", \"round\" or {\"outset\": N}\n"
        )
        #expect(run.stdout.isEmpty)
        let missing = try PanelRun.run([
            "replay", TracePaths.url("synthetic_single-touch_btn-left.evemu"), "--scene-file", "/nonexistent.json"
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr == "panel: error: /nonexistent.json:0: cannot open: No such file or directory\n")
        let both = try PanelRun.run([
            "replay", TracePaths.url("synthetic_single-touch_btn-left.evemu"), "--scene", "touches", "--scene-file",
            scene.path
        ])
        #expect(both.stderr == "panel: error: give --scene or --scene-file, not both\n")
    }

    @Test("panel demo --scene-file with a bad file fails the same way before any display opens")
    func demoCommandLine() throws {
        let directory = try scratchDirectory()
        let scene = directory.appendingPathComponent("broken.json")
        try #"{"views": [{"name": "a"}]}"#.write(to: scene, atomically: true, encoding: .utf8)
        let run = try PanelRun.run([
            "demo", "--backend", "headless", "--scene-file", scene.path, "--output", directory.path
        ])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "panel demo: error: \(scene.path):1:12: views[0]: missing the key 'frame' ([x, y, width, height] in the parent's points)\n"
        )
    }

    @Test("panel demo --scene-file draws the scene headless")
    func demoHeadless() throws {
        let directory = try scratchDirectory()
        let run = try PanelRun.run([
            "demo", "--backend", "headless", "--scene-file", PackagePaths.path("assets/scenes/controls.json"),
            "--output", directory.path
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // A PNG's IHDR holds the width and height, big-endian, at bytes 16 and 20.
        let png = [UInt8](try Data(contentsOf: directory.appendingPathComponent("scene.png")))
        #expect(png.count > 24 && png[1...3] == [0x50, 0x4E, 0x47])
        #expect(png[16..<24] == [0, 0, 0x03, 0x20, 0, 0, 0x01, 0xE0]) // 800 × 480
    }
}

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONParser.parse(Array(text.utf8), file: "t.json") }

    @Test("Numbers convert exactly as Swift's own literals do")
    func numbers() throws {
        for (text, value) in [
            ("0.62", 0.62), ("0.8", 0.8), ("182.5", 182.5), ("-3e2", -300.0), ("1E-3", 0.001),
            ("123456789012345", 123456789012345.0), ("0", 0.0), ("2.2250738585072014e-308", 2.2250738585072014e-308)
        ] {
            guard case .number(let parsed) = try parse(text).kind else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(parsed == value, "\(text)")
        }
        #expect(throws: JSONError.self) { try parse("01") }
        #expect(throws: JSONError.self) { try parse("1.") }
        #expect(throws: JSONError.self) { try parse("-") }
    }

    @Test("Strings with escapes and surrogate pairs")
    func strings() throws {
        guard case .string(let text) = try parse(#""a\"b\\c\n\u00e9\u203A\ud83d\ude00""#).kind else {
            Issue.record("not a string")
            return
        }
        #expect(text == "a\"b\\c\né›😀")
        #expect(throws: JSONError.self) { try parse(#""\ud83d""#) }
        #expect(throws: JSONError.self) { try parse("\"a\nb\"") }
    }

    @Test("Values remember their line and column")
    func positions() throws {
        guard case .object(let members) = try parse("{\n  \"a\": [1,\n    true]\n}").kind,
            case .array(let elements) = members[0].value.kind
        else {
            Issue.record("shape")
            return
        }
        #expect((members[0].line, members[0].column) == (2, 3))
        #expect((elements[1].line, elements[1].column) == (3, 5))
    }

    @Test("Nesting deeper than the limit is an error, not a crash")
    func depth() {
        #expect(throws: JSONError.self) { try parse(String(repeating: "[", count: 10_000)) }
    }
}
