import MVVMTerminal
import Testing

struct FrameRendererTests {
    @Test func fullRedrawWithoutPreviousFrame() {
        var frame = Frame(width: 3, height: 2)
        frame.put("ab", at: Position(row: 0, column: 0))
        frame.put("c", at: Position(row: 1, column: 1), style: Style(bold: true))
        #expect(FrameRenderer.renderText(from: nil, to: frame)
            == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0mab \u{1B}[2;1H \u{1B}[0;1mc\u{1B}[0m ")
    }

    @Test func sizeChangeRedrawsEverything() {
        let text = FrameRenderer.renderText(from: Frame(width: 2, height: 1), to: Frame(width: 1, height: 1))
        #expect(text == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0m ")
    }

    @Test func unchangedFrameWritesNothing() {
        var frame = Frame(width: 5, height: 2)
        frame.put("hello", at: Position(row: 1, column: 0))
        #expect(FrameRenderer.render(from: frame, to: frame).isEmpty)
    }

    @Test func onlyChangedRunsAreWritten() {
        var previous = Frame(width: 10, height: 3)
        previous.put("abcdefghij", at: Position(row: 1, column: 0))
        var next = previous
        next.put("XY", at: Position(row: 1, column: 2))
        next.put("Z", at: Position(row: 1, column: 7), style: Style(foreground: .green))
        #expect(FrameRenderer.renderText(from: previous, to: next)
            == "\u{1B}[2;3H\u{1B}[0mXY\u{1B}[2;8H\u{1B}[0;32mZ")
    }

    @Test func wideCharacterChangeStartsOnItsFirstColumn() {
        var previous = Frame(width: 4, height: 1)
        previous.put("山田", at: Position(row: 0, column: 0))
        var next = previous
        next.put("川", at: Position(row: 0, column: 2))
        #expect(FrameRenderer.renderText(from: previous, to: next) == "\u{1B}[1;3H\u{1B}[0m川")
    }

    @Test func oneChangedRowOfFiftyWritesOnlyThatRow() {
        var previous = Frame(width: 80, height: 50)
        for row in 0..<50 {
            previous.put("row \(row) " + String(repeating: "x", count: 60), at: Position(row: row, column: 0))
        }
        var next = previous
        next.put("changed", at: Position(row: 20, column: 0), style: Style(inverse: true))
        let diff = FrameRenderer.render(from: previous, to: next)
        let full = FrameRenderer.render(from: nil, to: next)
        #expect(String(decoding: diff, as: UTF8.self) == "\u{1B}[21;1H\u{1B}[0;7mchanged")
        #expect(diff.count * 100 < full.count)
    }
}
