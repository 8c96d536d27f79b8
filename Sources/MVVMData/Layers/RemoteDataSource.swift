/// A data source that reads DTOs from an API: the DataSource layer, between ``APIClient`` and a
/// Repository.
///
/// Conform a struct holding a client, and declare one method per operation; ``fetch(_:)``
/// sends an endpoint and decodes its DTO.
///
/// ```swift
/// struct ForecastRemoteDataSource: RemoteDataSource {
///     let client: APIClient
///
///     func forecast(city: String) async throws(APIError) -> ForecastDTO {
///         try await fetch(.get("/api/forecast/city/\(city)"))
///     }
/// }
/// ```
public protocol RemoteDataSource: Sendable {
    /// The client the data source sends through.
    var client: APIClient { get }
}

extension RemoteDataSource {
    /// Sends `endpoint` and returns its decoded DTO.
    public func fetch<DTO>(_ endpoint: Endpoint<DTO>) async throws(APIError) -> DTO {
        try await client.send(endpoint)
    }
}
