extension StateStore {
    /// Calls `handler` with each new state (``ViewModel/subscribe(sendCurrent:_:)``, the public
    /// way, says how), until the returned token is cancelled or released.
    package func subscribe(sendCurrent: Bool = true, _ handler: @escaping @MainActor (State) -> Void) -> ObservationToken {
        let token = addObserver(deliver: handler)
        if sendCurrent { handler(storedState) }
        return token
    }

    /// Calls `handler` with one field's value now and whenever an ``update(_:)`` changes it
    /// (``ViewModel/subscribe(_:sendCurrent:_:)``, the public way, says how).
    @inlinable   // so that the comparison is specialized for the field's type in the caller
    package func subscribe<Value: Equatable>(
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

    /// The number of closure observers whose tokens are held and not cancelled (tests read it).
    package var observerCount: Int {
        observers.count { $0.observer?.deliver != nil }
    }

    /// Holds notifications until ``releaseHeldNotifications()``: the updates of a mailbox's batch
    /// reach observers as one.
    func holdNotifications() {
        if heldSince == nil { heldSince = version }
    }

    /// Notifies observers of the state the held updates left, if they changed anything, as
    /// `commit` does: after the state being delivered, if observers are being notified.
    func releaseHeldNotifications() {
        guard let since = heldSince else { return }
        heldSince = nil
        guard version > since else { return }
        if isNotifying { side.pending.append(storedState) } else { notify(storedState) }
    }
}
