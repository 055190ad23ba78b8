import Foundation
import PanelTesting
import Testing

@testable import PanelUI

// The view table answers a hit-test for a view without calling it only when
// the view's class says it keeps View's own `hitTest` and `point(inside:)`
// (`usesStandardHitTesting`, R4/R5). A class that does not say so inherits its
// superclass's answer for that exact superclass: `false`, so it is called and
// correct, but slower. Every view class in the core says so itself; an app's
// classes never need to (docs/widgets.md, step 2).
@Suite("Every view class in PanelUI states its hit-testing")
struct HitTestingStatementTests {
    /// A class declared in PanelUI's sources: its superclass and the text of its body.
    struct Declaration {
        var name: String
        var superclass: String
        var isFinal: Bool
        var body: String
        var file: String
    }

    static func declarations() throws -> [Declaration] {
        let root = PackagePaths.path("Sources/PanelUI")
        guard let files = FileManager.default.enumerator(atPath: root) else { return [] }
        let header = try Regex(
            #"^ *(?:@\w+(?:\([^)]*\))? +)*((?:(?:public|open|final|internal|private|fileprivate) +)*)class +(\w+) *: *(\w+)"#
        ).anchorsMatchLineEndings()
        var found: [Declaration] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let matches = text.matches(of: header)
            for (i, match) in matches.enumerated() {
                // A class's body runs to the next class declared in the file (nested types are not views here).
                let end = i + 1 < matches.count ? matches[i + 1].range.lowerBound : text.endIndex
                let modifiers = String(match.output[1].substring ?? "")
                found.append(
                    Declaration(
                        name: String(match.output[2].substring ?? ""),
                        superclass: String(match.output[3].substring ?? ""),
                        isFinal: modifiers.contains("final"), body: String(text[match.range.upperBound..<end]),
                        file: file))
            }
        }
        return found
    }

    @Test("Each View subclass overrides usesStandardHitTesting for its exact class, or is final and says true")
    func everyViewClassStatesIt() throws {
        let declarations = try Self.declarations()
        var superclass: [String: String] = [:]
        for declaration in declarations { superclass[declaration.name] = declaration.superclass }
        func isView(_ name: String) -> Bool {
            var current: String? = name
            var steps = 0
            while let name = current, steps < 50 {
                if name == "View" { return true }
                current = superclass[name]
                steps += 1
            }
            return false
        }
        let views = declarations.filter { $0.name != "View" && isView($0.name) }
        // The scan must find the core's view classes, or it proves nothing.
        #expect(views.count >= 20, "found \(views.map(\.name))")
        for view in views {
            let statesItsOwn = view.body.contains("override class var usesStandardHitTesting")
            let exact = view.body.contains("ObjectIdentifier(self) == ObjectIdentifier(\(view.name).self)")
            let finalTrue = view.isFinal && view.body.contains("usesStandardHitTesting: Bool { true }")
            let alwaysCalled = view.body.contains("usesStandardHitTesting: Bool { false }")
            #expect(
                statesItsOwn && (exact || finalTrue || alwaysCalled),
                """
                \(view.file): \(view.name) does not state its hit-testing: add
                    @usableFromInline override class var usesStandardHitTesting: Bool {
                        ObjectIdentifier(self) == ObjectIdentifier(\(view.name).self)
                    }
                (or, when it overrides hitTest or point(inside:), `false` with a comment saying why)
                """)
        }
    }

    @Test("The statement is what the table uses: a core class is answered from the table, a subclass of it is called")
    func theTableHonoursIt() {
        #expect(Button.usesStandardHitTesting)
        #expect(ProgressView.usesStandardHitTesting)
        final class RoundButton: Button {}
        #expect(!RoundButton.usesStandardHitTesting)
    }
}
