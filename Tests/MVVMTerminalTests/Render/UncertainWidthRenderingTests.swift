import MVVMTestSupport
import MVVMTerminal
import MVVMTesting
import Testing

/// Whatever width a terminal gives the graphemes terminals disagree on, what it shows after
/// frame-by-frame updates equals what it shows after a full redraw (Ctrl-L): no stale cell.
struct UncertainWidthRenderingTests {
    /// Names of the kinds that garbled rows: Thai marks, a joiner after a letter, emoji with
    /// selectors and skin tones, ZWJ sequences, flags, spacing marks, new emoji.
    static let tortureNames = [
        "น้ำ ใจ", "a\u{200D}b Plain", "☀️ Sunny", "👍🏽 Thumbs", "👨‍👩‍👧 Family", "🇯🇵 Flag",
        "क्षि Devanagari", "1️⃣ Keycap", "🏳️‍🌈 Rainbow", "🫨 Shaking", "🇦 Half", "நி Tamil",
        "山田 太郎", "José Álvarez", "Plain4 X", "a\u{200D}😀 joined", "e\u{301}\u{301} marks",
    ]

    /// Widths a terminal that measures graphemes (kitty, tmux 3.4) gives, where they differ.
    static func graphemeTerminal(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) }) {
            return 2
        }
        if scalars.count == 1, (0x1F1E6...0x1F1FF).contains(scalars.first!.value) { return 2 }
        let withoutSpacingMarks = scalars.filter { $0.properties.generalCategory != .spacingMark }
        return max(1, withoutSpacingMarks.reduce(0) { $0 + DisplayWidth.columns(of: $1) })
    }

    /// A terminal that is off by one, either way, on every uncertain grapheme.
    static func offByOneTerminal(_ character: Character) -> Int {
        let ours = DisplayWidth.columns(of: character)
        guard DisplayWidth.isUncertain(character) else { return ours }
        return character.unicodeScalars.count.isMultiple(of: 2) ? ours + 1 : max(0, ours - 1)
    }

    /// A list screen: `rows` names from `offset`, the selected one inverse, a chevron at the
    /// right edge, as the user list draws it.
    static func listFrame(offset: Int, selected: Int, width: Int = 40, height: Int = 8) -> Frame {
        var frame = Frame(width: width, height: height)
        frame.put("Users", at: Position(row: 0, column: 0), style: Style(bold: true))
        for line in 0..<(height - 1) {
            let index = offset + line
            let name = tortureNames[index % tortureNames.count]
            let style = index == selected ? Style(inverse: true) : .plain
            if index == selected { frame.fill(at: Position(row: line + 1, column: 0), columns: width, style: style) }
            frame.put("● \(name) <u\(index)@ex.com>", at: Position(row: line + 1, column: 0), style: style, maxWidth: width - 2)
            frame.put(">", at: Position(row: line + 1, column: width - 1), style: style)
        }
        return frame
    }

    static func detailFrame(index: Int) -> Frame {
        var frame = Frame(width: 40, height: 8)
        frame.put("Detail", at: Position(row: 0, column: 0), style: Style(bold: true))
        frame.put("Name: \(tortureNames[index % tortureNames.count])", at: Position(row: 2, column: 2))
        frame.put("Weather: ☀️ 23°", at: Position(row: 4, column: 2))
        return frame
    }

    @Test(arguments: ["ours", "grapheme", "off by one"])
    func scrollingAndOpeningADetailLeaveWhatAFullRedrawShows(terminal: String) {
        let measure: (Character) -> Int = switch terminal {
        case "grapheme": Self.graphemeTerminal
        case "off by one": Self.offByOneTerminal
        default: { DisplayWidth.columns(of: $0) }
        }
        var frames: [Frame] = []
        var generator = SplitMix64(seed: 30)
        var offset = 0
        for step in 0..<120 {
            offset = max(0, offset + Int(generator.next() % 7) - 3)
            if step % 17 == 16 {
                frames.append(Self.detailFrame(index: offset))
            } else {
                frames.append(Self.listFrame(offset: offset, selected: offset + Int(generator.next() % 5)))
            }
        }
        var updated = VirtualTerminal(width: 40, height: 8, measure: measure)
        var previous: Frame?
        for (step, frame) in frames.enumerated() {
            updated.apply(FrameRenderer.renderText(from: previous, to: frame))
            previous = frame
            var redrawn = VirtualTerminal(width: 40, height: 8, measure: measure)
            redrawn.apply(FrameRenderer.renderText(from: nil, to: frame))
            let same = updated.cells == redrawn.cells
            #expect(same, "step \(step):\n\(updated.text)\n--- full redraw:\n\(redrawn.text)")
            if !same { return }
            if terminal == "ours" {
                #expect(updated.text == frame.text, "step \(step)")
            }
        }
    }

    @Test func aRowWithAnUncertainCharacterIsErasedAndPlacedAbsolutely() {
        var previous = Frame(width: 12, height: 1)
        previous.put("☀️ Sunny", at: Position(row: 0, column: 0))
        var next = previous
        next.put("Rain", at: Position(row: 0, column: 2))
        #expect(FrameRenderer.renderText(from: previous, to: next)
            == "\u{1B}[1;1H\u{1B}[0m\u{1B}[2K☀️\u{1B}[1;2H Rainy")
    }

    @Test func aRowWhoseOldContentWasUncertainIsRewrittenWhole() {
        var previous = Frame(width: 8, height: 1)
        previous.put("👍🏽 ok", at: Position(row: 0, column: 0))
        var next = Frame(width: 8, height: 1)
        next.put("plain", at: Position(row: 0, column: 0))
        #expect(FrameRenderer.renderText(from: previous, to: next) == "\u{1B}[1;1H\u{1B}[0m\u{1B}[2Kplain")
    }
}

