/// What a ``LiveQuery`` shows of the records, for a query: which records, and in what order.
/// The same rules answer a query on the device when the server cannot, so they are the
/// server's: its filter, its search (the ``RecordStore``'s ``RecordSearch``) and its order.
///
/// Declared by ``RecordField``s, the rules are answered where the records are: a storage that
/// answers queries (``QueryableRecordStorage``) pages the device's answer itself, and the store
/// never reads every record it saved.
///
/// ```swift
/// let rules = LiveQueryRules<User, UserQuery>(searchText: \.text, order: .id) { query in
///     query.filter == .active ? [RecordField.isActive.equals(true)] : []
/// }
/// ```
public struct LiveQueryRules<Record, Query>: Sendable {
    /// Whether a record passes the query's filter, the search text aside: it must not read the
    /// text. A live query keeps its answer for each loaded row while only the text changes, so a
    /// keystroke runs no filter (`key-to-frame/100k-rows_search`).
    package var includes: @Sendable (Record, Query) -> Bool
    /// Where the query keeps its search text, matched by the store's ``RecordSearch``. The
    /// query with this text cleared is its filter: two queries that differ only here filter alike.
    package var searchText: any WritableKeyPath<Query, String> & Sendable
    /// The server's order: whether the first record comes before the second. A total order (the
    /// server's keyset order is one): records it does not tell apart show in no fixed order.
    package var areInIncreasingOrder: @Sendable (Record, Record) -> Bool

    /// The rules as fields, when declared so: the order field, whether descending, the filter's
    /// conditions for a query.
    let fields: (order: RecordField<Record>, descending: Bool, conditions: @Sendable (Query) -> [RecordCondition<Record>])?

    /// Rules that search by the text at `searchText`, order by the field `order` (ascending, or
    /// `descending`; records with one value by their ids' encoded bytes: give a field each record
    /// has its own value of, as the server's keyset order is) and keep the records that meet every
    /// condition `filter` gives for a query. The store's ``RecordSearch`` must declare the fields.
    public init(
        searchText: any WritableKeyPath<Query, String> & Sendable,
        order: RecordField<Record>,
        descending: Bool = false,
        filter: @escaping @Sendable (Query) -> [RecordCondition<Record>] = { _ in [] }
    ) {
        self.searchText = searchText
        self.includes = { record, query in filter(query).allSatisfy { $0.holds(for: record) } }
        self.areInIncreasingOrder = { lhs, rhs in
            let left = order.value(lhs), right = order.value(rhs)
            return descending ? right < left : left < right
        }
        self.fields = (order, descending, filter)
    }

    /// Rules that search by the text at `searchText`, order by `order` and filter by `includes`:
    /// answered in memory only, from every record the store read.
    public init(
        searchText: any WritableKeyPath<Query, String> & Sendable,
        order: @escaping @Sendable (Record, Record) -> Bool,
        includes: @escaping @Sendable (Record, Query) -> Bool = { _, _ in true }
    ) {
        self.searchText = searchText
        self.areInIncreasingOrder = order
        self.includes = includes
        self.fields = nil
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
