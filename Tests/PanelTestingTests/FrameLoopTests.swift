import Foundation
import PanelDemo
import PanelImage
import PanelKit
import PanelTesting
import PanelUI
import Testing

/// What the tests check is what the panel shows: headless replay and
/// `AppTester` run the device's frame loop (`FrameDriver`), so a screen
/// pushed during a trace is laid out before the next finger lands on it, and
/// the pixels compared are the ones the display was given, frame by frame.
@Suite("The frame loop: replays and tests run the device's frames")
struct FrameLoopTests {
    /// The demo at 800x480: a tap on the controls screen's "more" button, then
    /// one on the pushed about screen's "licences" button, which only
    /// `layoutSubviews` places (scripts/vm-test plays it on a real kernel too).
    static let trace = PackagePaths.path("Tests/Traces/Apps/demo_more-then-licences.evemu")

    @Test(
        "a button placed in layoutSubviews on a screen pushed mid-trace gets the tap: the same lines and pixels from --backend headless --replay and from AppTester.replay on a fresh tester"
    )
    func pushedScreenIsLaidOutBeforeTheNextTouch() throws {
        let folder = try scratchDirectory()
        let png = folder.appendingPathComponent("replay.png").path
        let run = try PanelRun.run(["demo", "--backend", "headless", "--replay", Self.trace, "--png", png])
        #expect(run.status == 0, "\(run.stderr)")
        let headlessLines = run.stdout.split(separator: "\n").map(String.init)
        #expect(headlessLines.contains(#"{"type":"action","t":1.1,"control":"licences","event":"touchUpInside"}"#))

        let app = try AppTester(DemoAppDelegate.self)
        let testerLines = try app.replay(tracePath: Self.trace)
        #expect(testerLines == headlessLines)
        #expect(
            app.delegate(as: DemoAppDelegate.self)?.demo?.about.text.text.hasPrefix("Text is set in Inter")
                == true)

        let shown = try PNG.read(path: png)
        let difference = GoldenImage.compare(app.snapshot(), with: shown, tolerance: 0)
        #expect(
            difference.differingPixels == 0, "first difference at \(String(describing: difference.firstDifference))")
    }

    @Test(
        "AppTester's queries find what layout places, with no layoutIfNeeded: a pushed screen's button, a pushed table's cells"
    )
    func queriesSeeLaidOutViews() throws {
        let app = try AppTester(DemoAppDelegate.self)
        app.tap("more")
        #expect(app.view(named: "licences")?.frame.isEmpty == false)
        app.tap("back")
        app.tap("settings")
        app.advance(by: 1)
        let settings = try #require(app.delegate(as: DemoAppDelegate.self)?.demo?.settingsController)
        let row = try #require(settings.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(app.view(named: row.name) === row)
    }

    @Test("every turn ends in a frame: an input frame that changes a view presents it at once")
    func everyTurnPresents() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let frames = app.app.frameDriver
        let before = frames.framesPresented
        app.beginTouch(at: try #require(app.point(ofViewNamed: "play")))
        #expect(frames.framesPresented == before + 1, "the button's highlight is on the display after its touch's turn")
        app.endTouch()
    }
}
