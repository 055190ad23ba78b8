import ArgumentParser

/// `panel`: PanelKit's command-line tool.
struct Panel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "panel",
        abstract: "PanelKit: UIKit's touch model on embedded Linux panels.",
        subcommands: [
            NewCommand.self, ReplayCommand.self, DemoCommand.self, CalibrateCommand.self, BoardsCommand.self,
            BenchCommand.self, SoakCommand.self
        ]
    )
}

Panel.main()
