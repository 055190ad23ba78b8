import Foundation
import PanelBoards
import PanelJSON
import PanelTesting
import Testing

/// `goodBoard` with a `data` section.
func boardWith(data: String) -> String {
    goodBoard.replacingOccurrences(
        of: #""budgets": {"frameTime": 16.7, "latency": 50, "memory": 32},"#,
        with: #""budgets": {"frameTime": 16.7, "latency": 50, "memory": 32}, "data": "# + data + ",")
}

@Suite("Board files: the data directory")
struct BoardDataTests {
    @Test("data.directory names where apps keep their settings; {app} is the app's name")
    func directoryWithTheAppsName() throws {
        let board = try parseBoard(boardWith(data: #"{"directory": "/data/panel/{app}/state"}"#))
        #expect(board.dataDirectory == "/data/panel/{app}/state")
        #expect(board.dataDirectory(forApp: "Thermostat") == "/data/panel/Thermostat/state")
    }

    @Test("without a data section an app's settings go in /var/lib/panelkit/APP")
    func defaultDirectory() throws {
        let board = try parseBoard(goodBoard)
        #expect(board.dataDirectory == nil)
        #expect(board.dataDirectory(forApp: "panel-demo") == "/var/lib/panelkit/panel-demo")
    }

    @Test("a relative folder, one with '..', or an unknown key is an error at its line naming the fix")
    func badDirectories() {
        for bad in [#""var/lib/x""#, #""/var/lib/../x""#, #""""#] {
            let message = boardError(boardWith(data: #"{"directory": "# + bad + "}"))
            #expect(
                message?.hasPrefix("data.directory: expected an absolute folder without '..'") == true,
                "\(bad): \(message ?? "no error")")
            #expect(message?.contains("leave 'data' out for that default") == true)
        }
        #expect(boardError(boardWith(data: "{}"))?.contains("directory") == true)
        #expect(boardError(boardWith(data: #"{"directory": "/x", "folder": "/y"}"#))?.contains("folder") == true)
    }
}
