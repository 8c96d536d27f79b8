// Fuzz target `search-index`: MVVMCollections' SearchIndex against the oracles of
// Tests/MVVMCollectionsTests/SearchIndexTests.swift, which are plain filters over the rows.
//
// Input format (so that seeds are readable text):
// - byte 0: the options (bit 0 diacriticInsensitive, bit 1 widthInsensitive);
// - then UTF-8 text (read with `String(decoding:as:)`) cut by command bytes, each acting on the
//   text since the previous command:
//   0x01 append it as a row, 0x02 query it, 0x03 k remove at k, 0x04 k replace at k with it
//   (k may be out of range, which does nothing); text left at the end is queried too.
//
// Properties:
// - `matches(q)` equals the character-run oracle: a row matches when the foldings of some run of
//   its characters, concatenated, equal the folded query (every row for a query that folds to
//   nothing), the oracle of `randomQueriesOverExpandingCharactersMatchACharacterRunOracle`;
// - with no options, over the quirk-free alphabet of
//   `randomQueriesGiveExactlyTheResultsOfLocalizedCaseInsensitiveContains`, `matches(q)` equals
//   `rows.indices.filter { rows[$0].localizedCaseInsensitiveContains(q) }`;
// - `contains(q, at:)` agrees with `matches(q)`; an edited index equals one built from its rows.
import Foundation

private let quirkFreeAlphabet = Set("abcdeéfghijklmnoöpqrstuvwxyzABCDEÉÖSZ @.山田太郎花子ファイル")
private let maximumRows = 64
private let maximumQueries = 48

private struct Oracle {
    let options: SearchIndex.Options

    func fold(_ text: String) -> [UInt8] {
        var foundation: String.CompareOptions = [.caseInsensitive]
        if options.contains(.diacriticInsensitive) { foundation.insert(.diacriticInsensitive) }
        if options.contains(.widthInsensitive) { foundation.insert(.widthInsensitive) }
        return Array(text.folding(options: foundation, locale: nil).precomposedStringWithCanonicalMapping.utf8)
    }

    func matches(_ query: String, in rows: [[[UInt8]]]) -> [Int] {
        let needle = fold(query)
        if needle.isEmpty { return Array(rows.indices) }
        return rows.indices.filter { position in
            let folded = rows[position]
            return folded.indices.contains { start in
                var run: [UInt8] = []
                for character in folded[start...] {
                    run += character
                    if run.count >= needle.count { return run == needle }
                }
                return false
            }
        }
    }
}

private func check(_ query: String, index: SearchIndex, rows: [String], foldedRows: [[[UInt8]]], oracle: Oracle) {
    let actual = index.matches(query)
    let expected = oracle.matches(query, in: foldedRows)
    invariant(
        actual == expected,
        "query \(query.debugDescription) options \(index.options.rawValue): index \(actual), oracle \(expected), rows \(rows.map(\.debugDescription))"
    )
    if index.options.isEmpty, !query.isEmpty, query.allSatisfy(quirkFreeAlphabet.contains),
       rows.allSatisfy({ $0.allSatisfy(quirkFreeAlphabet.contains) }) {
        let foundation = rows.indices.filter { rows[$0].localizedCaseInsensitiveContains(query) }
        invariant(actual == foundation, "query \(query.debugDescription): index \(actual), localizedCaseInsensitiveContains \(foundation)")
    }
    if !rows.isEmpty {
        let position = query.utf8.count % rows.count
        invariant(index.contains(query, at: position) == actual.contains(position), "contains(at: \(position)) disagrees")
    }
    invariant(!index.contains(query, at: rows.count) && !index.contains(query, at: -1), "contains out of range")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let first = bytes.first else { return 0 }
    let options = SearchIndex.Options(rawValue: Int(first & 0b11))
    let oracle = Oracle(options: options)
    var index = SearchIndex(options: options)
    var rows: [String] = []
    var foldedRows: [[[UInt8]]] = []
    var queries = 0
    var segment: [UInt8] = []
    var offset = 1

    func position(_ byte: UInt8) -> Int { Int(byte) % (rows.count + 2) }   // sometimes out of range

    while offset < bytes.count {
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case 0x01 where rows.count < maximumRows:
            let text = String(decoding: segment, as: UTF8.self)
            index.append(text)
            rows.append(text)
            foldedRows.append(text.map { oracle.fold(String($0)) })
        case 0x02 where queries < maximumQueries:
            queries += 1
            check(String(decoding: segment, as: UTF8.self), index: index, rows: rows, foldedRows: foldedRows, oracle: oracle)
        case 0x03 where offset < bytes.count:
            let at = position(bytes[offset])
            offset += 1
            index.remove(at: at)
            if rows.indices.contains(at) {
                rows.remove(at: at)
                foldedRows.remove(at: at)
            }
        case 0x04 where offset < bytes.count:
            let at = position(bytes[offset])
            offset += 1
            let text = String(decoding: segment, as: UTF8.self)
            index.replace(at: at, with: text)
            if rows.indices.contains(at) {
                rows[at] = text
                foldedRows[at] = text.map { oracle.fold(String($0)) }
            }
        case 0x01...0x04:
            break   // over a limit, or a position missing: the command is dropped
        default:
            segment.append(byte)
            continue
        }
        segment.removeAll(keepingCapacity: true)
    }
    if !segment.isEmpty {
        check(String(decoding: segment, as: UTF8.self), index: index, rows: rows, foldedRows: foldedRows, oracle: oracle)
    }
    invariant(index.count == rows.count, "count \(index.count) != \(rows.count) rows")
    invariant(index.matches("") == Array(rows.indices), "the empty query does not match every row")
    invariant(index == SearchIndex(rows, options: options), "the edited index differs from one built from its rows \(rows.map(\.debugDescription))")
    return 0
}
