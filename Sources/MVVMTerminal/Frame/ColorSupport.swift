/// Which colours a terminal shows: what the renderer writes for a ``Style/Color``, and what a
/// screen draws where colour is what carries the meaning (a picture; its fallback is text).
///
/// ``detect(environment:)`` reads the conventions terminals and users set:
/// - `NO_COLOR` set to anything but the empty string (<https://no-color.org>), or `TERM=dumb`:
///   ``none``;
/// - `COLORTERM=truecolor` or `24bit`: ``trueColor``;
/// - anything else: ``palette256`` (every terminal in use today shows the 256-colour palette;
///   the eight standard colours are written as such everywhere).
public enum ColorSupport: Hashable, Sendable {
    /// No colour: attributes (bold, inverse, underline) only.
    case none
    /// The 256-colour palette: 24-bit colours are written as the nearest of it.
    case palette256
    /// 24-bit colour.
    case trueColor

    /// The support a terminal announces through `environment` (the process's, in a session).
    public static func detect(environment: [String: String]) -> ColorSupport {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        if environment["TERM"] == "dumb" { return .none }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor"?, "24bit"?: return .trueColor
        default: return .palette256
        }
    }

    /// The xterm 256-colour palette entry nearest `red`, `green`, `blue`: of the 6×6×6 cube
    /// (16–231) and the grey ramp (232–255), by squared distance.
    static func paletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            var best = 0
            for index in levels.indices where abs(levels[index] - Int(value)) < abs(levels[best] - Int(value)) { best = index }
            return best
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = (levels[r], levels[g], levels[b])
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        func distance(_ to: (Int, Int, Int)) -> Int {
            let dr = to.0 - Int(red), dg = to.1 - Int(green), db = to.2 - Int(blue)
            return dr * dr + dg * dg + db * db
        }
        return distance((grey, grey, grey)) < distance(cube) ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }
}
