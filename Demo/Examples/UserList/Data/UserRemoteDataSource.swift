public import MVVMData

/// The demo API's users endpoints.
public struct UserRemoteDataSource: RemoteDataSource {
    /// The client, with the server's base URL.
    public let client: APIClient

    /// A data source sending through `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// `GET /api/users`: the page after `cursor` (the first page when `nil`), keyset-paged, so
    /// that rows deleted or inserted meanwhile never make a row skipped or shown twice.
    func users(after cursor: String?, size: Int, query: String, filter: UserFilter) async throws(APIError) -> UserPageDTO {
        try await fetch(.get("/api/users", query: [
            "cursor": cursor, "size": "\(size)",
            "q": query.isEmpty ? nil : query,
            "status": filter == .all ? nil : filter.rawValue,
        ]))
    }

    func user(id: Int) async throws(APIError) -> UserDTO {
        try await fetch(.get("/api/users/\(id)"))
    }

    func stats() async throws(APIError) -> UserStatsDTO {
        try await fetch(.get("/api/users/stats"))
    }

    /// `PATCH /api/users/{id}`; a retry with the same `idempotencyKey` is not applied twice.
    func setActive(_ isActive: Bool, userID: Int, idempotencyKey: String) async throws(APIError) -> UserDTO {
        var endpoint = Endpoint<UserDTO>.patch("/api/users/\(userID)", body: ActivityChangeDTO(isActive: isActive))
        endpoint.headers["Idempotency-Key"] = idempotencyKey
        return try await fetch(endpoint)
    }

    /// `DELETE /api/users/{id}`; a retry with the same `idempotencyKey` answers 204 again.
    func delete(userID: Int, idempotencyKey: String) async throws(APIError) {
        var endpoint = Endpoint<Void>.delete("/api/users/\(userID)")
        endpoint.headers["Idempotency-Key"] = idempotencyKey
        try await fetch(endpoint)
    }
}
