extension StateStore where State: Sendable {
    /// The current state, then each change, as an async sequence.
    ///
    /// Nothing is dropped: every state an ``update(_:)`` produces is buffered until read. The
    /// sequence ends when the store is deallocated; stop iterating to stop observing.
    ///
    /// ```swift
    /// for await state in viewModel.states {
    ///     render(state)
    /// }
    /// ```
    public var states: AsyncStream<State> {
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
