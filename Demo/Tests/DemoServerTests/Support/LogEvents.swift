import Logging

/// A logger whose messages (at debug level and above) arrive on an async stream, so a test can wait
/// for the server to reach a point without sleeping.
struct LogEvents: Sendable {
    let logger: Logger
    let messages: AsyncStream<String>

    init() {
        let (messages, continuation) = AsyncStream<String>.makeStream()
        var logger = Logger(label: "DemoServerTests") { _ in StreamingLogHandler(continuation: continuation) }
        logger.logLevel = .debug
        self.logger = logger
        self.messages = messages
    }

    /// Returns once a message equal to `message` was logged.
    func waitFor(_ message: String) async {
        for await logged in messages where logged == message {
            return
        }
    }
}

/// Sends each message's text to a continuation.
private struct StreamingLogHandler: LogHandler {
    let continuation: AsyncStream<String>.Continuation
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .debug

    func log(event: LogEvent) {
        continuation.yield(event.message.description)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}
