/// Makes text from data safe to draw on a terminal.
///
/// A user's name containing `ESC[2J` must never clear the screen, and a bidi override must
/// never reorder what follows it: every string a ``Frame`` draws goes through ``sanitize(_:)``.
public enum TerminalText {
    /// The visible stand-in for a removed control character.
    public static let replacement: Character = "\u{FFFD}"

    /// `text` with ESC, C0 and C1 controls, DEL and bidi controls replaced by `�`, and tabs and
    /// line breaks replaced by a space.
    public static func sanitize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D:
                result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                result.append("\u{FFFD}")
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `text` is already safe to draw.
    public static func isSafe(_ text: String) -> Bool {
        sanitize(text) == text
    }
}
