// The folding of SearchIndex as text, for a store that keeps texts outside an index (a database
// column searched by substring).
extension SearchIndex {
    /// `text` folded as an index folds each text it holds (case, and `options`), as a string: a
    /// text whose folding contains a query's folding (``foldedQuery(_:options:)``) is the
    /// superset of the texts ``contains(_:at:)`` finds (it also checks that a match neither
    /// starts nor ends inside one character's folding, as the second `s` of `ß` → `ss`).
    package static func folded(_ text: String, options: Options) -> String {
        var folding = SearchFolding(options: options)
        var bytes: [UInt8] = []
        var interior: [Int] = []
        folding.fold(text, into: &bytes, interior: &interior)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `query` folded as an index folds a query, as a string.
    package static func foldedQuery(_ query: String, options: Options) -> String {
        String(decoding: SearchFolding(options: options).foldQuery(query), as: UTF8.self)
    }
}
