/// How many terminal columns text takes, as terminals draw it (the rules of `wcwidth`):
///
/// - **2** for East Asian Wide and Fullwidth characters (CJK, kana, Hangul syllables, fullwidth
///   forms, most emoji), from Unicode's East Asian Width property (`eastAsianWide`, generated
///   by `scripts/generate-display-width.py`);
/// - **0** for what terminals draw as nothing: combining marks (nonspacing and enclosing),
///   format characters and other default-ignorable code points (zero-width spaces and joiners,
///   U+2060 word joiner, U+FEFF, variation selectors), and Hangul medial vowels and final
///   consonants; except the soft hyphen and the Hangul fillers, which terminals draw;
/// - **1** for everything else, East Asian Ambiguous characters included.
///
/// A grapheme takes the columns of its widest scalar, so an emoji with a variation selector or
/// a letter with an accent is measured as one glyph. ``TerminalText/sanitize(_:)`` removes
/// graphemes that would take no column at all, so every drawn grapheme takes at least one.
public enum DisplayWidth {
    /// The columns one grapheme takes: the widest of its scalars, at least 1.
    public static func columns(of character: Character) -> Int {
        max(1, widest(character))
    }

    /// The columns a whole string takes.
    public static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// Whether a terminal draws `character` as nothing (every scalar in it is zero-width).
    public static func isInvisible(_ character: Character) -> Bool {
        widest(character) == 0
    }

    /// The columns one scalar takes on its own: 0, 1 or 2.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        if isZeroWidth(scalar) { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    private static func widest(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { max($0, columns(of: $1)) }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x115F, 0x3164, 0xFFA0:
            return false   // soft hyphen, Hangul fillers: default-ignorable, but drawn
        case 0x1160...0x11FF:
            return true    // Hangul medial vowels and final consonants join the syllable
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return true
            default: return scalar.properties.isDefaultIgnorableCodePoint
            }
        }
    }

    /// Binary search in the sorted `eastAsianWide` ranges.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = eastAsianWide.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = eastAsianWide[middle]
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
