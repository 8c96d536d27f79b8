public import MVVMCore

extension StateStore {
    /// Keeps `field` of the state and `shared` in step, both ways: the field starts as the shared
    /// value (what was saved, or what another screen set), an update that changes the field sets
    /// the shared value (saved before the update returns), and another screen's change of the
    /// shared value is an update of the field, in the same turn.
    ///
    /// ```swift
    /// searchText = store.share(\.query.text, with: Dependencies.current.sharedValues.value(.userSearch))
    /// ```
    ///
    /// - Returns: the token that keeps them in step; keep it as long as the store.
    public func share<Value>(_ field: WritableKeyPath<State, Value>, with shared: Shared<Value>) -> ObservationToken {
        update { $0[keyPath: field] = shared.value }
        let fromState = subscribe(field, sendCurrent: false) { value in shared.value = value }
        let fromShared = shared.follow { [weak self] value in
            guard let self, self.state[keyPath: field] != value else { return }
            self.update { $0[keyPath: field] = value }
        }
        return ObservationToken {
            fromState.cancel()
            fromShared.cancel()
        }
    }
}
