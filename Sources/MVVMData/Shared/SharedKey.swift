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
    /// The name: letters, digits, `-`, `_` and `.`, not starting with `.`; anything else is
    /// replaced by `_` in the file's name.
    public let name: String
    /// The value until one is saved, and when the saved one cannot be read.
    public let defaultValue: Value

    /// A key named `name` whose value starts as `defaultValue`.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }

    /// The file name the value is saved under: `name` with any other character replaced, never
    /// empty, never hidden, never a path.
    var fileName: String {
        var safe = String(name.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": Character(scalar)
            default: "_"
            }
        })
        if safe.isEmpty || safe.hasPrefix(".") { safe = "_" + safe }
        return String(safe.prefix(200)) + ".json"
    }
}
