import PanelDemo
import Testing

@testable import PanelKit

// What a binary carries besides the app (AppTools): a board build carries the
// replayer, libpng and the bench only when the delegate lists them (checked on
// a real board binary by scripts/app-test, step 2a); a desktop build, as here,
// carries both for every app.
@Suite("AppTools: --backend headless and --bench, carried when the app asks")
struct AppToolsTests {
    final class PlainDelegate: ApplicationDelegate {
        var window: Window?
        func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            true
        }
    }

    @Test("A delegate that says nothing gets both on the desktop; a list carries what it names")
    func whatEachCarries() {
        #expect(PlainDelegate.tools.hasHeadless && PlainDelegate.tools.hasBench)
        #expect(!AppTools.none.hasHeadless && !AppTools.none.hasBench)
        let bench: AppTools = [.bench]
        #expect(bench.hasBench && !bench.hasHeadless)
        let both: AppTools = [.headless, .bench]
        #expect(both.hasBench && both.hasHeadless)
        // A desktop build carries both whatever the delegate lists (Thermostat lists only the bench, and
        // board-vm-test replays it headless on the host as the reference).
        let carried = ApplicationMain.carriedTools(bench)
        #expect(carried.hasHeadless && carried.hasBench)
        // PanelKit's demo carries the replayer on its board binary (board-test replays it there); its
        // bench is the harness beside it, panel-bench, so the demo's size is an app's.
        #expect(DemoAppDelegate.tools.hasHeadless && !DemoAppDelegate.tools.hasBench)
    }
}
