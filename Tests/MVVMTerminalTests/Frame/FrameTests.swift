import MVVMTerminal
import Testing

struct FrameTests {
    /// A cell set by hand is drawn as safely as text `put` draws: a control character from the
    /// network (ESC, a bidi override, a line break) never reaches the terminal as itself.
    @Test func aControlCharacterSetThroughTheSubscriptIsReplaced() {
        var frame = Frame(width: 4, height: 1)
        frame[0, 0] = Cell("\u{1B}")
        frame[0, 1] = Cell("\u{202E}", style: Style(bold: true))
        frame[0, 2] = Cell("\n")
        frame[0, 3] = Cell("a")
        #expect(frame[0, 0].character == TerminalText.replacement)
        #expect(frame[0, 1] == Cell(TerminalText.replacement, style: Style(bold: true)))
        #expect(frame[0, 2].character == TerminalText.replacement)
        #expect(frame[0, 3].character == "a")
        #expect(!FrameRenderer.renderText(from: nil, to: frame).unicodeScalars.contains("\u{202E}"))
    }

    @Test func textTrimsTrailingSpacesAndSkipsContinuations() {
        var frame = Frame(width: 8, height: 3)
        frame.put("山田 a", at: Position(row: 0, column: 0))
        frame.put("ok", at: Position(row: 2, column: 3))
        #expect(frame.text == "山田 a\n\n   ok")
        #expect(frame[0, 1].isContinuation)
        #expect(frame[0, 0].character == "山")
    }

    @Test func putClipsByDisplayWidthWithoutSplittingWideCharacters() {
        var frame = Frame(width: 10, height: 1)
        let drawn = frame.put("山田太郎", at: Position(row: 0, column: 0), maxWidth: 5)
        #expect(drawn == 4)
        #expect(frame.text == "山田")
        #expect(!frame[0, 4].isContinuation)
    }

    @Test func putClipsAtTheRightEdge() {
        var frame = Frame(width: 5, height: 1)
        #expect(frame.put("ＡＢＣ", at: Position(row: 0, column: 0)) == 4)
        #expect(frame.text == "ＡＢ")
        frame = Frame(width: 5, height: 1)
        #expect(frame.put("abcdefg", at: Position(row: 0, column: 2)) == 3)
        #expect(frame.text == "  abc")
    }

    @Test func halfwidthKanaAndCombiningMarksTakeOneColumn() {
        var frame = Frame(width: 4, height: 1)
        frame.put("ｱe\u{301}x", at: Position(row: 0, column: 0))
        #expect(frame.text == "ｱe\u{301}x")
        #expect(frame[0, 2].character == "x")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = Frame(width: 4, height: 1)
        frame.put("山田", at: Position(row: 0, column: 0))
        frame.put("x", at: Position(row: 0, column: 1))
        #expect(frame.text == " x田")
        frame.put("y", at: Position(row: 0, column: 2))
        #expect(frame.text == " xy")
        #expect(!frame[0, 3].isContinuation)
    }

    @Test func aGraphemeOfFourColumnsTakesFourCellsAndOverwritingOneBlanksTheRest() {
        var frame = Frame(width: 6, height: 1)
        #expect(frame.put("👍🏽x", at: Position(row: 0, column: 0)) == 5)
        #expect(frame[0, 0].character == "👍🏽")
        #expect((1...3).allSatisfy { frame[0, $0].isContinuation })
        #expect(frame[0, 4].character == "x")
        frame.put("y", at: Position(row: 0, column: 2))
        #expect((0..<5).map { frame[0, $0].character } == [" ", " ", "y", " ", "x"])
        #expect((0..<5).allSatisfy { !frame[0, $0].isContinuation })
    }

    @Test func styleSGR() {
        #expect(Style.plain.sgr == "\u{1B}[0m")
        #expect(Style(foreground: .red, background: .blue, bold: true, inverse: true).sgr
            == "\u{1B}[0;1;7;31;44m")
    }

    @Test func outsideTheFrameIsIgnored() {
        var frame = Frame(width: 2, height: 1)
        #expect(frame.put("x", at: Position(row: 3, column: 0)) == 0)
        frame[5, 5] = Cell("z")
        #expect(frame[5, 5] == .blank)
        #expect(frame.text == "")
    }
}
