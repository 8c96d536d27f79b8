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
    /// - ESC, C0 and C1 controls, DEL and bidi controls become `�` (visible, one column);
    /// - tabs, line breaks and the Unicode line and paragraph separators become a space;
    /// - graphemes a terminal draws as nothing (a zero-width space, U+2060, U+FEFF, a combining
    ///   mark with no base: ``DisplayWidth/isInvisible(_:)``) are removed, so that every column a
    ///   ``Frame`` counts is a column the terminal draws.
    public static func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                scalars.append(" ")
            default:
                scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        var result = String(scalars)
        result.removeAll(where: DisplayWidth.isInvisible)
        return result
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
