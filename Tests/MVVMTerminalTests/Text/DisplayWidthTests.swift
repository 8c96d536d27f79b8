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
