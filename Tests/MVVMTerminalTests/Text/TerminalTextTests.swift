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
