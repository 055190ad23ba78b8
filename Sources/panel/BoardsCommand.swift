import ArgumentParser
import Foundation
import PanelBoards
import PanelJSON
import PanelUI

/// `panel boards`: the board files, listed or checked.
struct BoardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boards",
        abstract: "List the board files, or check them.",
        discussion: """
            Each board is one JSON file in boards/ (docs/boards.md): display, touch panel, CPU, budgets and \
            the sources of those facts. `panel boards check` reads every file (or the files given) and prints \
            each problem as FILE:LINE:COLUMN: PATH: what was expected; it exits 1 when any file is broken.
            """,
        subcommands: [List.self, Check.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the boards: name, panel, the UI in points (and scale), CPU.")
        @Option(help: "The boards folder; found from the current folder or the executable by default.")
        var boards: String?

        func run() throws {
            let folder = locatePackageFolder(
                "boards", given: boards, marker: nil, option: "--boards", variable: "PANELKIT_BOARDS")
            var failures = 0
            for path in sortedFiles(in: folder) {
                do {
                    let board = try Board.load(path: path)
                    let d = board.display
                    let points = board.screenSize
                    let ui =
                        "\(describeNumber(points.width))x\(describeNumber(points.height))"
                        + (board.scale == 1 ? "" : " @\(describeNumber(board.scale))x")
                    print(
                        board.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                            + "\(d.width)x\(d.height)@\(describeNumber(d.refreshRate))".padding(
                                toLength: 16, withPad: " ", startingAt: 0)
                            + ui.padding(toLength: 14, withPad: " ", startingAt: 0)
                            + board.cpu.architecture.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                            + board.description)
                } catch {
                    FileHandle.standardError.write(Data("panel: error: \(error.description)\n".utf8))
                    failures += 1
                }
            }
            if failures > 0 { throw ExitCode(1) }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check board files: every one in boards/, or those given.")
        @Option(help: "The boards folder; found from the current folder or the executable by default.")
        var boards: String?

        @Argument(help: "Board files to check instead of the whole folder.")
        var files: [String] = []

        func run() throws {
            let paths =
                files.isEmpty
                ? sortedFiles(
                    in: locatePackageFolder(
                        "boards", given: boards, marker: nil, option: "--boards", variable: "PANELKIT_BOARDS"))
                : files
            var failures = 0
            for path in paths {
                do {
                    let board = try Board.load(path: path)
                    // A calibration measured for this unit is checked with its board.
                    let overridePath = Board.overridePath(forBoardFile: path)
                    let applied = try board.applyingOverride(at: overridePath).applied
                    print(
                        "ok: \(path) (\(board.name), \(board.sources.count) sources\(applied ? ", calibration from \(overridePath)" : ""))"
                    )
                } catch {
                    print("error: \(error.description)")
                    failures += 1
                }
            }
            print("\(paths.count - failures) of \(paths.count) board files are valid")
            if failures > 0 { throw ExitCode(1) }
        }
    }
}

/// The files of a folder ending in `suffix` (board files by default, without
/// their `NAME.override.json` calibrations), sorted, with the folder's path.
func sortedFiles(in folder: String, suffix: String = ".json") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(suffix) && !$0.hasSuffix(".override.json") }.sorted().map { folder + "/" + $0 }
}

/// `--board NAME`: the board whose file sets the screen, rotation, touch and DRM choices.
struct BoardChoice: ParsableArguments {
    @Option(
        help:
            "The board, by its file boards/NAME.json (see `panel boards`), or a board file's path (with a / or ending in .json): its screen, rotation and touch settings."
    )
    var board: String?

    @Option(help: "The boards folder; found from the current folder or the executable by default.")
    var boards: String?

    /// The board file `--board` names (a path as it is, as the app runtime's
    /// `--board` takes one); a missing one ends the program, listing the boards there are.
    func filePath(_ board: String) -> String {
        if board.contains("/") || board.hasSuffix(".json") {
            guard FileManager.default.fileExists(atPath: board) else {
                fail(
                    "no board file \(board); give a board file's path, or a board's name from boards/ (see `panel boards`)"
                )
            }
            return board
        }
        let folder = locatePackageFolder(
            "boards", given: boards, marker: nil, option: "--boards", variable: "PANELKIT_BOARDS")
        let path = folder + "/" + board + ".json"
        guard FileManager.default.fileExists(atPath: path) else {
            let names = sortedFiles(in: folder).map { String($0.split(separator: "/").last!.dropLast(5)) }
            fail("no board '\(board)' in \(folder); expected one of: \(names.joined(separator: ", "))")
        }
        return path
    }

    /// The board named, with the touch calibration `panel calibrate` wrote
    /// beside it (`NAME.override.json`) when there is one; nil without
    /// `--board`. A missing or broken file ends the program with its error.
    func load() -> Board? {
        guard let board else { return nil }
        let path = filePath(board)
        do {
            let overridePath = Board.overridePath(forBoardFile: path)
            let (loaded, calibrated) = try Board.load(path: path).applyingOverride(at: overridePath)
            if calibrated {
                FileHandle.standardError.write(
                    Data("panel: note: \(loaded.name): touch calibration from \(overridePath)\n".utf8))
            }
            return loaded
        } catch {
            fail(error.description)
        }
    }
}
