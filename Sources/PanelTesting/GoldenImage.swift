import Foundation
import PanelImage
import PanelUI

/// Golden-image checks: compares what a test drew with a reference PNG kept
/// in the repository, `Tests/Golden/<name>.png` (or in a folder of your
/// choice, see `check(_:named:tolerance:in:outputDirectory:file:)`).
///
/// ```swift
/// let display = HeadlessDisplay(width: 120, height: 80)
/// Renderer().draw(window, into: display.framebuffer)
/// let result = GoldenImage.check(display.framebuffer, named: "rounded-rect")
/// #expect(result.passed, "\(result)")
/// ```
///
/// An app's UI tests usually go through `AppTester.assertSnapshot(named:referenceDirectory:outputDirectory:tolerance:sourceLocation:)`,
/// which draws the app's window and makes this check.
///
/// - The `Tests/Golden` folder is found from the calling test file's
///   `#filePath`: the nearest folder above it holding `Package.swift` is the
///   package root.
/// - A pixel differs when one of its red, green or blue channels is more than
///   `tolerance` (out of 255) away from the reference's. Alpha is not compared:
///   framebuffers have none.
/// - On a mismatch the check fails and writes `<name>.actual.png` (what was
///   drawn) and `<name>.diff.png` (a dimmed grey copy of the drawing with
///   every differing pixel in pure red) into `.build-golden/` at the package
///   root, which git ignores through its `.build-*/` pattern; the result says
///   how many pixels differ, the largest channel difference and where the
///   first differing pixel is. A passing check deletes those two files.
/// - A missing reference fails too, writes `<name>.actual.png`, and says how
///   to create the reference.
/// - With `PANELKIT_UPDATE_GOLDEN=1` in the environment the check writes (or
///   overwrites) the reference instead and passes:
///
///       PANELKIT_UPDATE_GOLDEN=1 swift test --filter RendererTests
///
///   Then look at every reference it wrote before committing it: a golden
///   image only guards what someone checked was right.
///
/// Keep references small (about 120×80): they live in the repository.
public enum GoldenImage {
    /// The environment variable that turns checks into updates when set to `1`.
    public static let updateEnvironmentVariable = "PANELKIT_UPDATE_GOLDEN"

    /// Compares `framebuffer` with `Tests/Golden/<name>.png`; see `GoldenImage`.
    ///
    /// `name` is a file name without extension (letters, digits, `-`, `_`, `.`).
    public static func check(
        _ framebuffer: Framebuffer, named name: String, tolerance: UInt8 = 2,
        file: StaticString = #filePath
    ) -> GoldenResult {
        check(framebuffer, named: name, tolerance: tolerance, in: "Tests/Golden", file: "\(file)")
    }

    /// Compares `framebuffer` with `<referenceDirectory>/<name>.png`.
    ///
    /// A relative `referenceDirectory` (`"Tests/Golden"`, `"Tests/MyAppTests/Snapshots"`)
    /// is taken from the root of the package that holds `file`, the calling
    /// test file; an absolute one is used as it is. A mismatch's images go to
    /// `outputDirectory`, relative or absolute the same way; by default
    /// `.build-golden` at the package root, which a `.build-*/` line in
    /// `.gitignore` keeps out of git.
    public static func check(
        _ framebuffer: Framebuffer, named name: String, tolerance: UInt8 = 2,
        in referenceDirectory: String, outputDirectory: String? = nil,
        file: String = #filePath
    ) -> GoldenResult {
        guard let references = directory(referenceDirectory, inPackageOf: file),
            let output = directory(outputDirectory ?? ".build-golden", inPackageOf: file)
        else {
            return GoldenResult(
                name: name, outcome: .error, referencePath: "",
                message: "no Package.swift in any folder above \(file); cannot find \(referenceDirectory)")
        }
        return check(
            framebuffer, named: name, tolerance: tolerance, referenceDirectory: references, outputDirectory: output)
    }

