extension ViewModel where Event: Sendable {
    /// Sends every event `events` publishes to this ViewModel, on the main actor.
    ///
    /// Publishers feed an MVVMCore ViewModel this way, e.g. a text field's publisher:
    ///
    /// ```swift
    /// viewModel.sendEvents(from: searchField.textPublisher.map(UserListViewModel.Event.searchTextChanged))
    ///     .store(in: &cancellables)
    /// ```
    ///
    /// Events published on the main queue are sent at once; events published elsewhere hop to
    /// the main queue first. The subscription holds the ViewModel weakly.
    public func sendEvents<P: Publisher>(from events: P) -> AnyCancellable
    where P.Output == Event, P.Failure == Never {
        Self.forward(events, to: self)
    }

    /// Builds the subscription outside the main actor: a closure written inside a `@MainActor`
    /// method would inherit its isolation, and a background queue calling it would run
    /// main-actor code off the main actor: a stop where the runtime checks isolation, a silent
    /// data race where it does not (OpenCombine on Linux).
    private nonisolated static func forward<P: Publisher>(_ events: P, to viewModel: Self) -> AnyCancellable
    where P.Output == Event, P.Failure == Never {
        events.sink { [weak viewModel] event in
            MainQueue.run {
                // `MainQueue.run` only ever runs on the main queue, the main actor's executor.
                MainActor.assumeIsolated { viewModel?.send(event) }
            }
        }
    }
}
