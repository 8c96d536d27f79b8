/// How a cell looks: colours (the eight standard ones, or 24-bit) and text attributes.
///
/// Styles are values; the renderer compares them to write SGR sequences only when the style
/// changes between consecutive cells.
public struct Style: Hashable, Sendable {
    /// A colour: one of the eight standard terminal colours (SGR 30–37 / 40–47), or any
    /// 24-bit colour (``rgb(red:green:blue:)``), which the renderer writes as the terminal can
    /// show it (``ColorSupport``).
    public struct Color: Hashable, Sendable {
        enum Value: Hashable, Sendable {
            case standard(UInt8)
            case rgb(UInt8, UInt8, UInt8)
        }

        let value: Value

        /// Black.
        public static let black = Color(value: .standard(0))
        /// Red.
        public static let red = Color(value: .standard(1))
        /// Green.
        public static let green = Color(value: .standard(2))
        /// Yellow.
        public static let yellow = Color(value: .standard(3))
        /// Blue.
        public static let blue = Color(value: .standard(4))
        /// Magenta.
        public static let magenta = Color(value: .standard(5))
        /// Cyan.
        public static let cyan = Color(value: .standard(6))
        /// White.
        public static let white = Color(value: .standard(7))

        /// The eight standard colours, black to white.
        public static let standardColors: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

        /// A 24-bit colour: written as such to a true-colour terminal, as the nearest of the
        /// 256-colour palette to others (``ColorSupport/palette256``).
        public static func rgb(red: UInt8, green: UInt8, blue: UInt8) -> Color {
            Color(value: .rgb(red, green, blue))
        }

        /// The SGR parameters that set this colour as the text colour (`foreground`) or the
        /// background on a terminal with `support`; `nil` without colour.
        func sgrParameters(foreground: Bool, support: ColorSupport) -> String? {
            switch (value, support) {
            case (_, .none):
                return nil
            case (.standard(let index), _):
                return String((foreground ? 30 : 40) + Int(index))
            case (.rgb(let red, let green, let blue), .trueColor):
                return "\(foreground ? 38 : 48);2;\(red);\(green);\(blue)"
            case (.rgb(let red, let green, let blue), .palette256):
                return "\(foreground ? 38 : 48);5;\(ColorSupport.paletteIndex(red: red, green: green, blue: blue))"
            }
        }
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

    /// The SGR sequence that resets attributes and then sets this style, e.g. `ESC[0;1;31m`, as a
    /// true-colour terminal shows it.
    public var sgr: String { sgr(for: .trueColor) }

    /// The SGR sequence that resets attributes and then sets this style on a terminal with
    /// `support`: 24-bit colours become the nearest of 256 on ``ColorSupport/palette256``, and no
    /// colour is written at all on ``ColorSupport/none`` (`NO_COLOR`, `TERM=dumb`).
    public func sgr(for support: ColorSupport) -> String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if inverse { codes.append("7") }
        if let code = foreground?.sgrParameters(foreground: true, support: support) { codes.append(code) }
        if let code = background?.sgrParameters(foreground: false, support: support) { codes.append(code) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
