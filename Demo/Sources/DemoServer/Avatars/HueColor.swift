/// Colours of one saturation and brightness, by hue, in integer arithmetic (no floating point,
/// so every platform gives the same bytes): dark enough to stand out on a light background.
enum HueColor {
    /// The strongest channel of every colour.
    static let high = 190
    /// The weakest channel of every colour.
    static let low = 50

    /// The colour of `hue` degrees (0 red, 120 green, 240 blue; taken modulo 360).
    static func color(hue: Int) -> RGBImage.Color {
        let degrees = ((hue % 360) + 360) % 360
        let sector = degrees / 60
        let rising = low + (high - low) * (degrees % 60) / 60
        let falling = high - (high - low) * (degrees % 60) / 60
        let (red, green, blue) = switch sector {
        case 0: (high, rising, low)
        case 1: (falling, high, low)
        case 2: (low, high, rising)
        case 3: (low, falling, high)
        case 4: (rising, low, high)
        default: (high, low, falling)
        }
        return RGBImage.Color(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
    }
}
