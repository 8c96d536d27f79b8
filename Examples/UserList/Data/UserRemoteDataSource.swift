public import MVVMData

/// The demo API's users endpoints.
public struct UserRemoteDataSource: RemoteDataSource {
    /// The client, with the server's base URL.
    public let client: APIClient

    /// A data source sending through `client`.
    public init(client: APIClient) {
        self.client = client
    }

    func users(page: Int, size: Int, query: String, filter: UserFilter) async throws(APIError) -> UserPageDTO {
        try await fetch(.get("/api/users", query: [
            "page": "\(page)", "size": "\(size)",
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

    func setActive(_ isActive: Bool, userID: Int) async throws(APIError) -> UserDTO {
        try await fetch(.patch("/api/users/\(userID)", body: ActivityChangeDTO(isActive: isActive)))
    }

    func delete(userID: Int) async throws(APIError) {
        try await fetch(Endpoint<Void>.delete("/api/users/\(userID)"))
    }
}
