extension Int {
    /// Parses a non-empty run of ASCII digits (no sign, no spaces), or returns `nil`.
    init?(digitsOnly text: Substring) {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        self.init(text)
    }
}
