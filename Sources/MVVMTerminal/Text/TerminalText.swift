/// Makes text from data safe to draw on a terminal.
///
/// A user's name containing `ESC[2J` must never clear the screen, and a bidi override must
/// never reorder what follows it: every string a ``Frame`` draws goes through ``sanitize(_:)``,
/// and a ``Cell`` stored through ``Frame/subscript(_:_:)`` whose character holds a control is
/// stored as ``replacement``.
public enum TerminalText {
    /// The visible stand-in for a removed control character.
    public static let replacement: Character = "\u{FFFD}"

    /// `text` made safe and measurable:
    ///
    /// - ESC, C0 and C1 controls, DEL, bidi controls and noncharacters (U+FDD0…, U+FFFE, which
    ///   terminals draw as nothing) become `�` (visible, one column);
    /// - tabs, line breaks and the Unicode line and paragraph separators become a space;
    /// - graphemes a terminal draws as nothing (a zero-width space, U+2060, U+FEFF, a combining
    ///   mark with no base: ``DisplayWidth/isInvisible(_:)``) are removed, so that every column a
    ///   ``Frame`` counts is a column the terminal draws;
    /// - what a terminal would draw onto the neighbouring grapheme is removed: zero-width
    ///   scalars before a grapheme's first drawn one, and a ZERO WIDTH JOINER that ends a
    ///   grapheme (tmux draws whatever follows it into the joiner's cell, so `a‍😀` would take
    ///   one column instead of three). A joiner inside an emoji sequence stays, unless what
    ///   follows it is newer than Unicode 14.0: tmux 3.3 drops a code point it does not know and
    ///   then joins the next one it draws, anywhere on the screen, into the joiner's cell.
    ///
    /// Text with nothing to change (no control, no zero-width scalar) is returned as is.
    public static func sanitize(_ text: String) -> String {
        if isClean(text) { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                scalars.append(" ")
            default:
                let replaced = isControl(scalar) || scalar.properties.isNoncharacterCodePoint
                scalars.append(replaced ? "\u{FFFD}" : scalar)
            }
        }
        // Removing a joiner can join its neighbours into a new grapheme: tidy until nothing moves.
        var result = String(scalars)
        for _ in 0..<4 {
            let tidied = tidyGraphemes(result)
            if tidied == result { break }
            result = tidied
        }
        return result
    }

    /// Text for a one-line field from a paste (``Key/paste(_:)``): the line breaks at either end
    /// dropped (a copied line often ends with one), the rest as ``sanitize(_:)`` makes it.
    public static func singleLine(_ text: String) -> String {
        let lineBreaks: Set<Character> = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"]
        let trimmed = text.drop { lineBreaks.contains($0) }.reversed().drop { lineBreaks.contains($0) }.reversed()
        return sanitize(String(trimmed))
    }

    /// Text of several lines (a command's usage and error) made safe line by line: each line as
    /// ``sanitize(_:)`` makes it, with the `\n` between lines kept, so the text still reads as
    /// lines and no line can act on the terminal.
    public static func sanitizeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitize(String($0)) }.joined(separator: "\n")
    }

    /// Whether no rule of ``sanitize(_:)`` applies: no control and no zero-width scalar (the
    /// grapheme rules only ever remove zero-width scalars).
    private static func isClean(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F: return false
            case 0x20..<0x0300: continue
            default:
                if isControl(scalar) || scalar.properties.isNoncharacterCodePoint || DisplayWidth.columns(of: scalar) == 0 {
                    return false
                }
            }
        }
        return true
    }

    /// One pass of the grapheme rules of ``sanitize(_:)``.
    private static func tidyGraphemes(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for character in text {
            let graphemeScalars = character.unicodeScalars
            if character.isASCII || graphemeScalars.count == 1 {
                if !DisplayWidth.isInvisible(character) { scalars.append(contentsOf: graphemeScalars) }
                continue
            }
            var kept = Array(graphemeScalars)
            while let first = kept.first, DisplayWidth.columns(of: first) == 0 { kept.removeFirst() }
            while kept.last?.value == 0x200D { kept.removeLast() }
            for index in kept.indices.dropLast().reversed()
            where kept[index].value == 0x200D && DisplayWidth.isNewerThanTerminals(kept[index + 1]) {
                kept.remove(at: index)
            }
            scalars.append(contentsOf: kept)
        }
        return String(scalars)
    }

    /// Whether a terminal would act on `scalar` instead of drawing it: C0 and C1 controls (tabs
    /// and line breaks included), DEL, the Unicode line and paragraph separators, and bidi
    /// controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `text` is already safe to draw.
    public static func isSafe(_ text: String) -> Bool {
        sanitize(text) == text
    }
}
