/// A bad option value, described in one sentence.
struct CommandLineError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
