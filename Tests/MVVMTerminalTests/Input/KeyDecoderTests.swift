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
}
