import PanelKit
import Testing

@Suite("--data: where the app keeps its settings")
struct DataOptionTests {
    @Test("--data DIR names the folder; an empty one is an error naming what it takes")
    func dataOption() throws {
        let options = try StandardOptions.parse(["--data", "/tmp/app-data"], appOptions: [])
        #expect(options.data == "/tmp/app-data")
        #expect(try StandardOptions.parse([], appOptions: []).data == nil)
        do {
            _ = try StandardOptions.parse(["--data="], appOptions: [])
            Issue.record("an empty --data was taken")
        } catch {
            #expect(error.message == "--data takes a folder (where settings.sqlite is kept), not ''")
        }
    }
}
