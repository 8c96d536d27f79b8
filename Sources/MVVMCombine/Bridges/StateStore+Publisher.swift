extension StateStore {
    /// The current state, then each new state: one value per ``StateStore/update(_:)``.
    ///
    /// This is the publisher binding style for an MVVMCore ViewModel, for views and code written
    /// with Combine. Values are delivered synchronously, on the main actor, as the state changes.
    ///
    /// ```swift
    /// viewModel.store.publisher
    ///     .map(\.title)
    ///     .removeDuplicates()
    ///     .sink { [weak self] in self?.titleLabel.text = $0 }
    ///     .store(in: &cancellables)
    /// ```
    ///
    /// The publisher holds the store's observation for as long as it or a subscription to it
    /// lives; it does not keep the store alive.
    public var publisher: AnyPublisher<State, Never> {
        let subject = CurrentValueSubject<State, Never>(state)
        let token = subscribe(sendCurrent: false) { subject.send($0) }
        return Self.publisher(of: subject, keeping: token)
    }

    /// Ties `token` to the publisher's lifetime. Built outside the main actor: a closure written
    /// in a `@MainActor` member would inherit its isolation, and Swift 6 would trap when a
    /// subscription is cancelled from another thread.
    private nonisolated static func publisher(
        of subject: CurrentValueSubject<State, Never>,
        keeping token: ObservationToken
    ) -> AnyPublisher<State, Never> {
        subject
            .handleEvents(receiveCancel: { withExtendedLifetime(token) {} })
            .eraseToAnyPublisher()
    }

    /// One field of the state: its current value, then each value that differs from the last.
    public func publisher<Value: Equatable>(for keyPath: KeyPath<State, Value>) -> AnyPublisher<Value, Never> {
        publisher.map { $0[keyPath: keyPath] }.removeDuplicates().eraseToAnyPublisher()
    }
}

extension ViewModel {
    /// The current state, then each new state; see `StateStore.publisher`.
    public var statePublisher: AnyPublisher<State, Never> {
        store.publisher
    }
}
