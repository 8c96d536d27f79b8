/// How many terminal columns text takes: East Asian Wide and Fullwidth characters (CJK, kana,
/// Hangul, fullwidth forms, most emoji) take 2, combining marks and zero-width characters 0,
/// everything else 1.
///
/// A small table of the main Unicode ranges, not the full East Asian Width property: ambiguous
/// characters count as 1.
public enum DisplayWidth {
    /// The columns one grapheme takes: the widest of its scalars, at least 1.
    public static func columns(of character: Character) -> Int {
        var widest = 0
        for scalar in character.unicodeScalars {
            widest = max(widest, columns(of: scalar))
        }
        return max(1, widest)
    }

    /// The columns a whole string takes.
    public static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns one scalar takes on its own: 0, 1 or 2.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if zeroWidth.contains(where: { $0.contains(value) }) { return 0 }
        if wide.contains(where: { $0.contains(value) }) { return 2 }
        return 1
    }

    /// Combining marks, variation selectors and zero-width format characters.
    private static let zeroWidth: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
        0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF, 0x3099...0x309A,
        0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF,
    ]

    /// East Asian Wide and Fullwidth blocks and the emoji blocks.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initials
        0x231A...0x231B, 0x23E9...0x23EC, 0x23F0...0x23F3, 0x25FD...0x25FE,
        0x2614...0x2615, 0x2648...0x2653, 0x26AA...0x26AB, 0x26BD...0x26BE,
        0x26C4...0x26C5, 0x26F2...0x26F5, 0x26FA...0x26FD, 0x2705...0x2705,
        0x270A...0x270B, 0x274C...0x274C, 0x2753...0x2755, 0x2795...0x2797,
        0x2E80...0x303E,  // CJK radicals, punctuation
        0x3041...0x33FF,  // kana, CJK symbols
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE30...0xFE4F,  // CJK compatibility forms
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F1E6...0x1F1FF,  // regional indicators (flags)
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x1F300...0x1F64F,  // pictographs, emoticons
        0x1F680...0x1F6FF,  // transport and map
        0x1F7E0...0x1F7EB,
        0x1F900...0x1FAFF,  // supplemental symbols and pictographs
        0x20000...0x3FFFD,  // CJK extensions B and later
    ]
}
