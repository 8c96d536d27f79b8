/// A completed registration.
public struct Registration: Hashable, Sendable {
    /// The login id as the server registered it.
    public var loginID: String
    /// When the server registered it, as the server formats it (ISO 8601).
    public var registeredAt: String

    /// Creates a registration.
    public init(loginID: String, registeredAt: String) {
        self.loginID = loginID
        self.registeredAt = registeredAt
    }
}