    /// The same check with the folders given: references are read from (and,
    /// when updating, written to) `referenceDirectory`, failures' images go
    /// to `outputDirectory`. Both are created when needed.
    public static func check(
        _ framebuffer: Framebuffer, named name: String, tolerance: UInt8 = 2,
        referenceDirectory: String, outputDirectory: String
    ) -> GoldenResult {
        guard isValidName(name) else {
            return GoldenResult(
                name: name, outcome: .error, referencePath: "",
                message: "golden image name '\(name)' must be letters, digits, '-', '_' or '.'")
        }
        let referencePath = "\(referenceDirectory)/\(name).png"
        let actualPath = "\(outputDirectory)/\(name).actual.png"
        let diffPath = "\(outputDirectory)/\(name).diff.png"
        let updateCommand = "\(updateEnvironmentVariable)=1 swift test --filter <the test>"

        do throws(PNGError) {
            if isUpdating {
                try makeDirectory(referenceDirectory, for: referencePath)
                try PNG.write(framebuffer, to: referencePath)
                removeFile(actualPath)
                removeFile(diffPath)
                return GoldenResult(
                    name: name, outcome: .updated, referencePath: referencePath,
                    message: "golden image '\(name)': wrote the reference \(referencePath) "
                        + "(\(framebuffer.width)x\(framebuffer.height)); look at it before committing it")
            }

            guard FileManager.default.fileExists(atPath: referencePath) else {
                try makeDirectory(outputDirectory, for: actualPath)
                try PNG.write(framebuffer, to: actualPath)
                return GoldenResult(
                    name: name, outcome: .missingReference, referencePath: referencePath, actualPath: actualPath,
                    message: "golden image '\(name)': no reference at \(referencePath). What the test drew is in "
                        + "\(actualPath); if it is right, create the reference with `\(updateCommand)` "
                        + "(or copy that file there), look at it, and commit it")
            }

            let reference = try PNG.read(path: referencePath)
            guard reference.width == framebuffer.width, reference.height == framebuffer.height else {
                try makeDirectory(outputDirectory, for: actualPath)
                try PNG.write(framebuffer, to: actualPath)
                removeFile(diffPath)
                return GoldenResult(
                    name: name, outcome: .sizeMismatch, referencePath: referencePath, actualPath: actualPath,
                    message: "golden image '\(name)': drew \(framebuffer.width)x\(framebuffer.height) pixels, "
                        + "the reference \(referencePath) has \(reference.width)x\(reference.height); "
                        + "actual image: \(actualPath); if the new size is intended, update with `\(updateCommand)`")
            }

            let comparison = compare(framebuffer, with: reference, tolerance: tolerance)
            if comparison.differingPixels == 0 {
                removeFile(actualPath)
                removeFile(diffPath)
                return GoldenResult(
                    name: name, outcome: .matched, largestDifference: comparison.largestDifference,
                    referencePath: referencePath,
                    message: "golden image '\(name)' matches \(referencePath) "
                        + "(largest channel difference \(comparison.largestDifference), tolerance \(tolerance))")
            }

            try makeDirectory(outputDirectory, for: actualPath)
            try PNG.write(framebuffer, to: actualPath)
            let diff = diffImage(framebuffer, against: reference, tolerance: tolerance)
            try PNG.write(diff.framebuffer, to: diffPath)
            let first = comparison.firstDifference.map { " first at (\($0.x), \($0.y))," } ?? ""
            return GoldenResult(
                name: name, outcome: .mismatched, differingPixels: comparison.differingPixels,
                largestDifference: comparison.largestDifference, referencePath: referencePath,
                actualPath: actualPath, diffPath: diffPath,
                message: "golden image '\(name)': \(comparison.differingPixels) of "
                    + "\(framebuffer.width * framebuffer.height) pixels differ from \(referencePath) by more than "
                    + "\(tolerance) (largest channel difference \(comparison.largestDifference),\(first) "
                    + "differences in red in \(diffPath)); actual image: \(actualPath); "
                    + "if the change is intended, update with `\(updateCommand)`")
        } catch {
            return GoldenResult(
                name: name, outcome: .error, referencePath: referencePath,
                message: "golden image '\(name)': \(error)")
        }
    }

    /// Whether `updateEnvironmentVariable` is set to `1` (or `true`, `yes`).
    public static var isUpdating: Bool {
        guard let value = ProcessInfo.processInfo.environment[updateEnvironmentVariable] else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }

    /// How `framebuffer` differs from `reference` (which must be the same size).
    public static func compare(
        _ framebuffer: Framebuffer, with reference: PNGImage,
        tolerance: UInt8
    ) -> (differingPixels: Int, largestDifference: Int, firstDifference: (x: Int, y: Int)?) {
        precondition(reference.width == framebuffer.width && reference.height == framebuffer.height)
        return compare(framebuffer, tolerance: tolerance) { x, y in reference.color(atX: x, y: y) }
    }

    /// How `framebuffer` differs from another framebuffer of the same size
    /// (a drawing against its reference drawn another way).
    public static func compare(
        _ framebuffer: Framebuffer, with reference: Framebuffer,
        tolerance: UInt8
    ) -> (differingPixels: Int, largestDifference: Int, firstDifference: (x: Int, y: Int)?) {
        precondition(reference.width == framebuffer.width && reference.height == framebuffer.height)
        return compare(framebuffer, tolerance: tolerance) { x, y in reference.color(atX: x, y: y) }
    }

