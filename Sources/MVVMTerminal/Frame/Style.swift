/// How a cell looks: colours from a small palette and text attributes.
///
/// Styles are values; the renderer compares them to write SGR sequences only when the style
/// changes between consecutive cells.
public struct Style: Hashable, Sendable {
    /// The eight standard terminal colours (SGR 30–37 / 40–47).
    public enum Color: UInt8, Hashable, Sendable, CaseIterable {
        /// Black.
        case black = 0
        /// Red.
        case red
        /// Green.
        case green
        /// Yellow.
        case yellow
        /// Blue.
        case blue
        /// Magenta.
        case magenta
        /// Cyan.
        case cyan
        /// White.
        case white
    }

    /// The text colour; `nil` is the terminal's default.
    public var foreground: Color?
    /// The background colour; `nil` is the terminal's default.
    public var background: Color?
    /// Bold (SGR 1).
    public var bold: Bool
    /// Dim (SGR 2).
    public var dim: Bool
    /// Inverse video (SGR 7), used for selections.
    public var inverse: Bool
    /// Underline (SGR 4).
    public var underline: Bool

    /// Creates a style; every attribute defaults to the terminal's default look.
    public init(
        foreground: Color? = nil,
        background: Color? = nil,
        bold: Bool = false,
        dim: Bool = false,
        inverse: Bool = false,
        underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.inverse = inverse
        self.underline = underline
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// The SGR sequence that resets attributes and then sets this style, e.g. `ESC[0;1;31m`.
    public var sgr: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if inverse { codes.append("7") }
        if let foreground { codes.append(String(30 + Int(foreground.rawValue))) }
        if let background { codes.append(String(40 + Int(background.rawValue))) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
