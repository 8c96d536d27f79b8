/// Converts whole degrees Celsius to the API's Fahrenheit text: `"84.2"`, `"68"`.
enum Fahrenheit {
    /// `celsius × 1.8 + 32` with one decimal, the decimal left out when it is zero; computed in
    /// tenths so no floating-point rounding shows.
    static func text(fromCelsius celsius: Int) -> String {
        let tenths = celsius * 18 + 320
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        let whole = magnitude / 10
        let decimal = magnitude % 10
        return decimal == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(decimal)"
    }
}
