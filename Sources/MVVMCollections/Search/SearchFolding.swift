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

    /// Appends `text` folded to UTF-8 to `buffer`, and to `interior` the offsets of scalars
    /// that start inside a character's folding (the second `s` of `ß` → `ss`): a match may
    /// neither start nor end there, since the original character cannot be split.
    ///
    /// ASCII letters between ASCII neighbours are folded byte by byte (two ASCII bytes always
    /// have a character boundary between them, except CR LF); every other stretch goes through
    /// Foundation one character at a time, with a cache.
    mutating func fold(_ text: String, into buffer: inout [UInt8], interior: inout [Int]) {
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var offset = 0
            while offset < count {
                if Self.isSafeASCII(bytes, at: offset) {
                    buffer.append(Self.lowercased(bytes[offset]))
                    offset += 1
                    continue
                }
                var end = offset + 1
                while end < count, !Self.isSafeASCII(bytes, at: end) { end += 1 }
                foldCharacters(of: String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self), into: &buffer, interior: &interior)
                offset = end
            }
        }
    }

    /// Whether the byte at `offset` is an ASCII character on its own: ASCII, not CR or LF, with
    /// ASCII (not CR) or nothing before it and ASCII or nothing after it.
    private static func isSafeASCII(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let byte = bytes[offset]
        guard byte < 0x80, byte != 0x0D, byte != 0x0A else { return false }
        if offset > 0 {
            let previous = bytes[offset - 1]
            guard previous < 0x80, previous != 0x0D else { return false }
        }
        return offset + 1 == bytes.count || bytes[offset + 1] < 0x80
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    private mutating func foldCharacters(of text: String, into buffer: inout [UInt8], interior: inout [Int]) {
        for character in text {
            let folded = foldCharacter(character)
            var scalarStart = true
            for (offset, byte) in folded.enumerated() {
                let isLead = byte & 0xC0 != 0x80
                if isLead, !scalarStart { interior.append(buffer.count + offset) }
                if isLead { scalarStart = false }
            }
            buffer.append(contentsOf: folded)
        }
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
            return bytes.map(lowercased)
        }
    }
}
