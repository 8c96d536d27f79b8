extension StateStore {
    /// The current state, then each new state: one value per `StateStore.update(_:)`.
    ///
    /// A thin adapter over `StateStore.subscribe(sendCurrent:_:)` for code written with
    /// Combine. Values are delivered synchronously, on the main actor, as the state changes. The
    /// publisher holds the store's observation for as long as it or a subscription to it lives; it
    /// does not keep the store alive. Views use the ViewModel's, which this serves.
    package var statePublisher: AnyPublisher<State, Never> {
        publisher { subscribe($0) }
    }

    /// One field of the state: its current value, then each value that differs from the last.
    ///
    /// A thin adapter over the key-path `StateStore.subscribe(_:sendCurrent:_:)`: it is not
    /// called when other fields change. Views use the ViewModel's, which this serves.
    package func publisher<Value: Equatable>(for keyPath: KeyPath<State, Value>) -> AnyPublisher<Value, Never> {
        publisher { subscribe(keyPath, $0) }
    }

    /// A publisher of what `subscribe` delivers: the current value it sends at once seeds a
    /// `CurrentValueSubject`, and each later one is sent through it.
    private func publisher<Value>(
        _ subscribe: (@escaping @MainActor (Value) -> Void) -> ObservationToken
    ) -> AnyPublisher<Value, Never> {
        var subject: CurrentValueSubject<Value, Never>?
        let token = subscribe { value in
            if let subject { subject.send(value) } else { subject = CurrentValueSubject(value) }
        }
        // `subscribe` sent the current value before returning, so the subject exists.
        return Self.publisher(of: subject!, keeping: token)
    }

    /// Ties `token` to the publisher's lifetime. Built outside the main actor: a closure written
    /// in a `@MainActor` member would inherit its isolation, and cancelling a subscription from
    /// another thread would then run main-actor code off the main actor: a stop where the
    /// runtime checks isolation, a silent data race where it does not (OpenCombine on Linux).
    private nonisolated static func publisher<Value>(
        of subject: CurrentValueSubject<Value, Never>,
        keeping token: ObservationToken
    ) -> AnyPublisher<Value, Never> {
        subject
            .handleEvents(receiveCancel: { withExtendedLifetime(token) {} })
            .eraseToAnyPublisher()
    }
}

extension ViewModel {
    /// The current state, then each new state: one value per update, delivered synchronously on
    /// the main actor. The publisher holds the observation for as long as it or a subscription to
    /// it lives; it does not keep the ViewModel alive.
    ///
    /// ```swift
    /// viewModel.statePublisher
    ///     .map(\.title)
    ///     .removeDuplicates()
    ///     .sink { [weak self] in self?.titleLabel.text = $0 }
    ///     .store(in: &cancellables)
    /// ```
    public var statePublisher: AnyPublisher<State, Never> {
        readOnlyStore.base.statePublisher
    }

    /// One field of the state: its current value, then each value that differs from the last
    /// (not sent when other fields change).
    ///
    /// ```swift
    /// viewModel.publisher(for: \.isSubmitEnabled).assign(to: \.isEnabled, on: submitButton)
    /// ```
    public func publisher<Value: Equatable>(for keyPath: KeyPath<State, Value>) -> AnyPublisher<Value, Never> {
        readOnlyStore.base.publisher(for: keyPath)
    }
}
