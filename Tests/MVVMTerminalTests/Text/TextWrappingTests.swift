import MVVMTestSupport
import MVVMTerminal
import MVVMTesting
import Testing

/// `TerminalText.wrap(_:width:)`: lines at most `width` columns, broken at the text's own line
/// breaks, then at the last space that fits, else between characters.
struct TextWrappingTests {
    // MARK: - Words

    @Test func asciiBreaksAtTheLastSpaceThatFits() {
        #expect(TerminalText.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TerminalText.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TerminalText.wrap("hello world", width: 8) == ["hello", "world"])
    }

    @Test func aSpaceAtTheBreakIsDroppedNotCarried() {
        // The space falls exactly where the line is full: it breaks, and neither line keeps it.
        #expect(TerminalText.wrap("hello world", width: 5) == ["hello", "world"])
        #expect(TerminalText.wrap("ab cd", width: 2) == ["ab", "cd"])
        #expect(TerminalText.wrap("a b", width: 1) == ["a", "b"])
    }

    @Test func textThatFitsIsOneLineUnchanged() {
        #expect(TerminalText.wrap("hello world", width: 11) == ["hello world"])
        #expect(TerminalText.wrap("hello world", width: 80) == ["hello world"])
        #expect(TerminalText.wrap("x", width: 1) == ["x"])
    }

    @Test func aWordLongerThanTheWidthBreaksBetweenCharacters() {
        #expect(TerminalText.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TerminalText.wrap("go supercalifragilistic", width: 5) == ["go", "super", "calif", "ragil", "istic"])
    }

    // MARK: - Wide characters

    @Test func japaneseBreaksBetweenCharactersNeverOverTheWidth() {
        #expect(TerminalText.wrap("東京地方は晴れています", width: 6) == ["東京地", "方は晴", "れてい", "ます"])
        // An odd width: a third character (6 columns) would not fit in 5.
        #expect(TerminalText.wrap("東京地方は晴れています", width: 5) == ["東京", "地方", "は晴", "れて", "いま", "す"])
        #expect(TerminalText.wrap("ab東京", width: 3) == ["ab", "東", "京"])
        #expect(TerminalText.wrap("今日は 晴れ", width: 6) == ["今日は", "晴れ"])
        #expect(TerminalText.wrap("👍👍👍", width: 5) == ["👍👍", "👍"])
    }

    @Test func aWideCharacterInWidthOneGetsALineOfItsOwn() {
        #expect(TerminalText.wrap("あ", width: 1) == ["あ"])
        #expect(TerminalText.wrap("あい", width: 1) == ["あ", "い"])
        #expect(TerminalText.wrap("aあb", width: 1) == ["a", "あ", "b"])
        #expect(TerminalText.wrap("あ い", width: 1) == ["あ", "い"])
    }

    // MARK: - Line breaks

    @Test func theTextsOwnLineBreaksAreKeptWithEmptyParagraphs() {
        #expect(TerminalText.wrap("a\n\nb", width: 10) == ["a", "", "b"])
        #expect(TerminalText.wrap("first\r\nsecond", width: 10) == ["first", "second"])
        #expect(TerminalText.wrap("a\u{2028}b", width: 10) == ["a", "b"])
        #expect(TerminalText.wrap("x\n", width: 10) == ["x", ""])
        #expect(TerminalText.wrap("\n", width: 3) == ["", ""])
        // Each paragraph wraps on its own.
        #expect(TerminalText.wrap("aaa bbb\nc", width: 3) == ["aaa", "bbb", "c"])
    }

    /// A space that ends a paragraph exactly where the line is full is a breaking space like
    /// any other: it must not leave an empty line the text does not have.
    @Test func aBreakingSpaceAtTheEndOfAParagraphAddsNoEmptyLine() {
        #expect(TerminalText.wrap("hello ", width: 5) == ["hello"])
        #expect(TerminalText.wrap("hello \nworld", width: 5) == ["hello", "world"])
    }

    // MARK: - Sanitizing

    @Test func controlCharactersAreSanitized() {
        #expect(TerminalText.wrap("a\u{1B}[2Jb", width: 10) == ["a\u{FFFD}[2Jb"])
        // U+FFFD takes one column, like the character it replaces.
        #expect(TerminalText.wrap("a\u{1B}[2Jb", width: 3) == ["a\u{FFFD}[", "2Jb"])
        #expect(TerminalText.wrap("\u{1B}\u{1B}\u{1B}", width: 2) == ["\u{FFFD}\u{FFFD}", "\u{FFFD}"])
        #expect(TerminalText.wrap("a\u{202E}b", width: 10) == ["a\u{FFFD}b"])
        // A tab becomes a space, and breaks as one.
        #expect(TerminalText.wrap("a\tb", width: 10) == ["a b"])
        #expect(TerminalText.wrap("ab\tcd", width: 2) == ["ab", "cd"])
        // What a terminal draws as nothing is removed, and takes no column.
        #expect(TerminalText.wrap("a\u{200B}b", width: 2) == ["ab"])
    }

    @Test func widthUnderOneOrEmptyTextGivesNoLines() {
        #expect(TerminalText.wrap("", width: 10) == [])
        #expect(TerminalText.wrap("", width: 0) == [])
        #expect(TerminalText.wrap("abc", width: 0) == [])
        #expect(TerminalText.wrap("abc", width: -3) == [])
        #expect(TerminalText.wrap("\n", width: 0) == [])
    }

    // MARK: - Properties

