extension StateStore where State: Sendable {
    /// The current state, then each change (``ViewModel/states``, the public way, says how).
    package var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .unbounded)
        let id = side.makeFinisherID()
        let token = subscribe { continuation.yield($0) }
        side.finishers[id] = { continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in
                token.cancel()
                self?.sideIfMade?.finishers[id] = nil
            }
        }
        return stream
    }
}
