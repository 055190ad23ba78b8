import Foundation
import PanelDemo
import PanelImage
import PanelKit
import PanelTesting
import PanelUI
import Testing

// PanelTesting's AppTester driving PanelKit's demo app (DemoAppDelegate) as an
// app developer's UI tests drive theirs: by view name, headless, on the manual clock.

/// `"control event"` for each action line, e.g. `"play touchUpInside"`.
func actions(_ lines: [String]) -> [String] {
    lines.map { (field("control", in: $0) ?? "?") + " " + (field("event", in: $0) ?? "?") }
}

/// The value of `"name":` in a JSON Lines line, without quotes: `"0.62"`, `"play"`.
func field(_ name: String, in line: String) -> String? {
    guard let start = line.range(of: "\"\(name)\":") else { return nil }
    var value = line[start.upperBound...]
    if value.hasPrefix("\"") {
        value = value.dropFirst()
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }
    let end = value.firstIndex { $0 == "," || $0 == "}" } ?? value.endIndex
    return String(value[..<end])
}

func number(_ name: String, in line: String) -> Double? { field(name, in: line).flatMap(Double.init) }

/// The gesture lines of `recognizer` as `"state"` strings.
func gestureStates(_ lines: [String], _ recognizer: String) -> [String] {
    lines.filter { $0.contains(#""type":"gesture""#) && field("recognizer", in: $0) == recognizer }
        .compactMap { field("state", in: $0) }
}

let tapAndDragTrace = PackagePaths.path("Tests/Traces/synthetic_single-touch_tap-and-drag.evemu")

@Suite("AppTester: UI tests of the demo app")
struct AppTesterTests {
    @Test("Tapping play sends touchDown and touchUpInside, and the app reacts")
    func tapPlay() throws {
        let app = try AppTester(DemoAppDelegate.self)
        #expect(app.point(ofViewNamed: "play") != nil)
        app.tap("play")
        #expect(actions(app.actionLines) == ["play touchDown", "play touchUpInside", "play primaryActionTriggered"])
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        #expect(demo.controls.status.text == "Playing")
    }

    @Test("Two taps in a row are two single taps, each a touchDown and a touchUpInside")
    func twoTaps() throws {
        let app = try AppTester(DemoAppDelegate.self)
        app.tap("play")
        app.tap("stop")
        #expect(
            actions(app.actionLines) == [
                "play touchDown", "play touchUpInside", "play primaryActionTriggered",
                "stop touchDown", "stop touchUpInside", "stop primaryActionTriggered"
            ])
        let times = app.actionLines.compactMap { number("t", in: $0) }
        #expect(times[3] - times[2] >= app.gestureSpacing - 0.0001) // the log rounds t to 0.1 ms
        #expect((app.view(named: "status") as? Label)?.text == "Stopped")
    }

    @Test("Dragging the volume slider's thumb sends valueChanged with falling values")
    func dragVolume() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let volume = try #require(app.view(named: "volume") as? Slider)
        let before = volume.value
        app.drag("volume", by: Point(x: -150, y: 0))
        let lines = app.actionLines
        #expect(actions(lines).first == "volume touchDown")
        #expect(actions(lines).last == "volume touchUpInside")
        let values = lines.filter { field("event", in: $0) == "valueChanged" }.compactMap { number("value", in: $0) }
        #expect(values.count >= 5)
        #expect(values == values.sorted(by: >))
        #expect(volume.value < before - 0.2)
        #expect(abs(volume.value - (values.last ?? -1)) < 0.001)
    }

    @Test("The disabled eject button logs nothing when tapped")
    func disabledEject() throws {
        let app = try AppTester(DemoAppDelegate.self)
        #expect((app.view(named: "eject") as? Control)?.isEnabled == false)
        app.tap("eject")
        #expect(app.logLines.isEmpty)
    }

    @Test("More pushes the about screen; the bar's back button returns to the controls")
    func moreAndBack() throws {
        let app = try AppTester(DemoAppDelegate.self)
        #expect(app.view(named: "back")?.isHidden == true) // the bar's back button, hidden at the root
        app.tap("more")
        app.advance(by: 0.5) // the push slides for 0.35 s
        #expect(app.view(named: "back")?.isHidden == false)
        #expect(app.view(named: "aboutScreen") != nil)
        #expect(app.view(named: "play") == nil)
        app.tap("back")
        app.advance(by: 0.5)
        #expect(app.view(named: "play") != nil)
        #expect(app.view(named: "aboutScreen") == nil)
        #expect(
            actions(app.actionLines) == [
                "more touchDown", "more touchUpInside", "more primaryActionTriggered",
                "back touchDown", "back touchUpInside", "back primaryActionTriggered"
            ])
    }

    @Test("Settings in the bar pushes the settings list; a switch in a row and a sensor row answer; back pops")
    func settingsAndBack() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        app.tap("settings")
        app.advance(by: 0.5)
        #expect(demo.isShowingSettings)
        #expect(app.view(named: "play") == nil)
        let settings = demo.settingsController
        // The Wi-Fi row's switch is the controls screen's Wi-Fi.
        #expect(settings.wifi.isOn == demo.controls.wifi.isOn)
        app.tap("settingsWifi")
        #expect(settings.wifi.isOn == demo.controls.wifi.isOn)
        #expect(demo.controls.wifiValue.text == (settings.wifi.isOn ? "Wi-Fi on" : "Wi-Fi off"))
        app.tap("autoDim")
        #expect(!settings.autoDim.isOn)
        // Tapping the timeout row cycles its value; tapping a sensor row checks it.
        app.tap("timeoutRow")
        #expect(settings.timeoutRow.detailTextLabel.text == "10 min")
        settings.table.scrollToRow(
            at: IndexPath(row: 10, section: SettingsViewController.sensorSection), at: .top, animated: false)
        let row = try #require(
            settings.table.cellForRow(at: IndexPath(row: 11, section: SettingsViewController.sensorSection)))
        #expect(row.textLabel.text == "Sensor 012")
        app.tap(at: app.center(of: row))
        app.advance(by: 0.5)
        #expect(settings.sensorChecked[11])
        #expect((row as? SensorCell)?.showsCheckmark == true)
        #expect(settings.table.indexPathForSelectedRow == nil) // deselected, as settings lists do
        app.tap("back")
        app.advance(by: 0.5)
        #expect(!demo.isShowingSettings)
        #expect(app.view(named: "play") != nil)
    }

    @Test(
        "With Foundation imported, String(format:) is Foundation's, not PanelUI's unavailable one, and agrees with NumberFormat"
    )
    func foundationStringFormat() {
        #expect(
            String(format: "Apt %d.%02d", 7, 5) == "Apt " + NumberFormat().string(from: 7) + "."
                + NumberFormat(minimumIntegerDigits: 2).string(from: 5))
        #expect(String(format: "%.2f", 12_345.6) == NumberFormat(fractionDigits: 2).string(from: 12_345.6))
    }

    @Test("A gesture on a view that is not there is a test issue and sends nothing")
    func missingView() throws {
        let app = try AppTester(DemoAppDelegate.self)
        withKnownIssue {
            app.tap("plya")
        } matching: { issue in
            "\(issue)".contains("no view named \"plya\"") && "\(issue)".contains("play")
        }
        #expect(app.logLines.isEmpty)
        #expect(app.clock.now == 0)
    }

    @Test("A long press holds the finger on the manual clock: touchUpInside comes 0.6 s after touchDown")
    func longPressOnButton() throws {
        let app = try AppTester(DemoAppDelegate.self)
        app.longPress("play")
        let lines = app.actionLines
        #expect(actions(lines) == ["play touchDown", "play touchUpInside", "play primaryActionTriggered"])
        let times = lines.compactMap { number("t", in: $0) }
        #expect(abs(times[1] - times[0] - 0.6) < 0.0002)
    }

    @Test("A long-press recognizer begins 0.5 s after touch-down, as the clock is advanced, and not before")
    func longPressRecognizer() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let status = try #require(app.view(named: "status"))
        status.isUserInteractionEnabled = true
        let press = LongPressGestureRecognizer(name: "press")
        var states: [GestureRecognizer.State] = []
        press.addAction { states.append($0.state) }
        status.addGestureRecognizer(press)

        let point = try #require(app.point(ofViewNamed: "status"))
        app.beginTouch(at: point)
        app.advance(by: 0.45)
        #expect(states.isEmpty)
        app.advance(by: 0.1)
        #expect(states == [.began])
        app.endTouch()
        #expect(states == [.began, .ended])

        states = []
        app.longPress("status", duration: 0.3) // too short
        app.advance(by: 1)
        #expect(states.isEmpty)
        app.longPress("status")
        #expect(states == [.began, .ended])
    }

    @Test("advance(by:) moves the manual clock exactly, and the log's times follow it")
    func advanceMovesTheClock() throws {
        let app = try AppTester(DemoAppDelegate.self)
        #expect(app.clock.now == 0)
        app.advance(by: 10)
        #expect(app.clock.now == 10)
        app.tap("play")
        let times = app.actionLines.compactMap { number("t", in: $0) }
        #expect(times.count == 3 && times.allSatisfy { $0 > 10 && $0 < 10.1 })
        app.clearLog()
        #expect(app.logLines.isEmpty)
    }

    @Test("Double tap, pinch and rotation reach the gestures scene's recognizers")
    func twoFingerGestures() throws {
        let app = try AppTester(DemoAppDelegate.self, arguments: ["--scene", "gestures"])
        app.doubleTap("lab")
        #expect(gestureStates(app.logLines, "doubleTap") == ["recognized"])
        #expect(!gestureStates(app.logLines, "tap").contains("recognized"))

        app.clearLog()
        app.pinch("lab", from: 100, to: 200)
        let pinch = app.logLines.filter { field("recognizer", in: $0) == "pinch" }
        #expect(pinch.compactMap { field("state", in: $0) }.first == "began")
        #expect(pinch.compactMap { field("state", in: $0) }.last == "ended")
        // The pinch begins at the first move (110 points apart, past its 8-point
        // hysteresis) and measures its scale from there.
        let scale = try #require(pinch.last.flatMap { number("scale", in: $0) })
        #expect(abs(scale - 200.0 / 110.0) < 0.002)

        app.clearLog()
        app.rotate("lab", radius: 80, by: Double.pi / 4)
        let rotation = app.logLines.filter { field("recognizer", in: $0) == "rotation" }
        #expect(rotation.compactMap { field("state", in: $0) }.last == "ended")
        // The rotation begins two moves in (9°, past its 5° hysteresis) and measures from there.
        let angle = try #require(rotation.last.flatMap { number("rotation", in: $0) })
        #expect(abs(angle - Double.pi / 4 * 0.8) < 0.002)
    }

    @Test(
        "A replayed trace logs exactly what the runtime's --replay logs (panel demo --backend headless --scene controls)"
    )
    func replayMatchesTheRuntime() throws {
        let app = try AppTester(DemoAppDelegate.self, arguments: ["--scene", "controls"])
        let lines = try app.replay(tracePath: tapAndDragTrace)
        #expect(lines == app.logLines)
        #expect(lines.last?.hasPrefix(#"{"type":"summary""#) == true)
        #expect(lines.contains { $0.contains(#""type":"action""#) })

        let runtime = try PanelRun.run([
            "demo", "--backend", "headless", "--scene", "controls", "--replay", tapAndDragTrace
        ])
        #expect(runtime.status == 0, "\(runtime.stderr)")
        #expect(lines == runtime.stdout.split(separator: "\n").map(String.init))

        let replay = try PanelRun.run(["replay", tapAndDragTrace, "--scene", "controls"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(lines == replay.stdout.split(separator: "\n").map(String.init))
    }

    @Test("A trace replayed after other input plays from the current time, with the same lines otherwise")
    func replayLater() throws {
        let fresh = try AppTester(DemoAppDelegate.self, arguments: ["--scene", "controls"])
        let expected = try fresh.replay(tracePath: tapAndDragTrace)

        let app = try AppTester(DemoAppDelegate.self, arguments: ["--scene", "controls"])
        app.tap("stop")
        app.advance(by: 2)
        let start = app.clock.now
        let lines = try app.replay(tracePath: tapAndDragTrace)
        #expect(lines.count == expected.count)
        let times = lines.compactMap { number("t", in: $0) }
        #expect(times.first.map { abs($0 - start) < 0.0001 } == true)
        // Apart from times and touch numbers, the same lines: the same touches, messages
        // and actions (the summary's touch count is the app's since launch: one more here).
        func normalized(_ lines: [String]) -> [String] {
            lines.dropLast().map {
                $0.replacingOccurrences(of: #""t":[0-9.]+,"#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #""touch":[0-9]+"#, with: #""touch":N"#, options: .regularExpression)
                    .replacingOccurrences(
                        of: #""touches":\[[0-9,]*\]"#, with: #""touches":[N]"#, options: .regularExpression)
            }
        }
        #expect(normalized(lines) == normalized(expected))
    }

    @Test("A trace that cannot be read is an AppTesterError naming it")
    func replayMissingTrace() throws {
        let app = try AppTester(DemoAppDelegate.self)
        #expect {
            try app.replay(tracePath: "/nonexistent/trace.evemu")
        } throws: { error in
            (error as? AppTesterError)?.message.contains("/nonexistent/trace.evemu") == true
        }
    }

    @Test("An option the app does not know is an AppTesterError, not a crash")
    func launchError() {
        #expect {
            _ = try AppTester(DemoAppDelegate.self, arguments: ["--no-such-option"])
        } throws: { error in
            "\(error)".contains("cannot launch DemoAppDelegate") && "\(error)".contains("--no-such-option")
        }
    }

    @Test("The first screen matches its reference image, Tests/Golden/demo-app-start.png")
    func snapshotMatches() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let result = app.assertSnapshot(named: "demo-app-start")
        #expect(result.passed)
        #expect(app.snapshot().width == 800 && app.snapshot().height == 480)
    }

    @Test("A different reference fails the comparison and writes the actual and diff images")
    func snapshotMismatchWritesDiff() throws {
        guard !GoldenImage.isUpdating else { return } // updating writes references instead of comparing
        let folder = try scratchDirectory().path
        let app = try AppTester(DemoAppDelegate.self)
        // The reference: the first screen. The drawing: after play was tapped (the button shows selected).
        #expect(app.compareSnapshot(named: "start", referenceDirectory: folder).outcome == .missingReference)
        try PNG.write(app.snapshot(), to: folder + "/start.png")
        #expect(app.compareSnapshot(named: "start", referenceDirectory: folder).outcome == .matched)
        app.tap("play")
        let result = app.compareSnapshot(named: "start", referenceDirectory: folder, outputDirectory: folder)
        #expect(result.outcome == .mismatched)
        #expect(result.differingPixels > 100)
        #expect(result.diffPath == folder + "/start.diff.png" && result.actualPath == folder + "/start.actual.png")
        #expect(FileManager.default.fileExists(atPath: folder + "/start.diff.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/start.actual.png"))
        let diff = try PNG.read(path: folder + "/start.diff.png")
        #expect(diff.width == 800 && diff.height == 480)

        withKnownIssue {
            app.assertSnapshot(named: "start", referenceDirectory: folder, outputDirectory: folder)
        } matching: { issue in
            "\(issue)".contains("pixels differ")
        }
    }

    @Test("Rule 3: a slider drag allocates nothing per input frame in steady state")
    func sliderDragAllocatesNothing() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let perFrame = app.frameAllocations { app in
            app.drag("volume", by: Point(x: -120, y: 0))
            app.drag("volume", by: Point(x: 120, y: 0)) // back, so every run is the same
        }
        #expect(perFrame.count == 2 * 12)
        #expect(perFrame.allSatisfy { $0 == 0 }, "allocations per frame: \(perFrame)")
        #expect(
            app.allocationsPerFrame {
                $0.drag("volume", by: Point(x: -60, y: 0))
                $0.drag("volume", by: Point(x: 60, y: 0))
            } == 0)
        #expect(app.actionLines.contains { field("event", in: $0) == "valueChanged" })
    }

    @Test("The allocation count can fail: a view that allocates on every move is caught")
    func allocationCountCatchesAllocations() throws {
        final class Hoarder: View {
            var history: [[Double]] = []
            override func touchesMoved(_ touches: TouchSet, with event: Event) { history.append([event.timestamp]) }
        }
        let app = try AppTester(DemoAppDelegate.self)
        app.window.addSubview(Hoarder(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "hoarder"))
        #expect(app.allocationsPerFrame { $0.drag("hoarder", by: Point(x: 30, y: 30)) } > 0)
    }
}
