import MVVMLocking

/// The signal that ended a ``TerminalSession``, shared between the session and its
/// signal handlers (which run on a global queue): the first signal is recorded and ends every
/// key stream, so that ``TerminalApp/run()`` returns and the program can clean up.
final class SessionTermination: Sendable {
    private struct State {
        var signal: Int32?
        var keyStreams: [AsyncStream<Key>.Continuation] = []
    }

    private let state = Lock(State())

    /// The signal that ended the session, if one did.
    var signal: Int32? { state.withLock { $0.signal } }

    /// Ends `keyStream` when a signal arrives; at once if one already did.
    func endOnSignal(_ keyStream: AsyncStream<Key>.Continuation) {
        let alreadyEnded = state.withLock { state in
            if state.signal == nil { state.keyStreams.append(keyStream) }
            return state.signal != nil
        }
        if alreadyEnded { keyStream.finish() }
    }

    /// Records `signal` (the first one only) and ends the key streams. Returns whether this was
    /// the first signal.
    @discardableResult
    func end(by signal: Int32) -> Bool {
        let streams: [AsyncStream<Key>.Continuation]? = state.withLock { state in
            guard state.signal == nil else { return nil }
            state.signal = signal
            defer { state.keyStreams = [] }
            return state.keyStreams
        }
        guard let streams else { return false }
        // Finished outside the lock: finishing resumes the stream's consumer.
        for stream in streams { stream.finish() }
        return true
    }
}
