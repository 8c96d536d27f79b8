/// Tokens no one can guess: 32 bytes from the system's secure generator, as 64 hex digits.
enum RandomToken {
    /// A new token.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        text.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        return text
    }
}
