public import MVVMData

/// Sends registrations to the demo server's API.
public struct RegistrationRemoteDataSource: RemoteDataSource {
    /// The client, with the server's base URL.
    public let client: APIClient

    /// A data source sending through `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// `POST /api/registrations`. Never retried: a POST is not idempotent.
    func register(_ body: RegistrationRequestBody) async throws(APIError) -> RegistrationDTO {
        try await fetch(.post("/api/registrations", body: body))
    }
}