    static func compare(_ framebuffer: Framebuffer, tolerance: UInt8, reference: (Int, Int) -> Color)
        -> (differingPixels: Int, largestDifference: Int, firstDifference: (x: Int, y: Int)?)
    {
        var differing = 0
        var largest = 0
        var first: (x: Int, y: Int)?
        for y in 0..<framebuffer.height {
            for x in 0..<framebuffer.width {
                let difference = channelDifference(framebuffer.color(atX: x, y: y), reference(x, y))
                largest = max(largest, difference)
                if difference > Int(tolerance) {
                    differing += 1
                    if first == nil { first = (x, y) }
                }
            }
        }
        return (differing, largest, first)
    }

    /// The diff picture: the drawing dimmed to grey, differing pixels pure red.
    /// The returned display owns the pixels.
    public static func diffImage(_ framebuffer: Framebuffer, against reference: PNGImage, tolerance: UInt8)
        -> HeadlessDisplay
    {
        let display = HeadlessDisplay(width: framebuffer.width, height: framebuffer.height)
        let out = display.framebuffer
        for y in 0..<framebuffer.height {
            let row = (out.baseAddress + y * out.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<framebuffer.width {
                let drawn = framebuffer.color(atX: x, y: y)
                if channelDifference(drawn, reference.color(atX: x, y: y)) > Int(tolerance) {
                    row[x] = Color(red: 255, green: 0, blue: 0).xrgb8888
                } else {
                    let luma = (77 * Int(drawn.red) + 150 * Int(drawn.green) + 29 * Int(drawn.blue)) >> 8
                    let dim = UInt8(24 + luma / 4)
                    row[x] = Color(red: dim, green: dim, blue: dim).xrgb8888
                }
            }
        }
        return display
    }

    /// The largest of the red, green and blue differences.
    @inlinable
    public static func channelDifference(_ a: Color, _ b: Color) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }

    /// `path` as an absolute path: an absolute one as it is, a relative one
    /// inside the package that holds `file` (the nearest folder above it with
    /// `Package.swift`). Nil when it is relative and no package holds `file`.
    public static func directory(_ path: String, inPackageOf file: String) -> String? {
        if path.hasPrefix("/") { return path }
        guard let root = packageRoot(containing: file) else { return nil }
        return path.isEmpty || path == "." ? root : root + "/" + path
    }

    /// The nearest folder above `path` that holds `Package.swift`.
    public static func packageRoot(containing path: String) -> String? {
        var url = URL(fileURLWithPath: path).deletingLastPathComponent()
        while url.path != "/" && !url.path.isEmpty {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
            url = url.deletingLastPathComponent()
        }
        return nil
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                    || scalar == "-" || scalar == "_" || scalar == "."
            }
    }

    static func makeDirectory(_ directory: String, for file: String) throws(PNGError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PNGError(path: file, operation: .writing, message: "cannot create folder \(directory): \(error)")
        }
    }

    static func removeFile(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// What a `GoldenImage` check found; its
/// `description` is the message to show when `passed` is false.
public struct GoldenResult: CustomStringConvertible, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Every pixel is within the tolerance.
        case matched
        /// `PANELKIT_UPDATE_GOLDEN=1`: the reference was written.
        case updated
        /// Some pixels differ by more than the tolerance.
        case mismatched
        /// The drawing and the reference have different sizes.
        case sizeMismatch
        /// There is no reference image yet.
        case missingReference
        /// A file could not be read or written, or the name or folder is unusable.
        case error
    }

    public let name: String
    public let outcome: Outcome
    /// Pixels with a channel more than the tolerance away from the reference.
    public let differingPixels: Int
    /// The largest channel difference over the whole image, 0...255.
    public let largestDifference: Int
    public let referencePath: String
    /// Where the drawing was written, when it was.
    public let actualPath: String?
    /// Where the diff picture was written, when it was.
    public let diffPath: String?
    public let message: String

    public init(
        name: String, outcome: Outcome, differingPixels: Int = 0, largestDifference: Int = 0,
        referencePath: String, actualPath: String? = nil, diffPath: String? = nil, message: String
    ) {
        self.name = name
        self.outcome = outcome
        self.differingPixels = differingPixels
        self.largestDifference = largestDifference
        self.referencePath = referencePath
        self.actualPath = actualPath
        self.diffPath = diffPath
        self.message = message
    }

    /// The drawing matches the reference, or the reference was just written.
    public var passed: Bool { outcome == .matched || outcome == .updated }

    public var description: String { message }
}
