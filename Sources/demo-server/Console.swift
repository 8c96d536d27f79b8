import Foundation

/// Unbuffered writes to standard output and standard error, so a line shows at once even when
/// the output is a pipe.
enum Console {
    /// Writes `text` to `handle`.
    static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
