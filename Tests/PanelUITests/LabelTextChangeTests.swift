import PanelTesting
import Testing

@testable import PanelUI

/// A label that changes a few characters redraws only those (`Label.changedPartOfLine`):
/// the scalars two texts share are counted on their UTF-8 bytes.
@Suite("What a label's text change leaves the same")
struct LabelTextChangeTests {
    @Test(
        "A label finds the scalars two texts share at their starts and ends, and whether a text is one line, from UTF-8 bytes exactly as decoding does"
    )
    func sharedScalarsFromBytes() {
        let pieces = [
            "a", "b", "7", "%", " ", "é", "e\u{301}", "\u{301}", "ü", "€", "漢", "🎛", "\u{85}", "\n", "\u{2028}",
            "\u{2029}", "Å", "\r"
        ]
        var random = SeededGenerator(seed: 3)
        func text() -> String {
            var result = ""
            for _ in 0..<Int(random.next() % 7) { result += pieces[Int(random.next() % UInt64(pieces.count))] }
            return result
        }
        for _ in 0..<4_000 {
            let a = text()
            let b = random.next() % 3 == 0 ? a : text()
            let x = Array(a.unicodeScalars)
            let y = Array(b.unicodeScalars)
            var prefix = 0
            while prefix < min(x.count, y.count) && x[prefix] == y[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(x.count, y.count) && x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
            #expect(Label.commonPrefix(a, b) == prefix, "prefix of \(x) and \(y)")
            for limit in [0, 1, suffix, 10] {
                #expect(
                    Label.commonSuffix(a, b, upTo: limit) == min(suffix, limit),
                    "suffix of \(x) and \(y), at most \(limit)")
            }
            #expect(Label.isOneLine(a) == !x.contains { LineBreakMode.endsLine($0) }, "one line: \(x)")
        }
    }
}
