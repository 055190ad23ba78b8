import PanelUI
import Testing

@Suite("Byte comparisons: keys, names and paths compared by their UTF-8 bytes, not canonical equivalence")
struct ByteComparisonTests {
    /// "é" as one scalar and as "e" and a combining acute: String's `==` finds them equal.
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test("sameBytes: equal bytes only; two nils are the same, a nil and a string are not")
    func same() {
        #expect(sameBytes("card0", "card0"))
        #expect(!sameBytes("card0", "card1"))
        #expect(!sameBytes("card", "card0"))
        #expect(!sameBytes(Self.composed, Self.decomposed))
        #expect(sameBytes(nil as String?, nil))
        #expect(!sameBytes("a" as String?, nil))
        #expect(sameBytes("a" as String?, "a"))
    }

    @Test("bytesPrecede sorts as String's < for ASCII and NFC text")
    func order() {
        let names = ["card10", "card1", "Card2", "card", "", "fb0", "\u{E9}t\u{E9}", "zebra", "a\u{10000}", "a\u{FFFF}"]
        #expect(names.sorted(by: bytesPrecede) == names.sorted())
        #expect(!bytesPrecede("card", "card"))
        #expect(bytesPrecede("card", "card0"))
        #expect(!bytesPrecede("card0", "card"))
    }

    @Test("hasPrefixBytes and hasSuffixBytes")
    func affixes() {
        #expect(hasPrefixBytes("event12", "event"))
        #expect(hasPrefixBytes("event", "event"))
        #expect(hasPrefixBytes("event", ""))
        #expect(!hasPrefixBytes("even", "event"))
        #expect(!hasPrefixBytes("/dev/input", "/dev/fb"))
        #expect(hasSuffixBytes("rpi4-7inch.json", ".json"))
        #expect(!hasSuffixBytes("rpi4-7inch.override", ".json"))
        #expect(!hasSuffixBytes("json", ".json"))
        #expect(hasSuffixBytes("Inter-Regular#tnum", "#tnum"))
    }

    @Test("characterIs: one ASCII character; \"\\r\\n\" is not \"\\n\", as for Character's ==")
    func character() {
        #expect(characterIs("\n", UInt8(ascii: "\n")))
        #expect(!characterIs("\r\n", UInt8(ascii: "\n")))
        #expect(!characterIs("x\u{301}", UInt8(ascii: "x")))
        #expect(characterIs("x", UInt8(ascii: "x")))
    }

    @Test("A switch over a string matches its cases by bytes")
    func switchMatchesBytes() {
        func kind(_ name: String) -> Int {
            switch name {
            case "caf\u{E9}": return 1
            case "drm": return 2
            default: return 0
            }
        }
        #expect(kind(Self.composed) == 1)
        #expect(kind(Self.decomposed) == 0)
        #expect(kind("drm") == 2)
    }
}
