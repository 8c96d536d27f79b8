import Foundation

/// The keys of a JSON object body, read as a parser would before decoding: Foundation's
/// `JSONDecoder` takes `{"isActive": true, "isActive": false}` and keeps one of the two values,
/// which another reader of the same body (a proxy, a log, a client's own check) may read the other
/// way. RFC 8259 (4) leaves such a body's meaning to each reader; the API refuses it instead.
enum JSONKeys {
    /// The first key that appears twice among the keys of the top-level object of `data` (escapes
    /// decoded: `"is\u0041ctive"` is `isActive`); `nil` when none does, or `data` is not an
    /// object. Nested objects are other objects: their keys are not compared with these. Keys are
    /// compared by their code points, as RFC 8259 (8.3) does: U+2000 and U+2002 are two keys,
    /// although Swift's `String` takes them as equal (canonical equivalence).
    static func repeatedTopLevelKey(in data: Data) -> String? {
        let bytes = [UInt8](data)
        var depth = 0
        var index = 0
        var seen = Set<[Unicode.Scalar]>()
        /// Whether the next string at depth 1 is a key (after `{` or `,`), not a value.
        var expectsKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = endOfString(bytes, from: index)
                if depth == 1, expectsKey {
                    guard let key = decodedString(bytes[index..<end]) else { return nil }
                    if !seen.insert(Array(key.unicodeScalars)).inserted { return key }
                    expectsKey = false
                }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0, byte == UInt8(ascii: "[") { return nil }
                depth += 1
                expectsKey = depth == 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                expectsKey = depth == 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index just past the string that opens at `start` (its closing quote included), or the
    /// end of `bytes` when it never closes.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The string a quoted JSON string stands for; `nil` when it is not one.
    private static func decodedString(_ quoted: ArraySlice<UInt8>) -> String? {
        try? JSONDecoder().decode(String.self, from: Data(quoted))
    }
}
