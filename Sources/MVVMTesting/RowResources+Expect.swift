public import MVVMCore

extension RowResources {
    /// For a ``ViewModelTester`` script's expected state: the row `id` at `phase`, asked for
    /// `source`, as `StateStore.loadResources` sets it. `RowResource.placeholder` forgets the
    /// row (it left the window, or has no source).
    ///
    /// ```swift
    /// tester.send(.visibleRowsChanged(0..<1)) {
    ///     $0.avatars.visibleRows = 0..<1
    ///     $0.avatars.expect(.loading, for: 1, source: "/api/users/1/avatar")
    /// }
    /// ```
    public mutating func expect(_ phase: RowResource<Resource>, for id: ID, source: some Hashable & Sendable) {
        if case .placeholder = phase {
            entries[id] = nil
        } else {
            entries[id] = Entry(source: WorkKey(source), phase: phase)
        }
    }
}
