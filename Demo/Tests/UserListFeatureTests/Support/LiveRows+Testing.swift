import MVVMData
import UserListFeature

extension [User] {
    /// The rows a live query shows for these users, none of them with a write pending.
    var live: [LiveRow<User>] { map { LiveRow($0) } }
}

extension [LiveRow<User>] {
    /// These rows with the row of `userID` marked `pending` (`nil`: nothing pending).
    func marking(_ userID: Int, _ pending: PendingWrite?) -> Self {
        map { row in
            guard row.id == userID else { return row }
            var row = row
            row.pending = pending
            return row
        }
    }

    /// These rows with the row of `userID` showing `user`, marked `pending`.
    func replacing(_ userID: Int, with user: User, _ pending: PendingWrite?) -> Self {
        map { $0.id == userID ? LiveRow(user, pending: pending) : $0 }
    }
}
