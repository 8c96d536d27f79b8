public import MVVMCore

extension StateStore {
    /// Keeps `field` of the state and `shared` in step, both ways: the field starts as the shared
    /// value (what was saved, or what another screen set), and an update that changes the field
    /// sets the shared value (saved before the update returns). When another screen changes the
    /// shared value, `onChange` applies it, in the same turn: give the ViewModel's own event, so
    /// that what follows from the field follows (a search asks again, a form validates). Without
    /// `onChange`, the field is set by an update.
    ///
    /// They stay in step for as long as the store lives; the returned token only ends it sooner.
    ///
    /// ```swift
    /// store.share(\.searchText, with: Dependencies.current.sharedValues.value(.userSearch))
    /// ```
    ///
    /// - Returns: the token that ends it sooner, if cancelled.
    @discardableResult
    public func share<Value>(
        _ field: WritableKeyPath<State, Value>, with shared: Shared<Value>,
        onChange: (@MainActor (Value) -> Void)? = nil
    ) -> ObservationToken {
        update { $0[keyPath: field] = shared.value }
        let fromState = subscribe(field, sendCurrent: false) { [weak self] value in
            // Only the field as it stands: an older state delivered late (an observer changed
            // the field meanwhile) never puts an older value back.
            guard let self, self.state[keyPath: field] == value else { return }
            shared.value = value
        }
        let fromShared = shared.follow { [weak self] value in
            guard let self, self.state[keyPath: field] != value else { return }
            if let onChange { onChange(value) } else { self.update { $0[keyPath: field] = value } }
        }
        let token = ObservationToken {
            fromState.cancel()
            fromShared.cancel()
        }
        token.store(in: self)
        return token
    }
}
