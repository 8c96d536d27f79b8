import MVVMTerminal
import Testing

struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("山田", 4), ("ｱ", 1), ("ＡＢＣ", 6), ("é", 1), ("e\u{301}", 1),
        ("👍", 2), ("한국", 4), ("", 0), ("🇯🇵", 2),
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
        (0x1F1E6, 1), (0x1F1FF, 1),                        // regional indicators: a flag is two
        (0x0600, 1), (0x06DD, 1), (0x110BD, 1),            // prepended concatenation marks
        (0xD7B0, 0), (0xD7FB, 0),                          // Hangul Jamo Extended-B vowels, finals
        (0x4DC0, 2), (0x4DFF, 2), (0x3248, 2),             // wide in glibc: hexagrams, circled
        (0x0E33, 1), (0x093F, 1),                          // spacing marks (Thai sara am, Devanagari i)
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

/// Widths tmux 3.3a gives, measured grapheme by grapheme: each string printed between two bars
/// in a tmux pane, the cursor's advance read with `display -p '#{cursor_x}'` (the probe is in
/// the *Widths* documentation). Where graphemes hold several scalars, terminals disagree, and
/// these are ``DisplayWidth/isUncertain(_:)``.
struct DisplayWidthTmuxTests {
    @Test(arguments: [
        ("น้ำ", 2), ("👨\u{200D}👩\u{200D}👧", 2), ("\u{2600}\u{FE0F}", 1), ("\u{2600}", 1),
        ("🇯🇵", 2), ("👍🏽", 4), ("1\u{FE0F}\u{20E3}", 1), ("e\u{301}", 1), ("\u{1100}\u{1161}\u{11A8}", 2),
        ("漢", 2), ("Ａ", 2), ("●", 1), ("😀\u{FE0E}", 2), ("🇦", 1),
        ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2), ("क्षि", 3), ("\u{2764}\u{FE0F}", 1),
        ("🏳\u{FE0F}\u{200D}🌈", 1), ("مرحبا", 5), ("😀", 2), ("நி", 2), ("שָׁ", 1), ("a\u{AD}b", 3),
        ("\u{3000}", 2), ("ｱ", 1), ("a\u{20DD}", 1), ("\u{0E33}", 1), ("한", 2), ("\u{3164}", 2),
        ("葛\u{E0100}", 2), ("🏃\u{200D}\u{2640}\u{FE0F}", 2), ("👁\u{200D}🗨", 1), ("漢\u{FE0F}", 2),
        ("x\u{0600}\u{0661}", 3), ("😀\u{301}", 2),
    ])
    func columnsAsTmuxDrawsThem(text: String, tmux: Int) {
        #expect(DisplayWidth.columns(of: TerminalText.sanitize(text)) == tmux)
    }

    @Test(arguments: [
        "\u{2600}\u{FE0F}", "👍🏽", "👨\u{200D}👩\u{200D}👧", "น้ำ", "🇯🇵", "🇦", "1\u{FE0F}\u{20E3}", "क्षि",
        "\u{1FAE8}", "\u{3164}", "\u{2630}", "\u{0E01}\u{0E33}",
    ])
    func graphemesTerminalsDisagreeOnAreUncertain(text: String) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        #expect(DisplayWidth.isUncertain(character))
    }

    @Test(arguments: ["a", "é", "e\u{301}", "山", "●", "ｱ", "😀", "한", "\u{00AD}", "葛", "\u{0E33}"])
    func graphemesTerminalsAgreeOnAreCertain(text: String) throws {
        let character = try #require(text.first)
        #expect(!DisplayWidth.isUncertain(character))
    }
}
