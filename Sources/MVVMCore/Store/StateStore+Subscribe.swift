extension StateStore {
    /// Calls `handler` with each new state: the no-binding-framework way to observe.
    ///
    /// The article's `stateDidUpdate` closure without its pitfalls: any number of observers,
    /// each called once per ``update(_:)``, synchronously and in the order they subscribed,
    /// until the returned token is cancelled or released. To follow one field, use
    /// ``subscribe(_:sendCurrent:_:)-(KeyPath<State,Value>,_,_)``.
    ///
    /// ```swift
    /// viewModel.subscribe { [weak self] state in self?.render(state) }
    ///     .store(in: &tokens)
    /// ```
    ///
    /// - Parameters:
    ///   - sendCurrent: call `handler` with the current state before returning (the default).
    ///   - handler: called on the main actor with each state.
    /// - Returns: the token that keeps the observation alive.
    public func subscribe(sendCurrent: Bool = true, _ handler: @escaping @MainActor (State) -> Void) -> ObservationToken {
        let token = addObserver(deliver: handler)
        if sendCurrent { handler(storedState) }
        return token
    }

    /// Calls `handler` with the value of one field now, and again whenever an ``update(_:)``
    /// changes it: a binding from one output to one view property.
    ///
    /// Updates that leave the field equal do not call `handler`.
    ///
    /// ```swift
    /// store.subscribe(\.isSubmitEnabled) { [weak self] isEnabled in
    ///     self?.submitButton.isEnabled = isEnabled
    /// }
    /// .store(in: &tokens)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: the field.
    ///   - sendCurrent: call `handler` with the current value before returning (the default).
    ///   - handler: called on the main actor with each new value.
    /// - Returns: the token that keeps the observation alive.
    @inlinable   // so that the comparison is specialized for the field's type in the caller
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        var shown = storedState[keyPath: keyPath]
        let token = addObserver { state in
            let value = state[keyPath: keyPath]
            guard value != shown else { return false }
            shown = value
            return true
        } deliver: { state in
            handler(state[keyPath: keyPath])
        }
        if sendCurrent { handler(shown) }
        return token
    }

    /// Adds an observer of the states after the current one: `deliver` is called with each
    /// for which `isNews` (owned by the store) returns `true`, or with each when it is `nil`.
    @usableFromInline
    func addObserver(
        isNews: (@MainActor (State) -> Bool)? = nil,
        deliver: @escaping @MainActor (State) -> Void
    ) -> ObservationToken {
        if observers.count == observers.capacity { removeReleasedObservers() }
        let observer = StoreObserver(deliver: deliver)
        observers.append(WeakObserver(observer: observer, since: version, isNews: isNews))
        return observer
    }

    /// The number of closure observers whose tokens are held and not cancelled.
    public var observerCount: Int {
        observers.count { $0.observer?.deliver != nil }
    }
}