/// What the reviewer found with tmux 3.3a: a mark in the last column, noncharacters, a joiner
/// before a code point tmux does not know.
struct TerminalEdgeRenderingTests {
    @Test func aGraphemeWithAMarkInTheLastColumnIsWrittenWithLineWrapOn() {
        // With wrap off, tmux keeps the cursor on the last column and puts the mark one column
        // to the left, where a later diff never clears it.
        var frame = Frame(width: 3, height: 1)
        frame.put("ab", at: Position(row: 0, column: 0))
        frame.put("e\u{301}", at: Position(row: 0, column: 2))
        #expect(FrameRenderer.renderText(from: nil, to: frame)
            == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0mab\u{1B}[?7he\u{301}\u{1B}[?7l")
        var plain = Frame(width: 3, height: 1)
        plain.put("abc", at: Position(row: 0, column: 0))
        #expect(!FrameRenderer.renderText(from: nil, to: plain).contains("\u{1B}[?7h"), "one scalar: no need")
    }

    @Test func noncharactersAreShownAsReplacements() throws {
        // tmux draws U+FDD0 in no column: counted as one, it left the cell under it stale.
        var text = String.UnicodeScalarView()
        for value: UInt32 in [0x61, 0xFDD0, 0x62, 0xFFFE, 0x2FFFF] { text.append(try #require(Unicode.Scalar(value))) }
        #expect(TerminalText.sanitize(String(text)) == "a\u{FFFD}b\u{FFFD}\u{FFFD}")
    }

    @Test func aJoinerBeforeACodePointNewerThanTerminalsIsRemoved() {
        // tmux 3.3 drops U+1FAE8 (Unicode 15) and joins the next character it draws, anywhere,
        // into the joiner's cell.
        let text = TerminalText.sanitize("😀\u{200D}\u{1FAE8}")
        #expect(!text.unicodeScalars.contains { $0.value == 0x200D })
        #expect(TerminalText.sanitize("a\u{200D}\u{11F00}b").unicodeScalars.map(\.value) == [0x61, 0x11F00, 0x62])
        #expect(TerminalText.sanitize("👨\u{200D}👩") == "👨\u{200D}👩", "a sequence tmux knows keeps its joiner")
    }
}
