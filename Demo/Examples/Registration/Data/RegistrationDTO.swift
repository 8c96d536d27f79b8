/// The answer of `POST /api/registrations` (201): `{"loginID": "...", "registeredAt": "..."}`.
struct RegistrationDTO: Decodable, Sendable {
    var loginID: String
    var registeredAt: String
}
