import CThai
import CUnibreak

/// Where a line may break in a text: the Unicode Line Breaking Algorithm
/// (UAX #14) by libunibreak, with Thai words found by libthai's dictionary.
/// `TextLayout.breakLines` asks for it only when a line of a text laid out
/// to a width overflows, so a text that fits costs nothing here.
///
/// - Spaces: a line breaks after them, not before them ("Hello |world").
/// - Words, numbers and URLs stay whole: "1,234.56", "21.5°C", "example.com"
///   (a line may break after a URL's "/", or after a hyphen).
/// - Chinese and Japanese break between ideographs and kana, but not before
///   closing punctuation ("。", "、", "）"), small kana or "ー" (their class
///   CJ taken as NS: UAX #14's strict breaking, as Japanese line breaking
///   rules want).
/// - Thai (class SA) has no spaces between words: libthai finds its words.
///   Lao, Khmer and Myanmar, also class SA, stay unbroken (no dictionary).
///
/// Every buffer is kept and reused: libunibreak allocates nothing, so
/// breaking a text no longer than one broken before allocates nothing,
/// except in Thai (libthai allocates while it searches its dictionary).
@usableFromInline
final class LineBreaks {
    /// libunibreak's second-level index, set up once per process.
    @usableFromInline static let libunibreakReady: Bool = {
        init_linebreak()
        return true
    }()

    // Only the layout that owns it calls it, within one call that runs no app code.
    /// The text's Unicode scalars, as `TextLayout.shape` counts them (the few
    /// libunibreak cannot take as "A": `isUnsafeForLibunibreak`).
    @exclusivity(unchecked) @usableFromInline var scalars: [UInt32] = []
    /// For each scalar, libunibreak's `LINEBREAK_…` for a break after it.
    @exclusivity(unchecked) @usableFromInline var after: [CChar] = []
    /// A run of Thai in TIS-620, NUL-terminated, and libthai's breaks in it.
    @exclusivity(unchecked) @usableFromInline var thaiBytes: [UInt8] = []
    @exclusivity(unchecked) @usableFromInline var thaiPositions: [Int32] = []
    /// libthai's word breaker (its dictionary: about 1.5 MB of heap), made
    /// at the first Thai text broken; nil before, or when the dictionary
    /// (libthai-data) is missing, which leaves Thai unbroken.
    @exclusivity(unchecked) @usableFromInline var thaiBreaker: OpaquePointer?
    @exclusivity(unchecked) @usableFromInline var thaiBreakerFailed = false

    @usableFromInline init() {
        _ = Self.libunibreakReady
        reserveBuffers()
    }

    deinit {
        if let thaiBreaker { th_brk_delete(thaiBreaker) }
    }

    @usableFromInline func reserveBuffers() {
        scalars.reserveCapacity(256)
        after.reserveCapacity(256)
    }

    /// After breaking a text larger than the layout cache keeps: gives the grown buffers back.
    @usableFromInline func releaseOversizedBuffers() {
        guard scalars.capacity > LaidOutTextCache.glyphCapacity || thaiBytes.capacity > LaidOutTextCache.glyphCapacity
        else { return }
        scalars = []
        after = []
        thaiBytes = []
        thaiPositions = []
        reserveBuffers()
    }

    /// Bytes the buffers hold, by capacity (not libthai's dictionary).
    @usableFromInline var heldBytes: Int {
        scalars.capacity * 4 + after.capacity + thaiBytes.capacity + thaiPositions.capacity * 4
    }

    /// Whether a line may break before scalar `index` of the text last given
    /// to `find(in:)`: after a break opportunity (or a mandatory break).
    @inline(__always) @usableFromInline
    func mayBreak(before index: Int) -> Bool {
        guard index > 0, index <= after.count else { return false }
        let value = after[index - 1]
        return value == CChar(LINEBREAK_ALLOWBREAK) || value == CChar(LINEBREAK_MUSTBREAK)
    }

