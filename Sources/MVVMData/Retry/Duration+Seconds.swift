import Foundation

extension Duration {
    /// The duration in seconds, as a `TimeInterval`: to the attosecond a `Double` holds.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
