import MVVMTerminal

/// A bad option value, described in one sentence. The sentence quotes what the user typed, so it
/// is made safe for a terminal (`TerminalText.sanitize`): an escape sequence in an argument is
/// shown as `�`, never acted on.
struct CommandLineError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = TerminalText.sanitize(description)
    }
}
