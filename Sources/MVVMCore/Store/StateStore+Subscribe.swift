extension StateStore {
    /// Calls `handler` with each new state: the no-binding-framework way to observe.
    ///
    /// This is the article's `stateDidUpdate` closure, without its pitfalls: any number of
    /// observers, each called once per ``update(_:)``, synchronously and in registration order,
    /// until the returned token is cancelled or released.
    ///
    /// ```swift
    /// viewModel.subscribe { [weak self] state in
    ///     switch state.forecast {
    ///     case .loading: self?.showSpinner()
    ///     case .loaded(let forecast): self?.show(forecast)
    ///     default: break
    ///     }
    /// }
    /// .store(in: &tokens)
    /// ```
    ///
    /// To follow one field only, use ``subscribe(_:sendCurrent:_:)-(KeyPath<State,Value>,_,_)``:
    /// it is not called when other fields change.
    ///
    /// - Parameters:
    ///   - sendCurrent: call `handler` with the current state before returning (the default).
    ///   - handler: called on the main actor with each state.
    /// - Returns: the token that keeps the observation alive; it is not discardable, since a
    ///   released token ends the observation.
    public func subscribe(
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (State) -> Void
    ) -> ObservationToken {
        let subscription = register(handler, in: self)
        if sendCurrent { handler(storedState) }
        return subscription
    }

    /// Calls `handler` with the value of one field now, and again whenever an ``update(_:)``
    /// changes it: a binding from one output to one view property.
    ///
    /// Updates that leave the field equal do not call `handler`. All the observers of one field
    /// share one comparison per update, so a field nobody changed costs them nothing more.
    /// Field observers are called after the whole-state observers of ``subscribe(sendCurrent:_:)``,
    /// in the order their fields were first observed.
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
    @inlinable
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        sendCurrent: Bool = true,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        let field: FieldObservers<State, Value>
        if let existing = fieldObservers(for: keyPath, of: Value.self) {
            field = existing
        } else {
            // Formed here, where `Value` is known: the check is specialized.
            field = FieldObservers(reader: FieldReader(keyPath))
            fieldWatches.append(FieldWatch(keyPath: keyPath, storage: field) { [field] previous, new, round, joiners in
                field.check(&previous, &new, round: round, joiners: joiners)
            })
        }
        return addFieldObserver(to: field, sendCurrent: sendCurrent, handler)
    }

    @usableFromInline
    func fieldObservers<Value>(for keyPath: AnyKeyPath, of type: Value.Type) -> FieldObservers<State, Value>? {
        fieldWatches.first { $0.keyPath == keyPath }?.storage as? FieldObservers<State, Value>
    }

    @usableFromInline
    func addFieldObserver<Value>(
        to field: FieldObservers<State, Value>,
        sendCurrent: Bool,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        let subscription = register(handler, in: field)
        // The newest value: during a round of deliveries, the field's last delivered value may
        // be older than the state.
        if sendCurrent { handler(storedState[keyPath: field.reader.keyPath]) }
        return subscription
    }

    /// Adds `handler` to `list` (this store's or a field's) as a subscription, which is its own
    /// token, with no cancel action: once cancelled or released it is skipped at once, and
    /// pruned at the next delivery or growth.
    ///
    /// During a round of deliveries the list is not pruned (it may be being walked), and the
    /// subscription is recorded as having seen the round's newest state: it is called from the
    /// next one on.
    @usableFromInline
    func register<List: ObserverList>(_ handler: @escaping @MainActor (List.Value) -> Void, in list: List) -> Subscription<List.Value> {
        let subscription = Subscription(handler: handler)
        list.addObserver(subscription, mayPrune: !isNotifying)
        if isNotifying { side.joiners[ObjectIdentifier(subscription)] = side.pending.count }
        return subscription
    }

    /// The number of closure observers still registered, whole-state and per field (released
    /// tokens are pruned lazily).
    public var observerCount: Int {
        liveObserverCount
            + fieldWatches.reduce(0) { count, watch in count + watch.liveObserverCount }
    }
}

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
