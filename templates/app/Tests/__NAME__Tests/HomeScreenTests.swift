import PanelKit
import PanelTesting
import Testing

@testable import __NAME__

/// UI tests run headless on a manual clock: taps, drags and time are exact,
/// so the same test gives the same result on every machine.
@Suite("__NAME__'s home screen")
struct HomeScreenTests {
    @Test("Tapping the button counts the taps and sends touchUpInside each time")
    func tapsAreCounted() throws {
        let app = try AppTester(AppDelegate.self)
        app.tap("tap")
        app.tap("tap")
        let counter = try #require(app.view(named: "counter") as? Label)
        #expect(counter.text == "Tapped 2 times")
        #expect(app.actionLines.filter { $0.contains("touchUpInside") }.count == 2)
    }

    /// Run it optimised too, as a board runs the app: `swift test -c release`.
    /// A debug build (`swift test`) allocates for some code an optimised one
    /// does not (`for x in array` once per element, `contains(where:)`), and
    /// some code allocates in both (`String.contains`, a string over 15
    /// bytes, an escaping closure): PanelKit's docs/memory.md lists them and
    /// what to write instead. The message says which build counted.
    @Test("A tap allocates nothing per input frame once running")
    func noAllocationsPerFrame() throws {
        let app = try AppTester(AppDelegate.self)
        let allocations = app.allocationsPerFrame { $0.tap("tap") }
        #expect(allocations == 0, Comment(rawValue: AllocationCounter.buildNote))
    }
}
