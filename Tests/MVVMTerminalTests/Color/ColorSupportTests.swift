import MVVMTerminal
import Testing

/// Which colours a terminal shows, from the environment, and how each colour is written for it.
@Suite struct ColorSupportTests {
    @Test("The environment says which colours a terminal shows", arguments: [
        ([:], ColorSupport.palette256),
        (["TERM": "xterm-256color"], .palette256),
        (["TERM": "screen"], .palette256),
        (["COLORTERM": "truecolor"], .trueColor),
        (["COLORTERM": "24bit", "TERM": "xterm"], .trueColor),
        (["COLORTERM": "TrueColor"], .trueColor),
        (["COLORTERM": "yes"], .palette256),
        (["NO_COLOR": "1", "COLORTERM": "truecolor"], ColorSupport.none),
        (["NO_COLOR": "", "COLORTERM": "truecolor"], .trueColor),   // empty: not set (no-color.org)
        (["TERM": "dumb", "COLORTERM": "truecolor"], ColorSupport.none),
    ] as [([String: String], ColorSupport)])
    func detect(environment: [String: String], expected: ColorSupport) {
        #expect(ColorSupport.detect(environment: environment) == expected)
    }

    @Test func aTrueColourTerminalGetsTheColourAsIs() {
        let style = Style(foreground: .rgb(red: 255, green: 128, blue: 0), background: .rgb(red: 1, green: 2, blue: 3))
        #expect(style.sgr(for: .trueColor) == "\u{1B}[0;38;2;255;128;0;48;2;1;2;3m")
        #expect(style.sgr == style.sgr(for: .trueColor))
    }

    @Test("Others get the nearest of the 256-colour palette: the cube, or the grey ramp", arguments: [
        (UInt8(255), UInt8(0), UInt8(0), 196),     // pure red: cube (5, 0, 0)
        (0, 0, 0, 16),                            // black: the cube's corner
        (255, 255, 255, 231),                     // white: the cube's corner
        (128, 128, 128, 244),                     // mid grey: the ramp (8 + 10 × 12 = 128)
        (95, 135, 175, 67),                       // exactly a cube colour: (1, 2, 3)
        (240, 240, 240, 255),                     // light grey, past the cube's 215 and 255 steps
    ] as [(UInt8, UInt8, UInt8, Int)])
    func palette(red: UInt8, green: UInt8, blue: UInt8, index: Int) {
        let style = Style(foreground: .rgb(red: red, green: green, blue: blue))
        #expect(style.sgr(for: .palette256) == "\u{1B}[0;38;5;\(index)m")
    }

    @Test func withoutColourOnlyAttributesAreWritten() {
        let style = Style(foreground: .red, background: .rgb(red: 9, green: 9, blue: 9), bold: true, inverse: true)
        #expect(style.sgr(for: .none) == "\u{1B}[0;1;7m")
        #expect(style.sgr(for: .palette256) == "\u{1B}[0;1;7;31;48;5;232m")
    }

    @Test func theStandardColoursAreWrittenAsBefore() {
        #expect(Style(foreground: .yellow, background: .blue).sgr == "\u{1B}[0;33;44m")
        #expect(Style.Color.standardColors.count == 8)
    }

    @Test func theRendererWritesColoursAsTheFrameSaysTheTerminalShowsThem() {
        var frame = Frame(width: 2, height: 1)
        frame[0, 0] = Cell("▀", style: Style(foreground: .rgb(red: 255, green: 0, blue: 0)))
        frame.colorSupport = .palette256
        #expect(FrameRenderer.renderText(from: nil, to: frame).contains("\u{1B}[0;38;5;196m▀"))
        frame.colorSupport = .none
        let plain = FrameRenderer.renderText(from: nil, to: frame)
        #expect(!plain.contains("38;"))
        // A frame for other colours than the last is written whole.
        var before = frame
        before.colorSupport = .trueColor
        #expect(FrameRenderer.renderText(from: before, to: frame).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }
}
