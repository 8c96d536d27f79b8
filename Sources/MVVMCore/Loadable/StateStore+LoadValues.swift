extension StateStore {
    /// Loads a value that may arrive twice, saved data first and the network's next, into a
    /// ``Loadable`` of ``Fetched`` values: each is shown as it comes.
    ///
    /// For a repository that keeps saved data (MVVMData's `LocalDataSource.fetch(_:policy:from:)`):
    ///
    /// - synchronously, the property moves to `.loading(previous:)`, keeping the value shown;
    /// - a value from the network is fresh: it is `.loaded` at once;
    /// - a saved value is shown as `.loading(previous: saved)` (on screen, fresh data still on its
    ///   way), and `.loaded` if the sequence then ends;
    /// - when the sequence throws, the property is `.failed` through `presenter`, still showing
    ///   the last value (so saved data stays on screen next to "offline"); an error the presenter
    ///   shows as nothing (a cancellation) ends the load with the last value instead;
    /// - a sequence that ends giving nothing puts the property back as it was.
    ///
    /// Cancelled, it writes nothing more and never strands the property in `.loading`: the view
    /// disappearing (or ``cancelWork(_:)``) leaves the last value given `.loaded` (saved data
    /// stays on screen), or the property as it was before the load when none came; a newer load
    /// under `key` takes over.
    ///
    /// ```swift
    /// store.load(\.forecast, key: "forecast", presenter: presenter, values: { [repository, city] in
    ///     repository.forecast(for: city)   // saved forecast, then the server's
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: where the ``Loadable`` lives in state.
    ///   - key: the owned-work key; a new load under it replaces the one in flight by default.
    ///   - policy: ``WorkPolicy/latestWins`` by default; ``WorkPolicy/dropWhileRunning`` keeps
    ///     the load in flight instead (the property is then left as it is).
    ///   - presenter: turns a failure into what the user reads.
    ///   - values: makes the sequence when the work starts.
    /// - Returns: `false` when the policy dropped the load.
    @discardableResult
    public func load<Wrapped: Sendable, Values: AsyncSequence & Sendable>(
        _ keyPath: WritableKeyPath<State, Loadable<Fetched<Wrapped>>>,
        key: some Hashable & Sendable,
        policy: WorkPolicy = .latestWins,
        presenter: ErrorPresenter = .default,
        values: @escaping @Sendable () -> Values
    ) -> Bool where Values.Element == Fetched<Wrapped> {
        if policy == .dropWhileRunning, isRunning(key) { return false }
        let shown = storedState[keyPath: keyPath]
        update { $0[keyPath: keyPath].startLoading() }
        let progress = LoadProgress()
        let putBack: @MainActor (inout State) -> Void = { state in
            guard state[keyPath: keyPath].isLoading else { return }
            if progress.hasShownAValue {
                state[keyPath: keyPath].cancelLoading()
            } else {
                state[keyPath: keyPath] = shown.settled
            }
        }
        return run(key, policy: policy, onCancel: putBack) { [weak self] in
            var last: Values.Element?
            do {
                for try await value in values() {
                    last = value
                    progress.hasShownAValue = true
                    switch value.origin {
                    case .network: self?.update { $0[keyPath: keyPath] = .loaded(value) }
                    case .saved: self?.update { $0[keyPath: keyPath] = .loading(previous: value) }
                    }
                }
            } catch {
                guard let self else { return }
                if let presentation = presenter.presentation(for: error) {
                    update { $0[keyPath: keyPath].fail(with: presentation) }
                } else {
                    update { state in putBack(&state) }
                }
                return
            }
            guard let self else { return }
            if let last {
                // After a network value the property is already loaded: no change to announce.
                if storedState[keyPath: keyPath].isLoading { update { $0[keyPath: keyPath].finish(with: last) } }
            } else {
                update { state in putBack(&state) }
            }
        }
    }
}

/// Whether a load of saved and fresh values has shown a value yet: read by its `onCancel` on the main actor.
@MainActor
private final class LoadProgress {
    var hasShownAValue = false
}
