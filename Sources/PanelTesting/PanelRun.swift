import Foundation

/// Runs the `panel` executable built beside the test bundle, as a user would.
public struct PanelRun {
    public var status: Int32
    public var exitedNormally: Bool
    public var stdout: String
    public var stderr: String

    /// `environment`: variables to set (or, with nil, to remove) for this run.
    public static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> PanelRun {
        let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let panel = URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("panel")
        let process = Process()
        process.executableURL = panel
        process.arguments = arguments
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return PanelRun(
            status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A scratch folder for one test's files.
public func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("panel-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