    /// Finds where lines of `text` may break.
    @usableFromInline
    func find(in text: String) {
        scalars.removeAll(keepingCapacity: true)
        var hasThai = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if Self.isThaiLetter(value) { hasThai = true }
            scalars.append(Self.isUnsafeForLibunibreak(value) ? 0x41 : value)
        }
        let count = scalars.count
        after.refill(with: CChar(LINEBREAK_NOBREAK), count: count)
        guard count > 0 else { return }
        scalars.withUnsafeBufferPointer { text in
            after.withUnsafeMutableBufferPointer { breaks in
                set_linebreaks_utf32(text.baseAddress, count, nil, breaks.baseAddress)
            }
        }
        keepSmallKanaWithTheCharacterBefore()
        if hasThai { findThaiWords() }
    }

    /// Characters Debian 12's libunibreak 1.1 cannot take, given to it as
    /// a letter ("A") instead: the regional indicators of flags (its pair
    /// table lacks their class RI: `set_linebreaks` fails an assertion and
    /// aborts) and U+FFFF (its end-of-text marker).
    @inline(__always) @usableFromInline
    static func isUnsafeForLibunibreak(_ value: UInt32) -> Bool {
        (value >= 0x1F1E6 && value <= 0x1F1FF) || value == 0xFFFF
    }

    // MARK: Chinese and Japanese

    /// UAX #14's class CJ: small kana, "ー" and the small katakana
    /// extensions. libunibreak breaks before them (CJ as ID, loose line
    /// breaking); they are taken as NS here (strict): no break before one,
    /// unless after a space.
    @inline(__always) @usableFromInline
    static func isConditionalJapaneseStarter(_ value: UInt32) -> Bool {
        switch value {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
            0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC:
            return true
        default:
            return (value >= 0x31F0 && value <= 0x31FF) || (value >= 0xFF67 && value <= 0xFF70)
        }
    }

    @usableFromInline func keepSmallKanaWithTheCharacterBefore() {
        var i = 1
        while i < scalars.count {
            if Self.isConditionalJapaneseStarter(scalars[i]), after[i - 1] == CChar(LINEBREAK_ALLOWBREAK),
                !TextLayout.isSpace(scalars[i - 1])
            {
                after[i - 1] = CChar(LINEBREAK_NOBREAK)
            }
            i += 1
        }
    }

    // MARK: Thai

    /// Thai's letters, vowels and tone marks (UAX #14 class SA), which
    /// libthai segments into words; not its digits or punctuation.
    @inline(__always) @usableFromInline
    static func isThaiLetter(_ value: UInt32) -> Bool {
        (value >= 0x0E01 && value <= 0x0E3A) || (value >= 0x0E40 && value <= 0x0E4E)
    }

    /// Allows a break between the words libthai finds in each run of Thai letters.
    @usableFromInline func findThaiWords() {
        if thaiBreaker == nil, !thaiBreakerFailed {
            thaiBreaker = th_brk_new(nil) // Debian's dictionary, /usr/share/libthai/thbrk.tri
            thaiBreakerFailed = thaiBreaker == nil
        }
        guard let thaiBreaker else { return }
        var start = 0
        while start < scalars.count {
            guard Self.isThaiLetter(scalars[start]) else {
                start += 1
                continue
            }
            var end = start
            thaiBytes.removeAll(keepingCapacity: true)
            while end < scalars.count, Self.isThaiLetter(scalars[end]) {
                thaiBytes.append(UInt8(truncatingIfNeeded: scalars[end] - 0x0E00 + 0xA0)) // TIS-620
                end += 1
            }
            thaiBytes.append(0)
            let length = end - start
            if length > 1 {
                thaiPositions.refill(with: 0, count: length)
                let found = thaiBytes.withUnsafeBufferPointer { bytes in
                    thaiPositions.withUnsafeMutableBufferPointer { positions in
                        th_brk_find_breaks(thaiBreaker, bytes.baseAddress, positions.baseAddress, length)
                    }
                }
                var k = 0
                while k < Int(found) {
                    let position = Int(thaiPositions[k]) // a break before the run's character `position`
                    if position > 0, position < length { after[start + position - 1] = CChar(LINEBREAK_ALLOWBREAK) }
                    k += 1
                }
            }
            start = end
        }
    }
}
