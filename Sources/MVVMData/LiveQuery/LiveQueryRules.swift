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
    /// Whether a record passes the query's filter, the search text aside: it must not read the
    /// text. A live query keeps its answer for each loaded row while only the text changes, so a
    /// keystroke runs no filter (`key-to-frame/100k-rows_search`).
    public var includes: @Sendable (Record, Query) -> Bool
    /// Where the query keeps its search text, matched by the store's ``RecordSearch``. The
    /// query with this text cleared is its filter: two queries that differ only here filter alike.
    public var searchText: any WritableKeyPath<Query, String> & Sendable
    /// The server's order: whether the first record comes before the second. A total order (the
    /// server's keyset order is one): records it does not tell apart show in no fixed order.
    public var areInIncreasingOrder: @Sendable (Record, Record) -> Bool

    /// Rules that search by the text at `searchText`, order by `order` and filter by `includes`.
    public init(
        searchText: any WritableKeyPath<Query, String> & Sendable,
        order: @escaping @Sendable (Record, Record) -> Bool,
        includes: @escaping @Sendable (Record, Query) -> Bool = { _, _ in true }
    ) {
        self.searchText = searchText
        self.areInIncreasingOrder = order
        self.includes = includes
    }

    /// The search text of `query`.
    func text(of query: Query) -> String { query[keyPath: searchText] }

    /// `query` with its search text cleared: what its filter answers depend on.
    func filter(of query: Query) -> Query {
        var filter = query
        filter[keyPath: searchText] = ""
        return filter
    }
}
