import PanelDemo
import PanelKit
import PanelTesting
import Testing

@Suite("AppTester finds views by accessibilityIdentifier as well as by name")
struct IdentifierLookupTests {
    @Test("tap(_:) and view(named:) take an accessibilityIdentifier; a missing one lists the identifiers")
    func tapByIdentifier() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let play = try #require(app.view(named: "play"))
        play.accessibilityIdentifier = "playButton"
        #expect(app.view(named: "playButton") === play)
        app.tap("playButton")
        #expect(app.actionLines.contains { $0.contains("\"control\":\"play\"") && $0.contains("touchUpInside") })
        withKnownIssue {
            app.tap("playButon")
        } matching: { issue in
            "\(issue)".contains("no view named \"playButon\"")
                && "\(issue)".contains("accessibility identifiers: playButton")
        }
    }

    @Test("A name beats an identifier elsewhere: giving a view an identifier never moves an existing lookup")
    func nameFirst() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let play = try #require(app.view(named: "play"))
        let stop = try #require(app.view(named: "stop"))
        stop.accessibilityIdentifier = "play"
        #expect(app.view(named: "play") === play)
        app.tap("play")
        #expect(app.actionLines.allSatisfy { $0.contains("\"control\":\"play\"") })
    }
}
