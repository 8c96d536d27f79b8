extension StateStore {
    /// Loads a value into a ``Loadable`` in state, as owned work: no loading plumbing to write.
    ///
    /// Synchronously, the property moves to `.loading(previous:)` (the old value stays visible).
    /// Then `operation` runs off the main actor; its value becomes `.loaded`, its error
    /// `.failed` through `presenter`. An error the presenter shows as nothing (a cancellation)
    /// puts the property back to the value it showed before: no spinner is left behind.
    ///
    /// Cancelled, the load writes nothing more, and never strands the property in `.loading`:
    /// - when the view disappears (or ``cancelWork(_:)``), the property goes back at once to what
    ///   it showed before the load (`.idle`, `.loaded` or `.failed`), so the view can load again
    ///   when it comes back;
    /// - when a newer load under `key` replaces it, the newer load ends the spinner.
    ///
    /// ```swift
    /// case .refreshPulled:
    ///     store.load(\.forecast, key: "forecast") { [repository, city] in
    ///         try await repository.forecast(for: city)
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: where the ``Loadable`` lives in state.
    ///   - key: the owned-work key; a new load under it replaces the one in flight by default.
    ///   - policy: ``WorkPolicy/latestWins`` by default; ``WorkPolicy/dropWhileRunning`` keeps
    ///     the load in flight instead (the property is then left as it is).
    ///   - presenter: turns a failure into what the user reads.
    ///   - operation: fetches the value.
    /// - Returns: `false` when the policy dropped the load.
    @discardableResult
    public func load<Value: Sendable>(
        _ keyPath: WritableKeyPath<State, Loadable<Value>>,
        key: some Hashable & Sendable,
        policy: WorkPolicy = .latestWins,
        presenter: ErrorPresenter = .default,
        operation: @escaping @Sendable () async throws -> Value
    ) -> Bool {
        if policy == .dropWhileRunning, isRunning(key) { return false }
        let shown = storedState[keyPath: keyPath]
        update { $0[keyPath: keyPath].startLoading() }
        let putBack: @MainActor (inout State) -> Void = { state in
            guard state[keyPath: keyPath].isLoading else { return }
            state[keyPath: keyPath] = shown.settled
        }
        return run(key, policy: policy, onCancel: putBack) { [weak self] in
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            switch result {
            case .success(let value):
                update { $0[keyPath: keyPath].finish(with: value) }
            case .failure(let error):
                if let presentation = presenter.presentation(for: error) {
                    update { $0[keyPath: keyPath].fail(with: presentation) }
                } else {
                    // A cancellation error though this work was not cancelled (its writes
                    // would be dropped otherwise): nothing to show, but no spinner left behind.
                    update { $0[keyPath: keyPath].cancelLoading() }
                }
            }
        }
    }
}
