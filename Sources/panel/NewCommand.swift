import ArgumentParser
import Foundation

/// `panel new NAME`: a new app package from `templates/app`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a new PanelKit app: a SwiftPM package with one screen, a UI test and a README.",
        discussion: """
            The package depends on PanelKit by path (this checkout, by default) or by URL. In it, `swift run` \
            opens the simulator (headless where there is no display), `swift test` runs the UI test, and \
            PanelKit's `scripts/build-board BOARD --app PATH` builds it for a board.
            """
    )

    @Argument(help: "The app's name: a Swift type name, e.g. Thermostat.")
    var name: String

    @Option(help: "Where to create the package (default: ./NAME).")
    var path: String?

    @Option(help: "PanelKit for the package to depend on: a checkout's path or a git URL (default: this checkout).")
    var panelkit: String?

    @Option(help: "With a URL --panelkit: the version to depend on (from:).")
    var from: String = "0.1.0"

    func run() throws {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains(Character($0)) || $0 == "_")
            })
        else {
            fail(
                "the app's name must be a Swift type name (letters, digits and _, starting with a letter), not '\(name)'"
            )
        }
        let templates = locatePackageFolder(
            "templates", given: nil, marker: "app", option: "--templates", variable: "PANELKIT_TEMPLATES")
        let checkout = URL(fileURLWithPath: templates).deletingLastPathComponent().standardizedFileURL.path
        let destination = URL(fileURLWithPath: path ?? name).standardizedFileURL
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
            fail("\(destination.path) exists and is not empty: give --path an empty or new folder")
        }
        let dependency: String
        if let panelkit, panelkit.contains("://") || panelkit.hasPrefix("git@") {
            dependency = ".package(url: \"\(panelkit)\", from: \"\(from)\")"
        } else {
            let local = URL(fileURLWithPath: panelkit ?? checkout).standardizedFileURL.path
            guard manager.fileExists(atPath: local + "/Package.swift") else {
                fail("no Package.swift in \(local): --panelkit takes a PanelKit checkout's path or a git URL")
            }
            dependency = ".package(name: \"PanelKit\", path: \"\(local)\")"
        }
        let source = templates + "/app"
        guard let enumerator = manager.enumerator(atPath: source) else { fail("cannot read the template \(source)") }
        var written: [String] = []
        for case let relative as String in enumerator {
            let from = source + "/" + relative
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: from, isDirectory: &isFolder)
            let to = destination.appendingPathComponent(relative.replacingOccurrences(of: "__NAME__", with: name)).path
            do {
                if isFolder.boolValue {
                    try manager.createDirectory(atPath: to, withIntermediateDirectories: true)
                    continue
                }
                try manager.createDirectory(
                    atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let text = try String(contentsOfFile: from, encoding: .utf8)
                    .replacingOccurrences(of: "__NAME__", with: name)
                    .replacingOccurrences(of: "__PANELKIT_DEPENDENCY__", with: dependency)
                    .replacingOccurrences(of: "__PANELKIT_PATH__", with: checkout)
                try text.write(toFile: to, atomically: true, encoding: .utf8)
                written.append(relative.replacingOccurrences(of: "__NAME__", with: name))
            } catch {
                fail("cannot write \(to): \(error.localizedDescription)")
            }
        }
        print("Created \(name) in \(destination.path):")
        for file in written.sorted() { print("  \(file)") }
        print(
            """

            Next:
              cd \(destination.path)
              swift run \(name)                 # the simulator (headless where there is no display); --help for the options
              swift test                        # the UI test
              \(checkout)/scripts/build-board rpi4-7inch --app .   # for a board: dist/ in the app's folder
            """)
    }
}
