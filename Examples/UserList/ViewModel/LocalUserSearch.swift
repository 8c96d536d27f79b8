import MVVMCollections
import MVVMCore

/// The loaded users' search index, kept in step with the list: appended pages and removed rows
/// update it incrementally; anything else rebuilds it.
///
/// Matching mirrors the server's: case-, diacritic- and width-insensitive, on name and email.
/// A cache: `visible` gives the same rows for the same arguments whatever it held before, so
/// it is a reference the ViewModel keeps beside its state, not part of it.
final class LocalUserSearch {
    private var index = SearchIndex(options: [.diacriticInsensitive, .widthInsensitive])
    private var indexedIDs: [Int] = []

    /// The users among `users` that match `text` and `filter`, in order.
    func visible(_ users: [User], text: String, filter: UserFilter) -> [User] {
        sync(with: users)
        if text.isEmpty, filter == .all { return users }
        let matches = text.isEmpty ? Array(users.indices) : index.matches(text)
        return matches.map { users[$0] }.filter(filter.includes)
    }

    private func sync(with users: [User]) {
        let ids = users.map(\.id)
        guard ids != indexedIDs else { return }
        let prefix = zip(ids, indexedIDs).prefix { $0 == $1 }.count
        let suffix = zip(ids.reversed(), indexedIDs.reversed()).prefix { $0 == $1 }.count
        let removedCount = indexedIDs.count - ids.count
        if prefix == indexedIDs.count {
            index.append(contentsOf: users[prefix...].map(Self.document))           // pages appended
        } else if removedCount > 0, prefix + suffix >= ids.count, prefix + removedCount <= indexedIDs.count {
            for _ in 0..<removedCount { index.remove(at: prefix) }                 // rows removed
        } else {
            index = SearchIndex(users.map(Self.document), options: index.options)  // anything else
        }
        indexedIDs = ids
    }

    private static func document(_ user: User) -> String {
        "\(user.name) \(user.email)"
    }
}
