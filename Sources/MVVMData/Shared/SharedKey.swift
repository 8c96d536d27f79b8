/// A value screens share that survives the process (``SharedValues``): its name, which names its
/// file, and the value before anything was saved.
///
/// ```swift
/// extension SharedKey<String> {
///     static let userSearch = SharedKey("user-search", default: "")
/// }
/// ```
///
/// Never put a secret in one: a shared value is written to disk as it is. Leave a password out
/// of a draft's `Codable` shape (`RegistrationDraft` in the demo).
public struct SharedKey<Value: Codable & Sendable & Equatable>: Sendable {
    /// The name, which names its file: letters, digits, `-`, `_` and `.` keep the file's name
    /// readable (`user-search.json`); any other name gets a file name of its own, never a path.
    package let name: String
    /// The value until one is saved, and when the saved one cannot be read.
    package let defaultValue: Value

    /// A key named `name` whose value starts as `defaultValue`.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }

    /// The file name the value is saved under: `name` itself when it is made of letters, digits,
    /// `-`, `_` and `.` (not starting with `.`, at most 100 of them); else those characters of it
    /// and a hash of the whole name, so two names never share a file and none is a path.
    var fileName: String {
        let scalars = name.unicodeScalars
        func isPlain(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": true
            default: false
            }
        }
        if !name.isEmpty, !name.hasPrefix("."), scalars.count <= 100, scalars.allSatisfy(isPlain) { return name + ".json" }
        // FNV-1a over the UTF-8 bytes: stable across runs and platforms (`hashValue` is not).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let readable = String(String.UnicodeScalarView(scalars.filter(isPlain).prefix(60)))
        let hex = String(hash, radix: 16)
        return "_" + readable.replacingOccurrences(of: ".", with: "_") + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }
}
