import MVVMTerminal
import Testing

struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("山田", 4), ("ｱ", 1), ("ＡＢＣ", 6), ("é", 1), ("e\u{301}", 1),
        ("👍", 2), ("👍🏽", 2), ("한국", 4), ("", 0), ("🇯🇵", 2),
    ])
    func columns(text: String, expected: Int) {
        #expect(DisplayWidth.columns(of: text) == expected)
    }

    @Test func combiningMarkScalarIsZeroWide() {
        #expect(DisplayWidth.columns(of: Unicode.Scalar(0x0301)!) == 0)
        #expect(DisplayWidth.columns(of: Unicode.Scalar(0x3099)!) == 0)
    }
}

/// Widths checked against what `wcwidth` (Markus Kuhn's reference, which xterm, VTE and
/// iTerm follow) gives each code point: the table a terminal draws by.
struct DisplayWidthTableTests {
    @Test(arguments: [
        (0x0041, 1), (0x00E9, 1), (0x00AD, 1),            // letters; the soft hyphen is drawn
        (0x0301, 0), (0x20DD, 0), (0x3099, 0),            // nonspacing and enclosing marks
        (0x200B, 0), (0x200C, 0), (0x200D, 0),            // zero-width space, non-joiner, joiner
        (0x2060, 0), (0x2061, 0), (0x2064, 0), (0xFEFF, 0), (0xFE0F, 0), (0xE0001, 0),
        (0x1160, 0), (0x11A8, 0),                          // Hangul medial vowel, final consonant
        (0x1100, 2), (0x115F, 2), (0x3164, 2), (0xFFA0, 1), // Hangul initials and fillers
        (0x3042, 2), (0x30A2, 2), (0xFF71, 1),            // hiragana, katakana, halfwidth katakana
        (0x4E2D, 2), (0x9FFF, 2), (0x20000, 2), (0x3134A, 2),
        (0xAC00, 2), (0xD7A3, 2), (0xFF21, 2), (0xFFE0, 2), (0x3000, 2),
        (0x231A, 2), (0x23F3, 2), (0x2614, 2), (0x1F600, 2), (0x1F680, 2), (0x1F9FF, 2), (0x1FAF8, 2),
        (0x20AC, 1), (0x2500, 1), (0x25A0, 1), (0x00B1, 1), // East Asian Ambiguous: 1
    ] as [(UInt32, Int)])
    func scalarWidth(codePoint: UInt32, expected: Int) throws {
        let scalar = try #require(Unicode.Scalar(codePoint))
        #expect(DisplayWidth.columns(of: scalar) == expected, "U+\(String(codePoint, radix: 16, uppercase: true))")
    }

    @Test func everyWideRangeIsSortedAndDisjoint() {
        let ranges = DisplayWidthProbe.eastAsianWideRanges
        #expect(ranges.count > 50)
        for (earlier, later) in zip(ranges, ranges.dropFirst()) {
            #expect(earlier.upperBound < later.lowerBound)
        }
    }
}
