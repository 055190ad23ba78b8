import Foundation
import PanelFuzzChecks
import PanelTesting
import Testing

// Every input libFuzzer found a problem with (Fuzz/Regressions/TARGET) and
// every seed (Fuzz/Corpus/TARGET) goes through the same check the fuzz
// target runs, so a fixed bug stays fixed in the ordinary suite. Inputs of
// bugs not fixed yet live in Fuzz/Regressions-open and are listed in
// Fuzz/README.md; they join Fuzz/Regressions once fixed.

func inputs(_ folder: String, _ target: FuzzTarget) -> [String] {
    let directory = PackagePaths.path(folder + "/" + target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory + "/" + $0 }
}

@Suite("Fuzz inputs replayed through the fuzz targets' checks")
struct FuzzRegressionTests {
    @Test("Every saved crash input passes its target's check", arguments: FuzzTarget.allCases)
    func regressions(_ target: FuzzTarget) throws {
        for path in inputs("Fuzz/Regressions", target) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(throws: Never.self, "\(path)") { try target.check(bytes) }
        }
    }

    @Test("Every seed of the corpus passes its target's check", arguments: FuzzTarget.allCases)
    func seeds(_ target: FuzzTarget) throws {
        let seeds = inputs("Fuzz/Corpus", target)
        #expect(!seeds.isEmpty, "no seeds in Fuzz/Corpus/\(target.rawValue)")
        for path in seeds {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(throws: Never.self, "\(path)") { try target.check(bytes) }
        }
    }
}
