/// What a ``LiveQuery`` shows of the records, for a query: which records, and in what order.
/// The same rules answer a query on the device when the server cannot, so they are the
/// server's: its filter, its search (the ``RecordStore``'s ``RecordSearch``) and its order.
///
/// ```swift
/// let rules = LiveQueryRules<User, UserQuery>(searchText: \.text, order: { $0.id < $1.id }) { user, query in
///     query.filter.includes(user)
/// }
/// ```
public struct LiveQueryRules<Record, Query>: Sendable {
    /// Whether a record passes the query's filter (the search text aside).
    public var includes: @Sendable (Record, Query) -> Bool
    /// The query's search text, matched by the store's ``RecordSearch``.
    public var searchText: @Sendable (Query) -> String
    /// The server's order: whether the first record comes before the second. A total order (the
    /// server's keyset order is one): records it does not tell apart show in no fixed order.
    public var areInIncreasingOrder: @Sendable (Record, Record) -> Bool

    /// Rules that search by `searchText`, order by `order` and filter by `includes`.
    public init(
        searchText: @escaping @Sendable (Query) -> String,
        order: @escaping @Sendable (Record, Record) -> Bool,
        includes: @escaping @Sendable (Record, Query) -> Bool = { _, _ in true }
    ) {
        self.searchText = searchText
        self.areInIncreasingOrder = order
        self.includes = includes
    }
}