    /// Pieces of text the generator strings together: ASCII, spaces, kana and kanji, emoji
    /// (with modifiers, flags, ZWJ sequences), combining marks, and a few controls.
    static let pieces: [String] = [
        "a", "b", "z", "Q", "0", ".", "-", "é", "e\u{301}",
        " ", " ", " ", "  ",
        "あ", "カ", "東", "京", "ｱ", "Ａ", "한",
        "👍", "👍🏽", "🇯🇵", "👨\u{200D}👩\u{200D}👧", "☀\u{FE0F}",
        "\u{301}", "\u{3099}", "\u{200D}", "\u{200B}",
        "\n", "\t", "\u{1B}", "\u{7F}",
    ]

    static func randomText(using generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...60, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test func noLineEverExceedsTheWidth() {
        var generator = SplitMix64(seed: 0x5EED_2024)
        var checked = 0
        for _ in 0..<400 {
            let text = Self.randomText(using: &generator)
            let width = Int.random(in: 1...12, using: &generator)
            let lines = TerminalText.wrap(text, width: width)
            for line in lines {
                let columns = DisplayWidth.columns(of: line)
                // Only a character wider than the width itself may overflow, alone on its line.
                let isLoneWideCharacter = line.count == 1 && columns > width
                #expect(columns <= width || isLoneWideCharacter, "\(line.debugDescription) is \(columns) columns in width \(width), from \(text.debugDescription)")
                #expect(TerminalText.isSafe(line), "\(line.debugDescription) from \(text.debugDescription)")
                #expect(line.allSatisfy { !$0.isNewline })
                checked += 1
            }
        }
        #expect(checked > 400, "the generator made lines to check")
    }

    @Test func wrappingDropsNothingButBreakingSpaces() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let text = Self.randomText(using: &generator)
            let width = Int.random(in: 1...12, using: &generator)
            let lines = TerminalText.wrap(text, width: width)
            let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            let expected = paragraphs.map { TerminalText.sanitize(String($0)) }.joined()
            #expect(
                Array(lines.joined().unicodeScalars.filter { $0 != " " })
                    == Array(expected.unicodeScalars.filter { $0 != " " }),
                "\(text.debugDescription) in width \(width) gave \(lines)"
            )
            if text.isEmpty {
                #expect(lines.isEmpty)
            } else {
                #expect(lines.count >= paragraphs.count, "every paragraph makes at least one line")
            }
        }
    }
}

/// `TextView`: wrapped text in a rectangle, scrolled by whole lines.
struct TextViewTests {
    static let tenLines = (0..<10).map { "line \($0)" }.joined(separator: "\n")

    @Test func theScrollOffsetIsClampedToTheLastFullPage() {
        var frame = Frame(width: 10, height: 3)
        let offset = TextView(text: Self.tenLines, scrollOffset: 100).draw(into: &frame, in: Rect(frame))
        #expect(offset == 7, "10 lines in 3 rows: the last page starts at line 7")
        #expect(frame.text == "line 7\nline 8\nline 9")
    }

    @Test func anOffsetWithinRangeIsUsedAsGiven() {
        for scroll in 0...7 {
            var frame = Frame(width: 10, height: 3)
            let offset = TextView(text: Self.tenLines, scrollOffset: scroll).draw(into: &frame, in: Rect(frame))
            #expect(offset == scroll)
            #expect(frame.text == "line \(scroll)\nline \(scroll + 1)\nline \(scroll + 2)")
        }
    }

    @Test func aNegativeOffsetIsClampedToTheTop() {
        var frame = Frame(width: 10, height: 3)
        let offset = TextView(text: Self.tenLines, scrollOffset: -5).draw(into: &frame, in: Rect(frame))
        #expect(offset == 0)
        #expect(frame.text == "line 0\nline 1\nline 2")
    }

    @Test func textShorterThanTheRectangleNeverScrolls() {
        var frame = Frame(width: 10, height: 5)
        let offset = TextView(text: "a\nb", scrollOffset: 3).draw(into: &frame, in: Rect(frame))
        #expect(offset == 0)
        #expect(frame.text == "a\nb\n\n\n")
    }

    @Test func emptyTextDrawsNothing() {
        var frame = Frame(width: 10, height: 2)
        let offset = TextView(text: "", scrollOffset: 4).draw(into: &frame, in: Rect(frame))
        #expect(offset == 0)
        #expect(frame == Frame(width: 10, height: 2))
    }

    @Test func wrappedLinesScrollAndDrawInsideTheRectangleInTheStyle() {
        var frame = Frame(width: 12, height: 4)
        let style = Style(foreground: .green)
        let offset = TextView(text: "one two three four", scrollOffset: 5)
            .draw(into: &frame, in: Rect(row: 1, column: 2, width: 9, height: 2), style: style)
        // Wrapped in 9 columns: "one two", "three", "four"; two rows show the last two.
        #expect(offset == 1)
        #expect(frame.text == "\n  three\n  four\n")
        #expect(frame[1, 2].style == style)
        #expect(frame[1, 2].character == "t")
        #expect(frame[0, 2].style == .plain)
    }

    @Test func japaneseScrollsByWrappedLines() {
        var frame = Frame(width: 6, height: 2)
        let offset = TextView(text: "東京地方は晴れています", scrollOffset: 10).draw(into: &frame, in: Rect(frame))
        // "東京地", "方は晴", "れてい", "ます": the last page starts at line 2.
        #expect(offset == 2)
        #expect(frame.text == "れてい\nます")
    }

    @Test func theReturnedOffsetDrawsTheSameWhenStored() {
        var first = Frame(width: 10, height: 4)
        let stored = TextView(text: Self.tenLines, scrollOffset: 50).draw(into: &first, in: Rect(first))
        var second = Frame(width: 10, height: 4)
        let again = TextView(text: Self.tenLines, scrollOffset: stored).draw(into: &second, in: Rect(second))
        #expect(stored == 6)
        #expect(again == stored)
        #expect(first == second)
    }
}
