import MVVMTerminal
import Testing

struct KeyDecoderTests {
    private func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    @Test func asciiAndControls() {
        #expect(decode(Array("aZ 1".utf8)) == [.character("a"), .character("Z"), .character(" "), .character("1")])
        #expect(decode([0x0D, 0x0A, 0x09, 0x7F, 0x08, 0x03, 0x01]) == [
            .enter, .enter, .tab, .backspace, .backspace, .control("c"), .control("a"),
        ])
    }

    @Test func arrowsAndEditingKeys() {
        #expect(decode(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(decode(Array("\u{1B}OA\u{1B}OH\u{1B}OF".utf8)) == [.up, .home, .end])
        #expect(decode(Array("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[1~\u{1B}[4~\u{1B}[H\u{1B}[F\u{1B}[Z".utf8)) == [
            .pageUp, .pageDown, .delete, .home, .end, .home, .end, .backTab,
        ])
        #expect(decode(Array("\u{1B}[1;5A".utf8)) == [.up])
        #expect(decode(Array("\u{1B}[99~x".utf8)) == [.character("x")])
    }

    @Test func utf8JapaneseAndEmoji() {
        #expect(decode(Array("山田ｱé👍".utf8)) == [
            .character("山"), .character("田"), .character("ｱ"), .character("é"), .character("👍"),
        ])
    }

    @Test func partialSequencesAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("あ".utf8)  // E3 81 82
        #expect(decoder.decode(bytes[0..<1]) == [])
        #expect(decoder.decode(bytes[1..<2]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.decode(bytes[2..<3]) == [.character("あ")])
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.decode([0x41, 0x62]) == [.up, .character("b")])
        #expect(!decoder.hasPending)
    }

    @Test func loneEscapeIsPendingUntilFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
        #expect(decoder.decode([0x1B, 0x71]) == [.escape, .character("q")])
        #expect(decoder.decode([0x1B, 0x1B, 0x5B, 0x42]) == [.escape, .down])
    }

    @Test func invalidUTF8BecomesReplacement() {
        #expect(decode([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
        #expect(decode([0xE3, 0x61]) == [.character("\u{FFFD}"), .character("a")])
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xE3, 0x81]) == [])
        #expect(decoder.flush() == [.character("\u{FFFD}"), .character("\u{FFFD}")])
    }

    /// A bracketed paste is text, never keys: `y`, Enter and an escape sequence inside it press
    /// nothing (issue 41, N6).
    @Test func aBracketedPasteIsTextNotKeys() {
        #expect(decode(Array("a\u{1B}[200~y\r\u{1B}[A山\u{1B}[201~b".utf8)) == [
            .character("a"), .paste("y\r\u{1B}[A山"), .character("b"),
        ])
        #expect(decode(Array("\u{1B}[200~\u{1B}[201~q".utf8)) == [.character("q")], "an empty paste is nothing")
    }

    /// Split anywhere across reads, even inside its end mark or a character, a paste comes out
    /// as the same text, in order, and nothing after it is pasted.
    @Test func aPasteSplitAcrossReadsKeepsItsTextAndEnds() {
        let bytes = Array("\u{1B}[200~ab山田\u{1B}[201~y".utf8)
        for cut in 1..<bytes.count {
            for second in cut..<bytes.count {
                var decoder = KeyDecoder()
                let keys = decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut..<second]) + decoder.decode(bytes[second...])
                let pasted = keys.compactMap { key -> String? in if case .paste(let text) = key { text } else { nil } }.joined()
                #expect(pasted == "ab山田", "cut at \(cut) and \(second): \(keys)")
                #expect(keys.last == .character("y"), "cut at \(cut) and \(second): \(keys)")
                #expect(!decoder.hasPending)
            }
        }
    }

    /// A paste that has not ended goes on: a flush (an ESC at the end of a read) ends nothing,
    /// and what arrived is handed on without being held.
    @Test func aLongPasteIsHandedOnAsItArrives() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~yyy".utf8)) == [.paste("yyy")])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [], "the ESC may start the end mark")
        #expect(decoder.hasPending)
        #expect(decoder.decode(Array("[201~n".utf8)) == [.character("n")])
        var long = KeyDecoder()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        _ = long.decode(Array("\u{1B}[200~".utf8))
        for _ in 0..<100 { #expect(long.decode(chunk) == [.paste(String(repeating: "x", count: 4096))]) }
    }

    /// A paste whose end mark never comes cannot take the keyboard (issue 54, M2): Ctrl-C and
    /// Ctrl-Z end it and are keys, the text before them pasted; the bytes after them are keys.
    @Test func ctrlCAndCtrlZEndAPasteThatNeverEnds() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~half a pas".utf8)) == [.paste("half a pas")])
        #expect(decoder.decode([0x03]) == [.control("c")])
        #expect(!decoder.isPasting)
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
        var other = KeyDecoder()
        #expect(other.decode(Array("\u{1B}[200~ab\u{1A}q".utf8)) == [.paste("ab"), .control("z"), .character("q")])
    }

    /// A paste the input left idle ends (`endPaste`, which the session calls after
    /// `TerminalSession.unfinishedPasteLimit`): what it held back is keys (an Escape the user
    /// pressed), and so is what follows; outside a paste it does nothing.
    @Test func endingAPasteMakesTheHeldBytesAndWhatFollowsKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~abc".utf8)) == [.paste("abc")])
        #expect(decoder.decode([0x1B]) == [], "the ESC may start the end mark")
        #expect(decoder.endPaste() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
        #expect(decoder.endPaste() == [])
        #expect(TerminalSession.unfinishedPasteLimit == .seconds(1))
    }

    /// Alt+Enter (ESC CR in one read) is no key: never Escape then Enter, which on a sheet would
    /// close it and open the row below (issue 54, M8). An Escape on its own, and an Escape
    /// followed by another key, stay as they were.
    @Test func altEnterIsNotEscapeThenEnter() {
        #expect(decode([0x1B, 0x0D]) == [])
        #expect(decode([0x1B, 0x0A]) == [])
        #expect(decode([0x1B, 0x0D, 0x0D]) == [.enter], "Alt+Enter, then Enter")
        #expect(decode(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.decode([0x0D]) == [.enter], "Escape, then Enter in another read")
    }
}
