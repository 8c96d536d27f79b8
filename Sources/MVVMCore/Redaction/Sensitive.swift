/// A value that must never be printed: a password, a token. Mark the state's property and every
/// way of printing the state shows `<redacted>` instead: `description`, `debugDescription`,
/// `dump`, string interpolation, `Mirror`, `ViewModelTester`'s failure diffs (through
/// swift-custom-dump), and the state-change log.
///
/// ```swift
/// struct SignInState: Equatable, Sendable {
///     var loginID = ""
///     @Sensitive var password = ""
/// }
/// ```
///
/// The value itself is unchanged: comparing, hashing, encoding and decoding use it, so a test
/// still fails when a password differs; its message only says that a redacted field differs.
/// `SensitiveTests` show the password appearing in none of those outputs.
@propertyWrapper
public struct Sensitive<Value> {
    /// The value, for code to use; never for printing.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// What every printed form of a sensitive value shows.
    public static var redacted: String { "<redacted>" }
}

extension Sensitive: Equatable where Value: Equatable {}
extension Sensitive: Hashable where Value: Hashable {}
extension Sensitive: Sendable where Value: Sendable {}

extension Sensitive: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `<redacted>`.
    public var description: String { Self.redacted }
    /// `<redacted>`.
    public var debugDescription: String { Self.redacted }
    /// A mirror with no children, so that reflection (`dump`, `Mirror`) never reaches the value.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension Sensitive: Encodable where Value: Encodable {
    /// Encodes the value itself (a request body needs the password).
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension Sensitive: Decodable where Value: Decodable {
    /// Decodes the value itself.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try Value(from: decoder))
    }
}
