import Foundation
import Hummingbird
import NIOCore

/// The `/api/registrations` route: `POST` registers a login id.
///
/// Answers 201 with the registration (an account that signs in at `POST /api/sessions`), 409
/// `id_taken` when the id is taken, 400 `invalid_body` for a body that is not the expected JSON,
/// and 422 `invalid_parameter` for a blank login id or a password shorter than 8 characters.
/// Nothing about the request is logged here; the password is kept only as a salted bcrypt hash,
/// never logged or echoed.
struct RegistrationRoutes: Sendable {
    let store: RegistrationStore

    /// Adds the route to `group`, which is mounted at `/api/registrations`.
    func register(on group: RouterGroup<DemoRequestContext>) {
        group.post { request, _ in
            var request = request
            let bytes = try await request.collectBody(atMost: RegistrationBody.maximumBodySize)
            let body = try RegistrationBody.decode(Data(bytes.readableBytesView))
            let loginID = try body.validatedLoginID()
            guard let registration = try await store.register(loginID: loginID, password: body.password) else {
                throw APIError.idTaken("This login id is already taken; choose another one.")
            }
            return JSONResponse.encoding(registration, status: 201)
        }
    }
}
