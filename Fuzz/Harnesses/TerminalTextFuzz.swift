// Fuzz target `terminal-text`: MVVMTerminal's TerminalText.sanitize and DisplayWidth.
//
// The input is any bytes, read as UTF-8 with `String(decoding:as:)` (invalid bytes become U+FFFD,
// as they do for text from data). Properties, from TerminalText's and DisplayWidth's documentation:
// - sanitized text has no C0 control, ESC, DEL, C1 control, bidi control, line or paragraph
//   separator, tab or line break;
// - every grapheme of sanitized text is visible and takes at least 1 column, at most 2 per
//   scalar (sanitize removes graphemes a terminal draws as nothing);
// - the width of any text is never negative and is the sum of its graphemes' widths; every
//   scalar takes 0, 1 or 2 columns;
// - sanitized text is safe: `isSafe(sanitize(x))`, so sanitizing twice changes nothing;
// - every scalar takes the columns glibc's `wcwidth` gives it (in C.UTF-8: what tmux, xterm and
//   VTE draw by, an implementation independent of ours), for the code points both know
//   (Unicode 14.0 and older; `wcwidth` says -1 for what it does not know or for a control).
//   Deliberate differences: U+0000 (glibc 0; a control, which sanitize replaces) and U+1171E
//   AHOM CONSONANT SIGN MEDIAL RA (glibc 0, a nonspacing mark in the Unicode it knows; 1 here,
//   a spacing mark in Swift's newer Unicode, and so uncertain: its rows are drawn whole).

#if canImport(Glibc)
import Glibc

/// glibc's `wcwidth` in C.UTF-8, or nil when that locale is missing (then nothing is compared).
/// Swift's Glibc module does not export `wcwidth`, so it is looked up in the process.
private func glibcWidths() -> ((Unicode.Scalar) -> Int?)? {
    typealias WCWidth = @convention(c) (Int32) -> Int32
    guard setlocale(LC_CTYPE, "C.UTF-8") != nil,
          let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "wcwidth") else { return nil }
    let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
    return { scalar in
        let width = Int(wcwidth(Int32(bitPattern: scalar.value)))
        return width >= 0 ? width : nil
    }
}
#else
private func glibcWidths() -> ((Unicode.Scalar) -> Int?)? { nil }
#endif

private let deliberateDifferences: Set<UInt32> = [0x0000, 0x1171E]

private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true                                    // C0 (ESC, tab, CR, LF), DEL, C1
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true    // bidi controls
    case 0x2028, 0x2029: true                                              // line and paragraph separators
    default: false
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    let glibcWidth = glibcWidths()
    for scalar in text.unicodeScalars {
        let columns = DisplayWidth.columns(of: scalar)
        invariant((0...2).contains(columns), "scalar U+\(String(scalar.value, radix: 16)) width")
        if let glibcWidth, let age = scalar.properties.age, age.major <= 14,
           !deliberateDifferences.contains(scalar.value), let theirs = glibcWidth(scalar) {
            invariant(columns == theirs, "U+\(String(scalar.value, radix: 16, uppercase: true)) takes \(columns) columns, glibc's wcwidth says \(theirs)")
        }
    }
    let rawWidth = DisplayWidth.columns(of: text)
    invariant(rawWidth >= 0, "negative width \(rawWidth)")
    invariant(rawWidth == text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }, "width of text != sum of graphemes")

    let safe = TerminalText.sanitize(text)
    for scalar in safe.unicodeScalars {
        invariant(!isForbidden(scalar), "sanitized text keeps U+\(String(scalar.value, radix: 16)): \(safe.debugDescription)")
    }
    var sum = 0
    for character in safe {
        let columns = DisplayWidth.columns(of: character)
        invariant(!DisplayWidth.isInvisible(character), "sanitized text keeps an invisible grapheme \(character.debugDescription)")
        invariant(columns >= 1 && columns <= 2 * character.unicodeScalars.count, "grapheme \(character.debugDescription) takes \(columns) columns")
        sum += columns
    }
    let width = DisplayWidth.columns(of: safe)
    invariant(width >= 0, "negative width \(width)")
    invariant(width == sum, "width \(width) != sum of grapheme widths \(sum) for \(safe.debugDescription)")
    invariant(DisplayWidth.columns(of: safe[...]) == width, "a Substring measures differently")
    invariant(TerminalText.isSafe(safe), "sanitize is not idempotent: \(safe.debugDescription) → \(TerminalText.sanitize(safe).debugDescription)")
    return 0
}
