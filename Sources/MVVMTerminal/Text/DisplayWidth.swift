/// How many terminal columns text takes, as terminals draw it.
///
/// A terminal does not measure graphemes: it advances the cursor by each code point's `wcwidth`
/// and draws zero-width code points onto the cell before them. So a grapheme takes the **sum**
/// of its scalars' columns. One scalar takes:
///
/// - **2** for East Asian Wide and Fullwidth characters (CJK, kana, Hangul syllables, fullwidth
///   forms, most emoji), from Unicode's East Asian Width property (`eastAsianWide`, generated
///   by `scripts/generate-display-width.py`, with the two blocks glibc also makes wide);
/// - **0** for what terminals draw as nothing or onto the cell before: combining marks
///   (nonspacing and enclosing), format characters and other default-ignorable code points
///   (zero-width spaces and joiners, U+2060 word joiner, U+FEFF, variation selectors), Hangul
///   medial vowels and final consonants; except the soft hyphen, the Hangul fillers and the
///   prepended concatenation marks (U+0600 Arabic number sign…), which terminals draw;
/// - **1** for everything else: East Asian Ambiguous characters, spacing marks (Thai, Indic
///   vowel signs) and regional indicators (a flag is two: two columns) included.
///
/// One exception, tmux's: a scalar after a ZERO WIDTH JOINER is drawn into the joiner's cell,
/// so an emoji ZWJ sequence takes the columns of its first emoji (`👨‍👩‍👧` is 2).
///
/// These are the widths of glibc's `wcwidth`, which tmux, xterm and VTE draw by, checked code
/// point by code point in `DisplayWidthTableTests` and by the `terminal-text` fuzz target.
/// Newer terminals measure some graphemes differently (an emoji with U+FE0F, a skin tone, a
/// spacing mark): those graphemes are ``isUncertain(_:)``, and ``FrameRenderer`` draws their
/// rows so that either answer leaves no stale cell. The cases, with each terminal's answer,
/// are listed in the *Widths* section of the MVVMTerminal documentation.
public enum DisplayWidth {
    /// The columns one grapheme takes: the sum of its scalars' (a scalar after a zero-width
    /// joiner adding none), at least 1.
    public static func columns(of character: Character) -> Int {
        max(1, sum(character))
    }

    /// The columns a whole string takes.
    public static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// Whether a terminal draws `character` as nothing (every scalar in it is zero-width).
    public static func isInvisible(_ character: Character) -> Bool {
        sum(character) == 0
    }

    /// The columns one scalar takes on its own: 0, 1 or 2.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x0300 { return 1 }   // no mark, format or wide character before U+0300
        if isZeroWidth(scalar) { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    private static func sum(_ character: Character) -> Int {
        var total = 0
        var afterJoiner = false
        for scalar in character.unicodeScalars {
            if scalar.value == 0x200D {
                afterJoiner = true
            } else if afterJoiner {
                afterJoiner = false   // drawn into the joiner's cell
            } else {
                total += columns(of: scalar)
            }
        }
        return total
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x3096, 0x30A0...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return false   // kana, CJK, Hangul syllables (the common case, without a table lookup)
        case 0x00AD, 0x115F, 0x3164, 0xFFA0:
            return false   // soft hyphen, Hangul fillers: default-ignorable, but drawn
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD:
            return false   // prepended concatenation marks: format characters with a glyph
        case 0x1160...0x11FF, 0xD7B0...0xD7FF:
            return true    // Hangul medial vowels and final consonants join the syllable
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return true
            default: return scalar.properties.isDefaultIgnorableCodePoint
            }
        }
    }

    /// Binary search in the sorted `eastAsianWide` ranges.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return contains(value, in: eastAsianWide)
    }

    /// Whether `value` lies in one of `ranges` (sorted, disjoint).
    static func contains(_ value: UInt32, in ranges: [ClosedRange<UInt32>]) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}

/// The wide table, for the package's tests.
package enum DisplayWidthProbe {
    /// ``DisplayWidth/eastAsianWide``.
    package static var eastAsianWideRanges: [ClosedRange<UInt32>] { DisplayWidth.eastAsianWide }
}
