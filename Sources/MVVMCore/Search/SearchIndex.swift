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
    /// Every text folded, each followed by a 0 byte (which no folded query contains, so a match
    /// never spans two texts).
    private var buffer: [UInt8] = []
    /// Where each text starts in `buffer`.
    private var starts: [Int] = []
    /// Offsets where no match may start or end (inside one character's folding), ascending.
    private var interior: [Int] = []

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
        let (bytes, textInterior) = folding.foldText(text)
        starts.append(buffer.count)
        interior.append(contentsOf: textInterior.map { $0 + buffer.count })
        buffer.append(contentsOf: bytes)
        buffer.append(0)
    }

    /// Removes the text at `position`; later texts move down by one. Out of range does nothing.
    public mutating func remove(at position: Int) {
        guard starts.indices.contains(position) else { return }
        let start = starts[position]
        let end = position + 1 < starts.count ? starts[position + 1] : buffer.count
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
        buffer.replaceSubrange(start..<end, with: rest.buffer)
        let delta = rest.buffer.count - (end - start)
        for later in (position + 1)..<max(position + 1, starts.count) { starts[later] += delta }
        let before = interior.filter { $0 < start }
        let after = interior.filter { $0 >= end }.map { $0 + delta }
        interior = before + rest.interior.map { $0 + start } + after
    }

    /// The positions of the texts that contain `query`, ascending; every position when the
    /// query is empty.
    public func matches(_ query: String) -> [Int] {
        let needle = SearchFolding(options: options).foldQuery(query)
        if needle.isEmpty { return Array(starts.indices) }
        var found: [Int] = []
        buffer.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                var offset = 0
                while offset < haystack.count {
                    guard let position = Self.firstOccurrence(of: patternBase, length: pattern.count, in: base, count: haystack.count, from: offset) else { break }
                    guard isCharacterBoundary(position), isCharacterBoundary(position + pattern.count) else {
                        offset = position + 1
                        continue
                    }
                    let text = textIndex(containing: position)
                    found.append(text)
                    offset = text + 1 < starts.count ? starts[text + 1] : haystack.count
                }
            }
        }
        return found
    }

    /// Whether the text at `position` contains `query`.
    public func contains(_ query: String, at position: Int) -> Bool {
        guard starts.indices.contains(position) else { return false }
        return matches(query).contains(position)
    }

    /// Whether `offset` starts a character of the original text (or ends the text).
    private func isCharacterBoundary(_ offset: Int) -> Bool {
        guard !interior.isEmpty else { return true }
        var low = 0
        var high = interior.count
        while low < high {
            let middle = (low + high) / 2
            if interior[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low == interior.count || interior[low] != offset
    }

    /// The offset of the first occurrence of the pattern at or after `offset`: `memchr` finds
    /// candidates for the first byte, `memcmp` checks the rest.
    private static func firstOccurrence(
        of pattern: UnsafeRawPointer, length: Int, in base: UnsafeRawPointer, count: Int, from offset: Int
    ) -> Int? {
        let first = Int32(pattern.load(as: UInt8.self))
        var candidate = offset
        while candidate + length <= count {
            guard let hit = memchr(base + candidate, first, count - candidate - length + 1) else { return nil }
            let position = base.distance(to: UnsafeRawPointer(hit))
            if length == 1 || memcmp(UnsafeRawPointer(hit) + 1, pattern + 1, length - 1) == 0 { return position }
            candidate = position + 1
        }
        return nil
    }

    /// The text whose bytes include `offset`: the last start at or before it.
    private func textIndex(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
