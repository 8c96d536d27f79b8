import Foundation

/// How ``SearchIndex`` makes text comparable: Unicode case folding (as
/// `localizedCaseInsensitiveContains` does: `ß` matches `ss`), canonical composition, and the
/// optional diacritic and width folding.
struct SearchFolding {
    let options: SearchIndex.Options
    private var cache: [Character: [UInt8]] = [:]

    init(options: SearchIndex.Options) {
        self.options = options
    }

    /// A text folded to UTF-8, with the offsets of scalars that start inside a character's
    /// folding (the second `s` of `ß` → `ss`): a match may neither start nor end there, since the
    /// original character cannot be split.
    mutating func foldText(_ text: String) -> (bytes: [UInt8], interior: [Int]) {
        if let ascii = Self.foldASCII(text) { return (ascii, []) }
        var bytes: [UInt8] = []
        var interior: [Int] = []
        for character in text {
            let folded = foldCharacter(character)
            var scalarStart = true
            for (offset, byte) in folded.enumerated() {
                let isLead = byte & 0xC0 != 0x80
                if isLead, !scalarStart { interior.append(bytes.count + offset) }
                if isLead { scalarStart = false }
            }
            bytes.append(contentsOf: folded)
        }
        return (bytes, interior)
    }

    /// A query folded to UTF-8.
    func foldQuery(_ query: String) -> [UInt8] {
        Self.foldASCII(query) ?? Array(foundationFold(query).utf8)
    }

    private mutating func foldCharacter(_ character: Character) -> [UInt8] {
        if let cached = cache[character] { return cached }
        let folded = Array(foundationFold(String(character)).utf8)
        cache[character] = folded
        return folded
    }

    private func foundationFold(_ text: String) -> String {
        var foundation: String.CompareOptions = [.caseInsensitive]
        if options.contains(.diacriticInsensitive) { foundation.insert(.diacriticInsensitive) }
        if options.contains(.widthInsensitive) { foundation.insert(.widthInsensitive) }
        return text.folding(options: foundation, locale: nil).precomposedStringWithCanonicalMapping
    }

    /// ASCII text's folding is its lower-cased bytes; `nil` for other text.
    private static func foldASCII(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        }
    }
}
