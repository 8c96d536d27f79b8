#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds, among many texts, those that contain a query — as `localizedCaseInsensitiveContains`
/// would, without running it on every row.
///
/// The index keeps every text case-folded, in one compact buffer; a query is folded once and
/// the buffer is scanned once. Matches come back as the texts' positions, ascending, so a
/// list filters its rows by index.
///
/// ```swift
/// var index = SearchIndex(users.map { "\($0.name) \($0.email)" })
/// let visible = index.matches("STRASSE").map { users[$0] }   // finds "Straße"
/// index.append("New User new@example.com")                     // incremental
/// ```
///
/// Matching is case-insensitive with full Unicode case folding (`ß` matches `ss`, `ﬁ` matches
/// `fi`); diacritic- and width-insensitive matching are explicit ``Options``. An empty query
/// matches every text. It is a value: build it off the main actor and hand it over.
public struct SearchIndex: Sendable, Equatable {
    /// Extra ways texts may differ and still match.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Creates options from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `jose` matches `José`.
        public static let diacriticInsensitive = Options(rawValue: 1 << 0)
        /// `abc` matches `ＡＢＣ`.
        public static let widthInsensitive = Options(rawValue: 1 << 1)
    }

    /// How texts are compared.
    public let options: Options
    /// Every text folded, each followed by a 0 byte. A text or a query may contain U+0000 too,
    /// so a match that reaches its text's separator is rejected: a match never spans two texts.
    private var buffer: [UInt8] = []
    /// Where each text starts in `buffer`.
    private var starts: [Int] = []
    /// Offsets where no match may start or end (inside one character's folding), ascending.
    private var interior: [Int] = []
    /// How often each byte occurs in `buffer`: a query is anchored on its rarest byte.
    private var byteCounts = [Int](repeating: 0, count: 256)

    /// An empty index.
    public init(options: Options = []) {
        self.options = options
    }

    /// An index of `texts`, in order.
    public init(_ texts: some Sequence<String>, options: Options = []) {
        self.options = options
        append(contentsOf: texts)
    }

    /// How many texts the index holds.
    public var count: Int { starts.count }

    /// Adds `text` at the end.
    public mutating func append(_ text: String) {
        var folding = SearchFolding(options: options)
        append(text, using: &folding)
    }

    /// Adds `texts` at the end, in order.
    public mutating func append(contentsOf texts: some Sequence<String>) {
        var folding = SearchFolding(options: options)
        for text in texts { append(text, using: &folding) }
    }

    private mutating func append(_ text: String, using folding: inout SearchFolding) {
        let start = buffer.count
        starts.append(start)
        folding.fold(text, into: &buffer, interior: &interior)
        buffer.append(0)
        count(buffer[start...], by: 1)   // with its separator, as remove and replace count it
    }

    private mutating func count(_ bytes: some Sequence<UInt8>, by delta: Int) {
        byteCounts.withUnsafeMutableBufferPointer { counts in
            for byte in bytes { counts[Int(byte)] += delta }
        }
    }

    /// Removes the text at `position`; later texts move down by one. Out of range does nothing.
    public mutating func remove(at position: Int) {
        guard starts.indices.contains(position) else { return }
        let start = starts[position]
        let end = position + 1 < starts.count ? starts[position + 1] : buffer.count
        count(buffer[start..<end], by: -1)
        buffer.removeSubrange(start..<end)
        starts.remove(at: position)
        let removed = end - start
        for later in position..<starts.count { starts[later] -= removed }
        interior = interior.compactMap { offset in
            offset < start ? offset : offset < end ? nil : offset - removed
        }
    }

    /// Replaces the text at `position`. Out of range does nothing.
    public mutating func replace(at position: Int, with text: String) {
        guard starts.indices.contains(position) else { return }
        var rest = SearchIndex(options: options)
        rest.append(text)
        let start = starts[position]
        let end = position + 1 < starts.count ? starts[position + 1] : buffer.count
        count(buffer[start..<end], by: -1)
        count(rest.buffer, by: 1)
        buffer.replaceSubrange(start..<end, with: rest.buffer)
        let delta = rest.buffer.count - (end - start)
        for later in (position + 1)..<max(position + 1, starts.count) { starts[later] += delta }
        let before = interior.filter { $0 < start }
        let after = interior.filter { $0 >= end }.map { $0 + delta }
        interior = before + rest.interior.map { $0 + start } + after
    }

    /// The positions of the texts that contain `query`, ascending; every position when the
    /// query is empty.
    ///
    /// One pass over the folded buffer: `memchr` finds candidates for the query's rarest byte
    /// (by the index's own byte counts), `memcmp` checks the whole query there, and after a
    /// match the scan jumps to the next text. Texts and character boundaries are tracked with
    /// cursors that only move forward, so the cost is the bytes scanned plus one step per
    /// text, whatever the number of matches.
    public func matches(_ query: String) -> [Int] {
        let needle = SearchFolding(options: options).foldQuery(query)
        if needle.isEmpty { return Array(starts.indices) }
        let textCount = starts.count
        return [Int](unsafeUninitializedCapacity: textCount) { found, foundCount in
            foundCount = 0
            buffer.withUnsafeBytes { haystack in
                needle.withUnsafeBytes { pattern in
                    starts.withUnsafeBufferPointer { starts in
                        interior.withUnsafeBufferPointer { interior in
                            guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                            let anchor = rarestByteOffset(in: needle)
                            var boundaries = BoundaryCursor(interior: interior)
                            var text = 0
                            var offset = 0
                            while let position = Self.firstOccurrence(
                                of: patternBase, length: pattern.count, anchor: anchor, in: base, count: haystack.count, from: offset
                            ) {
                                guard boundaries.isBoundary(position), boundaries.isBoundary(position + pattern.count) else {
                                    offset = position + 1
                                    continue
                                }
                                while text + 1 < textCount, starts[text + 1] <= position { text += 1 }
                                let separator = (text + 1 < textCount ? starts[text + 1] : haystack.count) - 1
                                guard position + pattern.count <= separator else {
                                    offset = position + 1   // a query with a 0 byte ran into the separator
                                    continue
                                }
                                found[foundCount] = text
                                foundCount += 1
                                guard text + 1 < textCount else { break }
                                offset = starts[text + 1]
                            }
                        }
                    }
                }
            }
        }
    }

    /// A query folded once by an index's options, for many `contains(_:at:)` calls
    /// (a list checking its rows one by one).
    public struct Query: Sendable, Equatable {
        let needle: [UInt8]
    }

    /// `text` folded as this index folds a query.
    public func query(_ text: String) -> Query {
        Query(needle: SearchFolding(options: options).foldQuery(text))
    }

    /// Whether the text at `position` contains `query`: a scan of that text only, by the same
    /// rules as ``matches(_:)``.
    public func contains(_ query: String, at position: Int) -> Bool {
        contains(self.query(query), at: position)
    }

    /// Whether the text at `position` contains `query`, folded once by ``query(_:)``.
    public func contains(_ query: Query, at position: Int) -> Bool {
        guard starts.indices.contains(position) else { return false }
        let needle = query.needle
        if needle.isEmpty { return true }
        let start = starts[position]
        let separator = (position + 1 < starts.count ? starts[position + 1] : buffer.count) - 1
        guard separator - start >= needle.count else { return false }
        // The offsets inside one character's folding, within this text: no match starts or ends there.
        var low = 0, high = interior.count
        while low < high {
            let middle = (low + high) / 2
            if interior[middle] < start { low = middle + 1 } else { high = middle }
        }
        let inside = interior[low...].prefix { $0 <= separator }
        for offset in start...(separator - needle.count) where buffer[offset] == needle[0] {
            guard buffer[offset..<offset + needle.count].elementsEqual(needle),
                  !inside.contains(offset), !inside.contains(offset + needle.count) else { continue }
            return true
        }
        return false
    }

    /// Answers "may a match start or end at this offset?" for offsets that never decrease
    /// between calls by more than a pattern's length: a forward-only walk over `interior`.
    private struct BoundaryCursor {
        let interior: UnsafeBufferPointer<Int>
        var next = 0

        init(interior: UnsafeBufferPointer<Int>) {
            self.interior = interior
        }

        /// Whether `offset` starts a character of the original text (or ends the text).
        mutating func isBoundary(_ offset: Int) -> Bool {
            guard !interior.isEmpty else { return true }
            // Step back if an earlier, smaller offset is asked (a match's start after its end).
            while next > 0, interior[next - 1] >= offset { next -= 1 }
            while next < interior.count, interior[next] < offset { next += 1 }
            return next == interior.count || interior[next] != offset
        }
    }

    /// The offset in `pattern` of its byte that occurs least often in the buffer.
    private func rarestByteOffset(in pattern: [UInt8]) -> Int {
        var best = 0
        for offset in pattern.indices where byteCounts[Int(pattern[offset])] < byteCounts[Int(pattern[best])] {
            best = offset
        }
        return best
    }

    /// The offset of the first occurrence of the pattern at or after `offset`: `memchr` finds
    /// candidates for the pattern's byte at `anchor`, `memcmp` checks the whole pattern.
    private static func firstOccurrence(
        of pattern: UnsafeRawPointer, length: Int, anchor: Int, in base: UnsafeRawPointer, count: Int, from offset: Int
    ) -> Int? {
        let anchorByte = Int32(pattern.load(fromByteOffset: anchor, as: UInt8.self))
        var from = offset + anchor
        let last = count - length + anchor   // the last place the anchor byte may be
        while from <= last {
            guard let hit = memchr(base + from, anchorByte, last - from + 1) else { return nil }
            let anchorPosition = base.distance(to: UnsafeRawPointer(hit))
            let start = anchorPosition - anchor
            if length == 1 || memcmp(base + start, pattern, length) == 0 { return start }
            from = anchorPosition + 1
        }
        return nil
    }
}
