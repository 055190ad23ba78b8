import Foundation
import PanelBoards
import PanelDemo
import PanelKit
import PanelTesting
import PanelUI
import Testing

// The board's idle timer in a launched app (the runtime's LaunchedApp, as on
// a device): the policy applies at launch, the screen's changes are logged as
// "screen" lines, and the tap that wakes a blank screen is absent from the
// action log while the next one is there. scripts/vm-test checks the same
// on a real kernel.

/// The qemu-x86_64 board with `idle` added.
func boardWithIdle(_ idle: String) throws -> Board {
    let path = PackagePaths.path("boards/qemu-x86_64.json")
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let anchor = #""sources": {"#
    try #require(text.contains(anchor))
    text = text.replacingOccurrences(of: anchor, with: #""idle": "# + idle + ", " + anchor)
    return try Board(parsing: Array(text.utf8), path: path)
}

@Suite("The idle timer in a launched app")
struct IdleAppTests {
    @Test("blank after the board's time: a 'screen' line; the wake tap logs no action, the next tap does")
    func wakeTapIsNotAnAction() throws {
        let app = try AppTester(DemoAppDelegate.self, board: try boardWithIdle(#"{"blankAfter": 2}"#))
        #expect(app.application.screen.idlePolicy == IdlePolicy(blankAfter: 2))
        app.advance(by: 2.5)
        #expect(app.application.screen.idleState == .blank)
        #expect(app.logLines.contains { $0.contains(#""type":"screen""#) && $0.contains(#""state":"blank""#) })
        app.clearLog()
        app.tap("play")
        #expect(app.application.screen.idleState == .awake)
        #expect(app.actionLines.isEmpty, "the wake tap is swallowed: \(app.logLines)")
        #expect(app.logLines.contains { $0.contains(#""state":"awake""#) })
        app.tap("play")
        #expect(actions(app.actionLines) == ["play touchDown", "play touchUpInside", "play primaryActionTriggered"])
    }

    @Test("the app overrides the board: isIdleTimerDisabled holds the screen awake")
    func appHoldsItAwake() throws {
        let app = try AppTester(DemoAppDelegate.self, board: try boardWithIdle(#"{"blankAfter": 2}"#))
        app.application.isIdleTimerDisabled = true
        app.advance(by: 60)
        #expect(app.application.screen.idleState == .awake)
        app.tap("play")
        #expect(actions(app.actionLines).count == 3)
    }
}
