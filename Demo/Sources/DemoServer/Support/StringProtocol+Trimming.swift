extension StringProtocol {
    /// The text without leading and trailing ASCII spaces and tabs.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return String(self[start...end])
    }

    /// Splits at the first `separator`: the text before it (trimmed) and the text after it (trimmed),
    /// or the whole text and `nil` when there is no separator.
    func splitOnce(_ separator: Character) -> (String, String?) {
        guard let index = firstIndex(of: separator) else { return (trimmingASCIIWhitespace(), nil) }
        return (self[..<index].trimmingASCIIWhitespace(), self[self.index(after: index)...].trimmingASCIIWhitespace())
    }
}
