extension StateStore {
    /// Calls `handler` with each new state: the no-binding-framework way to observe.
    ///
    /// This is the article's `stateDidUpdate` closure, without its pitfalls: any number of
    /// observers, each called once per ``update(_:)``, synchronously and in registration order,
    /// until the returned token is cancelled or released.
    ///
    /// ```swift
    /// viewModel.store.subscribe { [weak self] state in
    ///     switch state.forecast {
    ///     case .loading: self?.showSpinner()
    ///     case .loaded(let forecast): self?.show(forecast)
    ///     default: break
    ///     }
    /// }
    /// .store(in: &tokens)
    /// ```
    ///
    /// - Parameters:
    ///   - sendCurrent: call `handler` with the current state before returning (the default).
    ///   - handler: called on the main actor with each state.
    /// - Returns: the token that keeps the observation alive.
    @discardableResult
    public func subscribe(
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (State) -> Void
    ) -> ObservationToken {
        let id = nextObserverID
        nextObserverID += 1
        let token = ObservationToken { [weak self] in
            self?.observers[id] = nil
        }
        observers[id] = StateObserver(token: token, handler: handler)
        if sendCurrent { handler(state) }
        return token
    }

    /// The number of closure observers still registered (released tokens are pruned lazily).
    public var observerCount: Int {
        observers.values.filter(\.isLive).count
    }
}

extension StateStore where State: Sendable {
    /// The current state, then each change, as an async sequence.
    ///
    /// Nothing is dropped: every state an ``update(_:)`` produces is buffered until read. The
    /// sequence ends when the store is deallocated; stop iterating to stop observing.
    ///
    /// ```swift
    /// for await state in viewModel.store.states {
    ///     render(state)
    /// }
    /// ```
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .unbounded)
        let id = nextObserverID
        let token = subscribe { continuation.yield($0) }
        finishers[id] = { continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in
                token.cancel()
                self?.finishers[id] = nil
            }
        }
        return stream
    }
}
