extension DisplayWidth {
    /// Whether terminals disagree on the columns `character` takes, so that drawing it may move
    /// the cursor by something other than ``columns(of:)-(Character)``.
    ///
    /// Terminals that measure code point by code point (tmux 3.3, xterm, VTE; glibc's
    /// `wcwidth`) and terminals that measure graphemes (kitty, WezTerm, tmux 3.4 and later,
    /// Python's `wcwidth` package) agree on a grapheme that is one scalar plus nonspacing or
    /// enclosing marks. They differ on:
    ///
    /// - any other grapheme of several scalars: an emoji with U+FE0F (`☀️`: 1 or 2), a skin
    ///   tone (`👍🏽`: 4 or 2), a ZWJ sequence (`👨‍👩‍👧`: 2, or 6 in xterm), a spacing mark
    ///   (`น้ำ`: 2 or 1), a keycap, a flag;
    /// - a scalar whose width the two kinds of table give differently (`uncertainScalars`: the
    ///   Yijing trigrams, the Hangul fillers, a lone regional indicator…) or a spacing mark
    ///   on its own;
    /// - a scalar newer than Unicode 14.0, the version Debian 12's glibc and tmux know: an
    ///   older terminal draws it in no column at all.
    ///
    /// ``FrameRenderer`` rewrites a whole row holding such a grapheme (after erasing it) and
    /// places the cursor absolutely after each one, so the row looks the same whichever answer
    /// the terminal gives, and nothing of an earlier frame stays behind.
    public static func isUncertain(_ character: Character) -> Bool {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        guard var next = scalars.next() else { return isUncertain(first) }
        if isUncertain(first) { return true }
        while true {
            switch next.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                if isVariationSelector(next) { return true }
            default:
                return true
            }
            guard let after = scalars.next() else { return false }
            next = after
        }
    }

    private static func isUncertain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0x0300, 0x3041...0x3096, 0x30A0...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return false   // Latin, kana, CJK, Hangul syllables: every table agrees
        default:
            if contains(scalar.value, in: uncertainScalars) { return true }
            if scalar.properties.generalCategory == .spacingMark { return true }
            return isNewerThanTerminals(scalar)
        }
    }

    /// Whether `scalar` is unassigned, or was assigned after Unicode 14.0 (the version Debian
    /// 12's glibc, and so tmux 3.3, know): such a terminal draws it in no column at all.
    static func isNewerThanTerminals(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return true }
        return age.major > 14
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: true
        default: false
        }
    }

    /// Code points glibc's `wcwidth` and Python's `wcwidth` 0.7 (Unicode 17) measure
    /// differently, besides spacing marks and code points glibc does not know: found by
    /// comparing the two over every code point (see the *Widths* documentation).
    static let uncertainScalars: [ClosedRange<UInt32>] = [
        0x2630...0x2637, 0x268A...0x268F, 0x3164...0x3164, 0x3248...0x324F,
        0xFFA0...0xFFA0, 0x1D300...0x1D356, 0x1D360...0x1D376, 0x1F1E6...0x1F1FF,
    ]
}
