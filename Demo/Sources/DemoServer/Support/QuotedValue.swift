/// How an error message quotes a value the client sent.
enum QuotedValue {
    /// The most characters of a client's value an error message repeats.
    static let maximumCharacters = 64

    /// `text` as an error message quotes it: whole when short, else its first
    /// ``maximumCharacters`` characters and "…", so an answer never echoes a huge input.
    static func excerpt(_ text: String) -> String {
        guard text.count > maximumCharacters else { return text }
        return String(text.prefix(maximumCharacters)) + "…"
    }
}
