import MVVMTerminal
import Testing

struct TerminalTextTests {
    @Test func escapeSequencesBecomeVisibleReplacements() {
        #expect(TerminalText.sanitize("a\u{1B}[2Jb") == "a\u{FFFD}[2Jb")
        #expect(TerminalText.sanitize("\u{1B}]0;title\u{7}") == "\u{FFFD}]0;title\u{FFFD}")
    }

    @Test func controlsDelC1AndBidiAreReplaced() {
        #expect(TerminalText.sanitize("\u{0}\u{7F}\u{9B}x") == "\u{FFFD}\u{FFFD}\u{FFFD}x")
        #expect(TerminalText.sanitize("a\u{202E}b\u{2066}c") == "a\u{FFFD}b\u{FFFD}c")
        #expect(TerminalText.sanitize("a\tb\nc\rd") == "a b c d")
    }

    @Test func ordinaryTextIsUnchanged() {
        for text in ["山田 太郎", "José", "👍", "ＡＢＣ"] {
            #expect(TerminalText.sanitize(text) == text)
            #expect(TerminalText.isSafe(text))
        }
    }

    @Test func nameWithEscapesNeverReachesRenderedBytes() {
        var frame = Frame(width: 30, height: 2)
        frame.put("\u{1B}[2J山田\u{1B}]0;title\u{7}", at: Position(row: 0, column: 0))
        let bytes = FrameRenderer.render(from: Frame(width: 30, height: 2), to: frame)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}[2J"))
        #expect(!text.contains("\u{1B}]"))
        #expect(!bytes.contains(0x07))
        #expect(frame.line(0) == "\u{FFFD}[2J山田\u{FFFD}]0;title\u{FFFD}")
    }
}

/// Characters a terminal draws as nothing are removed, so a frame's columns are the terminal's.
struct InvisibleCharacterTests {
    @Test(arguments: [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x0301, 0xFE0F])
    func aLoneInvisibleCharacterIsRemoved(codePoint: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(codePoint))
        let text = "a" + String(Character(scalar)) + "b"
        #expect(TerminalText.sanitize("a") + TerminalText.sanitize("b") == "ab")
        // The scalar alone between two letters either joins the "a" (a mark) or is removed.
        #expect(DisplayWidth.columns(of: TerminalText.sanitize(text)) == 2)
    }

    @Test func lineAndParagraphSeparatorsBecomeSpaces() {
        #expect(TerminalText.sanitize("a\u{2028}b\u{2029}c") == "a b c")
    }

    @Test func emojiSequencesKeepTheirJoinersAndSelectors() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(TerminalText.sanitize(family) == family)
        #expect(TerminalText.sanitize("☺\u{FE0F}") == "☺\u{FE0F}")
    }

    @Test func aRowWithInvisibleCharactersDrawsTheRestWhereTheTerminalDoes() {
        var frame = Frame(width: 10, height: 1)
        let drawn = frame.put("\u{200B}\u{200B}ab\u{2060}c", at: Position(row: 0, column: 0))
        #expect(drawn == 3)
        #expect((0..<3).map { frame[0, $0].character } == ["a", "b", "c"])
    }
}

/// What a terminal would draw onto a neighbouring grapheme is removed, so widths add up.
struct GraphemeEdgeTests {
    @Test func aJoinerThatJoinsNothingIsRemoved() {
        // tmux draws the emoji into the joiner's cell: one column, where three were counted.
        #expect(TerminalText.sanitize("a\u{200D}😀") == "a😀")
        #expect(DisplayWidth.columns(of: TerminalText.sanitize("a\u{200D}😀")) == 3)
        #expect(TerminalText.sanitize("x\u{200D}") == "x")
    }

    @Test func zeroWidthScalarsBeforeAGraphemesFirstDrawnOneAreRemoved() {
        #expect(TerminalText.sanitize("\u{301}\u{93F}x") == "\u{93F}x")
    }

    @Test func printableASCIIIsReturnedAsIs() {
        let text = "Plain4 X <u4@ex.com> >"
        #expect(TerminalText.sanitize(text) == text)
    }

    @Test(arguments: ["a\u{200D}\u{200D}😀", "🇯\u{200D}🇵", "\u{200B}\u{301}a", "e\u{301}\u{200D}", "👨\u{200D}\u{200D}👩"])
    func sanitizingTwiceChangesNothing(text: String) {
        let once = TerminalText.sanitize(text)
        #expect(TerminalText.sanitize(once) == once)
    }
}

