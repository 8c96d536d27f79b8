import MVVMCollections
import MVVMData
import UserListFeature

extension UserListState {
    /// The ids of the rows on screen marked pending (the row's "…"): a toggle or a delete the
    /// server has not answered yet.
    var pendingRowIDs: Set<Int> {
        Set(users.rows.filter { $0.pending != nil }.map(\.id))
    }

    /// What a row of `id` shows of its write the server has not answered; `nil` when the row
    /// shows none (or is not on screen).
    func pending(_ id: Int) -> PendingWrite? {
        users.rows.first { $0.id == id }?.pending
    }

    /// A list the server answered with `users`, its last page, and the active count `active`.
    static func loaded(_ users: [User], active: Int? = nil) -> UserListState {
        var state = UserListState()
        state.users.rows = ChunkedArray(users.map { LiveRow($0) })
        state.users.origin = users.isEmpty ? nil : .network
        state.users.refresh = .loaded
        state.users.nextPage = .reachedEnd
        if let active { state.users.counts = [.active: active] }
        return state
    }
}
