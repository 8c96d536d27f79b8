public import MVVMData

/// Reads forecasts from any server that speaks the public livedoor-compatible API's format: the
/// demo server, or `https://weather.tsukumijima.net`.
public struct ForecastRemoteDataSource: RemoteDataSource {
    /// The client, with the server's base URL.
    public let client: APIClient

    /// A data source sending through `client`.
    public init(client: APIClient) {
        self.client = client
    }

    func forecast(cityCode: String) async throws(APIError) -> ForecastDTO {
        try await fetch(.get("/api/forecast/city/\(cityCode)"))
    }
}
