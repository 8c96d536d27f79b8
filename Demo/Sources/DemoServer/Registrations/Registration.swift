/// A registration as the API answers it: `{"loginID": "...", "registeredAt": "..."}`.
struct Registration: Encodable, Sendable, Equatable {
    /// The login id as registered: the one sent, without surrounding whitespace.
    let loginID: String
    /// When it was registered, in ISO 8601 on the demo's deterministic clock (see
    /// ``RegistrationStore``).
    let registeredAt: String
}
